// The words of Razzia!'s rules page in Spanish (loaded with that page only).

import type { RazziaRulesKey } from './en.ts';

export const razziaRulesEs: Record<RazziaRulesKey, string> = {
  'rulesPage.goal.title': 'El objetivo',
  'rulesPage.goal': 'Sois jefes de la mafia que compran botín en subastas y pagan con fajos. La partida tiene tres rondas; tras la tercera gana quien tenga más puntos (un empate comparte la victoria).',
  'rulesPage.setup.title': 'Preparación',
  'rulesPage.setup': 'Cada jugador recibe un juego de fajos (3 con tres o más jugadores, 4 con dos); el 1 está en el centro. Las 120 cartas se barajan en dos mazos. Quien tenga el fajo más alto empieza cada ronda.',
  'rulesPage.turn.title': 'Tu turno',
  'rulesPage.turn': 'Juegas mientras tengas un fajo boca arriba. En tu turno haces una cosa: robar la carta superior de un mazo, usar ladrones o convocar una subasta judicial. Una carta de botín robada va a la fila; una de policía va a la fila de policía e inicia una subasta.',
  'rulesPage.police.title': 'La fila de policía y su última casilla',
  'rulesPage.police': 'Cada carta de policía antes de la última inicia una subasta, incluso con la fila vacía. La última casilla de la fila de policía (la 7.ª; la 5.ª con dos jugadores, en rojo en la mesa) es distinta: esa carta termina la ronda al instante — sin subasta, y el botín que haya en la fila se pierde. Una ronda también termina cuando a nadie le queda un fajo boca arriba.',
  'rulesPage.auction.title': 'Subastas: un fajo es una puja',
  'rulesPage.auction': 'Cada jugador con un fajo boca arriba habla una vez, empezando a la izquierda de quien inició la subasta, que habla el último. Para pujar, elige uno de tus fajos boca arriba — en la mesa cada uno es un botón de puja — más alto que la puja más alta hasta ahora; o pasa. Quien no puede superar la puja pasa solo. La puja más alta gana toda la fila y el fajo del centro, que guarda boca abajo (cuenta, y puede pujarse desde la ronda siguiente); su propio fajo va al centro como próximo premio.',
  'rulesPage.chequeExample': 'un fajo en un botón de puja: elegirlo puja 9',
  'rulesPage.full.title': 'Una fila llena',
  'rulesPage.full': 'Cuando una 7.ª carta de botín llega a la fila, se subasta enseguida. Si todos pasan, esa fila llena sale del juego (en una subasta de policía sin pujas la fila se queda donde está).',
  'rulesPage.court.title': 'La subasta judicial',
  'rulesPage.court': 'En lugar de robar puedes subastar tú la fila. Hablas el último, y si todos los anteriores pasaron debes pujar. Con la fila vacía solo está en juego el fajo del centro, así que la mesa te pide confirmarlo.',
  'rulesPage.thieves.title': 'Ladrones',
  'rulesPage.thieves': 'En tu turno puedes usar los ladrones que quieras: cada uno roba una carta de botín de la fila a tu elección para tu patrimonio y sale del juego. No sigue ninguna subasta. Un ladrón que guardes vale 2 al final de la ronda.',
  'rulesPage.scoring.title': 'Puntuación de cada ronda',
  'rulesPage.scoring': 'Ladrones 2 cada uno. Más guardaespaldas +5, menos −2 (los empates puntúan todos; ninguno cuenta como menos). Joyas por tipos distintos: ninguna −5, uno o dos 0, tres +5, cuatro +10, los cinco +15. Coches y chóferes 1 cada uno, pero los coches solo con al menos un chófer. Oro 3 cada moneda.',
  'rulesPage.end.title': 'Entre rondas, y el final',
  'rulesPage.end': 'Tras cada puntuación, joyas, chóferes, ladrones y oro salen de cada patrimonio; guardaespaldas, coches y negocios se quedan. Todos ponen sus fajos boca arriba; la fila y la policía se retiran; los mazos siguen. Tras la ronda 3 puntúan dos cosas más: negocios (1–6 tipos distintos 1–6 puntos, los 7 dan 10; tres iguales +5, cuatro iguales +10) y fajos (el total más alto de fajos +5, el más bajo −5).',
  'rulesPage.cards.title': 'Las cartas',
  'rulesPage.here.title': 'Jugar aquí',
  'rulesPage.here': 'Toca o señala cualquier carta de la mesa para leer qué hace. Tu primera partida muestra consejos breves en los momentos en que importan. El botón de avisos de turno de la mesa suena, vibra o te notifica cuando te toca mientras miras otra cosa.',
};
