// Messages between the processes of a cluster, over Redis pub/sub (ioredis): requests to one process with a reply
// (a forwarded command, a snapshot), each table's broadcasts to the processes whose sockets watch it, and the
// cluster's own chatter (heartbeats, lobby, hand-overs). Redis keeps nothing here: the truth is PostgreSQL's, and
// whatever a Redis outage loses, the processes recover from it (timeouts, retries, catch-up snapshots).

import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { TableId } from '@razzia/protocol';
import type { NodeId } from '../store/leases.ts';

const PREFIX = 'razzia:';
const nodeChannel = (node: NodeId) => `${PREFIX}n:${node}`;
const tableChannel = (table: TableId) => `${PREFIX}t:${table}`;
const CLUSTER_CHANNEL = `${PREFIX}cluster`;

/** A request could not be answered: `gone` (nobody listens on that process's channel), `timeout` (no reply in
 * time: the process is dead, stalled or slow), or `offline` (our own link to Redis is down: nothing was sent, and
 * nothing is learned about the process). */
export class Unanswered extends Error {
  constructor(
    readonly why: 'gone' | 'timeout' | 'offline',
    message: string,
  ) {
    super(message);
    this.name = 'Unanswered';
  }
}

type Envelope =
  | { readonly k: 'req'; readonly id: string; readonly from: NodeId; readonly body: unknown }
  | { readonly k: 'res'; readonly id: string; readonly body: unknown }
  | { readonly k: 'msg'; readonly from: NodeId; readonly body: unknown };

export interface BusHandlers {
  request(body: unknown, from: NodeId): Promise<unknown>;
  table(table: TableId, body: unknown, from: NodeId): void;
  cluster(body: unknown, from: NodeId): void;
  /** Redis came back after an outage: messages may have been lost meanwhile. */
  reconnected(): void;
}

