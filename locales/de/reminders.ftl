# Die tägliche Übersicht, als Direktnachricht. $count: die darunter aufgeführten Partien (mindestens eine).
digest-title = { $count ->
        [one] Eine Partie wartet auf deinen Zug:
       *[other] { $count } Partien warten auf deinen Zug:
    }
digest-off = (Eine Nachricht am Tag statt einer bei jedem Zug. Abschalten mit `/isolo einstellungen übersicht:false`.)
