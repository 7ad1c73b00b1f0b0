//! The rating chart picture of `/isolo stats`: its size, the line, the
//! deviation's band, and a title in any script.

use isolo_bot::render::chart::{render_rating_chart_png, ChartPoint, RatingChart, CHART_HEIGHT, CHART_WIDTH};

fn points(n: usize) -> Vec<ChartPoint> {
    (0..n)
        .map(|i| ChartPoint {
            rating: 1500.0 + 12.0 * i as f64 - if i % 3 == 0 { 30.0 } else { 0.0 },
            deviation: (i > 0).then(|| 350.0 / (1.0 + i as f64).sqrt()),
        })
        .collect()
}

fn draw(title: &str, points: &[ChartPoint]) -> image::RgbaImage {
    let png = render_rating_chart_png(&RatingChart { title, points });
    image::load_from_memory_with_format(&png, image::ImageFormat::Png)
        .expect("decodes")
        .to_rgba8()
}

/// Pixels of `img` in the rows `rows` that are not the background.
fn inked(img: &image::RgbaImage, rows: std::ops::Range<u32>) -> usize {
    let bg = img.get_pixel(CHART_WIDTH - 1, 0);
    rows.flat_map(|y| (0..img.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| img.get_pixel(x, y) != bg)
        .count()
}

#[test]
fn the_chart_draws_line_band_and_a_title_in_any_script() {
    for (i, title) in [
        "alice · 1662",
        "Амина · 1710",
        "李娜 · 1580",
        "أمينة · 1495",
        "Ngʼwana Kulwa · 1500",
    ]
    .into_iter()
    .enumerate()
    {
        let img = draw(title, &points(30));
        assert_eq!((img.width(), img.height()), (CHART_WIDTH, CHART_HEIGHT));
        let untitled = draw("", &points(30));
        assert!(
            inked(&img, 0..60) > inked(&untitled, 0..60) + 100,
            "{title}: the title is drawn"
        );
        let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("rating-chart-{i}.png"));
        std::fs::write(&path, img_png(&img)).expect("writes the picture");
    }
    // The line in South's accent, the band in South's panel colour; a
    // history without deviations has no band.
    let has = |img: &image::RgbaImage, c: [u8; 3]| img.pixels().filter(|p| p.0[..3] == c).count();
    let (accent, panel) = ([0xff, 0xb1, 0x3b], [0x7a, 0x53, 0x2f]);
    let img = draw("x", &points(30));
    assert!(has(&img, accent) > 500, "the line");
    assert!(has(&img, panel) > 5000, "the band");
    let bare: Vec<ChartPoint> = points(30)
        .into_iter()
        .map(|p| ChartPoint { deviation: None, ..p })
        .collect();
    assert!(has(&draw("x", &bare), panel) < 50, "no band");
}

fn img_png(img: &image::RgbaImage) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).expect("encodes");
    out.into_inner()
}

#[test]
fn one_point_or_none_still_makes_a_picture() {
    for n in [0, 1] {
        let img = draw("bob", &points(n));
        assert_eq!((img.width(), img.height()), (CHART_WIDTH, CHART_HEIGHT));
    }
}
