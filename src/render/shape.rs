//! One line of text as positioned glyphs: the bidi algorithm orders it
//! (unicode-bidi), each run gets a font by coverage (`fonts.rs`), and
//! rustybuzz shapes it (joined scripts, marks, ligatures, emoji sequences).
//!
//! Text Inter draws alone, left to right and without marks (the board's
//! words and digits, most Latin, Cyrillic and Greek names) keeps the simple
//! kerned layout it always had, so those pictures stay the same pixel for
//! pixel; everything else is shaped. A character no installed font has is
//! a [`Ink::Missing`] box, drawn as a visible stand-in.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use ab_glyph::{Font as _, GlyphId, PxScale, ScaleFont as _};
use unicode_bidi::{bidi_class, BidiClass, ParagraphBidiInfo};

use super::fonts::{self, FaceId, INTER};

/// What a glyph draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ink {
    /// Glyph `id` of font `face`.
    Glyph { face: FaceId, id: u16 },
    /// A stand-in box for a character no installed font has.
    Missing,
}

/// A glyph on the line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Placed {
    pub ink: Ink,
    /// Pen position from the line's left end, in pixels.
    pub x: f32,
    /// Raise above the baseline, in pixels (marks, emoji offsets).
    pub rise: f32,
    /// How far the pen moves after it.
    pub advance: f32,
    /// Byte offset in the text of the (first) character it draws.
    pub cluster: usize,
}

/// A line laid out left to right, in visual order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Line {
    pub glyphs: Vec<Placed>,
    pub width: f32,
}

/// Laid-out lines by (text, size), per thread: a game's names are drawn
/// in every one of its pictures.
type LineCache = HashMap<(String, u32), Rc<Line>>;

/// Lines kept before the cache is emptied (names of many games pass by).
const CACHE_LINES: usize = 512;

/// `text` at ab_glyph size `px` (Inter's scale), laid out from x = 0.
pub(crate) fn line(text: &str, px: f32) -> Rc<Line> {
    if plain(text) {
        return Rc::new(simple(text, px));
    }
    thread_local! {
        static CACHE: RefCell<LineCache> = RefCell::new(HashMap::new());
    }
    let key = (text.to_string(), px.to_bits());
    if let Some(l) = CACHE.with(|c| c.borrow().get(&key).cloned()) {
        return l;
    }
    let l = Rc::new(shaped(text, px));
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_LINES {
            c.clear();
        }
        c.insert(key, l.clone());
    });
    l
}

/// `name` kept apart from the words around it, so that a right-to-left name
/// does not reorder the line it stands in (Unicode's first-strong isolate;
/// the isolates themselves are not drawn).
pub(crate) fn isolated(name: &str) -> String {
    format!("\u{2068}{name}\u{2069}")
}

/// An explicit bidi control: it orders the text and is not drawn.
pub(crate) fn is_bidi_control(c: char) -> bool {
    use BidiClass::*;
    matches!(bidi_class(c), LRE | RLE | LRO | RLO | PDF | LRI | RLI | FSI | PDI)
}

/// Whether Inter alone draws the text left to right glyph by glyph: no
/// right-to-left letters, no combining marks (bidi controls are skipped).
fn plain(text: &str) -> bool {
    text.chars().all(|c| {
        is_bidi_control(c)
            || !matches!(bidi_class(c), BidiClass::R | BidiClass::AL | BidiClass::NSM) && fonts::inter_has(c)
    })
}

/// Inter's glyphs one after the other with the font's kerning: the layout
/// the board has always had.
fn simple(text: &str, px: f32) -> Line {
    let f = fonts::inter().ab.as_scaled(PxScale::from(px));
    let mut glyphs = Vec::with_capacity(text.len());
    let mut caret = 0.0;
    let mut prev: Option<GlyphId> = None;
    for (cluster, ch) in text.char_indices().filter(|&(_, c)| !is_bidi_control(c)) {
        let id = f.glyph_id(ch);
        if let Some(p) = prev {
            caret += f.kern(p, id);
        }
        let advance = f.h_advance(id);
        glyphs.push(Placed {
            ink: Ink::Glyph {
                face: INTER,
                id: id.0,
            },
            x: caret,
            rise: 0.0,
            advance,
            cluster,
        });
        caret += advance;
        prev = Some(id);
    }
    Line { glyphs, width: caret }
}

/// Characters that belong with the one before: marks, joiners, variation
/// selectors, skin tones, tags and the keycap. They take its font when it has them.
fn clings(c: char) -> bool {
    matches!(c, '\u{200C}' | '\u{200D}' | '\u{20E3}' | '\u{FE00}'..='\u{FE0F}' | '\u{1F3FB}'..='\u{1F3FF}' | '\u{E0020}'..='\u{E007F}' | '\u{E0100}'..='\u{E01EF}')
        || bidi_class(c) == BidiClass::NSM
}

/// Joiners and selectors: never drawn alone, so never a stand-in.
fn invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0000}'..='\u{E0FFF}' | '\u{FEFF}')
}

/// Whether `c`, followed by `next`, asks for an emoji font: pictographs
/// beyond U+1F000 and anything followed by the emoji selector U+FE0F.
fn wants_emoji(c: char, next: Option<char>) -> bool {
    ('\u{1F000}'..='\u{1FAFF}').contains(&c) || next == Some('\u{FE0F}')
}

/// A stretch of one bidi run drawn with one font (or with stand-ins).
struct Segment {
    face: Option<FaceId>,
    text: String,
    /// Where each byte of `text` begins in the whole line's text.
    at: Vec<usize>,
}

