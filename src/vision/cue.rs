//! The game cue: a cheap look at the colours of a screenshot (a sparse grid of samples, well
//! under a millisecond on a phone capture) that says which reader to try first. A Queens board
//! is tiled with pastel regions of many hues; a Tango board's colour is in its sun and moon
//! icons, two hue families. The cue only orders the readers ([`crate::pipeline::read`]): the
//! other reader still runs whenever the first one refuses the image, so a wrong cue costs time,
//! never a reading.

use crate::puzzle::Game;
use image::RgbImage;

/// Options of [`cue`].
#[derive(Clone, Debug, PartialEq)]
pub struct CueOptions {
    /// Samples along each side of the image (a `grid` x `grid` lattice). Default 96.
    pub grid: u32,
    /// Least chroma (max - min of R, G, B, 0-255) of a colourful sample. Default 40.
    pub min_chroma: u8,
    /// Hue bins of the colour wheel (each `360 / hue_bins` degrees). Default 12.
    pub hue_bins: usize,
    /// Least share of all samples a hue bin needs to count as present. Default 0.004.
    pub min_bin_share: f32,
    /// Hues present from which the Queens reader goes first. Default 4.
    pub queens_hues: usize,
}

impl Default for CueOptions {
    fn default() -> Self {
        CueOptions {
            grid: 96,
            min_chroma: 40,
            hue_bins: 12,
            min_bin_share: 0.004,
            queens_hues: 4,
        }
    }
}

/// What the colours suggest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cue {
    /// The game whose reader goes first.
    pub first: Game,
    /// Hue bins present (see [`CueOptions::min_bin_share`]).
    pub hues: usize,
}

/// Looks at a sparse grid of samples and counts the hues present.
pub fn cue(img: &RgbImage, opts: &CueOptions) -> Cue {
    let (w, h) = img.dimensions();
    let n = opts.grid.max(1);
    let bins = opts.hue_bins.max(1);
    let mut counts = vec![0u32; bins];
    let mut total = 0u32;
    for j in 0..n {
        let y = ((2 * j + 1) as u64 * h as u64 / (2 * n as u64)) as u32;
        for i in 0..n {
            let x = ((2 * i + 1) as u64 * w as u64 / (2 * n as u64)) as u32;
            let Some(p) = img.get_pixel_checked(x, y) else {
                continue;
            };
            total += 1;
            if let Some(hue) = hue_degrees(p.0, opts.min_chroma) {
                let b = ((hue / 360.0 * bins as f32) as usize).min(bins - 1);
                counts[b] += 1;
            }
        }
    }
    let least = (opts.min_bin_share * total as f32).max(1.0);
    let hues = counts.iter().filter(|&&c| c as f32 >= least).count();
    let first = if hues >= opts.queens_hues {
        Game::Queens
    } else {
        Game::Tango
    };
    Cue { first, hues }
}

/// The hue of a pixel in degrees `[0, 360)`, or `None` when its chroma is under `min_chroma`.
fn hue_degrees([r, g, b]: [u8; 3], min_chroma: u8) -> Option<f32> {
    let (r, g, b) = (r as f32, g as f32, b as f32);
    let max = r.max(g).max(b);
    let c = max - r.min(g).min(b);
    if c < min_chroma.max(1) as f32 {
        return None;
    }
    let h = if max == r {
        ((g - b) / c).rem_euclid(6.0)
    } else if max == g {
        (b - r) / c + 2.0
    } else {
        (r - g) / c + 4.0
    };
    Some(h * 60.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn documented_defaults() {
        crate::vision::check_documented_defaults(
            include_str!("cue.rs"),
            "CueOptions",
            &format!("{:?}", CueOptions::default()),
        );
        let d = CueOptions::default();
        assert_eq!(
            (d.grid, d.min_chroma, d.hue_bins, d.queens_hues),
            (96, 40, 12, 4)
        );
        assert_eq!(d.min_bin_share, 0.004);
    }

    #[test]
    fn hues_of_primaries_and_greys() {
        assert_eq!(hue_degrees([255, 0, 0], 40), Some(0.0));
        assert_eq!(hue_degrees([0, 255, 0], 40), Some(120.0));
        assert_eq!(hue_degrees([0, 0, 255], 40), Some(240.0));
        assert_eq!(hue_degrees([200, 200, 190], 40), None);
    }

    #[test]
    fn many_hues_put_queens_first_and_two_tango() {
        let opts = CueOptions::default();
        let stripes = [
            [230, 150, 150],
            [150, 230, 150],
            [150, 150, 230],
            [230, 230, 140],
        ];
        let queens = RgbImage::from_fn(80, 80, |x, _| Rgb(stripes[(x / 20) as usize]));
        assert_eq!(cue(&queens, &opts).first, Game::Queens);
        let tango = RgbImage::from_fn(80, 80, |x, y| match (x / 20, y / 20) {
            (1, 1) => Rgb([250, 180, 30]),
            (2, 2) => Rgb([60, 120, 230]),
            _ => Rgb([255, 255, 255]),
        });
        let c = cue(&tango, &opts);
        assert_eq!((c.first, c.hues), (Game::Tango, 2));
        assert_eq!(cue(&RgbImage::new(0, 0), &opts).hues, 0);
    }
}
