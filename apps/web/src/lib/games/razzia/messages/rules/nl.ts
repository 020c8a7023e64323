// The words of Razzia!'s rules page in Dutch (loaded with that page only).

import type { RazziaRulesKey } from './en.ts';

export const razziaRulesNl: Record<RazziaRulesKey, string> = {
  'rulesPage.goal.title': 'Het doel',
  'rulesPage.goal': 'Jullie zijn maffiabazen die buit opkopen op veilingen en betalen met cheques. Het spel heeft drie rondes; na de derde wint wie de meeste punten heeft (bij gelijkspel delen ze de winst).',
  'rulesPage.setup.title': 'Opbouw',
  'rulesPage.setup': 'Elke speler krijgt een set cheques (3 bij drie of meer spelers, 4 bij twee); de 1 ligt in het midden. De 120 kaarten worden geschud in twee stapels. Wie de hoogste cheque heeft, begint elke ronde.',
  'rulesPage.turn.title': 'Jouw beurt',
  'rulesPage.turn': 'Je speelt zolang je een open cheque hebt. In je beurt doe je één ding: de bovenste kaart van een stapel trekken, dieven inzetten, of een veiling op bevel van de rechtbank uitroepen. Een getrokken buitkaart komt in de rij; een agent komt bij de agenten en start een veiling.',
  'rulesPage.police.title': 'De agenten en het laatste vak',
  'rulesPage.police': 'Elke agent vóór de laatste start een veiling, ook bij een lege rij. Het laatste vak van de agenten (het 7e; het 5e met twee spelers, rood op tafel) is anders: die agent beëindigt de ronde meteen — geen veiling, en de buit die in de rij ligt gaat verloren. Een ronde eindigt ook als niemand nog een open cheque heeft.',
  'rulesPage.auction.title': 'Veilingen: een cheque is een bod',
  'rulesPage.auction': 'Iedereen met een open cheque spreekt één keer, te beginnen links van wie de veiling startte; die spreekt als laatste. Om te bieden kies je een van je open cheques — op tafel is elke cheque een biedknop — hoger dan het hoogste bod tot nu toe; of je past. Wie niet kan overbieden, past vanzelf. Het hoogste bod wint de hele rij en de cheque uit het midden, die gedekt blijft liggen (hij telt, en kan vanaf de volgende ronde bieden); de eigen cheque gaat naar het midden als volgende prijs.',
  'rulesPage.chequeExample': 'een cheque op een biedknop: kiezen biedt 9',
  'rulesPage.full.title': 'Een volle rij',
  'rulesPage.full': 'Als er een 7e buitkaart in de rij komt, wordt die meteen geveild. Past iedereen, dan gaat die volle rij uit het spel (bij een veiling na een agent zonder bod blijft de rij liggen).',
  'rulesPage.court.title': 'De veiling op bevel van de rechtbank',
  'rulesPage.court': 'In plaats van te trekken mag je de rij zelf laten veilen. Je spreekt als laatste, en als iedereen vóór jou paste, moet je bieden. Bij een lege rij gaat het alleen om de cheque in het midden; daarom vraagt de tafel je om te bevestigen.',
  'rulesPage.thieves.title': 'Dieven',
  'rulesPage.thieves': 'In je beurt mag je zoveel van je dieven inzetten als je wilt: elke dief steelt een buitkaart naar keuze uit de rij naar je familiebezit en gaat uit het spel. Er volgt geen veiling. Een dief die je houdt, telt 2 aan het eind van de ronde.',
  'rulesPage.scoring.title': 'Waardering na elke ronde',
  'rulesPage.scoring': 'Dieven 2 per stuk. Meeste lijfwachten +5, minste −2 (bij gelijkspel scoren ze allemaal; geen telt als minste). Juwelen per verschillende soort: geen −5, één of twee 0, drie +5, vier +10, alle vijf +15. Auto’s en chauffeurs 1 per stuk, maar auto’s alleen met minstens één chauffeur. Goud 3 per munt.',
  'rulesPage.end.title': 'Tussen de rondes, en het einde',
  'rulesPage.end': 'Na elke waardering verdwijnen juwelen, chauffeurs, dieven en goud uit elk familiebezit; lijfwachten, auto’s en handelszaken blijven. Iedereen draait zijn cheques open; de rij en de agenten worden weggehaald; de stapels gaan door. Na ronde 3 tellen nog twee dingen: handelszaken (1–6 verschillende soorten 1–6 punten, alle 7 geven 10; drie dezelfde +5, vier dezelfde +10) en cheques (het hoogste totaal van je cheques +5, het laagste −5).',
  'rulesPage.cards.title': 'De kaarten',
  'rulesPage.here.title': 'Hier spelen',
  'rulesPage.here': 'Tik op een kaart op tafel (of wijs ze aan) om te lezen wat ze doet. Je eerste partij toont korte tips op de momenten dat ze ertoe doen. De knop voor beurtmeldingen op tafel speelt een geluid, trilt of stuurt een melding als het jouw beurt is terwijl je elders kijkt.',
};
