// The words of Dorra's Razzia's rules page in Spanish (the keys of en.ts).

import type { DorraRulesKey } from './en.ts';

export const dorraRulesEs: Record<DorraRulesKey, string> = {
  'dorra.rulesPage.goal.title': 'El objetivo',
  'dorra.rulesPage.goal': 'De tres a ocho jugadores envían jugadores de azar y redadas de policía a los bares de la ciudad para reunir el dinero que hay en ellos. Tras la última ronda gana quien más dinero tenga; los empatados en cabeza comparten la victoria.',
  'dorra.rulesPage.setup.title': 'Cartas, bares y dinero',
  'dorra.rulesPage.setup': 'Seis bares de izquierda a derecha: Colibri, Havana, Cotton Club, Jungle, Lincoln y Jazz House. Cada bar tiene cartas de su color: jugadores con números de dado del 1 al 6 y redadas del 3 al 6. El número es la fuerza de la carta. El dinero son fichas de 5 mil $ a 50 mil $, barajadas boca abajo en un único montón. Cada uno tiene cinco cartas. Con tres jugadores solo se usan los cuatro primeros bares y la partida dura 15 rondas; si no, 12.',
  'dorra.rulesPage.round.title': 'Empieza una ronda',
  'dorra.rulesPage.round': 'Quien reparte pone una ficha del montón boca arriba en cada bar, luego toma una más y la coloca en el bar que quiera; todos la ven mientras decide. El dinero que nadie gana se queda en su bar para rondas siguientes, así que los bares pueden enriquecerse.',
  'dorra.rulesPage.pick.title': 'Todos eligen a la vez',
  'dorra.rulesPage.pick': 'Cada jugador elige una carta de su mano y la pone boca abajo, todos al mismo tiempo. Una carta solo puede ir al bar de su color, así que elegir carta es elegir bar. Cuando el último ha elegido, todas las cartas se descubren juntas y los bares se resuelven uno tras otro, de izquierda a derecha.',
  'dorra.rulesPage.bar.title': 'Resolver un bar',
  'dorra.rulesPage.bar': 'Sin cartas en un bar: su dinero se queda. Un jugador y ninguna redada: el jugador se lleva todo. Una redada vence a los jugadores: ellos no reciben nada, y una redada sola se lo lleva todo. Redadas sin jugadores: la redada fracasa y el dinero se queda. Dos o más que ganan juntos (jugadores, o redadas) hacen un trato.',
  'dorra.rulesPage.deal.title': 'Un trato',
  'dorra.rulesPage.deal': 'La carta más fuerte propone cómo repartir todo el dinero del bar. Cada ficha va entera a una parte, incluido quien propone; no se da cambio, y una parte puede quedarse sin nada. Entre cartas iguales (posible con siete u ocho jugadores) es más fuerte la de quien se sienta más lejos de quien reparte en el sentido de las agujas del reloj. Las fichas son públicas a medida que se reparten.',
  'dorra.rulesPage.answer.title': 'Aceptar o rechazar',
  'dorra.rulesPage.answer': 'Después, todas las demás partes responden a la vez, en secreto: todos ven solo quién ha respondido, hasta que la última respuesta las muestra todas. Si todos aceptan, cada uno se lleva su parte. Si no, quienes aceptan se llevan la suya, y quien propuso y quienes rechazan luchan por el resto —la parte de quien propuso y las de quienes rechazan— en duelos: quien propuso se bate primero con el más débil de los que rechazan, el ganador con el siguiente más débil, y así; el último ganador se lleva el resto.',
  'dorra.rulesPage.duel.title': 'Un duelo',
  'dorra.rulesPage.duel': 'Quien tiene la carta más fuerte tira el dado primero, y luego el otro. Cada uno suma el número de su carta a su tirada, y gana el total más alto. Con el mismo total gana la carta más débil (entre cartas iguales, quien se sienta más lejos de quien reparte). El servidor tira los dados en el momento del duelo: nadie, ni siquiera el servidor, los conoce antes.',
  'dorra.rulesPage.end.title': 'La ronda siguiente, y el final',
  'dorra.rulesPage.end': 'Las cartas jugadas van al descarte; el siguiente jugador en el sentido de las agujas del reloj reparte y da una carta a cada uno, hasta volver a cinco (un mazo vacío se rehace con el descarte). La partida termina tras la ronda en que se repartieron las últimas fichas; el dinero que queda en los bares no es de nadie. Gana quien más dinero tenga.',
  'dorra.rulesPage.cards.title': 'Las cartas',
  'dorra.rulesPage.cards': 'Una carta muestra el nombre y el color de su bar, su número de dado y si es un jugador o una redada. Toca o pulsa una carta para leer qué hace.',
  'dorra.rulesPage.here.title': 'Jugar aquí',
  'dorra.rulesPage.here': 'La mesa muestra quién ha elegido, nunca qué, con un reloj para cada jugador que aún debe elegir si la mesa tiene relojes. Tras descubrir las cartas, la mesa resuelve la ronda bar por bar —el dinero que se mueve, cada trato, los dados de cada duelo— y puedes saltar hasta el final; sin animaciones ves el resultado enseguida. Si propones, ordenas todo el reparto en la pantalla y luego lo propones; la mesa da las fichas una a una. Cada bar muestra lo que pasó allí hasta la siguiente revelación, y el registro lo cuenta en palabras.',
};
