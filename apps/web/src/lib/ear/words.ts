// The words of the keys' help dialog and of the page on playing with a screen reader, in every language: they load
// with the dialog or the page, so the table page does not carry them.

const en = {
  'earHelp.title': 'Keys for playing by ear',
  'earHelp.intro': 'These keys read the table aloud through your screen reader. Press the letter alone in focus mode; in browse mode hold Alt+Shift (Option+Shift on a Mac) with it.',
  'earHelp.key.whose': 'Whose turn it is and what the table waits for',
  'earHelp.key.decide': 'Go to your decision (its choices are buttons: arrow keys move along them, Enter chooses)',
  'earHelp.key.mine': 'Your hand or your cheques',
  'earHelp.key.table': 'The table: the row, the bars or the middle',
  'earHelp.key.players': 'Every player’s score and holdings',
  'earHelp.key.clock': 'Time left on the clocks',
  'earHelp.key.last': 'The last five events',
  'earHelp.key.help': 'This help',
  'earHelp.level': 'What you hear of the game',
  'earHelp.level.all': 'Every event, and your turn',
  'earHelp.level.turn': 'Only my seat’s turn',
  'earHelp.guide': 'Playing with a screen reader: the whole guide',
  'earHelp.close': 'Close',

  'guide.title': 'Playing with a screen reader',
  'guide.intro':
    'Every game here can be played to its end with a screen reader (NVDA, JAWS, VoiceOver, TalkBack) and a keyboard alone. The table tells you what happens, tells you when it is your turn and what you decide, and reads the rest on demand.',
  'guide.hear.title': 'What you hear',
  'guide.hear.events': 'Each event of the game, once, in the words of the game log: “Greedy bot bid 9”, “Round 2 ends”. Several moves in a row (bots play quickly) come as one announcement, in order.',
  'guide.hear.turn': 'Your turn, at once, with what you decide and your choices. The keyboard lands on your first choice.',
  'guide.hear.chat': 'What the others say in the chat, as they say it.',
  'guide.decide.title': 'Deciding',
  'guide.decide.text':
    'Each decision is a group of buttons whose names say the whole decision (“Bid cheque 13 for the row of 4 cards and the centre cheque”). Arrow keys move along them, Home and End go to the first and last, Enter or Space chooses. Where each card has its own plays (Robbery), Up and Down go from card to card, a card’s number (1 to 5) goes straight to it, and Left and Right go round its plays. After a decision the keyboard waits at the table’s status (the round and what the table waits for); D brings you back to your decision from anywhere on the page.',
  'guide.moments.title': 'Moments',
  'guide.moments.text':
    'A round’s summary, a raid’s end and the like open as dialogs that say what they are; read them, then press Escape or the button to go on. While you read, the table waits for you (when others wait too, it waits up to a while). A deal to propose or answer, a duel, the final scores and a rematch’s table are dialogs too, in the page: Escape leaves them for the table, and a decision in one stays open until you come back to it with D.',
  'guide.keys.title': 'Keys that read the table',
  'guide.settings.title': 'Settings',
  'guide.settings.text':
    'In the keys’ help (press ?), choose what you hear: every event, or only your own turn (useful when you watch a table). The language menu at the top changes the words of everything, announcements included. The turn alerts can also play a sound when your turn comes while you are in another tab.',
  'guide.start.title': 'Opening a table',
  'guide.start.text':
    'On the home page, choose the game and the number of players, and open the table. On the table, type your name, take a seat (each seat’s button says its number), add bots to empty seats with each seat’s “Add a bot”, choose their level, and start the game.',
} as const;

export type EarWordKey = keyof typeof en;

