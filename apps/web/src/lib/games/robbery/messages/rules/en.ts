// The words of Robbery's rules page in English (loaded with that page only, not with the table): the reference
// dictionary of these words (a test checks the others have exactly these keys).

export const robberyRulesEn = {
  'robbery.rulesPage.goal.title': 'The aim',
  'robbery.rulesPage.goal': 'You are thieves on four raids — sketches, sculptures, antiquities, paintings — each with nine loot tiles. After the fourth raid the most loot wins. But loot is not everything: alibis keep you out of jail. With three to five players, whoever has the fewest alibis is arrested and cannot win; with two, the one with fewer alibis gives up 10 points of loot.',
  'robbery.rulesPage.setup.title': 'Set-up',
  'robbery.rulesPage.setup': 'The 55 cards are shuffled and everyone gets five; the rest is the face-down draw pile. The first raid’s nine tiles and the Guard Dog figure stand in the middle. The first player starts.',
  'robbery.rulesPage.turn.title': 'Your turn',
  'robbery.rulesPage.turn': 'Play one card from your hand face up onto the discard pile and do what it says; then draw back to five cards. You may play any card, even one that takes nothing. When the draw pile runs out, the discard pile is shuffled into a new one.',
  'robbery.rulesPage.number.title': 'Number cards',
  'robbery.rulesPage.number': 'A 0 to 5 takes the tile of its value from the middle. If the middle has none left, it must steal one from another player’s tiles of the current raid (if several have one, you choose whom). If nobody else has one, nothing happens. A number card never takes the Boss tile.',
  'robbery.rulesPage.boss.title': 'The Boss',
  'robbery.rulesPage.boss': 'The Boss card takes the raid’s Boss tile, from the middle or from whoever holds it. The Boss tile is worth 5 points — but only if its holder also has a 4 or a 5 of that raid when the raid ends; otherwise it goes back to the box.',
  'robbery.rulesPage.dog.title': 'The Guard Dog',
  'robbery.rulesPage.dog': 'The Guard Dog card takes the dog figure, from the middle or from another player. Whoever has the dog, when someone steals from them, chooses: hand over the tile, or hand over the dog instead. The dog scores nothing, but it protects, and its holder starts the next raid.',
  'robbery.rulesPage.greedy.title': 'The Greedy Thief',
  'robbery.rulesPage.greedy': 'The Greedy Thief takes any one tile of your choice from the middle, the Boss tile included — never from a player.',
  'robbery.rulesPage.safe.title': 'In front of you, and banked',
  'robbery.rulesPage.safe': 'The tiles you take this raid lie face up in front of you, where anyone may steal them. When the raid ends you bank them face down: from then on they are safe, and only you may look at them. The others see only how many you banked of each raid. Online, this table remembers for you only if its host switched on the memory aid: without it, once a raid is banked the log says only who played and who took a tile, never which (ours).',
  'robbery.rulesPage.raidEnd.title': 'The end of a raid',
  'robbery.rulesPage.raidEnd': 'A raid ends the moment its last tile leaves the middle (the player still draws). First the Boss check, then everyone banks their tiles, then the next raid’s tiles go to the middle. The Guard Dog’s holder starts the next raid; if the dog is still in the middle, the next player does. Hands and the piles carry on.',
  'robbery.rulesPage.alibis.title': 'Alibis',
  'robbery.rulesPage.alibis': 'Some tiles carry red alibi dots: every raid’s 0 has two, and later raids put dots on more low tiles (and on the last raid’s 4 and 5). Here are all 36 tiles:',
  'robbery.rulesPage.end.title': 'The end',
  'robbery.rulesPage.end': 'After the fourth raid everyone counts their alibi dots. Three to five players: the fewest alibis are arrested — all who tie — unless everyone has the same. Two players: the one with fewer alibis discards banked tiles worth exactly 10 points (or as little above 10 as possible; all of them if they hold less). Then everyone shows their loot: the tiles’ values, the Boss tile 5. The highest score among those not arrested wins; a tie goes to the most alibis.',
  'robbery.rulesPage.cards.title': 'The cards',
  'robbery.rulesPage.counts': '6 of each number, 6 Bosses, 6 Guard Dogs and 7 Greedy Thieves.',
  'robbery.rulesPage.here.title': 'Playing here',
  'robbery.rulesPage.here': 'On your turn every card in your hand lists what it can do, in words — “Take the 3”, “Steal the 5 from Ann” — and one tap does it. Tap or hover a card to read its help. “Since your last turn” shows what the others did: steals in red, a raid’s end with its Boss check. Your own banked tiles are under “Your bank” in your panel, for your eyes only. The turn-alert button on the table tells you when it is your turn while you look elsewhere.',
} as const;

export type RobberyRulesKey = keyof typeof robberyRulesEn;
