//! `/isolo stats`' link to the player's page and its small rating chart.

use crate::render::chart::{render_rating_chart_png, ChartPoint, RatingChart};
use crate::table::{PlayerStats, RatingPoint};
use crate::tr;
use crate::words::Lang;

use super::out::{Attachment, Out};

/// Adds to `/isolo stats`' answer, when the member's results are shown, the
/// link to their page (when the live board is served: `page`) and, with a
/// rating history, its chart.
pub fn with_profile(
    mut out: Out,
    lang: Lang,
    page: Option<String>,
    stats: Option<&PlayerStats>,
    history: &[RatingPoint],
) -> Out {
    if let (Some(url), Some(_)) = (page, stats) {
        out.content.push('\n');
        out.content.push_str(&tr!(lang, "stats-page", url = url));
    }
    if let (Some(p), false) = (stats, history.is_empty()) {
        let points: Vec<ChartPoint> = history
            .iter()
            .map(|pt| ChartPoint {
                rating: pt.rating,
                deviation: pt.deviation,
            })
            .collect();
        let title = format!("{} · {:.0}", p.name, p.rating.rating);
        let png = render_rating_chart_png(&RatingChart {
            title: &title,
            points: &points,
        });
        let alt = tr!(
            lang,
            "stats-chart-alt",
            player = p.name.as_str(),
            count = points.len(),
            rating = format!("{:.0}", p.rating.rating)
        );
        out.file = Some(Attachment::new(png, "rating.png", alt));
    }
    out
}
