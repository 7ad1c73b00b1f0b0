# Sababu jambo fulani halikufanyika. Hakuna kilichobadilika yanapoonyeshwa.
# Majina ($name, $south...) ni majina ya wanachama.

refusal-no-game = hakuna mchezo kwenye chaneli hii
refusal-no-such-game = hakuna mchezo #{ $game } uliomalizika kwenye seva hii
refusal-no-challenge = hakuna mwaliko unaosubiri jibu kwenye chaneli hii
refusal-busy = chaneli hii tayari ina mchezo unaoendelea (mchezo #{ $game }, { $south } dhidi ya { $north })
refusal-which-challenge = kuna mialiko kadhaa hapa inayokuhusu ({ $names }): mtaje mchezaji mwingine kwa chaguo la amri
refusal-challenge-pending = { $challenger } tayari amemwalika { $opponent } hapa: mwaliko huo lazima ujibiwe au ughairiwe kwanza
refusal-self-challenge = huwezi kujialika mwenyewe: mwalike rafiki, au bot ili ucheze dhidi ya kompyuta
refusal-bot-opponent = { $name } ni akaunti ya bot: mwalike mtu, au mimi ili ucheze dhidi ya kompyuta
refusal-not-the-opponent = ni { $name } tu anayeweza kujibu mwaliko huu
refusal-not-the-challenger = ni { $name } tu, aliyetuma mwaliko huu, anayeweza kuughairi
refusal-not-a-player = wewe si mchezaji wa mchezo huu ({ $south } dhidi ya { $north })
refusal-not-your-turn = si zamu yako: ni zamu ya { $name }
refusal-bad-pit = "{ $text }" si shimo: taja shimo kwa herufi ya safu wima a-h na namba ya safu 1-4, kama b2
refusal-not-moderator = ni wasimamizi tu (Manage Messages) wanaoweza kusitisha mchezo au mialiko yake
refusal-hints-not-allowed = madokezo yanapatikana tu kwenye michezo dhidi ya bot
# $list names the games, like "#12 na #15".
refusal-still-playing = bado una mambo yanayoendelea: { $games ->
        [0] {""}
        [one] mchezo wako { $list } lazima uishe
       *[other] michezo yako { $list } lazima iishe
    }{ $games ->
        [0] {""}
       *[other] { $challenges ->
            [0] {""}
           *[other] {" "}na{" "}
        }
    }{ $challenges ->
        [0] {""}
        [one] mwaliko wako unaosubiri lazima ujibiwe au ughairiwe
       *[other] mialiko yako { $challenges } inayosubiri lazima ijibiwe au ighairiwe
    } kwanza
refusal-former-member = mchezaji mwingine si mwanachama tena
refusal-no-last-game = hakuna mchezo uliomalizika kwenye chaneli hii wa kurudiana
refusal-nothing-to-review = hakuna mchezo uliomalizika kwenye chaneli hii wa kuchambua: michezo huchambuliwa ikishamalizika
refusal-nothing-to-claim = hakuna ushindi wa kudai: muda wa mpinzani wako haujaisha
refusal-still-has-time = { $player } bado ana muda wa kucheza: { $left }
refusal-no-tournament = hakuna mashindano hapa yanayokuhusu
refusal-no-such-tournament = hakuna mashindano #{ $number } kwenye seva hii
refusal-which-tournament = kuna mashindano kadhaa yanayokuhusu ({ $numbers }): chagua moja kwa chaguo la `tournament`
refusal-clock-required = mashindano yanahitaji kikomo cha muda: chagua muda wa kila hatua
refusal-bad-rounds = idadi ya raundi lazima iwe kati ya 1 na { $max }
refusal-rounds-of-round-robin = kwenye mfumo wa ligi, raundi hutokana na idadi ya wachezaji: usiweke raundi
refusal-deadline-passed = mwisho wa kujiandikisha lazima uwe wakati ujao
refusal-too-many-tournaments = seva hii tayari ina mashindano { $max } yaliyo wazi au yanayoendelea
refusal-already-joined = tayari umo kwenye mashindano #{ $number }
refusal-not-joined = humo kwenye mashindano #{ $number }
refusal-tournament-full = mashindano #{ $number } yamejaa (wachezaji { $max })
refusal-tournament-started = mashindano #{ $number } yameshaanza: usajili umefungwa
refusal-tournament-over = mashindano #{ $number } yamekwisha
refusal-not-enough-players = mashindano #{ $number } yana { $have ->
        [one] mchezaji { $have }
       *[other] wachezaji { $have }
    }; yanahitaji { $need }
