//! Logs that never show a secret. Every line goes through a [`Redactor`]
//! before it is written: the bot token and every Discord interaction token
//! (in webhook and callback URLs, and in `token` fields, as serenity prints
//! them at trace level) become `<redacted>`, and control characters from
//! chat text are escaped so a log line cannot fake another.

use std::borrow::Cow;
use std::io::{self, Write};
use std::sync::Arc;

use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::EnvFilter;

use crate::config::Config;

/// What a secret is replaced with.
pub const REDACTED: &str = "<redacted>";

/// The filter when `RUST_LOG` is not set. serenity's shard queuer logs a raw
/// socket error at every failed gateway connect; the bot logs its own line
/// per attempt instead ("cannot reach Discord, retrying in N s") and one
/// when a shard loses or regains the gateway.
pub const DEFAULT_FILTER: &str =
    "info,serenity=warn,serenity::gateway::bridge::shard_queuer=error,serenity::client=error,poise=warn";

/// Removes secrets from log text.
#[derive(Debug, Clone, Default)]
pub struct Redactor {
    secrets: Vec<String>,
}

/// URL path prefixes followed by `{id}/{interaction token}`.
const TOKEN_PATHS: [&str; 2] = ["/webhooks/", "/interactions/"];

/// Characters of a token. Discord's are base64url with dots; this is wider
/// so that no variant slips through.
fn token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '~' | '+' | '/' | '=' | '%')
}

impl Redactor {
    /// A redactor for these exact secrets (the bot token) on top of the
    /// patterns that find interaction tokens. Empty strings are ignored.
    pub fn new<S: Into<String>>(secrets: impl IntoIterator<Item = S>) -> Redactor {
        let mut secrets: Vec<String> = secrets
            .into_iter()
            .map(Into::into)
            .filter(|s| !s.is_empty())
            .collect();
        // Longest first, so a secret containing another is hidden whole.
        secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
        Redactor { secrets }
    }

    /// The redactor for a configuration: its bot token.
    pub fn for_config(config: &Config) -> Redactor {
        Redactor::new(config.discord.token.clone())
    }

    /// `text` without secrets and with control characters (but line breaks
    /// and tabs) escaped.
    pub fn redact<'a>(&self, text: &'a str) -> Cow<'a, str> {
        let mut out = Cow::Borrowed(text);
        for secret in &self.secrets {
            if out.contains(secret.as_str()) {
                out = Cow::Owned(out.replace(secret.as_str(), REDACTED));
            }
        }
        for prefix in TOKEN_PATHS {
            if out.contains(prefix) {
                out = Cow::Owned(redact_path_tokens(&out, prefix));
            }
        }
        if out.to_ascii_lowercase().contains("token") {
            out = Cow::Owned(redact_token_fields(&out));
        }
        match printable(&out) {
            Cow::Borrowed(_) => out,
            Cow::Owned(s) => Cow::Owned(s),
        }
    }
}

/// `/webhooks/{id}/{token}` and `/interactions/{id}/{token}`: the segment
/// after the numeric id is a token.
fn redact_path_tokens(text: &str, prefix: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        let after = at + prefix.len();
        out.push_str(&rest[..after]);
        rest = &rest[after..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 || !rest[digits..].starts_with('/') {
            continue;
        }
        out.push_str(&rest[..=digits]);
        rest = &rest[digits + 1..];
        let token = rest.len() - rest.trim_start_matches(|c: char| token_char(c) && c != '/').len();
        if token > 0 {
            out.push_str(REDACTED);
            rest = &rest[token..];
        }
    }
    out.push_str(rest);
    out
}

/// The value after any key ending in `token`, however it is quoted:
/// `"token":"v"`, `token: "v"`, `token=v`, `\"token\":\"v\"`, `token: Some("v")`.
fn redact_token_fields(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut from = 0;
    while let Some(found) = lower[from..].find("token") {
        let key_end = from + found + "token".len();
        from = key_end;
        let rest = &text[key_end..];
        // Closing quotes of the key, then `:` or `=`, then opening quotes.
        let after_key = rest.trim_start_matches(['"', '\\', '\'']);
        let after_ws = after_key.trim_start();
        let Some(after_sep) = after_ws.strip_prefix([':', '=']) else {
            continue;
        };
        let value = after_sep.trim_start();
        let value = value.strip_prefix("Some(").unwrap_or(value);
        let value = value.trim_start_matches(['"', '\\', '\'']);
        let len = value.len() - value.trim_start_matches(token_char).len();
        if len == 0 {
            continue;
        }
        let start = text.len() - value.len();
        out.push_str(&text[copied..start]);
        out.push_str(REDACTED);
        copied = start + len;
        from = copied;
    }
    out.push_str(&text[copied..]);
    out
}

/// `text` with control characters escaped (`\u{1b}`), and the invisible
/// bidirectional overrides too, so text from a file or a chat cannot move
/// the cursor, colour the terminal or reorder what is shown. Line breaks and
/// tabs stay.
pub fn printable(text: &str) -> Cow<'_, str> {
    let hostile = |c: char| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.contains(hostile) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hostile(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A [`MakeWriter`] whose writers redact each line before passing it on.
pub struct RedactingMakeWriter<M> {
    inner: M,
    redactor: Arc<Redactor>,
}

impl<M> RedactingMakeWriter<M> {
    /// Wraps `inner`.
    pub fn new(inner: M, redactor: Redactor) -> Self {
        RedactingMakeWriter {
            inner,
            redactor: Arc::new(redactor),
        }
    }
}

impl<'a, M: MakeWriter<'a>> MakeWriter<'a> for RedactingMakeWriter<M> {
    type Writer = RedactingWriter<M::Writer>;

    fn make_writer(&'a self) -> Self::Writer {
        RedactingWriter {
            inner: self.inner.make_writer(),
            redactor: self.redactor.clone(),
            line: Vec::new(),
        }
    }
}

