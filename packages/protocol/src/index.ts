// @razzia/protocol: the single wire contract between the server and every client, for every game.

export * from './device-code.ts';
export * from './ids.ts';
export * from './names.ts';
export * from './patch.ts';
export * from './table.ts';
export * from './messages.ts';
export * from './push.ts';
export type { DeepReadonly } from './readonly.ts';
