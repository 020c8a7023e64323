// Razzia!'s words for a screen reader in Dutch (loaded with the game's ear).

import type { RazziaEarKey } from './en.ts';

export const razziaEarNl: Record<RazziaEarKey, string> = {
  'speak.prizeRow': 'de rij van {n} {n:kaart|kaarten} en de cheque in het midden ({centre})',
  'speak.prizeCentre': 'alleen de cheque in het midden ({centre})',
  'speak.thievesMore': 'steel tot {n} {n:kaart|kaarten} uit de rij',
  'speak.callMore': 'voor {prize}',
  'speak.passMore': 'voor {prize}',
  'speak.bidButton': 'Bied cheque {cheque} voor {prize}',
  'speak.stealButton': 'Steel {card}, kaart {n} van de rij',
  'speak.drawEither': 'trek van stapel 1 of 2',
  'speak.drawOne': 'trek van stapel {n}',
  'speak.thieves': 'zet dieven in (tot {n} {n:kaart|kaarten})',
  'speak.call': 'roep een veiling op bevel van de rechtbank uit',
  'speak.turn': 'Jouw beurt: {options}. {row} Agenten {police} van {limit}.',
  'speak.row': 'De rij, {n} {n:kaart|kaarten}: {cards}.',
  'speak.rowEmpty': 'De rij is leeg.',
  'speak.noCards': 'geen buit',
  'speak.high': 'Hoogste bod {cheque}, van {name}.',
  'speak.noHigh': 'Nog geen bod.',
  'speak.auction': 'Jouw kans om te bieden op {prize} ({cards}). {high} Pas, of bied {cheques}.',
  'speak.auctionPassOnly': 'Jouw kans om te bieden op {prize} ({cards}). {high} Je kunt niet overbieden: pas.',
  'speak.auctionForced': 'Iedereen paste bij jouw veiling op bevel van de rechtbank voor {prize} ({cards}): bied {cheques}.',
  'speak.auctionOn': '{kind}, begonnen door {name}. {high} Aan het woord: {speaker}.',
  'speak.table': 'Ronde {round} van 3. {row} Cheque in het midden: {centre}. Agenten {police} van {limit}. Stapels: {a} en {b} kaarten.',
  'speak.mine': 'Jouw cheques: {up}. Deze ronde gewonnen: {down}. Jouw bezit: {estate}.',
  'speak.player': '{name}: {total} punten; cheques {up}; deze ronde gewonnen {down}; bezit: {estate}.',
  'speak.none': 'geen',
};
