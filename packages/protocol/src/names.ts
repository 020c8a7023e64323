// Names people give themselves and their tables: normalised so that what is stored is what everyone sees, and
// refused when they would mislead — empty to the eye, text direction overrides, or a look-alike of a name at the
// table. No zod here: the web client uses these too, before it sends a name.

/** Control characters (Cc): never in a name. */
const CONTROL = /\p{Cc}/u;
/** Format characters (Cf): zero-width spaces and joiners, bidi embeddings, overrides and isolates, BOM, … */
const FORMAT = /\p{Cf}/u;
/** Something visible: a letter, a mark on one, a number, punctuation or a symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** Blank characters of any kind (NBSP, ideographic space, …), collapsed to one plain space. */
const BLANKS = /[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\u3164\uffa0]+/gu;

export type NameCheck = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: string };

/**
 * A name as it will be stored and shown: Unicode NFC, blanks collapsed, trimmed; or why it is refused. `max` counts
 * characters as people see them (code points), not UTF-16 units.
 */
export function normaliseName(raw: string, what: 'name' | 'table name', max: number): NameCheck {
  if (typeof raw !== 'string') return { ok: false, reason: `a ${what} is text` };
  if (CONTROL.test(raw.replace(/[\t\n\r]/g, ' '))) return { ok: false, reason: `a ${what} has no control characters` };
  if (FORMAT.test(raw)) return { ok: false, reason: `a ${what} has no invisible or text-direction characters (such as U+200B or U+202E)` };
  const name = raw.normalize('NFC').replace(BLANKS, ' ').trim();
  if (!VISIBLE.test(name)) return { ok: false, reason: `a ${what} needs at least one visible character` };
  const length = [...name].length;
  if (length > max) return { ok: false, reason: `a ${what} is at most ${max} characters` };
  return { ok: true, name };
}

/**
 * Letters that look alike across scripts, by the Latin letter they pass for (after lower-casing and removing
 * accents). A compact subset of Unicode's confusables (UTS #39) covering Cyrillic, Greek and digit look-alikes.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: 'a', ӓ: 'a', ɑ: 'a', α: 'a', в: 'b', ь: 'b', с: 'c', ϲ: 'c', ԁ: 'd', е: 'e', ё: 'e', є: 'e', ε: 'e', ҽ: 'e',
  ғ: 'f', ɡ: 'g', һ: 'h', н: 'h', і: 'l', ї: 'l', ı: 'l', ι: 'l', ӏ: 'l', ј: 'j', ϳ: 'j', к: 'k', κ: 'k', м: 'm',
  п: 'n', η: 'n', о: 'o', ο: 'o', σ: 'o', ө: 'o', р: 'p', ρ: 'p', ԛ: 'q', г: 'r', ѕ: 's', т: 't', τ: 't', υ: 'u',
  ц: 'u', ѵ: 'v', ν: 'v', ѡ: 'w', ω: 'w', х: 'x', χ: 'x', у: 'y', γ: 'y', ү: 'y', з: '3', ʒ: '3', '0': 'o', '1': 'l',
  '|': 'l',
};

/**
 * What a name looks like, for telling look-alikes apart: compatibility-folded (NFKD: full-width, ligatures,
 * mathematical letters), accents removed, a capital I read as l, lower-cased, look-alike letters mapped to one, "rn"
 * read as "m", "vv" as "w", blanks, dots, dashes and underscores ignored. Two names with the same skeleton are
 * refused at one table.
 */
export function nameSkeleton(name: string): string {
  const folded = name.normalize('NFKD').replace(/\p{M}/gu, '').replace(/I/g, 'l').toLowerCase();
  let out = '';
  for (const ch of folded) out += LOOK_ALIKES[ch] ?? ch;
  return out.replace(/[\s._\-–—'’`·]+/gu, '').replace(/rn/g, 'm').replace(/vv/g, 'w');
}

/** Limits, in characters as people see them. */
export const MAX_PLAYER_NAME = 24;
export const MAX_TABLE_NAME = 40;
