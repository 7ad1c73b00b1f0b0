# Die Regeln in wenigen Absätzen (/isolo regeln, `rules` im Terminal).
# **so** markiert einen Schlüsselbegriff: fett auf Discord, normal im Terminal.

rules-common = **So funktioniert ein Zug.** Nimm alle Samen aus einer deiner Mulden mit mindestens 2 Samen und säe sie einzeln gegen den Uhrzeigersinn in deine eigenen 16 Mulden (die äußere Reihe von links nach rechts, dann die innere Reihe von rechts nach links). Wo der letzte Samen hinfällt:
    1. in eine **leere** Mulde: Dein Zug endet;
    2. in eine nicht leere Mulde deiner **inneren Reihe**, und in einer der beiden gegnerischen Mulden dieser Spalte liegen Samen: **Schlag** beide und säe die Samen erneut, ab dem Beginn dieses Durchgangs; sobald der letzte geschlagene Samen liegt, endet dein Zug;
    3. sonst: **Weitersäen**: Nimm die Samen dieser Mulde auf und säe weiter.
    Wer keinen gültigen Zug hat, verliert. Ein Zug, der nie enden würde, ist nicht erlaubt. Dritte Wiederholung oder 2.000 Halbzüge: unentschieden.
rules-house = **Hausregeln** (bei der Herausforderung gewählt; die Standardregel steht jeweils vorn):
    - nach einem Schlag: Der Zug endet (Standard), oder **Weiterschlagen**: Der Durchgang der geschlagenen Samen endet wie jeder andere, kann also erneut schlagen oder weitersäen (scharf: Wer beginnt, kann früh den Sieg erzwingen);
    - geschlagene Samen werden ab dem Beginn des schlagenden Durchgangs gesät (Standard) oder ab der **Schlagmulde**, in die der schlagende Samen fiel.
rules-women = **Frauenvariante:** 2 Samen in jeder Mulde; die Regeln oben, sonst nichts.
rules-boys = **Jungenvariante:** Jeder Spieler beginnt mit 17 Samen in der Mulde ganz rechts in seiner äußeren Reihe, der **Ng'hana**. In seiner **Eröffnung** (der ersten Phase der Partie) ist seine Spalte ganz rechts aus dem Spiel und kann nicht geschlagen werden; das Säen überspringt sie. Spielt er die Ng'hana (17 Samen durch alle 16 Mulden), endet seine Eröffnung.
rules-no-men = Die Männervariante gibt es hier nicht: Ihre Regeln stehen in keiner Quelle, die wir einsehen konnten.
