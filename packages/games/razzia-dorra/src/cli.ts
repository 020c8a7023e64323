// The command line: `razzia-dorra replay FILE` and `razzia-dorra play --players N …` (the platform's generic CLI).

import { runCli } from '@razzia/contract/cli';
import { razziaDorra } from './game.ts';

process.exitCode = runCli(razziaDorra, { command: 'razzia-dorra' }, process.argv.slice(2));
