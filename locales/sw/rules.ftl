# Kanuni kwa aya chache (/isolo rules, na `rules` kwenye terminal).
# **hivi** huonyesha neno muhimu: herufi nzito kwenye Discord.

rules-common = **Hatua inavyochezwa.** Zoa kete zote za shimo lako moja lenye kete 2 au zaidi, kisha uzipande moja moja kinyume cha mzunguko wa saa, kuzunguka mashimo yako 16 (safu yako ya nje kutoka kushoto kwenda kulia, kisha safu yako ya ndani kutoka kulia kwenda kushoto). Kete ya mwisho ikiangukia:
    1. shimo **tupu**: hatua yako inaisha;
    2. shimo la **safu yako ya ndani** lisilokuwa tupu, huku mojawapo ya mashimo mawili ya mpinzani ya safu wima hiyo likiwa na kete: **kula** kete za mashimo yote mawili, na uzipande tena kuanzia pale mzunguko huu ulipoanzia; kete ya mwisho iliyoliwa ikishadondoshwa, hatua yako inaisha;
    3. vinginevyo: **safiri**: zoa kete za shimo hilo na uendelee kupanda.
    Mchezaji asiye na hatua halali ameshindwa. Hatua ambayo isingeisha kamwe hairuhusiwi. Nafasi ileile ikirudi mara ya tatu, au hatua 2,000 zikichezwa: sare.
rules-house = **Kanuni za hiari** (huchaguliwa kwenye mwaliko; kanuni ya kawaida imetajwa kwanza):
    - baada ya kula: hatua inaisha (kawaida), au **hatua inaendelea baada ya kula**: mzunguko wa kete zilizoliwa unaisha kama mzunguko mwingine wowote, kwa hiyo unaweza kula au kusafiri tena (mchezo mkali: mchezaji wa kwanza anaweza kulazimisha ushindi mapema);
    - kete zilizoliwa hupandwa kuanzia mwanzo wa mzunguko uliokula (kawaida), au kuanzia **shimo lililokula**.
rules-women = **Mchezo wa wanawake:** kete 2 katika kila shimo; kanuni zilizo hapo juu, basi.
rules-boys = **Mchezo wa wavulana:** kila mchezaji anaanza na kete 17 katika shimo lake la nje la kulia kabisa, **ng'hana**. Wakati wa **ufunguzi** wake (awamu ya mwanzo), safu wima yake ya kulia kabisa haichezwi na haiwezi kuliwa; upandaji unairuka. Kucheza ng'hana (kete 17 kuzunguka mashimo yote 16) kunamaliza ufunguzi wake.
rules-no-men = Mchezo wa wanaume haupatikani: kanuni zake hazijaelezwa katika chanzo chochote tulichoweza kukifikia.
