// The command line: `robbery replay FILE` and `robbery play --players N …`, the platform's CLI for Robbery.

import { runCli } from '@razzia/contract/cli';
import { robbery } from './game.ts';

process.exitCode = runCli(robbery, { command: 'robbery' }, process.argv.slice(2));
