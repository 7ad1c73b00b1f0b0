# El tablero en imagen, en texto (en un bloque de código) y su descripción para
# lectores de pantalla. Los hoyos son a1-h4 en todos los idiomas; $side es el
# nombre de un lado (Sur, Norte); $who un lado con el nombre de su jugador
# ("Sur (alice)").

## Las franjas y el cartel de la imagen: breves, comparten una línea.

picture-seeds = { $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    }
# La etiqueta a la derecha de una franja ($pit es un hoyo).
picture-pill = { $pill ->
        [winner] VICTORIA
        [draw] EMPATE
        [playing] JUEGA { $pit }
       *[to-move] LE TOCA
    }
picture-played = jugó { $from } → { $end }
picture-took = capturó { $seeds }
picture-overture = { $overture ->
        [in] en apertura
       *[over] apertura terminada
    }
picture-result = { $outcome ->
        [win] { $winner } gana
       *[draw] Empate
    } · { $reason ->
        [no-legal-move] sin jugadas legales
        [repetition] triple repetición
        [ply-limit] 2000 jugadas
        [resignation] { $loser } abandonó
        [agreement] de común acuerdo
        [timeout] { $loser } se quedó sin tiempo
        [aborted] partida anulada
       *[abandoned] abandonada: empate
    }

## El tablero en texto.

# Las reglas de la casa, al comienzo de una frase (tablero en texto, descripción).
board-house-rules = Reglas de la casa: { $rules }
board-who = { $side } ({ $name })
board-at-the-bottom = { $who } abajo
board-band = { $who }: { $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    }{ $overture ->
        [in] , en apertura
        [over] , apertura terminada
       *[none] {""}
    }{ $turn ->
        [yes] {"  "}<< le toca
       *[no] {""}
    }
board-last = Última jugada: { $side } jugó { $from } -> { $end }{ $captured ->
        [0] {""}
       *[other] , capturó { $captured } ({ $taken })
    }
board-mark = { $symbol } { $mark ->
        [from] inicio
        [end] final
        [taken] capturado
       *[protected] protegido (apertura)
    }
board-marks = Marcas: { $marks }
board-result = Resultado: { $result } ({ $notation })

## La descripción para lectores de pantalla.

alt-intro = Tablero de Isolo, juego { $variant }, { $bottom }.
alt-side = { $who }, filas { $first } y { $second }, { $place ->
        [top] arriba
       *[bottom] abajo
    }: { $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    }{ $overture ->
        [in] , en apertura (ng'hana { $nghana } protegida)
        [over] , apertura terminada
       *[none] {""}
    }.
alt-seeds = Semillas por fila, de arriba abajo, columnas de la { $first } a la { $last }: { $ranks }.
alt-rank = fila { $rank }: { $seeds }
alt-last = Última jugada: { $side } jugó { $from }, terminando en { $end }{ $captured ->
        [0] {""}
       *[other] , capturando { $captures }
    }.
alt-over = Partida terminada: { $result }.
alt-to-move = Le toca a { $side }.
