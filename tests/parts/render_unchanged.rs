//! The pictures stay what they were: every board PNG and every frame of every
//! sowing GIF of a fixed corpus (the gallery's pictures, finished games, and a
//! pseudo-random walk through both variants in all four styles) hashed pixel
//! by pixel and compared with `tests/data/render_digests.txt`.
//!
//! That file was written by the renderer before the layered one (commit
//! d7ab171, which drew every picture from scratch) with
//! `ISOLO_WRITE_RENDER_DIGESTS=1 cargo test --test render_unchanged`. A
//! picture that changes on purpose is rewritten the same way, and looked at.
//! The pictures of the third pair of names ("... indeed 🎲🎲", "北の人 Nyanda")
//! were rewritten when names in every script came to be drawn: their emoji
//! and Chinese, once left out, are drawn; every other pixel is the same.

use crate::walk;

use image::AnimationDecoder;
use isolo_bot::engine::{Game, GameResult, Move, Outcome, Rules, Side, Termination, Variant};
use isolo_bot::render::{render_gif, render_png, render_rgba, BoardView, Palette, Style};
use isolo_bot::words::Lang;

const DIGESTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/render_digests.txt");
const WRITE_ENV: &str = "ISOLO_WRITE_RENDER_DIGESTS";

/// FNV-1a over bytes: a change of any pixel changes the digest.
fn fnv(bytes: &[u8], mut hash: u64) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The GIF's frames composited to full pictures, with their delays.
fn gif_digest(gif: &[u8]) -> String {
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).expect("GIF header");
    let frames = decoder.into_frames().collect_frames().expect("frames decode");
    let mut hash = FNV_START;
    for f in &frames {
        let (n, d) = f.delay().numer_denom_ms();
        hash = fnv(&(n / d.max(1)).to_le_bytes(), hash);
        hash = fnv(f.buffer().as_raw(), hash);
    }
    format!("{} frames {hash:016x}", frames.len())
}

/// The PNG as decoded, and as `render_rgba` gives it (the two must agree).
fn png_digest(view: &BoardView) -> String {
    let png = render_png(view);
    let img = image::load_from_memory_with_format(&png, image::ImageFormat::Png).expect("decodes");
    let rgba = img.to_rgba8().into_raw();
    assert!(rgba == render_rgba(view), "render_rgba and the PNG differ");
    format!("{:016x}", fnv(&rgba, FNV_START))
}

fn styles() -> [Style; 4] {
    let mut all = [Style::default(); 4];
    for (i, (bottom, palette)) in [Side::South, Side::North]
        .into_iter()
        .flat_map(|b| [Palette::Standard, Palette::ColourBlindSafe].map(|p| (b, p)))
        .enumerate()
    {
        all[i] = Style { bottom, palette };
    }
    all
}

fn corpus() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let names: [[Option<&str>; 2]; 3] = [
        [None, None],
        [Some("alice"), Some("bob")],
        [
            Some("A very long display name indeed 🎲🎲"),
            Some("北の人 Nyanda"),
        ],
    ];
    // The gallery's games, every style, with their animations.
    for (variant, moves) in [
        (Variant::Women, ""),
        (Variant::Women, "b2"),
        (Variant::Women, "b2 h4 d2"),
        (Variant::Boys, ""),
        (Variant::Boys, "h1"),
        (Variant::Boys, "c1"),
    ] {
        let mut game = Game::new(Rules::new(variant));
        let (mut before, mut last) = (*game.position(), None);
        for m in moves.split_whitespace() {
            before = *game.position();
            last = Some(game.play(m.parse::<Move>().expect("move")).expect("legal"));
        }
        for (si, style) in styles().into_iter().enumerate() {
            for (ni, n) in names.iter().enumerate() {
                let view = BoardView::of_game(&game, &Lang::ENGLISH)
                    .last_move(last.as_ref())
                    .names(n[0], n[1])
                    .style(style);
                let tag = format!("{variant:?} [{moves}] style {si} names {ni}");
                out.push((format!("png {tag}"), png_digest(&view)));
                if let Some(r) = &last {
                    out.push((
                        format!("gif {tag}"),
                        gif_digest(&render_gif(&before, r, *n, style, &Lang::ENGLISH)),
                    ));
                }
            }
        }
    }
    // Finished games: the banner, the winner's pill, every way to end.
    let mut game = Game::new(Rules::new(Variant::Women));
    let mut last = None;
    for m in ["b2", "h4", "d2"] {
        last = Some(game.play(m.parse::<Move>().expect("move")).expect("legal"));
    }
    for (ti, termination) in Termination::ALL.into_iter().enumerate() {
        for (oi, outcome) in [
            Outcome::Win(Side::South),
            Outcome::Win(Side::North),
            Outcome::Draw,
        ]
        .into_iter()
        .enumerate()
        {
            let style = styles()[(ti + oi) % 4];
            let view = BoardView::new(game.position(), &Lang::ENGLISH)
                .last_move(last.as_ref())
                .names(Some("alice"), Some("bob"))
                .result(Some(GameResult { outcome, termination }))
                .style(style);
            out.push((format!("png over {ti} {oi}"), png_digest(&view)));
        }
    }
    // A pseudo-random walk: every position in some style, every third move animated.
    let mut next = walk::picker();
    for (ri, rules) in walk::rule_sets().into_iter().enumerate() {
        let mut game = Game::new(rules);
        for ply in 0..60 {
            let moves: Vec<Move> = game.legal_moves().iter().collect();
            if moves.is_empty() {
                break;
            }
            let before = *game.position();
            let report = game.play(moves[next(moves.len())]).expect("legal");
            let style = styles()[next(4)];
            let n = names[next(3)];
            let view = BoardView::of_game(&game, &Lang::ENGLISH)
                .last_move(Some(&report))
                .names(n[0], n[1])
                .style(style);
            out.push((format!("png walk {ri} {ply}"), png_digest(&view)));
            if ply % 3 == 0 {
                let gif = render_gif(&before, &report, n, style, &Lang::ENGLISH);
                out.push((format!("gif walk {ri} {ply}"), gif_digest(&gif)));
            }
        }
    }
    out
}

#[test]
fn every_picture_is_unchanged() {
    let got: Vec<String> = corpus().into_iter().map(|(k, v)| format!("{k}: {v}")).collect();
    if std::env::var_os(WRITE_ENV).is_some() {
        std::fs::write(DIGESTS, got.join("\n") + "\n").expect("write the digests");
        return;
    }
    let want = std::fs::read_to_string(DIGESTS).expect("tests/data/render_digests.txt");
    let want: Vec<&str> = want.lines().collect();
    assert_eq!(want.len(), got.len(), "the corpus changed: rewrite the digests");
    let differ: Vec<String> = want
        .iter()
        .zip(&got)
        .filter(|(w, g)| *w != g)
        .map(|(w, g)| format!("want {w}\n got {g}"))
        .collect();
    assert!(
        differ.is_empty(),
        "{} pictures changed:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
