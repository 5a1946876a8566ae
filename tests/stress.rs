//! The stress set of issue 4, generated at test time (nothing committed): [`RENDERS`] random
//! puzzles (unique Tango 6x6 / 8x8, unique Queens 5..12), each rendered with
//! [`SynthOptions::random`] (scale 0.4-3x, JPEG 35-95 or lossless, both themes, every frame
//! and state, light blur and noise), read back through [`read_image`] and compared with the
//! ground truth the renderer returns (puzzle, placed pieces, board position).
//!
//! Bar: at least [`MIN_EXACT_RATE`] of the renders read exactly, and no render read wrongly with
//! high confidence: a wrong read must come with a doubt, or the solver must find no solution or
//! several (a refusal to read is not a wrong read, but counts against the exact rate).
//!
//! The test prints the exact-read rate per dimension and every failure with its seed.
//! Reproduce one: `STRESS_SEEDS=17 cargo test --test stress -- --nocapture` (a list `3,17,40`
//! or a range `0..50` also work); `STRESS_DUMP=DIR` writes each failing render there as
//! `<seed>.png` with its puzzle as `<seed>.txt`.

mod support;

use rayon::prelude::*;
use snapsolve::board::Theme;
use snapsolve::format;
use snapsolve::pipeline::{ReadOptions, read_image};
use snapsolve::puzzle::{Game, Puzzle};
use snapsolve::render::rng::Rng;
use snapsolve::render::synth::{GameState, RandomRanges, SynthOptions, render, theme_name};
use snapsolve::solve::{Outcome, SolveOptions, solve};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use support::puzzlegen;
use support::readcheck::{self, Truth};

/// Number of renders (seeds `0..RENDERS`).
const RENDERS: u64 = 500;

/// Share of renders that must be read exactly (issue 4 set 99.5%). It was lowered to 99.0%
/// when the Tango locator began refusing lattices whose lines run on past one side, which
/// refused 4 of these 500 renders (small dark phone shots at 0.48-0.54x); since boards with no
/// visible grid are placed from their icons (`vision::tango::sparse`), 2 of them read again
/// (498/500), and the bar is back at 99.5%.
const MIN_EXACT_RATE: f64 = 0.995;

/// Attempts [`puzzlegen::random_queens`] gets per region map before a seed moves on to the next
/// draw from its generator.
const QUEENS_TRIES: usize = 50;

/// How one render came out.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
    /// Puzzle, pieces and board position as drawn.
    Exact,
    /// The reader refused the image (no board found).
    Refused(String),
    /// Read wrongly, with a doubt or a solver outcome other than unique.
    Flagged(String),
    /// Read wrongly with no doubt and a unique solution: the case that must never happen.
    Confident(String),
}

impl Verdict {
    fn kind(&self) -> &'static str {
        match self {
            Verdict::Exact => "exact",
            Verdict::Refused(_) => "refused",
            Verdict::Flagged(_) => "wrong, flagged",
            Verdict::Confident(_) => "WRONG, CONFIDENT",
        }
    }
}

/// One render with its parameters and result.
struct Case {
    seed: u64,
    game: Game,
    n: usize,
    opts: SynthOptions,
    verdict: Verdict,
    /// Expected and read puzzles side by side, for puzzle misreads.
    detail: Option<String>,
    puzzle_text: String,
    /// Tango givens and markers (0 for Queens).
    clues: (usize, usize),
    image: Option<image::RgbImage>,
    generate: Duration,
    draw: Duration,
    read: Duration,
}

impl Case {
    fn params(&self) -> String {
        format!(
            "seed {:>4}: {} {}x{}{} {} {} {} scale {} ({:.2}x) jpeg {} blur {:.2} noise {:.2}",
            self.seed,
            self.game,
            self.n,
            self.n,
            match self.game {
                Game::Tango => format!(" ({} givens, {} markers)", self.clues.0, self.clues.1),
                Game::Queens => String::new(),
            },
            theme_name(self.opts.theme),
            self.opts.frame.name(),
            self.opts.state.name(),
            self.opts.scale,
            scale_factor(&self.opts),
            self.opts
                .jpeg_quality
                .map_or("none".to_string(), |q| q.to_string()),
            self.opts.blur,
            self.opts.noise,
        )
    }
}

fn scale_factor(o: &SynthOptions) -> f32 {
    o.scale as f32 / RandomRanges::default().base_scale as f32
}

/// A unique random puzzle and its solution, drawn from the seed's generator.
fn random_puzzle(rng: &mut Rng) -> Puzzle {
    if rng.chance(0.5) {
        let n = [6, 8][rng.below(2)];
        Puzzle::Tango(puzzlegen::random_tango(n, rng))
    } else {
        let n = 5 + rng.below(8);
        loop {
            if let Some(q) = puzzlegen::random_queens(n, rng, QUEENS_TRIES) {
                return Puzzle::Queens(q);
            }
        }
    }
}

