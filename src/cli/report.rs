//! The reports, text and JSON: the solver outcome of a puzzle, what was read from a
//! screenshot (as `#` comment lines or a JSON object), the placed pieces checked, the stage
//! times. Pure functions from library values to strings.

use super::exit::Code;
use serde_json::{Value, json};
use snapsolve::answer::{SolvedImage, StageTimes};
use snapsolve::board::{ClassProbabilities, Doubt, Placed, Reading, Side, Theme};
use snapsolve::certify::{Certificate, Element};
use snapsolve::format;
use snapsolve::puzzle::{Pos, Puzzle, Solution};
use snapsolve::solve::{Conflict, Outcome, Report, micros, ms};

/// A JSON value as one output line.
pub fn line(v: Value) -> String {
    let mut s = v.to_string();
    s.push('\n');
    s
}

/// Cells as `r1c2 r3c4`.
pub fn pos_list(ps: &[Pos]) -> String {
    ps.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A cell as JSON.
pub fn pos_json(p: Pos) -> Value {
    json!({"row": p.row, "col": p.col, "display": p.to_string()})
}

/// The text report of a solver outcome (`== NAME` first when there are several inputs).
pub fn report_text(name: &str, many: bool, p: &Puzzle, r: &Report) -> String {
    let mut out = String::new();
    if many {
        out.push_str(&format!("== {name}\n"));
    }
    match &r.outcome {
        Outcome::Unique(s) => {
            out.push_str("unique solution\n");
            out.push_str(&format::print_solution(p, s));
        }
        Outcome::Several { a, b, differ } => {
            out.push_str(&format!(
                "several solutions; two of them differ at {}\nsolution 1:\n{}solution 2:\n{}",
                pos_list(differ),
                format::print_solution(p, a),
                format::print_solution(p, b)
            ));
        }
        Outcome::None { conflict } => {
            out.push_str("no solution; these cannot hold together:\n");
            for c in conflict {
                out.push_str(&format!("  {c}\n"));
            }
        }
        Outcome::Timeout { first } => {
            out.push_str("timeout: the solver gave up");
            match first {
                Some(s) => out.push_str(&format!(
                    " before proving this solution unique\n{}",
                    format::print_solution(p, s)
                )),
                None => out.push('\n'),
            }
        }
    }
    out
}

/// A conflict-set member as JSON.
pub fn conflict_json(c: &Conflict) -> Value {
    let display = c.to_string();
    match *c {
        Conflict::Given { pos, symbol } => json!({"kind": "given", "cell": pos_json(pos),
            "symbol": symbol, "display": display}),
        Conflict::Marker { edge, marker } => {
            let (a, b) = edge.cells();
            json!({"kind": "marker", "cells": [pos_json(a), pos_json(b)],
                "marker": marker, "display": display})
        }
        Conflict::Row(r) => json!({"kind": "row", "row": r, "display": display}),
        Conflict::Column(k) => json!({"kind": "column", "col": k, "display": display}),
        Conflict::Region(k) => json!({"kind": "region", "region": k,
            "letter": snapsolve::Queens::letter(k).to_string(), "display": display}),
    }
}

/// The keys that carry an answer; all of them go when the answer is not certain.
pub const ANSWER_KEYS: [&str; 3] = ["solution", "grid", "crowns"];

/// A solution as structured data: Tango `{"grid": [["S", "M", ...], ...]}` (rows, top to
/// bottom), Queens `{"crowns": [{"row", "col", "display"}, ...]}` (one per row, top to bottom;
/// `row` and `col` 0-based like every cell in the JSON, `display` 1-based such as `r1c3`).
pub fn solution_data(s: &Solution) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    match s {
        Solution::Tango { cols, cells, .. } => {
            let grid: Vec<Vec<String>> = cells
                .chunks((*cols).max(1))
                .map(|row| row.iter().map(|c| c.letter().to_string()).collect())
                .collect();
            m.insert("grid".into(), json!(grid));
        }
        Solution::Queens { crowns } => {
            let cells = crowns.iter().enumerate();
            let v: Value = cells.map(|(r, &c)| pos_json(Pos::new(r, c))).collect();
            m.insert("crowns".into(), v);
        }
    }
    m
}

