//! Unit tests of the certify stage.

use super::*;
use crate::board::Placed;
use crate::format;

fn reading(p: Puzzle, doubts: Vec<Doubt>) -> Reading {
    Reading::for_test(p, Vec::new(), doubts)
}

fn tango(text: &str) -> Tango {
    match format::parse(text).unwrap() {
        Puzzle::Tango(t) => t,
        _ => panic!("not tango"),
    }
}

fn unique(t: &Tango) -> Solution {
    let o = BitTango::from_tango(t).solve_up_to(2);
    assert_eq!(o.count, 1);
    o.first.unwrap()
}

fn six() -> Tango {
    tango(include_str!("../../fixtures/examples/tango-six-givens.txt"))
}

#[test]
fn no_doubt_is_certain() {
    let t = six();
    let s = unique(&t);
    let r = reading(Puzzle::Tango(t), vec![]);
    assert!(matches!(
        certify_unique(&r, &s, &CertifyOptions::default()),
        Certificate::Certain { .. }
    ));
}

/// A doubted given whose other symbol also gives a unique (different) solution makes the
/// answer uncertain, naming that cell.
#[test]
fn a_doubted_given_that_decides_is_uncertain() {
    let t = six();
    let s = unique(&t);
    // Find a given whose flip still gives exactly one solution.
    let flip = t.givens().find_map(|(p, g)| {
        let mut f = t.clone();
        f.set_given(p, Some(g.other()));
        (BitTango::from_tango(&f).solve_up_to(2).count == 1).then_some(p)
    });
    let Some(p) = flip else {
        return; // this puzzle has no such given: nothing to test with it
    };
    let r = reading(
        Puzzle::Tango(t),
        vec![Doubt::Cell {
            pos: p,
            confidence: 0.3,
            given_only: false,
        }],
    );
    match certify_unique(&r, &s, &CertifyOptions::default()) {
        Certificate::Uncertain {
            deciding,
            alternatives,
            ..
        } => {
            assert!(deciding.contains(&Element::Cell { pos: p }));
            assert!(!alternatives.is_empty());
        }
        other => panic!("expected uncertain, got {other:?}"),
    }
}

/// Tango's relaxed-solution method agrees with trying every alternative by brute force.
#[test]
fn tango_reachable_matches_brute_force() {
    reachable_matches_brute_force(false, false);
}

/// ... also when the free cells' symbols were seen (each is that given or empty).
#[test]
fn tango_reachable_with_seen_symbols_matches_brute_force() {
    reachable_matches_brute_force(true, false);
}

/// ... also when the free edges lie between pieces shown (each is their relation or none).
#[test]
fn tango_reachable_with_shown_pieces_matches_brute_force() {
    reachable_matches_brute_force(false, true);
    reachable_matches_brute_force(true, true);
}

fn reachable_matches_brute_force(seen: bool, shown: bool) {
    let t = six();
    let mut free: Vec<Free> = Vec::new();
    let elems: Vec<Element> = t
        .givens()
        .map(|(pos, _)| Element::Cell { pos })
        .take(2)
        .chain(t.edges().take(2).map(|edge| Element::Edge { edge }))
        .collect();
    let p = Puzzle::Tango(t.clone());
    for e in elems {
        free.push(Free {
            element: e,
            read: value_of(&p, e),
            confidence: 0.1,
            seen: match e {
                Element::Cell { pos } if seen => t.given(pos),
                _ => None,
            },
            // Both relations, on the two free edges.
            shown: match e {
                Element::Edge { .. } if shown => {
                    Some([Marker::Same, Marker::Opposite][free.len() % 2])
                }
                _ => None,
            },
        });
    }
    let (fast, complete) = tango_reachable(&t, &free, usize::MAX, usize::MAX);
    assert!(complete);
    let mut fast: Vec<Solution> = fast.into_iter().map(|(_, s)| s).collect();
    // Brute force: every value of every free element.
    let mut slow: Vec<Solution> = Vec::new();
    for code in 0..3usize.pow(free.len() as u32) {
        let mut alt = t.clone();
        let mut c = code;
        let mut possible = true;
        for f in &free {
            let v = c % 3;
            c /= 3;
            match f.element {
                Element::Cell { pos } => match f.seen {
                    Some(_) if v == 2 => possible = false,
                    Some(s) => alt.set_given(pos, [None, Some(s)][v]),
                    None => alt.set_given(pos, [None, Some(Symbol::Sun), Some(Symbol::Moon)][v]),
                },
                Element::Edge { edge } => {
                    let m = [None, Some(Marker::Same), Some(Marker::Opposite)][v];
                    if f.shown.is_some_and(|s| m.is_some_and(|m| m != s)) {
                        possible = false;
                    }
                    alt.set_marker(edge, m)
                }
            }
        }
        if !possible || alt.validate().is_err() {
            continue;
        }
        let o = BitTango::from_tango(&alt).solve_up_to(2);
        if o.count == 1 {
            let s = o.first.unwrap();
            if !slow.contains(&s) {
                slow.push(s);
            }
        }
    }
    let key = |s: &Solution| format!("{s:?}");
    fast.sort_by_key(key);
    slow.sort_by_key(key);
    assert_eq!(fast, slow);
}

