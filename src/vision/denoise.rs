//! Smoothing a noisy capture before it is read: image -> its noise level -> a smoothed copy
//! when the noise would drown the board's faint lines.
//!
//! A screenshot is flat over much of it: the difference between a pixel and its right-hand
//! neighbour is 0 there. Sensor noise (a photo of a screen, a video frame, a noisy re-encode)
//! makes every difference grow with the noise: for gaussian noise of standard deviation `s` per
//! pixel, the absolute difference of two neighbours has its lower quartile at
//! `0.3186 * sqrt(2) * s`. The lower quartile, not the median: a small crop of a busy board
//! (lines, borders and glyphs over half its pixels, JPEG ringing beside them) has a median
//! difference of a few levels without any noise, but still a quarter of its pairs flat. When the estimated `s` reaches [`DenoiseOptions::min_sigma`] the
//! image is smoothed with a gaussian blur before the readers run: light Tango grid lines
//! differ from the cells by ~25 luma levels, which noise of sigma 8 hides from the locator.
//! The answer is still drawn on the original.

use crate::vision::pixel::luma_256;
use image::RgbImage;

/// Options of [`estimate_sigma`] and [`smooth`].
#[derive(Clone, Debug)]
pub struct DenoiseOptions {
    /// Whether noisy captures are smoothed at all. Default true.
    pub enabled: bool,
    /// Rows sampled for the estimate: about this many, evenly spaced. Default 100.
    pub samples: u32,
    /// Smooth when the estimated noise (luma standard deviation) is at least this. Default 3.
    pub min_sigma: f32,
    /// Standard deviation of the gaussian blur, in pixels. Default 1.
    pub blur_sigma: f32,
}

impl Default for DenoiseOptions {
    fn default() -> Self {
        DenoiseOptions {
            enabled: true,
            samples: 100,
            min_sigma: 3.0,
            blur_sigma: 1.0,
        }
    }
}

/// A smoothed copy of a noisy image and the noise measured on it.
#[derive(Clone, Debug)]
pub struct Smoothed {
    /// The blurred image.
    pub image: RgbImage,
    /// The noise estimated on the original (luma standard deviation).
    pub sigma: f32,
}

/// The estimated noise of `img`: the luma standard deviation that explains the lower quartile
/// of the absolute differences of horizontal neighbours on the sampled rows (0 for a clean
/// screenshot).
pub fn estimate_sigma(img: &RgbImage, opts: &DenoiseOptions) -> f32 {
    let (w, h) = img.dimensions();
    if w < 2 || h == 0 {
        return 0.0;
    }
    let raw = img.as_raw();
    let luma = |i: usize| luma_256(raw[i], raw[i + 1], raw[i + 2]) >> 8;
    let mut hist = [0u64; 256];
    let step = (h / opts.samples.max(1)).max(1) as usize;
    for y in (0..h as usize).step_by(step) {
        let row = 3 * y * w as usize;
        for x in 0..w as usize - 1 {
            let (a, b) = (luma(row + 3 * x), luma(row + 3 * x + 3));
            hist[a.abs_diff(b) as usize] += 1;
        }
    }
    let total: u64 = hist.iter().sum();
    let mut seen = 0;
    let quartile = hist
        .iter()
        .position(|&n| {
            seen += n;
            4 * seen >= total
        })
        .unwrap_or(0);
    quartile as f32 / (0.3186 * std::f32::consts::SQRT_2)
}

/// The smoothed image when `img` is noisy ([`DenoiseOptions::min_sigma`]); `None` when clean.
pub fn smooth(img: &RgbImage, opts: &DenoiseOptions) -> Option<Smoothed> {
    if !opts.enabled {
        return None;
    }
    let sigma = estimate_sigma(img, opts);
    (sigma >= opts.min_sigma).then(|| Smoothed {
        image: imageproc::filter::gaussian_blur_f32(img, opts.blur_sigma),
        sigma,
    })
}

/// Test support: gaussian-like noise of standard deviation 1 (the sum of 12 uniforms on
/// [-0.5, 0.5)), the same sequence for the same `seed`.
#[cfg(test)]
pub(crate) fn unit_noise(seed: u64) -> impl FnMut() -> f32 {
    let mut state = seed;
    let mut uniform = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as f32 / (1u64 << 31) as f32 - 0.5
    };
    move || (0..12).map(|_| uniform()).sum::<f32>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    /// A flat page with a grid, plus gaussian-like noise of about `sigma`.
    fn page(sigma: f32) -> RgbImage {
        let mut noise = unit_noise(12345);
        RgbImage::from_fn(300, 200, |x, y| {
            let base = if x % 50 == 0 || y % 50 == 0 {
                220.0
            } else {
                245.0
            };
            let n = noise() * sigma;
            let v = (base + n).round().clamp(0.0, 255.0) as u8;
            Rgb([v, v, v])
        })
    }

    #[test]
    fn estimates_the_noise() {
        let opts = DenoiseOptions::default();
        assert_eq!(estimate_sigma(&page(0.0), &opts), 0.0);
        let s = estimate_sigma(&page(8.0), &opts);
        assert!((s - 8.0).abs() < 1.5, "{s}");
        assert!(smooth(&page(0.0), &opts).is_none());
        let sm = smooth(&page(8.0), &opts).expect("noisy");
        assert!(estimate_sigma(&sm.image, &opts) < s / 2.0);
        let off = DenoiseOptions {
            enabled: false,
            ..opts
        };
        assert!(smooth(&page(8.0), &off).is_none());
        assert_eq!(
            estimate_sigma(&RgbImage::new(1, 1), &DenoiseOptions::default()),
            0.0
        );
    }

    #[test]
    fn documented_defaults_match() {
        crate::vision::check_documented_defaults(
            include_str!("denoise.rs"),
            "DenoiseOptions",
            &format!("{:?}", DenoiseOptions::default()),
        );
    }
}
