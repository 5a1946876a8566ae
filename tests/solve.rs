//! Solver tests: the seed puzzles, the real-screenshot labels, crafted outcomes, and property
//! tests against an independent brute-force counter.

use snapsolve::format;
use snapsolve::puzzle::{Edge, Marker, Pos, Puzzle, Queens, Solution, Symbol, Tango};
use snapsolve::rules;
use snapsolve::solve::{self, Conflict, EnumStop, Outcome, SolveOptions};
use std::path::PathBuf;

#[path = "support/shared.rs"]
mod shared_data;

/// `../shared` relative to the crate root, or `None` (with a visible skip line) when it does
/// not exist at all. In CI it exists, so these tests run there.
fn shared() -> Option<PathBuf> {
    shared_data::shared_path("")
}

fn seed(name: &str) -> Option<Puzzle> {
    let path = shared()?.join("puzzles").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(format::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

fn opts() -> SolveOptions {
    SolveOptions::default()
}

fn outcome(p: &Puzzle) -> Outcome {
    solve::solve(p, &opts()).expect("solve").outcome
}

fn tango(p: &Puzzle) -> &Tango {
    match p {
        Puzzle::Tango(t) => t,
        Puzzle::Queens(_) => panic!("expected a Tango puzzle"),
    }
}

#[test]
fn lets_tango_has_several_solutions_and_names_the_differing_cells() {
    let Some(p) = seed("lets-tango-article.txt") else {
        return;
    };
    match outcome(&p) {
        Outcome::Several { a, b, differ } => {
            assert_ne!(a, b);
            rules::check(&p, &a).unwrap();
            rules::check(&p, &b).unwrap();
            assert_eq!(differ, a.diff(&b));
            assert!(!differ.is_empty());
            for q in &differ {
                assert_ne!(a.symbol(*q), b.symbol(*q), "{q} listed but equal");
            }
        }
        o => panic!("expected several, got {o:?}"),
    }
    let e = solve::count(&p, &opts(), None).unwrap();
    assert_eq!((e.count, e.stop), (3, EnumStop::Exhausted));
    // The grid the article prints is one of the three.
    let printed = "MSMMSS SMSSMM MSMMSS MSMSSM SMSSMM SMSMMS";
    let mut found = false;
    solve::enumerate(&p, &opts(), None, |s| {
        let Solution::Tango { cells, .. } = s else {
            panic!()
        };
        let text: String = cells
            .chunks(6)
            .map(|r| r.iter().map(|s| s.letter()).collect::<String>())
            .collect::<Vec<_>>()
            .join(" ");
        found |= text == printed;
    })
    .unwrap();
    assert!(found, "the article's grid is not among the solutions");
}

#[test]
fn tango_151_as_printed_has_no_solution_and_the_conflict_names_both_culprits() {
    let Some(p) = seed("tango-151-as-printed.txt") else {
        return;
    };
    let eq = Conflict::Marker {
        edge: Edge::Down(Pos::new(1, 0)),
        marker: Marker::Same,
    };
    let x = Conflict::Marker {
        edge: Edge::Right(Pos::new(3, 4)),
        marker: Marker::Opposite,
    };
    let Outcome::None { conflict } = outcome(&p) else {
        panic!("expected none");
    };
    assert!(conflict.contains(&eq), "{conflict:?}");
    assert!(conflict.contains(&x), "{conflict:?}");
    // Each alone, removed, leaves exactly one solution.
    for c in [eq, x] {
        let Conflict::Marker { edge, .. } = c else {
            unreachable!()
        };
        let mut t = tango(&p).clone();
        t.set_marker(edge, None);
        let q = Puzzle::Tango(t);
        assert!(matches!(outcome(&q), Outcome::Unique(_)), "without {c}");
    }
    // The raw core also explains, and minimisation never grows it.
    let raw = SolveOptions {
        minimize_core: false,
        ..opts()
    };
    let Outcome::None { conflict: rawc } = solve::solve(&p, &raw).unwrap().outcome else {
        panic!("expected none");
    };
    assert!(rawc.len() >= conflict.len());
}

#[test]
fn minimal_conflict_sets_are_minimal() {
    let Some(p) = seed("tango-151-as-printed.txt") else {
        return;
    };
    let Outcome::None { conflict } = outcome(&p) else {
        panic!("expected none");
    };
    assert_minimal(&p, &conflict);
}

/// Removing any one member of a conflict set from the puzzle must leave a solvable puzzle,
/// and the set must be truly unsatisfiable: keeping only its members is still unsolvable.
fn assert_minimal(p: &Puzzle, conflict: &[Conflict]) {
    let t = tango(p);
    let only = |keep: &dyn Fn(&Conflict) -> bool| {
        let mut u = Tango::empty(t.rows(), t.cols());
        for c in conflict.iter().filter(|c| keep(c)) {
            match *c {
                Conflict::Given { pos, symbol } => u.set_given(pos, Some(symbol)),
                Conflict::Marker { edge, marker } => u.set_marker(edge, Some(marker)),
                _ => panic!("Queens conflict in a Tango puzzle"),
            }
        }
        Puzzle::Tango(u)
    };
    assert!(
        matches!(outcome(&only(&|_| true)), Outcome::None { .. }),
        "the conflict set alone is satisfiable: {conflict:?}"
    );
    for drop in conflict {
        let q = only(&|c| c != drop);
        assert!(
            !matches!(outcome(&q), Outcome::None { .. }),
            "{drop} is not needed in {conflict:?}"
        );
    }
}

#[test]
fn queens_307_and_the_generator_puzzles_solve_uniquely() {
    for name in [
        "queens-307.txt",
        "generator-six-givens.txt",
        "generator-hardest-1given-5markers.txt",
    ] {
        let Some(p) = seed(name) else {
            return;
        };
        match outcome(&p) {
            Outcome::Unique(s) => rules::check(&p, &s).unwrap_or_else(|v| panic!("{name}: {v}")),
            o => panic!("{name}: expected unique, got {o:?}"),
        }
    }
}

#[test]
fn queens_307_solution_is_the_known_one() {
    let Some(p) = seed("queens-307.txt") else {
        return;
    };
    let Outcome::Unique(s) = outcome(&p) else {
        panic!("expected unique")
    };
    // Cross-checked with the independent brute force below.
    let Puzzle::Queens(q) = &p else { panic!() };
    assert_eq!(brute_queens(q, 2), vec![s]);
}

#[test]
fn every_realshot_label_has_exactly_one_solution() {
    let Some(dir) = shared().map(|s| s.join("realshots/labels")) else {
        return;
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    entries.sort();
    assert!(entries.len() >= 100, "only {} labels", entries.len());
    // Every label is checked and every failure reported, not just the first.
    let mut failures = Vec::new();
    for path in &entries {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let p = match format::parse(&text) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        match solve::solve(&p, &opts()).map(|r| r.outcome) {
            Ok(Outcome::Unique(s)) => {
                if let Err(v) = rules::check(&p, &s) {
                    failures.push(format!("{name}: checker: {v}"));
                }
            }
            Ok(o) => failures.push(format!("{name}: {}", o.name())),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} labels failed:\n{}",
        failures.len(),
        entries.len(),
        failures.join("\n")
    );
}

#[test]
fn empty_6x6_tango_has_11222_solutions() {
    let p = Puzzle::Tango(Tango::empty(6, 6));
    let mut n = 0;
    let e = solve::enumerate(&p, &opts(), None, |s| {
        rules::check(&p, s).unwrap();
        n += 1;
    })
    .unwrap();
    assert_eq!((e.count, e.stop, n), (11222, EnumStop::Exhausted, 11222));
    assert_eq!(brute_tango(tango(&p), usize::MAX).len(), 11222);
}

#[test]
fn enumeration_respects_the_limit() {
    let p = Puzzle::Tango(Tango::empty(6, 6));
    let e = solve::count(&p, &opts(), Some(25)).unwrap();
    assert_eq!((e.count, e.stop), (25, EnumStop::Limit));
    let e = solve::count(&p, &opts(), Some(0)).unwrap();
    assert_eq!((e.count, e.stop), (0, EnumStop::Limit));
}

#[test]
fn crafted_tango_outcomes() {
    // Several: the empty board.
    let empty = Puzzle::Tango(Tango::empty(6, 6));
    assert!(matches!(outcome(&empty), Outcome::Several { .. }));
    // None: r1c1 = r1c2 by `=`, r1c2 = r1c3 by `=`: three alike in a row, whatever the symbol.
    let mut t = Tango::empty(6, 6);
    t.set_marker(Edge::Right(Pos::new(0, 0)), Some(Marker::Same));
    t.set_marker(Edge::Right(Pos::new(0, 1)), Some(Marker::Same));
    let p = Puzzle::Tango(t);
    let Outcome::None { conflict } = outcome(&p) else {
        panic!("expected none")
    };
    assert_eq!(conflict.len(), 2, "{conflict:?}");
    assert_minimal(&p, &conflict);
    // None from givens that break a rule (the parser refuses these; the solver explains them).
    let mut t = Tango::empty(4, 4);
    for c in 0..3 {
        t.set_given(Pos::new(1, c), Some(Symbol::Moon));
    }
    let Outcome::None { conflict } = outcome(&Puzzle::Tango(t)) else {
        panic!("expected none")
    };
    assert_eq!(conflict.len(), 3, "{conflict:?}");
}

#[test]
fn flipping_one_given_of_a_unique_puzzle_puts_it_in_the_conflict_set() {
    let Some(shared) = shared() else {
        return;
    };
    // The seed puzzles plus the Tango labels of the real screenshots (all unique).
    let mut puzzles = vec![seed("generator-six-givens.txt").unwrap()];
    let dir = shared.join("realshots/labels");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        if let Ok(p @ Puzzle::Tango(_)) = format::parse(&text) {
            puzzles.push(p);
        }
    }
    let (mut nones, mut flips) = (0, 0);
    for p in puzzles.iter().take(30) {
        assert!(matches!(outcome(p), Outcome::Unique(_)));
        let t = tango(p);
        for (pos, s) in t.givens().collect::<Vec<_>>() {
            let mut u = t.clone();
            u.set_given(pos, Some(s.other()));
            flips += 1;
            match outcome(&Puzzle::Tango(u)) {
                Outcome::None { conflict } => {
                    nones += 1;
                    let g = Conflict::Given {
                        pos,
                        symbol: s.other(),
                    };
                    assert!(conflict.contains(&g), "{g} missing from {conflict:?}");
                }
                Outcome::Timeout { .. } => panic!("timeout"),
                _ => {}
            }
        }
    }
    assert!(
        nones * 2 > flips,
        "only {nones} of {flips} flips made a puzzle unsolvable"
    );
}

#[test]
fn crafted_queens_outcomes() {
    // Several: one region per row, leaving a 4x4 non-touching placement problem (2 answers).
    let p = format::parse("queens 4x4\nA A A A\nB B B B\nC C C C\nD D D D\n").unwrap();
    match outcome(&p) {
        Outcome::Several { a, b, differ } => {
            rules::check(&p, &a).unwrap();
            rules::check(&p, &b).unwrap();
            assert!(!differ.is_empty());
        }
        o => panic!("expected several, got {o:?}"),
    }
    assert_eq!(solve::count(&p, &opts(), None).unwrap().count, 2);
    // None: regions A and B both lie in row 1. Either row 1 holds two crowns, or they block
    // all of row 2; without A (or B) the rest is solvable, so every conflict set names both.
    let p = format::parse("queens 4x4\nA A B B\nC C C C\nC C C C\nD D D D\n").unwrap();
    let Outcome::None { conflict } = outcome(&p) else {
        panic!("expected none")
    };
    assert!(conflict.contains(&Conflict::Region(0)), "{conflict:?}");
    assert!(conflict.contains(&Conflict::Region(1)), "{conflict:?}");
    assert!(
        conflict.contains(&Conflict::Row(0)) || conflict.contains(&Conflict::Row(1)),
        "{conflict:?}"
    );
    assert_eq!(conflict.len(), 3, "{conflict:?}");
}

#[test]
fn realshot_tango_labels_solve_the_same_with_and_without_propagation() {
    let Some(dir) = shared().map(|s| s.join("realshots/labels")) else {
        return;
    };
    let plain = SolveOptions {
        propagate: false,
        ..opts()
    };
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        if let Ok(p @ Puzzle::Tango(_)) = format::parse(&text) {
            n += 1;
            let a = outcome(&p);
            assert!(matches!(a, Outcome::Unique(_)), "{}", path.display());
            assert_eq!(
                a,
                solve::solve(&p, &plain).unwrap().outcome,
                "{}",
                path.display()
            );
        }
    }
    assert!(n > 50, "only {n} Tango labels");
}

#[test]
fn reused_and_fresh_models_agree() {
    let Some(p) = seed("lets-tango-article.txt") else {
        return;
    };
    let fresh = SolveOptions {
        reuse_models: false,
        ..opts()
    };
    // Which two solutions come back may differ; the outcome may not.
    for _ in 0..3 {
        let (a, b) = (outcome(&p), solve::solve(&p, &fresh).unwrap().outcome);
        assert_eq!(a.name(), b.name());
    }
    let Some(q) = seed("queens-307.txt") else {
        return;
    };
    assert_eq!(outcome(&q), solve::solve(&q, &fresh).unwrap().outcome);
}

#[test]
fn a_generous_timeout_changes_nothing_and_odd_sizes_are_errors() {
    let p = Puzzle::Tango(Tango::empty(6, 6));
    let o = SolveOptions {
        timeout_ms: Some(60_000),
        ..opts()
    };
    assert!(matches!(
        solve::solve(&p, &o).unwrap().outcome,
        Outcome::Several { .. }
    ));
    let bad = Puzzle::Tango(Tango::empty(5, 6));
    assert!(matches!(
        solve::solve(&bad, &opts()),
        Err(solve::SolveError::Puzzle(_))
    ));
}

// ---------------------------------------------------------------------------------------------
// Property tests: a deterministic PRNG, random puzzles, and an independent brute-force counter.

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, per_mille: usize) -> bool {
        self.below(1000) < per_mille
    }
}

