//! What the bot says: messages built from the hosting layer's answers, as
//! plain data ([`Out`]) that commands and components turn into Discord replies.

mod board;
mod challenges;
mod game;
mod help;
pub mod ids;
mod lists;
mod notices;
mod out;
mod profile;
mod refusals;
pub(crate) mod takeback;
pub(crate) mod tournaments;
pub(crate) mod training;

pub use board::*;
pub use challenges::*;
pub use game::*;
pub use help::*;
pub use lists::*;
pub use notices::*;
pub use out::*;
pub use profile::*;
pub use refusals::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::TableError;
    use crate::words::Lang;

    #[test]
    fn refusals_name_the_way_on_and_neutralise_names() {
        let corrupt = TableError::Corrupt {
            what: crate::table::Unreadable::Game(1),
            reason: "**bad** @everyone".into(),
        };
        let text = refusal(Lang::ENGLISH, &corrupt);
        assert_eq!(
            text,
            "the saved game #1 cannot be read; a moderator can /isolo game abort it"
        );
        let not_yours = TableError::NotYourTurn("**bad** @everyone".into());
        let text = refusal(Lang::ENGLISH, &not_yours);
        assert!(
            text.contains("\\*\\*bad") && text.contains("@\u{200b}everyone"),
            "{text}"
        );
        assert_eq!(
            refusal(Lang::ENGLISH, &TableError::NotModerator),
            "only moderators (Manage Messages) can abort a game or its challenges"
        );
        assert_eq!(
            refusal(Lang::ENGLISH, &TableError::NoGame),
            "there is no game in this channel: start one with /isolo challenge"
        );
    }

    #[test]
    fn rules_set_key_terms_in_bold() {
        let text = rules(Lang::ENGLISH, Some(true)).content;
        assert!(text.starts_with("**How a move works.** Take"), "{text}");
        assert!(
            text.contains("\n**Boys' game:** each") && !text.contains("Women's"),
            "{text}"
        );
    }

    #[test]
    fn help_lists_every_command_once_with_its_options_in_messages_discord_takes() {
        let isolo = crate::discord::commands::isolo();
        let messages: Vec<String> = help(Lang::ENGLISH, &isolo, 42)
            .into_iter()
            .map(|o| o.content)
            .collect();
        for m in &messages {
            assert!(m.chars().count() <= 2000, "{}", m.len());
        }
        let text = messages.join("\n");
        let mut leaves = Vec::new();
        for sub in &isolo.subcommands {
            match sub.subcommands.is_empty() {
                true => leaves.push(sub.name.clone()),
                false => leaves.extend(
                    sub.subcommands
                        .iter()
                        .map(|s| format!("{} {}", sub.name, s.name).into()),
                ),
            }
        }
        assert!(leaves.len() > 20, "{leaves:?}");
        for leaf in leaves {
            let mention = format!("</isolo {leaf}:42>");
            assert_eq!(
                text.matches(&format!("{mention} ")).count() + text.matches(&format!("{mention}:")).count(),
                1,
                "{mention}"
            );
        }
        assert!(
            text.contains("</isolo move:42> `pit`: Sow from one of your pits"),
            "{text}"
        );
        assert!(
            text.contains("</isolo challenge:42> `opponent` `[variant]`"),
            "{text}"
        );
        assert!(text.contains("</isolo game history:42>: "), "{text}");
        let plain = help(Lang::ENGLISH, &isolo, 0)
            .into_iter()
            .map(|o| o.content)
            .collect::<Vec<_>>()
            .join("\n");
        assert!(plain.contains("`/isolo move` `pit`: "), "{plain}");
    }

    #[test]
    fn record_blocks_stay_closed_and_short() {
        let record = "[South \"```@everyone\"]\n\n1. b2 h4";
        let block = record_block(record);
        assert_eq!(block.matches("```").count(), 2, "{block}");
        assert!(
            block.starts_with("```\n[South") && block.ends_with("h4\n```"),
            "{block}"
        );
        let long = format!("[South \"Ann\"]\n\n{}", "12. b2 h4 ".repeat(400));
        let block = record_block(&long);
        assert!(block.len() < 2000 && block.starts_with("```\n...") && block.ends_with("h4 \n```"));
        let wide = "南".repeat(1000);
        assert!(record_block(&wide).len() < 2000, "cut on a character boundary");
    }
}
