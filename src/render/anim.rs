//! The sowing animation: a GIF that plays a move lap by lap (seeds dropping,
//! captures flying across, relays lifting) and holds on the position after it.
//!
//! Discord animates GIF but not APNG. To stay fast and small, every frame uses
//! the one global palette, is made of the layers of `compose.rs` (only the
//! cells that changed are drawn again), and stores just the rectangle that
//! changed, with unchanged pixels transparent (long transparent runs
//! compress to almost nothing).

use std::borrow::Cow;

use crate::engine::{CaptureFrom, LapEnd, LapSource, MoveReport, Pit, Position, Side};

use std::sync::Arc;

use super::board::{Active, LastMove, PitLook, Scene, HEIGHT, WIDTH};
use super::canvas::Canvas;
use super::compose::{self, Rect, StaticLayer};
use super::theme::{palette_bytes, Quantizer, TRANSPARENT};
use super::words::BoardWords;
use super::Style;

/// More steps than this are merged into fewer frames (a move may have thousands of laps).
const MAX_FRAMES: usize = 90;
/// About the longest a move plays before the hold, in hundredths of a second.
const MAX_PLAY: u16 = 900;
/// How long the final position is held, in hundredths of a second.
const HOLD: u16 = 400;

/// Renders the move `report`, played from `before`, as an animated GIF of
/// [`WIDTH`] x [`HEIGHT`] that loops and ends on the position after the move,
/// drawn exactly like [`super::render_png`] would with the move marked, the
/// same `names` (South, North), the same `style` (side at the bottom, colours)
/// and the caller's `words`.
///
/// A report that does not belong to `before` does not panic; the animation
/// then shows what the report says.
pub fn render_gif(
    before: &Position,
    report: &MoveReport,
    names: [Option<&str>; 2],
    style: Style,
    words: &dyn BoardWords,
) -> Vec<u8> {
    let (steps, total) = count_steps(before, report);
    let frames = steps.clamp(1, MAX_FRAMES);
    // Long moves play faster, so that no move takes much more than MAX_PLAY to watch.
    let speed = (f32::from(MAX_PLAY) / total.max(1) as f32).min(1.0);
    let mut anim = Animator::new(before, report, names, style, words);
    let mut i = 0usize;
    simulate(before, report, |step| {
        // Keep the step if it is the last of its share of the frames: an even sampling.
        let keep = steps <= frames || (i + 1) * frames / steps != i * frames / steps;
        anim.counts = *step.counts;
        let delay = (f32::from(step.delay) * speed).round() as u16;
        if keep && anim.frame(step) {
            anim.pending_delay = delay;
        } else {
            // A skipped or invisible step prolongs the frame on screen.
            anim.pending_delay = anim.pending_delay.saturating_add(delay);
        }
        i += 1;
    });
    anim.finish()
}

/// What the animation shows after one event of the move.
struct Step<'a> {
    counts: &'a [u8; 32],
    taken: &'a [u8; 32],
    marks: &'a [(Pit, Active)],
    hand: Option<(Pit, u8)>,
    /// Captured seeds in flight: from these pits toward `to`, `t` of the way.
    flight: Option<Flight>,
    delay: u16,
}

#[derive(Clone, Copy)]
struct Flight {
    from: [Option<(Pit, u8)>; 2],
    to: Pit,
    t: f32,
}

/// The number of steps of the move and their total delay.
fn count_steps(before: &Position, report: &MoveReport) -> (usize, u64) {
    let (mut n, mut total) = (0, 0u64);
    simulate(before, report, |s| {
        n += 1;
        total += u64::from(s.delay);
    });
    (n, total)
}

