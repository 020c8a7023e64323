// One person at one table during an upgrade, as a socket.io client (no browser): plays its seat with the first legal
// decision as soon as it is awaited, moves on at a game's moments, reconnects by itself when its server goes away
// (through its proxy, to another process, or to the same port once the next release listens there), and keeps
// playing rematches while asked to. It remembers what it sent and what was acknowledged (the audit: no decision lost
// or doubled), every refusal it got, and when each update came (the longest pause of its table).

import { MESSAGE_EVENT, PROTOCOL, PROTOCOL_QUERY, applyPatch, type GamePayload, type ServerMessage, type TableId, type Token } from '@razzia/protocol';
import { io, type Socket } from 'socket.io-client';

/** What one table's person sent and had acknowledged, by game version. */
export interface Decisions {
  readonly table: TableId;
  readonly sent: Map<number, unknown>;
  readonly acked: { version: number; intent: unknown }[];
  /** Versions at which a try had no answer (its server went away under it: the decision may have been stored). */
  readonly unanswered: Set<number>;
  /**
   * Tries refused because the game was over, after an earlier try of the same decision had no answer: that try may
   * have been the game's last decision, stored as its server went away. The upgrade's audit looks for it in the
   * store (upgrade.ts): found, nothing went wrong; not found, the refusal is an error.
   */
  readonly afterTheEnd: { version: number; intent: unknown; said: string }[];
}

/** A table's record of decisions, empty. */
const decisionsAt = (table: TableId): Decisions => ({ table, sent: new Map(), acked: [], unanswered: new Set(), afterTheEnd: [] });

/** Refusals that say only "try again": another try of its own decided first, or its server is going away (it answers
 * the commands under way so as it drains; the next connection goes to another process, or the next release). */
const TRANSIENT = new Set(['stale-version', 'shutting-down']);

export class Player {
  /** Every table it sat at, in order (a rematch adds one). */
  readonly games: Decisions[] = [];
  /** Refusals other than a stale version (which only says another of its tries got there first). */
  readonly refusals: string[] = [];
  /** When each update of its current table arrived (ms, performance.now()). */
  readonly heard: number[] = [];
  /** The releases that welcomed it, in order (servers before 0.2.0 send no welcome). */
  readonly welcomes: string[] = [];
  game: GamePayload | null = null;
  private seq = 0;
  private socket!: Socket;
  private actedOn = -1;
  private acting = false;
  private awaited = false;
  private readying = false;
  private rematching = false;
  private listeners: (() => void)[] = [];

  private constructor(
    private table: TableId,
    private readonly token: Token,
    /** Whether to ask for a rematch when a game ends (the upgrade is still under way). */
    private readonly again: () => boolean,
  ) {
    this.games.push(decisionsAt(table));
  }

