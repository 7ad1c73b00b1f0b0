# El análisis del ordenador en la página de una partida (web/analysis.js): el
# gráfico de la revisión, la mejor línea y variantes probadas solo en la página.
refusal-engine-later = el análisis del ordenador se abre cuando termina la partida: el motor no ayuda durante una partida entre personas
refusal-variation-ply = la partida tiene { $plies ->
        [one] { $plies } jugada
       *[other] { $plies } jugadas
    }: no hay jugada { $ply } desde la que empezar una variante
refusal-variation-length = una variante tiene como máximo { $max } jugadas
web-analysis = Análisis del ordenador
web-analysis-graph = Evaluación tras cada jugada, en semillas: por encima de la línea central va ganando { $south }; por debajo, { $north }.
web-analysis-thinking = El ordenador está revisando la partida…
web-analysis-move = Jugada
web-analysis-player = Jugador
web-analysis-played = Jugó
web-analysis-best = Mejor
web-analysis-eval = Evaluación
web-analysis-mark = Nota
web-analysis-start = Inicio: { $eval }
web-analysis-forced = { $player } gana en { $plies ->
        [one] { $plies } jugada
       *[other] { $plies } jugadas
    }
web-analysis-point = Jugada { $ply }: { $player } jugó { $played }; { $eval }
web-analysis-point-marked = Jugada { $ply }: { $player } jugó { $played }, { $kind ->
        [mistake] un error
        [blunder] un error grave
       *[inaccuracy] una imprecisión
    } ({ $best } era mejor); { $eval }
web-analysis-line = Mejor línea: { $line } ({ $eval })
web-analysis-line-over = Aquí la partida ha terminado: no hay línea que mostrar.
web-analysis-try = Probar jugadas aquí
web-analysis-answer = Jugar la respuesta del ordenador
web-analysis-leave = Volver a la partida
web-analysis-in-variation = Una variante que nunca se jugó en la partida: toca un hoyo para probar una jugada.
