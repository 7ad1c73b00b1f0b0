# Ukurasa wa mchezaji (/p/<mwanachama>), kichunguzi kando ya ubao wa moja
# kwa moja, na kile /isolo stats huongeza kuelekeza kwake.
web-player-title = Mchezaji – Isolo
web-player-rating = Alama
web-player-history = Mwenendo wa alama
web-player-games = Michezo ya karibuni
web-player-by-variant = Matokeo kwa aina ya mchezo
web-player-none = Hakuna michezo ya kuonyesha.
web-player-no-rating = Hakuna michezo ya alama ya kuonyesha.
web-player-chart-alt = Mwenendo wa alama katika { $server }: { $count ->
        [one] mchezo { $count } wa alama
       *[other] michezo { $count } ya alama
    }, sasa { $rating }.
web-player-deviation = Ukanda uliotiwa kivuli ni mkengeuko wa alama: kadiri ulivyo mpana, ndivyo alama isivyo na uhakika.
web-player-private = Gumzo za faragha
web-player-server = Seva { $id }
web-player-rated = ya alama
web-player-casual = ya kirafiki
web-player-versus = dhidi ya { $opponent }
web-player-won = Ameshinda
web-player-drew = Sare
web-player-lost = Ameshindwa
web-player-aborted = Umesitishwa
web-player-tally = { $wins ->
        [one] ushindi { $wins }
       *[other] ushindi { $wins }
    }, { $draws ->
        [one] sare { $draws }
       *[other] sare { $draws }
    }, { $losses ->
        [one] kushindwa { $losses }
       *[other] kushindwa { $losses }
    }
web-player-count = { $count ->
        [0] Hakuna mchezo unaoweza kuutazama.
        [one] Mchezo wa mwisho unaoweza kuutazama.
       *[other] Michezo { $count } ya mwisho unayoweza kuitazama.
    }
web-player-unknown = Hakuna mchezaji mwenye ukurasa kwenye anwani hii.
web-player-bad-address = Anwani ya mchezaji ni /p/ ikifuatwa na kitambulisho chake cha Discord.
web-explorer = Michezo ya seva hii
web-explorer-move = Hatua
web-explorer-games = Michezo
web-explorer-score = Ushindi / sare / kushindwa
web-explorer-none = Bado hakuna mchezo uliokwisha katika chaneli za wazi za seva hii uliofikia nafasi hii.
web-explorer-private = Michezo ya gumzo za faragha haihesabiwi hapa.
web-explorer-count = { $count ->
        [one] mchezo { $count }
       *[other] michezo { $count }
    }
web-explorer-bad-ply = Mchezo huu una { $plies ->
        [one] hatua { $plies }
       *[other] hatua { $plies }
    }: omba nafasi kuanzia 0 hadi { $plies }.
stats-page = Mwenendo wa alama na michezo: <{ $url }>
stats-chart-alt = Alama za { $player } { $count ->
        [one] katika mchezo wake wa mwisho wa alama
       *[other] katika michezo yake { $count } ya mwisho ya alama
    }: sasa { $rating }.
