// One process of a cluster: PostgreSQL holds the truth, Redis carries messages. Each table has exactly one owner
// process at a time, holding its lease (store/leases.ts); only the owner decides and appends, under its lease's
// epoch. Any process serves any client: a command for a table owned elsewhere is forwarded to the owner, and the
// owner's broadcasts reach the sockets of every process that follows the table. When an owner dies or stalls,
// its leases lapse and the others take its tables over from the store; a draining owner hands them over. A host
// serves only while its lease is known to run (cluster/ownership.ts), so a process that wakes from a stall lets go
// of what it lost before it answers anything from it.

import { randomUUID } from 'node:crypto';
import type { Viewer } from '@razzia/contract';
import type { LobbyEntry, Snapshot, TableId, TableInfo, TableSettings } from '@razzia/protocol';
import type { GameCatalog } from '../games.ts';
import type { TokenHash } from '../ids.ts';
import type { Metrics } from '../metrics.ts';
import { fail, ok, type Result } from '../result.ts';
import type { NodeId } from '../store/leases.ts';
import type { PostgresStore } from '../store/postgres.ts';
import type { Store } from '../store/store.ts';
import { recordOf, snapshotOf, type GameRecord, type TableAccess } from '../tables/access.ts';
import { REQUEST_MEMORY_MS, type Command } from '../tables/decide.ts';
import type { TableBroadcast, TableHost, TableListener } from '../tables/host.ts';
import type { PresenceCounts } from '../tables/presence.ts';
import type { TableRegistry } from '../tables/registry.ts';
import type { Gateway } from '../socket/gateway.ts';
import { Bus, Unanswered } from './bus.ts';
import { Members } from './members.ts';
import { Ownership } from './ownership.ts';
import { fromWire, toWire, type ClusterMessage, type OwnerReply, type OwnerRequest, type WireBroadcast } from './wire.ts';

export interface ClusterOptions {
  readonly node: NodeId;
  readonly store: PostgresStore;
  readonly redisUrl: string;
  /** How long a lease runs without renewal: the longest a dead owner's tables wait for a new one. */
  readonly leaseMs: number;
  readonly metrics: Metrics;
  readonly log: (level: 'info' | 'warn', fields: Record<string, unknown>, message: string) => void;
}

