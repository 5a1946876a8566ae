//! The perturbation suite of issue 15 (`tests/support/perturb.rs`).
//!
//! - `perturbations_are_deterministic_and_sized`: checks the perturbations themselves (sizes,
//!   same seed same bytes, gamma / darker pixel values, the pointer and the cut board).
//! - `perturbation_suite`: perturbs a sample of the labelled images of `fixtures/` and
//!   `../shared/realshots`, reads and solves them, prints the table to stderr with the rows
//!   below target (`right` under 95% of the unperturbed row's, 80% for down-0.35x; for the cut
//!   board a refusal counts as right) and asserts 0 WRONG; see its table with
//!   `cargo test --release --test perturb -- --nocapture`. A sample's rows are too small for
//!   the targets: the full suite, `cargo run --release --example perturb -- --require`, holds
//!   them (every row but brighter-25% and cut-board-45%) and runs in `.ci/run`.

#[path = "support/perturb.rs"]
mod perturb;

use image::{Rgb, RgbImage};
use perturb::{Perturbation, RunOptions};
use snapsolve::board::Grid;
use std::path::Path;

#[path = "support/shared.rs"]
mod shared_data;

/// Sampling of the suite test, to stay under ~3 minutes on 2 cores in the default test
/// profile: a fixed stride over each directory's labelled images, sorted by name (indices 0,
/// k, 2k, ...): every 2nd fixture and every 5th realshot (11 + 35 images, 17 rows each).
const FIXTURE_STRIDE: usize = 2;
const REALSHOT_STRIDE: usize = 5;

fn test_image(w: u32, h: u32) -> RgbImage {
    RgbImage::from_fn(w, h, |x, y| {
        Rgb([
            (x * 7 % 256) as u8,
            (y * 5 % 256) as u8,
            ((x + y) * 3 % 256) as u8,
        ])
    })
}

fn test_grid() -> Grid {
    Grid {
        rows: 6,
        cols: 6,
        left: 20.0,
        top: 30.0,
        cell_w: 50.0,
        cell_h: 50.0,
    }
}

#[test]
fn perturbations_are_deterministic_and_sized() {
    let img = test_image(340, 360);
    let grid = test_grid();
    for p in Perturbation::ALL {
        assert_eq!(Perturbation::from_name(p.name()), Some(p));
        let a = p.apply(&img, Some(&grid), 42).expect("applies with a grid");
        let b = p.apply(&img, Some(&grid), 42).expect("applies with a grid");
        assert_eq!(
            a.as_raw(),
            b.as_raw(),
            "{}: same seed, same bytes",
            p.name()
        );
        let want = match p {
            Perturbation::Down050 => (170, 180),
            Perturbation::Down035 => (119, 126),
            Perturbation::Up170 => (578, 612),
            // 35% of the first 50 px column cut: x from 37.5 (rounded to 38) to 320.
            Perturbation::CutBoard => (320 - 38, 300),
            // 55%: x from 47.5 (rounded to 48).
            Perturbation::CutDeep => (320 - 48, 300),
            _ => (340, 360),
        };
        assert_eq!(a.dimensions(), want, "{}: size", p.name());
        assert_eq!(p.apply(&img, None, 42).is_none(), p.needs_grid());
    }
    assert_eq!(Perturbation::None.apply(&img, None, 1).unwrap(), img);

    // Seeded: another seed moves the noise and (here) the pointer.
    for p in [Perturbation::Noise, Perturbation::Pointer] {
        let a = p.apply(&img, Some(&grid), 1).unwrap();
        let b = p.apply(&img, Some(&grid), 2).unwrap();
        assert_ne!(a.as_raw(), b.as_raw(), "{}: the seed matters", p.name());
    }

    // Gamma 0.7 and 25% darker, pixel by pixel.
    let flat = RgbImage::from_pixel(4, 4, Rgb([0, 64, 255]));
    let g = Perturbation::Gamma.apply(&flat, None, 0).unwrap();
    let want_g = |v: f64| (255.0 * (v / 255.0).powf(0.7)).round() as u8;
    assert_eq!(*g.get_pixel(1, 1), Rgb([0, want_g(64.0), 255]));
    assert!(want_g(64.0) > 64, "gamma 0.7 lightens");
    let d = Perturbation::Darker.apply(&flat, None, 0).unwrap();
    assert_eq!(*d.get_pixel(2, 3), Rgb([0, 48, 191]));

    // Noise: mean about 0, standard deviation about 8, away from the clamps.
    let grey = RgbImage::from_pixel(200, 200, Rgb([128, 128, 128]));
    let n = Perturbation::Noise.apply(&grey, None, 7).unwrap();
    let vals: Vec<f64> = n.as_raw().iter().map(|&v| f64::from(v) - 128.0).collect();
    let mean = vals.iter().sum::<f64>() / vals.len() as f64;
    let sd = (vals.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / vals.len() as f64).sqrt();
    assert!(
        mean.abs() < 0.2 && (sd - 8.0).abs() < 0.3,
        "mean {mean}, sd {sd}"
    );

    // Pointer: black fill and white outline near the chosen edge's midpoint, about 12x19 px
    // at 1x (scaled by cell / 60), nothing changed elsewhere.
    let white = RgbImage::from_pixel(340, 360, Rgb([200, 200, 200]));
    let seed = 5;
    let (_, (tx, ty)) = perturb::pointer_target(&grid, seed).unwrap();
    let ptr = Perturbation::Pointer
        .apply(&white, Some(&grid), seed)
        .unwrap();
    let changed: Vec<(u32, u32, Rgb<u8>)> = ptr
        .enumerate_pixels()
        .filter(|(_, _, p)| **p != Rgb([200, 200, 200]))
        .map(|(x, y, p)| (x, y, *p))
        .collect();
    assert!(changed.iter().any(|c| c.2 == Rgb([0, 0, 0])));
    assert!(changed.iter().any(|c| c.2 == Rgb([255, 255, 255])));
    assert!(
        changed
            .iter()
            .all(|c| c.2 == Rgb([0, 0, 0]) || c.2 == Rgb([255, 255, 255]))
    );
    let xs = changed.iter().map(|c| c.0);
    let ys = changed.iter().map(|c| c.1);
    let (x0, x1) = (xs.clone().min().unwrap(), xs.max().unwrap());
    let (y0, y1) = (ys.clone().min().unwrap(), ys.max().unwrap());
    let s = 50.0 / 60.0;
    assert!((x0 as f32 - tx).abs() <= 2.0 && (y0 as f32 - ty).abs() <= 2.0);
    let (w, h) = ((x1 - x0 + 1) as f32, (y1 - y0 + 1) as f32);
    assert!((w - 12.0 * s).abs() <= 2.0, "pointer width {w}");
    assert!((h - 19.0 * s).abs() <= 2.0, "pointer height {h}");

    // Rotation keeps the size and fills the corners with the border colour.
    let r = Perturbation::RotPlus.apply(&white, None, 0).unwrap();
    assert_eq!(*r.get_pixel(0, 0), Rgb([200, 200, 200]));

    // The case seeds differ by image and perturbation and are fixed.
    let a = perturb::case_seed("x.png", Perturbation::Noise);
    assert_eq!(a, perturb::case_seed("x.png", Perturbation::Noise));
    assert_ne!(a, perturb::case_seed("y.png", Perturbation::Noise));
    assert_ne!(a, perturb::case_seed("x.png", Perturbation::Pointer));
}