/// The relaxed solutions' uniqueness counted at once gives what asking each one's strongest
/// puzzle for a second solution gave, in the same order, complete or cut short by
/// `max_relaxed` or `limit`, with what the free elements fix alike (no seen symbols or shown
/// pieces) or varying (seen and shown on every one: more than 64 kinds).
#[test]
fn tango_reachable_counts_as_the_search_one_by_one_finds() {
    let one_by_one = |t: &Tango, free: &[Free], max_relaxed: usize, limit: usize| {
        let mut relaxed = t.clone();
        for f in free {
            match f.element {
                Element::Cell { pos } => relaxed.set_given(pos, None),
                Element::Edge { edge } => relaxed.set_marker(edge, None),
            }
        }
        let base = BitTango::from_tango(&relaxed);
        let (mut found, mut visited, mut complete) = (Vec::new(), 0usize, true);
        base.for_each_solution(|rows| {
            visited += 1;
            if visited > max_relaxed {
                complete = false;
                return false;
            }
            if strongest_tango(&base, free, rows).is_unique() {
                found.push(rows_to_solution(rows, t.cols()));
                if found.len() >= limit {
                    complete = false;
                    return false;
                }
            }
            true
        });
        (found, complete)
    };
    let free_of = |t: &Tango, cells: usize, edges: usize, varying: bool| -> Vec<Free> {
        let p = Puzzle::Tango(t.clone());
        t.positions()
            .map(|pos| Element::Cell { pos })
            .take(cells)
            .chain(t.edges().take(edges).map(|edge| Element::Edge { edge }))
            .enumerate()
            .map(|(k, e)| Free {
                element: e,
                read: value_of(&p, e),
                confidence: 0.1,
                seen: match e {
                    Element::Cell { .. } if varying => Some([Symbol::Sun, Symbol::Moon][k % 2]),
                    _ => None,
                },
                shown: match e {
                    Element::Edge { .. } if varying => {
                        Some([Marker::Same, Marker::Opposite][k % 2])
                    }
                    _ => None,
                },
            })
            .collect()
    };
    let empty = tango(&format!("tango 6x6\n{}", ". . . . . .\n\n".repeat(6)));
    let (mut found, mut kinds_over_64) = (0usize, false);
    for (t, cells, edges) in [(six(), 4, 6), (empty, 6, 10)] {
        for varying in [false, true] {
            let free = free_of(&t, cells, edges, varying);
            for (max_relaxed, limit) in [
                (usize::MAX, usize::MAX),
                (usize::MAX, 2),
                (500, usize::MAX),
                (40, 1),
            ] {
                let (fast, complete) = tango_reachable(&t, &free, max_relaxed, limit);
                let fast: Vec<Solution> = fast.into_iter().map(|(_, s)| s).collect();
                let (slow, slow_complete) = one_by_one(&t, &free, max_relaxed, limit);
                found += fast.len();
                assert_eq!(
                    (fast, complete),
                    (slow, slow_complete),
                    "varying {varying}, max_relaxed {max_relaxed}, limit {limit}"
                );
            }
            let relaxed: Vec<Vec<u16>> = {
                let mut r = t.clone();
                for f in &free {
                    match f.element {
                        Element::Cell { pos } => r.set_given(pos, None),
                        Element::Edge { edge } => r.set_marker(edge, None),
                    }
                }
                let mut all = Vec::new();
                BitTango::from_tango(&r).for_each_solution(|rows| {
                    all.push(rows.to_vec());
                    true
                });
                all
            };
            let rows: Vec<&[u16]> = relaxed.iter().map(Vec::as_slice).collect();
            kinds_over_64 |= unique_by_counting(&free, &rows).is_some_and(|(_, exact)| !exact);
        }
    }
    assert!(found > 0, "some relaxed solutions are unique");
    assert!(
        kinds_over_64,
        "a case where what the free elements fix varies"
    );
}

