# Kozi (/isolo learn, isolo-bot play --learn): kila somo lina utangulizi,
# madokezo kwa hatua isiyo sahihi na neno la pongezi likikamilika.
# Mashimo ni a1-h4; Kusini anamiliki safu 1-2.

lesson-sowing = Kupanda. Safu mbili zilizo karibu nawe ni zako. Katika hatua, unazoa kete zote za shimo lako moja lenye kete mbili au zaidi, na kuzipanda moja moja kwenye mashimo yanayofuata: kwenye safu yako ya nje kutoka kushoto kwenda kulia (kutoka a1 kuelekea h1), kisha kurudi kwenye safu yako ya ndani (kutoka h2 kuelekea a2), na kuzunguka tena. Kete moja peke yake haichezwi.
lesson-sowing-done = Vizuri sana: kete ya mwisho imeangukia shimo tupu, kwa hiyo hatua imeishia hapo.
lesson-corner = Mzunguko unaishia wapi? Baada ya h1, kete zinapinda kona na kuingia safu yako ya ndani kwenye h2, kisha zinaelekea magharibi. Kete ya mwisho ikiangukia shimo tupu, hatua imekwisha.
lesson-corner-done = Sawa kabisa: h1, h2, kisha g2, lililokuwa tupu.
lesson-relay = Kusafiri (kupanda kwa mfululizo). Kete ya mwisho ikiangukia shimo ambalo tayari lilikuwa na kete (na hakuna cha kula), unazizoa zote na kuendelea kupanda kuanzia hapo: mzunguko mpya. Hatua moja inaweza kusafiri mara nyingi.
lesson-relay-done = Huko ndiko kusafiri: mzunguko uliishia kwenye kete, kwa hiyo ulizizoa na kuendelea kupanda.
lesson-capture = Kula (kukamata kete za mpinzani). Mzunguko ukiishia kwenye shimo lenye kete katika safu yako ya ndani, na mashimo mawili ya mpinzani yaliyo kwenye safu wima hiyo hiyo yana kete, unakula kete za mashimo yote mawili.
lesson-capture-done = Umekula! Kete hizo zimetoka kwenye mashimo ya mpinzani yaliyo kwenye safu wima ya kete yako ya mwisho.
lesson-capture-sowing = Kupanda kete ulizokula. Kete ulizokula zinapandwa kwenye mashimo yako mwenyewe, kuanzia shimo linalofuata lile ambalo mzunguko uliokula ulianzia (chanzo chake).
lesson-capture-sowing-done = Sawa: kete ulizokula zilianzia baada ya chanzo cha mzunguko, kwa hiyo zikafika hadi b1.
lesson-move-ends = Hatua inaisha lini. Hatua inaendelea, mzunguko baada ya mzunguko, mpaka kete ya mwisho iangukie shimo tupu, au mpaka kete ulizokula zimekwisha kupandwa (kwa kanuni za kawaida hatua inaishia hapo, shimo hilo liwe na kete au lisiwe nazo).
lesson-move-ends-done = Mizunguko mitatu: kusafiri mara mbili, kisha shimo tupu likamaliza hatua.
lesson-who-wins = Nani anashinda. Mchezaji asiyeweza kucheza zamu yake ikifika, kwa sababu hana shimo lenye kete mbili, ameshindwa. Ukila kete zote za mpinzani, unashinda papo hapo.
lesson-who-wins-done = Kaskazini amebaki na kete moja moja tu: hawezi kucheza, kwa hiyo umeshinda.
lesson-nghana = Mchezo wa wavulana. Unaanza kwa mpangilio maalum: kila mchezaji ana ng'hana, yaani shimo lake la nje la kulia kabisa, lenye kete 17. Wakati wa ufunguzi (awamu ya mwanzo), safu wima yake ya kulia kabisa haichezwi na haiwezi kuliwa. Kucheza ng'hana kunamaliza ufunguzi na kupanda kete zake 17 kuzunguka upande wote.
lesson-nghana-done = Ng'hana imechezwa: ufunguzi wako umekwisha, upande wako wote sasa uko kwenye mchezo, na unaweza kuliwa.
lesson-overture = Wakati wa ufunguzi, upandaji wako unaruka safu wima yako ya kulia kabisa: baada ya g1 shimo linalofuata ni g2. Kula ni kama katika mchezo wa wanawake.
lesson-overture-done = Upandaji uliruka h1 na h2, kisha ukala kwenye safu ya ndani.
lesson-take-the-most = Mbinu ya kwanza: kabla ya kucheza, hesabu kete ya mwisho ya kila hatua itaangukia wapi, na itakula nini. Chagua inayokula zaidi.
lesson-take-the-most-done = Kete nane: huo ndio ulaji mkubwa zaidi.
lesson-look-ahead = Mbinu ya pili: angalia hatua moja mbele zaidi. Tafuta hatua ambayo baada yake, mpinzani ajibu vyovyote vile, utaweza kushinda.
lesson-look-ahead-done = Umefuatilia hadi mwisho: ndivyo mafumbo yanavyofanya kazi.
hint-count = Hesabu kete: kete ya mwisho ya shimo gani inafika { $pit }?
hint-corner = Fuata kete zinapopinda kona: baada ya h1 inafuata h2.
hint-relay = Tafuta shimo ambalo kete yake ya mwisho inaangukia shimo lenye kete tayari.
hint-capture-where = Kula kunatokea tu kwenye safu yako ya ndani (safu ya 2 kwa Kusini).
hint-capture-opposite = Hatua ipi inaishia { $pit }, shimo linalotazamana na kete za mpinzani?
hint-capture-origin = Kete zilizoliwa zinaanza baada ya shimo ambalo mzunguko uliokula ulianzia.
hint-move-ends = Kusafiri kunaendeleza hatua: tafuta hatua inayoangukia kwenye kete mara mbili.
hint-who-wins = Kaskazini ana shimo moja tu lenye kete mbili. Kula kete zake.
hint-nghana = Ng'hana yako ni { $pit }.
hint-overture = Kula kunakuja baada ya kusafiri: fuata c1.
hint-compare = Hapa hatua mbili zinakula: hesabu zote mbili.
hint-look-ahead = Hatua ipi inamwachia mpinzani majibu mabaya tu?

