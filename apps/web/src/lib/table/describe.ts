// The log in words: table notices are the chrome's to say; game events are said by their game's module.

import type { LogEntry } from '@razzia/protocol/table';
import type { TableNotice } from '@razzia/protocol/table';
import { localName, type Translate } from '../i18n/index.ts';

/** One table notice in words. */
export function describeNotice(entry: LogEntry, names: readonly string[], t: Translate): string | null {
  if (entry.kind !== 'table') return null;
  const e = entry.event as unknown as TableNotice;
  const who = (seat: number) => localName(names[seat] ?? t('table.seat', { n: seat + 1 }), t);
  switch (e.type) {
    case 'seat-taken':
      return t('log.seatTaken', { name: localName(e.name, t), seat: e.seat + 1 });
    case 'seat-freed':
      return t('log.seatFreed', { name: localName(e.name, t), seat: e.seat + 1 });
    case 'game-started':
      return t('log.started');
    case 'timed-out':
      return t('log.timedOut', { name: who(e.seat) });
    case 'rematch':
      return t('log.rematch');
    case 'stand-in':
      return t('log.standIn', { name: who(e.seat) });
    case 'stand-in-ended':
      return t('log.standInEnded', { name: who(e.seat) });
    case 'replaced':
      return t('log.replaced', { name: who(e.seat) });
    case 'hint-asked':
      return t('log.hintAsked', { name: who(e.seat) });
    case 'device-added':
      return t('log.deviceAdded', { name: who(e.seat) });
    case 'mute':
      return t(e.muted ? 'log.muted' : 'log.unmuted', { name: e.target === 'spectators' ? t('chat.spectators') : who(e.target) });
    case 'slow-mode':
      return e.seconds > 0 ? t('log.slowMode', { n: e.seconds }) : t('log.slowModeOff');
    default:
      return null; // a notice this client has no words for yet takes no line
  }
}

/** Any entry in words: a notice by the chrome, a game event by its game (`describeGame`). */
export function describeEntry(
  entry: LogEntry,
  names: readonly string[],
  t: Translate,
  describeGame: (entry: LogEntry, names: readonly string[], t: Translate) => string | null,
): string | null {
  // Chat lines are the chat panel's, not the log's.
  if (entry.kind === 'chat') return null;
  return entry.kind === 'table' ? describeNotice(entry, names, t) : describeGame(entry, names, t);
}