/// The JSON report of a solver outcome, with the solver timings.
pub fn report_json(name: &str, p: &Puzzle, text: &str, r: &Report, code: Code) -> Value {
    let (rows, cols) = p.size();
    let t = &r.timings;
    let mut v = json!({
        "file": name,
        "game": p.game(),
        "rows": rows,
        "cols": cols,
        "puzzle": text,
        "outcome": r.outcome.name(),
        "exit_code": code.code(),
        "timings_us": {
            "build": micros(t.build), "first": micros(t.first), "second": micros(t.second),
            "explain": micros(t.explain), "total": micros(t.total),
        },
    });
    let m = v.as_object_mut().expect("json object");
    match &r.outcome {
        Outcome::Unique(s) => {
            m.insert("solution".into(), format::print_solution(p, s).into());
            m.extend(solution_data(s));
        }
        Outcome::Several { a, b, differ } => {
            m.insert(
                "solutions".into(),
                json!([format::print_solution(p, a), format::print_solution(p, b)]),
            );
            m.insert(
                "solutions_data".into(),
                json!([solution_data(a), solution_data(b)]),
            );
            m.insert(
                "differ".into(),
                differ.iter().map(|&q| pos_json(q)).collect::<Value>(),
            );
        }
        Outcome::None { conflict } => {
            m.insert(
                "conflict".into(),
                conflict.iter().map(conflict_json).collect::<Value>(),
            );
        }
        Outcome::Timeout { first } => {
            if let Some(s) = first {
                m.insert("solution".into(), format::print_solution(p, s).into());
                m.extend(solution_data(s));
            }
        }
    }
    v
}

/// A placed piece as text (`S r1c2`, `crown r1c2`, `x r1c2`).
pub fn placed_str(p: &Placed) -> String {
    match *p {
        Placed::Symbol { pos, symbol } => format!("{} {pos}", symbol.letter()),
        Placed::Crown { pos } => format!("crown {pos}"),
        Placed::Cross { pos } => format!("x {pos}"),
    }
}

/// A doubt as text, with its confidence.
pub fn doubt_str(d: &Doubt) -> String {
    match *d {
        Doubt::Cell {
            pos,
            confidence,
            given_only: true,
        } => format!("cell {pos} given or placed {confidence:.2}"),
        Doubt::Cell {
            pos, confidence, ..
        } => format!("cell {pos} {confidence:.2}"),
        Doubt::Edge { edge, confidence } => format!("edge {edge} {confidence:.2}"),
    }
}

/// A placed piece as JSON.
pub fn placed_json(p: &Placed) -> Value {
    let mut v = json!({"cell": pos_json(p.pos()), "display": placed_str(p)});
    let m = v.as_object_mut().expect("json object");
    match *p {
        Placed::Symbol { symbol, .. } => {
            m.insert("kind".into(), "symbol".into());
            m.insert("symbol".into(), json!(symbol));
        }
        Placed::Crown { .. } => {
            m.insert("kind".into(), "crown".into());
        }
        Placed::Cross { .. } => {
            m.insert("kind".into(), "cross".into());
        }
    }
    v
}

/// A doubt as JSON.
pub fn doubt_json(d: &Doubt) -> Value {
    match *d {
        Doubt::Cell {
            pos,
            confidence,
            given_only,
        } => {
            json!({"kind": "cell", "cell": pos_json(pos), "confidence": confidence,
                "given_only": given_only})
        }
        Doubt::Edge { edge, confidence } => {
            let (a, b) = edge.cells();
            json!({"kind": "edge", "cells": [pos_json(a), pos_json(b)],
                "display": edge.to_string(), "confidence": confidence})
        }
    }
}

