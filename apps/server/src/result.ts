// Replies as values: every command returns one of these, never throws for a client's mistake.

import type { ErrorCode, WireError } from '@razzia/protocol';

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: WireError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export function fail<T = never>(code: ErrorCode, message: string, rule?: { code: string; rule: string }): Result<T> {
  return { ok: false, error: rule ? { code, message, rule } : { code, message } };
}