/// A phantom marker that makes the puzzle unsolvable, read with doubt, is dropped.
#[test]
fn a_doubted_phantom_marker_is_repaired() {
    let t = six();
    let s = unique(&t);
    // Add a marker that contradicts the solution on an edge without one.
    let edge = t
        .edges()
        .find(|&e| t.marker(e).is_none())
        .expect("an edge without marker");
    let want = implied(&s, Element::Edge { edge }).unwrap();
    let wrong = match want {
        Value::Marker(Marker::Same) => Marker::Opposite,
        _ => Marker::Same,
    };
    let mut bad = t.clone();
    bad.set_marker(edge, Some(wrong));
    assert_eq!(BitTango::from_tango(&bad).solve_up_to(2).count, 0);
    let r = reading(
        Puzzle::Tango(bad),
        vec![Doubt::Edge {
            edge,
            confidence: 0.3,
        }],
    );
    match repair(&r, &CertifyOptions::default()) {
        Certificate::Repaired {
            solution, changes, ..
        } => {
            assert_eq!(solution, s);
            assert_eq!(changes.len(), 1);
            assert_eq!(changes[0].element, Element::Edge { edge });
        }
        other => panic!("expected a repair, got {other:?}"),
    }
}

/// A marker read as the wrong kind (`=` for `x`), with doubt, on an edge the puzzle needs: the
/// repair takes the other kind, not just no marker (which would leave several solutions).
#[test]
fn a_doubted_marker_of_the_wrong_kind_is_flipped() {
    let full = six();
    let s = unique(&full);
    let count = |t: &Tango| BitTango::from_tango(t).solve_up_to(2).count;
    // A given whose loss leaves several solutions, and an edge whose marker (as the solution
    // has it) restores one, while the other kind does not give exactly one.
    let case = full.givens().find_map(|(g, _)| {
        let mut t = full.clone();
        t.set_given(g, None);
        if count(&t) < 2 {
            return None;
        }
        t.edges()
            .filter(|&e| t.marker(e).is_none())
            .find_map(|edge| {
                let Some(Value::Marker(want)) = implied(&s, Element::Edge { edge }) else {
                    return None;
                };
                let wrong = if want == Marker::Same {
                    Marker::Opposite
                } else {
                    Marker::Same
                };
                let (mut right, mut bad) = (t.clone(), t.clone());
                right.set_marker(edge, Some(want));
                bad.set_marker(edge, Some(wrong));
                (count(&right) == 1 && count(&bad) != 1).then_some((bad, edge, want))
            })
    });
    let (bad, edge, want) = case.expect("a needed marker in the example");
    let r = reading(
        Puzzle::Tango(bad),
        vec![Doubt::Edge {
            edge,
            confidence: 0.2,
        }],
    );
    match repair(&r, &CertifyOptions::default()) {
        Certificate::Repaired {
            solution, changes, ..
        } => {
            assert_eq!(solution, s);
            assert_eq!(changes.len(), 1, "{changes:?}");
            assert_eq!(changes[0].element, Element::Edge { edge });
            assert_eq!(changes[0].now, Value::Marker(want));
        }
        other => panic!("expected a repair, got {other:?}"),
    }
}

