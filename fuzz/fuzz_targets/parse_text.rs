//! The puzzle text parser on arbitrary bytes: it must return a puzzle or an error naming a
//! line and column, never panic; a parsed puzzle must print and parse back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use snapsolve::format;

fuzz_target!(|data: &[u8]| {
    match format::parse_bytes(data) {
        Ok(p) => {
            let text = format::print(&p);
            let back = format::parse(&text).expect("printed puzzles parse");
            assert_eq!(back, p, "print/parse round trip");
        }
        Err(e) => {
            assert!(e.line >= 1 && e.col >= 1, "positions are 1-based: {e:?}");
        }
    }
    let _ = format::parse_solution(&String::from_utf8_lossy(data));
});
