# Anachosema bot kwenye Discord. Markdown inafanya kazi: **nzito**, `code`,
# -# maandishi madogo. <t:...:R> ni wakati unaoonyeshwa na Discord yenyewe;
# <@...> na <#...> ni mwanachama na chaneli. Amri (/isolo move) zinabaki na
# majina yake ya Kiingereza, kwa kuwa Discord haina lugha ya Kiswahili.

former-member = aliyekuwa mwanachama

review-file-title = Mchezo wa Isolo #{ $game }: { $south } dhidi ya { $north }
review-message = **{ $title }** { $text }
    Kila hatua, pamoja na hatua ambayo kompyuta ingechagua, iko kwenye faili.
review-file-alt = Uchambuzi wa mchezo wa Isolo #{ $game }

# $side is Kusini or Kaskazini (side-south, side-north).
board-drawn-from = Limechorwa kutoka upande wa { $side }: { $player } yuko chini.
board-header = Mchezo #{ $game } { $variant }: { $south } (Kusini) dhidi ya { $north } (Kaskazini), hatua ya { $ply }.
board-to-move = Zamu ya { $player } ({ $side }).
game-on = Mchezo #{ $game } umeanza: { $south } (Kusini) dhidi ya { $north } (Kaskazini), mchezo { $variant }.
animation-alt = Uhuishaji: { $player } anapanda { $pit }

menu-pit = { $pit } (kete { $seeds })
menu-placeholder = { $player }: chagua shimo la kupanda
button-rematch = Rudiana
button-accept = Kubali
button-decline = Kataa
button-withdraw = Ghairi
button-forget-me = Nisahau

turn-bot-thinking = { $player } ({ $side }) anafikiri...
turn-your-move = { $player }, ni zamu yako ({ $side }): chagua shimo hapa chini au tumia `/isolo move`.
turn-your-move-clock = { $player }, ni zamu yako ({ $side }) (muda unaisha: <t:{ $deadline }:R>): chagua shimo hapa chini au tumia `/isolo move`.

clock-days = siku { $days } kwa kila hatua
clock-minutes = dakika { $minutes } kwa kila hatua
clock-none = bila kikomo cha muda

# $house is yes when the game has house rules, which $rules then names
# (like "kanuni za hiari: hatua inaendelea baada ya kula"); else $rules is empty.
challenge = { $challenger } anamwalika { $opponent } kucheza Isolo (mchezo { $variant }, { $clock }{ $house ->
        [yes] , { $rules }
       *[no] {""}
    }, { $rated ->
        [yes] unahesabiwa kwenye alama
       *[no] wa kirafiki, hauhesabiwi kwenye alama
    }). Mwaliko unaisha: <t:{ $expires }:R>.
challenge-no-clock = Bila kikomo cha muda: siku moja ikipita bila hatua, anayetakiwa kucheza anakumbushwa mara moja, na baada ya { $idle } bila hatua, mchezo unaisha kwa sare (haihesabiwi kwenye alama).
challenge-pair = { $challenger } kwa { $opponent }
challenges-aborted = Msimamizi ameondoa mialiko iliyokuwa wazi hapa: { $challenges }.
challenge-declined = { $opponent } amekataa mwaliko wa { $challenger }.
challenge-withdrawn = { $challenger } ameghairi mwaliko wake kwa { $opponent }.
challenge-expired = Mwaliko wa { $challenger } kwa { $opponent } umepitwa na muda bila kujibiwa.

# $streak_kind: win, loss or none; $streak counts the results in a row.
stats = **{ $player }**: alama { $rating } (±{ $deviation }{ $provisional ->
        [yes] , za muda: michezo michache, au hakuna kwa muda mrefu
       *[no] {""}
    }), { $games ->
        [one] mchezo { $games }
       *[other] michezo { $games }
    }: ameshinda { $wins }, ameshindwa { $losses }, sare { $draws }.{ $streak_kind ->
        [win] {" "}Mfululizo wa sasa: ameshinda mara { $streak }.
        [loss] {" "}Mfululizo wa sasa: ameshindwa mara { $streak }.
       *[none] {""}
    } Mfululizo bora wa ushindi: { $best }.
stats-rival = dhidi ya { $rival }: { $wins }-{ $losses }-{ $draws }
no-stats = { $player } bado hana mchezo wowote unaohesabiwa kwenye alama katika seva hii.
no-stats-private = Matokeo ya michezo ya gumzo za faragha humwonyeshwa mchezaji mwenyewe tu.