/** Not found, or moving: the caller asks again where the table is. */
class Retry extends Error {}

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T).catch(() => undefined);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export class Cluster implements TableAccess, TableListener {
  readonly node: NodeId;
  private readonly bus: Bus;
  private registry!: TableRegistry;
  private gateway!: Gateway;
  private readonly members: Members;
  private readonly ownership: Ownership;
  /** Where tables owned elsewhere are, as last learned. */
  private readonly owners = new Map<TableId, NodeId>();
  private readonly adopting = new Map<TableId, Promise<TableHost | null>>();
  /** This process's connections per table, to report to each table's owner (again after a takeover). */
  private readonly localPresence = new Map<TableId, PresenceCounts>();
  private readonly presenceSending = new Map<TableId, Promise<void>>();
  private readonly presenceDirty = new Set<TableId>();
  /** Processes that said goodbye (they never come back under the same name): a report of connections from one of
   * them, arriving late, is not counted. */
  private readonly departed = new Set<NodeId>();
  /** Viewer classes other processes asked snapshots for, per table, until their next presence report (which names
   * the connection): what they follow before that report arrives. */
  private readonly snapshotFor = new Map<TableId, Map<NodeId, Set<Viewer>>>();
  /** Tables taken over from another process, and when: for a lease's time their updates carry every class (the
   * processes that follow them report to this new owner only now). */
  private readonly takenOver = new Map<TableId, number>();
  /** Other processes' public tables. */
  private readonly remoteLobby = new Map<NodeId, readonly LobbyEntry[]>();
  private lobbyTimer: NodeJS.Timeout | null = null;
  /** Orphans seen at the last scan that another process should have taken. */
  private orphansSeen = new Set<TableId>();
  private timers: NodeJS.Timeout[] = [];
  private lastHeartbeat = performance.now();
  private draining = false;
  /** Stopping: nothing more is located, forwarded or taken (the store closes next). */
  private closed = false;
  private readonly requestTimeoutMs: number;
  private readonly heartbeatMs: number;

  constructor(private readonly options: ClusterOptions) {
    this.node = options.node;
    this.bus = new Bus(options.redisUrl, options.node, (fields, message) => options.log('warn', fields, message));
    this.requestTimeoutMs = Math.max(1_000, options.leaseMs);
    this.heartbeatMs = Math.max(200, Math.round(options.leaseMs / 3));
    this.members = new Members(options.node, this.heartbeatMs);
    this.ownership = new Ownership({
      node: options.node,
      store: options.store,
      leaseMs: options.leaseMs,
      lost: (id, epoch) => {
        const host = this.registry.live(id);
        if (host && host.fence === epoch) this.lost(host, 'its lease lapsed');
      },
      stalled: (ms) => this.warn({ ms, leaseMs: options.leaseMs }, 'this process stalled: checking its leases before it serves anything'),
      warn: (fields, message) => this.warn(fields, message),
    });
  }

  get games(): GameCatalog {
    return this.registry.games;
  }

  get store(): Store {
    return this.options.store;
  }

  /** Joins the cluster: listens on Redis, renews its leases, takes over orphaned tables. */
  async start(registry: TableRegistry, gateway: Gateway): Promise<void> {
    this.registry = registry;
    this.gateway = gateway;
    await this.bus.start({
      request: (body, from) => this.answer(body as OwnerRequest, from),
      table: (table, body) => this.heard(table, body as WireBroadcast),
      cluster: (body, from) => this.clusterMessage(body as ClusterMessage, from),
      reconnected: () => void this.recover().catch((e: unknown) => this.warn({ err: String(e) }, 'recovery after redis failed')),
    });
    const every = (ms: number, fn: () => Promise<void> | void) => {
      const timer = setInterval(() => void Promise.resolve(fn()).catch((e: unknown) => this.warn({ err: String(e) }, 'cluster task failed')), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.heartbeatMs, () => this.heartbeat());
    every(Math.max(100, Math.round(this.options.leaseMs / 6)), () => this.scan());
    this.ownership.start();
    this.heartbeat();
    await this.scan();
  }

  private warn(fields: Record<string, unknown>, message: string): void {
    this.options.log('warn', { node: this.node, ...fields }, message);
  }

  private note(fields: Record<string, unknown>, message: string): void {
    this.options.log('info', { node: this.node, ...fields }, message);
  }

  // Where a table is -------------------------------------------------------------------------------------

  /** This process's host of the table, if it has one whose lease is known to run (renewed first if need be: a host
   * whose lease lapsed while the process stalled is let go of here, before it serves anything stale). */
  private async serving(id: TableId): Promise<TableHost | null> {
    const host = this.registry.live(id);
    if (!host || host.gone || host.fence === undefined) return null;
    if (!(await this.ownership.verified(id, host.fence))) return null;
    return host.gone ? null : host;
  }

  /** The table's host here, or the process that owns it; null if there is no such table. Takes the table
   * when nobody holds it. */
  private async locate(id: TableId): Promise<{ host: TableHost } | { node: NodeId } | null> {
    const live = await this.serving(id);
    if (live) return { host: live };
    const adopting = this.adopting.get(id);
    if (adopting) {
      const host = await adopting;
      if (host && !host.gone) return { host };
    }
    const cached = this.owners.get(id);
    if (cached && cached !== this.node && this.members.alive(cached)) return { node: cached };
    const owner = await this.options.store.owner(id);
    if (!owner) return null;
    if (owner.live && owner.node !== null && owner.node !== this.node) {
      this.owners.set(id, owner.node);
      return { node: owner.node };
    }
    if (this.draining) throw new Retry('draining: waiting for another process to take the table');
    const host = await this.adopt(id);
    if (host) return { host };
    throw new Retry('another process took the table first');
  }

  /** Runs an operation where the table is: here, or forwarded to its owner; again elsewhere if it moved. */
  private async via<T>(id: TableId, here: (host: TableHost) => Promise<Result<T>>, request: OwnerRequest): Promise<Result<T>> {
    // Never longer than a table remembers a request (REQUEST_MEMORY_MS): a retry must find its first attempt.
    const deadline = Date.now() + Math.min(4 * this.options.leaseMs + 5_000, REQUEST_MEMORY_MS - 5_000);
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) await delay(Math.min(20 * attempt, 250));
      if (this.closed) return fail('shutting-down', 'this server is stopping: reconnect and try again');
      // A draining process's connections close next, and its goodbye tells every owner so. A report of them still
      // going round (its owner moving) could reach the next owner after that goodbye, and count them there for good.
      if (this.draining && request.op === 'presence') return fail('shutting-down', 'this server is stopping');
      if (Date.now() > deadline) return fail('internal', 'the table is moving between servers: try again');
      let where: Awaited<ReturnType<Cluster['locate']>>;
      try {
        where = await this.locate(id);
      } catch (e) {
        if (!(e instanceof Retry) && !this.closed) this.warn({ table: id, err: e instanceof Error ? e.message : String(e) }, 'cannot locate table');
        continue;
      }
      if (where === null) return fail('no-such-table', `there is no table ${id}`);
      if ('host' in where) {
        const result = await here(where.host);
        if (!result.ok && where.host.gone) continue; // taken over or handed over meanwhile: nothing was changed here
        return result;
      }
      this.options.metrics.forwarded.inc();
      try {
        const reply = (await this.bus.request(where.node, request, this.requestTimeoutMs)) as OwnerReply;
        if ('value' in reply) return reply.value as Result<T>;
      } catch (e) {
        // Redis is away: nothing was sent and nothing is learned about the owner. Wait for Redis (not for the
        // store: asking PostgreSQL where the table is on every retry of every request, all through an outage, once
        // kept the lease renewals waiting until this process lost its tables).
        if (e instanceof Unanswered && e.why === 'offline') {
          await this.bus.reachable(Math.max(0, deadline - Date.now()));
          continue;
        }
        // no answer: the owner may be dead or stalled; its lease will tell
      }
      this.owners.delete(id);
    }
  }

  /** Takes a table nobody holds: its lease, then the table itself from the store. */
  private adopt(id: TableId): Promise<TableHost | null> {
    let pending = this.adopting.get(id);
    if (!pending) {
      pending = this.take(id).finally(() => this.adopting.delete(id));
      this.adopting.set(id, pending);
    }
    return pending;
  }

  private async take(id: TableId): Promise<TableHost | null> {
    if (this.draining || this.closed) return null;
    const acquired = await this.ownership.acquire(id);
    if (!acquired) return null;
    // Draining began meanwhile: hand it on at once (a drain waits for takes under way, then lists its tables).
    if (this.draining) {
      await this.ownership.release(id, acquired.epoch, true);
      return null;
    }
    let host: TableHost | null;
    try {
      host = await this.registry.adopt(id, acquired.epoch);
    } catch (e) {
      await this.ownership.release(id, acquired.epoch, false);
      throw e;
    }
    if (!host) {
      this.ownership.forget(id, acquired.epoch);
      return null;
    }
    this.owners.delete(id);
    const from = acquired.previous !== null && acquired.previous !== this.node ? acquired.previous : null;
    if (from) {
      this.options.metrics.takeovers.inc();
      this.takenOver.set(id, Date.now());
    }
    this.note({ table: id, epoch: acquired.epoch, from, seq: host.seq }, from ? 'took over table' : 'owns table');
    // Whoever follows the table: catch up to here, and report your connections to the new owner.
    this.broadcast({ type: 'head', table: id, seq: host.seq });
    const mine = this.localPresence.get(id);
    if (mine) host.setPresence(this.node, mine);
    return host;
  }

  /** A table this process just created: its lease (null if another process took it first: a rematch's table,
   * whose link went out before it was hosted here). */
  async claim(id: TableId): Promise<number | null> {
    return (await this.ownership.acquire(id))?.epoch ?? null;
  }

  /** A table unloaded here (idle): nobody needs to own it until someone asks for it. */
  released(host: TableHost): void {
    this.snapshotFor.delete(host.id);
    this.takenOver.delete(host.id);
    if (host.fence !== undefined) void this.ownership.release(host.id, host.fence, false).catch(() => undefined);
  }

  /** A host's append was refused: another process took the table over while this one stalled. */
  fenced(host: TableHost): void {
    this.options.metrics.fenced.inc();
    this.lost(host, 'append refused: another process holds the table now');
  }

  /** Another process holds the table now. Its sockets here are served through the new owner from now on: each
   * catches up from it at once (their commands are forwarded there already). */
  private lost(host: TableHost, why: string): void {
    if (this.registry.live(host.id) === host) this.registry.drop(host.id);
    if (host.fence !== undefined) this.ownership.forget(host.id, host.fence);
    this.snapshotFor.delete(host.id);
    this.takenOver.delete(host.id);
    this.owners.delete(host.id);
    this.options.metrics.leasesLost.inc();
    this.warn({ table: host.id, epoch: host.fence }, `lost table: ${why}`);
    if (!this.closed) this.gateway.resync(host.id);
  }

  // Leases ---------------------------------------------------------------------------------------------

  /** Tables whose owner died, stalled or drained: each is taken by the process ranked first for it, or by any
   * process once it has waited a round. */
  private async scan(): Promise<void> {
    if (this.draining) return;
    const orphans = await this.options.store.orphans(500);
    const seen = new Set<TableId>();
    const mine: TableId[] = [];
    const now = performance.now();
    for (const id of orphans) {
      if (this.registry.live(id) || this.adopting.has(id)) continue;
      if (this.orphansSeen.has(id) || this.members.firstFor(id, now)) mine.push(id);
      else seen.add(id);
    }
    this.orphansSeen = seen;
    await eachLimited(mine, 8, (id) => this.adopt(id));
  }

  // Requests from other processes -----------------------------------------------------------------------

  private async answer(request: OwnerRequest, from: NodeId): Promise<OwnerReply> {
    // Only while its lease is known to run: after a stall, the requests that waited are answered `moved` once the
    // renewal shows the table was lost (never from the stale host).
    const host = await this.serving(request.table);
    if (!host) return { moved: true };
    switch (request.op) {
      case 'run': {
        const result = await host.run(request.command, request.request);
        return !result.ok && host.gone ? { moved: true } : { value: result };
      }
      case 'snapshot': {
        // From now on this process's updates carry the class this snapshot is for (it follows the snapshot).
        const viewers = this.snapshotFor.get(request.table) ?? new Map<NodeId, Set<Viewer>>();
        this.snapshotFor.set(request.table, viewers);
        const classes = viewers.get(from) ?? new Set<Viewer>();
        viewers.set(from, classes);
        classes.add(host.seatOf(request.owner));
        return { value: ok(await snapshotOf(host, request.owner, request.since)) };
      }
      case 'info':
        return { value: ok(host.info()) };
      case 'record':
        return { value: await recordOf(host) };
      case 'rematch': {
        const result = await this.registry.rematch(host, request.owner);
        return !result.ok && host.gone ? { moved: true } : { value: result };
      }
      case 'presence':
        if (this.departed.has(from)) return { value: ok({}) };
        host.setPresence(from, request.counts);
        this.snapshotFor.get(request.table)?.delete(from);
        return { value: ok({}) };
    }
  }

  /** A table's broadcast from its owner in another process. */
  private heard(table: TableId, wire: WireBroadcast): void {
    if (wire.type === 'head') {
      this.owners.set(table, wire.node);
      if (this.localPresence.has(table)) this.sendPresence(table);
    }
    this.gateway.broadcast(fromWire(table, wire));
  }

  private clusterMessage(message: ClusterMessage, from: NodeId): void {
    switch (message.type) {
      case 'heartbeat': {
        const joined = this.members.heard(from, { draining: message.draining, tables: message.tables, sockets: message.sockets }, performance.now());
        if (joined) {
          this.note({ member: from }, 'a process joined the cluster');
          this.publishLobby();
        }
        return;
      }
      case 'bye':
        if (this.departed.size >= 1000) this.departed.clear(); // a bound: a process's reports stop when it leaves anyway
        this.departed.add(from);
        this.forget(from);
        return;
      case 'lobby':
        this.remoteLobby.set(from, message.entries);
        this.gateway.lobbyChanged();
        return;
      case 'released': {
        const now = performance.now();
        for (const id of message.tables) if (this.members.firstFor(id, now, from)) void this.adopt(id).catch(() => undefined);
        return;
      }
    }
  }

  private heartbeat(): void {
    const message: ClusterMessage = { type: 'heartbeat', tables: this.registry.size, sockets: this.gateway.sockets, draining: this.draining };
    this.bus.toCluster(message);
    // A heartbeat that comes late comes after a stall of this process: timers may run before the messages that
    // waited meanwhile are read, so what it did not hear yet says nothing of the others. The next one judges.
    const now = performance.now();
    const late = now - this.lastHeartbeat > 2 * this.heartbeatMs;
    this.lastHeartbeat = now;
    if (late) return;
    for (const node of this.members.silent(now, this.bus.listeningSince)) this.forget(node);
  }

  /** A process left (or went silent): its connections and public tables with it. */
  private forget(node: NodeId): void {
    if (!this.members.forget(node)) return;
    this.note({ member: node }, 'a process left the cluster');
    for (const host of this.registry.all()) host.dropPresence(node);
    for (const viewers of this.snapshotFor.values()) viewers.delete(node);
    for (const [id, owner] of this.owners) if (owner === node) this.owners.delete(id);
    if (this.remoteLobby.delete(node)) this.gateway.lobbyChanged();
  }

  /** Redis came back: what was said meanwhile may be lost. Report connections again, and every socket checks
   * it holds all of its tables — a few at a time, not all at once (a burst of thousands of requests, each a store
   * read somewhere, is what a process under load can least afford right then). */
  private async recover(): Promise<void> {
    this.publishLobby();
    await eachLimited([...this.localPresence.keys()], 16, (id) => this.sendPresence(id));
    await this.gateway.resyncAll(32);
  }

  // TableListener: this process's hosts speak to every process that follows their table -------------------

  broadcast(b: TableBroadcast): void {
    this.gateway.broadcast(b);
    if (b.type !== 'update') return this.bus.toTable(b.table, toWire(b, this.node));
    // An update carries, over Redis, only the viewer classes other processes follow; none: nothing is published.
    const taken = this.takenOver.get(b.table);
    if (taken !== undefined) {
      if (Date.now() - taken < this.options.leaseMs) return this.bus.toTable(b.table, toWire(b, this.node));
      this.takenOver.delete(b.table);
    }
    const classes = this.followedElsewhere(b.table);
    if (classes.size > 0) this.bus.toTable(b.table, toWire(b, this.node, classes));
  }

  /** The viewer classes of a table held by other processes' sockets: from their presence reports (each token is
   * its seat's class, or a spectator's) and the snapshots they asked for since. */
  private followedElsewhere(id: TableId): Set<Viewer> {
    const classes = new Set<Viewer>();
    const host = this.registry.live(id);
    if (host)
      for (const node of host.presence.nodes()) {
        const counts = node === this.node ? undefined : host.presence.of(node);
        if (!counts) continue;
        if (counts.anonymous > 0) classes.add(null);
        for (const [owner] of counts.owners) classes.add(host.seatOf(owner));
      }
    for (const viewers of this.snapshotFor.get(id)?.values() ?? []) for (const viewer of viewers) classes.add(viewer);
    return classes;
  }

  lobbyChanged(): void {
    this.gateway.lobbyChanged();
    if (this.lobbyTimer) return;
    this.lobbyTimer = setTimeout(() => {
      this.lobbyTimer = null;
      this.publishLobby();
    }, 200);
    this.lobbyTimer.unref();
  }

  private publishLobby(): void {
    const message: ClusterMessage = { type: 'lobby', entries: this.registry.lobby() };
    this.bus.toCluster(message);
  }

  // TableAccess ----------------------------------------------------------------------------------------

  async create(settings: TableSettings, host: TokenHash): Promise<Result<TableInfo>> {
    const created = await this.registry.create(settings, host);
    return created.ok ? ok(created.value.info()) : created;
  }

  /** A command, wherever its table is. It carries a request id, the same on every attempt, so that an attempt the
   * owner stored but whose reply was lost (it stalled, or Redis dropped the reply) is answered, not done again, when
   * retried — by that owner or the next. A decision (`act`) needs none: its version refuses a repeat. */
  run(id: TableId, command: Command): Promise<Result<object>> {
    const request = command.type === 'act' ? undefined : randomUUID();
    return this.via(id, (t) => t.run(command, request), { op: 'run', table: id, command, ...(request ? { request } : {}) });
  }

  snapshot(id: TableId, owner: TokenHash | null, since?: number): Promise<Result<Snapshot>> {
    return this.via(id, async (t) => ok(await snapshotOf(t, owner, since)), { op: 'snapshot', table: id, owner, since });
  }

  info(id: TableId): Promise<Result<TableInfo>> {
    return this.via(id, async (t) => ok(t.info()), { op: 'info', table: id });
  }

  record(id: TableId): Promise<Result<GameRecord>> {
    return this.via(id, recordOf, { op: 'record', table: id });
  }

  rematch(id: TableId, owner: TokenHash | null): Promise<Result<{ table: TableId }>> {
    return this.via(id, (t) => this.registry.rematch(t, owner), { op: 'rematch', table: id, owner });
  }

  presence(id: TableId, counts: PresenceCounts): void {
    // Draining: this process's connections close next, and its goodbye tells every owner they are gone.
    if (this.draining || this.closed) return;
    if (counts.owners.length === 0 && counts.anonymous === 0 && !this.localPresence.has(id)) return;
    this.localPresence.set(id, counts);
    void this.sendPresence(id);
  }

  /** Reports this process's connections to the table's owner: one report in flight per table, the newest next. */
  private sendPresence(id: TableId): Promise<void> {
    const sending = this.presenceSending.get(id);
    if (sending) {
      this.presenceDirty.add(id);
      return sending;
    }
    const done = (async () => {
      do {
        this.presenceDirty.delete(id);
        const counts = this.localPresence.get(id);
        if (!counts) break;
        const result = await this.via(
          id,
          async (t) => {
            t.setPresence(this.node, counts);
            return ok({});
          },
          { op: 'presence', table: id, counts },
        ).catch(() => undefined);
        // Reported empty: nothing more to report, unless connections came back meanwhile.
        if (result?.ok && counts.owners.length === 0 && counts.anonymous === 0 && this.localPresence.get(id) === counts) this.localPresence.delete(id);
      } while (this.presenceDirty.has(id));
      this.presenceSending.delete(id);
    })();
    this.presenceSending.set(id, done);
    return done;
  }

  follow(id: TableId): Promise<void> {
    return this.bus.follow(id);
  }

  unfollow(id: TableId): void {
    this.bus.unfollow(id);
  }

  /** A table nobody holds is due (its scheduler found it in the store): whoever takes its lease first wakes it,
   * so its deadline fires once. A table another process holds is that process's to wake. */
  async wakeUp(id: TableId): Promise<void> {
    if (this.draining || this.adopting.has(id)) return;
    const owner = await this.options.store.owner(id);
    if (!owner || owner.live) return;
    await this.adopt(id);
  }

  /** SIGTERM'd: handing its tables over; takes no new connections (its /healthz answers 503). */
  get isDraining(): boolean {
    return this.draining;
  }

  lobby(): LobbyEntry[] {
    const entries = [...this.registry.lobby()];
    for (const remote of this.remoteLobby.values()) entries.push(...remote);
    return entries.sort((a, b) => Number(a.status === 'playing') - Number(b.status === 'playing'));
  }

  /** By lease truth: a table is listed only while this process's lease of it is known to run (never a table a
   * stalled or draining process has let go of, or is about to find it lost). Finished tables apart. */
  health(): Record<string, unknown> {
    const live: TableId[] = [];
    const finished: TableId[] = [];
    const epochs: Record<string, number> = {};
    // Why a finished table is still here: whose connections it counts, by process ('local': this one's own).
    const watchers: Record<string, Record<string, number>> = {};
    for (const id of this.ownership.owned()) {
      const host = this.registry.live(id);
      if (!host || host.gone) continue;
      const listed = host.status === 'over' ? finished : live;
      if (listed.length < 1000 && host.fence !== undefined) epochs[id] = host.fence;
      if (host.status === 'over' && finished.length < 100) watchers[id] = host.presence.byProcess();
      listed.push(id);
    }
    return {
      node: this.node,
      store: 'postgres',
      cluster: true,
      draining: this.draining,
      redis: this.bus.listeningSince !== null,
      tables: live.length,
      owned: live.slice(0, 1000),
      finished: finished.slice(0, 1000),
      watchers,
      // Each listed table's epoch: a table taken over lists a higher one (never two processes under one epoch).
      epochs,
      members: this.members.list(performance.now()),
    };
  }

  // Leaving ----------------------------------------------------------------------------------------------

  /** SIGTERM: hands every table over to the other processes (each finishes the command under way first). */
  async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    this.heartbeat();
    // Takes under way finish first (each hands its table on at once, or is among the hosts below).
    await Promise.allSettled([...this.adopting.values()]);
    const hosts = [...this.registry.all()];
    const released: TableId[] = [];
    await eachLimited(hosts, 16, async (host) => {
      await host.settled();
      // Dropped here before its lease is released: no moment when two processes both list it.
      this.registry.drop(host.id);
      this.snapshotFor.delete(host.id);
      this.takenOver.delete(host.id);
      if (host.fence === undefined || host.lost) return;
      await this.ownership.release(host.id, host.fence, true);
      released.push(host.id);
    });
    this.bus.toCluster({ type: 'released', tables: released } satisfies ClusterMessage);
    this.note({ tables: released.length }, 'drained: tables handed over');
  }

  /** Leaves the cluster: says goodbye and stops every request under way (before the store closes). */
  async close(): Promise<void> {
    this.closed = true;
    this.ownership.stop();
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (this.lobbyTimer) clearTimeout(this.lobbyTimer);
    this.bus.toCluster({ type: 'bye' } satisfies ClusterMessage);
    await this.bus.close();
  }
}
