// Dorra's Razzia's words for a screen reader (its decision in a sentence, the answers to the table's keys) in English:
// they load with the game's ear (lib/games/razzia-dorra/ear.ts), after the table has drawn. The reference dictionary of
// these words (a test checks the others have exactly these keys).

export const dorraEarEn = {
  'dorra.speak.place': 'You deal: place the extra {money} at a bar: {bars}.',
  'dorra.speak.pick': 'Choose a card to lay face down: {cards}. Its number, then Enter, lays it.',
  'dorra.speak.propose': 'You propose the split of {money} at the {bar} with {others}: give each chit to one of you. Whoever refuses duels you.',
  'dorra.speak.answer': '{name} proposes a split at the {bar} and offers you {money}. Refuse, and you duel for {stake}: you win {p}% of duels against {name}. Accept or refuse.',
  'dorra.speak.mine': 'Your hand: {hand}. On the table: {laid}. Your money: {money}.',
  'dorra.speak.bar': '{bar}: {money}.',
  'dorra.speak.barCards': '{bar}: {money}; cards: {cards}.',
  'dorra.speak.deal': 'A deal at the {bar} between {parties} for {money}.',
  'dorra.speak.table': 'Round {round} of {rounds}; {dealer} deals.',
  'dorra.speak.player': '{name}: {money}; {n} {n:card|cards} in hand; on the table: {laid}.',
} as const;

export type DorraEarKey = keyof typeof dorraEarEn;
