// Identifiers on the wire: unguessable, URL-safe table ids and per-browser seat tokens.

import { z } from 'zod';

/** 128 random bits, base64url (22 characters). */
export const TableIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'a table id is 22 URL-safe characters').brand<'TableId'>();
export type TableId = z.infer<typeof TableIdSchema>;

/** 256 random bits, base64url (43 characters): the per-browser secret that owns a seat. Never shown to others. */
export const TokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a token is 43 URL-safe characters').brand<'Token'>();
export type Token = z.infer<typeof TokenSchema>;

export const PlayerNameSchema = z
  .string()
  .trim()
  .min(1, 'a name needs at least one character')
  .max(24, 'a name is at most 24 characters')
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'a name has no control characters');

export const TableNameSchema = z
  .string()
  .trim()
  .min(1, 'a table name needs at least one character')
  .max(40, 'a table name is at most 40 characters')
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'a table name has no control characters');
