// Thinking off the event loop: a pool of worker threads that searching bots think in, so a server that seats
// them keeps answering its players while they think. One decision per worker at a time, first come first
// served, except that a player's hint goes before every bot decision still queued (a person is waiting; a bot
// waits one hint longer). Each decision's clock budget counts from when it was asked for, so time spent queueing
// behind other tables' bots is time the bot does not get to think (down to a floor), and a busy server's bots
// answer in time.
//
// Node only (worker_threads); from source the threads start through boot.mjs, which loads TypeScript with tsx.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Seat } from '@razzia/contract/game';
import { Rng } from '@razzia/contract/random';
import { choose, levelById, type LevelId } from './levels.ts';
import { gameById } from './registry.ts';
import type { WorkerReply, WorkerTask } from './worker.ts';

/** One decision for a bot seat: what a bot is given, which game and level, a seed and a clock budget. */
export interface ThinkRequest {
  readonly gameId: string;
  readonly level: LevelId;
  readonly view: unknown;
  readonly seat: Seat;
  readonly legal: readonly unknown[];
  /** The same seed and no binding clock give the same decision. */
  readonly seed: string;
  /** The most the decision may take, queueing included; the level's own ceiling applies too. None: the level's. */
  readonly budgetMs?: number;
}

export interface ThinkingPoolOptions {
  /** Worker threads (default: one fewer than the machine's cores, at least one). */
  readonly size?: number;
  /** However long a decision queued, it still gets this long to think (default 20 ms). */
  readonly minThinkMs?: number;
}

/** A hint for a player: what `request.level` would decide in their seat, and its estimate of their chance to win. */
export interface HintAnswer<A> {
  readonly action: A;
  readonly winChance: number;
}

export interface ThinkingPool {
  readonly size: number;
  /** One of `request.legal`. Levels without search (random, greedy) and forced choices answer at once, here. */
  think<A>(request: ThinkRequest): Promise<A>;
  /** A player's hint (`hint()` of the analysis, in a worker): a searching level, queued after the hints already
   * waiting and before every bot decision. */
  hint<A>(request: ThinkRequest): Promise<HintAnswer<A>>;
  /** Decisions waiting for a worker, and being thought about. */
  readonly load: { readonly queued: number; readonly thinking: number };
  /** Stops every worker; decisions not yet answered are refused. */
  close(): Promise<void>;
}

export const defaultPoolSize = (): number => Math.max(1, availableParallelism() - 1);

// From source this module is pool.ts and the worker is worker.ts beside it. In the server's production bundle
// (apps/server/scripts/build.mjs) this code runs inside main.js, and the worker is built beside it as worker.js.
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);
const BOOT_URL = new URL('./boot.mjs', import.meta.url);

/** A worker thread running the module at `entry`: TypeScript through boot.mjs (and tsx), JavaScript as it is. */
export function startWorker(entry: URL): Worker {
  return entry.pathname.endsWith('.ts') ? new Worker(BOOT_URL, { workerData: { entry: entry.href } }) : new Worker(entry);
}

interface Task {
  readonly id: number;
  readonly kind: WorkerTask['kind'];
  readonly request: ThinkRequest;
  readonly askedAt: number;
  readonly resolve: (action: unknown) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

export function createThinkingPool(options: ThinkingPoolOptions = {}): ThinkingPool {
  const size = Math.max(1, Math.floor(options.size ?? defaultPoolSize()));
  const minThinkMs = options.minThinkMs ?? 20;
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const slot: Slot = { worker: startWorker(WORKER_URL), task: null };
    slot.worker.unref(); // an idle pool never keeps the process alive
    slot.worker.on('message', (reply: WorkerReply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      finish(slot);
      if (reply.ok) task.resolve(reply.action);
      else task.reject(new Error(`a thinking worker failed: ${reply.error}`));
      dispatch();
    });
    const lost = (why: string) => {
      const task = slot.task;
      if (closed) return;
      // Replace the worker; its decision is refused (the caller falls back, e.g. to the greedy bot).
      const index = slots.indexOf(slot);
      if (index >= 0) slots[index] = spawn();
      task?.reject(new Error(`a thinking worker stopped: ${why}`));
      dispatch();
    };
    slot.worker.on('error', (e) => lost(e.message));
    slot.worker.on('exit', (code) => lost(`exit code ${code}`));
    return slot;
  };

  const finish = (slot: Slot) => {
    slot.task = null;
    slot.worker.unref();
  };

  const slots: Slot[] = Array.from({ length: size }, spawn);

  const enqueue = <R>(kind: Task['kind'], request: ThinkRequest): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      const task: Task = { id: nextId++, kind, request, askedAt: performance.now(), resolve: resolve as (a: unknown) => void, reject };
      const firstDecision = kind === 'hint' ? queue.findIndex((t) => t.kind !== 'hint') : -1;
      if (firstDecision < 0) queue.push(task);
      else queue.splice(firstDecision, 0, task);
      dispatch();
    });

  const dispatch = () => {
    for (const slot of slots) {
      if (slot.task || queue.length === 0) continue;
      const task = queue.shift() as Task;
      slot.task = task;
      slot.worker.ref();
      const { budgetMs } = task.request;
      const timeMs = budgetMs === undefined ? undefined : Math.max(minThinkMs, budgetMs - (performance.now() - task.askedAt));
      const message: WorkerTask = { id: task.id, kind: task.kind, request: task.request, timeMs };
      slot.worker.postMessage(message);
    }
  };

  return {
    size,
    get load() {
      return { queued: queue.length, thinking: slots.filter((s) => s.task).length };
    },
    think<A>(request: ThinkRequest): Promise<A> {
      if (closed) return Promise.reject(new Error('the thinking pool is closed'));
      const level = levelById(request.level);
      if (!level) return Promise.reject(new Error(`no bot level ${JSON.stringify(request.level)}`));
      if (request.legal.length === 1) return Promise.resolve(request.legal[0] as A);
      if (!level.search) {
        // The game's own bots decide in microseconds: no worker, no queue.
        try {
          const rng = Rng.fromSeed(request.seed);
          const input = { view: request.view, seat: request.seat, legal: request.legal };
          return Promise.resolve(choose(gameById(request.gameId), request.level, input, () => rng.next()) as A);
        } catch (e) {
          return Promise.reject(e);
        }
      }
      return enqueue<A>('think', request);
    },
    hint<A>(request: ThinkRequest): Promise<HintAnswer<A>> {
      if (closed) return Promise.reject(new Error('the thinking pool is closed'));
      if (!levelById(request.level)?.search) return Promise.reject(new Error(`a hint needs a searching level, not ${JSON.stringify(request.level)}`));
      if (request.legal.length === 0) return Promise.reject(new Error(`seat ${request.seat} has nothing to decide`));
      return enqueue<HintAnswer<A>>('hint', request);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('the thinking pool closed'));
      await Promise.all(
        slots.map(async (slot) => {
          slot.task?.reject(new Error('the thinking pool closed'));
          await slot.worker.terminate();
        }),
      );
    },
  };
}
