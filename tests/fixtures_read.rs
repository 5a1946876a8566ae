//! Reads every committed fixture (fixtures/<id>.png) through the whole pipeline and compares
//! the result with its sidecars: the puzzle with <id>.txt, the placed pieces and the board
//! position with <id>.json. The read puzzle must also have exactly one solution (z3).
//! One test per fixture, so a failure names its file and shows expected and read grids side by
//! side with the differing cells marked.

mod support;

use snapsolve::board::{Grid, Placed};
use snapsolve::format;
use snapsolve::pipeline::{ReadOptions, read_path};
use snapsolve::puzzle::{Pos, Symbol};
use snapsolve::render::fixtures::parse_manifest;
use std::path::{Path, PathBuf};
use support::readcheck::{self, Truth};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

fn manifest_ids() -> Vec<String> {
    let text = std::fs::read_to_string(fixtures_dir().join("MANIFEST.tsv"))
        .expect("fixtures/MANIFEST.tsv");
    parse_manifest(&text)
        .expect("a valid manifest")
        .into_iter()
        .map(|s| s.id)
        .collect()
}

fn num(v: &serde_json::Value, key: &str, id: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("fixtures/{id}.json: no number at {key}"))
}

fn pos(v: &serde_json::Value, id: &str) -> Pos {
    Pos::new(
        num(&v["pos"], "row", id) as usize,
        num(&v["pos"], "col", id) as usize,
    )
}

/// Reads the ground truth sidecar (board position and placed pieces).
fn truth_json(id: &str) -> (Grid, Vec<Placed>) {
    let text =
        std::fs::read_to_string(fixtures_dir().join(format!("{id}.json"))).expect("fixture JSON");
    let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let g = &v["grid"];
    let grid = Grid {
        rows: num(g, "rows", id) as usize,
        cols: num(g, "cols", id) as usize,
        left: num(g, "left", id) as f32,
        top: num(g, "top", id) as f32,
        cell_w: num(g, "cell_w", id) as f32,
        cell_h: num(g, "cell_h", id) as f32,
    };
    let placed = v["placed"]
        .as_array()
        .unwrap_or_else(|| panic!("fixtures/{id}.json: no placed list"))
        .iter()
        .map(|p| match p["kind"].as_str() {
            Some("symbol") => Placed::Symbol {
                pos: pos(p, id),
                symbol: match p["symbol"].as_str() {
                    Some("sun") => Symbol::Sun,
                    Some("moon") => Symbol::Moon,
                    other => panic!("fixtures/{id}.json: symbol {other:?}"),
                },
            },
            Some("crown") => Placed::Crown { pos: pos(p, id) },
            Some("cross") => Placed::Cross { pos: pos(p, id) },
            other => panic!("fixtures/{id}.json: piece kind {other:?}"),
        })
        .collect();
    (grid, placed)
}

fn check(id: &str) {
    let dir = fixtures_dir();
    let txt = std::fs::read_to_string(dir.join(format!("{id}.txt"))).expect("label");
    let puzzle = format::parse(&txt).unwrap_or_else(|e| panic!("fixtures/{id}.txt: {e}"));
    let (grid, placed) = truth_json(id);
    let truth = Truth {
        puzzle,
        placed,
        grid,
    };
    let png = dir.join(format!("{id}.png"));
    let (_, reading) = read_path(&png, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("fixtures/{id}.png: not read: {e}"));
    let m = readcheck::compare(&truth, &reading);
    let (outcome, _) = readcheck::solve_outcome(&reading.puzzle);
    if !m.is_exact() {
        panic!(
            "fixtures/{id}.png read wrongly: {}\n{}doubts: {:?}\nsolver: {outcome}\n\
             expected pieces: {:?}\nread pieces:     {:?}\nexpected grid: {:?}\nread grid:     {:?}",
            m.summary(),
            readcheck::side_by_side(&truth.puzzle, &reading.puzzle),
            reading.doubts,
            truth.placed,
            reading.placed,
            truth.grid,
            reading.grid,
        );
    }
    assert_eq!(
        outcome, "unique",
        "fixtures/{id}.png: the read puzzle must have exactly one solution"
    );
}

macro_rules! fixtures {
    ($($name:ident => $id:literal,)*) => {
        $(
            #[test]
            fn $name() {
                check($id);
            }
        )*

        #[test]
        fn every_fixture_has_a_read_test() {
            let listed: Vec<&str> = vec![$($id),*];
            let ids = manifest_ids();
            for id in &ids {
                assert!(listed.contains(&id.as_str()), "{id} has no test in tests/fixtures_read.rs");
            }
            for id in &listed {
                assert!(ids.iter().any(|i| i == id), "{id} is not in fixtures/MANIFEST.tsv");
            }
        }
    };
}

