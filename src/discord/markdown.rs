//! Member-supplied text (display names, typed pits, stored reasons) made
//! inert for Discord: it shows as typed and cannot restyle, disguise or ping.
//!
//! Every construct of Discord's markdown is covered: inline ones (bold,
//! italics, underline, strikethrough, spoilers, code, masked links, mentions,
//! timestamps, custom emoji) by escaping their characters wherever they stand,
//! and line-start ones (headings, subtext, quotes, lists) by escaping the
//! first character, since a name may open a line of a message. Line breaks
//! and invisible direction or formatting characters are dropped, so a name
//! stays on its line and reads in its own order.

/// `s` as plain text for any place in a Discord message.
pub fn plain(s: &str) -> String {
    let body = s.trim_start();
    let split = body
        .char_indices()
        .nth(line_start_chars(body))
        .map_or(body.len(), |(i, _)| i);
    let (head, tail) = body.split_at(split);
    let mut out = String::with_capacity(s.len() + 8);
    // A line-start construct: `# heading`, `-# subtext`, `> quote`, `- list`,
    // `+ list` (escape its first character) or `1. list` (escape the dot).
    if let Some(digits) = head.strip_suffix(['.', ')']) {
        out.push_str(digits);
        out.push('\\');
        out.push_str(&head[digits.len()..]);
    } else if !head.is_empty() {
        out.push('\\');
        out.push_str(head);
    }
    for c in tail.chars() {
        push_inline(c, &mut out);
    }
    out
}

/// How many leading characters of `s` form a line-start construct.
fn line_start_chars(s: &str) -> usize {
    let digits = s.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && s[digits..].starts_with(['.', ')']) {
        return digits + 1;
    }
    usize::from(s.starts_with(['#', '>', '-', '+']))
}

/// Writes one character of running text, escaped.
fn push_inline(c: char, out: &mut String) {
    match c {
        // Emphasis, strikethrough, spoilers, code, escapes.
        '*' | '_' | '~' | '`' | '|' | '\\'
        // Mentions (<@id>, <@&role>, <#channel>), timestamps (<t:..>), custom emoji (<:name:id>).
        | '<' | '>'
        // Masked links [text](url).
        | '[' | ']' | '(' | ')'
        // Headings, subtext and quotes after a (dropped) line break.
        | '#' => {
            out.push('\\');
            out.push(c);
        }
        // @everyone and @here never ping, even where mentions are allowed.
        '@' => out.push_str("@\u{200b}"),
        '\n' | '\r' | '\t' => out.push(' '),
        c if invisible(c) => {}
        c => out.push(c),
    }
}

/// Control characters and the invisible ones that reorder or hide text
/// (bidirectional overrides and isolates, zero-width joiners, BOM).
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}' | '\u{061c}')
}

#[cfg(test)]
mod tests {
    use super::plain;

    /// `plain(s)` must not contain `raw` unescaped: every markup character
    /// in it is preceded by a backslash.
    fn inert(name: &str) -> String {
        let out = plain(name);
        let chars: Vec<char> = out.chars().collect();
        for (i, c) in chars.iter().enumerate() {
            if "*_~`|[]()<>#".contains(*c) {
                assert!(i > 0 && chars[i - 1] == '\\', "{c} at {i} unescaped in {out:?}");
            }
        }
        out
    }

    #[test]
    fn headings_and_subtext() {
        assert_eq!(inert("# BIG"), "\\# BIG");
        assert_eq!(inert("### smaller"), "\\#\\#\\# smaller");
        assert_eq!(inert("-# small"), "\\-\\# small");
        assert_eq!(inert("   # spaced"), "\\# spaced");
    }

    #[test]
    fn quotes() {
        assert_eq!(inert("> quote"), "\\> quote");
        assert_eq!(inert(">>> block"), "\\>\\>\\> block");
    }

    #[test]
    fn lists() {
        assert_eq!(plain("1. list"), "1\\. list");
        assert_eq!(plain("12) list"), "12\\) list");
        assert_eq!(plain("- item"), "\\- item");
        assert_eq!(plain("+ item"), "\\+ item");
        assert_eq!(inert("* item"), "\\* item");
        // Not a list: a number inside a name stays as it is.
        assert_eq!(plain("ann 2.0"), "ann 2.0");
    }

    #[test]
    fn masked_links() {
        assert_eq!(
            inert("[free nitro](https://evil.example)"),
            "\\[free nitro\\]\\(https://evil.example\\)"
        );
    }

    #[test]
    fn emphasis_spoilers_and_code() {
        assert_eq!(
            inert("**bold** __u__ ~~s~~"),
            "\\*\\*bold\\*\\* \\_\\_u\\_\\_ \\~\\~s\\~\\~"
        );
        assert_eq!(inert("||spoiler||"), "\\|\\|spoiler\\|\\|");
        assert_eq!(inert("`code` ```block```"), "\\`code\\` \\`\\`\\`block\\`\\`\\`");
        assert_eq!(plain("a\\*b"), "a\\\\\\*b");
    }

    #[test]
    fn timestamps_emoji_channels_roles_and_users() {
        assert_eq!(inert("<t:1700000000:R>"), "\\<t:1700000000:R\\>");
        assert_eq!(inert("<:pepe:123>"), "\\<:pepe:123\\>");
        assert_eq!(inert("<#123>"), "\\<\\#123\\>");
        assert_eq!(inert("<@&456>"), "\\<@\u{200b}&456\\>");
        assert_eq!(inert("<@789>"), "\\<@\u{200b}789\\>");
    }

    #[test]
    fn pings_stay_impossible() {
        assert_eq!(plain("@everyone"), "@\u{200b}everyone");
        assert_eq!(plain("hi @here"), "hi @\u{200b}here");
    }

    #[test]
    fn line_breaks_and_invisible_characters_cannot_disguise_a_name() {
        assert_eq!(inert("ann\n# wins"), "ann \\# wins");
        assert_eq!(plain("ann\u{202e}nib"), "annnib");
        assert_eq!(plain("a\u{200b}n\u{2066}n\u{0007}"), "ann");
    }

    #[test]
    fn ordinary_names_are_unchanged() {
        for name in ["alice", "Bo Li", "José", "玩家", "o'neil", "x-y", "3 musketeers"] {
            assert_eq!(plain(name), name);
        }
    }

    #[test]
    fn never_panics_on_odd_text() {
        for name in [
            "",
            " ",
            "#",
            "1.",
            "1",
            "-",
            "\u{202e}",
            "\n\n",
            "é#",
            "9999999999999999999.",
        ] {
            let _ = plain(name);
        }
    }
}
