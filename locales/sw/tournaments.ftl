# Mashindano: majibu ya /isolo tournament, na yanayotumwa kwenye chaneli ya
# mashindano na nyuzi za michezo yake. $number ni namba ya mashindano kwenye
# seva, $round ni raundi (kuanzia 1), $board ni meza (kuanzia 1).
# Istilahi: mashindano (tournament), raundi (round), meza (board),
# ligi (round robin: kila mchezaji anakutana na kila mwingine),
# mfumo wa Uswisi (Swiss), msimamo (standings), pointi (points).

# $format: round-robin, double-round-robin or swiss.
tournament-format = { $format ->
        [round-robin] ligi
        [double-round-robin] ligi ya mizunguko miwili
       *[swiss] mfumo wa Uswisi
    }
tournament-name = Mashindano #{ $number }
# $rounds is 0 when the rounds are fixed only at the start (Swiss, default).
# $deadline is 0 without an entry deadline, else a unix time in seconds.
tournament-created = { $creator } ameanzisha mashindano #{ $number }: { $format }, mchezo { $variant }, { $clock }{ $rated ->
        [yes] , yanahesabiwa kwenye alama
       *[no] , hayahesabiwi kwenye alama
    }{ $rounds ->
        [0] {""}
       *[other] , raundi { $rounds }
    }. Jiunge kwa `/isolo tournament join`{ $deadline ->
        [0] {""}
       *[other] ; usajili unafungwa na mashindano yanaanza: <t:{ $deadline }:R>
    }.
tournament-joined = { $player } amejiunga na mashindano #{ $number } ({ $count ->
        [one] mchezaji { $count }
       *[other] wachezaji { $count }
    }).
tournament-left-before = { $player } ameondoka kwenye mashindano #{ $number } ({ $count ->
        [one] amebaki mchezaji { $count }
       *[other] wamebaki wachezaji { $count }
    }).
tournament-withdrew = { $player } amejitoa kwenye mashindano #{ $number }: michezo yake iliyobaki inahesabiwa kama amepoteza.
tournament-started = Mashindano #{ $number } yameanza: wachezaji { $count }, raundi { $rounds }. Ratiba ya mechi inafuata.
tournament-cancelled-done = Mashindano #{ $number } yamefutwa.
tournament-cancelled = Mashindano #{ $number } yamefutwa; michezo iliyoanza itaendelea, lakini haihesabiwi tena.

# A round's pairings, posted once in the tournament's channel.
tournament-round-title = **Mashindano #{ $number }, raundi { $round } kati ya { $rounds }**: ratiba ya mechi
tournament-round-board = Meza { $board }: { $white } (anaanza) dhidi ya { $black }
tournament-round-bye = Mapumziko: { $player } (sawa na ushindi)
tournament-round-forfeit = Meza { $board }: { $white } dhidi ya { $black }, matokeo ya mezani (haikuchezwa)
tournament-round-footer = Kila mchezo unachezwa kwenye uzi wake; { $clock }.

# The first message in a board's thread: it pings both players.
tournament-game-intro = { $white } dhidi ya { $black }: mashindano #{ $number }, raundi { $round }, meza { $board }, { $clock }. { $white } anaanza.

# The end: final standings and the winner (or winners, tied).
tournament-final-title = Mashindano #{ $number }: msimamo wa mwisho
tournament-standings-title = Mashindano #{ $number }: msimamo baada ya raundi { $round } kati ya { $rounds }
tournament-standings-open = Mashindano #{ $number } bado hayajaanza. Wachezaji ({ $count }): { $players }
tournament-winner = { $count ->
        [one] { $winners } ameshinda mashindano #{ $number } kwa pointi { $points }. Hongera!
       *[other] { $winners } wamefungana nafasi ya kwanza katika mashindano #{ $number } kwa pointi { $points }. Hongera!
    }
tournament-standings-alt = Msimamo wa mashindano #{ $number } (sawa na maandishi ya ujumbe huu)

# Column headings of the standings picture: short.
tournament-label-rank = #
tournament-label-player = Mchezaji
tournament-label-points = Pt
tournament-label-buchholz = BH-1
tournament-label-sonneborn = SB
tournament-label-direct = DE
tournament-label-wins = Ush
tournament-label-withdrawn = (amejitoa)

# An autocomplete choice of the tournament option. $status: open or running.
tournament-choice = #{ $number }: { $format }, { $count ->
        [one] mchezaji { $count }
       *[other] wachezaji { $count }
    }, { $status ->
        [open] usajili uko wazi
       *[running] raundi { $round } kati ya { $rounds }
    }

# The answer to /isolo settings server-tournaments. $who: anyone or moderators.
settings-server-tournaments = Mashindano mapya kwenye seva hii: { $who ->
        [moderators] ni wasimamizi tu wanaoweza kuyaanzisha
       *[anyone] mwanachama yeyote anaweza kuyaanzisha
    }.

# Ruhusa ya boti katika chaneli, kwa jina lake katika mipangilio ya Discord
# (Discord haina Kiswahili: majina ni ya Kiingereza).
channel-right = { $right ->
        [send-messages] Send Messages
        [create-public-threads] Create Public Threads
       *[send-messages-in-threads] Send Messages in Threads
    }
tournament-cannot-host = Siwezi kuendesha mashindano katika chaneli hii: ninahitaji ruhusa ya **{ $right }** hapa, kwa sababu kila mchezo wa mashindano huchezwa katika uzi (thread) wake ndani ya chaneli hii. Mwombe msimamizi anipe ruhusa hiyo katika mipangilio ya chaneli hii (Permissions), au anzisha mashindano katika chaneli nyingine. Hakuna kilichoanzishwa.
tournament-blocked = Mashindano #{ $number }, raundi { $round }: mchezo mmoja hauwezi kuanza. Ninahitaji ruhusa ya **{ $right }** katika chaneli hii ili kila mchezo upate uzi wake, na chaneli hii tayari ina mchezo unaoendelea. Mwombe msimamizi anipe ruhusa hiyo katika mipangilio ya chaneli hii: michezo inayosubiri itaanza ndani ya dakika moja baada ya hapo. Hadi wakati huo itaanza hapa, mmoja mmoja, kila mchezo wa hapa unapoisha.