/// Every perturbation: never a wrong answer shown as certain (asserted). The right-answer targets
/// of the reliability issue (95% of the unperturbed right count per row, 80% at 0.35x) are
/// printed, not asserted: blur, noise and small scales are still below them (see
/// docs/reliability.md for the measured table).
#[test]
fn perturbation_suite() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut images = Vec::new();
    let (fixtures, left_out) = perturb::load_dir(&root.join("fixtures")).expect("fixtures");
    assert!(left_out.is_empty(), "fixtures left out: {left_out:?}");
    assert!(!fixtures.is_empty());
    images.extend(perturb::sample(&fixtures, FIXTURE_STRIDE));
    if let Some(realshots) = shared_data::shared_path("realshots") {
        let (shots, left_out) = perturb::load_dir(&realshots).expect("realshots");
        for l in &left_out {
            eprintln!("left out: {l}");
        }
        images.extend(perturb::sample(&shots, REALSHOT_STRIDE));
    }
    let t0 = std::time::Instant::now();
    let results = perturb::run(&images, &RunOptions::default());
    eprintln!(
        "{} images, {} cases in {:.1} s\n{}",
        images.len(),
        results.len(),
        t0.elapsed().as_secs_f64(),
        perturb::table(&results)
    );
    for l in perturb::wrong_lines(&images, &results)
        .iter()
        .chain(&perturb::slow_lines(&images, &results))
    {
        eprintln!("{l}");
    }
    let breaches = perturb::check_thresholds(&results);
    for b in breaches.iter().filter(|b| !b.contains("WRONG")) {
        eprintln!("below target: {b}");
    }
    let wrong: Vec<&String> = breaches.iter().filter(|b| b.contains("WRONG")).collect();
    assert!(
        wrong.is_empty(),
        "wrong answers shown as certain:\n{wrong:?}"
    );
}

/// A light Queens capture brightened by 25% (`v' = min(255, 1.25 v)`) loses its palest region
/// to white: the board check still takes it as Queens, since nearly every other region keeps
/// a colour of its own (`CheckOptions::blank_regions_short`), and it is answered right. Both
/// were refused as "not a Queens board" before.
#[test]
fn a_queens_board_with_a_region_brightened_to_white_is_read() {
    use snapsolve::answer::solve_reading;
    use snapsolve::certify::CertifyOptions;
    use snapsolve::pipeline::{ReadOptions, read_image};
    use snapsolve::solve::SolveOptions;
    let Some(realshots) = shared_data::shared_path("realshots") else {
        return;
    };
    let names = [
        "EmmettMyers__Queens-Bot__test2",
        "ryan-zhao313__queens-solver__256",
    ];
    for name in names {
        let (_, want) = shared_data::label_solution(&realshots, name);
        // Its extension varies (`.png`, `.PNG`).
        let path = std::fs::read_dir(realshots.join("queens"))
            .expect("realshots/queens")
            .map(|e| e.expect("an entry").path())
            .find(|p| p.file_stem().is_some_and(|s| s == name))
            .expect("the capture");
        let capture = shared_data::open_capture(&path);
        let img = perturb::darker(&capture, 1.25);
        let reading = read_image(&img, &ReadOptions::default()).expect("a Queens board");
        let solved = solve_reading(
            reading,
            &SolveOptions::default(),
            &CertifyOptions::default(),
        )
        .expect("solved");
        assert_eq!(solved.answer(), Some(&want), "{name}");
    }
}
