# Lo que dice el bot en Discord. Aquí funciona Markdown: **negrita**, `código`,
# -# letra pequeña. <t:...:R> es una hora que Discord muestra en el idioma de
# quien lee ("dentro de 2 días"); <@...> y <#...> son un miembro y un canal.
# Los comandos (/isolo mover) llevan el nombre que muestra el selector de
# comandos en español: el de commands.ftl.

former-member = un antiguo miembro

review-file-title = Partida de Isolo #{ $game }: { $south } contra { $north }
review-message = **{ $title }** { $text }
    En el archivo están todas las jugadas, cada una con la que prefiere el motor.
review-file-alt = Análisis de la partida de Isolo #{ $game }

# $side es Sur o Norte (side-south, side-north).
board-drawn-from = Visto desde el lado { $side }: { $player } abajo.
board-header = Partida #{ $game }: { $south } (Sur) contra { $north } (Norte), juego { $variant }, jugada { $ply }.
board-to-move = Turno de { $player } ({ $side }).
game-on = Empieza la partida #{ $game }: { $south } (Sur) contra { $north } (Norte), juego { $variant }.
animation-alt = Animación de { $player } sembrando { $pit }

menu-pit = { $pit } ({ $seeds ->
        [one] { $seeds } semilla
       *[other] { $seeds } semillas
    })
menu-placeholder = { $player }: elige un hoyo para sembrar
button-rematch = Revancha
button-accept = Aceptar
button-decline = Rechazar
button-withdraw = Retirar
button-forget-me = Olvídame

turn-bot-thinking = { $player } ({ $side }) está pensando...
turn-your-move = { $player }, te toca ({ $side }): elige un hoyo abajo o usa `/isolo mover`.
turn-your-move-clock = { $player }, te toca ({ $side }) (el tiempo se acaba <t:{ $deadline }:R>): elige un hoyo abajo o usa `/isolo mover`.

clock-days = { $days ->
    [one] { $days } día por jugada
   *[other] { $days } días por jugada
}
clock-minutes = { $minutes ->
    [one] { $minutes } minuto por jugada
   *[other] { $minutes } minutos por jugada
}
clock-none = sin reloj

# $house es yes cuando la partida tiene reglas de la casa, que $rules nombra
# (como "reglas de la casa: las capturas continúan"); si no, $rules está vacío.
challenge = { $challenger } desafía a { $opponent } a una partida de Isolo (juego { $variant }, { $clock }{ $house ->
        [yes] , { $rules }
       *[no] {""}
    }, { $rated ->
        [yes] puntuable
       *[no] no puntuable
    }). El desafío caduca <t:{ $expires }:R>.
challenge-no-clock = Sin reloj: tras un día sin jugadas, se avisa una vez a quien le toca mover, y tras { $idle } sin jugadas la partida termina en empate no puntuable.
challenge-pair = { $challenger } a { $opponent }
challenges-aborted = Un moderador retiró los desafíos abiertos de aquí: { $challenges }.
challenge-declined = { $opponent } rechazó el desafío de { $challenger }.
challenge-withdrawn = { $challenger } retiró su desafío a { $opponent }.
challenge-expired = El desafío de { $challenger } a { $opponent } caducó sin respuesta.

# $streak_kind: win, loss o none; $streak cuenta los resultados seguidos.
stats = **{ $player }**: puntuación { $rating } (±{ $deviation }{ $provisional ->
        [yes] , provisional: pocas partidas, o ninguna en mucho tiempo
       *[no] {""}
    }), { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }: { $wins } ganadas, { $losses } perdidas, { $draws } empatadas.{ $streak_kind ->
        [win] {" "}Racha actual: { $streak ->
            [one] { $streak } victoria.
           *[other] { $streak } victorias.
        }
        [loss] {" "}Racha actual: { $streak ->
            [one] { $streak } derrota.
           *[other] { $streak } derrotas.
        }
       *[none] {""}
    } Mejor racha de victorias: { $best }.
stats-rival = contra { $rival }: { $wins }-{ $losses }-{ $draws }
no-stats = { $player } todavía no tiene partidas puntuables en este servidor.
no-stats-private = Los resultados de las partidas en chats privados solo los ve su propio jugador.

