// One process of a cluster: PostgreSQL holds the truth, Redis carries messages. Each table has exactly one owner
// process at a time, holding its lease (store/leases.ts); only the owner decides and appends, under its lease's
// epoch. Any process serves any client: a command for a table owned elsewhere is forwarded to the owner, and the
// owner's broadcasts reach the sockets of every process that follows the table. When an owner dies or stalls,
// its leases lapse and the others take its tables over from the store; a draining owner hands them over.

import { createHash } from 'node:crypto';
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
import type { Command } from '../tables/decide.ts';
import type { TableBroadcast, TableHost, TableListener } from '../tables/host.ts';
import type { PresenceCounts } from '../tables/presence.ts';
import type { TableRegistry } from '../tables/registry.ts';
import type { Gateway } from '../socket/gateway.ts';
import { Bus } from './bus.ts';
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

interface Member {
  seen: number;
  draining: boolean;
  tables: number;
  sockets: number;
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
  private readonly members = new Map<NodeId, Member>();
  /** Where tables owned elsewhere are, as last learned. */
  private readonly owners = new Map<TableId, NodeId>();
  private readonly adopting = new Map<TableId, Promise<TableHost | null>>();
  /** Renewal round at which each table was taken here: a renewal sent before it does not know it yet. */
  private readonly takenAt = new Map<TableId, number>();
  private renewRound = 0;
  /** This process's connections per table, to report to each table's owner (again after a takeover). */
  private readonly localPresence = new Map<TableId, PresenceCounts>();
  private readonly presenceSending = new Set<TableId>();
  private readonly presenceDirty = new Set<TableId>();
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
  private draining = false;
  private readonly requestTimeoutMs: number;
  private readonly heartbeatMs: number;