leaderboard-empty = Bado hakuna michezo inayohesabiwa kwenye alama katika seva hii: mwalike mtu kwa `/isolo challenge`.
leaderboard-private = Gumzo za faragha hazina orodha ya wachezaji bora: michezo ya hapa huhesabiwa kwenye matokeo ya kila mchezaji peke yake, anayoyaona kwa `/isolo stats`. Kila seva ina orodha yake.
leaderboard-title = Msimamo wa Isolo
leaderboard-line = { $rank }. { $player } { $rating } ({ $games ->
        [one] mchezo { $games }
       *[other] michezo { $games }
    }, { $wins }-{ $losses }-{ $draws })
leaderboard-provisional = `?` inaonyesha alama za muda (michezo michache, au hakuna kwa muda mrefu); mpangilio ni kwa alama ukitoa mara mbili ya ± yake.

# A refusal followed by the way on.
refusal-with-way-on = { $refusal }{ $way_on }
way-on-no-game = : anzisha mmoja kwa /isolo challenge
way-on-busy = : mchezo huo uishe kwanza, au fungua uzi mpya
way-on-not-a-player = ; unaweza kutazama kwa /isolo board
way-on-still-playing-games = {" "}(`/isolo games` inaiorodhesha)
way-on-still-playing-challenges = {" "}(ighairi au uikatae kwa /isolo withdraw na /isolo decline)
way-on-corrupt = ; msimamizi anaweza kuuondoa kwa /isolo game abort
way-on-stale = : tumia menyu chini ya ubao wa karibuni zaidi, au /isolo move
# Replaces refusal-which-challenge on Discord, where buttons help.
refusal-which-challenge-here = kuna mialiko kadhaa hapa inayokuhusu ({ $names }): tumia vitufe vya mwaliko unaoukusudia, au mtaje mchezaji kwa chaguo la `from` la /isolo accept na /isolo decline (chaguo la `to` la /isolo withdraw)
refusal-server-language = ni wasimamizi tu (Manage Messages) wanaoweza kubadilisha mipangilio ya seva (lugha yake, nani anaanzisha mashindano, fumbo la siku), na ndani ya seva tu

internal-error = Kuna hitilafu upande wangu; hakuna kilichobadilishwa. Tafadhali jaribu tena. Ikiendelea kutokea, mwambie mwendeshaji wa bot, ukitaja namba ya rejea `{ $reference }`.
panicked = Kuna hitilafu upande wangu. Tafadhali jaribu tena. Ikiendelea kutokea, mwambie mwendeshaji wa bot, ukitaja namba ya rejea `{ $reference }`.
saved-not-shown = Hilo limefanyika na kuhifadhiwa, lakini sikuweza kulionyesha hapa (Discord haikupokea jibu langu). `/isolo board` inaonyesha mchezo ulivyo sasa.
set-aside = Mchezo uliohifadhiwa kwenye chaneli hii haukuweza kusomwa, kwa hiyo umewekwa kando ili mwendeshaji wa bot auangalie. Chaneli iko huru kwa mchezo mpya.
unreadable-removed = Mchezo au mwaliko usiosomeka kwenye chaneli hii umewekwa kando kwa ajili ya mwendeshaji wa bot; chaneli iko huru tena.
unreadable-options = Sikuweza kusoma machaguo ya amri hii: huenda Discord yako bado inaonyesha toleo la zamani la /isolo. Hakuna kilichobadilishwa; tafadhali jaribu tena baada ya dakika moja (au fungua Discord upya).

limited-cooldown = Umetumia `{ $command }` mara kadhaa sasa hivi: jaribu tena baada ya sekunde { $seconds }.
limited-busy = Nina kazi ya kuchambua michezo mingine sasa hivi: jaribu tena baada ya dakika moja.

forget-confirm = Hii inafuta kila ninachohifadhi kukuhusu, katika kila seva na kila gumzo: mipangilio yako, alama zako na orodha za michezo yako. Katika michezo iliyomalizika utaonyeshwa kama "{ $former }"; matokeo yake yanabaki, kwa hiyo alama za mtu mwingine hazibadiliki. Hili haliwezi kutenduliwa. Michezo unayoendelea kucheza, na mialiko iliyo wazi, lazima iishe kwanza.
forgotten = Tayari: nimekusahau.{ $games ->
        [0] {""}
        [one] {" "}Mchezo { $games } uliomalizika sasa unaonyesha "{ $former }".
       *[other] {" "}Michezo { $games } iliyomalizika sasa inaonyesha "{ $former }".
    }
not-your-button = Kitufe hiki ni cha mwanachama aliyeomba kusahauliwa.

