# Maneno yanayotumiwa na faili nyingine zote. Majina ya mashimo (a1-h4)
# hayabadiliki; vilevile neno la mchezo wenyewe, ng'hana. Awamu ya kwanza ya
# mchezo wa wavulana ni ufunguzi (overture kwa Kiingereza).
# Istilahi: shimo/mashimo (pits), kete (seeds), kupanda (to sow),
# kula (to capture), kusafiri (relay sowing), hatua (a move, a ply),
# mzunguko/mizunguko (lap), zamu (turn), mwaliko (challenge).

# The language's name in itself, offered in /isolo settings.
language-name = Kiswahili

# Lists: "a, b na c". $init is every item but the last, joined by
# list-separator.
list-and = { $init } na { $last }
list-separator = {", "}

side-south = Kusini
side-north = Kaskazini

# Used as "mchezo { $variant }": "mchezo wa wanawake".
variant-women = wa wanawake
variant-boys = wa wavulana
# Short names, as in a list of games.
variant-short-women = wanawake
variant-short-boys = wavulana

# $kind: inaccuracy, mistake or blunder.
judgement = { $kind ->
    [mistake] { $count ->
        [one] kosa { $count }
       *[other] makosa { $count }
    }
    [blunder] { $count ->
        [one] kosa kubwa { $count }
       *[other] makosa makubwa { $count }
    }
   *[inaccuracy] dosari { $count }
}

score-win-in = ushindi ndani ya hatua { $plies }
score-loss-in = kushindwa ndani ya hatua { $plies }

evaluation-forced-win = Unaweza kulazimisha ushindi ndani ya hatua { $plies }
evaluation-forced-loss = Mpinzani wako anaweza kulazimisha ushindi ndani ya hatua { $plies }
# $direction: ahead, behind or even; $seeds is never negative.
evaluation-seeds = { $direction ->
    [even] Mchezo uko sawa
    [ahead] Unaongoza kwa takribani kete { $seeds }
   *[behind] Uko nyuma kwa takribani kete { $seeds }
}

# Durations: "siku 3 na saa 4", "saa 2 na dakika 5". $unit: day, hour or minute.
duration-part = { $unit ->
    [day] siku { $count }
    [hour] saa { $count }
   *[minute] dakika { $count }
}
duration-two-parts = { $first } na { $second }
duration-less-than-a-minute = chini ya dakika moja

# House rules a game may be played under (the standard ones are not named).
house-rules = kanuni za hiari: { $rules }
house-rule-captures-go-on = hatua inaendelea baada ya kula
house-rule-capturing-pit = kete zilizoliwa hupandwa kuanzia shimo lililokula
