// The words of Dorra's Razzia's rules page in English (loaded with that page only, not with the table): the
// reference dictionary of these words (a test checks the others have exactly these keys).

export const dorraRulesEn = {
  'dorra.rulesPage.goal.title': 'The aim',
  'dorra.rulesPage.goal': 'Three to eight players send gamblers and police raids into the bars of the town to collect the money lying there. After the last round the richest player wins; players tied for the most money share the win.',
  'dorra.rulesPage.setup.title': 'Cards, bars and money',
  'dorra.rulesPage.setup': 'Six bars stand left to right: Colibri, Havana, Cotton Club, Jungle, Lincoln and Jazz House. Each bar has its own colour of cards: gamblers with dice numbers 1 to 6 and raid cards with 3 to 6. The dice number is a card’s strength. The money is in chits of $5k to $50k, shuffled face down into one supply. Everyone holds five cards. With three players only the first four bars are used and the game has 15 rounds; otherwise 12.',
  'dorra.rulesPage.round.title': 'A round begins',
  'dorra.rulesPage.round': 'The dealer lays one chit from the supply face up at each bar, then takes one more and places it at the bar of their choice; everybody sees it while they choose. Money nobody wins stays at its bar for later rounds, so bars can grow rich.',
  'dorra.rulesPage.pick.title': 'Everybody chooses at once',
  'dorra.rulesPage.pick': 'Each player chooses one card of their hand and lays it face down, all at the same time. A card can only go to the bar of its colour, so choosing a card is choosing a bar. When the last player has chosen, all cards turn over together and the bars are settled one after the other, from left to right.',
  'dorra.rulesPage.bar.title': 'Settling a bar',
  'dorra.rulesPage.bar': 'No card at a bar: its money stays. One gambler and no raid: the gambler takes all the money. A raid card beats the gamblers: they get nothing, and a lone raider takes all. Raid cards with no gambler: the raid fails and the money stays. Two or more players who win together (gamblers, or raiders) make a deal.',
  'dorra.rulesPage.deal.title': 'A deal',
  'dorra.rulesPage.deal': 'The strongest card proposes how to split all the money at the bar. Every chit goes whole to one party, the proposer included; no change is made, and a party may get nothing. Between equal cards (possible with seven or eight players) the card of the player sitting furthest clockwise from the dealer is stronger. The chits given so far are public as they are given.',
  'dorra.rulesPage.answer.title': 'Accept or refuse',
  'dorra.rulesPage.answer': 'Every other party then answers at once, in secret: everyone sees only who has answered, until the last answer shows them all. If all accept, each takes their share. Otherwise the acceptors take theirs, and the proposer and the refusers fight for the rest — the proposer’s share and the refusers’ shares together — in duels: the proposer first duels the weakest refuser, the winner the next weakest, and so on; the last winner takes the rest.',
  'dorra.rulesPage.duel.title': 'A duel',
  'dorra.rulesPage.duel': 'The player with the stronger card rolls the die first, then the other. Each adds their card’s dice number to their roll, and the higher total wins. On equal totals the weaker card wins (between equal cards, the player furthest clockwise from the dealer). The dice are rolled by the server at the moment of the duel: nobody, not even the server, knows them before.',
  'dorra.rulesPage.end.title': 'The next round, and the end',
  'dorra.rulesPage.end': 'Played cards go to the discard pile; the next player clockwise becomes dealer and deals everyone a card, back to five (an empty deck is rebuilt from the discard pile). The game ends after the round in which the last chits were laid out; money still lying at the bars belongs to nobody. The richest player wins.',
  'dorra.rulesPage.cards.title': 'The cards',
  'dorra.rulesPage.cards': 'A card shows its bar’s name and colour, its dice number and whether it is a gambler or a raid. Tap or click a card to read what it does.',
  'dorra.rulesPage.here.title': 'Playing here',
  'dorra.rulesPage.here': 'The table shows who has chosen, never what, with a clock for each player still to choose when the table has clocks. After the reveal the table plays the round out bar by bar — the money moving, each deal, each duel’s dice — and you can skip ahead; with animations off you see the outcome at once. As the proposer you arrange the whole split on screen and then propose it; the table gives the chits one by one. Every bar shows what happened there until the next reveal, and the log says it in words.',
} as const;

export type DorraRulesKey = keyof typeof dorraRulesEn;