refusal-not-organizer = ni mwandaaji wa mashindano #{ $number } au msimamizi tu anayeweza kufanya hivi
refusal-no-such-board = mashindano #{ $number } hayana meza { $board } inayosubiri katika raundi { $round }
refusal-board-started = meza hii tayari inachezwa kama mchezo #{ $game }
refusal-no-such-puzzle = hakuna fumbo { $id }
# $variant: wa wanawake or wa wavulana (see variant-women).
refusal-no-puzzle-left = umeshajaribu kila fumbo la mchezo { $variant }
refusal-puzzle-over = fumbo hili limekwisha: lianze tena kutoka hatua yake ya kwanza ili ujizoeze
refusal-bad-minute = { $minute } si dakika ya siku (0 hadi 1439)
refusal-no-such-lesson = hakuna somo { $lesson }
refusal-corrupt-game = mchezo #{ $game } uliohifadhiwa hausomeki
refusal-corrupt-record = rekodi iliyohifadhiwa ya mchezo #{ $game } haisomeki
refusal-corrupt-lesson = somo { $lesson } la kozi halisomeki
refusal-corrupt-puzzle = fumbo hili halisomeki
refusal-corrupt-newer = hiki kilihifadhiwa na toleo jipya zaidi la bot, na toleo hili haliwezi kukisoma
refusal-corrupt-entry = baadhi ya data iliyohifadhiwa hapa haisomeki
refusal-stale = ubao huu umepitwa na wakati
refusal-contended = mchezo ulibadilika wakati amri yako ikishughulikiwa; hakuna kilichofanyika, tafadhali jaribu tena
refusal-storage = mchezo haukuweza kuhifadhiwa au kupakiwa; hakuna kilichobadilika, tafadhali jaribu tena

# Moves that break the rules. $ranks is like "1-2".
illegal-not-your-pit = { $pit } si shimo lako: { $side } anacheza kutoka safu za { $first } na { $second }
illegal-too-few-seeds = { $pit } lina kete { $seeds }: hatua inahitaji shimo lenye angalau kete 2
illegal-out-of-play = { $pit } halichezwi mpaka ucheze ng'hana yako (shimo la kete 17 linalofungua mchezo wa wavulana), inayomaliza ufunguzi wako (awamu ya mwanzo)
illegal-never-ending = { $pit } lingeanzisha hatua isiyoisha kamwe, kwa hiyo hairuhusiwi
illegal-game-over = mchezo umekwisha
refusal-conditional-not-now = hatua za masharti huingizwa wakati ni zamu ya mpinzani wako; katika zamu yako, cheza tu
refusal-conditional-length = mfuatano wa masharti ni jozi za hatua, zake kisha zako: hatua 2, 4, 6 au { $max }, kama c2 b3
refusal-conditional-full = tayari una mifuatano { $max } ya masharti katika mchezo huu; ifute ili uingize mipya
refusal-conditional-conflict = mfuatano huu unajibu hatua zilezile tofauti na mfuatano wako wa { $line }
refusal-conditional-ply = hatua ya { $ply } ya mfuatano:
refusal-on-vacation = tayari uko likizoni
refusal-not-on-vacation = huko likizoni
refusal-no-vacation-left = siku zako za likizo zimekwisha; nyingine huja kila mwezi
refusal-nothing-to-hold = hakuna mchezo wako wenye saa ambayo likizo ingeweza kuisimamisha; ingetumia siku zako bure tu
