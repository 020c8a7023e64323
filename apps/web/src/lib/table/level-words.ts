// The bot levels' names and sentences in every language, for the host's level picker: they load when a host first
// opens a seat's picker, so no page carries them before (the seat's bot names, "Hard bot", are the chrome's).

const en = {
  'bot.random.name': 'Random',
  'bot.random.about': 'Plays any legal move at random: good for learning the rules.',
  'bot.greedy.name': 'Greedy',
  'bot.greedy.about': 'Grabs whatever scores best right now and never thinks ahead.',
  'bot.easy.name': 'Easy',
  'bot.easy.about': 'Thinks a moment ahead, trying a few dozen ways the game could go.',
  'bot.normal.name': 'Normal',
  'bot.normal.about': 'Weighs a hundred or more possible futures before each move: a solid opponent.',
  'bot.hard.name': 'Hard',
  'bot.hard.about': 'Plays out a thousand or more possible futures, up to a second per move, and plays to win.',
} as const;

export type LevelKey = keyof typeof en;

const nl: Record<LevelKey, string> = {
  'bot.random.name': 'Lukraak',
  'bot.random.about': 'Speelt lukraak een toegestane zet: goed om de regels te leren.',
  'bot.greedy.name': 'Gretig',
  'bot.greedy.about': 'Grijpt wat nu het meeste oplevert en denkt nooit vooruit.',
  'bot.easy.name': 'Makkelijk',
  'bot.easy.about': 'Denkt even vooruit en probeert een paar dozijn manieren waarop het spel kan lopen.',
  'bot.normal.name': 'Normaal',
  'bot.normal.about': 'Weegt honderd of meer mogelijke toekomsten af voor elke zet: een degelijke tegenstander.',
  'bot.hard.name': 'Moeilijk',
  'bot.hard.about': 'Speelt duizend of meer mogelijke toekomsten uit, tot een seconde per zet, en speelt om te winnen.',
};

const es: Record<LevelKey, string> = {
  'bot.random.name': 'Al azar',
  'bot.random.about': 'Juega cualquier jugada legal al azar: bueno para aprender las reglas.',
  'bot.greedy.name': 'Codicioso',
  'bot.greedy.about': 'Se queda con lo que más puntúa ahora mismo y nunca piensa en lo que viene.',
  'bot.easy.name': 'Fácil',
  'bot.easy.about': 'Piensa un momento por adelantado, probando unas decenas de maneras en que podría ir la partida.',
  'bot.normal.name': 'Normal',
  'bot.normal.about': 'Sopesa cien o más futuros posibles antes de cada jugada: un rival sólido.',
  'bot.hard.name': 'Difícil',
  'bot.hard.about': 'Juega mil o más futuros posibles, hasta un segundo por jugada, y juega para ganar.',
};

export const levelWords = { en, nl, es } as const;