/// The reading as JSON: game, size, the puzzle text, where the board is, placed pieces and
/// doubts.
pub fn reading_json(r: &Reading) -> Value {
    let (rows, cols) = r.puzzle.size();
    let g = &r.grid;
    json!({
        "game": r.game(),
        "rows": rows,
        "cols": cols,
        "puzzle": format::print(&r.puzzle),
        "grid": {"left": g.left, "top": g.top, "cell_w": g.cell_w, "cell_h": g.cell_h},
        "theme": r.theme,
        "min_confidence": r.min_confidence,
        "placed": r.placed.iter().map(placed_json).collect::<Value>(),
        "doubts": r.doubts.iter().map(doubt_json).collect::<Value>(),
        "occluded": r.occluded.iter().map(occluded_json).collect::<Value>(),
        "odd_crowns": r.odd_crowns.iter().map(|&p| pos_json(p)).collect::<Value>(),
        "straightened_degrees": r.straightened,
        "pieces_as_givens": r.pieces_as_givens,
        "no_given_shading": r.no_given_shading,
        "pieces_sorted": r.pieces_sorted,
        "cut_side": r.cut.map(|s| s.name()),
        "icons": r.icons.map(|i| json!({
            "themed": i.themed,
            "sun_example": pos_json(i.sun),
            "moon_example": pos_json(i.moon),
        })),
        "probabilities": r.probabilities.as_ref().map(probabilities_json),
    })
}

/// The learned models' class probabilities as JSON: `cells` row-major, one array of
/// probabilities per cell in `cell_classes` order; `edges` one object per edge between two
/// neighbours (`display` such as `r1c1|r1c2`, `p` in `edge_classes` order). Rounded to 4
/// decimals.
pub fn probabilities_json(p: &ClassProbabilities) -> Value {
    let round = |v: &[f32]| -> Vec<f64> {
        v.iter()
            .map(|&x| (f64::from(x) * 1e4).round() / 1e4)
            .collect()
    };
    json!({
        "cell_classes": p.cell_classes,
        "cells": p.cells.iter().map(|c| round(c)).collect::<Vec<_>>(),
        "edge_classes": p.edge_classes,
        "edges": p.edges.iter().map(|(e, v)| {
            let (a, b) = e.cells();
            json!({"cells": [pos_json(a), pos_json(b)], "display": e.to_string(), "p": round(v)})
        }).collect::<Vec<_>>(),
    })
}

/// An occluded cell or edge as JSON (`display` such as `r4c1|r5c1`).
pub fn occluded_json(e: &Element) -> Value {
    match *e {
        Element::Cell { pos } => {
            json!({"kind": "cell", "cell": pos_json(pos), "display": e.to_string()})
        }
        Element::Edge { edge } => {
            let (a, b) = edge.cells();
            json!({"kind": "edge", "cells": [pos_json(a), pos_json(b)], "display": e.to_string()})
        }
    }
}

