// Dorra's Razzia's words for a screen reader in Dutch (loaded with the game's ear).

import type { DorraEarKey } from './en.ts';

export const dorraEarNl: Record<DorraEarKey, string> = {
  'dorra.speak.place': 'Jij deelt: leg de extra {money} bij een bar: {bars}.',
  'dorra.speak.pick': 'Kies een kaart om gedekt te leggen: {cards}. Het nummer en dan Enter legt hem.',
  'dorra.speak.propose': 'Jij stelt de verdeling voor van {money} in de {bar} met {others}: geef elke fiche aan een van jullie. Wie weigert, duelleert met jou.',
  'dorra.speak.answer': '{name} stelt een verdeling voor in de {bar} en biedt je {money}. Weiger je, dan duelleer je om {stake}: je wint {p}% van de duels tegen {name}. Aanvaard of weiger.',
  'dorra.speak.mine': 'Je hand: {hand}. Op tafel: {laid}. Je geld: {money}.',
  'dorra.speak.bar': '{bar}: {money}.',
  'dorra.speak.barCards': '{bar}: {money}; kaarten: {cards}.',
  'dorra.speak.deal': 'Een deal in de {bar} tussen {parties} om {money}.',
  'dorra.speak.table': 'Ronde {round} van {rounds}; {dealer} deelt.',
  'dorra.speak.player': '{name}: {money}; {n} {n:kaart|kaarten} in de hand; op tafel: {laid}.',
};
