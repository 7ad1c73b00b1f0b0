//! A message as plain data ([`Out`], [`Attachment`]) and what every kind
//! of message shares: a record block, plain names, a picture file.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateAllowedMentions, CreateAttachment, UserId as SUserId};

use crate::render::{alt_text, render_png, BoardView};

/// Fills any of Discord's message builders from an [`Out`] (they share
/// method names but no trait).
macro_rules! build {
    ($out:expr, $builder:expr, $add_file:ident) => {{
        let mut b = $builder
            .content($out.content.clone())
            .allowed_mentions($out.allowed_mentions())
            .components($out.components.clone());
        if let Some(a) = $out.attachment() {
            b = b.$add_file(a);
        }
        b
    }};
}

/// A message to send: text, an optional picture, components, who may be pinged.
#[derive(Debug, Clone, Default)]
pub struct Out {
    /// The text.
    pub content: String,
    /// An attached file.
    pub file: Option<Attachment>,
    /// Buttons and select menus.
    pub components: Vec<CreateActionRow>,
    /// The only users this message may ping.
    pub mentions: Vec<u64>,
    /// Only the user who asked sees it.
    pub ephemeral: bool,
}

/// A file attached to a message.
#[derive(Debug, Clone, Default)]
pub struct Attachment {
    /// The content.
    pub bytes: Vec<u8>,
    /// The file name, which tells Discord the type (`.png`, `.gif`, `.txt`).
    pub name: String,
    /// Alt text, for screen readers.
    pub alt: String,
}

impl Attachment {
    /// A file named `name` with `alt` text.
    pub fn new(bytes: Vec<u8>, name: impl Into<String>, alt: impl Into<String>) -> Attachment {
        Attachment {
            bytes,
            name: name.into(),
            alt: alt.into(),
        }
    }
}

impl Out {
    /// A plain text message.
    pub fn text(content: impl Into<String>) -> Out {
        Out {
            content: content.into(),
            ..Out::default()
        }
    }

    /// A private message to the user who asked.
    pub fn private(content: impl Into<String>) -> Out {
        Out {
            content: content.into(),
            ephemeral: true,
            ..Out::default()
        }
    }

    /// Allowed mentions: exactly the listed users, never @everyone or roles.
    pub fn allowed_mentions(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new()
            .empty_roles()
            .everyone(false)
            .users(self.mentions.iter().map(|&u| SUserId::new(u)).collect::<Vec<_>>())
    }

    /// The attachment, if any.
    pub fn attachment(&self) -> Option<CreateAttachment> {
        self.file
            .as_ref()
            .map(|f| CreateAttachment::bytes(f.bytes.clone(), f.name.clone()).description(&f.alt))
    }

    /// As a poise reply.
    pub fn reply(&self) -> poise::CreateReply {
        build!(
            self,
            poise::CreateReply::default().ephemeral(self.ephemeral),
            attachment
        )
    }

    /// As a response to a component interaction.
    pub fn response(&self) -> serenity::CreateInteractionResponseMessage {
        build!(
            self,
            serenity::CreateInteractionResponseMessage::new().ephemeral(self.ephemeral),
            add_file
        )
    }

    /// As a followup to an interaction.
    pub fn followup(&self) -> serenity::CreateInteractionResponseFollowup {
        build!(
            self,
            serenity::CreateInteractionResponseFollowup::new().ephemeral(self.ephemeral),
            add_file
        )
    }

    /// As a plain channel message.
    pub fn message(&self) -> serenity::CreateMessage {
        build!(self, serenity::CreateMessage::new(), add_file)
    }
}

/// Longest record text shown inline; a longer one shows its end (the moves).
pub(super) const RECORD_INLINE: usize = 1800;

/// A game record as a code block that fits a message. Names in the tags are
/// player-chosen: none may close the block.
pub fn record_block(record: &str) -> String {
    let mut cut = record.len().saturating_sub(RECORD_INLINE);
    while !record.is_char_boundary(cut) {
        cut += 1;
    }
    let ellipsis = if cut > 0 { "..." } else { "" };
    let text = record[cut..].replace("```", "`\u{200b}`\u{200b}`");
    format!("```\n{ellipsis}{text}\n```")
}

/// Text that cannot format, disguise or ping (see [`crate::discord::markdown`]).
pub fn plain(s: &str) -> String {
    crate::discord::markdown::plain(s)
}

/// At most `max` characters (Discord's limits on labels and placeholders).
pub(super) fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => text[..cut].to_string(),
        None => text.to_string(),
    }
}

/// `text` cut to Discord's 2,000 characters, with an ellipsis when cut.
pub(super) fn fit_message(text: String) -> String {
    const MAX: usize = 2000;
    if text.chars().count() <= MAX {
        return text;
    }
    let mut cut: String = text.chars().take(MAX - 1).collect();
    cut.push('…');
    cut
}

/// The link that opens a game's channel (or private chat) in Discord.
pub fn jump_link(guild: u64, channel: u64) -> String {
    match guild {
        crate::table::PRIVATE_GUILD => format!("https://discord.com/channels/@me/{channel}"),
        g => format!("https://discord.com/channels/{g}/{channel}"),
    }
}

/// A board picture with its alt text.
pub(crate) fn picture(bv: &BoardView, name: String) -> Attachment {
    Attachment::new(render_png(bv), name, alt_text(bv))
}