fn random_tango(rng: &mut Rng) -> Tango {
    let sizes = [(4, 4), (6, 6), (6, 6), (4, 6), (8, 8)];
    let (rows, cols) = sizes[rng.below(sizes.len())];
    let mut t = Tango::empty(rows, cols);
    let given = 40 + rng.below(120);
    let marked = 20 + rng.below(120);
    let cells: Vec<Pos> = t.positions().collect();
    for p in cells {
        if rng.chance(given) {
            let s = if rng.chance(500) {
                Symbol::Sun
            } else {
                Symbol::Moon
            };
            t.set_given(p, Some(s));
        }
    }
    let edges: Vec<Edge> = t.edges().collect();
    for e in edges {
        if rng.chance(marked) {
            let m = if rng.chance(500) {
                Marker::Same
            } else {
                Marker::Opposite
            };
            t.set_marker(e, Some(m));
        }
    }
    t
}

/// Region maps grown from N random seeds in random order (connected regions).
fn random_queens(rng: &mut Rng) -> Queens {
    let n = 4 + rng.below(5);
    let mut label = vec![u32::MAX; n * n];
    let mut frontier = Vec::new();
    let mut k = 0;
    while k < n {
        let i = rng.below(n * n);
        if label[i] == u32::MAX {
            label[i] = k as u32;
            frontier.push(i);
            k += 1;
        }
    }
    while !frontier.is_empty() {
        let j = rng.below(frontier.len());
        let i = frontier[j];
        let (r, c) = (i / n, i % n);
        let nbrs: Vec<usize> = [
            (r.wrapping_sub(1), c),
            (r + 1, c),
            (r, c.wrapping_sub(1)),
            (r, c + 1),
        ]
        .into_iter()
        .filter(|&(a, b)| a < n && b < n)
        .map(|(a, b)| a * n + b)
        .filter(|&x| label[x] == u32::MAX)
        .collect();
        if nbrs.is_empty() {
            frontier.swap_remove(j);
        } else {
            let x = nbrs[rng.below(nbrs.len())];
            label[x] = label[i];
            frontier.push(x);
        }
    }
    Queens::new(n, &label).expect("n regions")
}