/// Replays the report on the counts of `before`, calling `visit` after each event.
fn simulate(before: &Position, report: &MoveReport, mut visit: impl FnMut(&Step)) {
    let mut counts = [0u8; 32];
    for p in Pit::all() {
        counts[p.index()] = before.seeds(p);
    }
    let mut taken = [0u8; 32];
    let mut hand: u8 = 0;
    let laps = &report.laps;
    for (li, lap) in laps.iter().enumerate() {
        if let LapSource::Move { pit } = lap.source {
            hand = std::mem::take(&mut counts[pit.index()]);
            visit(&Step {
                counts: &counts,
                taken: &taken,
                marks: &[(pit, Active::Lift)],
                hand: Some((pit, hand)),
                flight: None,
                delay: 60,
            });
        }
        for (si, &p) in lap.sown.iter().enumerate() {
            let c = &mut counts[p.index()];
            *c = c.saturating_add(1);
            hand = hand.saturating_sub(1);
            // The first seeds of a move go slower, so the eye can follow the direction.
            let delay = if li == 0 && si < 3 { 15 } else { 8 };
            visit(&Step {
                counts: &counts,
                taken: &taken,
                marks: &[(p, Active::Sown)],
                hand: Some((p, hand)),
                flight: None,
                delay,
            });
        }
        match &lap.end {
            LapEnd::Empty { pit } | LapEnd::WipeOut { pit } | LapEnd::Sown { pit } => {
                visit(&Step {
                    counts: &counts,
                    taken: &taken,
                    marks: &[(*pit, Active::Capture)],
                    hand: None,
                    flight: None,
                    delay: 50,
                });
            }
            LapEnd::Relay { pit, .. } => {
                hand = std::mem::take(&mut counts[pit.index()]);
                visit(&Step {
                    counts: &counts,
                    taken: &taken,
                    marks: &[(*pit, Active::Lift)],
                    hand: Some((*pit, hand)),
                    flight: None,
                    delay: 30,
                });
            }
            LapEnd::Capture { pit, taken: from } => {
                let mut marks = vec![(*pit, Active::Capture)];
                let mut pits = [None, None];
                for (slot, t) in pits.iter_mut().zip(from.iter()) {
                    if t.seeds > 0 {
                        marks.push((t.pit, Active::Taken));
                        *slot = Some((t.pit, t.seeds));
                    }
                }
                visit(&Step {
                    counts: &counts,
                    taken: &taken,
                    marks: &marks,
                    hand: None,
                    flight: None,
                    delay: 40,
                });
                hand = 0;
                for t in from {
                    hand = hand.saturating_add(counts[t.pit.index()]);
                    counts[t.pit.index()] = 0;
                    let tk = &mut taken[t.pit.index()];
                    *tk = tk.saturating_add(t.seeds);
                }
                // Captured seeds are sown from the lap origin (or, by house rule, the capturing pit).
                let to = match (before.capture_from(), laps.get(li + 1)) {
                    (CaptureFrom::Origin, Some(next)) => next.origin,
                    _ => *pit,
                };
                for t in [0.35, 0.7] {
                    visit(&Step {
                        counts: &counts,
                        taken: &taken,
                        marks: &marks,
                        hand: None,
                        flight: Some(Flight { from: pits, to, t }),
                        delay: 8,
                    });
                }
                visit(&Step {
                    counts: &counts,
                    taken: &taken,
                    marks: &[(to, Active::Lift)],
                    hand: Some((to, hand)),
                    flight: None,
                    delay: 25,
                });
            }
        }
    }
}

/// A frame waiting for its delay to be known (merged frames add their delays).
struct Pending {
    rect: (usize, usize, usize, usize),
    pixels: Vec<u8>,
    transparent: bool,
}

struct Animator<'a> {
    scene: Scene<'a>,
    mover: Side,
    move_pit: Pit,
    /// The static board under the pits.
    layer: Arc<StaticLayer>,
    /// Palette indices of the board for the current counts and marks, without overlays.
    clean: Vec<u8>,
    looks: [PitLook; 32],
    /// Palette indices of the last frame written.
    shown: Vec<u8>,
    /// The frame being made (equal to `shown` outside dirty rectangles).
    next: Vec<u8>,
    overlay: Option<Rect>,
    quant: Quantizer,
    out: gif::Encoder<Vec<u8>>,
    pending: Option<Pending>,
    pending_delay: u16,
    report_last: LastMove,
    /// Seeds per pit after the last step simulated.
    counts: [u8; 32],
    after_overture: [bool; 2],
    result: Option<crate::engine::GameResult>,
}

