// The engine's command line: `razzia replay FILE` and `razzia play --players N …`, the platform's CLI for Razzia!.

import { runCli } from '@razzia/contract/cli';
import { razzia } from '../game.ts';
import { actionOf } from '../record.ts';

process.exitCode = runCli(razzia, { command: 'razzia', showMove: (move) => actionOf(move as never) }, process.argv.slice(2));
