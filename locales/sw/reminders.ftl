# Muhtasari wa kila siku, ujumbe binafsi. $count: michezo iliyoorodheshwa chini yake (angalau mmoja).
digest-title = { $count ->
        [one] Mchezo mmoja unasubiri hatua yako:
       *[other] Michezo { $count } inasubiri hatua yako:
    }
digest-off = (Ujumbe mmoja kwa siku badala ya mmoja kila zamu. Uzime kwa `/isolo settings digest:false`.)
