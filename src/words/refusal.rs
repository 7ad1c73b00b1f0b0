//! Why the table refused, in the player's words: one message per
//! [`TableError`] variant (`refusal-*` in `refusals.ftl`), shared by the
//! front ends, which add their own way on.

use super::narrate::{duration, side, variant};
use super::{list, Lang};
use crate::engine::{IllegalMove, Side};
use crate::table::{ChannelRight, TableError, Unreadable};
use crate::tr;

/// A refusal in a sentence. Names in it are as given: a front end with
/// markup passes the error through [`TableError::escaped`] first.
pub fn refusal(lang: Lang, e: &TableError) -> String {
    use TableError as E;
    match e {
        E::NoGame => tr!(lang, "refusal-no-game"),
        E::NoSuchGame(game) => tr!(lang, "refusal-no-such-game", game = *game),
        E::NoChallenge => tr!(lang, "refusal-no-challenge"),
        E::Busy { id, south, north } => {
            tr!(
                lang,
                "refusal-busy",
                game = *id,
                south = south.as_str(),
                north = north.as_str()
            )
        }
        E::WhichChallenge(names) => tr!(
            lang,
            "refusal-which-challenge",
            names = names.join(&tr!(lang, "list-separator"))
        ),
        E::ChallengePending { challenger, opponent } => tr!(
            lang,
            "refusal-challenge-pending",
            challenger = challenger.as_str(),
            opponent = opponent.as_str()
        ),
        E::SelfChallenge => tr!(lang, "refusal-self-challenge"),
        E::BotOpponent(name) => tr!(lang, "refusal-bot-opponent", name = name.as_str()),
        E::NotTheOpponent(name) => tr!(lang, "refusal-not-the-opponent", name = name.as_str()),
        E::NotTheChallenger(name) => tr!(lang, "refusal-not-the-challenger", name = name.as_str()),
        E::NotAPlayer { south, north } => {
            tr!(
                lang,
                "refusal-not-a-player",
                south = south.as_str(),
                north = north.as_str()
            )
        }
        E::NotYourTurn(name) => tr!(lang, "refusal-not-your-turn", name = name.as_str()),
        E::BadPit(p) => tr!(lang, "refusal-bad-pit", text = p.0.as_str()),
        E::Illegal(m) => illegal(lang, m),
        E::NotModerator => tr!(lang, "refusal-not-moderator"),
        E::HintsNotAllowed => tr!(lang, "refusal-hints-not-allowed"),
        E::EngineLater => tr!(lang, "refusal-engine-later"),
        E::VariationPly { ply, plies } => tr!(lang, "refusal-variation-ply", ply = *ply, plies = *plies),
        E::VariationLength { max } => tr!(lang, "refusal-variation-length", max = *max),
        E::TakebackNotAllowed => tr!(lang, "refusal-takeback-not-allowed"),
        E::NothingToTakeBack => tr!(lang, "refusal-nothing-to-take-back"),
        E::NoTakebackRequest => tr!(lang, "refusal-no-takeback-request"),
        E::StillPlaying { games, challenges } => tr!(
            lang,
            "refusal-still-playing",
            games = games.len(),
            challenges = *challenges,
            list = list(lang, &games.iter().map(|g| format!("#{g}")).collect::<Vec<_>>()),
        ),
        E::FormerMember => tr!(lang, "refusal-former-member"),
        E::NoLastGame => tr!(lang, "refusal-no-last-game"),
        E::NothingToReview => tr!(lang, "refusal-nothing-to-review"),
        E::NothingToClaim => tr!(lang, "refusal-nothing-to-claim"),
        E::StillHasTime { player, left_ms } => tr!(
            lang,
            "refusal-still-has-time",
            player = player.as_str(),
            left = duration(lang, *left_ms)
        ),
        E::NoTournament => tr!(lang, "refusal-no-tournament"),
        E::NoSuchTournament(n) => tr!(lang, "refusal-no-such-tournament", number = *n),
        E::WhichTournament(numbers) => tr!(
            lang,
            "refusal-which-tournament",
            numbers = list(lang, &numbers.iter().map(|n| format!("#{n}")).collect::<Vec<_>>())
        ),
        E::ClockRequired => tr!(lang, "refusal-clock-required"),
        E::BadRounds { max } => tr!(lang, "refusal-bad-rounds", max = *max),
        E::RoundsOfRoundRobin => tr!(lang, "refusal-rounds-of-round-robin"),
        E::DeadlinePassed => tr!(lang, "refusal-deadline-passed"),
        E::TooManyTournaments { max } => tr!(lang, "refusal-too-many-tournaments", max = *max),
        E::AlreadyJoined(n) => tr!(lang, "refusal-already-joined", number = *n),
        E::NotJoined(n) => tr!(lang, "refusal-not-joined", number = *n),
        E::TournamentFull { number, max } => {
            tr!(lang, "refusal-tournament-full", number = *number, max = *max)
        }
        E::TournamentStarted(n) => tr!(lang, "refusal-tournament-started", number = *n),
        E::TournamentOver(n) => tr!(lang, "refusal-tournament-over", number = *n),
        E::NotEnoughPlayers { number, have, need } => tr!(
            lang,
            "refusal-not-enough-players",
            number = *number,
            have = *have,
            need = *need
        ),
        E::NotOrganizer(n) => tr!(lang, "refusal-not-organizer", number = *n),
        E::NoSuchBoard { number, round, board } => tr!(
            lang,
            "refusal-no-such-board",
            number = *number,
            round = *round,
            board = *board
        ),
        E::BoardStarted { game, .. } => tr!(lang, "refusal-board-started", game = *game),
        E::NoSuchPuzzle(id) => tr!(lang, "refusal-no-such-puzzle", id = id.as_str()),
        E::NoPuzzleLeft(v) => tr!(lang, "refusal-no-puzzle-left", variant = variant(lang, *v)),
        E::PuzzleOver => tr!(lang, "refusal-puzzle-over"),
        E::BadMinute(m) => tr!(lang, "refusal-bad-minute", minute = *m),
        E::NoSuchLesson(n) => tr!(lang, "refusal-no-such-lesson", lesson = *n),
        E::ConditionalNotNow => tr!(lang, "refusal-conditional-not-now"),
        E::ConditionalLength { max } => tr!(lang, "refusal-conditional-length", max = *max),
        E::ConditionalFull { max } => tr!(lang, "refusal-conditional-full", max = *max),
        E::ConditionalConflict { line } => tr!(lang, "refusal-conditional-conflict", line = *line),
        E::ConditionalBadPit { ply, text } => format!(
            "{} {}",
            tr!(lang, "refusal-conditional-ply", ply = *ply),
            tr!(lang, "refusal-bad-pit", text = text.as_str())
        ),
        E::ConditionalIllegal { ply, reason, .. } => format!(
            "{} {}",
            tr!(lang, "refusal-conditional-ply", ply = *ply),
            illegal(lang, reason)
        ),
        E::OnVacation => tr!(lang, "refusal-on-vacation"),
        E::NotOnVacation => tr!(lang, "refusal-not-on-vacation"),
        E::NoVacationLeft => tr!(lang, "refusal-no-vacation-left"),
        E::NothingToHold => tr!(lang, "refusal-nothing-to-hold"),
        E::Corrupt { what, .. } => unreadable(lang, what),
        E::Stale => tr!(lang, "refusal-stale"),
        E::Contended => tr!(lang, "refusal-contended"),
        E::Storage(_) => tr!(lang, "refusal-storage"),
    }
}