/// The same phantom marker read with confidence is not touched.
#[test]
fn a_confident_misread_is_not_repaired() {
    let t = six();
    let s = unique(&t);
    let edge = t.edges().find(|&e| t.marker(e).is_none()).unwrap();
    let wrong = match implied(&s, Element::Edge { edge }) {
        Some(Value::Marker(Marker::Same)) => Marker::Opposite,
        _ => Marker::Same,
    };
    let mut bad = t.clone();
    bad.set_marker(edge, Some(wrong));
    let r = reading(
        Puzzle::Tango(bad),
        vec![Doubt::Edge {
            edge,
            confidence: 0.8,
        }],
    );
    assert!(matches!(
        repair(&r, &CertifyOptions::default()),
        Certificate::Unrepaired { .. }
    ));
}

/// Queens: a doubted cell whose neighbouring region gives another unique solution.
#[test]
fn queens_alternatives_are_found() {
    let p = format::parse(include_str!("../../fixtures/examples/queens-307.txt"));
    let Ok(Puzzle::Queens(q)) = p else {
        return; // example missing in this checkout: nothing to test with
    };
    let s = BitQueens::from_queens(&q).solve_up_to(2).first.unwrap();
    let r = reading(Puzzle::Queens(q.clone()), vec![]);
    assert!(matches!(
        certify_unique(&r, &s, &CertifyOptions::default()),
        Certificate::Certain { .. }
    ));
    // Every cell doubted at once exceeds a tiny budget: never certain.
    let doubts = (0..q.n())
        .map(|i| Doubt::Cell {
            pos: Pos::new(i, i),
            confidence: 0.1,
            given_only: false,
        })
        .collect();
    let r = reading(Puzzle::Queens(q), doubts);
    let opts = CertifyOptions {
        max_queens_maps: 3,
        ..CertifyOptions::default()
    };
    assert!(!matches!(
        certify_unique(&r, &s, &opts),
        Certificate::Certain { .. }
    ));
}

/// A doubted marker between two pieces shown on its cells is their relation or none: another
/// kind, which the pieces would break under LinkedIn's rule-break stripes, gives no
/// alternative; with stripes seen on the board the pieces bind nothing.
/// A 6x6 puzzle with exactly two solutions, `s` one of them: `s`'s cells as givens, removed
/// one by one (row-major) while at most two solutions remain.
fn two_solutions(s: &Solution) -> Tango {
    let mut t = Tango::empty(6, 6);
    for p in t.positions().collect::<Vec<_>>() {
        t.set_given(p, s.symbol(p));
    }
    for p in t.positions().collect::<Vec<_>>() {
        let mut fewer = t.clone();
        fewer.set_given(p, None);
        if BitTango::from_tango(&fewer).solve_up_to(3).count <= 2 {
            t = fewer;
        }
    }
    t
}

#[test]
fn pieces_shown_across_a_doubted_marker_bind_it() {
    let s = unique(&six());
    let t = two_solutions(&s);
    assert_eq!(BitTango::from_tango(&t).solve_up_to(3).count, 2);
    let (mut bound, mut uncertain) = (0, 0);
    for edge in t.edges() {
        let (a, b) = edge.cells();
        let (x, y) = (s.symbol(a).unwrap(), s.symbol(b).unwrap());
        let kind = if x == y {
            Marker::Same
        } else {
            Marker::Opposite
        };
        let mut read = t.clone();
        read.set_marker(edge, Some(kind));
        if BitTango::from_tango(&read).solve_up_to(2).count != 1 {
            continue;
        }
        let doubts = vec![Doubt::Edge {
            edge,
            confidence: 0.1,
        }];
        let placed: Vec<Placed> = [(a, x), (b, y)]
            .into_iter()
            .filter(|&(p, _)| t.given(p).is_none())
            .map(|(pos, symbol)| Placed::Symbol { pos, symbol })
            .collect();
        let bare = reading(Puzzle::Tango(read.clone()), doubts.clone());
        if !matches!(
            certify_unique(&bare, &s, &CertifyOptions::default()),
            Certificate::Uncertain { .. }
        ) {
            continue;
        }
        uncertain += 1;
        let mut with_pieces = Reading::for_test(Puzzle::Tango(read), placed, doubts);
        let shown = free_elements(&with_pieces, &CertifyOptions::default());
        assert_eq!(shown[0].shown, Some(kind));
        // The other kind of marker is the only alternative that differed: bound, no doubt.
        let c = certify_unique(&with_pieces, &s, &CertifyOptions::default());
        if matches!(c, Certificate::Certain { .. }) {
            bound += 1;
        }
        with_pieces.overlay_seen = true;
        assert_eq!(
            free_elements(&with_pieces, &CertifyOptions::default())[0].shown,
            None
        );
        assert!(matches!(
            certify_unique(&with_pieces, &s, &CertifyOptions::default()),
            Certificate::Uncertain { .. }
        ));
    }
    eprintln!("{bound} of {uncertain} uncertain readings made certain by the pieces");
    assert!(
        bound > 0,
        "no doubted marker of the puzzle was bound by pieces"
    );
}