/// Splits a run (logical order, starting at byte `start` of the line) into
/// segments of one font each.
fn segments(run: &str, start: usize) -> Vec<Segment> {
    let mut out: Vec<Segment> = Vec::new();
    let chars: Vec<(usize, char)> = run
        .char_indices()
        .filter(|&(_, c)| !is_bidi_control(c))
        .map(|(i, c)| (start + i, c))
        .collect();
    for (i, &(offset, c)) in chars.iter().enumerate() {
        let current = out.last().map(|s| s.face);
        let face = match current {
            Some(Some(f)) if clings(c) && (invisible(c) || fonts::covers(f, c)) => Some(f),
            Some(None) if clings(c) => None,
            _ => fonts::face_for(c, wants_emoji(c, chars.get(i + 1).map(|&(_, n)| n))),
        };
        if face.is_none() && invisible(c) {
            continue;
        }
        if out.last().is_none_or(|s| s.face != face) {
            out.push(Segment {
                face,
                text: String::new(),
                at: Vec::new(),
            });
        }
        if let Some(s) = out.last_mut() {
            s.text.push(c);
            s.at.extend((0..c.len_utf8()).map(|_| offset));
        }
    }
    out
}

/// The whole shaping path: bidi runs in visual order, fonts, rustybuzz.
fn shaped(text: &str, px: f32) -> Line {
    let em = fonts::em_px(px);
    let bidi = ParagraphBidiInfo::new(text, None);
    let (levels, runs) = bidi.visual_runs(0..text.len());
    let mut glyphs = Vec::new();
    let mut caret = 0.0;
    for run in runs {
        let rtl = levels[run.start].is_rtl();
        let start = run.start;
        let mut segs = segments(&text[run], start);
        if rtl {
            // Segments are in reading order; a right-to-left run shows them from its end.
            segs.reverse();
        }
        for seg in segs {
            caret = place(&seg, rtl, em, caret, &mut glyphs);
        }
    }
    Line { glyphs, width: caret }
}

/// Shapes one segment at the pen position `caret`; returns the pen after it.
fn place(seg: &Segment, rtl: bool, em: f32, mut caret: f32, out: &mut Vec<Placed>) -> f32 {
    let missing = |caret: &mut f32, out: &mut Vec<Placed>, cluster: usize| {
        let advance = stand_in_advance(em);
        out.push(Placed {
            ink: Ink::Missing,
            x: *caret,
            rise: 0.0,
            advance,
            cluster,
        });
        *caret += advance;
    };
    let Some(face) = seg.face.and_then(|id| fonts::face(id).map(|f| (id, f))) else {
        // One box per character that stands alone (marks belong to the box before).
        let alone = seg.text.char_indices().filter(|&(_, c)| !clings(c));
        let mut alone: Vec<usize> = alone.map(|(i, _)| seg.at[i]).collect();
        if rtl {
            alone.reverse();
        }
        for cluster in alone {
            missing(&mut caret, out, cluster);
        }
        return caret;
    };
    let (id, f) = face;
    let mut buf = rustybuzz::UnicodeBuffer::new();
    buf.push_str(&seg.text);
    buf.set_direction(if rtl {
        rustybuzz::Direction::RightToLeft
    } else {
        rustybuzz::Direction::LeftToRight
    });
    buf.guess_segment_properties();
    let shaped = rustybuzz::shape(&f.hb, &[], buf);
    let unit = f.unit(em);
    for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
        let advance = pos.x_advance as f32 * unit;
        let cluster = seg.at.get(info.cluster as usize).copied().unwrap_or(0);
        match u16::try_from(info.glyph_id) {
            Ok(0) | Err(_) => missing(&mut caret, out, cluster),
            Ok(glyph) => {
                out.push(Placed {
                    ink: Ink::Glyph { face: id, id: glyph },
                    x: caret + pos.x_offset as f32 * unit,
                    rise: pos.y_offset as f32 * unit,
                    advance,
                    cluster,
                });
                caret += advance;
            }
        }
    }
    caret
}

/// The width a stand-in box takes: a little over half an em.
pub(crate) fn stand_in_advance(em: f32) -> f32 {
    (em * 0.62).round()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_words_keep_the_simple_layout() {
        for t in [
            "alice",
            "TO MOVE",
            "played b2 → h4",
            "Жанна",
            "Αλέξης",
            "\u{2068}bob\u{2069} wins",
        ] {
            assert!(plain(t), "{t}");
        }
        // Isolates order the text and draw nothing.
        let (isolated, bare) = (line("\u{2068}bob\u{2069}", 28.0), line("bob", 28.0));
        assert_eq!(isolated.width, bare.width);
        for (a, b) in isolated.glyphs.iter().zip(&bare.glyphs) {
            assert_eq!((a.ink, a.x, a.cluster), (b.ink, b.x, b.cluster + 3));
        }
        for t in ["مريم", "רות", "李明", "e\u{301}", "😀"] {
            assert!(!plain(t), "{t}");
        }
    }

    #[test]
    fn a_character_no_font_has_is_a_stand_in() {
        let l = line("a\u{378}b", 28.0);
        let inks: Vec<Ink> = l.glyphs.iter().map(|g| g.ink).collect();
        assert_eq!(inks.len(), 3, "{inks:?}");
        assert!(matches!(inks[0], Ink::Glyph { face: INTER, .. }));
        assert_eq!(inks[1], Ink::Missing);
        assert!(matches!(inks[2], Ink::Glyph { face: INTER, .. }));
        let box_x = l.glyphs[1].x;
        assert!(l.glyphs[2].x >= box_x + stand_in_advance(fonts::em_px(28.0)));
    }
}
