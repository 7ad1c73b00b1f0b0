# El resumen diario, por mensaje directo. $count: las partidas de la lista (al menos una).
digest-title = { $count ->
        [one] Una partida espera tu jugada:
       *[other] { $count } partidas esperan tu jugada:
    }
digest-off = (Un mensaje al día en lugar de uno en cada jugada. Desactívalo con `/isolo ajustes resumen:false`.)