export class Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly waiting = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  /** Tables followed, with how many reasons (the gateway follows each once; kept as a count for safety). */
  private readonly followed = new Map<TableId, number>();
  private handlers: BusHandlers | null = null;
  private readyOnce = false;
  /** Since when (performance.now()) both links to Redis are up; null while either is down. */
  private upSince: number | null = null;
  private readonly up = { pub: false, sub: false };
  private waitingForRedis: (() => void)[] = [];
  /** Messages that could not be published during the current outage (told once, counted). */
  private dropped = 0;

  constructor(
    url: string,
    readonly node: NodeId,
    private readonly log: (fields: Record<string, unknown>, message: string) => void,
  ) {
    const options = { lazyConnect: true, maxRetriesPerRequest: null, retryStrategy: (n: number) => Math.min(50 * n, 1000) };
    // Publishing fails at once while Redis is away (no late duplicates of timed-out requests); callers retry.
    this.pub = new Redis(url, { ...options, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    this.sub = new Redis(url, options);
    for (const [name, client] of [['pub', this.pub], ['sub', this.sub]] as const) {
      client.on('error', (e: Error) => this.log({ redis: name, err: e.message }, 'redis error'));
      client.on('ready', () => this.linked(name, true));
      client.on('close', () => this.linked(name, false));
    }
    this.sub.on('messageBuffer', (channel: Buffer, message: Buffer) => this.received(channel.toString(), message.toString()));
    this.sub.on('ready', () => {
      if (this.readyOnce) {
        this.log({ dropped: this.dropped }, 'redis is back');
        this.dropped = 0;
        this.handlers?.reconnected();
      }
      this.readyOnce = true;
    });
  }

  private linked(name: 'pub' | 'sub', up: boolean): void {
    this.up[name] = up;
    const both = this.up.pub && this.up.sub;
    if (!both) return void (this.upSince = null);
    if (this.upSince !== null) return;
    this.upSince = performance.now();
    for (const wake of this.waitingForRedis.splice(0)) wake();
  }

  /** Since when (performance.now()) this process has heard the cluster without a break; null while Redis is away. */
  get listeningSince(): number | null {
    return this.upSince;
  }

  /** Resolves when Redis is reachable again (at once if it is), or after `ms` at most. */
  reachable(ms: number): Promise<void> {
    if (this.upSince !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.waitingForRedis.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async start(handlers: BusHandlers): Promise<void> {
    this.handlers = handlers;
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    await this.sub.subscribe(nodeChannel(this.node), CLUSTER_CHANNEL);
  }

  private received(channel: string, raw: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    const handlers = this.handlers;
    if (!handlers) return;
    if (envelope.k === 'res') {
      const waiter = this.waiting.get(envelope.id);
      if (!waiter) return; // answered too late: the caller has moved on
      this.waiting.delete(envelope.id);
      clearTimeout(waiter.timer);
      waiter.resolve(envelope.body);
      return;
    }
    if (envelope.k === 'req') {
      const { id, from } = envelope;
      handlers.request(envelope.body, from).then(
        (body) => this.publish(nodeChannel(from), { k: 'res', id, body }),
        (e: unknown) => this.log({ err: e instanceof Error ? e.stack : String(e) }, 'request failed'),
      );
      return;
    }
    if (envelope.from === this.node) return; // our own broadcasts were delivered here directly
    if (channel === CLUSTER_CHANNEL) handlers.cluster(envelope.body, envelope.from);
    else if (channel.startsWith(`${PREFIX}t:`)) handlers.table(channel.slice(PREFIX.length + 2) as TableId, envelope.body, envelope.from);
  }

  private publish(channel: string, envelope: Envelope): void {
    this.pub.publish(channel, JSON.stringify(envelope)).catch((e: unknown) => {
      // Once per outage, not once per message: under load that was thousands of lines a second.
      if (this.dropped++ === 0) this.log({ channel, err: e instanceof Error ? e.message : String(e) }, 'publish failed: messages are dropped until redis is back');
    });
  }

  /** Sends a request to a process and waits for its reply (at most `timeoutMs`). */
  request(node: NodeId, body: unknown, timeoutMs: number): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      if (this.upSince === null) return reject(new Unanswered('offline', `redis is away: ${node} cannot be asked now`));
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Unanswered('timeout', `no answer from ${node} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(id, { resolve, reject, timer });
      const envelope: Envelope = { k: 'req', id, from: this.node, body };
      this.pub.publish(nodeChannel(node), JSON.stringify(envelope)).then(
        (receivers) => {
          // Nobody subscribes to that process's channel: it is gone.
          if (receivers === 0 && this.waiting.delete(id)) {
            clearTimeout(timer);
            reject(new Unanswered('gone', `${node} is not listening`));
          }
        },
        (e: unknown) => {
          if (!this.waiting.delete(id)) return;
          clearTimeout(timer);
          reject(new Unanswered('offline', `could not reach ${node}: ${e instanceof Error ? e.message : String(e)}`));
        },
      );
    });
  }

  /** To every process that follows the table. */
  toTable(table: TableId, body: unknown): void {
    this.publish(tableChannel(table), { k: 'msg', from: this.node, body });
  }

  toCluster(body: unknown): void {
    this.publish(CLUSTER_CHANNEL, { k: 'msg', from: this.node, body });
  }

  /** Starts receiving a table's broadcasts; resolves once Redis confirmed the subscription. */
  async follow(table: TableId): Promise<void> {
    const n = this.followed.get(table) ?? 0;
    this.followed.set(table, n + 1);
    // Not longer than a request: with Redis away the socket is served anyway and catches up when it is back.
    if (n === 0) await Promise.race([this.sub.subscribe(tableChannel(table)).catch(() => undefined), new Promise((r) => setTimeout(r, 2_000).unref())]);
  }

  unfollow(table: TableId): void {
    const n = (this.followed.get(table) ?? 0) - 1;
    if (n > 0) return void this.followed.set(table, n);
    this.followed.delete(table);
    void this.sub.unsubscribe(tableChannel(table)).catch(() => undefined);
  }

  async close(): Promise<void> {
    for (const w of this.waiting.values()) {
      clearTimeout(w.timer);
      w.reject(new Unanswered('offline', 'closing'));
    }
    for (const wake of this.waitingForRedis.splice(0)) wake();
    this.waiting.clear();
    this.sub.disconnect();
    // QUIT goes after what is already sent (a goodbye), then the connection closes.
    await Promise.race([this.pub.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 1_000).unref())]);
    this.pub.disconnect();
  }
}