/// Holds text until a line is complete (a token is never cut in two), then
/// writes it redacted. The rest is written when it is dropped.
pub struct RedactingWriter<W: Write> {
    inner: W,
    redactor: Arc<Redactor>,
    line: Vec<u8>,
}

impl<W: Write> RedactingWriter<W> {
    fn emit(&mut self, upto: usize) -> io::Result<()> {
        let bytes: Vec<u8> = self.line.drain(..upto).collect();
        let text = String::from_utf8_lossy(&bytes);
        self.inner.write_all(self.redactor.redact(&text).as_bytes())
    }
}

impl<W: Write> Write for RedactingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.line.extend_from_slice(buf);
        if let Some(last) = self.line.iter().rposition(|&b| b == b'\n') {
            self.emit(last + 1)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<W: Write> Drop for RedactingWriter<W> {
    fn drop(&mut self) {
        if !self.line.is_empty() {
            let _ = self.emit(self.line.len());
        }
        let _ = self.inner.flush();
    }
}

/// Installs the global logger writing to `writer`: `RUST_LOG` or
/// [`DEFAULT_FILTER`], plain text (colour codes would hide tokens from the
/// redactor), every line redacted for `config`. Fails if a logger is
/// already installed.
pub fn init_with<M>(config: &Config, writer: M) -> Result<(), tracing_subscriber::util::TryInitError>
where
    M: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    use tracing_subscriber::util::SubscriberInitExt;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(false)
        .with_writer(RedactingMakeWriter::new(writer, Redactor::for_config(config)))
        .finish()
        .try_init()
}

/// Installs the global logger on standard error (see [`init_with`]); a
/// logger installed earlier is kept.
pub fn init(config: &Config) {
    let _ = init_with(config, io::stderr);
}

#[cfg(test)]
mod tests {
    use super::{printable, Redactor, REDACTED};

    fn redact(text: &str) -> String {
        Redactor::new(["MTA5.Gh.secretpart"]).redact(text).into_owned()
    }

    #[test]
    fn the_bot_token_is_hidden_wherever_it_is() {
        assert_eq!(
            redact("authorization: Bot MTA5.Gh.secretpart, again MTA5.Gh.secretpart"),
            format!("authorization: Bot {REDACTED}, again {REDACTED}")
        );
        assert_eq!(redact("nothing secret here"), "nothing secret here");
    }

    #[test]
    fn interaction_tokens_in_urls_are_hidden() {
        assert_eq!(
            redact("POST https://x/api/v10/interactions/123/aW50ZXJh-Y3Rpb24/callback?x=1"),
            format!("POST https://x/api/v10/interactions/123/{REDACTED}/callback?x=1")
        );
        assert_eq!(
            redact("PATCH /webhooks/42/itoken-7/messages/@original and /webhooks/42/itoken-8"),
            format!("PATCH /webhooks/42/{REDACTED}/messages/@original and /webhooks/42/{REDACTED}")
        );
        // Not an id then a token: left alone.
        assert_eq!(redact("/webhooks/help"), "/webhooks/help");
    }

    #[test]
    fn token_fields_are_hidden_however_they_are_quoted() {
        for (text, want) in [
            (
                r#"{"token":"itoken-1","id":"5"}"#,
                format!(r#"{{"token":"{REDACTED}","id":"5"}}"#),
            ),
            (
                r#"{"token": "itoken-1"}"#,
                format!(r#"{{"token": "{REDACTED}"}}"#),
            ),
            (
                r#"Interaction { token: "itoken-1", id: 5 }"#,
                format!(r#"Interaction {{ token: "{REDACTED}", id: 5 }}"#),
            ),
            (
                r#"text: "{\"token\":\"itoken-1\"}""#,
                format!(r#"text: "{{\"token\":\"{REDACTED}\"}}""#),
            ),
            (
                "interaction_token=itoken-1 x",
                format!("interaction_token={REDACTED} x"),
            ),
            (
                r#"token: Some("itoken-1")"#,
                format!(r#"token: Some("{REDACTED}")"#),
            ),
            (r#"{"TOKEN":"itoken-1"}"#, format!(r#"{{"TOKEN":"{REDACTED}"}}"#)),
        ] {
            assert_eq!(redact(text), want, "{text}");
        }
        // A word `token` that is not a field keeps what follows.
        assert_eq!(redact("the token is checked"), "the token is checked");
        assert_eq!(redact("tokens: 5 left"), "tokens: 5 left");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("a\u{1b}[31mred\r\nb\tc"), "a\\u{1b}[31mred\\u{d}\nb\tc");
        assert_eq!(printable("abc\u{202e}cba"), "abc\\u{202e}cba");
        assert_eq!(redact("line\u{7}"), "line\\u{7}");
    }

    #[test]
    fn a_line_written_in_pieces_is_redacted_whole() {
        use std::io::Write;
        let redactor = std::sync::Arc::new(Redactor::new(["MTA5.Gh.secretpart"]));
        let mut sink = Vec::new();
        {
            let mut w = super::RedactingWriter {
                inner: &mut sink,
                redactor,
                line: Vec::new(),
            };
            w.write_all(b"first MTA5.Gh.sec").unwrap();
            w.write_all(b"retpart\nsecond \"token\":\"it").unwrap();
            w.write_all(b"oken-9\"").unwrap();
        }
        let text = String::from_utf8(sink).unwrap();
        assert_eq!(text, format!("first {REDACTED}\nsecond \"token\":\"{REDACTED}\""));
    }
}
