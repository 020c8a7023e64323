// Names people give themselves and their tables: normalised so that what is stored is what everyone sees, and
// refused when they would mislead — nothing visible, invisible or text-direction characters, or a look-alike of a
// name at the table. Judged by Unicode's properties and grapheme clusters (what people see as one character), not
// by lists of characters. No zod here: the web client uses these too, before it sends a name.

/** Control characters (Cc: line breaks and tabs included), line and paragraph separators: a name is one line. */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** Text-direction marks, embeddings, overrides and isolates (U+200E, U+202E, U+2066, …). */
const BIDI = /\p{Bidi_Control}/u;
/** Unassigned (Cn), private-use (Co) and lone surrogate (Cs) code points: nobody can tell what they show. */
const UNKNOWN = /[\p{Cn}\p{Co}\p{Cs}]/u;
/** Blanks of every kind (U+00A0, U+3000, …) become one plain space. U+2800 BRAILLE PATTERN BLANK is a symbol by
 * its category but draws nothing: it is read as the blank it looks like. */
const BLANKS = /[\p{White_Space}\u2800]+/gu;
/** Characters that draw nothing by themselves: Default_Ignorable_Code_Point (zero-width spaces and joiners, U+034F
 * COMBINING GRAPHEME JOINER, Hangul fillers, variation selectors, tags, …) and the other format characters (Cf). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
const INVISIBLE_ALL = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
/** Something visible: a letter, a number, punctuation or a symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const MARK = /^\p{M}$/u;
const JOINER = /^\p{Join_Control}$/u;
const ZWJ = '\u200d';
const VARIATION_SELECTOR = /^\p{Variation_Selector}$/u;
/** Emoji tag characters (U+E0020…U+E007F), which spell a subdivision flag after U+1F3F4 WAVING BLACK FLAG. */
const TAG = /^[\u{e0020}-\u{e007f}]$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
/** A grapheme's base on which a variation selector picks a glyph: an emoji (digits and # included, for keycaps) or
 * an ideograph (the ideographic variation sequences of CJK names). */
const VARIANT_BASE = /^[\p{Emoji}\p{Ideographic}]$/u;
/** Letters of scripts without case (Arabic, Persian, the Indic scripts, …), where a joiner changes how letters
 * join and so is seen; between cased letters (Latin, Greek, Cyrillic) it is not. */
const UNCASED_LETTER = /^[\p{Lo}\p{M}]$/u;
const UNCASED_BASE = /^\p{Lo}$/u;

/** One character as people see it holds at most this many code points: an emoji family with skin tones has 11, a
 * subdivision flag 7; a letter buried under dozens of marks ("Zalgo" text) is refused. */
export const MAX_CODE_POINTS_PER_CHARACTER = 16;

export type NameCheck = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly reason: string };

let segmenter: Intl.Segmenter | null = null;
/** The grapheme clusters of `text`: what people see as one character each. */
export function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/**
 * A name as it will be stored and shown: Unicode NFC, blanks collapsed to one space, trimmed; or why it is refused.
 * `max` counts characters as people see them (grapheme clusters), so an emoji family 👩‍👩‍👧‍👦 is one.
 *
 * Refused: control characters and line breaks; text-direction characters; unassigned, private-use and broken
 * code points; a combining mark with no letter under it; invisible characters (Default_Ignorable_Code_Point and
 * format characters), except where they make what is seen — a zero-width joiner inside an emoji sequence, a
 * variation selector on an emoji or an ideograph, the tags of a flag, and a joiner between letters of a script
 * without case (Persian, Devanagari), where it changes how they join; and a name with nothing visible.
 */
export function normaliseName(raw: string, what: 'name' | 'table name', max: number): NameCheck {
  const refuse = (reason: string): NameCheck => ({ ok: false, reason: `a ${what} ${reason}` });
  if (typeof raw !== 'string') return refuse('is text');
  if (CONTROL.test(raw)) return refuse('is one line, with no control characters');
  if (BIDI.test(raw)) return refuse('has no text-direction characters (such as U+202E)');
  if (UNKNOWN.test(raw)) return refuse('has no unassigned, private-use or broken characters');
  const name = raw.normalize('NFC').replace(BLANKS, ' ').replace(/^ | $/g, '');
  const chars = graphemes(name);
  let visible = false;
  for (const [i, char] of chars.entries()) {
    const points = [...char];
    if (points.length > MAX_CODE_POINTS_PER_CHARACTER) return refuse(`has at most ${MAX_CODE_POINTS_PER_CHARACTER} marks and joiners on one character`);
    const base = points[0] as string;
    if (MARK.test(base) || (base === ' ' && points.length > 1)) return refuse('has no accent or mark without a letter under it');
    if (!INVISIBLE.test(char)) {
      visible ||= VISIBLE.test(char);
      continue;
    }
    const next = chars[i + 1]?.codePointAt(0);
    const seen = points.every((p, j) => !INVISIBLE.test(p) || seenInvisible(points, j, next === undefined ? null : String.fromCodePoint(next)));
    if (!seen) return refuse('has no invisible characters (such as U+200B or U+034F)');
    visible ||= VISIBLE.test(char.replace(INVISIBLE_ALL, ''));
  }
  if (!visible) return refuse('needs at least one visible character');
  if (chars.length > max) return refuse(`is at most ${max} characters`);
  return { ok: true, name };
}

/** Whether the invisible code point `points[j]` of one character changes what is seen there. `next`: the first code
 * point of the following character, if any. */
function seenInvisible(points: readonly string[], j: number, next: string | null): boolean {
  const base = points[0] as string;
  const p = points[j] as string;
  if (j === 0) return false; // an invisible character on its own
  const emoji = PICTOGRAPH.test(base);
  // 👩‍👧: a joiner between two pictographs of one emoji (never its last code point).
  if (p === ZWJ && emoji && j < points.length - 1) return true;
  // ❤️, 1️⃣, 葛󠄀: a variation selector on an emoji or an ideograph.
  if (VARIATION_SELECTOR.test(p)) return VARIANT_BASE.test(base);
  // 🏴󠁧󠁢󠁳󠁣󠁴󠁿: the tags that spell a subdivision flag.
  if (TAG.test(p)) return emoji;
  // می‌خواهم, क्‍ष: a joiner between letters of a script without case (the next letter may be this character's, where
  // Unicode joins a conjunct into one, or the next character's).
  if (JOINER.test(p)) {
    const after = points[j + 1] ?? next;
    return UNCASED_BASE.test(base) && UNCASED_LETTER.test(points[j - 1] as string) && after !== null && UNCASED_BASE.test(after);
  }
  return false;
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
 * mathematical letters), accents and invisible characters (joiners, variation selectors) removed, a capital I read
 * as l, lower-cased, look-alike letters mapped to one, "rn" read as "m", "vv" as "w", blanks, dots, dashes and
 * underscores ignored. Two names with the same skeleton are refused at one table.
 */
export function nameSkeleton(name: string): string {
  const folded = name.normalize('NFKD').replace(/[\p{M}\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, '').replace(/I/g, 'l').toLowerCase();
  let out = '';
  for (const ch of folded) out += LOOK_ALIKES[ch] ?? ch;
  return out.replace(/[\s._\-–—'’`·]+/gu, '').replace(/rn/g, 'm').replace(/vv/g, 'w');
}

/** Limits, in characters as people see them (grapheme clusters). */
export const MAX_PLAYER_NAME = 24;
export const MAX_TABLE_NAME = 40;
