//! A small rating chart as a picture (PNG), for `/isolo stats`: the rating
//! after each rated game as a line, the Glicko-2 deviation as a band
//! around it, a title given by the caller (the player's name and rating,
//! in any script). Games are evenly spaced, as on the player's page.

use tiny_skia::PathBuilder;

use super::board::{drawable, fit};
use super::canvas::{cap_height, Align, Canvas};
use super::theme::COLORS;
use super::Palette;

/// The picture's size: small, and readable on a phone.
pub const CHART_WIDTH: u32 = 640;
/// See [`CHART_WIDTH`].
pub const CHART_HEIGHT: u32 = 300;

const MARGIN: f32 = 16.0;
const TITLE_H: f32 = 60.0;
const AXIS_W: f32 = 58.0;
const TICK_PX: f32 = 18.0;

/// One point: the rating after a game, and its deviation when known.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChartPoint {
    /// The rating.
    pub rating: f64,
    /// The deviation, if known.
    pub deviation: Option<f64>,
}

/// What to draw.
#[derive(Debug, Clone)]
pub struct RatingChart<'a> {
    /// The heading, worded by the caller.
    pub title: &'a str,
    /// The points, oldest first (none draws the frame only).
    pub points: &'a [ChartPoint],
}

/// The chart as a PNG.
pub fn render_rating_chart_png(chart: &RatingChart) -> Vec<u8> {
    let cv = draw(chart);
    let idx = super::encode::indices(&cv, Palette::Standard);
    // Encoding a buffer of the right size into memory cannot fail.
    super::encode::png(
        &idx,
        CHART_WIDTH,
        CHART_HEIGHT,
        Palette::Standard,
        super::encode::Deflate::Level1,
    )
    .expect("in-memory PNG encoding")
}

/// The rating range shown: the points with their bands, padded, on
/// multiples of 50.
fn range(points: &[ChartPoint]) -> (f64, f64) {
    let lo = points
        .iter()
        .map(|p| p.rating - p.deviation.unwrap_or(0.0))
        .fold(f64::INFINITY, f64::min);
    let hi = points
        .iter()
        .map(|p| p.rating + p.deviation.unwrap_or(0.0))
        .fold(f64::NEG_INFINITY, f64::max);
    if !lo.is_finite() || !hi.is_finite() {
        return (1300.0, 1700.0);
    }
    let pad = ((hi - lo) * 0.08).max(20.0);
    let lo = ((lo - pad) / 50.0).floor() * 50.0;
    let hi = ((hi + pad) / 50.0).ceil() * 50.0;
    (lo, hi.max(lo + 100.0))
}

fn draw(chart: &RatingChart) -> Canvas {
    let c = &COLORS;
    let (w, h) = (CHART_WIDTH as f32, CHART_HEIGHT as f32);
    let mut cv = Canvas::new(CHART_WIDTH, CHART_HEIGHT, c.bg);
    let title = fit(&drawable(chart.title), 28.0, w - 2.0 * MARGIN);
    let title_y = MARGIN + cap_height(28.0) + 4.0;
    cv.text(&title, 28.0, MARGIN, title_y, Align::Left, c.text);
    let (left, right) = (MARGIN + AXIS_W, w - MARGIN);
    let (top, bottom) = (MARGIN + TITLE_H, h - MARGIN);
    let (lo, hi) = range(chart.points);
    let y = |r: f64| top + ((hi - r) / (hi - lo)) as f32 * (bottom - top);
    let n = chart.points.len();
    let x = |i: usize| match n {
        0 | 1 => (left + right) / 2.0,
        _ => left + i as f32 * (right - left) / (n - 1) as f32,
    };
    let step = (((hi - lo) / 4.0 / 50.0).ceil() * 50.0).max(50.0);
    let mut r = (lo / step).ceil() * step;
    while r <= hi {
        cv.fill_rect(left, y(r).round(), right - left, 1.0, c.pit[0]);
        let label = format!("{r:.0}");
        let base = y(r) + cap_height(TICK_PX) / 2.0;
        cv.text(&label, TICK_PX, MARGIN, base, Align::Left, c.dim);
        r += step;
    }
    // The band: rating ± deviation, where known.
    let known: Vec<(usize, &ChartPoint)> = chart
        .points
        .iter()
        .enumerate()
        .filter(|(_, p)| p.deviation.is_some())
        .collect();
    if let [(i, p)] = known[..] {
        // One point: its band is a bar.
        let d = p.deviation.unwrap_or(0.0);
        let (top, bottom) = (y(p.rating + d), y(p.rating - d));
        cv.round_rect(x(i) - 7.0, top, 14.0, bottom - top, 7.0, c.panel[0]);
    } else if known.len() > 1 {
        let mut pb = PathBuilder::new();
        for (k, (i, p)) in known.iter().enumerate() {
            let at = y(p.rating + p.deviation.unwrap_or(0.0));
            if k == 0 {
                pb.move_to(x(*i), at);
            } else {
                pb.line_to(x(*i), at);
            }
        }
        for (i, p) in known.iter().rev() {
            pb.line_to(x(*i), y(p.rating - p.deviation.unwrap_or(0.0)));
        }
        pb.close();
        cv.fill_path(pb.finish(), c.panel[0]);
    }
    if n > 1 {
        let mut pb = PathBuilder::new();
        for (i, p) in chart.points.iter().enumerate() {
            if i == 0 {
                pb.move_to(x(i), y(p.rating));
            } else {
                pb.line_to(x(i), y(p.rating));
            }
        }
        cv.stroke_path(pb.finish(), c.accent[0], 4.0, None);
    }
    let dot = if n > 40 { 3.0 } else { 5.0 };
    for (i, p) in chart.points.iter().enumerate() {
        cv.circle(x(i), y(p.rating), dot, c.accent[0]);
    }
    cv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_holds_every_band_on_round_numbers() {
        let points = [
            ChartPoint {
                rating: 1500.0,
                deviation: Some(350.0),
            },
            ChartPoint {
                rating: 1620.0,
                deviation: None,
            },
        ];
        let (lo, hi) = range(&points);
        assert!(lo <= 1150.0 && hi >= 1850.0, "{lo}..{hi}");
        assert_eq!((lo % 50.0, hi % 50.0), (0.0, 0.0));
        assert_eq!(range(&[]), (1300.0, 1700.0));
    }
}