impl<'a> Animator<'a> {
    fn new(
        before: &Position,
        report: &MoveReport,
        names: [Option<&str>; 2],
        style: Style,
        words: &'a dyn BoardWords,
    ) -> Animator<'a> {
        let mut scene = Scene::new(before, None, names, None, style, words);
        // Playing the ng'hana ends the overture before the first seed is sown.
        if report.ended_overture {
            scene.overture[report.side.index()] = false;
        }
        let after_overture = scene.overture;
        let counts = scene.counts;
        scene.to_move = Some(report.side);
        scene.sowing = Some(report.mv);
        let layer = compose::static_layer(style, scene.to_move);
        let clean = compose::board(&scene);
        let mut looks = [PitLook::default(); 32];
        for p in Pit::all() {
            looks[p.index()] = scene.look(p);
        }
        let (w, h) = (WIDTH as usize, HEIGHT as usize);
        // The size fits u16 and the palette has 256 entries: the encoder cannot refuse them.
        let mut out = gif::Encoder::new(
            Vec::with_capacity(256 * 1024),
            WIDTH as u16,
            HEIGHT as u16,
            &palette_bytes(style.palette),
        )
        .expect("GIF header into memory");
        let _ = out.set_repeat(gif::Repeat::Infinite);
        Animator {
            scene,
            mover: report.side,
            move_pit: report.mv.pit(),
            layer,
            looks,
            pending: Some(Pending {
                rect: (0, 0, w, h),
                pixels: clean.clone(),
                transparent: false,
            }),
            next: clean.clone(),
            shown: clean.clone(),
            clean,
            overlay: None,
            quant: Quantizer::new(style.palette),
            out,
            // The position before the move is shown a moment before seeds move.
            pending_delay: 50,
            counts,
            report_last: LastMove::from_report(report),
            after_overture,
            result: report.result,
        }
    }

    /// Draws the state of `step` and queues the rectangle that changed; false
    /// when nothing visible changed.
    fn frame(&mut self, step: &Step) -> bool {
        let mut dirty: Vec<Rect> = Vec::new();
        let style = self.scene.style;
        for p in Pit::all() {
            let i = p.index();
            let mut look = PitLook {
                count: step.counts[i],
                from: p == self.move_pit,
                taken: step.taken[i],
                protected: self.scene.protected(p),
                ..PitLook::default()
            };
            if let Some(&(_, a)) = step.marks.iter().rev().find(|(q, _)| *q == p) {
                look.active = Some(a);
            }
            if let Some((q, n)) = step.hand {
                if q == p {
                    look.hand = Some(n);
                }
            }
            if look != self.looks[i] {
                let r = style.cell_rect(p);
                let cell = compose::cell(&self.layer, &mut self.quant, p, &look, Some(self.mover));
                compose::blit(&mut self.clean, r, &cell);
                self.looks[i] = look;
                dirty.push(r);
            }
        }
        if let Some(r) = self.overlay.take() {
            dirty.push(r);
        }
        let (w, h) = (WIDTH as usize, HEIGHT as usize);
        for &r in &dirty {
            let (x, y, rw, rh) = clamp(r, w, h);
            for row in y..y + rh {
                let a = row * w + x;
                self.next[a..a + rw].copy_from_slice(&self.clean[a..a + rw]);
            }
        }
        if let Some(f) = step.flight {
            let r = clamp(flight_rect(style, &f), w, h);
            if r.2 > 0 && r.3 > 0 {
                let (mut cv, r) = compose::window_under(&self.layer, r, &self.looks, Some(self.mover));
                draw_flight(&mut cv, style, &f);
                compose::put_rect(&mut self.next, &mut self.quant, &cv, r);
                self.overlay = Some(r);
                dirty.push(r);
            }
        }
        self.emit(dirty)
    }

    /// Finds what really changed in the dirty rectangles of `next` and
    /// queues it; false when nothing changed.
    fn emit(&mut self, dirty: Vec<Rect>) -> bool {
        let (w, h) = (WIDTH as usize, HEIGHT as usize);
        let dirty: Vec<_> = dirty.into_iter().map(|r| clamp(r, w, h)).collect();
        let mut changed: Option<Rect> = None; // x0, y0, x1, y1
                                              // `next` equals `shown` outside the dirty rectangles, so only those are compared.
        for &(x, y, rw, rh) in &dirty {
            for row in y..y + rh {
                let a = row * w + x;
                let (new, old) = (&self.next[a..a + rw], &self.shown[a..a + rw]);
                let Some(first) = new.iter().zip(old).position(|(p, q)| p != q) else {
                    continue;
                };
                let last = new.iter().zip(old).rposition(|(p, q)| p != q).unwrap_or(first);
                let (c0, c1) = (x + first, x + last + 1);
                changed = Some(match changed {
                    None => (c0, row, c1, row + 1),
                    Some((a, b, c, d)) => (a.min(c0), b.min(row), c.max(c1), d.max(row + 1)),
                });
            }
        }
        let Some((x0, y0, x1, y1)) = changed else {
            return false;
        };
        let mut pixels = Vec::with_capacity((x1 - x0) * (y1 - y0));
        for row in y0..y1 {
            let a = row * w;
            let (new, old) = (&self.next[a + x0..a + x1], &self.shown[a + x0..a + x1]);
            pixels.extend(
                new.iter()
                    .zip(old)
                    .map(|(&p, &q)| if p == q { TRANSPARENT } else { p }),
            );
        }
        for &(x, y, rw, rh) in &dirty {
            for row in y..y + rh {
                let a = row * w + x;
                self.shown[a..a + rw].copy_from_slice(&self.next[a..a + rw]);
            }
        }
        self.flush();
        self.pending = Some(Pending {
            rect: (x0, y0, x1 - x0, y1 - y0),
            pixels,
            transparent: true,
        });
        true
    }

    /// Writes the pending frame with the delay gathered since it was queued.
    fn flush(&mut self) {
        let Some(p) = self.pending.take() else { return };
        // Browsers treat delays under 2/100 s as 1/10 s; never write one.
        let delay = self.pending_delay.max(2);
        self.pending_delay = 0;
        let frame = gif::Frame {
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent: p.transparent.then_some(TRANSPARENT),
            left: p.rect.0 as u16,
            top: p.rect.1 as u16,
            width: p.rect.2 as u16,
            height: p.rect.3 as u16,
            buffer: Cow::Owned(super::lzw::encode(&p.pixels)),
            ..gif::Frame::default()
        };
        // Frames lie inside the canvas and use palette indices: writing to memory cannot fail.
        let _ = self.out.write_lzw_pre_encoded_frame(&frame);
    }

    /// Adds the final position, drawn as the PNG draws it, holds it, and closes the GIF.
    fn finish(mut self) -> Vec<u8> {
        let mut scene = self.scene.clone();
        scene.overture = self.after_overture;
        scene.counts = self.counts;
        scene.to_move = self.result.is_none().then(|| self.mover.opponent());
        scene.result = self.result;
        scene.last = Some(self.report_last.clone());
        scene.sowing = None;
        self.next = compose::board(&scene);
        if self.emit(vec![(0, 0, WIDTH as usize, HEIGHT as usize)]) {
            self.pending_delay = HOLD;
        } else {
            self.pending_delay = self.pending_delay.saturating_add(HOLD);
        }
        self.flush();
        self.out.into_inner().unwrap_or_default()
    }
}

