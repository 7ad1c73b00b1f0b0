# Uchambuzi wa kompyuta kwenye ukurasa wa mchezo (web/analysis.js): grafu ya
# mapitio, mfuatano bora, na njia mbadala zinazojaribiwa kwenye ukurasa tu.
refusal-engine-later = uchambuzi wa kompyuta hufunguliwa mchezo ukishaisha: injini haisaidii wakati wa mchezo kati ya watu
refusal-variation-ply = mchezo una hatua { $plies }: hakuna hatua ya { $ply } ya kuanzia njia mbadala
refusal-variation-length = njia mbadala haiwezi kuzidi hatua { $max }
web-analysis = Uchambuzi wa kompyuta
web-analysis-graph = Tathmini baada ya kila hatua, kwa kete: juu ya mstari wa kati { $south } yuko mbele, chini yake { $north }.
web-analysis-thinking = Kompyuta inapitia mchezo…
web-analysis-move = Hatua
web-analysis-player = Mchezaji
web-analysis-played = Alicheza
web-analysis-best = Bora
web-analysis-eval = Tathmini
web-analysis-mark = Alama
web-analysis-start = Mwanzo: { $eval }
web-analysis-forced = { $player } anashinda ndani ya hatua { $plies }
web-analysis-point = Hatua ya { $ply }: { $player } alicheza { $played }; { $eval }
web-analysis-point-marked = Hatua ya { $ply }: { $player } alicheza { $played }, { $kind ->
        [mistake] kosa
        [blunder] kosa kubwa
       *[inaccuracy] dosari
    } ({ $best } ingekuwa bora zaidi); { $eval }
web-analysis-line = Mfuatano bora: { $line } ({ $eval })
web-analysis-line-over = Mchezo umeishia hapa: hakuna mfuatano wa kuonyesha.
web-analysis-try = Jaribu hatua hapa
web-analysis-answer = Cheza jibu la kompyuta
web-analysis-leave = Rudi kwenye mchezo
web-analysis-in-variation = Njia mbadala, haikuchezwa kwenye mchezo: gusa shimo ujaribu hatua.