fn run(seed: u64, keep_image: bool) -> Case {
    let t0 = Instant::now();
    let mut rng = Rng::new(seed);
    let puzzle = random_puzzle(&mut rng);
    let solution = match solve(&puzzle, &SolveOptions::default()).map(|r| r.outcome) {
        Ok(Outcome::Unique(s)) => s,
        other => panic!("seed {seed}: the generated puzzle is not unique: {other:?}"),
    };
    let mut opts = SynthOptions::random(&mut rng, &RandomRanges::default());
    // A fully solved Queens board of 5x5 or less is what LinkedIn's how-to-play modal shows
    // (its daily boards are 7x7 to 11x11), and the reader refuses it by design
    // (`CheckOptions::solved_example_max_side`): such boards are drawn half played instead.
    if matches!(&puzzle, Puzzle::Queens(q) if q.n() <= 5) && opts.state == GameState::Solved {
        opts.state = GameState::InProgress;
    }
    let generate = t0.elapsed();
    let t1 = Instant::now();
    let shot = render(&puzzle, Some(&solution), &opts).expect("render");
    let draw = t1.elapsed();
    let t2 = Instant::now();
    let read = read_image(&shot.image, &ReadOptions::default());
    let truth = Truth {
        puzzle: puzzle.clone(),
        placed: shot.placed.clone(),
        grid: shot.grid,
    };
    let mut detail = None;
    let verdict = match read {
        Err(e) => Verdict::Refused(e.to_string()),
        Ok(r) => {
            let m = readcheck::compare(&truth, &r);
            if m.is_exact() {
                Verdict::Exact
            } else {
                let (outcome, _) = readcheck::solve_outcome(&r.puzzle);
                if m.puzzle {
                    detail = Some(readcheck::side_by_side(&puzzle, &r.puzzle));
                }
                let what = format!(
                    "{} [doubts {}, min confidence {:.2}, solver {outcome}]",
                    m.summary(),
                    r.doubts.len(),
                    r.min_confidence
                );
                if readcheck::flagged(&r, &outcome) {
                    Verdict::Flagged(what)
                } else {
                    Verdict::Confident(what)
                }
            }
        }
    };
    let read = t2.elapsed();
    let (rows, _) = puzzle.size();
    Case {
        seed,
        game: puzzle.game(),
        n: rows,
        opts,
        image: (keep_image && verdict != Verdict::Exact).then_some(shot.image),
        verdict,
        detail,
        puzzle_text: format::print(&puzzle),
        clues: match &puzzle {
            Puzzle::Tango(t) => (t.givens().count(), t.markers().count()),
            Puzzle::Queens(_) => (0, 0),
        },
        generate,
        draw,
        read,
    }
}

/// Seeds to run: `STRESS_SEEDS` (`17`, `3,17,40` or `0..50`) or `0..RENDERS`.
fn seeds() -> Vec<u64> {
    let Ok(spec) = std::env::var("STRESS_SEEDS") else {
        return (0..RENDERS).collect();
    };
    if let Some((a, b)) = spec.split_once("..") {
        let a: u64 = a.trim().parse().expect("STRESS_SEEDS: a range a..b");
        let b: u64 = b.trim().parse().expect("STRESS_SEEDS: a range a..b");
        return (a..b).collect();
    }
    spec.split(',')
        .map(|s| {
            s.trim()
                .parse()
                .expect("STRESS_SEEDS: seeds separated by commas")
        })
        .collect()
}

fn scale_bucket(o: &SynthOptions) -> &'static str {
    match scale_factor(o) {
        f if f < 0.7 => "0.4-0.7x",
        f if f < 1.2 => "0.7-1.2x",
        f if f < 2.0 => "1.2-2x",
        _ => "2-3x",
    }
}

fn jpeg_bucket(o: &SynthOptions) -> &'static str {
    match o.jpeg_quality {
        None => "lossless",
        Some(q) if q < 55 => "q35-54",
        Some(q) if q < 75 => "q55-74",
        Some(_) => "q75-95",
    }
}