/// Every solution of a Tango puzzle (up to `cap`), by depth-first search over valid rows,
/// independent of z3.
fn brute_tango(t: &Tango, cap: usize) -> Vec<Solution> {
    let (rows, cols) = (t.rows(), t.cols());
    let mut patterns: Vec<Vec<Symbol>> = Vec::new();
    for bits in 0u32..(1 << cols) {
        let row: Vec<Symbol> = (0..cols)
            .map(|c| {
                if bits >> c & 1 == 1 {
                    Symbol::Sun
                } else {
                    Symbol::Moon
                }
            })
            .collect();
        let balanced = row.iter().filter(|&&s| s == Symbol::Sun).count() * 2 == cols;
        let three = row.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
        let markers_ok = (0..cols - 1).all(|c| {
            // Right markers are row-local; checked per row in the search below.
            let _ = c;
            true
        });
        if balanced && !three && markers_ok {
            patterns.push(row);
        }
    }
    let mut out = Vec::new();
    let mut board: Vec<Symbol> = Vec::new();
    fn dfs(
        t: &Tango,
        patterns: &[Vec<Symbol>],
        board: &mut Vec<Symbol>,
        out: &mut Vec<Solution>,
        cap: usize,
    ) {
        let (rows, cols) = (t.rows(), t.cols());
        let r = board.len() / cols;
        if out.len() >= cap {
            return;
        }
        if r == rows {
            let s = Solution::Tango {
                rows,
                cols,
                cells: board.clone(),
            };
            if rules::check(&Puzzle::Tango(t.clone()), &s).is_ok() {
                out.push(s);
            }
            return;
        }
        'pat: for pat in patterns {
            for (c, &s) in pat.iter().enumerate() {
                if t.given(Pos::new(r, c)).is_some_and(|g| g != s) {
                    continue 'pat;
                }
            }
            board.extend_from_slice(pat);
            let opt: Vec<Option<Symbol>> = board
                .iter()
                .map(|&s| Some(s))
                .chain(std::iter::repeat(None))
                .take(rows * cols)
                .collect();
            if rules::tango_partial_violation(rows, cols, &opt).is_none() {
                dfs(t, patterns, board, out, cap);
            }
            board.truncate(r * cols);
        }
    }
    dfs(t, &patterns, &mut board, &mut out, cap);
    let _ = rows;
    out
}

