// Unguessable identifiers: table ids (128 random bits) and per-browser tokens (256 bits), both base64url.
// Only a token's SHA-256 is ever stored, so a copy of the database cannot act for anybody.

import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Random } from '@razzia/contract';
import type { TableId, Token } from '@razzia/protocol';

export function newTableId(): TableId {
  return randomBytes(16).toString('base64url') as TableId;
}

export function newToken(): Token {
  return randomBytes(32).toString('base64url') as Token;
}

/** A token's stored form. */
export type TokenHash = string & { readonly __brand: 'TokenHash' };

export function hashToken(token: Token): TokenHash {
  return createHash('sha256').update(token).digest('base64url') as TokenHash;
}

/** A fresh secret for things only the server knows (bot randomness per table). */
export function newSecretSeed(): string {
  return randomBytes(16).toString('base64url');
}

/** The server's randomness for deals, dice and shuffles: the operating system's CSPRNG, never stored or sent. */
export const secureRandom: Random = { int: (n: number) => randomInt(n) };
