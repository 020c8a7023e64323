// Device codes themselves: drawn from the server's CSPRNG, stored only as a salted scrypt hash. scrypt rather than a
// fast hash because a code's secret is short (40 bits): a stolen copy of the store must not let anyone work a live
// code out within its ten minutes (docs/protocol.md has the arithmetic).

import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { DEVICE_CODE_ALPHABET, DEVICE_CODE_ID_LENGTH, DEVICE_CODE_LENGTH } from '@razzia/protocol';

/** scrypt's cost: 16 MB and some tens of milliseconds a hash on a server core (RFC 7914's interactive setting). */
const SCRYPT = { N: 1 << 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_BYTES = 32;

/** A fresh code: 12 characters of Crockford's base 32, each drawn uniformly. */
export function newDeviceCode(): string {
  let code = '';
  for (let i = 0; i < DEVICE_CODE_LENGTH; i++) code += DEVICE_CODE_ALPHABET[randomInt(DEVICE_CODE_ALPHABET.length)];
  return code;
}

/** The characters that say which code a try is for. */
export function deviceCodeId(code: string): string {
  return code.slice(0, DEVICE_CODE_ID_LENGTH);
}

function derive(code: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(code, salt, KEY_BYTES, SCRYPT, (e, key) => (e ? reject(e) : resolve(key))));
}

/** The stored form of a code: `<salt>.<scrypt key>`, base64url. */
export async function hashDeviceCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  return `${salt.toString('base64url')}.${(await derive(code, salt)).toString('base64url')}`;
}

/** Whether `code` is the one `stored` was made from (in constant time). */
export async function deviceCodeMatches(code: string, stored: string): Promise<boolean> {
  const [salt, key] = stored.split('.');
  if (!salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(code, Buffer.from(salt, 'base64url'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
