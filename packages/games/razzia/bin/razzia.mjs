#!/usr/bin/env node
// `pnpm razzia …` from the repo root: runs the engine's CLI from its TypeScript source (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
