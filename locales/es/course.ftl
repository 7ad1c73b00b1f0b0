# El curso (/isolo aprender, isolo-bot play --learn): cada lección tiene una
# introducción, pistas para cuando la jugada no es la buena y unas palabras al
# terminar. Los ids vienen de assets/course.json. Hoyos a1-h4; Sur tiene las filas 1-2.

lesson-sowing = La siembra. Tuyas son las dos filas más cercanas a ti. En una jugada vacías uno de tus hoyos que tenga dos semillas o más y las siembras de una en una en los hoyos siguientes: por tu fila exterior de izquierda a derecha (de a1 hacia h1), luego de vuelta por tu fila interior (de h2 hacia a2), y así sucesivamente. Una semilla sola no se puede jugar.
lesson-sowing-done = Bien hecho: la última semilla cayó en un hoyo vacío, así que la jugada terminó ahí.
lesson-corner = Dónde termina una vuelta. Después de h1, las semillas doblan la esquina hacia tu fila interior en h2 y siguen hacia el oeste. Cuando la última semilla cae en un hoyo vacío, la jugada se acaba.
lesson-corner-done = Correcto: h1, h2 y luego g2, que estaba vacío.
lesson-relay = La siembra en relevo. Si la última semilla cae en un hoyo que ya tenía semillas (y no hay nada que capturar), las levantas todas y sigues sembrando desde ahí: una nueva vuelta. Una jugada puede encadenar muchos relevos.
lesson-relay-done = Eso es un relevo: la vuelta terminó sobre semillas, así que las levantaste y seguiste sembrando.
lesson-capture = La captura. Si una vuelta termina en un hoyo no vacío de tu fila interior y hay semillas en los hoyos del rival de esa misma columna, te llevas las de los dos.
lesson-capture-done = ¡Capturadas! Las semillas salieron de los hoyos del rival en la columna de tu última semilla.
lesson-capture-sowing = Sembrar lo capturado. Las semillas capturadas se siembran en tus propios hoyos, empezando después del hoyo donde comenzó la vuelta que capturó (su origen).
lesson-capture-sowing-done = Correcto: las semillas capturadas empezaron después del origen de la vuelta, así que llegaron hasta b1.
lesson-move-ends = Cuándo termina una jugada. Una jugada sigue, vuelta tras vuelta, hasta que la última semilla cae en un hoyo vacío o hasta que se han sembrado las semillas capturadas (con las reglas estándar, la jugada termina ahí, tenga lo que tenga ese hoyo).
lesson-move-ends-done = Tres vueltas: dos relevos, y luego un hoyo vacío puso fin a la jugada.
lesson-who-wins = Quién gana. Pierde quien no puede mover en su turno porque ninguno de sus hoyos tiene dos semillas. Quien se lleva todas las semillas del rival gana en el acto.
lesson-who-wins-done = A Norte solo le quedan semillas sueltas: no puede mover, así que ganas.
lesson-nghana = El juego de los muchachos. Empieza desde una posición fija: el hoyo del extremo derecho de la fila exterior de cada jugador es su ng'hana, con 17 semillas. Durante la apertura (la primera fase de la partida), la columna del extremo derecho de cada jugador queda fuera de juego y no se puede capturar. Jugar la ng'hana pone fin a la apertura y reparte sus 17 semillas por todo el recorrido.
lesson-nghana-done = Has jugado la ng'hana: tu apertura ha terminado; ahora todo tu lado está en juego y se puede capturar.
lesson-overture = Durante la apertura, tu siembra se salta tu columna del extremo derecho: después de g1 viene g2. Las capturas funcionan como en el juego de las mujeres.
lesson-overture-done = La siembra se saltó h1 y h2, y capturó en la fila interior.
lesson-take-the-most = Una primera táctica: antes de mover, calcula dónde caerá la última semilla de cada jugada y qué captura. Quédate con la que más se lleve.
lesson-take-the-most-done = Ocho semillas: la captura más grande.
lesson-look-ahead = Una segunda táctica: mira una jugada más allá. Busca la jugada tras la cual, responda lo que responda tu rival, puedes ganar.
lesson-look-ahead-done = La viste hasta el final: así funcionan los problemas.
hint-count = Cuenta las semillas: ¿desde qué hoyo llega la última semilla a { $pit }?
hint-corner = Sigue las semillas al doblar la esquina: después de h1 viene h2.
hint-relay = Busca un hoyo cuya última semilla caiga en un hoyo que ya tenga semillas.
hint-capture-where = Solo se captura en tu fila interior (la fila 2 para Sur).
hint-capture-opposite = ¿Qué jugada termina en { $pit }, frente a las semillas del rival?
hint-capture-origin = Las semillas capturadas empiezan después del hoyo donde comenzó la vuelta que capturó.
hint-move-ends = Un relevo hace que la jugada continúe: busca una jugada que caiga dos veces sobre semillas.
hint-who-wins = Norte solo tiene un hoyo con dos semillas. Captúralo.
hint-nghana = Tu ng'hana es { $pit }.
hint-overture = La captura llega después de un relevo: sigue las semillas de c1.
hint-compare = Aquí hay dos jugadas que capturan: cuenta las dos.
hint-look-ahead = ¿Qué jugada deja al rival solo con malas respuestas?

# La tarea de una lección.
task-last-seed-in = Tarea: haz que tu última semilla caiga en { $pit }.
task-laps = Tarea: haz una jugada de al menos { $laps ->
    [one] { $laps } vuelta
   *[other] { $laps } vueltas
}.
task-capture = { $seeds ->
    [0] Tarea: haz una captura.
    [1] Tarea: haz una captura.
   *[other] Tarea: captura al menos { $seeds } semillas.
}
task-end-overture = Tarea: termina tu apertura (juega tu ng'hana).
task-win = Tarea: gana la partida.

# Una jugada contada vuelta a vuelta. $from y $end son las frases de abajo.
lap = vuelta { $lap }: { $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    } { $from }, en { $pits }; { $end }.
lap-from-move = desde { $pit }
lap-from-relay = levantadas de { $pit }
lap-from-capture = capturadas, sembradas después de { $pit }
lap-end-empty = { $pit } estaba vacío, así que la jugada termina
lap-end-relay = { $pit } no estaba vacío: levanta sus { $seeds } semillas y sigue sembrando
lap-end-capture = { $pit } es un hoyo interior con semillas enfrente: captura { $taken }
lap-end-sown = las semillas capturadas ya están sembradas, así que la jugada termina
lap-end-wipe-out = el rival se ha quedado sin semillas: ganas
