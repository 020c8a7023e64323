// "Continue on another device": the short code a seated player's device shows (and its QR code carries) so another
// device of theirs can hold the same seat. Its shape and how people type it, without zod, so a browser bundle can
// take it. Why it is shaped so (its size against guessing, its tries) is in docs/protocol.md.

/** Crockford's base 32: digits and capitals without I, L, O and U, which people misread or mistype. */
export const DEVICE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 12 characters, 60 bits: the first 4 say which code is being tried, the other 8 (40 bits) are its secret. */
export const DEVICE_CODE_LENGTH = 12;
/** The characters that say which code is tried: each code takes at most DEVICE_CODE_TRIES tries, right or wrong. */
export const DEVICE_CODE_ID_LENGTH = 4;
export const DEVICE_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{12}$/;
/** How long a code can be redeemed after it was made. */
export const DEVICE_CODE_TTL_MS = 10 * 60_000;
/** Tries a code takes in all, from anyone, anywhere; after that it is spent, even for the right characters. */
export const DEVICE_CODE_TRIES = 5;
/** The page of the web client where a code is entered (or arrives in the fragment of a QR code's link). */
export const DEVICE_CODE_PATH = '/continue';

/** What a person typed, as the code it means: capitals, no blanks or dashes, O read as 0, I and L as 1 (as Crockford
 * decodes); null when it cannot be a code. */
export function normaliseDeviceCode(typed: string): string | null {
  const code = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return DEVICE_CODE_PATTERN.test(code) ? code : null;
}

/** A code as people read it: three groups of four (`7KQ2-M9XA-3TRD`). */
export function formatDeviceCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}
