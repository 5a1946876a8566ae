//! A hunt for wrong answers on the real captures: each seed picks a labelled screenshot and
//! a random chain of the perturbation suite's operations with random strengths (an object
//! that is not LinkedIn's over the board, as the stress set's `foreign` row draws them, a
//! cut through the board at any side, a mouse pointer over any edge, a tilt, a scale down to
//! 0.3x, darker or brighter, gamma, blur, noise, JPEG), reads and solves it, and classifies
//! the answer against the label. The fixed suite (`examples/perturb.rs`) measures; this searches the
//! space between its rows for a certified answer that is wrong.
//!
//! ```text
//! cargo run --release --example realhunt -- [--dir DIR]... [-j THREADS] [--save DIR] [--misses] COUNT START
//! ```
//! Prints one line per WRONG case (seed, image, chain, what was read; with `--misses` every
//! case not right) and the totals.

#[path = "../tests/support/perturb.rs"]
mod perturb;

#[allow(dead_code)]
#[path = "../tests/support/variations.rs"]
mod variations;

#[path = "../tests/support/chains.rs"]
mod chains;

use clap::Parser;
use image::RgbImage;
use perturb::{Class, LabelledImage, SplitMix64, same_answer};
use snapsolve::answer::solve_reading;
use snapsolve::board::Grid;
use snapsolve::certify::CertifyOptions;
use snapsolve::pipeline::{ReadOptions, read_image};
use snapsolve::solve::SolveOptions;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

#[derive(Parser, Debug)]
#[command(about = "Random perturbation chains over the labelled real captures: find wrong answers")]
struct Args {
    /// Cases to run.
    count: u64,
    /// First seed.
    start: u64,
    /// A directory of labelled images (repeatable). Default: ../shared/realshots.
    #[arg(long, value_name = "DIR")]
    dir: Vec<PathBuf>,
    /// Threads. Default: the number of CPUs.
    #[arg(short = 'j', value_name = "THREADS")]
    threads: Option<usize>,
    /// Write each WRONG case's perturbed image (PNG) into this directory.
    #[arg(long, value_name = "DIR")]
    save: Option<PathBuf>,
    /// Run only this seed's case and write its image to `--save` (whatever its class).
    #[arg(long)]
    one: bool,
    /// Print every case that is not right (no answer or refused) too, with its reason: the
    /// misses to study.
    #[arg(long)]
    misses: bool,
}

fn classify(img: &RgbImage, target: &LabelledImage) -> (Class, String) {
    let reading = match read_image(img, &ReadOptions::default()) {
        Ok(r) => r,
        Err(e) => return (Class::Refused, e.to_string()),
    };
    match solve_reading(
        reading,
        &SolveOptions::default(),
        &CertifyOptions::default(),
    ) {
        Ok(solved) => {
            let detail = solved.outcome_name().to_string();
            match solved.answer() {
                Some(s) if same_answer(s, &target.answer, target.themed) => (Class::Right, detail),
                Some(_) => (Class::Wrong, detail),
                None => (Class::NoneSeveral, detail),
            }
        }
        Err(e) => (Class::NoneSeveral, e.to_string()),
    }
}

fn main() {
    let args = Args::parse();
    let dirs = if args.dir.is_empty() {
        vec![PathBuf::from("../shared/realshots")]
    } else {
        args.dir.clone()
    };
    let mut images = Vec::new();
    for d in &dirs {
        match perturb::load_dir(d) {
            Ok((imgs, _)) => images.extend(imgs),
            Err(e) => {
                eprintln!("{}: {e}", d.display());
                std::process::exit(2);
            }
        }
    }
    // Each image decoded once, with the grid of its unperturbed reading (the cut and the
    // pointer need it; images the reader refuses are left out).
    let loaded: Vec<(LabelledImage, RgbImage, Grid)> = images
        .into_iter()
        .filter_map(|t| {
            let img = perturb::load_image(&t.path).ok()?;
            let grid = read_image(&img, &ReadOptions::default()).ok()?.grid;
            Some((t, img, grid))
        })
        .collect();
    if loaded.is_empty() {
        eprintln!("no labelled image read");
        std::process::exit(2);
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let seeds: Vec<u64> = if args.one {
        vec![args.start]
    } else {
        (args.start..args.start + args.count).collect()
    };
    let next = AtomicUsize::new(0);
    let counts: [AtomicUsize; 4] = Default::default();
    std::thread::scope(|sc| {
        for _ in 0..threads.max(1) {
            sc.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&seed) = seeds.get(i) else { break };
                    let mut rng = SplitMix64::new(seed ^ 0x7265_616c_6875_6e74);
                    let (target, img, grid) = &loaded[rng.below(loaded.len() as u64) as usize];
                    let steps = chains::chain(&mut rng);
                    let out = chains::apply(img, grid, &steps);
                    let (class, detail) = classify(&out, target);
                    let k = match class {
                        Class::Right => 0,
                        Class::Wrong => 1,
                        Class::NoneSeveral => 2,
                        _ => 3,
                    };
                    counts[k].fetch_add(1, Ordering::Relaxed);
                    if (i + 1).is_multiple_of(2000) {
                        eprintln!("{} cases", i + 1);
                    }
                    if class == Class::Wrong || args.one || (args.misses && k != 0) {
                        println!(
                            "seed {seed}: {} {} {steps:?}: {detail}",
                            class.name(),
                            target.name
                        );
                        if let Some(dir) = args.save.as_ref().filter(|_| k == 1 || args.one) {
                            let path = dir.join(format!("realhunt-{seed}.png"));
                            if let Err(e) = out.save(&path) {
                                eprintln!("{}: {e}", path.display());
                            }
                        }
                    }
                }
            });
        }
    });
    let c: Vec<usize> = counts.iter().map(|a| a.load(Ordering::Relaxed)).collect();
    println!(
        "right {} WRONG {} none/several {} refused {} total {}",
        c[0],
        c[1],
        c[2],
        c[3],
        c.iter().sum::<usize>()
    );
}