/// Pieces that break a rule the reader sees without doubt (three alike in a line) show that
/// LinkedIn's stripes were there and missed: then the pieces bind no marker.
#[test]
fn pieces_breaking_a_rule_bind_nothing() {
    let mut t = Tango::empty(6, 6);
    let edge = Edge::Right(Pos::new(0, 0));
    t.set_marker(edge, Some(Marker::Opposite));
    let doubts = vec![Doubt::Edge {
        edge,
        confidence: 0.1,
    }];
    let sun = |r: usize, c: usize| Placed::Symbol {
        pos: Pos::new(r, c),
        symbol: Symbol::Sun,
    };
    let two = Reading::for_test(
        Puzzle::Tango(t.clone()),
        vec![sun(0, 0), sun(0, 1)],
        doubts.clone(),
    );
    let opts = CertifyOptions::default();
    assert_eq!(free_elements(&two, &opts)[0].shown, Some(Marker::Same));
    let three = Reading::for_test(
        Puzzle::Tango(t),
        vec![sun(0, 0), sun(0, 1), sun(1, 0), sun(2, 0)],
        doubts,
    );
    assert_eq!(free_elements(&three, &opts)[0].shown, None);
}

/// `CertifyOptions::repair_guard_min` counts per board kind: with `[2, 1]`, on a board of
/// small glyphs (`Reading::small_glyphs`) a repair overriding one glyph of a kind must stand
/// with the weak reads of that kind free too, on other boards one override is not enough
/// to call for it; with the default `[1, 1]` it is on both.
#[test]
fn one_override_on_a_small_glyph_board_frees_the_weak_reads_of_its_kind() {
    let t = tango(include_str!("../../fixtures/examples/tango-8x8.txt"));
    let s = unique(&t);
    let opts = CertifyOptions {
        repair_guard_min: [2, 1],
        ..CertifyOptions::default()
    };
    let defaults = CertifyOptions::default();
    // A phantom marker of one kind (doubted) and the true markers of that kind read weakly,
    // such that the repair drops the phantom and freeing the weak reads reaches another
    // solution.
    let case = t
        .edges()
        .filter(|&e| t.marker(e).is_none())
        .find_map(|phantom| {
            let Some(Value::Marker(want)) = implied(&s, Element::Edge { edge: phantom }) else {
                return None;
            };
            let kind = if want == Marker::Same {
                Marker::Opposite
            } else {
                Marker::Same
            };
            let mut bad = t.clone();
            bad.set_marker(phantom, Some(kind));
            // Every true marker of that kind read weakly.
            let weak: Vec<Doubt> = t
                .markers()
                .filter(|&(_, m)| m == kind)
                .map(|(edge, _)| Doubt::Edge {
                    edge,
                    confidence: 0.8,
                })
                .collect();
            let mut r = reading(
                Puzzle::Tango(bad),
                vec![Doubt::Edge {
                    edge: phantom,
                    confidence: 0.3,
                }],
            );
            r.weak = weak;
            let large = repair(&r, &opts);
            let large_default = repair(&r, &defaults);
            r.small_glyphs = true;
            let small = repair(&r, &opts);
            (matches!(large, Certificate::Repaired { ref solution, .. } if *solution == s)
                && matches!(small, Certificate::Uncertain { .. })
                && matches!(large_default, Certificate::Uncertain { .. }))
            .then_some(())
        });
    assert!(
        case.is_some(),
        "no phantom marker of the example is vouched for differently on small glyphs"
    );
}

