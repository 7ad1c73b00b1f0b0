//! Lists and stats: a member's games, ratings, the leaderboard, the
//! vacation bank and a member's settings.

use super::board::name;
use super::out::{clip, fit_message, plain, Out};
use crate::words::{narrate, Lang};
use crate::{
    table::{BoardSide, Digest, FinishedGame, GameView, MemberSettings, PlayerStats, Reminders},
    tr,
};

/// A player's statistics.
pub fn stats(lang: Lang, p: &PlayerStats) -> String {
    let mut lines = vec![tr!(
        lang,
        "stats",
        player = plain(&p.name),
        rating = format!("{:.0}{}", p.rating.rating, provisional_mark(p)),
        deviation = format!("{:.0}", p.rating.deviation),
        provisional = if p.rating.is_provisional() { "yes" } else { "no" },
        games = p.tally.games(),
        wins = p.tally.wins,
        losses = p.tally.losses,
        draws = p.tally.draws,
        streak_kind = match p.streak.signum() {
            1 => "win",
            -1 => "loss",
            _ => "none",
        },
        streak = p.streak.unsigned_abs(),
        best = p.best_streak,
    )];
    let mut rivals: Vec<_> = p.head_to_head.iter().collect();
    rivals.sort_by_key(|(_, t)| std::cmp::Reverse(t.games()));
    for (opp, t) in rivals.into_iter().take(10) {
        lines.push(tr!(
            lang,
            "stats-rival",
            rival = format!("<@{opp}>"),
            wins = t.wins,
            losses = t.losses,
            draws = t.draws
        ));
    }
    lines.join("\n")
}

/// A member's puzzle rating, streak and solved count (`None` before their
/// first counted puzzle).
pub fn puzzle_stats(lang: Lang, s: &crate::table::PuzzleStats) -> Option<String> {
    (s.solved + s.failed > 0).then(|| {
        tr!(
            lang,
            "training-stats-puzzles",
            rating = format!("{:.0}", s.rating.rating),
            solved = s.solved,
            failed = s.failed,
            streak = s.streak,
            best = s.best_streak
        )
    })
}

/// The leaderboard.
pub fn leaderboard(lang: Lang, players: &[PlayerStats]) -> String {
    if players.is_empty() {
        return tr!(lang, "leaderboard-empty");
    }
    let mut s = format!("**{}**\n", tr!(lang, "leaderboard-title"));
    for (i, p) in players.iter().enumerate() {
        s.push_str(&tr!(
            lang,
            "leaderboard-line",
            rank = i + 1,
            player = plain(&p.name),
            rating = format!("{:.0}{}", p.rating.rating, provisional_mark(p)),
            games = p.tally.games(),
            wins = p.tally.wins,
            losses = p.tally.losses,
            draws = p.tally.draws
        ));
        s.push('\n');
    }
    if players.iter().any(|p| p.rating.is_provisional()) {
        s.push_str(&tr!(lang, "leaderboard-provisional"));
        s.push('\n');
    }
    s
}

/// Lichess's mark of a provisional rating: `?` after the number.
pub(super) fn provisional_mark(p: &PlayerStats) -> &'static str {
    if p.rating.is_provisional() {
        "?"
    } else {
        ""
    }
}

/// `/isolo games`: the member's games in progress, each with whose turn it
/// is, the time left and where it is played.
pub fn live_games(lang: Lang, user: u64, games: &[GameView], now_ms: u64) -> Out {
    if games.is_empty() {
        return Out::private(tr!(lang, "games-none"));
    }
    let mut lines = vec![tr!(lang, "games-title", count = games.len())];
    lines.extend(games.iter().map(|g| game_line(lang, user, g, now_ms)));
    Out::private(lines.join("\n"))
}

/// One game of a member's list: its number, opponent, whose move, time
/// left and place.
fn game_line(lang: Lang, user: u64, g: &GameView, now_ms: u64) -> String {
    let side = g.live.side_of(user);
    let opponent = side
        .map(|s| g.live.seat(s.opponent()))
        .unwrap_or(&g.live.players[1]);
    let mut turn = match g.to_move() {
        Some(seat) if seat.is(user) => tr!(lang, "games-your-move"),
        Some(seat) => tr!(lang, "games-their-move", player = name(lang, seat)),
        None => tr!(lang, "games-over"),
    };
    // A held clock shows the time it stopped with.
    let stopped = g.live.paused.as_ref().map(|p| p.since_ms);
    if stopped.is_some() {
        turn = format!("{turn} {}", tr!(lang, "clock-stopped"));
    }
    let left = g
        .deadline_ms()
        .map(|d| narrate::duration(lang, d.saturating_sub(stopped.unwrap_or(now_ms))));
    tr!(
        lang,
        "games-line",
        game = g.live.id,
        opponent = name(lang, opponent),
        variant = narrate::variant_short(lang, g.live.rules.variant),
        turn = turn,
        clock = if left.is_some() { "yes" } else { "no" },
        left = left.unwrap_or_default(),
        channel = format!("<#{}>", g.live.channel),
        tournament = g.live.tournament.as_ref().map_or(0, |t| t.number),
    )
}

