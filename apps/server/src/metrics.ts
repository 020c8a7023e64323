// Prometheus metrics of one process (GET /metrics, text format): tables it owns, open sockets, actions and their
// latency (decide → durable append → published), lease takeovers and refused stale appends, and the event loop's
// delay between two scrapes. A registry per server, so servers started side by side in one process (tests) keep
// their own counts.

import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export class Metrics {
  readonly registry = new Registry();
  readonly actions: Counter;
  readonly actionSeconds: Histogram;
  readonly takeovers: Counter;
  readonly fenced: Counter;
  readonly forwarded: Counter;
  readonly leasesLost: Counter;
  /** Sampled every millisecond; emptied at each scrape. */
  private readonly loop: IntervalHistogram;

  constructor(sources: {
    tables: () => { live: number; finished: number };
    sockets: () => number;
    /** Which release this process is: the labels of `razzia_build_info`. */
    build: { version: string; commit: string; protocol: string; schema: string };
  }) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'razzia_' });
    // The Prometheus convention for a build: a gauge of 1 whose labels say which (during a rolling upgrade, a query by
    // `version` shows how far it got).
    new Gauge({ name: 'razzia_build_info', help: 'Which release this process runs: version, commit, newest protocol spoken, database schema level', labelNames: ['version', 'commit', 'protocol', 'schema'], registers }).set(sources.build, 1);
    new Gauge({ name: 'razzia_tables', help: 'Live tables (waiting or playing) this process hosts (owns, in a cluster)', registers, collect() { this.set(sources.tables().live); } });
    new Gauge({
      name: 'razzia_tables_finished',
      help: 'Finished tables this process still hosts because someone watches them (chat, rematch); unloaded once nobody does',
      registers,
      collect() {
        this.set(sources.tables().finished);
      },
    });
    new Gauge({ name: 'razzia_sockets', help: 'Open socket.io connections of this process', registers, collect() { this.set(sources.sockets()); } });
    this.actions = new Counter({ name: 'razzia_actions_total', help: 'Decisions applied here (by players, bots and clocks)', registers });
    this.actionSeconds = new Histogram({
      name: 'razzia_action_latency_seconds',
      help: 'From a decision received by its table to its change stored and published',
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    });
    this.takeovers = new Counter({ name: 'razzia_lease_takeovers_total', help: 'Tables taken over from another process (it died, stalled or drained)', registers });
    this.leasesLost = new Counter({ name: 'razzia_leases_lost_total', help: 'Tables this process found taken over by another', registers });
    this.fenced = new Counter({ name: 'razzia_fenced_appends_total', help: 'Appends refused because another process holds the table now', registers });
    this.forwarded = new Counter({ name: 'razzia_forwarded_total', help: 'Requests forwarded to the owner of a table in another process', registers });
    // prom-client's own event loop lag (razzia_nodejs_eventloop_lag_*) samples every 10 ms over the process's whole
    // life; this one samples every millisecond and covers the time since the previous scrape, so whoever scrapes
    // (bench:bots) reads the delay of exactly the window it measures. A value includes the 1 ms sampling interval.
    const loop = (this.loop = monitorEventLoopDelay({ resolution: 1 }));
    loop.enable();
    new Gauge({
      name: 'razzia_event_loop_delay_seconds',
      help: 'Event loop delay since the previous scrape (p50, p99, max; sampled every 1 ms, the interval included)',
      labelNames: ['quantile'],
      registers,
      collect() {
        const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
        this.set({ quantile: '0.5' }, seconds(loop.percentile(50)));
        this.set({ quantile: '0.99' }, seconds(loop.percentile(99)));
        this.set({ quantile: '1' }, seconds(loop.max));
        loop.reset();
      },
    });
  }

  /** Stops sampling the event loop (the server stopped). */
  close(): void {
    this.loop.disable();
  }

  /** A command that changed a table, with its time from start to published. */
  observe(command: string, ms: number): void {
    if (command !== 'act' && command !== 'wake' && command !== 'bot-move') return;
    this.actions.inc();
    this.actionSeconds.observe(ms / 1000);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