thread-note = Sikuweza kufungua uzi kwa ajili ya mchezo huu (nahitaji ruhusa za Create Public Threads na Send Messages in Threads), kwa hiyo unachezwa kwenye chaneli hii.
thread-name = Isolo: { $south } dhidi ya { $north }
thread-intro = Mchezo wa Isolo: { $south } dhidi ya { $north }. Chezeni hapa kwa `/isolo move` au menyu chini ya ubao; `/isolo help` inaorodhesha amri zote.
accepted-in-thread = { $opponent } amekubali. Mchezo #{ $game } unachezwa kwenye { $thread }.
bot-game-in-thread = Mchezo #{ $game } dhidi ya { $bot } umeanza: unachezwa kwenye { $thread }.
play-in-thread = (Chezeni kwenye { $thread }.)

draw-offered = { $player } anaomba sare. { $opponent }, tumia `/isolo draw` kukubali, au endelea kucheza tu kukataa.
draw-declined = { $bot } anakataa sare: anaongoza kwa kete. Endelea kucheza, au `/isolo resign`.

# $turn_dm: on or off; $board: mover or south; $colours: standard or colour-blind.
settings = Mipangilio yako (katika kila seva):
    - ujumbe binafsi (DM) zamu yako ikifika: { $turn_dm ->
        [on] umewashwa
       *[off] umezimwa
    }
    - ubao huchorwa kutoka: { $board ->
        [south] Kusini, kila mara
       *[mover] upande wa mchezaji mwenye zamu
    }
    - rangi za viashiria vya hatua ya mwisho: { $colours ->
        [colour-blind] zinazofaa kwa wasioona rangi vizuri
       *[standard] za kawaida
    }
    - lugha: { $language }
    - vikumbusho vya zamu yako (michezo yenye saa): { $reminders ->
        [off] hakuna
        [before-deadline] saa 24, saa 4 na saa 1 kabla muda wako haujaisha
       *[half-time] muda wako ukifika nusu, na tena ikibaki sehemu ya kumi
    }
    - muhtasari wa kila siku wa michezo inayokusubiri: { $digest ->
        [on] umewashwa (badala ya ujumbe binafsi kila zamu)
       *[off] umezimwa
    }
    Badilisha mojawapo kwa `/isolo settings` na chaguo lake.
settings-language-discord = lugha ya programu yako ya Discord
settings-server-language = Lugha ya seva hii kwa jumbe za umma: { $language }.

# $against is yes when $opponent names the other player.
turn-dm = Zamu yako katika mchezo wa Isolo #{ $game }{ $against ->
        [yes] {" "}dhidi ya { $opponent }
       *[no] {""}
    }: { $channel }. (Zima jumbe hizi kwa `/isolo settings turn-dm:false`.)

games-none = Huna mchezo unaoendelea kwenye seva hii. `/isolo challenge` inaanzisha mmoja.
games-title = Michezo yako inayoendelea ({ $count }):
games-your-move = **zamu yako**
games-their-move = zamu ya { $player }
games-over = umekwisha
# $clock is yes when $left says the time left; $tournament is 0 outside tournaments.
games-line = #{ $game } dhidi ya { $opponent } ({ $variant }): { $turn }{ $clock ->
        [yes] , muda uliobaki: { $left }
       *[no] {""}
    }, kwenye { $channel }{ $tournament ->
        [0] {""}
       *[other] {" "}(mashindano #{ $tournament })
    }
finished-games-none = Bado huna mchezo uliomalizika kwenye seva hii.
finished-games-title = Michezo yako { $count } ya mwisho iliyomalizika:
# $result: won, lost, draw or aborted.
finished-games-line = #{ $game } dhidi ya { $opponent }: { $result ->
        [won] umeshinda
        [lost] umeshindwa
        [draw] sare
       *[aborted] ulisitishwa
    }, kwenye { $channel } (rekodi: `/isolo export game:{ $game }`)
game-choice = #{ $game } dhidi ya { $opponent }: { $result ->
        [won] umeshinda
        [lost] umeshindwa
       *[draw] sare
    }

export = Rekodi ya mchezo (jozi za lebo na hatua zenye namba; `isolo-bot replay --record FILE` inaicheza tena).
export-alt = Rekodi ya mchezo wa Isolo
hint = Ningecheza **{ $pit }**{ $captured ->
        [0] {""}
       *[other] , nikila kete { $captured }
    }.
no-move-yet = Bado hakuna hatua iliyochezwa katika mchezo huu.

