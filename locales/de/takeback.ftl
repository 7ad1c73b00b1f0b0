# Zugrücknahmen in Freundschaftspartien (ungewertet, außerhalb von Turnieren).
refusal-takeback-not-allowed = Züge können nur in ungewerteten Partien außerhalb von Turnieren zurückgenommen werden
refusal-nothing-to-take-back = du hast noch keinen Zug gemacht, den du zurücknehmen könntest
refusal-no-takeback-request = dein Gegner hat nicht um eine Zugrücknahme gebeten
cmd-isolo-game-takeback = Letzten Zug zurücknehmen (ungewertete Partien)
    .name = zurücknehmen
takeback-asked = { $player } möchte den letzten Zug zurücknehmen. { $opponent }, bist du einverstanden?
takeback-taken = { $plies ->
        [1] Der letzte Zug von { $player } wurde zurückgenommen.
       *[other] Der letzte Zug von { $player } und die Antwort darauf wurden zurückgenommen.
    } { $next } ist am Zug.
takeback-declined = { $opponent } lehnt die Zugrücknahme ab. Die Partie geht weiter.
button-takeback-accept = Rücknahme annehmen
button-takeback-decline = Ablehnen
web-takeback = Meinen Zug zurücknehmen
web-takeback-waiting = Du hast um die Rücknahme deines letzten Zugs gebeten: Warte auf deinen Gegner.
web-takeback-asked = Dein Gegner möchte seinen letzten Zug zurücknehmen.
web-takeback-accept = Annehmen
web-takeback-decline = Ablehnen
web-taken-back = Ein Zug wurde zurückgenommen.
