# Ubao wa mchezo kama picha, kama maandishi (ndani ya kisanduku cha msimbo) na
# maelezo yake kwa wasomaji wa skrini. Majina ya mashimo (a1-h4) hayabadiliki;
# $side ni jina la upande (Kusini, Kaskazini); $who ni upande pamoja na jina
# la mchezaji ("Kusini (Amani)").

## Mistari ya picha na bango la matokeo. Yawe mafupi: yanashiriki mstari mmoja.

# Jumla ya kete za upande mmoja.
picture-seeds = kete { $seeds }
# Kibao cha kulia: mshindi, sare, zamu ya nani, au hatua inayoonyeshwa ($pit ni shimo).
picture-pill = { $pill ->
        [winner] MSHINDI
        [draw] SARE
        [playing] ANACHEZA { $pit }
       *[to-move] ZAMU YAKE
    }
# Hatua ya mwisho; mashimo yanachorwa kwa rangi za viashiria vyao.
picture-played = amecheza { $from } → { $end }
picture-took = amekula { $seeds }
# Mchezo wa wavulana: kama upande bado uko kwenye ufunguzi wake.
picture-overture = { $overture ->
        [in] kwenye ufunguzi
       *[over] ufunguzi umekwisha
    }
# Mstari wa matokeo katikati ya ubao ($winner, $loser: majina).
picture-result = { $outcome ->
        [win] { $winner } ameshinda
       *[draw] Sare
    } · { $reason ->
        [no-legal-move] hakuna hatua halali
        [repetition] marudio ya tatu
        [ply-limit] hatua 2,000
        [resignation] { $loser } amejitoa
        [agreement] makubaliano
        [timeout] muda wa { $loser } umekwisha
        [aborted] mchezo umesitishwa
       *[abandoned] umetelekezwa: sare
    }

## Ubao wa maandishi.

# Kanuni za hiari, kama sentensi (ubao wa maandishi, maelezo).
board-house-rules = Kanuni za hiari: { $rules }
board-who = { $side } ({ $name })
board-at-the-bottom = { $who } yuko chini
board-band = { $who }: kete { $seeds }{ $overture ->
        [in] , kwenye ufunguzi
        [over] , ufunguzi umekwisha
       *[none] {""}
    }{ $turn ->
        [yes] {"  "}<< zamu yake
       *[no] {""}
    }
# $taken ni mashimo yaliyoliwa na kete zake ("c3 2, d3 3").
board-last = Mwisho: { $side } amecheza { $from } -> { $end }{ $captured ->
        [0] {""}
       *[other] , amekula { $captured } ({ $taken })
    }
# Maelezo ya viashiria vya ubao; $symbol ni kiashiria chenyewe.
board-mark = { $symbol } { $mark ->
        [from] mwanzo
        [end] mwisho
        [taken] zimeliwa
       *[protected] yamelindwa (ufunguzi)
    }
board-marks = Viashiria: { $marks }
board-result = Matokeo: { $result } ({ $notation })

## Maelezo kwa wasomaji wa skrini.

alt-intro = Ubao wa Isolo, mchezo { $variant }, { $bottom }.
alt-side = { $who }, safu { $first } na { $second }, { $place ->
        [top] juu
       *[bottom] chini
    }: kete { $seeds }{ $overture ->
        [in] , kwenye ufunguzi (ng'hana { $nghana } imelindwa)
        [over] , ufunguzi umekwisha
       *[none] {""}
    }.
alt-seeds = Kete kwa kila safu, kutoka juu hadi chini, safu wima { $first } hadi { $last }: { $ranks }.
alt-rank = safu { $rank }: { $seeds }
alt-last = Hatua ya mwisho: { $side } amecheza { $from }, ikaishia kwenye { $end }{ $captured ->
        [0] {""}
       *[other] , akila { $captures }
    }.
alt-over = Mchezo umekwisha: { $result }.
alt-to-move = Zamu ya { $side }.