/// A member's daily digest (a direct message): the games waiting for their
/// move, each with its time left and its place.
pub fn digest(lang: Lang, d: &Digest) -> Out {
    let mut lines = vec![tr!(lang, "digest-title", count = d.games.len())];
    lines.extend(d.games.iter().map(|g| game_line(lang, d.user, g, d.now_ms)));
    lines.push(tr!(lang, "digest-off"));
    Out::text(fit_message(lines.join("\n")))
}

/// `/isolo games finished:true`: the member's last finished games, newest
/// first, each with its result and how to get its record.
pub fn finished_games(lang: Lang, user: u64, games: &[FinishedGame]) -> Out {
    if games.is_empty() {
        return Out::private(tr!(lang, "finished-games-none"));
    }
    let mut lines = vec![tr!(lang, "finished-games-title", count = games.len())];
    for f in games {
        let me = f.players.iter().position(|p| p.is(user));
        let opponent = me.map_or(&f.players[1], |i| &f.players[1 - i]);
        lines.push(tr!(
            lang,
            "finished-games-line",
            game = f.id,
            opponent = name(lang, opponent),
            result = result_for(f, me),
            channel = format!("<#{}>", f.channel),
        ));
    }
    Out::private(lines.join("\n"))
}

/// How a finished game went for the player in seat `me`: won, lost, draw or aborted.
pub(super) fn result_for(f: &FinishedGame, me: Option<usize>) -> &'static str {
    match (f.result.termination, f.result.outcome, me) {
        (crate::engine::Termination::Aborted, _, _) => "aborted",
        (_, crate::engine::Outcome::Draw, _) => "draw",
        (_, crate::engine::Outcome::Win(side), Some(i)) if side.index() == i => "won",
        _ => "lost",
    }
}

/// An autocomplete choice naming a finished game: its number, the opponent
/// and how it went for the member (`None`: a draw). At most 100 characters.
pub fn game_choice(lang: Lang, id: u64, opponent: &str, won: Option<bool>) -> String {
    let how = match won {
        Some(true) => "won",
        Some(false) => "lost",
        None => "draw",
    };
    let opponent: String = opponent.chars().take(60).collect();
    clip(
        &tr!(lang, "game-choice", game = id, opponent = opponent, result = how),
        100,
    )
}

/// Said when a player has no statistics yet.
pub fn no_stats(lang: Lang, user: u64) -> String {
    tr!(lang, "no-stats", player = format!("<@{user}>"))
}

/// Said in a private chat when asking for another member's results.
pub fn stats_private(lang: Lang) -> String {
    tr!(lang, "no-stats-private")
}

/// Said for `/isolo leaderboard` in a private chat, which has none.
pub fn leaderboard_private(lang: Lang) -> String {
    tr!(lang, "leaderboard-private")
}

/// The member's vacation bank: a line for `/isolo stats` and the answer to
/// `/isolo settings vacation`.
pub fn vacation_bank(lang: Lang, bank: &crate::table::VacationView) -> String {
    match bank.on {
        Some(on) => tr!(lang, "vacation-on", until = on.until_ms / 1000),
        None => tr!(
            lang,
            "vacation-bank",
            left = narrate::duration(lang, bank.left_ms)
        ),
    }
}

/// `/isolo settings`: the member's settings as they are now.
pub fn member_settings(lang: Lang, s: &MemberSettings, server: Option<Lang>) -> Out {
    let language = s.language.as_deref().and_then(Lang::from_tag);
    let mut text = tr!(
        lang,
        "settings",
        turn_dm = if s.dm_on_turn { "on" } else { "off" },
        board = match s.board {
            BoardSide::Mover => "mover",
            BoardSide::South => "south",
        },
        colours = if s.colour_blind {
            "colour-blind"
        } else {
            "standard"
        },
        language = language.map_or_else(|| tr!(lang, "settings-language-discord"), Lang::name),
        reminders = match s.reminders {
            Reminders::Off => "off",
            Reminders::HalfTime => "half-time",
            Reminders::BeforeDeadline => "before-deadline",
        },
        digest = if s.digest { "on" } else { "off" },
    );
    if let Some(server) = server {
        text.push('\n');
        text.push_str(&tr!(lang, "settings-server-language", language = server.name()));
    }
    Out::private(text)
}
