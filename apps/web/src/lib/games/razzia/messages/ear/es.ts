// Razzia!'s words for a screen reader in Spanish (loaded with the game's ear).

import type { RazziaEarKey } from './en.ts';

export const razziaEarEs: Record<RazziaEarKey, string> = {
  'speak.prizeRow': 'la fila de {n} {n:carta|cartas} y el fajo del centro ({centre})',
  'speak.prizeCentre': 'solo el fajo del centro ({centre})',
  'speak.thievesMore': 'robar hasta {n} {n:carta|cartas} de la fila',
  'speak.callMore': 'por {prize}',
  'speak.passMore': 'en {prize}',
  'speak.bidButton': 'Pujar el fajo {cheque} por {prize}',
  'speak.stealButton': 'Robar {card}, carta {n} de la fila',
  'speak.drawEither': 'robar del mazo 1 o 2',
  'speak.drawOne': 'robar del mazo {n}',
  'speak.thieves': 'usar ladrones (hasta {n} {n:carta|cartas})',
  'speak.call': 'convocar una subasta judicial',
  'speak.turn': 'Tu turno: {options}. {row} Policía {police} de {limit}.',
  'speak.row': 'La fila, {n} {n:carta|cartas}: {cards}.',
  'speak.rowEmpty': 'La fila está vacía.',
  'speak.noCards': 'sin botín',
  'speak.high': 'Puja más alta {cheque}, de {name}.',
  'speak.noHigh': 'Aún no hay puja.',
  'speak.auction': 'Tu ocasión de pujar por {prize} ({cards}). {high} Pasa, o puja {cheques}.',
  'speak.auctionPassOnly': 'Tu ocasión de pujar por {prize} ({cards}). {high} No puedes superarla: pasa.',
  'speak.auctionForced': 'Todos pasaron en tu subasta judicial por {prize} ({cards}): puja {cheques}.',
  'speak.auctionOn': '{kind}, iniciada por {name}. {high} Le toca hablar a: {speaker}.',
  'speak.table': 'Ronda {round} de 3. {row} Fajo del centro: {centre}. Policía {police} de {limit}. Mazos: {a} y {b} cartas.',
  'speak.mine': 'Tus fajos: {up}. Ganados esta ronda: {down}. Tus bienes: {estate}.',
  'speak.player': '{name}: {total} puntos; fajos {up}; ganados esta ronda {down}; bienes: {estate}.',
  'speak.none': 'ninguno',
};