# A lesson's task.
task-last-seed-in = Kazi: fanya kete yako ya mwisho iangukie { $pit }.
task-laps = Kazi: cheza hatua yenye angalau mizunguko { $laps }.
task-capture = { $seeds ->
    [0] Kazi: kula kete za mpinzani.
    [1] Kazi: kula kete za mpinzani.
   *[other] Kazi: kula angalau kete { $seeds }.
}
task-end-overture = Kazi: maliza ufunguzi wako (cheza ng'hana yako).
task-win = Kazi: shinda mchezo.

# A move told lap by lap. $from and $end are the phrases below; $pits is the
# pits sown, separated by spaces.
lap = mzunguko { $lap }: kete { $seeds } { $from }, kwenye { $pits }; { $end }.
lap-from-move = kutoka { $pit }
lap-from-relay = zilizozolewa kutoka { $pit }
lap-from-capture = zilizoliwa, kuanzia baada ya { $pit }
lap-end-empty = { $pit } lilikuwa tupu, kwa hiyo hatua inaisha
lap-end-relay = { $pit } halikuwa tupu: zoa kete zake { $seeds } na uendelee kupanda
lap-end-capture = { $pit } ni shimo la ndani linalotazamana na kete: kula kete { $taken }
lap-end-sown = kete zilizoliwa zimepandwa, kwa hiyo hatua inaisha
lap-end-wipe-out = mpinzani hana kete hata moja iliyobaki: umeshinda