/// Exact-read rate per value of each dimension.
fn table(cases: &[Case]) -> String {
    type Key = (&'static str, String);
    let mut rows: BTreeMap<Key, [usize; 5]> = BTreeMap::new();
    let order = [
        "game", "size", "theme", "frame", "state", "scale", "jpeg", "blur", "noise",
    ];
    for c in cases {
        let dims: [(&'static str, String); 9] = [
            ("game", c.game.to_string()),
            ("size", format!("{} {:>2}x{:<2}", c.game, c.n, c.n)),
            (
                "theme",
                match c.opts.theme {
                    Theme::Light => "light".into(),
                    Theme::Dark => "dark".into(),
                },
            ),
            ("frame", c.opts.frame.name().into()),
            ("state", c.opts.state.name().into()),
            ("scale", scale_bucket(&c.opts).into()),
            ("jpeg", jpeg_bucket(&c.opts).into()),
            ("blur", if c.opts.blur > 0.0 { "yes" } else { "no" }.into()),
            (
                "noise",
                if c.opts.noise > 0.0 { "yes" } else { "no" }.into(),
            ),
        ];
        for (d, v) in dims {
            let e = rows.entry((d, v)).or_default();
            e[0] += 1;
            match c.verdict {
                Verdict::Exact => e[1] += 1,
                Verdict::Refused(_) => e[2] += 1,
                Verdict::Flagged(_) => e[3] += 1,
                Verdict::Confident(_) => e[4] += 1,
            }
        }
    }
    let mut out = format!(
        "{:<7} {:<14} {:>5} {:>6} {:>7} {:>8} {:>8} {:>10}\n",
        "dim", "value", "n", "exact", "rate", "refused", "flagged", "confident"
    );
    for d in order {
        for ((dim, v), e) in rows.iter().filter(|((dim, _), _)| *dim == d) {
            out += &format!(
                "{:<7} {:<14} {:>5} {:>6} {:>6.1}% {:>8} {:>8} {:>10}\n",
                dim,
                v,
                e[0],
                e[1],
                100.0 * e[1] as f64 / e[0] as f64,
                e[2],
                e[3],
                e[4]
            );
        }
    }
    out
}

#[test]
fn stress_renders_read_exactly() {
    let seeds = seeds();
    let dump = std::env::var_os("STRESS_DUMP").map(std::path::PathBuf::from);
    let start = Instant::now();
    let cases: Vec<Case> = seeds.par_iter().map(|&s| run(s, dump.is_some())).collect();
    let wall = start.elapsed();
    let total = cases.len();
    let exact = cases.iter().filter(|c| c.verdict == Verdict::Exact).count();
    let confident: Vec<&Case> = cases
        .iter()
        .filter(|c| matches!(c.verdict, Verdict::Confident(_)))
        .collect();

    println!("\nstress: {total} renders");
    print!("{}", table(&cases));
    let sum = |f: fn(&Case) -> Duration| cases.iter().map(f).sum::<Duration>().as_secs_f64();
    println!(
        "wall {:.1} s on {} threads; summed per render: generate {:.1} s, render {:.1} s, read {:.1} s",
        wall.as_secs_f64(),
        rayon::current_num_threads(),
        sum(|c| c.generate),
        sum(|c| c.draw),
        sum(|c| c.read)
    );

    for (game, label) in [(Game::Tango, "tango"), (Game::Queens, "queens")] {
        let of: Vec<&Case> = cases.iter().filter(|c| c.game == game).collect();
        let max = of.iter().max_by_key(|c| c.generate);
        println!(
            "{label}: {} renders, generate {:.1} s (slowest seed {}), render {:.1} s, read {:.1} s",
            of.len(),
            of.iter()
                .map(|c| c.generate)
                .sum::<Duration>()
                .as_secs_f64(),
            max.map_or("-".to_string(), |c| format!(
                "{} {:.1} s",
                c.seed,
                c.generate.as_secs_f64()
            )),
            of.iter().map(|c| c.draw).sum::<Duration>().as_secs_f64(),
            of.iter().map(|c| c.read).sum::<Duration>().as_secs_f64(),
        );
    }

    let failures: Vec<&Case> = cases
        .iter()
        .filter(|c| c.verdict != Verdict::Exact)
        .collect();
    if !failures.is_empty() {
        println!("\n{} failures:", failures.len());
    }
    for c in &failures {
        let what = match &c.verdict {
            Verdict::Exact => unreachable!(),
            Verdict::Refused(s) | Verdict::Flagged(s) | Verdict::Confident(s) => s,
        };
        println!("{}\n    {}: {what}", c.params(), c.verdict.kind());
        if let Some(d) = &c.detail {
            print!("{d}");
        }
        if let (Some(dir), Some(img)) = (&dump, &c.image) {
            std::fs::create_dir_all(dir).expect("STRESS_DUMP directory");
            img.save(dir.join(format!("{}.png", c.seed)))
                .expect("write the failing render");
            std::fs::write(dir.join(format!("{}.txt", c.seed)), &c.puzzle_text)
                .expect("write the failing puzzle");
        }
    }
    if !failures.is_empty() {
        let list: Vec<String> = failures.iter().map(|c| c.seed.to_string()).collect();
        println!(
            "reproduce: STRESS_SEEDS={} cargo test --test stress -- --nocapture",
            list.join(",")
        );
    }

    let rate = exact as f64 / total as f64;
    println!(
        "exact: {exact}/{total} = {:.2}% (bar {:.1}%); read wrongly with high confidence: {}",
        100.0 * rate,
        100.0 * MIN_EXACT_RATE,
        confident.len()
    );
    assert!(
        confident.is_empty(),
        "{} renders read wrongly with no doubt and a unique solution (seeds {:?})",
        confident.len(),
        confident.iter().map(|c| c.seed).collect::<Vec<_>>()
    );
    assert!(
        rate >= MIN_EXACT_RATE,
        "only {:.2}% of the renders read exactly (bar {:.1}%)",
        100.0 * rate,
        100.0 * MIN_EXACT_RATE
    );
}
