# Mchezo wa terminal (isolo-bot play). Amri zinazoandikwa (board, hint,
# quit...) zinabaki kwa Kiingereza: ndizo mchezaji anazoandika.

terminal-help = amri: <shimo> (kama b2) au move <shimo> | board | png [faili] | animate [faili] | save <faili> | hint | draw | resign | history | rules | help | quit (baada ya mchezo: review | history | save <faili>)
terminal-unknown-command = amri haijulikani; andika help
terminal-save-needs-file = save inahitaji jina la faili, kama: save game.isolo
terminal-leave-ask = Uache mchezo ambao haujaisha? Andika yes (au bonyeza Ctrl-D tena) kuondoka, chochote kingine kuendelea:{" "}
terminal-goes-on = Mchezo unaendelea.
terminal-left-unfinished = Ingizo limekwisha: mchezo haukumalizika.
terminal-game-over = Mchezo umekwisha: `review` inaonyesha uchambuzi wa kompyuta, `history` rekodi yake, `save <faili>` inauhifadhi; Enter inatoka.
terminal-draw-declined = kompyuta inakataa sare: inaongoza kwa kete
terminal-draw-offered = umeomba sare; mpinzani anaweza kukubali kwa `draw`
terminal-no-move-yet = bado hakuna hatua iliyochezwa
# $variant: wa wanawake or wa wavulana (variant-women, variant-boys).
terminal-intro = Isolo, mchezo { $variant }: wewe ni Kusini (safu 1-2, chini), { $north } ni Kaskazini.
terminal-prompt = Zamu ya { $player }>
terminal-hint = Ningecheza { $pit }, nikila kete { $captured }. { $evaluation }.
terminal-cannot-write = siwezi kuandika { $path }: { $error } (mchezo unaendelea)
terminal-saved = rekodi ya mchezo imehifadhiwa kwenye { $path } (isolo-bot replay --record { $path } inaisoma tena)
terminal-wrote = nimeandika { $path }
# $what describes the picture (its alt text).
terminal-wrote-picture = nimeandika { $path } ({ $what })
terminal-train-help = andika shimo (kama b2) kucheza | board | help | quit
terminal-course-done = Umemaliza masomo yote ya kozi. Cheza mchezo kwa: isolo-bot play
terminal-board-picture = (picha ya ubao: { $path })
terminal-lesson = Somo la { $n } kati ya { $total }.
terminal-you = Mchezaji
terminal-friend = Rafiki
terminal-web-open = Ubao wa moja kwa moja uko kwenye { $url }: ufungue kwenye kivinjari chako. Ctrl-C huusimamisha.
