# Wörter, die alle anderen Dateien benutzen. Mulden heißen a1-h4; der
# Spielbegriff Ng'hana bleibt erhalten; die erste Phase der Jungenvariante
# heißt Eröffnung (englisch overture). Beide werden dort erklärt, wo man
# ihnen zuerst begegnet.
# Begriffe: Mulde (pit), Samen (seed, Singular = Plural), säen, Weitersäen
# (relay), schlagen (capture), Durchgang (lap), Halbzug (ply), Partie (game).

# Der Name der Sprache in ihr selbst, angeboten in /isolo einstellungen.
language-name = Deutsch

# Listen: „a, b und c“. $init sind alle Einträge außer dem letzten,
# verbunden mit list-separator.
list-and = { $init } und { $last }
list-separator = {", "}

side-south = Süd
side-north = Nord

variant-women = Frauenvariante
variant-boys = Jungenvariante
# Kurznamen, etwa in einer Liste von Partien.
variant-short-women = Frauen
variant-short-boys = Jungen

# $kind: inaccuracy, mistake oder blunder.
judgement = { $kind ->
    [mistake] { $count ->
        [one] { $count } Fehler
       *[other] { $count } Fehler
    }
    [blunder] { $count ->
        [one] { $count } Patzer
       *[other] { $count } Patzer
    }
   *[inaccuracy] { $count ->
        [one] { $count } Ungenauigkeit
       *[other] { $count } Ungenauigkeiten
    }
}

score-win-in = Sieg in { $plies }
score-loss-in = Niederlage in { $plies }

evaluation-forced-win = Du kannst den Sieg in { $plies ->
        [one] { $plies } Halbzug
       *[other] { $plies } Halbzügen
    } erzwingen
evaluation-forced-loss = Dein Gegner kann den Sieg in { $plies ->
        [one] { $plies } Halbzug
       *[other] { $plies } Halbzügen
    } erzwingen
# $direction: ahead, behind oder even; $seeds ist nie negativ.
evaluation-seeds = { $direction ->
    [even] Die Partie ist ausgeglichen
    [ahead] Du liegst etwa { $seeds ->
        [one] { $seeds } Samen
       *[other] { $seeds } Samen
    } vorn
   *[behind] Du liegst etwa { $seeds ->
        [one] { $seeds } Samen
       *[other] { $seeds } Samen
    } zurück
}

# Zeitspannen: „3 Tage und 4 Stunden“. $unit: day, hour oder minute.
duration-part = { $unit ->
    [day] { $count ->
        [one] { $count } Tag
       *[other] { $count } Tage
    }
    [hour] { $count ->
        [one] { $count } Stunde
       *[other] { $count } Stunden
    }
   *[minute] { $count ->
        [one] { $count } Minute
       *[other] { $count } Minuten
    }
}
duration-two-parts = { $first } und { $second }
duration-less-than-a-minute = weniger als eine Minute

# Hausregeln einer Partie (die Standardregeln werden nicht genannt).
house-rules = Hausregeln: { $rules }
house-rule-captures-go-on = Weiterschlagen
house-rule-capturing-pit = Aussaat geschlagener Samen ab der Schlagmulde
