# Was der Bot auf Discord sagt. Markdown funktioniert hier: **fett**, `Code`,
# -# Kleingedrucktes. <t:...:R> ist eine Zeit, die Discord in der Sprache
# des Lesers zeigt („in 2 Tagen“); <@...> und <#...> sind ein Mitglied und
# ein Kanal. Befehle (/isolo zug) heißen im Text so, wie die Befehlsauswahl
# sie auf Deutsch zeigt: wie in commands.ftl.

former-member = ein ehemaliges Mitglied

review-file-title = Isolo-Partie #{ $game }: { $south } gegen { $north }
review-message = **{ $title }** { $text }
    Alle Züge, jeweils mit dem Zug, den die Engine vorzieht, stehen in der Datei.
review-file-alt = Analyse der Isolo-Partie #{ $game }

# $side ist Süd oder Nord (side-south, side-north).
board-drawn-from = Ansicht von { $side }: { $player } unten.
board-header = Partie #{ $game }: { $south } (Süd) gegen { $north } (Nord), { $variant }, Halbzug { $ply }.
board-to-move = { $player } ({ $side }) ist am Zug.
game-on = Partie #{ $game } läuft: { $south } (Süd) gegen { $north } (Nord), { $variant }.
animation-alt = Animation: { $player } sät aus { $pit }

menu-pit = { $pit } ({ $seeds } Samen)
menu-placeholder = { $player }: Wähle eine Mulde zum Säen
button-rematch = Revanche
button-accept = Annehmen
button-decline = Ablehnen
button-withdraw = Zurückziehen
button-forget-me = Vergiss mich

turn-bot-thinking = { $player } ({ $side }) denkt nach …
turn-your-move = { $player }, du bist am Zug ({ $side }): Wähle unten eine Mulde oder nutze `/isolo zug`.
turn-your-move-clock = { $player }, du bist am Zug ({ $side }; deine Zeit läuft <t:{ $deadline }:R> ab): Wähle unten eine Mulde oder nutze `/isolo zug`.

clock-days = { $days ->
    [one] { $days } Tag pro Zug
   *[other] { $days } Tage pro Zug
}
clock-minutes = { $minutes ->
    [one] { $minutes } Minute pro Zug
   *[other] { $minutes } Minuten pro Zug
}
clock-none = ohne Uhr

# $house ist yes, wenn die Partie Hausregeln hat, die $rules dann nennt
# (etwa „Hausregeln: Weiterschlagen“); sonst ist $rules leer.
challenge = { $challenger } fordert { $opponent } zu einer Partie Isolo heraus ({ $variant }, { $clock }{ $house ->
        [yes] , { $rules }
       *[no] {""}
    }, { $rated ->
        [yes] gewertet
       *[no] ungewertet
    }). Die Herausforderung läuft <t:{ $expires }:R> ab.
challenge-no-clock = Ohne Uhr: Nach einem Tag ohne Zug wird, wer am Zug ist, einmal erinnert, und kommt { $idle } lang kein Zug, endet die Partie unentschieden (ungewertet).
challenge-pair = { $challenger } an { $opponent }
challenges-aborted = Ein Moderator hat die offenen Herausforderungen hier zurückgezogen: { $challenges }.
challenge-declined = { $opponent } hat die Herausforderung von { $challenger } abgelehnt.
challenge-withdrawn = { $challenger } hat die Herausforderung an { $opponent } zurückgezogen.
challenge-expired = Die Herausforderung von { $challenger } an { $opponent } ist unbeantwortet abgelaufen.

# $streak_kind: win, loss oder none; $streak zählt die Ergebnisse in Folge.
stats = **{ $player }**: Wertung { $rating } (±{ $deviation }{ $provisional ->
        [yes] , vorläufig: wenige Partien oder lange keine
       *[no] {""}
    }), { $games ->
        [one] { $games } Partie
       *[other] { $games } Partien
    }: { $wins } gewonnen, { $losses } verloren, { $draws } unentschieden.{ $streak_kind ->
        [win] {" "}Aktuelle Serie: { $streak ->
            [one] { $streak } Sieg.
           *[other] { $streak } Siege.
        }
        [loss] {" "}Aktuelle Serie: { $streak ->
            [one] { $streak } Niederlage.
           *[other] { $streak } Niederlagen.
        }
       *[none] {""}
    } Längste Siegesserie: { $best }.
stats-rival = gegen { $rival }: { $wins }-{ $losses }-{ $draws }
no-stats = { $player } hat auf diesem Server noch keine gewerteten Partien.
no-stats-private = Ergebnisse aus Partien in privaten Chats sieht nur der Spieler selbst.

