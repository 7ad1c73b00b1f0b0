//! The fonts pictures draw with: the bundled Inter Bold (Latin, Cyrillic,
//! Greek, the board's digits and signs) first, then the system's fonts for
//! every other script and for emoji (Debian's `fonts-noto-core`,
//! `fonts-noto-cjk`, `fonts-noto-color-emoji`).
//!
//! The system's fonts are listed once, on the first character Inter lacks
//! (a scan of the font folders' names and styles, about 0.1 s); a font's file
//! is read only when a character first needs it, and kept for the life of
//! the process. Which font draws a character is remembered per character.

use std::collections::HashMap;
use std::sync::{OnceLock, RwLock};

use ab_glyph::{Font as _, FontRef, GlyphId};

/// Inter Bold (SIL Open Font License 1.1, see `assets/fonts/Inter-LICENSE.txt`).
static INTER_BYTES: &[u8] = include_bytes!("../../assets/fonts/Inter-Bold.otf");

/// Which font: 0 is Inter, `n + 1` the `n`th system font in preference order.
pub(crate) type FaceId = u16;

/// The bundled font's id.
pub(crate) const INTER: FaceId = 0;

/// A font ready to shape with and draw from.
pub(crate) struct Face {
    /// For outlines and coverage (ab_glyph).
    pub ab: FontRef<'static>,
    /// For shaping (rustybuzz, over the same bytes).
    pub hb: rustybuzz::Face<'static>,
    /// ab_glyph's scale for one pixel of em: ab_glyph scales by the font's
    /// ascent - descent, so fonts of different proportions get the same em.
    pub scale_per_em: f32,
    /// Font units per em.
    pub upem: f32,
    /// The glyphs are colour bitmaps (CBDT or sbix), not outlines.
    pub bitmap: bool,
}

impl Face {
    fn parse(data: &'static [u8], index: u32) -> Option<Face> {
        let ab = FontRef::try_from_slice_and_index(data, index).ok()?;
        let hb = rustybuzz::Face::from_slice(data, index)?;
        let upem = f32::from(hb.units_per_em() as u16).max(1.0);
        let tables = hb.tables();
        let bitmap = tables.cbdt.is_some() || tables.sbix.is_some();
        Some(Face {
            scale_per_em: ab.height_unscaled() / upem,
            upem,
            bitmap,
            ab,
            hb,
        })
    }

    /// ab_glyph's scale that gives this font an em of `em_px` pixels.
    pub(crate) fn ab_scale(&self, em_px: f32) -> f32 {
        self.scale_per_em * em_px
    }

    /// Pixels per font unit at an em of `em_px`.
    pub(crate) fn unit(&self, em_px: f32) -> f32 {
        em_px / self.upem
    }
}

/// The bundled font.
pub(crate) fn inter() -> &'static Face {
    static FACE: OnceLock<Face> = OnceLock::new();
    // Compiled in and checked by a test: parsing cannot fail at run time.
    FACE.get_or_init(|| Face::parse(INTER_BYTES, 0).expect("the embedded font parses"))
}

/// Inter's em in pixels at ab_glyph size `px` (the size the board's text is given in).
pub(crate) fn em_px(px: f32) -> f32 {
    px / inter().scale_per_em
}

/// Whether Inter can draw `c`.
pub(crate) fn inter_has(c: char) -> bool {
    inter().ab.glyph_id(c) != GlyphId(0)
}

/// The font of id `id`, if it exists and its file reads and parses.
pub(crate) fn face(id: FaceId) -> Option<&'static Face> {
    match id {
        INTER => Some(inter()),
        n => system().face(usize::from(n) - 1),
    }
}

/// The font that draws `c`: Inter when it can (unless `emoji` asks for an
/// emoji font first), else the first system font that has it; `None` when
/// no installed font has it.
pub(crate) fn face_for(c: char, emoji: bool) -> Option<FaceId> {
    if !emoji && inter_has(c) {
        return Some(INTER);
    }
    system()
        .face_for(c, emoji)
        .or_else(|| inter_has(c).then_some(INTER))
}

/// Whether font `id` has a glyph for `c`.
pub(crate) fn covers(id: FaceId, c: char) -> bool {
    face(id).is_some_and(|f| f.ab.glyph_id(c) != GlyphId(0))
}

/// The system's fonts, found once.
struct System {
    db: fontdb::Database,
    /// Faces in preference order.
    order: Vec<fontdb::ID>,
    /// Whether each face (same order) is an emoji font.
    emoji: Vec<bool>,
    /// Each face, parsed on first use (`None`: its file failed).
    loaded: Vec<OnceLock<Option<Face>>>,
    /// The chosen face per (character, emoji first), as an index of `order`.
    chosen: RwLock<HashMap<(char, bool), Option<usize>>>,
}

