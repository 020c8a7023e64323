// The words of Robbery's rules page in Dutch (the same keys as en.ts, checked by a test).

import type { RobberyRulesKey } from './en.ts';

export const robberyRulesNl: Record<RobberyRulesKey, string> = {
  'robbery.rulesPage.goal.title': 'Het doel',
  'robbery.rulesPage.goal': 'Jullie zijn dieven op vier kraken — schetsen, beelden, antiek, schilderijen — met elk negen buittegels. Na de vierde kraak wint de meeste buit. Maar buit is niet alles: alibi’s houden je uit de cel. Met drie tot vijf spelers wordt wie de minste alibi’s heeft gearresteerd en kan niet winnen; met twee levert wie minder alibi’s heeft 10 punten buit in.',
  'robbery.rulesPage.setup.title': 'Voorbereiding',
  'robbery.rulesPage.setup': 'De 55 kaarten worden geschud en iedereen krijgt er vijf; de rest is de gesloten trekstapel. De negen tegels van de eerste kraak en het Waakhond-figuur staan in het midden. De eerste speler begint.',
  'robbery.rulesPage.turn.title': 'Jouw beurt',
  'robbery.rulesPage.turn': 'Speel één kaart uit je hand open op de aflegstapel en voer hem uit; trek dan aan tot vijf kaarten. Je mag elke kaart spelen, ook een die niets neemt. Is de trekstapel op, dan wordt de aflegstapel tot een nieuwe geschud.',
  'robbery.rulesPage.number.title': 'Getalkaarten',
  'robbery.rulesPage.number': 'Een 0 tot 5 neemt de tegel met die waarde uit het midden. Ligt die er niet meer, dan moet hij er een stelen uit de tegels van de lopende kraak van een andere speler (hebben meerderen er een, dan kies jij van wie). Heeft niemand anders er een, dan gebeurt er niets. Een getalkaart neemt nooit de Baas-tegel.',
  'robbery.rulesPage.boss.title': 'De Baas',
  'robbery.rulesPage.boss': 'De Baas-kaart neemt de Baas-tegel van de kraak, uit het midden of van wie hem heeft. De Baas-tegel is 5 punten waard — maar alleen als wie hem heeft aan het eind van de kraak ook een 4 of 5 van die kraak heeft; anders gaat hij terug in de doos.',
  'robbery.rulesPage.dog.title': 'De Waakhond',
  'robbery.rulesPage.dog': 'De Waakhond-kaart neemt het hondenfiguur, uit het midden of van een andere speler. Wie de hond heeft en bestolen wordt, kiest: de tegel geven, of in plaats daarvan de hond. De hond is niets waard, maar hij beschermt, en wie hem heeft begint de volgende kraak.',
  'robbery.rulesPage.greedy.title': 'De Hebzuchtige Dief',
  'robbery.rulesPage.greedy': 'De Hebzuchtige Dief neemt één tegel naar keuze uit het midden, ook de Baas-tegel — nooit van een speler.',
  'robbery.rulesPage.safe.title': 'Voor je, en gebankt',
  'robbery.rulesPage.safe': 'De tegels die je deze kraak neemt, liggen open voor je, waar iedereen ze kan stelen. Aan het eind van de kraak bank je ze gesloten: vanaf dan zijn ze veilig en mag alleen jij ze bekijken. De anderen zien alleen hoeveel je van elke kraak gebankt hebt. Online onthoudt de tafel het alleen voor je als de gastheer de geheugensteun aanzette: zonder die zegt het logboek na het banken alleen nog wie speelde en wie een tegel nam, nooit welke (onze keuze).',
  'robbery.rulesPage.raidEnd.title': 'Het eind van een kraak',
  'robbery.rulesPage.raidEnd': 'Een kraak eindigt zodra de laatste tegel het midden verlaat (de speler trekt nog wel). Eerst de baascontrole, dan bankt iedereen zijn tegels, dan gaan de tegels van de volgende kraak naar het midden. Wie de Waakhond heeft, begint de volgende kraak; staat de hond nog in het midden, dan de volgende speler. Handen en stapels gaan door.',
  'robbery.rulesPage.alibis.title': 'Alibi’s',
  'robbery.rulesPage.alibis': 'Sommige tegels hebben rode alibipunten: de 0 van elke kraak heeft er twee, en latere kraken zetten punten op meer lage tegels (en op de 4 en 5 van de laatste kraak). Dit zijn alle 36 tegels:',
  'robbery.rulesPage.end.title': 'Het eind',
  'robbery.rulesPage.end': 'Na de vierde kraak telt iedereen zijn alibipunten. Drie tot vijf spelers: wie de minste alibi’s heeft, wordt gearresteerd — iedereen die gelijk staat — tenzij iedereen evenveel heeft. Twee spelers: wie minder alibi’s heeft, legt gebankte tegels af ter waarde van precies 10 punten (of zo weinig mogelijk boven 10; alles als het minder is). Dan laat iedereen zijn buit zien: de waarde van de tegels, de Baas-tegel 5. De hoogste score van wie niet gearresteerd is, wint; bij gelijkspel de meeste alibi’s.',
  'robbery.rulesPage.cards.title': 'De kaarten',
  'robbery.rulesPage.counts': '6 van elk getal, 6 Bazen, 6 Waakhonden en 7 Hebzuchtige Dieven.',
  'robbery.rulesPage.here.title': 'Hier spelen',
  'robbery.rulesPage.here': 'In jouw beurt zegt elke kaart in je hand in woorden wat hij kan — „Neem de 3”, „Steel de 5 van Ann” — en één tik doet het. Tik op een kaart of wijs hem aan om de uitleg te lezen. „Sinds jouw vorige beurt” laat zien wat de anderen deden: diefstallen in rood, het eind van een kraak met de baascontrole. Je eigen gebankte tegels staan onder „Jouw bank” in je paneel, alleen voor jou. De knop voor beurtmeldingen op de tafel laat je weten dat je aan de beurt bent als je ergens anders kijkt.',
};