/// Every solution of a Queens puzzle (up to `cap`), by depth-first search over rows.
fn brute_queens(q: &Queens, cap: usize) -> Vec<Solution> {
    fn dfs(q: &Queens, crowns: &mut Vec<usize>, out: &mut Vec<Solution>, cap: usize) {
        let n = q.n();
        if out.len() >= cap {
            return;
        }
        if crowns.len() == n {
            if rules::check_queens(q, crowns).is_ok() {
                out.push(Solution::Queens {
                    crowns: crowns.clone(),
                });
            }
            return;
        }
        let r = crowns.len();
        for c in 0..n {
            let ok = crowns.iter().enumerate().all(|(r2, &c2)| {
                c2 != c
                    && q.region(Pos::new(r2, c2)) != q.region(Pos::new(r, c))
                    && !(r2 + 1 == r && c2.abs_diff(c) <= 1)
            });
            if ok {
                crowns.push(c);
                dfs(q, crowns, out, cap);
                crowns.pop();
            }
        }
    }
    let mut out = Vec::new();
    dfs(q, &mut Vec::new(), &mut out, cap);
    out
}

/// The solver's outcome agrees with the brute-force count (0, 1, 2+), returned solutions pass
/// the checker and are real solutions, and conflict sets are minimal.
fn agree(p: &Puzzle, brute: &[Solution], case: &str) {
    let o = outcome(p);
    match (&o, brute.len()) {
        (Outcome::None { conflict }, 0) => {
            assert!(!conflict.is_empty(), "{case}: empty conflict set");
            if let Puzzle::Tango(_) = p {
                assert_minimal(p, conflict);
            }
        }
        (Outcome::Unique(s), 1) => {
            rules::check(p, s).unwrap_or_else(|v| panic!("{case}: {v}"));
            assert_eq!(s, &brute[0], "{case}");
        }
        (Outcome::Several { a, b, differ }, n) if n >= 2 => {
            rules::check(p, a).unwrap_or_else(|v| panic!("{case}: {v}"));
            rules::check(p, b).unwrap_or_else(|v| panic!("{case}: {v}"));
            assert_ne!(a, b, "{case}");
            assert_eq!(differ, &a.diff(b), "{case}");
        }
        (o, n) => panic!("{case}: solver says {}, brute force finds {n}", o.name()),
    }
}

