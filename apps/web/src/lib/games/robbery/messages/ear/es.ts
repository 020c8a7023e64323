// Robbery's words for a screen reader in Spanish (loaded with the game's ear).

import type { RobberyEarKey } from './en.ts';

export const robberyEarEs: Record<RobberyEarKey, string> = {
  'robbery.speak.play': 'Tu turno: juega una carta. {cards}.',
  'robbery.speak.guard': '{thief} te roba {tile}, y tienes el Perro guardián: entrega la ficha, o el perro en su lugar.',
  'robbery.speak.discard': 'Tienes menos coartadas: descarta fichas guardadas: {choices}.',
  'robbery.speak.mine': 'Tu mano: {hand}. Tus coartadas: {alibis}. Delante de ti en este golpe: {loot}. Guardadas: {banked} {banked:ficha|fichas}, {points} {points:punto|puntos}.',
  'robbery.speak.table': 'Golpe {n} de 4, {raid}. El centro: {middle}. {dog}. Mazo: {deck} {deck:carta|cartas}; descartes: {discard} {discard:carta|cartas}, arriba: {top}. Fichas del Jefe en la caja: {box}.',
  'robbery.speak.player': '{name}: {hand} {hand:carta|cartas} en la mano; este golpe: {loot}; guardadas: {banked} {banked:ficha|fichas}.',
  'robbery.speak.playerDog': '{name}: {hand} {hand:carta|cartas} en la mano; este golpe: {loot}; guardadas: {banked} {banked:ficha|fichas}; tiene el Perro guardián.',
  'robbery.speak.none': 'ninguna',
};
