// The server's VAPID keys (Web Push's application server keys): made on first start and kept in the store, so a
// restart keeps every browser's subscription valid and every process of a cluster signs with the same key.

import webpush from 'web-push';
import type { Store } from '../store/store.ts';

export interface VapidKeys {
  /** Uncompressed P-256 public key, base64url: what a browser subscribes with (GET /api/push/key). */
  readonly publicKey: string;
  readonly privateKey: string;
}

export async function vapidKeys(store: Store): Promise<VapidKeys> {
  const stored = await store.serverKey('vapid', () => JSON.stringify(webpush.generateVAPIDKeys()));
  const keys = JSON.parse(stored) as VapidKeys;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') throw new Error('the stored VAPID keys are unreadable');
  return keys;
}
