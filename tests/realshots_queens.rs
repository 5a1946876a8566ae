//! Reads every real Queens screenshot in ../shared/realshots and compares the region map with
//! its label (MANIFEST.tsv's `label` column is authoritative). Negatives and Tango boards must
//! be refused by the Queens reader. Prints one line per image and a per-kind table, then
//! asserts that every labelled image was read exactly.
//!
//! On solved boards the crowns the reader reports are checked against the puzzle's unique
//! solution (a crown off the solution is a misread); crowns and x marks are printed for all.

use rayon::prelude::*;
use snapsolve::board::Placed;
use snapsolve::format;
use snapsolve::puzzle::{Pos, Puzzle, Queens};
use snapsolve::vision::ReadError;
use snapsolve::vision::decode::{DecodeOptions, decode};
use snapsolve::vision::queens::{QueensReadOptions, read_queens};
use std::collections::BTreeMap;
use std::path::Path;

#[path = "support/shared.rs"]
mod shared_data;

struct Row {
    file: String,
    label: Option<String>,
    kinds: Vec<String>,
}

fn manifest(root: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(root.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (f, l, k) = (col("file"), col("label"), col("kind"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: Vec<&str> = line.split('\t').collect();
            Row {
                file: v[f].to_string(),
                label: (v[l] != "-").then(|| v[l].to_string()),
                kinds: v[k].split(',').map(|s| s.trim().to_string()).collect(),
            }
        })
        .collect()
}

/// All solutions up to `limit`, by backtracking (row by row).
fn solve(q: &Queens, limit: usize) -> Vec<Vec<usize>> {
    fn go(q: &Queens, row: usize, cols: &mut Vec<usize>, out: &mut Vec<Vec<usize>>, limit: usize) {
        let n = q.n();
        if out.len() >= limit {
            return;
        }
        if row == n {
            out.push(cols.clone());
            return;
        }
        for c in 0..n {
            let ok = cols.iter().enumerate().all(|(r, &cc)| {
                cc != c
                    && !(row - r == 1 && cc.abs_diff(c) <= 1)
                    && q.region(Pos::new(r, cc)) != q.region(Pos::new(row, c))
            });
            if ok {
                cols.push(c);
                go(q, row + 1, cols, out, limit);
                cols.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(q, 0, &mut Vec::new(), &mut out, limit);
    out
}

fn side_by_side(want: &str, got: &str) -> String {
    let w: Vec<&str> = want.lines().filter(|l| !l.starts_with('#')).collect();
    let g: Vec<&str> = got.lines().filter(|l| !l.starts_with('#')).collect();
    let width = w.iter().map(|l| l.len()).max().unwrap_or(0);
    let mut s = format!("    {:width$}   | actual\n", "expected");
    for i in 0..w.len().max(g.len()) {
        let a = w.get(i).copied().unwrap_or("");
        let b = g.get(i).copied().unwrap_or("");
        let mark = if a == b { " " } else { "*" };
        s.push_str(&format!("  {mark} {a:width$}   | {b}\n"));
    }
    s
}

enum Outcome {
    Exact,
    Wrong(String),
    Refused(String),
    CorrectlyRefused,
    WronglyRead(String),
}

#[test]
fn realshots_queens() {
    let Some(root) = shared_data::shared_path("realshots") else {
        return;
    };
    let rows: Vec<Row> = manifest(&root)
        .into_iter()
        .filter(|r| {
            r.file.starts_with("queens/")
                || r.file.starts_with("negative/")
                || r.file.starts_with("tango/")
        })
        .collect();
    assert!(
        rows.iter()
            .filter(|r| r.file.starts_with("queens/"))
            .count()
            >= 80
    );
    let opts = QueensReadOptions::default();
    let results: Vec<(usize, Outcome, String)> = rows
        .par_iter()
        .enumerate()
        .map(|(i, row)| {
            let bytes = std::fs::read(root.join(&row.file)).expect("image");
            let img = decode(&bytes, &DecodeOptions::default()).expect("decodes");
            let got = read_queens(&img, &opts);
            if !row.file.starts_with("queens/") {
                return match got {
                    Err(ReadError::NoBoard(why)) => (i, Outcome::CorrectlyRefused, why),
                    Err(e) => (i, Outcome::WronglyRead(format!("unexpected error {e}")), String::new()),
                    Ok(r) => (i, Outcome::WronglyRead(format::print(&r.puzzle)), String::new()),
                };
            }
            let label = row.label.as_ref().expect("queens images are labelled");
            let want = format::parse(&std::fs::read_to_string(root.join(label)).expect("label"))
                .expect("label parses");
            let reading = match got {
                Ok(r) => r,
                Err(e) => return (i, Outcome::Refused(e.to_string()), String::new()),
            };
            if reading.puzzle != want {
                let s = side_by_side(&format::print(&want), &format::print(&reading.puzzle));
                return (i, Outcome::Wrong(s), String::new());
            }
            let Puzzle::Queens(q) = &want else { unreachable!() };
            let sol = solve(q, 2);
            let mut note = format!("doubts {}", reading.doubts.len());
            if sol.len() == 1 {
                let on = |p: Pos| sol[0][p.row] == p.col;
                let crowns: Vec<Pos> = reading
                    .placed
                    .iter()
                    .filter_map(|p| match p {
                        Placed::Crown { pos } => Some(*pos),
                        _ => None,
                    })
                    .collect();
                let crosses = reading.placed.len() - crowns.len();
                let bad_crowns = crowns.iter().filter(|p| !on(**p)).count();
                let crossed_solution = reading
                    .placed
                    .iter()
                    .filter(|p| matches!(p, Placed::Cross { pos } if on(*pos)))
                    .count();
                note = format!(
                    "{note}, crowns {} (off-solution {bad_crowns}), x {crosses} (on solution {crossed_solution})",
                    crowns.len()
                );
                // A solved board's crowns are the solution's; an in-progress board may hold a
                // player's mistakes, so only solved boards are held to it.
                if bad_crowns > 0 && row.kinds.iter().any(|k| k == "solved") {
                    return (i, Outcome::Wrong(format!("crowns off the solution: {note}")), String::new());
                }
            }
            (i, Outcome::Exact, note)
        })
        .collect();

    let mut table: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for (i, outcome, note) in &results {
        let row = &rows[*i];
        let ok = matches!(outcome, Outcome::Exact | Outcome::CorrectlyRefused);
        let status = match outcome {
            Outcome::Exact => "exact",
            Outcome::Wrong(_) => "WRONG",
            Outcome::Refused(_) => "REFUSED",
            Outcome::CorrectlyRefused => "refused",
            Outcome::WronglyRead(_) => "READ (should refuse)",
        };
        println!("{status:8} {}  [{}] {note}", row.file, row.kinds.join(","));
        match outcome {
            Outcome::Wrong(s) | Outcome::Refused(s) | Outcome::WronglyRead(s) => {
                println!("{s}");
                failures.push(row.file.clone());
            }
            _ => {}
        }
        let folder = row.file.split('/').next().unwrap_or("").to_string();
        let kinds: Vec<String> = if folder == "queens" {
            row.kinds.clone()
        } else {
            vec![format!("{folder} (must refuse)")]
        };
        for k in kinds
            .iter()
            .chain(std::iter::once(&format!("ALL {folder}")))
        {
            let e = table.entry(k.clone()).or_default();
            e.0 += usize::from(ok);
            e.1 += 1;
        }
    }
    println!("\n| kind | correct | total | % |\n|---|---|---|---|");
    for (k, (ok, n)) in &table {
        println!(
            "| {k} | {ok} | {n} | {:.1} |",
            100.0 * *ok as f64 / *n as f64
        );
    }
    assert!(
        failures.is_empty(),
        "{} images not handled: {failures:?}",
        failures.len()
    );
}
