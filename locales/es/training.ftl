# Los problemas y el curso en Discord: /isolo problema y /isolo aprender.

training-menu-placeholder = Te toca: elige un hoyo para sembrar
# $date es una marca de tiempo de Discord que muestra el día en el formato de quien lee.
training-daily = **Problema del día** del { $date }: el mismo para todos aquí hoy. Elige tu jugada abajo; solo tú ves tu respuesta.
training-daily-tally = { $solvers ->
    [0] Todavía nadie lo ha resuelto
    [one] Un miembro lo ha resuelto
   *[other] { $solvers } miembros lo han resuelto
} ({ $tried ->
    [0] nadie lo ha intentado
    [one] { $tried } lo ha intentado
   *[other] { $tried } lo han intentado
}).
training-puzzle-next = Otro problema: `/isolo problema`
training-lesson = **Lección { $n } de { $total }** ({ $done ->
        [one] { $done } completada
       *[other] { $done } completadas
    }).
training-lesson-wrong = Todavía no. { $hint }
training-lesson-next = Siguiente lección: `/isolo aprender`
training-course-done = Esa era la última lección del curso. Desafía a alguien con `/isolo desafiar` o resuelve problemas con `/isolo problema`.
training-newcomer = ¿Aún no conoces el Isolo? `/isolo aprender` te lo enseña en diez lecciones breves.
training-stats-puzzles = Problemas: puntuación { $rating }, resueltos { $solved }, fallados { $failed }, racha { $streak } (mejor racha: { $best }).
# $pit es la jugada que se siembra en la animación.
training-animation-alt = La jugada { $pit } sembrada vuelta a vuelta.

settings-daily-puzzle = Problema diario: se publica en { $channel } cada día a las { $time } UTC. El próximo: { $next }.
settings-daily-puzzle-off = Problema diario: el bot no lo publica en este servidor. Cualquiera puede mostrarlo con `/isolo problema diario:True`.
daily-post-failed = No he podido publicar el problema diario en { $channel }: no tengo permiso para enviar mensajes ni adjuntar archivos allí. Dame esos permisos, o usa `/isolo ajustes problema-diario:True` en otro canal. Lo intentaré de nuevo mañana y no volveré a escribirte sobre esto.
