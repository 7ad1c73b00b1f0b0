//! The page itself: plain ES modules and a stylesheet from `web/`, compiled
//! into the binary (no Node on the machine), an HTML shell per game with
//! its link preview (Open Graph: the board picture), and the offline page's
//! new games.

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::{Extension, Json};
use serde::Deserialize;

use super::guard;
use super::state::{ask, refused_change, GamePath, Web, GAME_PATH};
use crate::engine::Variant;
use crate::table::{ChallengeOutcome, ChallengeRequest, GameSettings, Opponent};

/// The shell every page starts from.
const SHELL: &str = include_str!("../../web/index.html");

/// The client's files, by name: (name, content type, text).
const ASSETS: [(&str, &str, &str); 12] = [
    ("app.js", "text/javascript", include_str!("../../web/app.js")),
    (
        "analysis.js",
        "text/javascript",
        include_str!("../../web/analysis.js"),
    ),
    ("board.js", "text/javascript", include_str!("../../web/board.js")),
    (
        "takeback.js",
        "text/javascript",
        include_str!("../../web/takeback.js"),
    ),
    (
        "activity.js",
        "text/javascript",
        include_str!("../../web/activity.js"),
    ),
    ("style.css", "text/css", include_str!("../../web/style.css")),
    (
        "player.js",
        "text/javascript",
        include_str!("../../web/player.js"),
    ),
    (
        "explorer.js",
        "text/javascript",
        include_str!("../../web/explorer.js"),
    ),
    ("player.css", "text/css", include_str!("../../web/player.css")),
    ("analysis.css", "text/css", include_str!("../../web/analysis.css")),
    ("icon.svg", "image/svg+xml", include_str!("../../web/icon.svg")),
    (
        "discord-sdk.js",
        "text/javascript",
        include_str!("../../web/vendor/discord-sdk.js"),
    ),
];

/// HTML-escapes text for an attribute or element.
pub(super) fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// The words of the offline page's form, by placeholder.
const FORM_WORDS: [&str; 7] = [
    "web-variant",
    "web-opponent",
    "web-level-easy",
    "web-level-medium",
    "web-level-hard",
    "web-friend",
    "web-start",
];

/// The page's own labels (its buttons, sign-in and sign-out, the answer to a
/// signed-out tap), sent with the shell: a page whose game never loads (a
/// refused one) is labelled too.
const PAGE_WORDS: [&str; 11] = [
    "web-first",
    "web-back",
    "web-forward",
    "web-last",
    "web-animate",
    "web-flip",
    "web-copy",
    "web-speed",
    "web-sign-in",
    "web-sign-out",
    "web-sign-in-to-play",
];

/// [`PAGE_WORDS`] in `lang`, as JSON that cannot end the `<script>` it sits in.
fn page_words(lang: crate::words::Lang) -> String {
    let words: std::collections::BTreeMap<&str, String> =
        PAGE_WORDS.iter().map(|&k| (k, crate::tr!(lang, k))).collect();
    serde_json::to_string(&words)
        .expect("words serialize")
        .replace('<', "\\u003c")
}

/// The shell, with its language, title, words and link preview. Inside an
/// Activity every address goes through the URL mapping's `/.proxy`.
fn shell(web: &Web, lang: crate::words::Lang, title: &str, preview: &str, mode: &str) -> Html<String> {
    let base = if mode == "activity" { "/.proxy" } else { "" };
    let client_id = web.config.client_id.map(|c| c.to_string()).unwrap_or_default();
    let mut page = SHELL.to_owned();
    for key in FORM_WORDS {
        page = page.replace(&format!("{{{{{key}}}}}"), &escape(&crate::tr!(lang, key)));
    }
    for (key, variant) in [("women", Variant::Women), ("boys", Variant::Boys)] {
        let name = crate::words::narrate::variant_short(lang, variant);
        page = page.replace(&format!("{{{{{key}}}}}"), &escape(&name));
    }
    Html(
        page.replace("{{lang}}", &escape(lang.tag()))
            .replace("{{title}}", &escape(title))
            .replace("{{preview}}", preview)
            .replace("{{words}}", &page_words(lang))
            .replace("{{mode}}", mode)
            .replace("{{base}}", base)
            .replace("{{client_id}}", &client_id),
    )
}

/// `GET /client/<file>`.
pub(crate) async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _, _)| *name == file) {
        Some((_, kind, text)) => (
            [
                (header::CONTENT_TYPE, format!("{kind}; charset=utf-8")),
                (header::CACHE_CONTROL, "no-cache".to_owned()),
            ],
            *text,
        )
            .into_response(),
        None => guard::error(StatusCode::NOT_FOUND, "no such file"),
    }
}

/// The query Discord opens an Activity with (the SDK reads the rest).
#[derive(Debug, Deserialize)]
pub(crate) struct Launch {
    frame_id: Option<String>,
}

/// `GET /`: the Activity when Discord opens it (with its `frame_id`), the
/// offline page's game, or a word on what this server is.
pub(crate) async fn home(State(web): State<Web>, headers: HeaderMap, Query(q): Query<Launch>) -> Response {
    let lang = guard::language(&headers);
    let mode = if q.frame_id.is_some() {
        "activity"
    } else if web.local_player.is_some() {
        "local"
    } else {
        "home"
    };
    shell(&web, lang, &crate::tr!(lang, "web-title"), "", mode).into_response()
}

/// `GET /activity`: the page as the Activity opens it.
pub(crate) async fn activity_page(State(web): State<Web>, headers: HeaderMap) -> Response {
    let lang = guard::language(&headers);
    shell(&web, lang, &crate::tr!(lang, "web-title"), "", "activity").into_response()
}

