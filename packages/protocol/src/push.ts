// Web Push: a browser's subscription as a client sends it, and what a push message carries (encrypted by the
// server to that browser alone, RFC 8291; the service worker reads it and shows the notification).

import { z } from 'zod';
import { GameIdSchema, SeatSchema } from './table.ts';
import { TableIdSchema } from './ids.ts';

/** base64url without padding: `bytes` bytes are exactly this many characters. */
const base64url = (what: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `${what} is base64url`)
    .length(Math.ceil((bytes * 4) / 3), `${what} is ${bytes} bytes`);

/** What `PushSubscription.toJSON()` gives in a browser (its expirationTime is not needed). Strict: unknown keys are
 * refused, as everywhere in the protocol. */
export const PushSubscriptionSchema = z.strictObject({
  /** The push service's URL for this browser: https, at most 1000 characters (the server also checks that its host
   * is a public address). */
  endpoint: z
    .url({ protocol: /^https$/, error: 'endpoint is an https URL' })
    .max(1000)
    .regex(/^https:\/\//, 'endpoint is an https URL'),
  keys: z.strictObject({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url('keys.p256dh', 65),
    /** The browser's authentication secret (16 bytes). */
    auth: base64url('keys.auth', 16),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

export { VISIBLE_FOR_MS } from './constants.ts';

const PushTableSchema = z.strictObject({
  table: TableIdSchema,
  /** The table's name, as its people gave it. */
  name: z.string(),
  game: GameIdSchema,
  seat: SeatSchema,
  /** When the decision's clock runs out (server time, ms), or null without a clock. */
  deadline: z.int().nullable(),
});

/**
 * What a push message holds (JSON, encrypted to the receiving browser): the words to show, where a tap leads, a
 * tag (a newer notification with the same tag replaces the older), and the same as data. Never anything hidden:
 * a seat's own decision types at most.
 */
export const PushPayloadSchema = z.discriminatedUnion('type', [
  /** One of your decisions opened: `awaited` are the types of your legal decisions ("bid", "pass"). */
  z.strictObject({ type: z.literal('turn'), title: z.string(), body: z.string(), url: z.string(), tag: z.string(), count: z.int().min(0), awaited: z.array(z.string()), ...PushTableSchema.shape }),
  /** A game you played in ended. */
  z.strictObject({ type: z.literal('over'), title: z.string(), body: z.string(), url: z.string(), tag: z.string(), count: z.int().min(0), ...PushTableSchema.shape }),
  /** You missed three deadlines in a row: a bot plays your seat for the rest of the game. */
  z.strictObject({ type: z.literal('replaced'), title: z.string(), body: z.string(), url: z.string(), tag: z.string(), count: z.int().min(0), ...PushTableSchema.shape }),
  /** Several of your decisions opened at once: one notification for all of them (its link: My tables). */
  z.strictObject({ type: z.literal('digest'), title: z.string(), body: z.string(), url: z.string(), tag: z.string(), count: z.int().min(0), tables: z.array(PushTableSchema).max(50) }),
]);
export type PushPayload = z.infer<typeof PushPayloadSchema>;