leaderboard-empty = Auf diesem Server gibt es noch keine gewerteten Partien: Fordere jemanden mit `/isolo herausfordern` heraus.
leaderboard-private = Private Chats haben keine Rangliste: Partien hier zählen nur für die eigenen Ergebnisse jedes Spielers, die er mit `/isolo statistik` sieht. Jeder Server hat seine eigene Rangliste.
leaderboard-title = Isolo-Rangliste
leaderboard-line = { $rank }. { $player } { $rating } ({ $games ->
        [one] { $games } Partie
       *[other] { $games } Partien
    }, { $wins }-{ $losses }-{ $draws })
leaderboard-provisional = `?` kennzeichnet eine vorläufige Wertung (wenige Partien oder lange keine); sortiert wird nach Wertung minus zweimal ihr ±.

# Eine Ablehnung, gefolgt vom Weg, wie es weitergeht.
refusal-with-way-on = { $refusal }{ $way_on }
way-on-no-game = : Starte eine mit /isolo herausfordern
way-on-busy = : Spiel sie zu Ende oder starte einen Thread
way-on-not-a-player = ; zuschauen kannst du mit /isolo brett
way-on-still-playing-games = {" "}(`/isolo partien` listet sie auf)
way-on-still-playing-challenges = {" "}(zieh sie mit /isolo zurückziehen zurück oder lehne sie mit /isolo ablehnen ab)
way-on-corrupt = ; ein Moderator kann die Partie mit /isolo partie abbrechen beenden
way-on-stale = : Nutze das Menü unter dem neuesten Brett oder /isolo zug
# Ersetzt refusal-which-challenge auf Discord, wo Buttons helfen.
refusal-which-challenge-here = hier betreffen dich mehrere Herausforderungen ({ $names }): Nutze die Buttons an der, die du meinst, oder nenne den Spieler mit der Option `von` bei /isolo annehmen und /isolo ablehnen (mit der Option `an` bei /isolo zurückziehen)
refusal-server-language = die Einstellungen des Servers (Sprache, wer Turniere erstellt, Tagesrätsel) können nur Moderatoren (Nachrichten verwalten) ändern, und nur auf einem Server

internal-error = Bei mir ist etwas schiefgelaufen; es wurde nichts geändert. Bitte versuch es noch einmal. Wenn das öfter passiert, sag dem Betreiber des Bots Bescheid: Referenz `{ $reference }`.
panicked = Bei mir ist etwas schiefgelaufen. Bitte versuch es noch einmal. Wenn das öfter passiert, sag dem Betreiber des Bots Bescheid: Referenz `{ $reference }`.
saved-not-shown = Das ist erledigt und gespeichert, aber ich konnte es hier nicht anzeigen (Discord hat meine Antwort nicht angenommen). `/isolo brett` zeigt die Partie, wie sie jetzt steht.
set-aside = Die in diesem Kanal gespeicherte Partie konnte nicht gelesen werden und wurde für den Betreiber des Bots beiseitegelegt. Der Kanal ist frei für eine neue Partie.
unreadable-removed = Die unlesbare Partie oder Herausforderung in diesem Kanal wurde für den Betreiber des Bots beiseitegelegt; der Kanal ist wieder frei.
unreadable-options = Ich konnte die Optionen dieses Befehls nicht lesen: Dein Discord zeigt vielleicht noch eine ältere Version von /isolo. Es wurde nichts geändert; bitte versuch es in einer Minute noch einmal (oder starte Discord neu).

limited-cooldown = Du hast `{ $command }` gerade mehrmals benutzt: Versuch es in { $seconds } s noch einmal.
limited-busy = Ich analysiere gerade andere Partien: Versuch es in einer Minute noch einmal.

forget-confirm = Damit löschst du alles, was ich über dich speichere, auf allen Servern und in allen Chats: deine Einstellungen, deine Wertungen und die Listen deiner Partien. In beendeten Partien wirst du als „{ $former }“ angezeigt; ihre Ergebnisse bleiben, damit sich niemandes Wertung ändert. Das lässt sich nicht rückgängig machen. Partien, die du noch spielst, und offene Herausforderungen müssen vorher enden.
forgotten = Erledigt: Ich habe dich vergessen.{ $games ->
        [0] {""}
        [one] {" "}{ $games } beendete Partie zeigt jetzt „{ $former }“.
       *[other] {" "}{ $games } beendete Partien zeigen jetzt „{ $former }“.
    }
not-your-button = Dieser Button ist für das Mitglied, das vergessen werden wollte.

