# Las reglas en unos pocos párrafos (/isolo reglas, `rules` en la terminal).
# **así** marca un término clave: negrita en Discord, texto normal en la terminal.

rules-common = **Cómo es una jugada.** Toma todas las semillas de uno de tus hoyos que tenga al menos 2 y siémbralas de una en una, en sentido antihorario, por tus 16 hoyos (tu fila exterior de izquierda a derecha y luego tu fila interior de derecha a izquierda). Mira dónde cae la última semilla:
    1. en un hoyo **vacío**: tu jugada termina;
    2. en un hoyo de tu **fila interior** que no estaba vacío, con semillas en alguno de los dos hoyos del rival de esa columna: **captura** los dos y vuelve a sembrar esas semillas desde donde empezó esta vuelta; cuando cae la última semilla capturada, tu jugada termina;
    3. en cualquier otro caso: **relevo**: levanta las semillas de ese hoyo y sigue sembrando.
    Quien no tiene ninguna jugada legal pierde. No se permite una jugada que no terminaría nunca. Triple repetición o 2000 jugadas: empate.
rules-house = **Reglas de la casa** (se eligen en el desafío; primero va la regla estándar):
    - tras una captura: la jugada termina (estándar), o **las capturas continúan**: la vuelta de las semillas capturadas termina como cualquier otra, así que puede volver a capturar o hacer un relevo (muy táctico: el primer jugador puede forzar pronto la victoria);
    - las semillas capturadas se siembran desde el inicio de la vuelta que captura (estándar), o desde el **hoyo que captura**.
rules-women = **Juego de las mujeres:** 2 semillas en cada hoyo; las reglas de arriba, y nada más.
rules-boys = **Juego de los muchachos:** cada jugador empieza con 17 semillas en el hoyo del extremo derecho de su fila exterior, la **ng'hana**. Durante su **apertura** (la primera fase de su partida), su columna del extremo derecho queda fuera de juego y no se puede capturar: la siembra se la salta. Jugar la ng'hana (17 semillas por sus 16 hoyos) pone fin a su apertura.
rules-no-men = El juego de los hombres no está disponible: ninguna de las fuentes que hemos podido consultar describe sus reglas.