fn system() -> &'static System {
    static SYSTEM: OnceLock<System> = OnceLock::new();
    SYSTEM.get_or_init(System::scan)
}

/// How much a face is preferred (lower first): upright before italic, the
/// Noto sans families (made to match each other) before other sans fonts,
/// serif and monospace last, and the weight nearest Inter Bold's 700.
fn preference(f: &fontdb::FaceInfo) -> (bool, u8, u16, bool, String) {
    let family = f.families.first().map_or("", |(n, _)| n.as_str());
    let lower = family.to_ascii_lowercase();
    let class = if lower.contains("emoji") || lower.starts_with("noto sans") && !lower.contains("mono") {
        0
    } else if lower.contains("sans") && !lower.contains("mono") {
        1
    } else if lower.contains("serif") || lower.contains("mono") || f.monospaced {
        3
    } else {
        2
    };
    (
        f.style != fontdb::Style::Normal,
        class,
        f.weight.0.abs_diff(700),
        f.stretch != fontdb::Stretch::Normal,
        format!("{family}\u{0}{}", f.post_script_name),
    )
}

impl System {
    fn scan() -> System {
        let mut db = fontdb::Database::new();
        db.load_system_fonts();
        let mut faces: Vec<&fontdb::FaceInfo> = db.faces().collect();
        faces.sort_by_cached_key(|f| preference(f));
        let order: Vec<fontdb::ID> = faces.iter().map(|f| f.id).collect();
        let emoji = faces
            .iter()
            .map(|f| {
                f.families
                    .iter()
                    .any(|(n, _)| n.to_ascii_lowercase().contains("emoji"))
            })
            .collect();
        let loaded = order.iter().map(|_| OnceLock::new()).collect();
        tracing::debug!(faces = order.len(), "system fonts listed");
        System {
            db,
            order,
            emoji,
            loaded,
            chosen: RwLock::new(HashMap::new()),
        }
    }

    fn face(&self, i: usize) -> Option<&Face> {
        let id = *self.order.get(i)?;
        self.loaded[i]
            .get_or_init(|| {
                let (source, index) = self.db.face_source(id)?;
                let data: &'static [u8] = match source {
                    fontdb::Source::File(path) => match std::fs::read(&path) {
                        // Kept for the life of the process: faces borrow it.
                        Ok(bytes) => Box::leak(bytes.into_boxed_slice()),
                        Err(e) => {
                            tracing::warn!(path = %path.display(), error = %e, "font file unreadable");
                            return None;
                        }
                    },
                    _ => return None,
                };
                Face::parse(data, index)
            })
            .as_ref()
    }

    /// Whether face `i` has `c`, read from the font's character map without
    /// loading the whole file.
    fn has(&self, i: usize, c: char) -> bool {
        if let Some(Some(f)) = self.loaded[i].get() {
            return f.ab.glyph_id(c) != GlyphId(0);
        }
        self.db
            .with_face_data(self.order[i], |data, index| {
                rustybuzz::ttf_parser::Face::parse(data, index)
                    .ok()?
                    .glyph_index(c)
            })
            .flatten()
            .is_some()
    }

    fn face_for(&self, c: char, emoji: bool) -> Option<FaceId> {
        let key = (c, emoji);
        let known = self.chosen.read().ok().and_then(|m| m.get(&key).copied());
        let i = match known {
            Some(i) => i,
            None => {
                let pick = |want_emoji: bool| {
                    (0..self.order.len()).find(|&i| self.emoji[i] == want_emoji && self.has(i, c))
                };
                let i = if emoji {
                    pick(true).or_else(|| pick(false))
                } else {
                    pick(false).or_else(|| pick(true))
                }
                .filter(|&i| self.face(i).is_some());
                if let Ok(mut m) = self.chosen.write() {
                    m.insert(key, i);
                }
                i
            }
        };
        i.and_then(|i| FaceId::try_from(i + 1).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inter_parses_and_covers_latin_cyrillic_greek() {
        for c in "0123456789abcdefgh?AzЖжЯΩωλ−→…½·".chars() {
            assert!(inter_has(c), "{c}");
            assert_eq!(face_for(c, false), Some(INTER), "{c}");
        }
        assert!(em_px(28.0) > 20.0 && em_px(28.0) < 28.0);
    }

    #[test]
    fn a_character_no_font_has_has_no_face() {
        // U+0378 is unassigned: no font may map it.
        assert_eq!(face_for('\u{378}', false), None);
        assert_eq!(face_for('\u{378}', true), None);
    }
}
