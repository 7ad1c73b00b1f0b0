# Rätsel und der Kurs auf Discord: /isolo rätsel und /isolo lernen.

training-menu-placeholder = Du bist am Zug: Wähle eine Mulde zum Säen
# $date ist ein Discord-Zeitstempel, der den Tag im Format des Lesers zeigt.
training-daily = **Tagesrätsel** vom { $date }: heute für alle hier dasselbe. Wähle unten deinen Zug; deine Antwort siehst nur du.
training-daily-tally = { $solvers ->
    [0] Noch niemand hat es gelöst
    [one] Ein Mitglied hat es gelöst
   *[other] { $solvers } Mitglieder haben es gelöst
} ({ $tried } versucht).
training-puzzle-next = Noch ein Rätsel: `/isolo rätsel`
training-lesson = **Lektion { $n } von { $total }** ({ $done } geschafft).
training-lesson-wrong = Noch nicht. { $hint }
training-lesson-next = Nächste Lektion: `/isolo lernen`
training-course-done = Das war die letzte Lektion des Kurses. Fordere jemanden mit `/isolo herausfordern` heraus oder löse Rätsel mit `/isolo rätsel`.
training-newcomer = Neu bei Isolo? `/isolo lernen` bringt es dir in zehn kurzen Lektionen bei.
training-stats-puzzles = Rätsel: Wertung { $rating }, { $solved } gelöst, { $failed } nicht gelöst, Serie { $streak } (Bestwert { $best }).
# $pit ist der Zug, der in der Animation gesät wird.
training-animation-alt = Der Zug { $pit }, Durchgang für Durchgang gesät.

settings-daily-puzzle = Tagesrätsel: erscheint jeden Tag um { $time } UTC in { $channel }. Das nächste: { $next }.
settings-daily-puzzle-off = Tagesrätsel: Der Bot postet es auf diesem Server nicht. Alle können es weiterhin mit `/isolo rätsel tagesrätsel:True` zeigen.
daily-post-failed = Ich konnte das Tagesrätsel in { $channel } nicht posten: Ich darf dort keine Nachrichten senden oder keine Dateien anhängen. Gib mir diese Berechtigungen oder nutze `/isolo einstellungen server-tagesrätsel:True` in einem anderen Kanal. Ich versuche es morgen wieder und schreibe dir deswegen nicht noch einmal.