#[test]
fn property_print_then_parse_is_the_identity() {
    let mut rng = Rng(0x5eed_0001);
    let mut valid = 0;
    for case in 0..400 {
        let t = random_tango(&mut rng);
        let p = Puzzle::Tango(t.clone());
        let text = format::print(&p);
        match (t.validate(), format::parse(&text)) {
            (Ok(()), Ok(q)) => {
                valid += 1;
                assert_eq!(q, p, "case {case}:\n{text}");
                assert_eq!(format::print(&q), text);
            }
            (Err(_), Err(_)) => {}
            (v, r) => panic!("case {case}: validate {v:?} but parse {r:?}\n{text}"),
        }
    }
    assert!(valid > 50, "only {valid} valid random puzzles");
    for case in 0..200 {
        let q = random_queens(&mut rng);
        let p = Puzzle::Queens(q);
        let text = format::print(&p);
        assert_eq!(
            format::parse(&text).as_ref(),
            Ok(&p),
            "case {case}:\n{text}"
        );
    }
}

#[test]
fn property_solver_agrees_with_brute_force_on_random_tango() {
    let mut rng = Rng(0x5eed_0002);
    let mut seen = [0usize; 3];
    for case in 0..150 {
        let t = random_tango(&mut rng);
        if t.rows() * t.cols() > 36 {
            continue;
        }
        let brute = brute_tango(&t, 2);
        seen[brute.len()] += 1;
        agree(
            &Puzzle::Tango(t.clone()),
            &brute,
            &format!("tango case {case}"),
        );
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "outcome mix too narrow: {seen:?}"
    );
}

#[test]
fn property_solver_agrees_with_brute_force_on_random_queens() {
    let mut rng = Rng(0x5eed_0003);
    let mut seen = [0usize; 3];
    for case in 0..150 {
        let q = random_queens(&mut rng);
        let brute = brute_queens(&q, 2);
        seen[brute.len()] += 1;
        agree(&Puzzle::Queens(q), &brute, &format!("queens case {case}"));
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "outcome mix too narrow: {seen:?}"
    );
}

#[test]
fn property_enumeration_matches_brute_force() {
    let mut rng = Rng(0x5eed_0004);
    for case in 0..40 {
        let t = random_tango(&mut rng);
        if t.rows() * t.cols() > 36 {
            continue;
        }
        let p = Puzzle::Tango(t.clone());
        let mut got = Vec::new();
        solve::enumerate(&p, &opts(), None, |s| got.push(s.clone())).unwrap();
        let mut want = brute_tango(&t, usize::MAX);
        let key = |s: &Solution| format::print_solution(&p, s);
        got.sort_by_key(key);
        want.sort_by_key(key);
        assert_eq!(got, want, "case {case}");
    }
}
