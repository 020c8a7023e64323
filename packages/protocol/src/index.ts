// @razzia/protocol: the single wire contract between the server and every client.

export * from './ids.ts';
export * from './table.ts';
export * from './messages.ts';
export type { DeepReadonly } from './readonly.ts';
