//! A colour cast taken out before a second reading: image -> the colour of its surround ->
//! a copy with that colour made neutral, when both readers refused the image as it is.
//!
//! A board's surround (LinkedIn's page, a crop's margin, a dark app's background) is neutral,
//! or nearly so (the light page is a faint beige). A capture with a cast (a warm or cool white
//! balance, a tinted re-encode) tints it, and with it every Tango cell's ground, which the
//! readers require to be near neutral, and the margin around a Queens board, which the extent
//! checks take for more of the board. When the image's outermost pixels are mostly of one
//! colour and that colour is clearly tinted, each channel is scaled so that it becomes
//! neutral (the largest channel kept) and the image is read again. A Queens crop whose
//! outermost pixels run through several regions has no single surround colour and is left
//! alone. The answer is still drawn on the original.

use crate::vision::pixel::chroma;
use image::RgbImage;

/// Options of [`neutralise`].
#[derive(Clone, Debug)]
pub struct CastOptions {
    /// Whether a refused capture with a cast is read again neutralised. Default true.
    pub enabled: bool,
    /// The surround's colour is tinted when its chroma (max - min of R, G, B) is at least
    /// this: LinkedIn's light page is 6, a warm white balance (blue down a fifth) 56.
    /// Default 15.
    pub min_chroma: f32,
    /// The surround is one colour when at least this share of the outermost pixels lie within
    /// [`Self::same_distance`] of their median. Default 0.7.
    pub min_same_share: f32,
    /// ... (largest channel difference). Default 12.
    pub same_distance: f32,
    /// ... or when their tint is the median's: each channel over the largest one within this
    /// of the median's (a white bar above a beige page, both tinted by one cast). Default 0.03.
    pub same_tint: f32,
    /// ... for samples whose largest channel is at least this (a dark pixel's tint is noise).
    /// Default 128.
    pub tint_min_value: f32,
    /// Outermost pixels with every channel at most this are black letterbox bars, left out.
    /// Default 16.
    pub letterbox_max: f32,
    /// ... and at least this share of them must be left. Default 0.25.
    pub min_border_share: f32,
    /// Largest gain applied to a channel: a stronger tint is a coloured page, not a cast.
    /// Default 1.6.
    pub max_gain: f32,
}

impl Default for CastOptions {
    fn default() -> Self {
        CastOptions {
            enabled: true,
            min_chroma: 15.0,
            min_same_share: 0.7,
            same_distance: 12.0,
            same_tint: 0.03,
            tint_min_value: 128.0,
            letterbox_max: 16.0,
            min_border_share: 0.25,
            max_gain: 1.6,
        }
    }
}

/// The per-channel gains that make the image's surround neutral, when it has a cast
/// ([`CastOptions`]); `None` when it has none, or no single surround colour.
pub fn cast_gains(img: &RgbImage, o: &CastOptions) -> Option<[f32; 3]> {
    let (w, h) = img.dimensions();
    if !o.enabled || w < 8 || h < 8 {
        return None;
    }
    let mut border: Vec<[f32; 3]> = Vec::new();
    // Black letterbox bars (a video frame's) are no surround.
    let mut push = |x: u32, y: u32| {
        let p = img.get_pixel(x, y).0.map(f32::from);
        if p.iter().any(|&c| c > o.letterbox_max) {
            border.push(p);
        }
    };
    for x in (0..w).step_by(2) {
        push(x, 0);
        push(x, h - 1);
    }
    for y in (0..h).step_by(2) {
        push(0, y);
        push(w - 1, y);
    }
    // Every 2nd pixel of four edges: about w + h samples.
    if (border.len() as f32) < o.min_border_share * (w + h) as f32 {
        return None;
    }
    let median: [f32; 3] = std::array::from_fn(|k| {
        let mut v: Vec<f32> = border.iter().map(|p| p[k]).collect();
        let mid = v.len() / 2;
        *v.select_nth_unstable_by(mid, f32::total_cmp).1
    });
    // A sample of the median's colour, or of its tint at another brightness (a white top bar
    // above a beige page, both warmed by the same cast).
    let tint = |p: &[f32; 3]| {
        let top = p.iter().copied().fold(1.0f32, f32::max);
        p.map(|c| c / top)
    };
    let median_tint = tint(&median);
    let same = border
        .iter()
        .filter(|p| {
            (0..3).all(|k| (p[k] - median[k]).abs() <= o.same_distance)
                || (p.iter().copied().fold(0.0f32, f32::max) >= o.tint_min_value && {
                    let t = tint(p);
                    (0..3).all(|k| (t[k] - median_tint[k]).abs() <= o.same_tint)
                })
        })
        .count();
    if (same as f32) < o.min_same_share * border.len() as f32 || chroma(median) < o.min_chroma {
        return None;
    }
    let top = median.iter().copied().fold(0.0f32, f32::max);
    let gains = median.map(|c| top / c.max(1.0));
    gains.iter().all(|&g| g <= o.max_gain).then_some(gains)
}

