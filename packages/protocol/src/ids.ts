// Identifiers and names on the wire: unguessable, URL-safe table ids and per-browser tokens; names normalised.

import { z } from 'zod';
import { MAX_CODE_POINTS_PER_CHARACTER, MAX_PLAYER_NAME, MAX_TABLE_NAME, normaliseName } from './names.ts';

/** 128 random bits, base64url (22 characters). */
export const TableIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'a table id is 22 URL-safe characters').brand<'TableId'>();
export type TableId = z.infer<typeof TableIdSchema>;

/** 256 random bits, base64url (43 characters): the per-browser secret that owns a seat. Only tokens the server
 * issued count; never shown to others. */
export const TokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a token is 43 URL-safe characters').brand<'Token'>();
export type Token = z.infer<typeof TokenSchema>;

const nameSchema = (what: 'name' | 'table name', max: number) =>
  z
    .string()
    // A bound before the real count (grapheme clusters): no character of a name is longer than this.
    .max(max * MAX_CODE_POINTS_PER_CHARACTER * 2, `a ${what} is at most ${max} characters`)
    .transform((raw, ctx) => {
      const checked = normaliseName(raw, what, max);
      if (checked.ok) return checked.name;
      ctx.addIssue({ code: 'custom', message: checked.reason });
      return z.NEVER;
    });

/** A player's name: 1 to 24 characters as people see them (grapheme clusters), something visible among them,
 * normalised (see names.ts). */
export const PlayerNameSchema = nameSchema('name', MAX_PLAYER_NAME);
/** A table's name: 1 to 40 visible characters, normalised. */
export const TableNameSchema = nameSchema('table name', MAX_TABLE_NAME);
