//! Reproduces the generator article's figures and runs the exact fewest-elements search.
//! `cargo run --release --example min_elements [-- --with-8x8]`
use snapsolve::generate::minimise;

fn main() {
    let with_8 = std::env::args().any(|a| a == "--with-8x8");
    let opts = minimise::StudyOptions {
        count_8x8: with_8,
        ..Default::default()
    };
    let study = minimise::study(&opts);
    print!("{study}");
}