  constructor(private readonly options: ClusterOptions) {
    this.node = options.node;
    this.bus = new Bus(options.redisUrl, options.node, (fields, message) => options.log('warn', fields, message));
    this.requestTimeoutMs = Math.max(1_000, options.leaseMs);
    this.heartbeatMs = Math.max(200, Math.round(options.leaseMs / 3));
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
      reconnected: () => this.recover(),
    });
    const every = (ms: number, fn: () => Promise<void> | void) => {
      const timer = setInterval(() => void Promise.resolve(fn()).catch((e: unknown) => this.warn({ err: String(e) }, 'cluster task failed')), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.heartbeatMs, () => this.heartbeat());
    every(Math.max(100, Math.round(this.options.leaseMs / 3)), () => this.renew());
    every(Math.max(100, Math.round(this.options.leaseMs / 6)), () => this.scan());
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

  private alive(node: NodeId): boolean {
    const m = this.members.get(node);
    return m !== undefined && !m.draining;
  }

  /** The table's host here, or the process that owns it; null if there is no such table. Takes the table
   * when nobody holds it. */
  private async locate(id: TableId): Promise<{ host: TableHost } | { node: NodeId } | null> {
    const live = this.registry.live(id);
    if (live && !live.gone) return { host: live };
    const adopting = this.adopting.get(id);
    if (adopting) {
      const host = await adopting;
      if (host && !host.gone) return { host };
    }
    const cached = this.owners.get(id);
    if (cached && cached !== this.node && this.alive(cached)) return { node: cached };
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
    const deadline = Date.now() + 4 * this.options.leaseMs + 5_000;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) await delay(Math.min(20 * attempt, 250));
      if (Date.now() > deadline) return fail('internal', 'the table is moving between servers: try again');
      let where: Awaited<ReturnType<Cluster['locate']>>;
      try {
        where = await this.locate(id);
      } catch (e) {
        if (!(e instanceof Retry)) this.warn({ table: id, err: e instanceof Error ? e.message : String(e) }, 'cannot locate table');
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
      } catch {
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
    if (this.draining) return null;
    const round = this.renewRound;
    const acquired = await this.options.store.acquire(id, this.node, this.options.leaseMs);
    if (!acquired) return null;
    this.takenAt.set(id, round);
    let host: TableHost | null;
    try {
      host = await this.registry.adopt(id, acquired.epoch);
    } catch (e) {
      await this.options.store.release(id, this.node, acquired.epoch, false);
      throw e;
    }
    if (!host) return null;
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

  /** A table this process just created: its lease (nobody else can hold a table that did not exist). */
  async claim(id: TableId): Promise<number> {
    const round = this.renewRound;
    const acquired = await this.options.store.acquire(id, this.node, this.options.leaseMs);
    if (!acquired) throw new Error(`could not take the lease of the new table ${id}`);
    this.takenAt.set(id, round);
    return acquired.epoch;
  }

  /** A table unloaded here (idle): nobody needs to own it until someone asks for it. */
  released(host: TableHost): void {
    this.snapshotFor.delete(host.id);
    this.takenOver.delete(host.id);
    if (host.fence !== undefined) void this.options.store.release(host.id, this.node, host.fence, false).catch(() => undefined);
  }

  /** A host's append was refused: another process took the table over while this one stalled. */
  fenced(host: TableHost): void {
    this.options.metrics.fenced.inc();
    this.lost(host, 'append refused: another process holds the table now');
  }

  private lost(host: TableHost, why: string): void {
    if (this.registry.live(host.id) === host) this.registry.drop(host.id);
    this.snapshotFor.delete(host.id);
    this.takenOver.delete(host.id);
    this.options.metrics.leasesLost.inc();
    this.warn({ table: host.id, epoch: host.fence }, `lost table: ${why}`);
  }

  // Leases ---------------------------------------------------------------------------------------------

  private async renew(): Promise<void> {
    const round = ++this.renewRound;
    const held = await this.options.store.renew(this.node, this.options.leaseMs);
    for (const host of [...this.registry.all()]) {
      if (held.get(host.id) === host.fence) continue;
      if ((this.takenAt.get(host.id) ?? -1) >= round - 1) continue; // taken after this renewal was sent
      this.lost(host, 'its lease lapsed');
    }
    for (const [id, at] of this.takenAt) if (at < round - 2 && !this.registry.live(id)) this.takenAt.delete(id);
  }

  /** Tables whose owner died, stalled or drained: each is taken by the process ranked first for it, or by any
   * process once it has waited a round. */
  private async scan(): Promise<void> {
    if (this.draining) return;
    const orphans = await this.options.store.orphans(500);
    const seen = new Set<TableId>();
    const mine: TableId[] = [];
    for (const id of orphans) {
      if (this.registry.live(id) || this.adopting.has(id)) continue;
      if (this.orphansSeen.has(id) || this.firstFor(id)) mine.push(id);
      else seen.add(id);
    }
    this.orphansSeen = seen;
    await eachLimited(mine, 8, (id) => this.adopt(id));
  }

  /** Rendezvous hashing over the live processes: spreads a dead process's tables evenly, without talking. A process
   * not heard for two heartbeats is left out (most likely the dead one, whose tables these are: waiting for it to
   * be forgotten cost its share of them a second scan); if it lives after all, two takers race and the lease
   * picks one. */
  private firstFor(id: TableId, except?: NodeId): boolean {
    const rank = (node: string) => createHash('sha1').update(`${id}/${node}`).digest().readUInt32BE(0);
    const mine = rank(this.node);
    const heard = Date.now() - 2 * this.heartbeatMs;
    for (const [node, m] of this.members) if (node !== except && !m.draining && m.seen >= heard && rank(node) > mine) return false;
    return true;
  }

  // Requests from other processes -----------------------------------------------------------------------

  private async answer(request: OwnerRequest, from: NodeId): Promise<OwnerReply> {
    const host = this.registry.live(request.table);
    if (!host || host.gone) return { moved: true };
    switch (request.op) {
      case 'run': {
        const result = await host.run(request.command);
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
        const known = this.members.has(from);
        this.members.set(from, { seen: Date.now(), draining: message.draining, tables: message.tables, sockets: message.sockets });
        if (!known) {
          this.note({ member: from }, 'a process joined the cluster');
          this.publishLobby();
        }
        return;
      }
      case 'bye':
        this.forget(from);
        return;
      case 'lobby':
        this.remoteLobby.set(from, message.entries);
        this.gateway.lobbyChanged();
        return;
      case 'released':
        for (const id of message.tables) if (this.firstFor(id, from)) void this.adopt(id).catch(() => undefined);
        return;
    }
  }

  private heartbeat(): void {
    const message: ClusterMessage = { type: 'heartbeat', tables: this.registry.size, sockets: this.gateway.sockets, draining: this.draining };
    this.bus.toCluster(message);
    const dead = Date.now() - 3 * this.heartbeatMs - 500;
    for (const [node, m] of this.members) if (m.seen < dead) this.forget(node);
  }

  /** A process left (or went silent): its connections and public tables with it. */
  private forget(node: NodeId): void {
    if (!this.members.delete(node)) return;
    this.note({ member: node }, 'a process left the cluster');
    for (const host of this.registry.all()) host.dropPresence(node);
    for (const viewers of this.snapshotFor.values()) viewers.delete(node);
    for (const [id, owner] of this.owners) if (owner === node) this.owners.delete(id);
    if (this.remoteLobby.delete(node)) this.gateway.lobbyChanged();
  }

  /** Redis came back: what was said meanwhile may be lost. Report connections again, and every socket checks
   * it holds all of its tables. */
  private recover(): void {
    for (const id of this.localPresence.keys()) this.sendPresence(id);
    this.gateway.resyncAll();
    this.publishLobby();
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

  run(id: TableId, command: Command): Promise<Result<object>> {
    return this.via(id, (t) => t.run(command), { op: 'run', table: id, command });
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
    if (counts.owners.length === 0 && counts.anonymous === 0 && !this.localPresence.has(id)) return;
    this.localPresence.set(id, counts);
    this.sendPresence(id);
  }

  /** Reports this process's connections to the table's owner: one report in flight per table, the newest next. */
  private sendPresence(id: TableId): void {
    if (this.presenceSending.has(id)) {
      this.presenceDirty.add(id);
      return;
    }
    this.presenceSending.add(id);
    void (async () => {
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

  lobby(): LobbyEntry[] {
    const entries = [...this.registry.lobby()];
    for (const remote of this.remoteLobby.values()) entries.push(...remote);
    return entries.sort((a, b) => Number(a.status === 'playing') - Number(b.status === 'playing'));
  }

  health(): Record<string, unknown> {
    const owned = [...this.registry.all()].map((t) => t.id);
    return {
      node: this.node,
      store: 'postgres',
      cluster: true,
      draining: this.draining,
      tables: owned.length,
      owned: owned.slice(0, 1000),
      members: [...this.members].map(([node, m]) => ({ node, tables: m.tables, sockets: m.sockets, draining: m.draining, seenMsAgo: Date.now() - m.seen })),
    };
  }

  // Leaving ----------------------------------------------------------------------------------------------

  /** SIGTERM: hands every table over to the other processes (each finishes the command under way first). */
  async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    this.heartbeat();
    const hosts = [...this.registry.all()];
    const released: TableId[] = [];
    await eachLimited(hosts, 16, async (host) => {
      await host.settled();
      this.registry.drop(host.id);
      this.snapshotFor.delete(host.id);
      this.takenOver.delete(host.id);
      if (host.fence === undefined || host.lost) return;
      await this.options.store.release(host.id, this.node, host.fence, true);
      released.push(host.id);
    });
    this.bus.toCluster({ type: 'released', tables: released } satisfies ClusterMessage);
    this.note({ tables: released.length }, 'drained: tables handed over');
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    if (this.lobbyTimer) clearTimeout(this.lobbyTimer);
    this.bus.toCluster({ type: 'bye' } satisfies ClusterMessage);
    await this.bus.close();
  }
}
