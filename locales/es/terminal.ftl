# El juego en la terminal (isolo-bot play). Los comandos que se escriben
# (board, hint, quit...) siguen en inglés: son lo que teclea el jugador.

terminal-help = comandos: <hoyo> (como b2) o move <hoyo> | board | png [archivo] | animate [archivo] | save <archivo> | hint | draw | resign | history | rules | help | quit (después de la partida: review | history | save <archivo>)
terminal-unknown-command = comando desconocido; escribe help
terminal-save-needs-file = save necesita un nombre de archivo, por ejemplo: save partida.isolo
terminal-leave-ask = ¿Salir de la partida sin terminarla? Escribe yes (o vuelve a pulsar Ctrl-D) para salir, o cualquier otra cosa para seguir:{" "}
terminal-goes-on = La partida continúa.
terminal-left-unfinished = Fin de la entrada: la partida quedó sin terminar.
terminal-game-over = La partida ha terminado: `review` muestra el análisis de la máquina, `history` su registro y `save <archivo>` la guarda; Enter para salir.
terminal-draw-declined = la máquina rechaza el empate: va por delante en semillas
terminal-draw-offered = empate ofrecido; el rival puede aceptarlo con `draw`
terminal-no-move-yet = todavía no se ha hecho ninguna jugada
# $variant: de las mujeres o de los muchachos (variant-women, variant-boys).
terminal-intro = Isolo, juego { $variant }: eres Sur (filas 1-2, abajo) y { $north } es Norte.
terminal-prompt = Turno de { $player }>
terminal-hint = Yo jugaría { $pit }, { $captured ->
        [0] sin capturar nada
        [one] capturando { $captured } semilla
       *[other] capturando { $captured } semillas
    }. { $evaluation }.
terminal-cannot-write = no se puede escribir { $path }: { $error } (la partida continúa)
terminal-saved = registro de la partida guardado en { $path } (isolo-bot replay --record { $path } lo vuelve a leer)
terminal-wrote = se ha escrito { $path }
# $what describe la imagen (su texto alternativo).
terminal-wrote-picture = se ha escrito { $path } ({ $what })
terminal-train-help = escribe un hoyo (como b2) para mover | board | help | quit
terminal-course-done = Has completado todas las lecciones del curso. Juega una partida con: isolo-bot play
terminal-board-picture = (imagen del tablero: { $path })
terminal-lesson = Lección { $n } de { $total }.
terminal-you = Jugador
terminal-friend = Amigo
terminal-web-open = El tablero en directo está en { $url }: ábrelo en tu navegador. Ctrl-C lo detiene.