const nl: Record<EarWordKey, string> = {
  'earHelp.title': 'Toetsen om op het gehoor te spelen',
  'earHelp.intro': 'Deze toetsen lezen de tafel voor via je schermlezer. Druk de letter alleen in focusmodus; in bladermodus houd je er Alt+Shift bij ingedrukt (Option+Shift op een Mac).',
  'earHelp.key.whose': 'Wie aan de beurt is en waar de tafel op wacht',
  'earHelp.key.decide': 'Naar je beslissing (de keuzes zijn knoppen: pijltjestoetsen gaan erlangs, Enter kiest)',
  'earHelp.key.mine': 'Je hand of je cheques',
  'earHelp.key.table': 'De tafel: de rij, de bars of het midden',
  'earHelp.key.players': 'De stand en het bezit van elke speler',
  'earHelp.key.clock': 'De tijd die de klokken nog hebben',
  'earHelp.key.last': 'De laatste vijf gebeurtenissen',
  'earHelp.key.help': 'Deze hulp',
  'earHelp.level': 'Wat je van het spel hoort',
  'earHelp.level.all': 'Elke gebeurtenis, en je beurt',
  'earHelp.level.turn': 'Alleen de beurt van mijn plaats',
  'earHelp.guide': 'Spelen met een schermlezer: de hele uitleg',
  'earHelp.close': 'Sluiten',

  'guide.title': 'Spelen met een schermlezer',
  'guide.intro':
    'Elk spel hier kun je tot het einde spelen met een schermlezer (NVDA, JAWS, VoiceOver, TalkBack) en alleen een toetsenbord. De tafel vertelt wat er gebeurt, zegt wanneer je aan de beurt bent en wat je beslist, en leest de rest voor als je erom vraagt.',
  'guide.hear.title': 'Wat je hoort',
  'guide.hear.events': 'Elke gebeurtenis van het spel, één keer, in de woorden van het spelverslag: „Gretige bot bood 9”, „Ronde 2 eindigt”. Meerdere zetten achter elkaar (bots spelen snel) komen als één melding, op volgorde.',
  'guide.hear.turn': 'Je beurt, meteen, met wat je beslist en je keuzes. Het toetsenbord komt op je eerste keuze.',
  'guide.hear.chat': 'Wat de anderen in de chat zeggen, zodra ze het zeggen.',
  'guide.decide.title': 'Beslissen',
  'guide.decide.text':
    'Elke beslissing is een groep knoppen waarvan de naam de hele beslissing zegt („Bied cheque 13 voor de rij van 4 kaarten en de middencheque”). Pijltjestoetsen gaan erlangs, Home en End naar de eerste en de laatste, Enter of spatie kiest. Waar elke kaart haar eigen zetten heeft (Robbery), gaan omhoog en omlaag van kaart naar kaart, brengt het nummer van een kaart (1 tot 5) je er meteen heen, en gaan links en rechts rond langs haar zetten. Na een beslissing wacht het toetsenbord bij de stand van de tafel (de ronde en waar de tafel op wacht); D brengt je overal op de pagina terug naar je beslissing.',
  'guide.moments.title': 'Momenten',
  'guide.moments.text':
    'Het overzicht van een ronde, het einde van een overval en dergelijke openen als dialoogvensters die zeggen wat ze zijn; lees ze en druk dan op Escape of op de knop om verder te gaan. Terwijl je leest, wacht de tafel op je (wachten er anderen ook, dan wacht ze een tijdje). Een deal om voor te stellen of te beantwoorden, een duel, de eindstand en de tafel van een nieuwe partij zijn ook dialoogvensters, in de pagina: Escape laat ze voor de tafel, en een beslissing erin blijft open tot je er met D naar terugkeert.',
  'guide.keys.title': 'Toetsen die de tafel voorlezen',
  'guide.settings.title': 'Instellingen',
  'guide.settings.text':
    'In de hulp bij de toetsen (druk op ?) kies je wat je hoort: elke gebeurtenis, of alleen je eigen beurt (handig als je een tafel bekijkt). Het taalmenu bovenaan verandert de woorden van alles, ook de meldingen. De beurtmeldingen kunnen ook een geluid geven als je beurt komt terwijl je in een ander tabblad bent.',
  'guide.start.title': 'Een tafel openen',
  'guide.start.text':
    'Kies op de startpagina het spel en het aantal spelers en open de tafel. Typ aan tafel je naam, neem een plaats (de knop van elke plaats zegt het nummer), zet bots op lege plaatsen met „Bot toevoegen” bij elke plaats, kies hun niveau en start het spel.',
};