/// `#` comment lines describing a reading (the puzzle text stays parseable with them).
pub fn reading_comments(name: &str, r: &Reading) -> String {
    let (rows, cols) = r.puzzle.size();
    let g = &r.grid;
    let theme = match r.theme {
        Theme::Light => "light",
        Theme::Dark => "dark",
    };
    let mut out = format!(
        "# {name}: {} {rows}x{cols} board at ({:.0}, {:.0}), cell {:.1}x{:.1} px, {theme} theme, \
         lowest confidence {:.2}\n",
        r.game(),
        g.left,
        g.top,
        g.cell_w,
        g.cell_h,
        r.min_confidence
    );
    if let Some(i) = r.icons.filter(|i| i.themed) {
        out += &format!(
            "# themed icons (not sun and moon): S is the icon at {}, M the icon at {} \
             (S is the warmer-coloured one)\n",
            i.sun, i.moon
        );
    }
    if let Some(deg) = r.straightened {
        out += &format!(
            "# the capture is tilted by {deg:.2} degrees: read (and drawn) straightened\n"
        );
    }
    if r.pieces_sorted {
        out += "# no given shading visible (washed out by the capture's contrast or brightness) \
                and every piece taken as a given breaks a rule: the pieces that agree with the \
                only solution they pin are taken as givens, the others as the player's\n";
    } else if r.no_given_shading {
        out += "# no piece shows a given's shading (washed out by the capture's contrast or \
                brightness) and the puzzle as read has several solutions: every piece taken as \
                a given\n";
    } else if r.pieces_as_givens {
        out += "# no grid lines or given shading visible (a capture brightened to white): the \
                board was placed from its icons and every piece taken as a given\n";
    }
    if let Some(side) = r.cut {
        let line = match side {
            Side::Left | Side::Right => "column",
            Side::Top | Side::Bottom => "row",
        };
        let hidden = match r.puzzle {
            Puzzle::Tango(_) => {
                "whether its pieces are givens is read from their corners in view or doubted, and what the cut may hide there \
                 (an icon, a marker between two of its cells) is left free"
            }
            Puzzle::Queens(_) => {
                "its regions from their colours there; a crown or x mark on it may not be seen"
            }
        };
        out += &format!(
            "# the board is cut off at the {} edge: its outer {line} was read from the part in \
             view; {hidden}\n",
            side.name()
        );
    }
    if !r.placed.is_empty() {
        let list: Vec<String> = r.placed.iter().map(placed_str).collect();
        out += &format!("# placed ({}): {}\n", list.len(), list.join(", "));
    }
    if !r.occluded.is_empty() {
        let list: Vec<String> = r.occluded.iter().map(|e| e.to_string()).collect();
        let by = if r.cut.is_some() {
            "hidden by the image edge, the pointer or something over the board"
        } else {
            "occluded by the pointer or something over the board"
        };
        out += &format!("# {}: {by}\n", list.join(", "));
    }
    if !r.odd_crowns.is_empty() {
        let list: Vec<String> = r.odd_crowns.iter().map(|p| p.to_string()).collect();
        out += &format!(
            "# crowns unlike the board's others (not LinkedIn's crown; a complete board with \
             them is not taken as the answer): {}\n",
            list.join(", ")
        );
    }
    if !r.doubts.is_empty() {
        let list: Vec<String> = r.doubts.iter().map(doubt_str).collect();
        out += &format!("# low confidence ({}): {}\n", list.len(), list.join(", "));
    }
    out
}

/// Decodes and reads an image, writing the stage pictures into `debug` when given. Returns the
/// image (when decoded), the reading, and the decode and read times.
/// The stage times as JSON (milliseconds); `solve` and `render` only when solved.
pub fn stage_ms(t: &StageTimes, solved: bool) -> Value {
    if solved {
        json!({"load": ms(t.load), "decode": ms(t.decode), "read": ms(t.read),
            "solve": ms(t.solve), "render": ms(t.render)})
    } else {
        json!({"load": ms(t.load), "decode": ms(t.decode), "read": ms(t.read)})
    }
}