  /** Opens a table of `game` at `url` (through its proxy), sits at seat 0, seats bots in the others and starts. */
  static async open(url: string, game: string, players: number, again: () => boolean): Promise<Player> {
    const res = await fetch(`${url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `upgrade ${game}`, game, players, visibility: 'private' }),
    });
    if (res.status !== 201) throw new Error(`POST /api/tables: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { table: { id: TableId }; token: Token };
    const player = new Player(body.table.id, body.token, again);
    await player.connect(url);
    await player.must({ type: 'sit', table: player.table, name: 'Person', seat: 0 });
    for (let seat = 1; seat < players; seat++) await player.must({ type: 'add-bot', table: player.table, bot: 'greedy', seat });
    await player.must({ type: 'start', table: player.table });
    return player;
  }

  private connect(url: string): Promise<void> {
    this.socket = io(url, {
      transports: ['websocket'],
      auth: { token: this.token },
      query: { [PROTOCOL_QUERY]: String(PROTOCOL) },
      forceNew: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    this.socket.on(MESSAGE_EVENT, (m: ServerMessage) => this.received(m));
    this.socket.on('connect', () => void this.send({ type: 'watch', table: this.table, ...(this.seq > 0 ? { since: this.seq } : {}) }));
    return new Promise((resolve) => this.socket.once('connect', () => resolve()));
  }

  async send(message: object): Promise<{ ok: boolean; error?: { code: string; message: string }; [k: string]: unknown } | null> {
    return this.socket.timeout(10_000).emitWithAck(MESSAGE_EVENT, message).catch(() => null) as never;
  }

  private async must(message: { type: string; table: TableId; [k: string]: unknown }): Promise<void> {
    const reply = await this.send(message);
    if (!reply?.ok) throw new Error(`${message.type} refused: ${JSON.stringify(reply?.error ?? 'no answer')}`);
  }

  /** Its current table. */
  get at(): TableId {
    return this.table;
  }

  /** The current game is over and no rematch is coming. */
  get done(): boolean {
    return !!this.game?.outcome && !this.again() && !this.rematching;
  }

  /** Moves (decisions and chance) its current game has had. */
  get version(): number {
    return this.game?.version ?? 0;
  }

  /** Called on every update of its table. */
  onChange(listener: () => void): () => void {
    this.listeners.push(listener);
    return () => void (this.listeners = this.listeners.filter((l) => l !== listener));
  }

  private received(m: ServerMessage): void {
    if (m.type === 'welcome') return void this.welcomes.push(m.release);
    if (m.type === 'snapshot' && m.snapshot.table.id === this.table) {
      this.game = m.snapshot.game;
      this.seq = m.snapshot.seq;
      this.awaited = m.snapshot.table.pause?.waiting.includes(0) ?? false;
    } else if (m.type === 'update' && m.table === this.table) {
      if (m.entries[0]?.seq !== this.seq + 1) return void this.send({ type: 'watch', table: this.table, since: this.seq });
      if (m.game && 'full' in m.game) this.game = m.game.full;
      else if (m.game) {
        if (this.game?.version !== m.game.from) return void this.send({ type: 'watch', table: this.table, since: this.seq });
        this.game = applyPatch(this.game, m.game.patch);
      }
      this.seq = m.seq;
      for (const { kind, event } of m.entries) {
        if (kind !== 'table') continue;
        if (event.type === 'paused') this.awaited = Array.isArray(event.waiting) && event.waiting.includes(0);
        else if (event.type === 'resumed' || (event.type === 'ready' && event.seat === 0)) this.awaited = false;
      }
    } else return;
    this.heard.push(performance.now());
    this.moveOn();
    this.consider();
    if (this.game?.outcome) void this.rematch();
    for (const l of this.listeners) l();
  }

  /** At a moment of the game (a round's summary) the table waits for this person: it reads at once. */
  private moveOn(): void {
    if (!this.awaited || this.readying) return;
    this.readying = true;
    void this.send({ type: 'ready', table: this.table }).then((r) => {
      this.readying = false;
      if (!r?.ok) setTimeout(() => this.moveOn(), 100).unref();
    });
  }

  private consider(): void {
    const game = this.game;
    if (!game || game.outcome || game.legal.length === 0 || this.acting || this.actedOn === game.version) return;
    const version = game.version;
    const intent = game.legal[0];
    const decisions = this.games[this.games.length - 1] as Decisions;
    this.acting = true;
    this.actedOn = version;
    decisions.sent.set(version, intent);
    void this.send({ type: 'act', table: this.table, version, intent }).then((r) => {
      this.acting = false;
      if (r?.ok) decisions.acked.push({ version, intent });
      else {
        // No answer (its server went away under it) or refused: look again (a stale version was decided already).
        const said = `${r?.error?.code} ${r?.error?.message}`;
        if (!r) decisions.unanswered.add(version);
        else if (r.error?.code === 'not-playing' && decisions.unanswered.has(version)) decisions.afterTheEnd.push({ version, intent, said });
        else if (!TRANSIENT.has(r.error?.code ?? ''))
          this.refusals.push(`${decisions.table} act at ${version}: ${said} (its view now: version ${this.game?.version ?? 'none'}, seq ${this.seq}, ${this.game?.outcome ? 'over' : 'not over'}; a try at this version unanswered before: ${decisions.unanswered.has(version) ? 'yes' : 'no'})`);
        this.actedOn = -1;
        setTimeout(() => this.consider(), 100).unref();
      }
      this.consider();
    });
  }

  /** A finished game while the upgrade goes on: the same seats again at a new table (its first decision opens). */
  private async rematch(): Promise<void> {
    if (this.rematching || !this.again()) return;
    this.rematching = true;
    const finished = this.table;
    for (;;) {
      const reply = await this.send({ type: 'rematch', table: finished });
      if (reply?.ok) {
        const next = reply.table as TableId;
        this.games.push(decisionsAt(next));
        this.table = next;
        this.game = null;
        this.seq = 0;
        this.actedOn = -1;
        this.awaited = false;
        await this.send({ type: 'unwatch', table: finished });
        // (Unanswered, its server went away: the next connection watches the new table by itself.)
        await this.send({ type: 'watch', table: next });
        for (;;) {
          const started = await this.send({ type: 'start', table: next });
          if (started?.ok || started?.error?.code === 'not-waiting') break;
          if (started && !TRANSIENT.has(started.error?.code ?? '')) {
            this.refusals.push(`${next} start: ${started.error?.code} ${started.error?.message}`);
            break;
          }
          await new Promise((r) => setTimeout(r, 200));
        }
        break;
      }
      if (reply && !TRANSIENT.has(reply.error?.code ?? '')) {
        this.refusals.push(`${finished} rematch: ${reply.error?.code} ${reply.error?.message}`);
        break;
      }
      await new Promise((r) => setTimeout(r, 200)); // no answer: its server went away under it; ask again
    }
    this.rematching = false;
  }

  close(): void {
    this.socket.disconnect();
  }
}
