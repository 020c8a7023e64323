// Web Push on this device, for this browser's seats: turned on by a click (never on load) — the browser's permission,
// a subscription made with the server's key, handed to the server under this browser's token. The endpoint is
// remembered here, so the table page can tell the server while a tab of this device is visible (no push then).
// Loaded only when someone opens the settings that offer it.

import { MESSAGE_EVENT } from '@razzia/protocol/constants';
import { io } from 'socket.io-client';
import { HANDSHAKE_QUERY } from './versions.ts';
import { getToken } from '../session.ts';

const ENDPOINT = 'razzia.push';

export type PushState = 'on' | 'off' | 'denied' | 'unsupported';

/** This device's subscription endpoint, if pushes are on here. */
export function pushEndpoint(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(ENDPOINT);
}

export function pushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;
}

export function pushState(): PushState {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return pushEndpoint() && Notification.permission === 'granted' ? 'on' : 'off';
}

/** One message to the server under this browser's token, on a connection of its own. */
async function tell(message: object): Promise<boolean> {
  const token = getToken();
  if (!token) return false;
  const socket = io({ auth: { token }, transports: ['websocket', 'polling'], query: HANDSHAKE_QUERY, reconnection: false });
  try {
    const reply = (await socket.timeout(10_000).emitWithAck(MESSAGE_EVENT, message)) as { ok: boolean };
    return reply.ok;
  } catch {
    return false;
  } finally {
    socket.disconnect();
  }
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** On a click: asks the browser once, subscribes with the server's key, and tells the server. */
export async function enablePush(): Promise<PushState | 'failed'> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  try {
    const registration = await navigator.serviceWorker.ready;
    const { key } = (await (await fetch('/api/push/key')).json()) as { key: string };
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
    if (!(await tell({ type: 'push-subscribe', subscription: subscription.toJSON() }))) return 'failed';
    localStorage.setItem(ENDPOINT, subscription.endpoint);
    return 'on';
  } catch {
    return 'failed';
  }
}

export async function disablePush(): Promise<PushState> {
  const endpoint = pushEndpoint();
  localStorage.removeItem(ENDPOINT);
  if (endpoint) await tell({ type: 'push-unsubscribe', endpoint });
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  await (await registration?.pushManager.getSubscription().catch(() => null))?.unsubscribe().catch(() => false);
  return 'off';
}