thread-note = Ich konnte für diese Partie keinen Thread öffnen (dafür brauche ich „Öffentliche Threads erstellen“ und „Nachrichten in Threads senden“), deshalb wird sie in diesem Kanal gespielt.
thread-name = Isolo: { $south } gegen { $north }
thread-intro = Eine Partie Isolo: { $south } gegen { $north }. Gespielt wird hier mit `/isolo zug` oder dem Menü unter dem Brett; `/isolo hilfe` listet alle Befehle auf.
accepted-in-thread = { $opponent } hat angenommen. Partie #{ $game } wird in { $thread } gespielt.
bot-game-in-thread = Partie #{ $game } gegen { $bot } läuft: Sie wird in { $thread } gespielt.
play-in-thread = (Gespielt wird in { $thread }.)

draw-offered = { $player } bietet ein Unentschieden an. { $opponent }, nimm mit `/isolo unentschieden` an oder zieh einfach, um abzulehnen.
draw-declined = { $bot } lehnt das Unentschieden ab: Der Bot liegt bei den Samen vorn. Spiel weiter oder gib mit `/isolo aufgeben` auf.

# $turn_dm: on oder off; $board: mover oder south; $colours: standard oder colour-blind.
settings = Deine Einstellungen (auf allen Servern):
    - Direktnachricht, wenn du am Zug bist: { $turn_dm ->
        [on] an
       *[off] aus
    }
    - Brettansicht: { $board ->
        [south] immer von Süd
       *[mover] von der Seite, die am Zug ist
    }
    - Farben der Markierungen des letzten Zugs: { $colours ->
        [colour-blind] für Farbenblinde geeignet
       *[standard] normal
    }
    - Sprache: { $language }
    - Erinnerungen an deinen Zug (Partien mit Uhr): { $reminders ->
        [off] keine
        [before-deadline] 24 Std., 4 Std. und 1 Std. bevor deine Zeit abläuft
       *[half-time] nach der Hälfte deiner Zeit und noch einmal, wenn ein Zehntel übrig ist
    }
    - tägliche Übersicht der Partien, die auf dich warten: { $digest ->
        [on] an (statt einer Direktnachricht bei jedem Zug)
       *[off] aus
    }
    Ändern kannst du sie mit `/isolo einstellungen` und der passenden Option.
settings-language-discord = die Sprache deiner Discord-App
settings-server-language = Sprache dieses Servers für öffentliche Nachrichten: { $language }.

# $against ist yes, wenn $opponent den anderen Spieler nennt.
turn-dm = Du bist am Zug in der Isolo-Partie #{ $game }{ $against ->
        [yes] {" "}gegen { $opponent }
       *[no] {""}
    }: { $channel }. (Diese Nachrichten schaltest du mit `/isolo einstellungen zug-nachricht:false` ab.)

games-none = Du hast auf diesem Server keine laufende Partie. `/isolo herausfordern` startet eine.
games-title = Deine laufenden Partien ({ $count }):
games-your-move = **du bist am Zug**
games-their-move = { $player } ist am Zug
games-over = beendet
# $clock ist yes, wenn $left die verbleibende Zeit nennt; $tournament ist 0 außerhalb von Turnieren.
games-line = #{ $game } gegen { $opponent } ({ $variant }): { $turn }{ $clock ->
        [yes] , noch { $left }
       *[no] {""}
    }, in { $channel }{ $tournament ->
        [0] {""}
       *[other] {" "}(Turnier #{ $tournament })
    }
finished-games-none = Du hast auf diesem Server noch keine beendete Partie.
finished-games-title = { $count ->
    [one] Deine letzte beendete Partie:
   *[other] Deine letzten { $count } beendeten Partien:
}
# $result: won, lost, draw oder aborted.
finished-games-line = #{ $game } gegen { $opponent }: { $result ->
        [won] gewonnen
        [lost] verloren
        [draw] unentschieden
       *[aborted] abgebrochen
    }, in { $channel } (Protokoll: `/isolo exportieren partie:{ $game }`)
game-choice = #{ $game } gegen { $opponent }: { $result ->
        [won] gewonnen
        [lost] verloren
       *[draw] unentschieden
    }

export = Das Partieprotokoll (Tag-Paare und nummerierte Züge; `isolo-bot replay --record DATEI` spielt es nach).
export-alt = Isolo-Partieprotokoll
hint = Ich würde **{ $pit }** spielen{ $captured ->
        [0] {""}
       *[other] {" "}und dabei { $captured } Samen schlagen
    }.
no-move-yet = In dieser Partie wurde noch kein Zug gespielt.

