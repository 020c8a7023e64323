// The words of Robbery's rules page in Spanish (the same keys as en.ts, checked by a test).

import type { RobberyRulesKey } from './en.ts';

export const robberyRulesEs: Record<RobberyRulesKey, string> = {
  'robbery.rulesPage.goal.title': 'El objetivo',
  'robbery.rulesPage.goal': 'Sois ladrones en cuatro golpes — bocetos, esculturas, antigüedades, cuadros —, cada uno con nueve fichas de botín. Tras el cuarto golpe gana el mayor botín. Pero el botín no lo es todo: las coartadas te libran de la cárcel. De tres a cinco jugadores, quien tenga menos coartadas es arrestado y no puede ganar; con dos, quien tenga menos entrega 10 puntos de botín.',
  'robbery.rulesPage.setup.title': 'Preparación',
  'robbery.rulesPage.setup': 'Se barajan las 55 cartas y cada uno recibe cinco; el resto forma el mazo boca abajo. Las nueve fichas del primer golpe y la figura del Perro guardián van al centro. Empieza el primer jugador.',
  'robbery.rulesPage.turn.title': 'Tu turno',
  'robbery.rulesPage.turn': 'Juega una carta de tu mano boca arriba sobre los descartes y haz lo que dice; luego roba hasta tener cinco cartas. Puedes jugar cualquier carta, incluso una que no tome nada. Cuando se agota el mazo, los descartes se barajan en uno nuevo.',
  'robbery.rulesPage.number.title': 'Cartas de número',
  'robbery.rulesPage.number': 'Un 0 a 5 toma la ficha de su valor del centro. Si ya no queda en el centro, debe robarla de las fichas del golpe en curso de otro jugador (si varios la tienen, eliges a quién). Si nadie más la tiene, no pasa nada. Una carta de número nunca toma la ficha del Jefe.',
  'robbery.rulesPage.boss.title': 'El Jefe',
  'robbery.rulesPage.boss': 'La carta del Jefe toma la ficha del Jefe del golpe, del centro o de quien la tenga. La ficha del Jefe vale 5 puntos, pero solo si quien la tiene también tiene un 4 o un 5 de ese golpe al terminar; si no, vuelve a la caja.',
  'robbery.rulesPage.dog.title': 'El Perro guardián',
  'robbery.rulesPage.dog': 'La carta del Perro guardián toma la figura del perro, del centro o de otro jugador. Quien tiene el perro, cuando le roban, elige: entregar la ficha o entregar el perro en su lugar. El perro no puntúa, pero protege, y quien lo tiene empieza el siguiente golpe.',
  'robbery.rulesPage.greedy.title': 'El Ladrón codicioso',
  'robbery.rulesPage.greedy': 'El Ladrón codicioso toma una ficha a tu elección del centro, también la del Jefe, nunca de un jugador.',
  'robbery.rulesPage.safe.title': 'Delante de ti, y guardado',
  'robbery.rulesPage.safe': 'Las fichas que tomas en este golpe quedan boca arriba delante de ti, donde cualquiera puede robarlas. Al terminar el golpe las guardas boca abajo: desde entonces están a salvo y solo tú puedes mirarlas. Los demás solo ven cuántas guardaste de cada golpe. En línea, la mesa solo recuerda por ti si el anfitrión activó la ayuda de memoria: sin ella, una vez guardado un golpe el registro solo dice quién jugó y quién se llevó una ficha, nunca cuál (decisión nuestra).',
  'robbery.rulesPage.raidEnd.title': 'El final de un golpe',
  'robbery.rulesPage.raidEnd': 'Un golpe termina en cuanto su última ficha sale del centro (el jugador aún roba carta). Primero el control del Jefe, luego todos guardan sus fichas, luego las fichas del siguiente golpe van al centro. Quien tiene el Perro guardián empieza el siguiente golpe; si el perro sigue en el centro, empieza el siguiente jugador. Las manos y los mazos siguen.',
  'robbery.rulesPage.alibis.title': 'Coartadas',
  'robbery.rulesPage.alibis': 'Algunas fichas llevan puntos rojos de coartada: el 0 de cada golpe tiene dos, y los golpes posteriores ponen puntos en más fichas bajas (y en el 4 y el 5 del último). Estas son las 36 fichas:',
  'robbery.rulesPage.end.title': 'El final',
  'robbery.rulesPage.end': 'Tras el cuarto golpe cada uno cuenta sus puntos de coartada. De tres a cinco jugadores: quien tenga menos coartadas es arrestado — todos los empatados — salvo que todos tengan las mismas. Dos jugadores: quien tenga menos descarta fichas guardadas por exactamente 10 puntos (o lo mínimo por encima de 10; todas si suman menos). Luego todos enseñan su botín: el valor de las fichas, la del Jefe 5. Gana la puntuación más alta entre los no arrestados; en caso de empate, más coartadas.',
  'robbery.rulesPage.cards.title': 'Las cartas',
  'robbery.rulesPage.counts': '6 de cada número, 6 Jefes, 6 Perros guardianes y 7 Ladrones codiciosos.',
  'robbery.rulesPage.here.title': 'Jugar aquí',
  'robbery.rulesPage.here': 'En tu turno cada carta de tu mano dice con palabras lo que puede hacer — «Tomar el 3», «Robar el 5 a Ann» — y un toque lo hace. Toca una carta o pasa el ratón por encima para leer su ayuda. «Desde tu último turno» muestra lo que hicieron los demás: los robos en rojo, el final de un golpe con su control del Jefe. Tus propias fichas guardadas están en «Tu botín guardado», en tu panel, solo para ti. El botón de avisos de turno de la mesa te avisa cuando te toca mientras miras otra cosa.',
};
