# Kurudisha mchezo katika michezo ya kirafiki (isiyo na alama, nje ya mashindano).
refusal-takeback-not-allowed = unaweza kurudisha mchezo tu katika michezo isiyo na alama, nje ya mashindano
refusal-nothing-to-take-back = bado hujacheza mchezo wowote wa kurudisha
refusal-no-takeback-request = mpinzani wako hajaomba kurudisha mchezo
cmd-isolo-game-takeback = Omba kurudisha mchezo wako wa mwisho (michezo isiyo na alama)
    .name = takeback
takeback-asked = { $player } anaomba kurudisha mchezo wake wa mwisho. { $opponent }, unakubali?
takeback-taken = { $plies ->
        [1] Mchezo wa mwisho wa { $player } umerudishwa.
       *[other] Mchezo wa mwisho wa { $player } na jibu lake vimerudishwa.
    } Ni zamu ya { $next }.
takeback-declined = { $opponent } amekataa kurudisha mchezo. Mchezo unaendelea.
button-takeback-accept = Kubali
button-takeback-decline = Kataa
web-takeback = Rudisha mchezo wangu
web-takeback-waiting = Umeomba kurudisha mchezo wako wa mwisho: unasubiri jibu la mpinzani.
web-takeback-asked = Mpinzani wako anaomba kurudisha mchezo wake wa mwisho.
web-takeback-accept = Kubali
web-takeback-decline = Kataa
web-taken-back = Mchezo mmoja umerudishwa.