/// What cannot be read, as a whole sentence: each language words its nouns
/// its own way. Why is in the operator's log, not here.
fn unreadable(lang: Lang, what: &Unreadable) -> String {
    match what {
        Unreadable::Game(game) => tr!(lang, "refusal-corrupt-game", game = *game),
        Unreadable::Record(game) => tr!(lang, "refusal-corrupt-record", game = *game),
        Unreadable::Lesson(id) => tr!(lang, "refusal-corrupt-lesson", lesson = id.as_str()),
        Unreadable::Puzzle => tr!(lang, "refusal-corrupt-puzzle"),
        Unreadable::Newer(_) => tr!(lang, "refusal-corrupt-newer"),
        Unreadable::Entry(_) => tr!(lang, "refusal-corrupt-entry"),
    }
}

/// A right of the bot in a channel, named as the channel's settings name it.
pub fn channel_right(lang: Lang, right: ChannelRight) -> String {
    let key = match right {
        ChannelRight::SendMessages => "send-messages",
        ChannelRight::CreatePublicThreads => "create-public-threads",
        ChannelRight::SendMessagesInThreads => "send-messages-in-threads",
    };
    tr!(lang, "channel-right", right = key)
}

/// Why no tournament can be created in a channel where the bot lacks `missing`.
pub fn cannot_host(lang: Lang, missing: ChannelRight) -> String {
    tr!(
        lang,
        "tournament-cannot-host",
        right = channel_right(lang, missing)
    )
}

/// Why a move breaks the rules.
pub fn illegal(lang: Lang, m: &IllegalMove) -> String {
    match m {
        IllegalMove::NotYourPit { pit, side: s, .. } => {
            // The pair is joined in each language's own words, not the engine's English.
            let first = match s {
                Side::South => 1,
                Side::North => 3,
            };
            tr!(
                lang,
                "illegal-not-your-pit",
                pit = pit.to_string(),
                side = side(lang, *s),
                first = first,
                second = first + 1
            )
        }
        IllegalMove::TooFewSeeds { pit, seeds } => {
            tr!(
                lang,
                "illegal-too-few-seeds",
                pit = pit.to_string(),
                seeds = *seeds
            )
        }
        IllegalMove::OutOfPlay { pit } => tr!(lang, "illegal-out-of-play", pit = pit.to_string()),
        IllegalMove::NeverEnding { pit } => tr!(lang, "illegal-never-ending", pit = pit.to_string()),
        IllegalMove::GameOver => tr!(lang, "illegal-game-over"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pit;

    #[test]
    fn a_pair_of_ranks_is_joined_in_the_language_itself() {
        let m = IllegalMove::NotYourPit {
            pit: "c3".parse::<Pit>().unwrap(),
            side: Side::South,
            ranks: "1 and 2",
        };
        for (tag, joined) in [
            ("en", "1 and 2"),
            ("fr", "1 et 2"),
            ("es", "1 y 2"),
            ("pt-BR", "1 e 2"),
            ("de", "1 und 2"),
            ("sw", "1 na 2"),
        ] {
            let text = illegal(Lang::from_tag(tag).unwrap(), &m);
            assert!(text.contains(joined), "{tag}: {text}");
        }
    }
}