help-intro = **Isolo**, mchezo wa bao wa Wasukuma, wenye safu nne za mashimo manane. Kila shimo linaitwa kwa herufi ya safu wima (a-h) na namba ya safu (1-4); Kusini anamiliki safu 1-2, Kaskazini safu 3-4. Vitufe na menyu chini ya ubao hufanya kazi sawa na amri.

reminder = { $player }, ni zamu yako katika mchezo #{ $game }. Muda wako unaisha: <t:{ $deadline }:R>.
idle = { $player }, mchezo #{ $game } unasubiri hatua yako. Usipocheza, utaisha kwa sare (haihesabiwi kwenye alama): <t:{ $closes }:R>.
flagged = Muda wa { $flagged } umekwisha. { $claimant }, unaweza kudai ushindi kwa `/isolo game claim`.
flagged-closes = La sivyo, ushindi utahesabiwa kwako kiotomatiki: <t:{ $closes }:R>.
held-title = **Yaliyotokea tangu mara ya mwisho** (naweza kusema kitu hapa tu mtu anaponitumia):
held-bot-moved = Nimecheza hatua yangu katika mchezo #{ $game }: `/isolo board` inaonyesha nafasi ilivyo.
held-moved = { $player } amecheza katika mchezo #{ $game }; hatua imehifadhiwa, lakini Discord haikupokea jibu langu: `/isolo board` inaonyesha nafasi ilivyo.
held-dm-reminder = Ni zamu yako katika mchezo wa Isolo #{ $game }. Muda wako unaisha: <t:{ $deadline }:R>. Tumia `/isolo move` kwenye gumzo unapochezea.
held-dm-idle = Mchezo wa Isolo #{ $game } unasubiri hatua yako. Usipocheza, utaisha kwa sare (haihesabiwi kwenye alama): <t:{ $closes }:R>.
held-dm-bot-moved = Nimecheza hatua yangu katika mchezo wa Isolo #{ $game }: ni zamu yako.
held-dm-moved = Mpinzani wako amecheza katika mchezo wa Isolo #{ $game }: ni zamu yako.
# $clock: yes when the game has a clock.
answer-only-note = Hapa naweza kujibu tu, siwezi kutuma ujumbe mwenyewe. { $clock ->
        [yes] Muda ukiisha au mwaliko ukipitwa na muda, utaona hilo kwenye amri au kitufe kinachofuata hapa.
       *[no] Mwaliko ukipitwa na muda, utaona hilo kwenye amri au kitufe kinachofuata hapa.
    } Wachezaji walioongeza programu hii, au walio kwenye seva moja nami, wanaweza kupata DM zamu yao ikifika: `/isolo settings turn-dm`.
forced-private = Seva hii inaruhusu programu zilizoongezwa na wanachama kumjibu tu mwanachama aliyezitumia, kwa hiyo hakuna mwingine ambaye angeuona mchezo huu. Mwombe msimamizi aruhusu **Use External Apps** hapa, au aongeze isolo-bot kwenye seva.

# /isolo settings language: the choice that follows the Discord app.
choice-language-discord = Lugha ya Discord yangu
button-next = Mchezo wangu unaofuata
next-none = Hakuna mchezo wako unaosubiri hatua yako.
next-game = Mchezo #{ $game }, { $place ->
        [private] katika gumzo la faragha
       *[server] katika { $channel }
    }, unasubiri hatua yako. Zamu yako ilianza: <t:{ $since }:R>. Nenda huko: { $link }
conditional-played = Imejibiwa papo hapo kwa mfuatano wa masharti:
conditional-none = Huna mfuatano wa masharti katika mchezo huu.
conditional-title = Mifuatano yako ya masharti ({ $count } kati ya { $max }):
conditional-pair = akicheza { $theirs }, basi { $mine }
conditional-cleared = { $count ->
        [0] Hukuwa na mfuatano wa masharti katika mchezo huu.
        [one] Mfuatano wako wa masharti umeondolewa.
       *[other] Mifuatano yako { $count } ya masharti imeondolewa.
    }
vacation-started = { $opponent } { $player } yuko likizoni: saa ya mchezo #{ $game } imesimamishwa hadi atakaporudi, isizidi <t:{ $until }:f>.
vacation-ended = { $opponent } { $player } amerudi kutoka likizo: saa ya mchezo #{ $game } inaendelea tena.
vacation-ran-out = { $opponent } siku za likizo za { $player } zimekwisha: saa ya mchezo #{ $game } inaendelea tena.
vacation-on = Uko likizoni: saa zako zimesimamishwa hadi utakaporudi, isizidi <t:{ $until }:f>.
vacation-bank = Likizo iliyobaki: { $left }.
clock-stopped = (saa imesimamishwa: mchezaji yuko likizoni)