const es: Record<EarWordKey, string> = {
  'earHelp.title': 'Teclas para jugar de oído',
  'earHelp.intro': 'Estas teclas leen la mesa en voz alta con tu lector de pantalla. Pulsa la letra sola en modo foco; en modo exploración mantén Alt+Mayús (Opción+Mayús en un Mac) con ella.',
  'earHelp.key.whose': 'De quién es el turno y qué espera la mesa',
  'earHelp.key.decide': 'Ir a tu decisión (sus opciones son botones: las flechas las recorren, Intro elige)',
  'earHelp.key.mine': 'Tu mano o tus cheques',
  'earHelp.key.table': 'La mesa: la fila, los bares o el centro',
  'earHelp.key.players': 'La puntuación y lo que tiene cada jugador',
  'earHelp.key.clock': 'El tiempo que queda en los relojes',
  'earHelp.key.last': 'Los cinco últimos sucesos',
  'earHelp.key.help': 'Esta ayuda',
  'earHelp.level': 'Lo que oyes de la partida',
  'earHelp.level.all': 'Cada suceso, y tu turno',
  'earHelp.level.turn': 'Solo el turno de mi asiento',
  'earHelp.guide': 'Jugar con lector de pantalla: la guía completa',
  'earHelp.close': 'Cerrar',

  'guide.title': 'Jugar con lector de pantalla',
  'guide.intro':
    'Cada juego de aquí se puede jugar hasta el final con un lector de pantalla (NVDA, JAWS, VoiceOver, TalkBack) y solo el teclado. La mesa te cuenta lo que pasa, te avisa cuando es tu turno y qué decides, y te lee el resto cuando lo pides.',
  'guide.hear.title': 'Lo que oyes',
  'guide.hear.events': 'Cada suceso de la partida, una vez, con las palabras del registro: «Bot codicioso pujó 9», «Termina la ronda 2». Varias jugadas seguidas (los bots juegan rápido) llegan en un solo aviso, en orden.',
  'guide.hear.turn': 'Tu turno, en el acto, con lo que decides y tus opciones. El teclado se coloca en tu primera opción.',
  'guide.hear.chat': 'Lo que dicen los demás en el chat, en cuanto lo dicen.',
  'guide.decide.title': 'Decidir',
  'guide.decide.text':
    'Cada decisión es un grupo de botones cuyo nombre dice la decisión entera («Pujar el cheque 13 por la fila de 4 cartas y el cheque central»). Las flechas los recorren, Inicio y Fin van al primero y al último, Intro o Espacio elige. Donde cada carta tiene sus jugadas (Robbery), arriba y abajo van de carta en carta, el número de una carta (1 a 5) lleva directo a ella, y izquierda y derecha dan la vuelta a sus jugadas. Tras una decisión el teclado espera en el estado de la mesa (la ronda y lo que espera la mesa); D te devuelve a tu decisión desde cualquier parte de la página.',
  'guide.moments.title': 'Momentos',
  'guide.moments.text':
    'El resumen de una ronda, el final de un golpe y similares se abren como diálogos que dicen lo que son; léelos y pulsa Escape o el botón para seguir. Mientras lees, la mesa te espera (si esperan otros también, espera un rato). Un trato que proponer o responder, un duelo, la clasificación final y la mesa de una revancha también son diálogos, dentro de la página: Escape los deja por la mesa, y una decisión dentro sigue abierta hasta que vuelves a ella con D.',
  'guide.keys.title': 'Teclas que leen la mesa',
  'guide.settings.title': 'Ajustes',
  'guide.settings.text':
    'En la ayuda de las teclas (pulsa ?) eliges lo que oyes: cada suceso, o solo tu propio turno (útil cuando miras una mesa). El menú de idioma de arriba cambia las palabras de todo, avisos incluidos. Los avisos de turno también pueden sonar cuando llega tu turno mientras estás en otra pestaña.',
  'guide.start.title': 'Abrir una mesa',
  'guide.start.text':
    'En la página de inicio, elige el juego y el número de jugadores y abre la mesa. En la mesa, escribe tu nombre, toma un asiento (el botón de cada asiento dice su número), añade bots a los asientos libres con «Añadir un bot» de cada asiento, elige su nivel y empieza la partida.',
};

export const earWords = { en, nl, es } as const;
