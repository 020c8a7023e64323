// Robbery's words for a screen reader (its decision in a sentence, the answers to the table's keys) in English:
// they load with the game's ear (lib/games/robbery/ear.ts), after the table has drawn. The reference dictionary of
// these words (a test checks the others have exactly these keys).

export const robberyEarEn = {
  'robbery.speak.play': 'Your turn: play a card. {cards}.',
  'robbery.speak.guard': '{thief} is stealing {tile} from you, and you have the Guard Dog: give the tile, or the dog instead.',
  'robbery.speak.discard': 'You have fewer alibis: discard banked tiles: {choices}.',
  'robbery.speak.mine': 'Your hand: {hand}. Your alibis: {alibis}. In front of you this raid: {loot}. Banked: {banked} {banked:tile|tiles}, {points} {points:point|points}.',
  'robbery.speak.table': 'Raid {n} of 4, {raid}. The middle: {middle}. {dog}. Draw pile: {deck} {deck:card|cards}; discard pile: {discard} {discard:card|cards}, the top one: {top}. Boss tiles boxed: {box}.',
  'robbery.speak.player': '{name}: {hand} {hand:card|cards} in hand; this raid: {loot}; banked: {banked} {banked:tile|tiles}.',
  'robbery.speak.playerDog': '{name}: {hand} {hand:card|cards} in hand; this raid: {loot}; banked: {banked} {banked:tile|tiles}; has the Guard Dog.',
  'robbery.speak.none': 'none',
} as const;

export type RobberyEarKey = keyof typeof robberyEarEn;