/// A marker read surely between two of the player's pieces that break it, with no stripes on
/// their cells, is free when the answer calls pieces elsewhere wrong
/// (`CertifyOptions::broken_marker_free`): the board as the player filled it shows the marker
/// may be misread, so an answer resting on it is uncertain; with stripes on the cells the
/// break is LinkedIn's and the marker stays as read.
#[test]
fn a_sure_marker_the_pieces_break_without_stripes_is_free() {
    let s = unique(&six());
    let t = two_solutions(&s);
    let opts = CertifyOptions::default();
    let mut tried = 0;
    for edge in t.edges() {
        let (a, b) = edge.cells();
        if t.given(a).is_some() || t.given(b).is_some() {
            continue;
        }
        // The marker of the other kind than the solution's, read surely.
        let wrong = if s.symbol(a) == s.symbol(b) {
            Marker::Opposite
        } else {
            Marker::Same
        };
        let mut read = t.clone();
        read.set_marker(edge, Some(wrong));
        let o = BitTango::from_tango(&read).solve_up_to(2);
        let (1, Some(answer)) = (o.count, o.first) else {
            continue;
        };
        tried += 1;
        // The player's full board is the true solution.
        let placed: Vec<Placed> = t
            .positions()
            .filter(|&p| t.given(p).is_none())
            .map(|pos| Placed::Symbol {
                pos,
                symbol: s.symbol(pos).unwrap(),
            })
            .collect();
        let mut r = Reading::for_test(Puzzle::Tango(read), placed, Vec::new());
        assert!(
            matches!(
                certify_unique(&r, &answer, &opts),
                Certificate::Uncertain { ref deciding, .. }
                    if deciding.contains(&Element::Edge { edge })
            ),
            "{edge:?} broken by the pieces is not doubted"
        );
        let off = CertifyOptions {
            broken_marker_free: false,
            ..opts
        };
        assert!(matches!(
            certify_unique(&r, &answer, &off),
            Certificate::Certain { .. }
        ));
        r.striped = vec![a, b];
        assert!(matches!(
            certify_unique(&r, &answer, &opts),
            Certificate::Certain { .. }
        ));
    }
    assert!(
        tried > 0,
        "no wrong marker of the puzzle left it one solution"
    );
}

/// The Queens alternatives' enumeration visits every assignment with a given number of
/// changes once, and no other (as filtering the whole product would), and stops when asked.
#[test]
fn with_changes_visits_each_assignment_of_a_size_once() {
    let sizes = [2usize, 3, 1, 4, 2];
    let mut all: Vec<Vec<usize>> = vec![Vec::new()];
    for &s in &sizes {
        all = all
            .into_iter()
            .flat_map(|v| {
                (0..s).map(move |o| {
                    let mut w = v.clone();
                    w.push(o);
                    w
                })
            })
            .collect();
    }
    for changes in 0..=sizes.len() {
        let mut want: Vec<Vec<usize>> = all
            .iter()
            .filter(|v| v.iter().filter(|&&o| o != 0).count() == changes)
            .cloned()
            .collect();
        let mut got = Vec::new();
        let mut choice = vec![0; sizes.len()];
        assert!(with_changes(&sizes, changes, 0, &mut choice, &mut |c| {
            got.push(c.to_vec());
            true
        }));
        want.sort();
        got.sort();
        assert_eq!(got, want, "{changes} changes");
    }
    let mut seen = 0;
    let mut choice = vec![0; sizes.len()];
    assert!(!with_changes(&sizes, 2, 0, &mut choice, &mut |_| {
        seen += 1;
        seen < 3
    }));
    assert_eq!(seen, 3);
}