leaderboard-empty = Todavía no hay partidas puntuables en este servidor: desafía a alguien con `/isolo desafiar`.
leaderboard-private = Los chats privados no tienen clasificación: las partidas de aquí solo cuentan para los resultados de cada jugador, que ve con `/isolo estadísticas`. Cada servidor tiene su propia clasificación.
leaderboard-title = Clasificación de Isolo
leaderboard-line = { $rank }. { $player } { $rating } ({ $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }, { $wins }-{ $losses }-{ $draws })
leaderboard-provisional = `?` indica una puntuación provisional (pocas partidas, o ninguna en mucho tiempo); el orden va por la puntuación menos dos veces su ±.

# Una negativa seguida de cómo seguir.
refusal-with-way-on = { $refusal }{ $way_on }
way-on-no-game = : empieza una con /isolo desafiar
way-on-busy = : termínala o abre un hilo
way-on-not-a-player = ; puedes seguirla con /isolo tablero
way-on-still-playing-games = {" "}(`/isolo mis-partidas` las muestra)
way-on-still-playing-challenges = {" "}(retíralos o recházalos con /isolo retirar y /isolo rechazar)
way-on-corrupt = ; un moderador puede anular la partida con /isolo partida anular
way-on-stale = : usa el menú del tablero más reciente, o /isolo mover
# Sustituye a refusal-which-challenge en Discord, donde los botones ayudan.
refusal-which-challenge-here = aquí hay varios desafíos que te afectan ({ $names }): usa los botones del que quieras, o indica quién con la opción `de` en /isolo aceptar y /isolo rechazar (la opción `a` en /isolo retirar)
refusal-server-language = solo los moderadores (con permiso para gestionar mensajes) pueden cambiar los ajustes del servidor (su idioma, quién crea torneos, el problema diario), y solo dentro de un servidor

internal-error = Algo ha fallado por mi parte; no se ha cambiado nada. Inténtalo de nuevo. Si sigue pasando, avisa a quien administra el bot: referencia `{ $reference }`.
panicked = Algo ha fallado por mi parte. Inténtalo de nuevo. Si sigue pasando, avisa a quien administra el bot: referencia `{ $reference }`.
saved-not-shown = Se ha hecho y guardado, pero no he podido mostrarlo aquí (Discord no aceptó mi respuesta). `/isolo tablero` muestra la partida tal como está ahora.
set-aside = No se pudo leer la partida guardada en este canal, así que se ha apartado para que la revise quien administra el bot. El canal queda libre para una nueva partida.
unreadable-removed = La partida o el desafío ilegible de este canal se ha apartado para quien administra el bot; el canal vuelve a estar libre.
unreadable-options = No he podido leer las opciones de este comando: puede que tu Discord todavía muestre una versión antigua de /isolo. No se ha cambiado nada; inténtalo de nuevo dentro de un minuto (o reinicia Discord).

limited-cooldown = Has usado `{ $command }` varias veces seguidas: inténtalo de nuevo dentro de { $seconds } s.
limited-busy = Ahora mismo estoy analizando otras partidas: inténtalo de nuevo dentro de un minuto.

forget-confirm = Esto borra lo que guardo sobre ti en todos los servidores y chats: tus ajustes, tus puntuaciones y las listas de tus partidas. En las partidas terminadas aparecerás como "{ $former }"; sus resultados se mantienen, así que no cambia la puntuación de nadie más. No se puede deshacer. Antes tienen que terminar las partidas que sigas jugando y tus desafíos abiertos.
forgotten = Hecho: te he olvidado.{ $games ->
        [0] {""}
        [one] {" "}{ $games } partida terminada muestra ahora "{ $former }".
       *[other] {" "}{ $games } partidas terminadas muestran ahora "{ $former }".
    }
not-your-button = Este botón es solo para la persona que pidió que la olvidaran.