/// The text report of a solved screenshot: the reading as comments, the outcome, the placed
/// pieces checked, the cells to look at, the overlay written.
pub fn image_report_text(name: &str, many: bool, s: &SolvedImage, overlay: Option<&str>) -> String {
    let r = &s.reading;
    let mut out = String::new();
    if many {
        out += &format!("== {name}\n");
    }
    out += &reading_comments(name, r);
    if let Some(Certificate::Uncertain {
        differ,
        deciding,
        reason,
        ..
    }) = &s.certificate
    {
        out += &format!("uncertain: no answer shown: {reason}\n");
        out += &format!(
            "  look at (read with doubt, they decide): {}\n",
            element_list(deciding)
        );
        if !differ.is_empty() {
            out += &format!("  the readings' solutions differ at {}\n", pos_list(differ));
        }
        if let Some(o) = overlay
            && o != "-"
        {
            out += &format!("overlay: {o}\n");
        }
        return out;
    }
    if let Some(Certificate::Completed {
        free,
        several,
        regions_misread,
    }) = &s.certificate
    {
        out += &if *regions_misread && matches!(r.puzzle, Puzzle::Tango(_)) {
            "# the markers as read do not give the board, but it is complete, unmarked and keeps \
             every line rule (LinkedIn stripes a broken marker): it is the answer, and the \
             markers it breaks were misread\n"
                .to_string()
        } else if *regions_misread {
            "# the regions as read do not give the board, but it is complete, unmarked and breaks \
             no rule (LinkedIn stripes a region holding two crowns): it is the answer, and the \
             regions were misread\n"
                .to_string()
        } else if *several {
            "# the puzzle as read has several solutions (a clue is missing), and the board is \
             complete, unmarked and one of them: it is the answer\n"
                .to_string()
        } else {
            format!(
                "# the board is complete, unmarked and solves the puzzle as read: it is the \
                 answer whatever the {} read with doubt are\n",
                format::plural(free.len(), "element")
            )
        };
    }
    let text = report_text(name, false, &r.puzzle, &s.report);
    out += &match &s.certificate {
        // Not unique as read: the answer is the player's board.
        Some(Certificate::Completed { several: true, .. })
        | Some(Certificate::Completed {
            regions_misread: true,
            ..
        }) => text.replacen(
            "unique solution\n",
            "answer: the player's complete board\n",
            1,
        ),
        _ => text,
    };
    let repairs = s.repairs();
    if !repairs.is_empty() {
        out += &format!(
            "repaired: the puzzle as read had no single solution; changed {}:\n",
            format::plural(repairs.len(), "element")
        );
        for c in repairs {
            out += &format!("  {c}\n");
        }
    }
    match &s.report.outcome {
        Outcome::Unique(_) => {
            let pieces = r
                .placed
                .iter()
                .filter(|p| !matches!(p, Placed::Cross { .. }))
                .count();
            if !s.wrong.is_empty() {
                out += &format!("wrong placed pieces ({}):\n", s.wrong.len());
                for w in &s.wrong {
                    out += &format!("  {w}\n");
                }
            } else if pieces > 0 {
                out += &format!("placed pieces: all {pieces} agree with the solution\n");
            }
        }
        Outcome::None { .. } => {
            out += &format!(
                "cells to look at (least confident read first): {}\n",
                pos_list(&s.look_at)
            );
        }
        _ => {}
    }
    if let Some(o) = overlay
        && o != "-"
    {
        out += &format!("overlay: {o}\n");
    }
    out
}

/// The JSON report of a solved screenshot.
pub fn image_report_json(name: &str, s: &SolvedImage, code: Code, overlay: Option<&str>) -> Value {
    let text = format::print(&s.reading.puzzle);
    let mut v = report_json(name, &s.reading.puzzle, &text, &s.report, code);
    let m = v.as_object_mut().expect("json object");
    m.insert("kind".into(), "image".into());
    m.insert("read".into(), reading_json(&s.reading));
    m.insert(
        "wrong".into(),
        s.wrong
            .iter()
            .map(|w| {
                let mut p = placed_json(&w.placed);
                if let Some(e) = w.expected {
                    p["expected"] = json!(e);
                }
                p["display"] = w.to_string().into();
                p
            })
            .collect::<Value>(),
    );
    if matches!(s.report.outcome, Outcome::None { .. }) {
        m.insert(
            "look_at".into(),
            s.look_at.iter().map(|&p| pos_json(p)).collect::<Value>(),
        );
    }
    m.insert("outcome".into(), s.outcome_name().into());
    if let Some(c) = &s.certificate {
        m.insert("certificate".into(), certificate_json(&s.reading.puzzle, c));
        if matches!(c, Certificate::Uncertain { .. }) {
            for k in ANSWER_KEYS {
                m.remove(k);
            }
        }
    }
    if let Some(o) = overlay {
        m.insert("overlay".into(), o.into());
    }
    m.insert("stage_ms".into(), stage_ms(&s.times, true));
    v
}