fn clamp(r: (usize, usize, usize, usize), w: usize, h: usize) -> (usize, usize, usize, usize) {
    let (x, y, rw, rh) = r;
    let x = x.min(w);
    let y = y.min(h);
    (x, y, rw.min(w - x), rh.min(h - y))
}

/// Where the captured seeds are on their way: one cluster per pit they come from.
fn flight_spots(style: Style, f: &Flight) -> impl Iterator<Item = (f32, f32, u8)> + '_ {
    let (tx, ty) = style.pit_center(f.to);
    f.from.iter().flatten().map(move |(pit, n)| {
        let (sx, sy) = style.pit_center(*pit);
        (sx + (tx - sx) * f.t, sy + (ty - sy) * f.t, *n)
    })
}

/// The rectangle the captured seeds on their way are drawn in.
fn flight_rect(style: Style, f: &Flight) -> Rect {
    let mut bounds = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for (x, y, _) in flight_spots(style, f) {
        bounds = (
            bounds.0.min(x - 22.0),
            bounds.1.min(y - 22.0),
            bounds.2.max(x + 22.0),
            bounds.3.max(y + 22.0),
        );
    }
    if bounds.0 > bounds.2 {
        return (0, 0, 0, 0);
    }
    let x0 = bounds.0.max(0.0) as usize;
    let y0 = bounds.1.max(0.0) as usize;
    (
        x0,
        y0,
        (bounds.2 as usize).saturating_sub(x0) + 1,
        (bounds.3 as usize).saturating_sub(y0) + 1,
    )
}

/// Draws captured seeds on their way (inside [`flight_rect`]).
fn draw_flight(cv: &mut Canvas, style: Style, f: &Flight) {
    let c = style.colors();
    for (x, y, n) in flight_spots(style, f) {
        // A small cluster of seeds: enough to read as "a handful", capped.
        let shown = usize::from(n).min(7);
        for k in 0..shown {
            let a = k as f32 * 2.4;
            let r = if k == 0 { 0.0 } else { 12.0 };
            let (cx, cy) = (x + r * a.cos(), y + r * a.sin());
            cv.circle(cx, cy, 7.5, c.taken);
            cv.circle(cx, cy, 5.5, c.seed);
        }
    }
}
