// A token bucket per socket: `burst` messages at once, refilled at `perSecond`.

export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

/** Generous for any person and any fair bot (a seat acts at most once per move), tight for a flood. */
export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 50, burst: 100 };

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens--;
    return true;
  }

  /** Gives back a token taken for something that did not happen after all. */
  giveBack(): void {
    this.tokens = Math.min(this.burst, this.tokens + 1);
  }
}