/// `GET /g/<channel>/<game>-<key>`: a game's page. The preview of a game
/// anyone may watch shows its board; any other's reveals nothing.
pub(crate) async fn game_page(
    State(web): State<Web>,
    Path(path): Path<GamePath>,
    Extension(client): Extension<guard::Client>,
    headers: HeaderMap,
) -> Response {
    let lang = guard::language(&headers);
    let Ok((channel, id, key)) = path.ids() else {
        return guard::Refused::Bad(GAME_PATH).answer(lang);
    };
    let title = crate::tr!(lang, "web-title");
    let public = match (&web.config.public_url, web.limits.work().await) {
        (Some(_), Ok(_work)) => {
            let link = key.clone();
            match ask(&web.table, move |t| t.watch(channel, id, &link)).await {
                Ok(sealed) => {
                    let sight = web.sight_of(&sealed, client.0, None).await;
                    sealed.open(None, sight).ok()
                }
                Err(_) => None,
            }
        }
        _ => None,
    };
    let preview = match (&public, &web.config.public_url) {
        (Some(w), Some(base)) => {
            let state = super::game::state(w, lang, web.table.now_ms());
            let names = format!("{} – {}", state.players[0].name, state.players[1].name);
            let url = super::state::game_url(base, channel, id, &key);
            format!(
                "<meta property=\"og:title\" content=\"{}\">\n<meta property=\"og:description\" content=\"{}\">\n\
                 <meta property=\"og:image\" content=\"{}\">\n<meta property=\"og:url\" content=\"{}\">\n\
                 <meta name=\"twitter:card\" content=\"summary_large_image\">",
                escape(&format!("{title}: {names}")),
                escape(&state.alt.chars().take(300).collect::<String>()),
                escape(&format!("{url}/board.png")),
                escape(&url),
            )
        }
        _ => String::new(),
    };
    shell(&web, lang, &title, &preview, "game").into_response()
}

/// A new offline game: against the computer at a level, or two people at
/// one screen.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LocalGame {
    /// `women` or `boys`.
    variant: String,
    /// A level (`easy`, `medium`, `hard`...), or `friend`.
    opponent: String,
}

/// The offline page's channel: one game at a time.
pub const LOCAL_CHANNEL: u64 = 1;
/// The friend at the same screen: the offline page moves for them on their turn.
pub const LOCAL_FRIEND: u64 = 2;

/// `POST /api/local/new`: starts the offline page's game (only there).
pub(crate) async fn local_new(
    State(web): State<Web>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let Some((user, name)) = web.local_player.clone() else {
        return guard::error(StatusCode::NOT_FOUND, "only the offline page starts games here");
    };
    if let Some(r) = refused_change(&web, &headers) {
        return r;
    }
    let csrf_ok = match web.viewer(&headers).await {
        Some(who) => web.sessions.csrf_ok(&who, &headers),
        None => false,
    };
    if !csrf_ok {
        return guard::error(
            StatusCode::FORBIDDEN,
            "a new game needs the page's own token (X-Isolo-Csrf)",
        );
    }
    let Ok(q) = serde_json::from_slice::<LocalGame>(&body) else {
        return guard::error(
            StatusCode::BAD_REQUEST,
            "expected {\"variant\": \"women\", \"opponent\": \"medium\"}",
        );
    };
    let Ok(variant) = q.variant.parse::<crate::engine::Variant>() else {
        return guard::error(StatusCode::BAD_REQUEST, "variant: women or boys");
    };
    let opponent = if q.opponent == "friend" {
        None
    } else {
        match q.opponent.parse::<crate::ai::Level>() {
            Ok(level) => Some(level),
            Err(_) => {
                return guard::error(
                    StatusCode::BAD_REQUEST,
                    "opponent: friend or a level (easy, medium, hard)",
                )
            }
        }
    };
    let name = name.to_string();
    let friend = crate::tr!(crate::words::Lang::ENGLISH, "terminal-friend");
    let started = ask(&web.table, move |t| {
        // One game at a time: a new one ends the last (aborted, unrated).
        if t.game(LOCAL_CHANNEL)?.is_some() {
            t.abort(LOCAL_CHANNEL, true)?;
        }
        let req = ChallengeRequest {
            guild: crate::table::PRIVATE_GUILD,
            channel: LOCAL_CHANNEL,
            challenger: user,
            challenger_name: name,
            opponent: match opponent {
                Some(level) => Opponent::Bot(level),
                None => Opponent::User {
                    id: LOCAL_FRIEND,
                    name: friend,
                },
            },
            settings: GameSettings {
                variant,
                move_secs: None,
                rated: false,
                ..GameSettings::default()
            },
        };
        let view = match t.challenge(req)? {
            ChallengeOutcome::Started(v) => v,
            ChallengeOutcome::Pending(_) => t.accept(LOCAL_CHANNEL, LOCAL_FRIEND, None)?,
        };
        Ok((view.live.id, t.link_key(LOCAL_CHANNEL, view.live.id)?))
    })
    .await;
    match started {
        Ok((id, key)) => {
            if web.plays_bot {
                let table = web.table.clone();
                tokio::task::spawn_blocking(move || table.bot_move(LOCAL_CHANNEL));
            }
            Json(serde_json::json!({ "channel": LOCAL_CHANNEL.to_string(), "game": format!("{id}-{key}") }))
                .into_response()
        }
        Err(e) => super::state::refusal(crate::words::Lang::ENGLISH, &e),
    }
}
