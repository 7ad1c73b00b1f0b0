# The rules in a few paragraphs (/isolo rules, the terminal's `rules`).
# **so** marks a key term: bold on Discord, plain in the terminal.

rules-common = **How a move works.** Take all the seeds of one of your pits holding at least 2 and sow them one by one counterclockwise around your own 16 pits (your outer row left to right, then your inner row right to left). Where the last seed falls:
    1. an **empty** pit: your move ends;
    2. a pit of your **inner row** that was not empty, with seeds in either of the two opponent pits of that column: **capture** both and sow them again from where this lap started; when the last captured seed is dropped, your move ends;
    3. otherwise: **relay**: lift that pit and sow on.
    A player with no legal move loses. A move that would never end is not allowed. Third repetition or 2,000 plies: draw.
rules-house = **House rules** (chosen in the challenge; the standard rule comes first):
    - after a capture: the move ends (standard), or **captures go on**: the lap of captured seeds ends like any other lap, so it may capture or relay again (sharp: the first player can force a win early);
    - captured seeds are sown from the start of the capturing lap (standard), or from the **capturing pit**.
rules-women = **Women's game:** 2 seeds in every pit; the rules above, nothing more.
rules-boys = **Boys' game:** each player starts with 17 seeds in his rightmost outer pit, the **ng'hana**. In the **overture** his rightmost column is out of play and cannot be captured; sowing skips it. Playing the ng'hana (17 seeds round all 16 pits) ends his overture.
rules-no-men = The men's game is not available: its rules are not described in any source we could reach.
