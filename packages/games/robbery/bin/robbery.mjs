#!/usr/bin/env node
// `pnpm robbery …` from the repo root: runs this game's CLI from its TypeScript source (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