/// The certify stage's conclusion as JSON: `kind` (`certain`, `uncertain`, `repaired`,
/// `completed`, `unrepaired`) with what decides it.
pub fn certificate_json(p: &Puzzle, c: &Certificate) -> Value {
    let elements = |es: &[Element]| {
        es.iter()
            .map(|e| json!({"element": e, "display": e.to_string()}))
            .collect::<Value>()
    };
    match c {
        Certificate::Certain { free } => json!({"kind": c.name(), "free": free}),
        Certificate::Uncertain {
            alternatives,
            differ,
            deciding,
            reason,
        } => json!({
            "kind": c.name(),
            "reason": reason,
            "deciding": elements(deciding),
            "differ": differ.iter().map(|&q| pos_json(q)).collect::<Value>(),
            "alternatives": alternatives
                .iter()
                .map(|s| format::print_solution(p, s))
                .collect::<Value>(),
        }),
        Certificate::Repaired { changes, .. } => json!({
            "kind": c.name(),
            "changes": changes
                .iter()
                .map(|ch| json!({"element": ch.element, "read": ch.read, "now": ch.now,
                    "confidence": ch.confidence, "display": ch.to_string()}))
                .collect::<Value>(),
        }),
        Certificate::Completed {
            free,
            several,
            regions_misread,
        } => {
            json!({"kind": c.name(), "free": free, "several": several,
                "regions_misread": regions_misread})
        }
        Certificate::Unrepaired { suspects, reason } => {
            json!({"kind": c.name(), "reason": reason, "suspects": suspects})
        }
    }
}

/// Elements as `r2c3, r4c1|r5c1`.
fn element_list(es: &[Element]) -> String {
    let v: Vec<String> = es.iter().map(|e| e.to_string()).collect();
    if v.is_empty() {
        "-".into()
    } else {
        v.join(", ")
    }
}

/// `read`: prints the puzzle read from each image.
#[cfg(test)]
mod tests {
    use super::*;
    use snapsolve::board::Grid;
    use snapsolve::puzzle::{Edge, Symbol};

    #[test]
    fn an_uncertain_answer_drops_every_answer_key() {
        let tango = Solution::Tango {
            rows: 2,
            cols: 2,
            cells: vec![Symbol::Sun, Symbol::Moon, Symbol::Moon, Symbol::Sun],
        };
        let queens = Solution::Queens {
            crowns: vec![1, 3, 0, 2],
        };
        let t = solution_data(&tango);
        assert_eq!(t["grid"], json!([["S", "M"], ["M", "S"]]));
        let q = solution_data(&queens);
        assert_eq!(
            q["crowns"][1],
            json!({"row": 1, "col": 3, "display": "r2c4"})
        );
        for k in t.keys().chain(q.keys()) {
            assert!(
                ANSWER_KEYS.contains(&k.as_str()),
                "{k} is not removed when uncertain"
            );
        }
    }

    #[test]
    fn comments_keep_the_text_parseable() {
        let puzzle = format::parse("tango 2x2\n. .\n\n. .\n").unwrap();
        let r = Reading {
            puzzle: puzzle.clone(),
            grid: Grid {
                rows: 2,
                cols: 2,
                left: 10.0,
                top: 20.0,
                cell_w: 30.0,
                cell_h: 30.0,
            },
            theme: Theme::Light,
            placed: vec![Placed::Symbol {
                pos: Pos::new(0, 1),
                symbol: Symbol::Moon,
            }],
            doubts: vec![Doubt::Edge {
                edge: Edge::Right(Pos::new(0, 0)),
                confidence: 0.25,
            }],
            weak: Vec::new(),
            min_confidence: 0.25,
            occluded: Vec::new(),
            straightened: None,
            icons: None,
            pieces_as_givens: false,
            no_given_shading: false,
            pieces_sorted: false,
            small_glyphs: false,
            overlay_seen: false,
            red_stripes: false,
            stripes_unseen: false,
            odd_crowns: Vec::new(),
            striped: Vec::new(),
            striped_walled: Vec::new(),
            misread_regions: Vec::new(),
            cut: None,
            probabilities: None,
        };
        let text = reading_comments("x.png", &r) + &format::print(&r.puzzle);
        assert!(text.contains("# placed (1): M r1c2"), "{text}");
        assert!(text.contains("edge r1c1|r1c2 0.25"), "{text}");
        assert_eq!(format::parse(&text).unwrap(), puzzle);
        let v = reading_json(&r);
        assert_eq!(v["placed"][0]["symbol"], "moon");
        assert_eq!(v["doubts"][0]["kind"], "edge");
    }
}
