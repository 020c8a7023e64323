// A thinking pool the test holds in its hand: every request waits until the test answers (or fails) it, so tests
// put the server exactly where they want it — a bot mid-think, a hint on its way — without sleeping or timing.

import type { ThinkRequest, Thinking } from '../../src/tables/host.ts';

export interface Held<T> {
  readonly request: ThinkRequest;
  readonly answer: (value: T) => void;
  readonly fail: (error: Error) => void;
}

type HintAnswer = { readonly action: unknown; readonly winChance: number };

export class HeldThinking implements Thinking {
  readonly thinks: Held<unknown>[] = [];
  readonly hints: Held<HintAnswer>[] = [];
  /** Every request asked, in order, with its kind. */
  readonly asked: { kind: 'think' | 'hint'; request: ThinkRequest }[] = [];
  private waiters: { kind: 'think' | 'hint'; resolve: (h: Held<never>) => void }[] = [];

  think(request: ThinkRequest): Promise<unknown> {
    return this.hold('think', request, this.thinks);
  }

  hint(request: ThinkRequest): Promise<HintAnswer> {
    return this.hold('hint', request, this.hints);
  }

  private hold<T>(kind: 'think' | 'hint', request: ThinkRequest, list: Held<T>[]): Promise<T> {
    this.asked.push({ kind, request });
    return new Promise<T>((resolve, reject) => {
      const held: Held<T> = { request, answer: resolve, fail: reject };
      const waiter = this.waiters.find((w) => w.kind === kind);
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(held as Held<never>);
      } else list.push(held);
    });
  }

  /** The oldest request of `kind` not yet taken, now or when it comes. */
  next(kind: 'think'): Promise<Held<unknown>>;
  next(kind: 'hint'): Promise<Held<HintAnswer>>;
  next(kind: 'think' | 'hint'): Promise<Held<unknown>> {
    const list = (kind === 'think' ? this.thinks : this.hints) as Held<unknown>[];
    const first = list.shift();
    if (first) return Promise.resolve(first);
    return new Promise((resolve) => this.waiters.push({ kind, resolve: resolve as (h: Held<never>) => void }));
  }
}
