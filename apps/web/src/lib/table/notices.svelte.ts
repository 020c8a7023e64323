// What the page has to tell a player about the table itself rather than the game: the connection is down or the
// server going down for a moment, a move the server refused, a clock that ran out, a bot that stood in while they
// were away. While a game is being played they are told in the game's own turn bar, in place of its words (see
// lib/components/TurnNotice.svelte): that bar keeps its tallest height, so a notice coming or going never moves the
// table under the player's thumb. Before and after the game the page shows them at its top.

import { createContext } from 'svelte';
import type { TableClient } from '../client/table.svelte.ts';
import type { I18n } from '../i18n/i18n.svelte.ts';
import type { GameMessages } from '../games/types.ts';

export interface Notice {
  /** One of each at most, so a stable key. */
  readonly kind: 'connection' | 'error' | 'timed-out' | 'stood-in';
  readonly words: string;
  /** `warn` and `error` are said at once to screen readers (role=alert); the connection's state politely. */
  readonly tone: 'info' | 'warn' | 'error';
  /** The notice goes when the player says so (null: it goes by itself, with the connection coming back). */
  readonly dismiss: (() => void) | null;
}

export class TableNotices {
  readonly #client: TableClient;
  readonly #i18n: I18n;
  /** The game's own words, for a refused move's rule (once the game's module is loaded). */
  readonly #messages: () => GameMessages | undefined;

  constructor(client: TableClient, i18n: I18n, messages: () => GameMessages | undefined) {
    this.#client = client;
    this.#i18n = i18n;
    this.#messages = messages;
  }

  /** The notices of this moment, the connection's first. */
  readonly list: readonly Notice[] = $derived.by(() => {
    const client = this.#client;
    const i18n = this.#i18n;
    const out: Notice[] = [];
    if (client.status === 'reconnecting' || client.closing)
      out.push({ kind: 'connection', tone: 'info', dismiss: null, words: client.closing ? i18n.t('conn.closing', { reason: client.closing }) : i18n.t('conn.reconnecting') });
    if (client.error) out.push({ kind: 'error', tone: 'error', dismiss: () => (client.error = null), words: i18n.error(client.error, this.#messages()) });
    if (client.timedOut) out.push({ kind: 'timed-out', tone: 'warn', dismiss: () => (client.timedOut = false), words: i18n.t('conn.timedOut') });
    if (client.stoodIn) out.push({ kind: 'stood-in', tone: 'warn', dismiss: () => (client.stoodIn = false), words: i18n.t('conn.stoodIn') });
    return out;
  });
}

export const [getNotices, setNotices] = createContext<TableNotices>();
