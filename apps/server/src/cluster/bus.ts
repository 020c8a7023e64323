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

/** A request could not be answered in time (the process is gone, stalled, or Redis is away). */
export class Unanswered extends Error {
  constructor(message: string) {
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

  constructor(
    url: string,
    readonly node: NodeId,
    private readonly log: (fields: Record<string, unknown>, message: string) => void,
  ) {
    const options = { lazyConnect: true, maxRetriesPerRequest: null, retryStrategy: (n: number) => Math.min(50 * n, 1000) };
    // Publishing fails at once while Redis is away (no late duplicates of timed-out requests); callers retry.
    this.pub = new Redis(url, { ...options, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    this.sub = new Redis(url, options);
    for (const [name, client] of [['pub', this.pub], ['sub', this.sub]] as const)
      client.on('error', (e: Error) => this.log({ redis: name, err: e.message }, 'redis error'));
    this.sub.on('messageBuffer', (channel: Buffer, message: Buffer) => this.received(channel.toString(), message.toString()));
    this.sub.on('ready', () => {
      if (this.readyOnce) {
        this.log({}, 'redis is back');
        this.handlers?.reconnected();
      }
      this.readyOnce = true;
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
      this.log({ channel, err: e instanceof Error ? e.message : String(e) }, 'publish failed');
    });
  }

  /** Sends a request to a process and waits for its reply (at most `timeoutMs`). */
  request(node: NodeId, body: unknown, timeoutMs: number): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Unanswered(`no answer from ${node} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(id, { resolve, reject, timer });
      const envelope: Envelope = { k: 'req', id, from: this.node, body };
      this.pub.publish(nodeChannel(node), JSON.stringify(envelope)).then(
        (receivers) => {
          // Nobody subscribes to that process's channel: it is gone.
          if (receivers === 0 && this.waiting.delete(id)) {
            clearTimeout(timer);
            reject(new Unanswered(`${node} is not listening`));
          }
        },
        (e: unknown) => {
          if (!this.waiting.delete(id)) return;
          clearTimeout(timer);
          reject(new Unanswered(`could not reach ${node}: ${e instanceof Error ? e.message : String(e)}`));
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
      w.reject(new Unanswered('closing'));
    }
    this.waiting.clear();
    this.sub.disconnect();
    // QUIT goes after what is already sent (a goodbye), then the connection closes.
    await Promise.race([this.pub.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 1_000).unref())]);
    this.pub.disconnect();
  }
}
