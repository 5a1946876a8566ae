//! A small sample of the variation stress set of issue 10 (`tests/support/variations.rs`):
//! every variation rendered a few times, read, solved and certified; no answer shown may be
//! wrong. The full table: `cargo run --release --example stress_variations`.

#[path = "support/variations.rs"]
mod variations;

/// Seeds per variation in the default run (kept small: the full set is the example).
const PER_VARIATION: u64 = 1;

#[test]
fn no_wrong_answer_on_any_variation() {
    let (rows, lines) = variations::run_all(1000, PER_VARIATION);
    println!("{}", variations::table(&rows));
    let wrong: Vec<&String> = lines.iter().filter(|l| l.contains("Wrong")).collect();
    assert!(wrong.is_empty(), "wrong answers shown:\n{wrong:#?}");
}
