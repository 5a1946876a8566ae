//! Reproduces the generator article's figures and runs the exact fewest-elements search.
//!
//! `cargo run --release --example min_elements` (about six minutes on two busy cores);
//! `-- --with-8x8` also counts the 8x8 boards; `-- --counts-only` prints only the board and
//! class counts for 6x6 and 8x8.
use snapsolve::generate::{enumerate, minimise};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--counts-only") {
        for n in [6, 8] {
            let t = std::time::Instant::now();
            let c = enumerate::counts(n);
            println!(
                "{n}x{n}: {} boards, {} classes (rotations + colour swap), {} classes \
                 (rotations + reflections + colour swap) in {:.1} s",
                c.boards,
                c.article_classes,
                c.full_classes,
                t.elapsed().as_secs_f64()
            );
        }
        return;
    }
    let opts = minimise::StudyOptions {
        count_8x8: args.iter().any(|a| a == "--with-8x8"),
        ..Default::default()
    };
    print!("{}", minimise::study(&opts));
}