fixtures! {
    tango_6_light_none_raw => "tango-6x6-light-none-raw",
    tango_6_light_none_in_progress => "tango-6x6-light-none-in-progress",
    tango_6_dark_none_solved => "tango-6x6-dark-none-solved",
    tango_6_light_desktop_raw => "tango-6x6-light-desktop-raw",
    tango_6_dark_desktop_in_progress_q80 => "tango-6x6-dark-desktop-in-progress-q80",
    tango_6_light_phone_solved => "tango-6x6-light-phone-solved",
    tango_6_dark_phone_raw => "tango-6x6-dark-phone-raw",
    tango_6_light_none_raw_q60 => "tango-6x6-light-none-raw-q60",
    tango_8_light_none_raw => "tango-8x8-light-none-raw",
    tango_8_dark_phone_in_progress => "tango-8x8-dark-phone-in-progress",
    tango_8_light_desktop_solved => "tango-8x8-light-desktop-solved",
    queens_5_light_none_raw => "queens-5x5-light-none-raw",
    queens_6_dark_none_in_progress => "queens-6x6-dark-none-in-progress",
    queens_7_light_desktop_raw => "queens-7x7-light-desktop-raw",
    queens_8_light_phone_solved => "queens-8x8-light-phone-solved",
    queens_9_dark_phone_raw => "queens-9x9-dark-phone-raw",
    queens_10_light_none_in_progress => "queens-10x10-light-none-in-progress",
    queens_11_dark_desktop_solved => "queens-11x11-dark-desktop-solved",
    queens_12_light_none_solved_q75 => "queens-12x12-light-none-solved-q75",
    queens_9_light_none_raw => "queens-9x9-light-none-raw",
    queens_9_dark_none_raw => "queens-9x9-dark-none-raw",
}

/// Every fixture's reading carries the learned models' class probabilities for every cell and
/// every edge between neighbours (issue 10: the reading carries probabilities, not only the
/// best class); each is a distribution, and its most likely class is the truth on all but a
/// few elements of the whole set (the models are calibrated, not perfect).
#[test]
fn every_reading_carries_calibrated_probabilities_of_every_cell_and_edge() {
    use snapsolve::puzzle::{Edge, Marker, Puzzle};
    let argmax = |p: &[f32]| {
        (0..p.len())
            .max_by(|&a, &b| p[a].total_cmp(&p[b]))
            .expect("classes")
    };
    let (mut elements, mut agree) = (0usize, 0usize);
    for id in manifest_ids() {
        let dir = fixtures_dir();
        let txt = std::fs::read_to_string(dir.join(format!("{id}.txt"))).expect("label");
        let truth = format::parse(&txt).expect("label parses");
        let (_, placed) = truth_json(&id);
        let (_, reading) = read_path(&dir.join(format!("{id}.png")), &ReadOptions::default())
            .unwrap_or_else(|e| panic!("fixtures/{id}.png: not read: {e}"));
        let p = reading
            .probabilities
            .as_ref()
            .unwrap_or_else(|| panic!("fixtures/{id}.png: no probabilities"));
        let (rows, cols) = truth.size();
        assert_eq!(p.cells.len(), rows * cols, "{id}: one entry per cell");
        assert_eq!(
            p.edges.len(),
            2 * rows * cols - rows - cols,
            "{id}: one per edge"
        );
        for v in p.cells.iter().chain(p.edges.iter().map(|(_, v)| v)) {
            let sum: f32 = v.iter().sum();
            assert!((sum - 1.0).abs() < 1e-3 && v.iter().all(|&x| (0.0..=1.0).contains(&x)));
        }
        let piece = |pos: Pos| placed.iter().find(|q| q.pos() == pos);
        for (i, v) in p.cells.iter().enumerate() {
            let pos = Pos::new(i / cols, i % cols);
            let want = match &truth {
                Puzzle::Tango(t) => match t.given(pos).or(match piece(pos) {
                    Some(Placed::Symbol { symbol, .. }) => Some(*symbol),
                    _ => None,
                }) {
                    None => 0,
                    Some(Symbol::Sun) => 1,
                    Some(Symbol::Moon) => 2,
                },
                Puzzle::Queens(_) => match piece(pos) {
                    None => 0,
                    Some(Placed::Cross { .. }) => 1,
                    Some(_) => 2,
                },
            };
            elements += 1;
            agree += usize::from(argmax(v) == want);
        }
        for (e, v) in &p.edges {
            let want = match &truth {
                Puzzle::Tango(t) => match t.marker(*e) {
                    None => 0,
                    Some(Marker::Same) => 1,
                    Some(Marker::Opposite) => 2,
                },
                Puzzle::Queens(q) => {
                    let (a, b) = Edge::cells(*e);
                    usize::from(q.region(a) != q.region(b))
                }
            };
            elements += 1;
            agree += usize::from(argmax(v) == want);
        }
    }
    assert!(elements > 1000, "{elements} elements");
    assert!(
        agree as f64 >= 0.99 * elements as f64,
        "the models' best class is the truth on {agree} of {elements} elements"
    );
}
