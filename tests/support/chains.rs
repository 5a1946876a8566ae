//! Random chains of perturbations over a labelled real capture, for `examples/realhunt`
//! and the cases it found (`tests/realhunt_cases.rs`): an object that is not LinkedIn's over
//! the board (the stress set's `foreign` row), a cut at any side, a pointer, a tilt, a scale,
//! light, gamma, blur, noise and JPEG, each at a random strength. The including crate
//! declares `perturb` (`support/perturb.rs`) and `variations` (`support/variations.rs`).
#![allow(dead_code)]

use super::perturb::{self, SplitMix64};
use super::variations;
use image::RgbImage;
use snapsolve::board::Grid;

/// One step of a chain.
#[derive(Clone, Debug)]
pub enum Step {
    /// One of the stress set's objects that are not LinkedIn's over the board (a tooltip, a
    /// badge, a card, a veil, an emoji, a drawn rectangle).
    Foreign(u64),
    /// Cut the board at a side (0 left, 1 top, 2 right, 3 bottom) through its outer cells,
    /// keeping `margin` cells of page on the other sides.
    Cut {
        side: u8,
        depth: f32,
        margin: f32,
    },
    /// The arrow pointer over a random interior edge.
    Pointer(u64),
    Rotate(f32),
    Scale(f32),
    Bright(f64),
    Gamma(f64),
    Blur(f32),
    Noise(f64, u64),
    Jpeg(u8),
}

pub fn chain(rng: &mut SplitMix64) -> Vec<Step> {
    let mut steps = Vec::new();
    let maybe = |rng: &mut SplitMix64, p: f64| rng.unit() < p;
    if maybe(rng, 0.25) {
        steps.push(Step::Foreign(rng.next_u64()));
    }
    if maybe(rng, 0.25) {
        steps.push(Step::Cut {
            side: rng.below(4) as u8,
            depth: 0.15 + 0.5 * rng.unit() as f32,
            margin: 0.6 * rng.unit() as f32,
        });
    }
    if maybe(rng, 0.25) {
        steps.push(Step::Pointer(rng.next_u64()));
    }
    if maybe(rng, 0.3) {
        steps.push(Step::Rotate((rng.unit() as f32 - 0.5) * 7.0));
    }
    if maybe(rng, 0.5) {
        // Log-uniform in [0.3, 1].
        steps.push(Step::Scale((0.3f64.ln() * rng.unit()).exp() as f32));
    }
    if maybe(rng, 0.3) {
        steps.push(Step::Bright(0.65 + 0.7 * rng.unit()));
    }
    if maybe(rng, 0.25) {
        steps.push(Step::Gamma(0.6 + 1.0 * rng.unit()));
    }
    if maybe(rng, 0.2) {
        steps.push(Step::Blur(0.4 + 1.2 * rng.unit() as f32));
    }
    if maybe(rng, 0.2) {
        steps.push(Step::Noise(2.0 + 8.0 * rng.unit(), rng.next_u64()));
    }
    if maybe(rng, 0.3) {
        steps.push(Step::Jpeg(30 + rng.below(61) as u8));
    }
    steps
}

pub fn apply(img: &RgbImage, grid: &Grid, steps: &[Step]) -> RgbImage {
    let mut out = img.clone();
    for s in steps {
        out = match *s {
            Step::Foreign(seed) => {
                let mut img = out;
                variations::foreign(seed, grid, &mut img);
                img
            }
            Step::Cut {
                side,
                depth,
                margin,
            } => perturb::cut_side(&out, grid, side, depth, margin),
            Step::Pointer(seed) => perturb::pointer(&out, grid, seed),
            Step::Rotate(d) => perturb::rotate(&out, d),
            Step::Scale(f) => perturb::scale(&out, f),
            Step::Bright(f) => perturb::darker(&out, f),
            Step::Gamma(g) => perturb::gamma(&out, g),
            Step::Blur(s) => imageproc::filter::gaussian_blur_f32(&out, s),
            Step::Noise(s, seed) => perturb::noise(&out, s, seed),
            Step::Jpeg(q) => perturb::jpeg(&out, q),
        };
    }
    out
}
