# As regras em poucos parágrafos (/isolo regras, o `rules` do terminal).
# **assim** marca um termo-chave: negrito no Discord, texto simples no terminal.

rules-common = **Como funciona uma jogada.** Pegue todas as sementes de uma das suas casas que tenha pelo menos 2 e semeie uma a uma, no sentido anti-horário, pelas suas 16 casas (sua fileira externa da esquerda para a direita, depois sua fileira interna da direita para a esquerda). Onde cair a última semente:
    1. casa **vazia**: sua jogada termina;
    2. casa da sua **fileira interna** que não estava vazia, com sementes em pelo menos uma das duas casas do adversário naquela coluna: **capture** as duas e semeie essas sementes a partir de onde esta volta começou; quando cair a última semente capturada, sua jogada termina;
    3. nos outros casos: **encadeamento**: pegue as sementes dessa casa e continue semeando.
    Quem não tem jogada válida perde. Uma jogada que nunca terminaria não é permitida. Terceira repetição ou 2.000 lances: empate.
rules-house = **Regras opcionais** (escolhidas no desafio; a regra padrão vem primeiro):
    - depois de uma captura: a jogada termina (padrão), ou **capturas continuam**: a volta das sementes capturadas termina como qualquer outra volta, então pode capturar ou encadear de novo (jogo agudo: quem começa pode forçar a vitória logo cedo);
    - as sementes capturadas são semeadas a partir do início da volta que capturou (padrão), ou a partir da **casa da captura**.
rules-women = **Jogo das mulheres:** 2 sementes em cada casa; as regras acima e nada mais.
rules-boys = **Jogo dos meninos:** cada jogador começa com 17 sementes na casa mais à direita da sua fileira externa, a **ng'hana**. Na **abertura** (a primeira fase da partida), a coluna mais à direita do jogador fica fora de jogo e não pode ser capturada; a semeadura pula essa coluna. Jogar a ng'hana (17 sementes por todas as 16 casas) encerra a abertura desse jogador.
rules-no-men = O jogo dos homens não está disponível: suas regras não aparecem em nenhuma fonte que conseguimos consultar.
