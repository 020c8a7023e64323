#!/usr/bin/env node
// `pnpm razzia-dorra …` from the repo root: runs this game's CLI from its TypeScript source (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