/// A copy of `img` with each channel scaled by `gains` (clipped at 255).
pub fn apply_gains(img: &RgbImage, gains: [f32; 3]) -> RgbImage {
    let luts: [Vec<u8>; 3] = std::array::from_fn(|k| {
        (0..=255u32)
            .map(|v| (v as f32 * gains[k]).round().min(255.0) as u8)
            .collect()
    });
    let mut out = img.clone();
    for p in out.pixels_mut() {
        for k in 0..3 {
            p.0[k] = luts[k][p.0[k] as usize];
        }
    }
    out
}

/// The neutralised copy of a capture with a cast, and the gains used ([`cast_gains`]).
pub fn neutralise(img: &RgbImage, o: &CastOptions) -> Option<(RgbImage, [f32; 3])> {
    cast_gains(img, o).map(|g| (apply_gains(img, g), g))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// A page of `page` with a grey square in the middle.
    fn page(page: [u8; 3]) -> RgbImage {
        let mut img = RgbImage::from_pixel(60, 40, Rgb(page));
        for y in 10..30 {
            for x in 20..40 {
                img.put_pixel(x, y, Rgb([120, 120, 120]));
            }
        }
        img
    }

    #[test]
    fn a_warm_page_is_made_neutral() {
        let o = CastOptions::default();
        let (out, g) = neutralise(&page([255, 237, 199]), &o).expect("a cast");
        assert!(g[0] == 1.0 && g[2] > 1.2, "{g:?}");
        assert_eq!(out.get_pixel(0, 0).0, [255, 255, 255]);
    }

    #[test]
    fn a_white_bar_above_a_page_of_the_same_cast_is_one_surround() {
        // LinkedIn's white top bar above its beige page, both warmed (blue 0.88, green 0.97):
        // the bar's colour is 14-18 levels off the page's, its tint is the page's.
        let o = CastOptions::default();
        let mut img = page([240, 232, 206]);
        for y in 0..12 {
            for x in 0..60 {
                img.put_pixel(x, y, Rgb([254, 246, 224]));
            }
        }
        let (out, g) = neutralise(&img, &o).expect("a cast");
        assert!(g[2] > 1.1, "{g:?}");
        let p = out.get_pixel(0, 30).0;
        assert!(p[0].abs_diff(p[2]) <= 2, "{p:?}");
        // Without the tint comparison the bar and the page are two surrounds: no cast.
        let strict = CastOptions {
            same_tint: 0.0,
            ..CastOptions::default()
        };
        assert!(neutralise(&img, &strict).is_none());
    }

    #[test]
    fn neutral_pages_and_many_coloured_borders_are_left_alone() {
        let o = CastOptions::default();
        // LinkedIn's light page and a dark page.
        assert!(cast_gains(&page([244, 242, 238]), &o).is_none());
        assert!(cast_gains(&page([27, 31, 35]), &o).is_none());
        // A border running through several coloured regions (a Queens crop).
        let mut img = page([250, 200, 150]);
        for x in 0..60 {
            let c = if x < 20 {
                [150, 190, 255]
            } else {
                [180, 220, 160]
            };
            img.put_pixel(x, 0, Rgb(c));
            img.put_pixel(x, 39, Rgb(c));
        }
        for y in 0..40 {
            img.put_pixel(0, y, Rgb([230, 240, 130]));
            img.put_pixel(59, y, Rgb([200, 170, 230]));
        }
        assert!(cast_gains(&img, &o).is_none());
        // A strongly coloured page is not a cast.
        assert!(cast_gains(&page([40, 90, 160]), &o).is_none());
    }
}
