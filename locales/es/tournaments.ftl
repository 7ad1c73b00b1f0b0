# Torneos: las respuestas a /isolo torneo y lo que reciben el canal del
# torneo y los hilos de sus partidas. $number es el número del torneo en el
# servidor, $round una ronda (desde 1), $board una mesa (desde 1).

# $format: round-robin, double-round-robin o swiss.
tournament-format = { $format ->
        [round-robin] liga (todos contra todos)
        [double-round-robin] liga a doble vuelta
       *[swiss] sistema suizo
    }
tournament-name = Torneo #{ $number }
# $rounds es 0 cuando las rondas solo se fijan al empezar (suizo, por defecto).
# $deadline es 0 si no hay plazo de inscripción; si no, una hora unix en segundos.
tournament-created = { $creator } ha creado el torneo #{ $number }: { $format }, juego { $variant }, { $clock }{ $rated ->
        [yes] , puntuable
       *[no] , no puntuable
    }{ $rounds ->
        [0] {""}
        [one] , { $rounds } ronda
       *[other] , { $rounds } rondas
    }. Inscríbete con `/isolo torneo unirse`{ $deadline ->
        [0] {""}
       *[other] ; las inscripciones se cierran <t:{ $deadline }:R>, y entonces empieza
    }.
tournament-joined = { $player } se ha inscrito en el torneo #{ $number } ({ $count ->
        [one] { $count } jugador
       *[other] { $count } jugadores
    }).
tournament-left-before = { $player } ha dejado el torneo #{ $number } ({ $count ->
        [one] queda { $count } jugador
       *[other] quedan { $count } jugadores
    }).
tournament-withdrew = { $player } se ha retirado del torneo #{ $number }: sus partidas pendientes se dan por perdidas.
tournament-started = El torneo #{ $number } ha empezado: { $count } jugadores, { $rounds ->
        [one] { $rounds } ronda
       *[other] { $rounds } rondas
    }. A continuación, los emparejamientos.
tournament-cancelled-done = El torneo #{ $number } queda cancelado.
tournament-cancelled = El torneo #{ $number } se ha cancelado; las partidas en curso continúan, pero ya no cuentan.

# Los emparejamientos de una ronda, publicados una vez en el canal del torneo.
tournament-round-title = **Torneo #{ $number }, ronda { $round } de { $rounds }**: emparejamientos
tournament-round-board = Mesa { $board }: { $white } (mueve primero) contra { $black }
tournament-round-bye = Descansa: { $player } (cuenta como victoria)
tournament-round-forfeit = Mesa { $board }: { $white } contra { $black }, decidida por incomparecencia
tournament-round-footer = Cada partida se juega en su propio hilo; { $clock }.

# El primer mensaje del hilo de una mesa: menciona a los dos jugadores.
tournament-game-intro = { $white } contra { $black }: torneo #{ $number }, ronda { $round }, mesa { $board }, { $clock }. Mueve primero { $white }.

# El final: la clasificación final y el ganador (o los ganadores, empatados).
tournament-final-title = Torneo #{ $number }: clasificación final
tournament-standings-title = Torneo #{ $number }: clasificación tras la ronda { $round } de { $rounds }
tournament-standings-open = El torneo #{ $number } todavía no ha empezado. Jugadores ({ $count }): { $players }
tournament-winner = { $count ->
        [one] { $winners } gana el torneo #{ $number } con { $points } puntos. ¡Felicidades!
       *[other] { $winners } comparten el primer puesto del torneo #{ $number } con { $points } puntos. ¡Felicidades!
    }
tournament-standings-alt = La clasificación del torneo #{ $number } (la misma que el texto de este mensaje)

# Encabezados de columna de la imagen de la clasificación: cortos.
tournament-label-rank = #
tournament-label-player = Jugador
tournament-label-points = Pts
tournament-label-buchholz = BH-1
tournament-label-sonneborn = SB
tournament-label-direct = ED
tournament-label-wins = V
tournament-label-withdrawn = (se retiró)

# Una opción del autocompletado de la opción tournament. $status: open o running.
tournament-choice = #{ $number }: { $format }, { $count ->
        [one] { $count } jugador
       *[other] { $count } jugadores
    }, { $status ->
        [open] inscripciones abiertas
       *[running] ronda { $round } de { $rounds }
    }

# La respuesta a /isolo ajustes torneos-servidor. $who: anyone o moderators.
settings-server-tournaments = Torneos nuevos en este servidor: { $who ->
        [moderators] solo los moderadores pueden crearlos
       *[anyone] cualquier miembro puede crearlos
    }.

# El nombre del permiso tal como lo muestran los ajustes de canal de Discord.
channel-right = { $right ->
        [send-messages] Enviar mensajes
        [create-public-threads] Crear hilos públicos
       *[send-messages-in-threads] Enviar mensajes en hilos
    }
tournament-cannot-host = No puedo organizar un torneo en este canal: necesito el permiso **{ $right }** aquí, porque cada partida de un torneo se juega en su propio hilo de este canal. Pide a un moderador que me lo dé en los ajustes de este canal (Permisos), o crea el torneo en otro canal. No se ha creado nada.
tournament-blocked = Torneo #{ $number }, ronda { $round }: una partida no puede empezar. Necesito el permiso **{ $right }** en este canal para dar a cada partida su propio hilo, y este canal ya tiene una partida en curso. Pide a un moderador que me lo dé en los ajustes de este canal: las partidas en espera empezarán entonces en menos de un minuto. Hasta entonces empiezan aquí, de una en una, cuando termina la partida de aquí.
