//! The stress set of issue 10 over the renderer's variations (see
//! `tests/support/variations.rs`): prints exact / WRONG / none-several / refused per variation
//! and one line per case that is not exact.
//!
//! ```text
//! cargo run --release --example stress_variations -- [PER_VARIATION] [FIRST_SEED]
//! ```
//! Defaults: 100 seeds per variation from seed 0.

#[path = "../tests/support/variations.rs"]
mod variations;

fn main() {
    // `--save DIR VARIATION SEED...`: write those renders as PNGs, for a look by eye.
    let all: Vec<String> = std::env::args().skip(1).collect();
    if all.first().map(String::as_str) == Some("--save") && all.len() >= 4 {
        let dir = std::path::PathBuf::from(&all[1]);
        std::fs::create_dir_all(&dir).expect("the save directory");
        for seed in all[3..].iter().filter_map(|s| s.parse::<u64>().ok()) {
            let (p, sol) = variations::puzzle(seed, &all[2]);
            let opts = variations::options(seed, &all[2]);
            let mut shot =
                snapsolve::render::synth::render(&p, Some(&sol), &opts).expect("a render");
            variations::after_render(&all[2], seed, &mut shot);
            let path = dir.join(format!("{}-{seed}.png", all[2]));
            shot.image.save(&path).expect("a PNG written");
            let text = snapsolve::format::print_solution(&p, &sol);
            std::fs::write(path.with_extension("txt"), text).expect("the puzzle written");
            println!("{}", path.display());
        }
        return;
    }
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let per = args.first().copied().unwrap_or(100);
    let first = args.get(1).copied().unwrap_or(0);
    let (rows, lines) = variations::run_all(first, per);
    for l in &lines {
        println!("{l}");
    }
    print!("{}", variations::table(&rows));
    if rows.iter().any(|(_, r)| r[1] > 0) {
        std::process::exit(1);
    }
}