help-intro = **Isolo**, das Mancala-Spiel der Sukuma, mit vier Reihen zu je acht Mulden. Die Mulden heißen nach Spalte a-h und Reihe 1-4; Süd gehören die Reihen 1-2, Nord die Reihen 3-4. Die Buttons und das Menü unter dem Brett tun dasselbe wie die Befehle.

reminder = { $player }, du bist am Zug in Partie #{ $game }: Deine Zeit läuft <t:{ $deadline }:R> ab.
idle = { $player }, Partie #{ $game } wartet auf deinen Zug. Ohne Zug endet sie <t:{ $closes }:R> unentschieden (ungewertet).
flagged = { $flagged } hat die Zeit überschritten. { $claimant }, du kannst mit `/isolo partie einfordern` den Sieg einfordern.
flagged-closes = Sonst wird dir der Sieg <t:{ $closes }:R> auf Zeit gutgeschrieben.
held-title = **In der Zwischenzeit** (ich kann hier nur sprechen, wenn mich jemand benutzt):
held-bot-moved = Ich habe meinen Zug in Partie #{ $game } gemacht: `/isolo brett` zeigt die Stellung.
held-moved = { $player } hat in Partie #{ $game } gezogen; der Zug ist gespeichert, aber Discord hat meine Antwort nicht angenommen: `/isolo brett` zeigt die Stellung.
held-dm-reminder = Du bist am Zug in der Isolo-Partie #{ $game }: Deine Zeit läuft <t:{ $deadline }:R> ab. Nutze `/isolo zug` in dem Chat, in dem du spielst.
held-dm-idle = Die Isolo-Partie #{ $game } wartet auf deinen Zug. Ohne Zug endet sie <t:{ $closes }:R> unentschieden (ungewertet).
held-dm-bot-moved = Ich habe meinen Zug in der Isolo-Partie #{ $game } gemacht: Du bist am Zug.
held-dm-moved = Dein Gegner hat in der Isolo-Partie #{ $game } gezogen: Du bist am Zug.
# $clock: yes, wenn die Partie eine Uhr hat.
answer-only-note = Ich kann hier nur antworten, nicht von mir aus schreiben. { $clock ->
        [yes] Läuft eine Uhr ab oder verfällt die Herausforderung, siehst du das beim nächsten Befehl oder Button hier.
       *[no] Verfällt die Herausforderung, siehst du das beim nächsten Befehl oder Button hier.
    } Wer die App hinzugefügt hat oder einen Server mit mir teilt, kann sich per Direktnachricht sagen lassen, wann er am Zug ist: `/isolo einstellungen zug-nachricht`.
forced-private = Auf diesem Server dürfen Apps, die Mitglieder hinzugefügt haben, nur dem Mitglied antworten, das sie benutzt hat; niemand sonst würde diese Partie sehen. Bitte einen Moderator, hier **Externe Apps verwenden** zu erlauben oder isolo-bot zum Server hinzuzufügen.

# /isolo einstellungen sprache: die Auswahl, die der Discord-App folgt.
choice-language-discord = Sprache meiner Discord-App
button-next = Meine nächste Partie
next-none = Keine deiner Partien wartet auf deinen Zug.
next-game = Partie #{ $game } { $place ->
        [private] in einem privaten Chat
       *[server] in { $channel }
    }: Du bist <t:{ $since }:R> an den Zug gekommen. Zur Partie: { $link }
conditional-played = Sofort aus einer bedingten Folge beantwortet:
conditional-none = Du hast in dieser Partie keine bedingten Folgen.
conditional-title = Deine bedingten Folgen ({ $count } von { $max }):
conditional-pair = spielt der Gegner { $theirs }, dann { $mine }
conditional-cleared = { $count ->
        [0] Du hattest in dieser Partie keine bedingten Folgen.
        [one] Deine bedingte Folge wurde gelöscht.
       *[other] Deine { $count } bedingten Folgen wurden gelöscht.
    }
vacation-started = { $opponent } { $player } ist im Urlaub: Die Uhr der Partie #{ $game } steht bis zur Rückkehr, spätestens bis <t:{ $until }:f>.
vacation-ended = { $opponent } { $player } ist aus dem Urlaub zurück: Die Uhr der Partie #{ $game } läuft wieder.
vacation-ran-out = { $opponent } Die Urlaubstage von { $player } sind aufgebraucht: Die Uhr der Partie #{ $game } läuft wieder.
vacation-on = Du bist im Urlaub: Deine Uhren stehen bis zu deiner Rückkehr, spätestens bis <t:{ $until }:f>.
vacation-bank = Verbleibender Urlaub: { $left }.
clock-stopped = (die Uhr steht: ein Spieler ist im Urlaub)
