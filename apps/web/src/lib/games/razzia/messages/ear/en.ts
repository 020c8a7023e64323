// Razzia!'s words for a screen reader (its decision in a sentence, the answers to the table's keys) in English:
// they load with the game's ear (lib/games/razzia/ear.ts), after the table has drawn. The reference dictionary of
// these words (a test checks the others have exactly these keys).

export const razziaEarEn = {
  'speak.prizeRow': 'the row of {n} {n:card|cards} and the centre cheque {centre}',
  'speak.prizeCentre': 'the centre cheque {centre} alone',
  'speak.thievesMore': 'steal up to {n} {n:card|cards} from the row',
  'speak.callMore': 'for {prize}',
  'speak.passMore': 'on {prize}',
  'speak.bidButton': 'Bid cheque {cheque} for {prize}',
  'speak.stealButton': 'Steal {card}, card {n} of the row',
  'speak.drawEither': 'draw from pile 1 or 2',
  'speak.drawOne': 'draw from pile {n}',
  'speak.thieves': 'use thieves (up to {n} {n:card|cards})',
  'speak.call': 'call a court auction',
  'speak.turn': 'Your turn: {options}. {row} Police {police} of {limit}.',
  'speak.row': 'The row, {n} {n:card|cards}: {cards}.',
  'speak.rowEmpty': 'The row is empty.',
  'speak.noCards': 'no booty',
  'speak.high': 'Highest bid {cheque}, by {name}.',
  'speak.noHigh': 'No bid yet.',
  'speak.auction': 'Your chance to bid for {prize} ({cards}). {high} Pass, or bid {cheques}.',
  'speak.auctionPassOnly': 'Your chance to bid for {prize} ({cards}). {high} You cannot outbid: pass.',
  'speak.auctionForced': 'Everybody passed on your court auction for {prize} ({cards}): bid {cheques}.',
  'speak.auctionOn': '{kind}, started by {name}. {high} To speak: {speaker}.',
  'speak.table': 'Round {round} of 3. {row} Centre cheque {centre}. Police {police} of {limit}. Piles: {a} and {b} cards.',
  'speak.mine': 'Your cheques: {up}. Won this round: {down}. Your estate: {estate}.',
  'speak.player': '{name}: {total} points; cheques {up}; won this round {down}; estate: {estate}.',
  'speak.none': 'none',
} as const;

export type RazziaEarKey = keyof typeof razziaEarEn;
