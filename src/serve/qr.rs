//! The join address as a QR code, for phones at the table to scan: as SVG for the page and
//! as text for the host's terminal (qrcode, a well-kept crate, rather than an encoder of
//! our own: Reed–Solomon codes and masks are easy to get subtly wrong).

use qrcode::render::{svg, unicode};
use qrcode::QrCode;

/// The QR code of `text` as an SVG image (none if the text does not fit a QR code).
pub fn svg(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    Some(code.render::<svg::Color>().min_dimensions(200, 200).quiet_zone(true).build())
}

/// The QR code of `text` in block characters, two rows a line, for a terminal.
pub fn text(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<unicode::Dense1x2>()
            .dark_color(unicode::Dense1x2::Light)
            .light_color(unicode::Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_join_address_becomes_a_code() {
        let url = "http://192.168.1.20:8080/?code=K7QX2M";
        assert!(super::svg(url).unwrap().starts_with("<?xml"));
        let text = super::text(url).unwrap();
        assert!(text.lines().count() > 10 && text.contains('█'), "{text}");
    }
}
