//! The image pipeline (decode -> decide the game -> locate -> read) on arbitrary bytes: it
//! must return a reading or a typed error, never panic. The decoding limits are lowered so
//! each run stays fast (the limits themselves are tested elsewhere); a reading must be a
//! consistent board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use snapsolve::pipeline::{ReadOptions, read_bytes};
use snapsolve::vision::decode::DecodeOptions;

fuzz_target!(|data: &[u8]| {
    let opts = ReadOptions {
        decode: DecodeOptions {
            max_side: 1024,
            max_pixels: 600_000,
            max_file_bytes: 1 << 20,
        },
        ..ReadOptions::default()
    };
    if let Ok((img, reading)) = read_bytes(data, &opts) {
        let (rows, cols) = reading.puzzle.size();
        assert_eq!((reading.grid.rows, reading.grid.cols), (rows, cols));
        let g = &reading.grid;
        assert!(g.cell_w.is_finite() && g.cell_h.is_finite() && g.cell_w > 0.0 && g.cell_h > 0.0);
        assert!(img.width() > 0 && img.height() > 0);
        for pl in &reading.placed {
            let p = pl.pos();
            assert!(
                p.row < rows && p.col < cols,
                "placed piece off the board: {p:?}"
            );
        }
        assert!(
            (0.0..=1.0).contains(&reading.min_confidence),
            "{}",
            reading.min_confidence
        );
    }
});
