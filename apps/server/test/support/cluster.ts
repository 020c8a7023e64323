// Cluster tests' players: a person at one table that reconnects by itself (through its proxy) and remembers
// every decision it sent and every one the server acknowledged.

import type { GamePayload, TableId, Token } from '@razzia/protocol';
import { TestClient, type Intent } from '../harness.ts';

export { NodeProcess, Proxy, Upstreams, audit, startCluster, until } from './processes.ts';

/**
 * A person at one table over a proxy: plays its seat (one of the legal decisions), comes back by itself after a
 * dropped connection (watch with since), retries a decision the server could not answer, and remembers every
 * decision it sent and every one the server acknowledged.
 */
export class Player {
  /** `${version}` → the decision sent on that version. */
  readonly sent = new Map<number, Intent>();
  readonly acked: { version: number; intent: Intent }[] = [];
  readonly refusals: string[] = [];
  private acting = false;
  private actedOn = -1;
  /** Counts decisions sent: only the newest one's reply (or its loss) frees the player to send the next. */
  private sending = 0;
  /** The pause (by its end) this player has sent `ready` for. */
  private readyFor = -1;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  private constructor(
    readonly client: TestClient,
    readonly table: TableId,
  ) {}

  static async join(url: string, table: TableId, token?: Token): Promise<Player> {
    const client = await TestClient.connect(url, token, { reconnection: true });
    const player = new Player(client, table);
    // A decision in flight when the connection dropped may never be answered: decide again once back (if it was
    // stored after all, the repeat is refused as stale and the new payload shows it).
    client.socket.on('disconnect', () => {
      player.sending++;
      player.acting = false;
      player.actedOn = -1;
    });
    client.socket.io.on('reconnect', () => {
      const held = client.held.get(table);
      void player.send({ type: 'watch', table, ...(held ? { since: held.seq } : {}) });
    });
    return player;
  }

  private send(message: Record<string, unknown>): Promise<{ ok: boolean; error?: { code: string; message: string } } | null> {
    return this.client.socket
      .timeout(10_000)
      .emitWithAck('msg', message)
      .catch(() => null) as never;
  }

  get game(): GamePayload | null {
    return this.client.held.get(this.table)?.game ?? null;
  }

  /** Plays until the game is over; `pause` holds its decisions while it answers true. */
  play(pause: () => boolean = () => false): Promise<GamePayload> {
    return new Promise((resolve) => {
      const consider = () => {
        if (this.stopped) return;
        const game = this.game;
        if (game?.outcome) {
          this.stopped = true;
          this.client.socket.off('msg', consider);
          return resolve(game);
        }
        // A moment of the game (a round's summary) waits for this seat: it has read it at once.
        const held = this.client.held.get(this.table);
        const moment = held?.info.pause;
        if (held && held.you.seat !== null && moment?.waiting.includes(held.you.seat) && this.readyFor !== moment.until) {
          this.readyFor = moment.until;
          void this.send({ type: 'ready', table: this.table });
        }
        if (!game || game.legal.length === 0 || this.acting || this.actedOn === game.version || pause()) return;
        const version = game.version;
        const intent = game.legal[version % game.legal.length] as Intent;
        this.acting = true;
        this.actedOn = version;
        this.sent.set(version, intent);
        const sending = ++this.sending;
        void this.send({ type: 'act', table: this.table, version, intent }).then((reply) => {
          if (reply?.ok) this.acked.push({ version, intent });
          if (sending !== this.sending) return; // given up for lost (the connection dropped): decided again since
          this.acting = false;
          if (!reply?.ok && reply?.error?.code !== 'stale-version') {
            // Not answered, or the server could not do it (a table moving between processes): try again.
            this.refusals.push(reply ? reply.error?.code ?? '?' : 'no answer');
            this.actedOn = -1;
            this.retry ??= setTimeout(() => {
              this.retry = null;
              consider();
            }, 100);
          }
          consider();
        });
      };
      this.resume = consider;
      this.client.socket.on('msg', consider);
      consider();
    });
  }

  /** Looks again (after `pause` turned false). */
  resume: () => void = () => undefined;

  close(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.client.close();
  }
}

