//! SVG pictures: bar charts of the first-roll distribution and of the per-box turn odds.
//! Hand-written SVG (a few rectangles and labels) — no plotting crate needed for that.

/// One series of bars: a name, a colour, a value per category.
pub struct Series<'a> {
    pub name: &'a str,
    pub colour: &'a str,
    pub values: Vec<f64>,
}

/// A grouped bar chart with categories along the x axis, values in percent on the y axis.
pub fn bar_chart(
    title: &str,
    x_label: &str,
    categories: &[String],
    series: &[Series<'_>],
) -> String {
    let (width, height) = (880.0, 420.0);
    let (left, right, top, bottom) = (60.0, 20.0, 50.0, 60.0);
    let plot_w = width - left - right;
    let plot_h = height - top - bottom;
    let max = series.iter().flat_map(|s| s.values.iter().copied()).fold(0.0f64, f64::max);
    let y_max = nice_ceiling(max.max(1e-9));
    let slot = plot_w / categories.len().max(1) as f64;
    let bar = slot * 0.8 / series.len().max(1) as f64;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"28\" text-anchor=\"middle\" font-size=\"16\">{}</text>\n",
        width / 2.0,
        escape(title)
    );
    for step in 0..=5 {
        let v = y_max * step as f64 / 5.0;
        let y = top + plot_h - plot_h * step as f64 / 5.0;
        svg.push_str(&format!(
            "<line x1=\"{left}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}%</text>\n",
            width - right,
            left - 6.0,
            y + 4.0,
            trim(v)
        ));
    }
    for (i, cat) in categories.iter().enumerate() {
        let x0 = left + slot * i as f64 + slot * 0.1;
        for (j, s) in series.iter().enumerate() {
            let v = s.values.get(i).copied().unwrap_or(0.0);
            let h = plot_h * v / y_max;
            svg.push_str(&format!(
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"{}\"><title>{}: {} {:.3}%</title></rect>\n",
                x0 + bar * j as f64,
                top + plot_h - h,
                bar,
                s.colour,
                escape(s.name),
                escape(cat),
                v
            ));
        }
        svg.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
            left + slot * (i as f64 + 0.5),
            top + plot_h + 16.0,
            escape(cat)
        ));
    }
    svg.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
        left + plot_w / 2.0,
        height - 18.0,
        escape(x_label)
    ));
    if series.len() > 1 {
        for (j, s) in series.iter().enumerate() {
            let x = left + 10.0 + 150.0 * j as f64;
            svg.push_str(&format!(
                "<rect x=\"{x}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>\n",
                top - 14.0,
                s.colour,
                x + 16.0,
                top - 3.0,
                escape(s.name)
            ));
        }
    }
    svg.push_str("</svg>\n");
    svg
}

fn nice_ceiling(v: f64) -> f64 {
    let magnitude = 10f64.powf(v.log10().floor());
    [1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|&c| c >= v)
        .unwrap_or(10.0 * magnitude)
}

fn trim(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
