// What this browser remembers: its seat token (the secret that owns its seats), its name, its preferences.

import type { Token } from '@razzia/protocol/ids';

const TOKEN = 'razzia.token';
const NAME = 'razzia.name';
const MOTION = 'razzia.motion';
const HIDE_SPECTATORS = 'razzia.chat.hideSpectators';

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function getToken(): Token | null {
  return (storage()?.getItem(TOKEN) as Token | null) ?? null;
}

export function setToken(token: Token): void {
  storage()?.setItem(TOKEN, token);
}

/** Forgets a token the server no longer recognises. */
export function clearToken(): void {
  storage()?.removeItem(TOKEN);
}

export function getName(): string {
  return storage()?.getItem(NAME) ?? '';
}

export function setName(name: string): void {
  storage()?.setItem(NAME, name);
}

/** Animations: off when the player said so, or when the system asks for reduced motion and they did not say. */
export function motionEnabled(): boolean {
  const saved = storage()?.getItem(MOTION);
  if (saved === 'on') return true;
  if (saved === 'off') return false;
  return typeof matchMedia === 'undefined' || !matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function setMotion(on: boolean): void {
  storage()?.setItem(MOTION, on ? 'on' : 'off');
}

/** Whether the chat leaves out spectators' lines (a player at a table with a big audience keeps the table's own). */
export function spectatorChatHidden(): boolean {
  return storage()?.getItem(HIDE_SPECTATORS) === 'on';
}

export function hideSpectatorChat(hidden: boolean): void {
  storage()?.setItem(HIDE_SPECTATORS, hidden ? 'on' : 'off');
}

/** Table id from a pasted link or a bare id. */
export function tableIdFrom(input: string): string | null {
  const match = /(?:^|\/t\/)([A-Za-z0-9_-]{22})(?:[/?#]|$)/.exec(input.trim());
  return match?.[1] ?? null;
}
