// Robbery's words for a screen reader in Dutch (loaded with the game's ear).

import type { RobberyEarKey } from './en.ts';

export const robberyEarNl: Record<RobberyEarKey, string> = {
  'robbery.speak.play': 'Jouw beurt: speel een kaart. {cards}.',
  'robbery.speak.guard': '{thief} steelt {tile} van jou, en jij hebt de Waakhond: geef de tegel, of de hond in plaats daarvan.',
  'robbery.speak.discard': 'Jij hebt minder alibi’s: leg gebankte tegels af: {choices}.',
  'robbery.speak.mine': 'Je hand: {hand}. Je alibi’s: {alibis}. Voor je deze overval: {loot}. Gebankt: {banked} {banked:tegel|tegels}, {points} {points:punt|punten}.',
  'robbery.speak.table': 'Overval {n} van 4, {raid}. Het midden: {middle}. {dog}. Trekstapel: {deck} {deck:kaart|kaarten}; aflegstapel: {discard} {discard:kaart|kaarten}, bovenop: {top}. Baastegels in de doos: {box}.',
  'robbery.speak.player': '{name}: {hand} {hand:kaart|kaarten} in de hand; deze overval: {loot}; gebankt: {banked} {banked:tegel|tegels}.',
  'robbery.speak.playerDog': '{name}: {hand} {hand:kaart|kaarten} in de hand; deze overval: {loot}; gebankt: {banked} {banked:tegel|tegels}; heeft de Waakhond.',
  'robbery.speak.none': 'geen',
};