thread-name = Isolo: { $south } contra { $north }
thread-note = No he podido abrir un hilo para esta partida (necesito los permisos para crear hilos públicos y enviar mensajes en hilos), así que se juega en este canal.
thread-intro = Una partida de Isolo: { $south } contra { $north }. Se juega aquí con `/isolo mover` o con el menú bajo el tablero; `/isolo ayuda` muestra todos los comandos.
accepted-in-thread = { $opponent } ha aceptado. La partida #{ $game } se juega en { $thread }.
bot-game-in-thread = Empieza la partida #{ $game } contra { $bot }: se juega en { $thread }.
play-in-thread = (Se juega en { $thread }.)

draw-offered = { $player } ofrece empate. { $opponent }, usa `/isolo empate` para aceptarlo, o simplemente mueve para rechazarlo.
draw-declined = { $bot } rechaza el empate: va por delante en semillas. Sigue jugando, o usa `/isolo rendirse`.

# $turn_dm: on u off; $board: mover o south; $colours: standard o colour-blind.
settings = Tus ajustes (en todos los servidores):
    - mensaje directo cuando te toca: { $turn_dm ->
        [on] activado
       *[off] desactivado
    }
    - tableros vistos desde: { $board ->
        [south] el lado Sur, siempre
       *[mover] el lado de quien mueve
    }
    - colores de las marcas de la última jugada: { $colours ->
        [colour-blind] aptos para daltónicos
       *[standard] estándar
    }
    - idioma: { $language }
    - recordatorios de tu turno (partidas con reloj): { $reminders ->
        [off] ninguno
        [before-deadline] 24 h, 4 h y 1 h antes de que se acabe tu tiempo
       *[half-time] a la mitad de tu tiempo, y otra vez cuando quede una décima parte
    }
    - resumen diario de las partidas que te esperan: { $digest ->
        [on] activado (en lugar de un mensaje directo en cada jugada)
       *[off] desactivado
    }
    Cambia cualquiera con `/isolo ajustes` y su opción.
settings-language-discord = el idioma de tu aplicación de Discord
settings-server-language = Idioma de este servidor para los mensajes públicos: { $language }.

# $against es yes cuando $opponent nombra al otro jugador.
turn-dm = Te toca mover en la partida #{ $game } de Isolo{ $against ->
        [yes] {" "}contra { $opponent }
       *[no] {""}
    }: { $channel }. (Desactiva estos mensajes con `/isolo ajustes aviso-turno:false`.)

games-none = No tienes ninguna partida en curso en este servidor. `/isolo desafiar` empieza una.
games-title = Tus partidas en curso ({ $count }):
games-your-move = **te toca**
games-their-move = le toca a { $player }
games-over = terminada
# $clock es yes cuando $left dice el tiempo que queda; $tournament es 0 fuera de los torneos.
games-line = #{ $game } contra { $opponent } ({ $variant }): { $turn }{ $clock ->
        [yes] , tiempo restante: { $left }
       *[no] {""}
    }, en { $channel }{ $tournament ->
        [0] {""}
       *[other] {" "}(torneo #{ $tournament })
    }
finished-games-none = Todavía no tienes ninguna partida terminada en este servidor.
finished-games-title = { $count ->
    [one] Tu última partida terminada:
   *[other] Tus últimas { $count } partidas terminadas:
}
# $result: won, lost, draw o aborted.
finished-games-line = #{ $game } contra { $opponent }: { $result ->
        [won] ganada
        [lost] perdida
        [draw] empate
       *[aborted] anulada
    }, en { $channel } (registro: `/isolo exportar partida:{ $game }`)
game-choice = #{ $game } contra { $opponent }: { $result ->
        [won] ganada
        [lost] perdida
       *[draw] empate
    }

export = El registro de la partida (pares de etiquetas y jugadas numeradas; `isolo-bot replay --record ARCHIVO` la reproduce).
export-alt = Registro de una partida de Isolo
hint = Yo jugaría **{ $pit }**{ $captured ->
        [0] {""}
        [one] , capturando { $captured } semilla
       *[other] , capturando { $captured } semillas
    }.
no-move-yet = Todavía no se ha hecho ninguna jugada en esta partida.

