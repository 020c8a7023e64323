// Dorra's Razzia's words for a screen reader in Spanish (loaded with the game's ear).

import type { DorraEarKey } from './en.ts';

export const dorraEarEs: Record<DorraEarKey, string> = {
  'dorra.speak.place': 'Repartes tú: pon la ficha extra de {money} en un bar: {bars}.',
  'dorra.speak.pick': 'Elige una carta para dejarla boca abajo: {cards}. Su número y luego Intro la deja.',
  'dorra.speak.propose': 'Propones el reparto de {money} en el {bar} con {others}: da cada ficha a uno de vosotros. Quien rechace se bate contigo.',
  'dorra.speak.answer': '{name} propone un reparto en el {bar} y te ofrece {money}. Si rechazas, te bates por {stake}: ganas el {p}% de los duelos contra {name}. Acepta o rechaza.',
  'dorra.speak.mine': 'Tu mano: {hand}. En la mesa: {laid}. Tu dinero: {money}.',
  'dorra.speak.bar': '{bar}: {money}.',
  'dorra.speak.barCards': '{bar}: {money}; cartas: {cards}.',
  'dorra.speak.deal': 'Un trato en el {bar} entre {parties} por {money}.',
  'dorra.speak.table': 'Ronda {round} de {rounds}; reparte {dealer}.',
  'dorra.speak.player': '{name}: {money}; {n} {n:carta|cartas} en la mano; en la mesa: {laid}.',
};
