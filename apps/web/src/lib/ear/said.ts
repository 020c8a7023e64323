// What the table's ear says in the chrome's words (lib/ear/Ear.svelte: its regions, the answers to the keys, a chat
// line, a clock running low), in every language: they load with the ear, after the table page has drawn, so the page
// does not carry them.

const en = {
  'ear.events': 'Game announcements',
  'ear.turns': 'Your decisions',
  'ear.answers': 'Answers to the keys',
  'ear.said': '{name} says: {text}',
  'ear.reacted': '{name} reacts {reaction}',
  'ear.seconds': '{n} {n:second|seconds}',
  'ear.noClock': 'No turn clock at this table.',
  'ear.clock': '{name}: {time} left',
  'ear.clockPaused': '{name}: {time} left, stopped while the table waits',
  'ear.last': 'Last events:',
  'ear.nothingYet': 'Nothing has happened yet.',
  'ear.over': 'The game is over: the results are on the page.',
  'ear.notStarted': 'The game has not started yet.',
  'ear.watching': 'You are watching: you hold nothing.',
  'ear.clockLow': '{time} left for your decision.',
  'ear.noDecision': 'You have no decision to make now.',
} as const;

export type EarSaidKey = keyof typeof en;

const nl: Record<EarSaidKey, string> = {
  'ear.events': 'Meldingen van het spel',
  'ear.turns': 'Je beslissingen',
  'ear.answers': 'Antwoorden op de toetsen',
  'ear.said': '{name} zegt: {text}',
  'ear.reacted': '{name} reageert {reaction}',
  'ear.seconds': '{n} {n:seconde|seconden}',
  'ear.noClock': 'Geen beurtklok aan deze tafel.',
  'ear.clock': '{name}: nog {time}',
  'ear.clockPaused': '{name}: nog {time}, stilgezet terwijl de tafel wacht',
  'ear.last': 'Laatste gebeurtenissen:',
  'ear.nothingYet': 'Er is nog niets gebeurd.',
  'ear.over': 'Het spel is afgelopen: de uitslag staat op de pagina.',
  'ear.notStarted': 'Het spel is nog niet begonnen.',
  'ear.watching': 'Je kijkt toe: je hebt niets in handen.',
  'ear.clockLow': 'Nog {time} voor je beslissing.',
  'ear.noDecision': 'Je hoeft nu niets te beslissen.',
};

const es: Record<EarSaidKey, string> = {
  'ear.events': 'Avisos de la partida',
  'ear.turns': 'Tus decisiones',
  'ear.answers': 'Respuestas a las teclas',
  'ear.said': '{name} dice: {text}',
  'ear.reacted': '{name} reacciona {reaction}',
  'ear.seconds': '{n} {n:segundo|segundos}',
  'ear.noClock': 'No hay reloj de turno en esta mesa.',
  'ear.clock': '{name}: quedan {time}',
  'ear.clockPaused': '{name}: quedan {time}, parado mientras la mesa espera',
  'ear.last': 'Últimos sucesos:',
  'ear.nothingYet': 'Todavía no ha pasado nada.',
  'ear.over': 'La partida ha terminado: los resultados están en la página.',
  'ear.notStarted': 'La partida aún no ha empezado.',
  'ear.watching': 'Estás mirando: no tienes nada en la mano.',
  'ear.clockLow': 'Quedan {time} para tu decisión.',
  'ear.noDecision': 'Ahora no tienes nada que decidir.',
};

export const earSaid = { en, nl, es } as const;
