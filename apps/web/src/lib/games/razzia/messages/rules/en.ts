// The words of Razzia!'s rules page in English (loaded with that page only, not with the table): the reference
// dictionary of these words (a test checks the others have exactly these keys).

export const razziaRulesEn = {
  'rulesPage.goal.title': 'The aim',
  'rulesPage.goal': 'You are mafia bosses buying up booty at auctions, paying with cheques. The game has three rounds; after the third, whoever has the most points wins (a tie shares the win).',
  'rulesPage.setup.title': 'Set-up',
  'rulesPage.setup': 'Each player gets a set of cheques (3 with three or more players, 4 with two); the 1 lies in the centre. The 120 cards are shuffled into two piles. The player with the highest cheque opens each round.',
  'rulesPage.turn.title': 'Your turn',
  'rulesPage.turn': 'You play while you hold a face-up cheque. On your turn, do one thing: draw the top card of either pile, use thieves, or call a court auction. A drawn booty card joins the row; a police card joins the police line and starts a police auction.',
  'rulesPage.police.title': 'The police line and its last slot',
  'rulesPage.police': 'Every police card before the last starts an auction, even on an empty row. The last slot of the police line (the 7th; the 5th with two players, drawn in red on the table) is different: that police card ends the round at once — no auction, and whatever booty lies in the row is lost. A round also ends when nobody has a face-up cheque left.',
  'rulesPage.auction.title': 'Auctions: a cheque is a bid',
  'rulesPage.auction': 'Everyone holding a face-up cheque speaks once, starting left of whoever started the auction, who speaks last. To bid, choose one of your face-up cheques — on the table each of them is a bid button — higher than the highest bid so far; or pass. Whoever cannot outbid passes by themselves. The highest bid wins the whole row and the centre cheque, which they keep face down (it counts, and can be bid from next round); their own cheque goes to the centre as the next prize.',
  'rulesPage.chequeExample': 'a cheque on a bid button: choosing it bids 9',
  'rulesPage.full.title': 'A full row',
  'rulesPage.full': 'When a 7th booty card joins the row, it is auctioned at once. If everybody passes, that full row leaves the game (a police auction that nobody bids on leaves the row where it is).',
  'rulesPage.court.title': 'The court auction',
  'rulesPage.court': 'Instead of drawing you may auction the row yourself. You speak last, and if everybody before you passed you must bid. On an empty row only the centre cheque is at stake, so the table asks you to confirm.',
  'rulesPage.thieves.title': 'Thieves',
  'rulesPage.thieves': 'On your turn you may use any number of your thieves: each steals one booty card of your choice from the row into your estate, and leaves the game. No auction follows. A thief you keep scores 2 at the round’s end.',
  'rulesPage.scoring.title': 'Scoring each round',
  'rulesPage.scoring': 'Thieves 2 each. Most bodyguards +5, fewest −2 (ties all score; none counts as fewest). Trinkets by different kinds: none −5, one or two 0, three +5, four +10, all five +15. Cars and drivers 1 each, but cars only with at least one driver. Gold 3 each.',
  'rulesPage.end.title': 'Between rounds, and the end',
  'rulesPage.end': 'After each scoring, trinkets, drivers, thieves and gold leave every estate; bodyguards, cars and businesses stay. Everyone turns their cheques face up; the row and the police line are cleared; the piles carry on. After round 3 two more things score: businesses (1–6 different kinds 1–6 points, all 7 score 10; three alike +5, four alike +10) and cheques (the highest total of held cheques +5, the lowest −5).',
  'rulesPage.cards.title': 'The cards',
  'rulesPage.here.title': 'Playing here',
  'rulesPage.here': 'Tap or hover any card on the table to read what it does. Your first game shows short tips at the moments they matter. The turn-alert button on the table plays a sound, vibrates or notifies you when it is your turn while you look elsewhere.',
} as const;

export type RazziaRulesKey = keyof typeof razziaRulesEn;
