// The words of Dorra's Razzia's rules page in Dutch (the keys of en.ts).

import type { DorraRulesKey } from './en.ts';

export const dorraRulesNl: Record<DorraRulesKey, string> = {
  'dorra.rulesPage.goal.title': 'Het doel',
  'dorra.rulesPage.goal': 'Drie tot acht spelers sturen gokkers en politie-invallen naar de bars van de stad om het geld te verzamelen dat daar ligt. Na de laatste ronde wint de rijkste speler; wie samen het meeste geld heeft, deelt de winst.',
  'dorra.rulesPage.setup.title': 'Kaarten, bars en geld',
  'dorra.rulesPage.setup': 'Zes bars staan van links naar rechts: Colibri, Havana, Cotton Club, Jungle, Lincoln en Jazz House. Elke bar heeft kaarten in zijn eigen kleur: gokkers met dobbelsteengetal 1 tot 6 en razziakaarten met 3 tot 6. Het getal is de sterkte van een kaart. Het geld bestaat uit fiches van $5k tot $50k, gedekt geschud tot één voorraad. Iedereen heeft vijf kaarten. Met drie spelers worden alleen de eerste vier bars gebruikt en duurt het spel 15 rondes; anders 12.',
  'dorra.rulesPage.round.title': 'Een ronde begint',
  'dorra.rulesPage.round': 'De gever legt bij elke bar één fiche uit de voorraad open, neemt er dan nog één en legt die bij een bar naar keuze; iedereen ziet het terwijl hij kiest. Geld dat niemand wint, blijft bij zijn bar liggen voor latere rondes, zodat bars rijk kunnen worden.',
  'dorra.rulesPage.pick.title': 'Iedereen kiest tegelijk',
  'dorra.rulesPage.pick': 'Elke speler kiest één kaart uit zijn hand en legt ze gedekt, allemaal tegelijk. Een kaart kan alleen naar de bar van haar kleur, dus een kaart kiezen is een bar kiezen. Zodra de laatste gekozen heeft, gaan alle kaarten samen open en worden de bars één voor één afgerekend, van links naar rechts.',
  'dorra.rulesPage.bar.title': 'Een bar afrekenen',
  'dorra.rulesPage.bar': 'Geen kaart in een bar: het geld blijft liggen. Eén gokker en geen razzia: de gokker neemt al het geld. Een razziakaart verslaat de gokkers: zij krijgen niets, en een invaller alleen neemt alles. Razziakaarten zonder gokker: de razzia mislukt en het geld blijft liggen. Twee of meer spelers die samen winnen (gokkers, of invallers) sluiten een deal.',
  'dorra.rulesPage.deal.title': 'Een deal',
  'dorra.rulesPage.deal': 'De sterkste kaart stelt voor hoe al het geld in de bar verdeeld wordt. Elk fiche gaat heel naar één partij, de voorsteller inbegrepen; er wordt niet gewisseld, en een partij mag niets krijgen. Tussen gelijke kaarten (mogelijk met zeven of acht spelers) is de kaart van wie het verst met de klok mee van de gever zit de sterkste. De fiches zijn openbaar zodra ze gegeven worden.',
  'dorra.rulesPage.answer.title': 'Aanvaarden of weigeren',
  'dorra.rulesPage.answer': 'Daarna antwoorden alle andere partijen tegelijk, in het geheim: iedereen ziet alleen wie geantwoord heeft, tot het laatste antwoord ze allemaal toont. Aanvaardt iedereen, dan neemt ieder zijn deel. Anders nemen de aanvaarders hun deel, en vechten de voorsteller en de weigeraars om de rest — het deel van de voorsteller en dat van de weigeraars samen — in duels: de voorsteller duelleert eerst met de zwakste weigeraar, de winnaar met de volgende zwakste, enzovoort; de laatste winnaar neemt de rest.',
  'dorra.rulesPage.duel.title': 'Een duel',
  'dorra.rulesPage.duel': 'Wie de sterkste kaart heeft, gooit eerst de dobbelsteen, dan de ander. Elk telt het getal van zijn kaart bij zijn worp, en het hoogste totaal wint. Bij een gelijk totaal wint de zwakkere kaart (tussen gelijke kaarten wie het verst met de klok mee van de gever zit). De server gooit de dobbelstenen op het moment van het duel: niemand, ook de server niet, kent ze vooraf.',
  'dorra.rulesPage.end.title': 'De volgende ronde, en het einde',
  'dorra.rulesPage.end': 'Gespeelde kaarten gaan naar de aflegstapel; de volgende speler met de klok mee wordt gever en geeft iedereen een kaart, terug naar vijf (een lege stapel wordt opnieuw gemaakt uit de aflegstapel). Het spel eindigt na de ronde waarin de laatste fiches uitgelegd werden; geld dat nog bij de bars ligt, is van niemand. De rijkste speler wint.',
  'dorra.rulesPage.cards.title': 'De kaarten',
  'dorra.rulesPage.cards': 'Een kaart toont de naam en kleur van haar bar, haar dobbelsteengetal en of ze een gokker of een razzia is. Tik of klik op een kaart om te lezen wat ze doet.',
  'dorra.rulesPage.here.title': 'Hier spelen',
  'dorra.rulesPage.here': 'De tafel toont wie gekozen heeft, nooit wat, met een klok voor elke speler die nog moet kiezen als de tafel klokken heeft. Na het omdraaien speelt de tafel de ronde bar per bar af — het geld dat verhuist, elke deal, de dobbelstenen van elk duel — en je kunt vooruitspringen; met animaties uit zie je de uitkomst meteen. Als voorsteller schik je de hele verdeling op het scherm en stel je ze dan voor; de tafel geeft de fiches één voor één. Elke bar toont wat er gebeurde tot het volgende omdraaien, en het logboek zegt het in woorden.',
};
