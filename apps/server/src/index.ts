// @razzia/server: the programmatic entry (tests and benchmarks start servers in-process with it).

export { startServer, type RunningServer, type ServerOptions } from './app.ts';
export { realClock, type Clock } from './tables/clock.ts';
export { SqliteStore } from './store/sqlite.ts';
export type { Store } from './store/store.ts';
