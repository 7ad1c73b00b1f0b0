# Negativas: por qué no se hizo algo. Cuando se muestra una, no ha cambiado nada.
# Los nombres ($name, $south...) son los nombres visibles de los miembros.

refusal-no-game = no hay ninguna partida en este canal
refusal-no-such-game = no hay ninguna partida #{ $game } terminada en este servidor
refusal-no-challenge = no hay ningún desafío abierto en este canal
refusal-busy = este canal ya tiene una partida en curso (partida #{ $game }, { $south } contra { $north })
refusal-which-challenge = aquí hay varios desafíos que te afectan ({ $names }): indica el otro jugador con la opción del comando
refusal-challenge-pending = { $challenger } ya ha desafiado a { $opponent } aquí: primero hay que responder o retirar ese desafío
refusal-self-challenge = no puedes desafiarte a ti mismo: desafía a otra persona, o al bot para jugar contra la máquina
refusal-bot-opponent = { $name } es una cuenta de bot: desafía a una persona, o a mí para jugar contra la máquina
refusal-not-the-opponent = solo { $name } puede responder a este desafío
refusal-not-the-challenger = solo { $name }, que lanzó el desafío, puede retirarlo
refusal-not-a-player = no juegas en esta partida ({ $south } contra { $north })
refusal-not-your-turn = no es tu turno: le toca mover a { $name }
refusal-bad-pit = "{ $text }" no es un hoyo: indícalo con su columna (a-h) y su fila (1-4), como b2
refusal-not-moderator = solo los moderadores (con permiso para gestionar mensajes) pueden anular una partida o sus desafíos
refusal-hints-not-allowed = las pistas solo están disponibles en las partidas contra el bot
# $list nombra las partidas, como "#12 y #15".
refusal-still-playing = todavía tienes algo pendiente: primero { $games ->
        [0] {""}
        [one] tiene que terminar tu partida { $list }
       *[other] tienen que terminar tus partidas { $list }
    }{ $games ->
        [0] {""}
       *[other] { $challenges ->
            [0] {""}
           *[other] {" "}y{" "}
        }
    }{ $challenges ->
        [0] {""}
        [one] hay que responder o retirar tu desafío abierto
       *[other] hay que responder o retirar tus { $challenges } desafíos abiertos
    }
refusal-former-member = el otro jugador ya no es miembro del servidor
refusal-no-last-game = no hay ninguna partida terminada en este canal de la que pedir la revancha
refusal-nothing-to-review = no hay ninguna partida terminada en este canal que analizar: las partidas se analizan cuando terminan
refusal-nothing-to-claim = no hay nada que reclamar: a tu rival todavía le queda tiempo
refusal-still-has-time = { $player } todavía tiene { $left } para mover
refusal-no-tournament = aquí no hay ningún torneo que te afecte
refusal-no-such-tournament = no hay ningún torneo #{ $number } en este servidor
refusal-which-tournament = te afectan varios torneos ({ $numbers }): indica cuál con la opción `torneo`
refusal-clock-required = un torneo necesita reloj: elige el tiempo por jugada
refusal-bad-rounds = el número de rondas debe estar entre 1 y { $max }
refusal-rounds-of-round-robin = en un torneo todos contra todos, las rondas dependen de los jugadores: no indiques el número de rondas
refusal-deadline-passed = la fecha límite de inscripción tiene que estar en el futuro
refusal-too-many-tournaments = este servidor ya tiene { $max } torneos abiertos o en curso
refusal-already-joined = ya participas en el torneo #{ $number }
refusal-not-joined = no participas en el torneo #{ $number }
refusal-tournament-full = el torneo #{ $number } está completo ({ $max } jugadores)
refusal-tournament-started = el torneo #{ $number } ya ha empezado: las inscripciones están cerradas
refusal-tournament-over = el torneo #{ $number } ha terminado
refusal-not-enough-players = el torneo #{ $number } tiene { $have ->
        [one] { $have } jugador
       *[other] { $have } jugadores
    }; necesita { $need }
refusal-not-organizer = solo quien creó el torneo #{ $number } o un moderador puede hacer esto
refusal-no-such-board = el torneo #{ $number } no tiene ninguna mesa { $board } pendiente en la ronda { $round }
refusal-board-started = esta mesa ya se está jugando como partida #{ $game }
refusal-no-such-puzzle = no existe el problema { $id }
# $variant: de las mujeres o de los muchachos (ver variant-women).
refusal-no-puzzle-left = ya has probado todos los problemas del juego { $variant }
refusal-puzzle-over = este problema ya ha terminado: vuelve a empezarlo desde su primera jugada para practicar
refusal-bad-minute = { $minute } no es un minuto del día (de 0 a 1439)
refusal-no-such-lesson = no existe la lección { $lesson }
refusal-corrupt-game = no se puede leer la partida #{ $game } guardada
refusal-corrupt-record = no se puede leer el registro guardado de la partida #{ $game }
refusal-corrupt-lesson = no se puede leer la lección { $lesson } del curso
refusal-corrupt-puzzle = no se puede leer este problema
refusal-corrupt-newer = esto lo guardó una versión más nueva del bot, y esta versión no sabe leerlo
refusal-corrupt-entry = no se pueden leer algunos datos guardados aquí
refusal-stale = este tablero está desactualizado
refusal-contended = la partida cambió mientras se procesaba tu comando; no se ha hecho nada, inténtalo de nuevo
refusal-storage = no se pudo guardar ni cargar la partida; no se ha cambiado nada, inténtalo de nuevo

# Jugadas que rompen las reglas. $ranks es como "1-2".
illegal-not-your-pit = { $pit } no es tu hoyo: { $side } juega desde las filas { $first } y { $second }
illegal-too-few-seeds = { $pit } tiene { $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    }: para jugar hace falta un hoyo con al menos 2
illegal-out-of-play = { $pit } está fuera de juego hasta que juegues tu ng'hana (el hoyo de 17 semillas con el que empieza el juego de los muchachos), que pone fin a tu apertura (la primera fase de la partida)
illegal-never-ending = { $pit } empezaría una jugada que no termina nunca, así que no está permitida
illegal-game-over = la partida ha terminado
refusal-conditional-not-now = las jugadas condicionales se introducen durante el turno de tu rival; en tu turno, simplemente juega
refusal-conditional-length = una línea condicional son pares de jugadas, la suya y luego la tuya: 2, 4, 6 o { $max } jugadas, como c2 b3
refusal-conditional-full = ya tienes { $max } líneas condicionales en esta partida; bórralas para introducir otras
refusal-conditional-conflict = esta línea responde a las mismas jugadas de otra forma que tu línea { $line }
refusal-conditional-ply = jugada { $ply } de la línea:
refusal-on-vacation = ya estás de vacaciones
refusal-not-on-vacation = no estás de vacaciones
refusal-no-vacation-left = se te acabaron los días de vacaciones; cada mes recibes más
refusal-nothing-to-hold = ninguna de tus partidas tiene un reloj que las vacaciones puedan detener; solo gastarían tus días
