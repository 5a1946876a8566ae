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
