//! Tournaments' messages: the settings, the entrants, the standings, a
//! round's pairings and the final table.

use super::board::clock;
use super::out::{plain, record_block, Attachment, Out};
use crate::render::standings::{self, Labels, StandingsView};
use crate::table::{Format, Post, Standing, Tournament};
use crate::tr;
use crate::words::Lang;

/// `yes` or `no`, for a Fluent selector.
pub(crate) fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

/// A format's name in `lang`.
pub(crate) fn format_name(lang: Lang, f: Format) -> String {
    let key = match f {
        Format::RoundRobin => "round-robin",
        Format::DoubleRoundRobin => "double-round-robin",
        Format::Swiss => "swiss",
    };
    tr!(lang, "tournament-format", format = key)
}

/// The entrants' names as a list.
pub(crate) fn entrant_list(lang: Lang, t: &Tournament) -> String {
    let names: Vec<String> = t.entrants.iter().map(|e| plain(&e.name)).collect();
    crate::words::list(lang, &names)
}

/// Points (half-points) as text: "3.5".
pub(crate) fn points(halves: u32) -> String {
    match halves % 2 {
        0 => (halves / 2).to_string(),
        _ => format!("{}.5", halves / 2),
    }
}

/// The standings as a picture with the same words as text beside it.
pub(crate) fn standings_out(lang: Lang, t: &Tournament, lines: &[Standing], title: &str) -> Out {
    // Names are drawn and written as plain text: no markup from a player.
    let mut safe = t.clone();
    safe.entrants.iter_mut().for_each(|e| e.name = plain(&e.name));
    let label = |id: &str| tr!(lang, id);
    let words = [
        label("tournament-label-rank"),
        label("tournament-label-player"),
        label("tournament-label-points"),
        label("tournament-label-buchholz"),
        label("tournament-label-sonneborn"),
        label("tournament-label-direct"),
        label("tournament-label-wins"),
        label("tournament-label-withdrawn"),
    ];
    let view = StandingsView {
        title,
        labels: Labels {
            rank: &words[0],
            player: &words[1],
            points: &words[2],
            buchholz: &words[3],
            sonneborn: &words[4],
            direct: &words[5],
            wins: &words[6],
            withdrawn: &words[7],
        },
        rows: safe.picture_rows(lines),
        cross: safe.cross_table(lines),
    };
    let png = standings::render_standings_png(&view);
    let text = standings::standings_text(&view);
    Out {
        content: record_block(&text),
        file: Some(Attachment::new(
            png,
            format!("isolo-tournament-{}.png", t.number),
            tr!(lang, "tournament-standings-alt", number = t.number),
        )),
        ..Out::default()
    }
}

/// A mention of entrant `user`.
pub(crate) fn at(user: crate::table::UserId) -> String {
    format!("<@{user}>")
}

/// A round's pairings message.
pub(crate) fn round_out(lang: Lang, t: &Tournament, round: u32) -> Out {
    let mut lines = vec![tr!(
        lang,
        "tournament-round-title",
        number = t.number,
        round = round,
        rounds = t.total_rounds
    )];
    let user = |p: crate::table::tournament::pairing::Player| at(t.entrants[usize::from(p)].user);
    if let Some(r) = t.rounds.get(round as usize - 1) {
        for (i, b) in r.boards.iter().enumerate() {
            // A board decided before it was played (a withdrawal) says so.
            let id = match b.score {
                Some(s) if !s.played() => "tournament-round-forfeit",
                _ => "tournament-round-board",
            };
            lines.push(tr!(
                lang,
                id,
                board = i + 1,
                white = user(b.white),
                black = user(b.black)
            ));
        }
        if let Some(p) = r.bye {
            lines.push(tr!(lang, "tournament-round-bye", player = user(p)));
        }
    }
    lines.push(tr!(
        lang,
        "tournament-round-footer",
        clock = clock(lang, t.settings.move_secs)
    ));
    // Names, not pings: each player is pinged in their game's thread.
    Out::text(lines.join("\n"))
}

/// The final message: the standings and the winner(s).
pub(crate) fn final_out(lang: Lang, t: &Tournament) -> Out {
    let lines = t.standings();
    let title = tr!(lang, "tournament-final-title", number = t.number);
    let mut out = standings_out(lang, t, &lines, &title);
    let top: Vec<&Standing> = lines.iter().filter(|l| l.rank == 1).collect();
    let winners: Vec<String> = top
        .iter()
        .map(|l| at(t.entrants[usize::from(l.player)].user))
        .collect();
    let winner = tr!(
        lang,
        "tournament-winner",
        count = winners.len(),
        winners = crate::words::list(lang, &winners),
        number = t.number,
        points = points(top.first().map_or(0, |l| l.halves))
    );
    out.content = format!("{winner}\n{}", out.content);
    out.mentions = top
        .iter()
        .map(|l| t.entrants[usize::from(l.player)].user)
        .collect();
    out
}

/// The words of a message a tournament posts once.
pub(crate) fn post_out(lang: Lang, t: &Tournament, post: Post) -> Out {
    match post {
        Post::Round { round } => round_out(lang, t, round),
        Post::Final => final_out(lang, t),
        Post::Cancelled => Out::text(tr!(lang, "tournament-cancelled", number = t.number)),
        Post::Blocked { round, missing } => Out::text(tr!(
            lang,
            "tournament-blocked",
            number = t.number,
            round = round,
            right = crate::words::refusal::channel_right(lang, missing)
        )),
    }
}