help-intro = **Isolo**, el mancala de los sukuma: cuatro filas de ocho hoyos. Los hoyos se nombran por su columna (a-h) y su fila (1-4); Sur tiene las filas 1-2 y Norte las 3-4. Los botones y el menú bajo el tablero hacen lo mismo que los comandos.

reminder = { $player }, te toca mover en la partida #{ $game }: tu tiempo se acaba <t:{ $deadline }:R>.
idle = { $player }, la partida #{ $game } espera tu jugada. Si no mueves, terminará en empate (no puntuable) <t:{ $closes }:R>.
flagged = { $flagged } se quedó sin tiempo. { $claimant }, puedes reclamar la victoria con `/isolo partida reclamar`.
flagged-closes = Si no, la victoria por tiempo se te anotará <t:{ $closes }:R>.
held-title = **Mientras tanto** (solo puedo hablar aquí cuando alguien me usa):
held-bot-moved = He hecho mi jugada en la partida #{ $game }: `/isolo tablero` muestra la posición.
held-moved = { $player } ha jugado en la partida #{ $game }; la jugada está guardada, pero Discord no aceptó mi respuesta: `/isolo tablero` muestra la posición.
held-dm-reminder = Te toca mover en la partida de Isolo #{ $game }: tu tiempo se acaba <t:{ $deadline }:R>. Usa `/isolo mover` en el chat donde juegas.
held-dm-idle = La partida de Isolo #{ $game } espera tu jugada. Si no mueves, terminará en empate (no puntuable) <t:{ $closes }:R>.
held-dm-bot-moved = He hecho mi jugada en la partida de Isolo #{ $game }: te toca.
held-dm-moved = Tu rival ha jugado en la partida de Isolo #{ $game }: te toca.
# $clock: yes cuando la partida tiene reloj.
answer-only-note = Aquí solo puedo responder, no publicar por mi cuenta. { $clock ->
        [yes] Si se acaba el tiempo de un reloj o caduca el desafío, se verá con el siguiente comando o botón que se use aquí.
       *[no] Si caduca el desafío, se verá con el siguiente comando o botón que se use aquí.
    } Quien haya añadido la aplicación, o comparta un servidor conmigo, puede recibir un mensaje directo cuando le toque: `/isolo ajustes aviso-turno`.
forced-private = Este servidor solo deja que las aplicaciones añadidas por los miembros respondan a quien las usa, así que nadie más vería esta partida. Pide a un moderador que permita **Usar aplicaciones externas** aquí, o que añada isolo-bot al servidor.

# /isolo ajustes idioma: la opción que sigue el idioma de la app de Discord.
choice-language-discord = El idioma de mi Discord
button-next = Mi próxima partida
next-none = Ninguna de tus partidas está esperando tu jugada.
next-game = Partida #{ $game }, { $place ->
        [private] en un chat privado
       *[server] en { $channel }
    }: tu turno empezó <t:{ $since }:R>. Para ir: { $link }
conditional-played = Respondida al instante desde una línea condicional:
conditional-none = No tienes líneas condicionales en esta partida.
conditional-title = Tus líneas condicionales ({ $count } de { $max }):
conditional-pair = si juega { $theirs }, entonces { $mine }
conditional-cleared = { $count ->
        [0] No tenías líneas condicionales en esta partida.
        [one] Se borró tu línea condicional.
       *[other] Se borraron tus { $count } líneas condicionales.
    }
vacation-started = { $opponent } { $player } está de vacaciones: el reloj de la partida #{ $game } está detenido hasta que vuelva, como mucho hasta <t:{ $until }:f>.
vacation-ended = { $opponent } { $player } ha vuelto de vacaciones: el reloj de la partida #{ $game } vuelve a correr.
vacation-ran-out = { $opponent } a { $player } se le acabaron los días de vacaciones: el reloj de la partida #{ $game } vuelve a correr.
vacation-on = Estás de vacaciones: tus relojes están detenidos hasta que vuelvas, como mucho hasta <t:{ $until }:f>.
vacation-bank = Vacaciones que te quedan: { $left }.
clock-stopped = (el reloj está detenido: un jugador está de vacaciones)
