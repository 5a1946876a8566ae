//! Screenshot inputs: `read IMAGE...`, and `solve` on an image (placed pieces checked, cells to
//! look at when there is no solution, the overlay, `--debug-dir`).

use super::{
    Item, ItemOut, LoadError, OutputFormat, ReadArgs, SolveConfig, emit, items_for, line, pos_json,
    progress, read_input, report_json, report_text,
};
use image::RgbImage;
use serde_json::{Value, json};
use snapsolve::batch::{self, InputKind, SolvedImage, StageTimes};
use snapsolve::board::{Doubt, Placed, Reading};
use snapsolve::exit::Code;
use snapsolve::pipeline::{self, ReadOptions};
use snapsolve::puzzle::{Game, Pos, Puzzle};
use snapsolve::render::RenderError;
use snapsolve::render::draw::{self, hex};
use snapsolve::render::output::write_png_atomic;
use snapsolve::vision::ReadError;
use snapsolve::vision::debug::tango_pictures;
use snapsolve::vision::decode::decode;
use snapsolve::{Queens, format};
use std::path::Path;
use std::time::{Duration, Instant};

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn pos_list(ps: &[Pos]) -> String {
    ps.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn placed_str(p: &Placed) -> String {
    match *p {
        Placed::Symbol { pos, symbol } => format!("{} {pos}", symbol.letter()),
        Placed::Crown { pos } => format!("crown {pos}"),
        Placed::Cross { pos } => format!("x {pos}"),
    }
}

fn doubt_str(d: &Doubt) -> String {
    match *d {
        Doubt::Cell { pos, confidence } => format!("cell {pos} {confidence:.2}"),
        Doubt::Edge { edge, confidence } => format!("edge {edge} {confidence:.2}"),
    }
}

fn placed_json(p: &Placed) -> Value {
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

fn doubt_json(d: &Doubt) -> Value {
    match *d {
        Doubt::Cell { pos, confidence } => {
            json!({"kind": "cell", "cell": pos_json(pos), "confidence": confidence})
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
fn reading_json(r: &Reading) -> Value {
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
    })
}

/// `#` comment lines describing a reading (the puzzle text stays parseable with them).
fn reading_comments(name: &str, r: &Reading) -> String {
    let (rows, cols) = r.puzzle.size();
    let g = &r.grid;
    let theme = match r.theme {
        snapsolve::board::Theme::Light => "light",
        snapsolve::board::Theme::Dark => "dark",
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
    if !r.placed.is_empty() {
        let list: Vec<String> = r.placed.iter().map(placed_str).collect();
        out += &format!("# placed ({}): {}\n", list.len(), list.join(", "));
    }
    if !r.doubts.is_empty() {
        let list: Vec<String> = r.doubts.iter().map(doubt_str).collect();
        out += &format!("# low confidence ({}): {}\n", list.len(), list.join(", "));
    }
    out
}

/// Decodes and reads an image, writing the stage pictures into `debug` when given. Returns the
/// image (when decoded), the reading, and the decode and read times.
fn read_decoded(
    bytes: &[u8],
    opts: &ReadOptions,
    debug: Option<&Path>,
) -> (
    Option<RgbImage>,
    Result<Reading, ReadError>,
    StageTimes,
    Option<std::io::Error>,
) {
    let mut times = StageTimes::default();
    let t0 = Instant::now();
    let img = match decode(bytes, &opts.decode) {
        Ok(i) => i,
        Err(e) => {
            times.decode = t0.elapsed();
            return (None, Err(e), times, None);
        }
    };
    times.decode = t0.elapsed();
    let t1 = Instant::now();
    let traced = pipeline::read(&img, opts);
    times.read = t1.elapsed();
    let io = debug.and_then(|dir| write_debug(&img, &traced.trace, dir).err());
    (Some(img), traced.reading, times, io)
}

/// Each reader's stage pictures in `dir/tango/` and `dir/queens/`, drawn from the trace of the
/// run that produced the answer.
fn write_debug(img: &RgbImage, trace: &pipeline::ReadTrace, dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    if let Some(t) = &trace.tango {
        tango_pictures(img, &t.trace).write(&dir.join("tango"))?;
    }
    match &trace.queens {
        Some(q) => {
            let took = trace
                .timings
                .iter()
                .find(|t| t.0 == "queens")
                .map_or(Duration::ZERO, |t| t.1);
            write_queens_debug(img, &q.result, took, &dir.join("queens"))?;
        }
        None if trace.tango.is_some() => {
            std::fs::create_dir_all(dir.join("queens"))?;
            std::fs::write(
                dir.join("queens/timings.txt"),
                "not run: the Tango reading was confident\n",
            )?;
        }
        None => {}
    }
    Ok(())
}

/// Queens debug pictures: `grid.png` (the lattice, region borders thick, region letters,
/// placed pieces, doubtful cells in magenta) and `timings.txt` (with the reader's verdict).
fn write_queens_debug(
    img: &RgbImage,
    r: &Result<Reading, ReadError>,
    took: Duration,
    dir: &Path,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let verdict = match r {
        Ok(rd) => format!("read a {}x{} board", rd.puzzle.size().0, rd.puzzle.size().1),
        Err(e) => e.to_string(),
    };
    std::fs::write(
        dir.join("timings.txt"),
        format!("read {:.2} ms\n{verdict}\n", ms(took)),
    )?;
    let Ok(rd) = r else { return Ok(()) };
    let Puzzle::Queens(q) = &rd.puzzle else {
        return Ok(());
    };
    let mut out = img.clone();
    let g = &rd.grid;
    let cell = g.cell_w.min(g.cell_h);
    let green = hex(0x00aa00);
    let n = q.n();
    let x = |c: usize| g.left + c as f32 * g.cell_w;
    let y = |r: usize| g.top + r as f32 * g.cell_h;
    for i in 0..=n {
        draw::line(&mut out, (x(i), y(0)), (x(i), y(n)), 1.0, green);
        draw::line(&mut out, (x(0), y(i)), (x(n), y(i)), 1.0, green);
    }
    let thick = (0.08 * cell).max(2.0);
    for r in 0..n {
        for c in 0..n {
            let p = Pos::new(r, c);
            if c + 1 < n && q.region(p) != q.region(Pos::new(r, c + 1)) {
                draw::line(
                    &mut out,
                    (x(c + 1), y(r)),
                    (x(c + 1), y(r + 1)),
                    thick,
                    green,
                );
            }
            if r + 1 < n && q.region(p) != q.region(Pos::new(r + 1, c)) {
                draw::line(
                    &mut out,
                    (x(c), y(r + 1)),
                    (x(c + 1), y(r + 1)),
                    thick,
                    green,
                );
            }
            let letter = Queens::letter(q.region(p)).to_string();
            let h = 0.25 * cell;
            draw::text(
                &mut out,
                x(c) + 0.1 * cell,
                y(r) + 0.1 * cell,
                h,
                &letter,
                hex(0x000000),
            );
        }
    }
    for p in &rd.placed {
        let (cx, cy) = g.center(p.pos());
        let col = match p {
            Placed::Crown { .. } => hex(0xff8c00),
            _ => hex(0x0050ff),
        };
        draw::cross(&mut out, cx, cy, 0.15 * cell, (0.04 * cell).max(1.0), col);
    }
    for d in &rd.doubts {
        if let Doubt::Cell { pos, .. } = *d {
            let (cx, cy) = g.center(pos);
            let s = draw::Shape::circle(cx, cy, 0.4 * cell).stroke((0.04 * cell).max(1.0));
            draw::fill(&mut out, &s, hex(0xff00ff), 1.0);
        }
    }
    out.save(dir.join("grid.png"))
        .map_err(std::io::Error::other)
}

fn write_timings(dir: &Path, t: &StageTimes) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(
        dir.join("timings.txt"),
        format!(
            "load {:.2} ms\ndecode {:.2} ms\nread {:.2} ms\nsolve {:.2} ms\nrender {:.2} ms\n",
            ms(t.load),
            ms(t.decode),
            ms(t.read),
            ms(t.solve),
            ms(t.render)
        ),
    )
}

fn render_error_code(e: &RenderError) -> Code {
    match e {
        RenderError::SameAsInput(_) | RenderError::Io { .. } => Code::Io,
        _ => Code::Internal,
    }
}

/// `solve` on image bytes: read, solve, check the placed pieces, draw the overlay.
pub(super) fn solve_image(
    cfg: &SolveConfig,
    item: &Item,
    name: &str,
    bytes: &[u8],
    many: bool,
    load: Duration,
) -> ItemOut {
    let json = cfg.format == OutputFormat::Json;
    let mut err = String::new();
    let (img, read, mut times, dbg_err) =
        read_decoded(bytes, &cfg.options.read, item.debug.as_deref());
    times.load = load;
    if let Some(e) = dbg_err {
        err += &format!("snapsolve: {name}: cannot write the debug pictures: {e}\n");
    }
    let fail = |code: Code, msg: String, mut err: String, times: &StageTimes| {
        err += &format!("snapsolve: {name}: {msg}\n");
        if let Some(d) = &item.debug {
            let _ = write_timings(d, times);
        }
        let out = if json {
            line(json!({"file": name, "kind": "image", "exit_code": code.code(), "error": msg}))
        } else {
            String::new()
        };
        ItemOut { code, out, err }
    };
    let (img, reading) = match (img, read) {
        (Some(i), Ok(r)) => (i, r),
        (_, Err(e)) => return fail(batch::read_error_code(&e), e.to_string(), err, &times),
        (None, Ok(_)) => unreachable!("a reading comes from a decoded image"),
    };
    let mut solved = match batch::solve_reading(reading, &cfg.options.solve) {
        Ok(s) => s,
        Err(e) => return fail(batch::solve_error_code(&e), e.to_string(), err, &times),
    };
    solved.times.load = times.load;
    solved.times.decode = times.decode;
    solved.times.read = times.read;
    let mut code = solved.code();
    let mut written = None;
    if let Some(out_path) = &item.overlay {
        let t = Instant::now();
        let res = (|| {
            let is_input = item.input.path().is_some_and(|i| {
                matches!((std::fs::canonicalize(i), std::fs::canonicalize(out_path)), (Ok(a), Ok(b)) if a == b)
            });
            if !cfg.force && !is_input && out_path != Path::new("-") && out_path.exists() {
                return Err(RenderError::Io {
                    path: out_path.clone(),
                    source: std::io::Error::new(
                        std::io::ErrorKind::AlreadyExists,
                        "already exists; pass --force to replace it",
                    ),
                });
            }
            let drawn = batch::draw_overlay(&img, &solved)?;
            if let Some(parent) = out_path.parent()
                && !parent.as_os_str().is_empty()
                && out_path != Path::new("-")
            {
                std::fs::create_dir_all(parent).map_err(|source| RenderError::Io {
                    path: out_path.clone(),
                    source,
                })?;
            }
            write_png_atomic(out_path, &drawn, item.input.path())
        })();
        solved.times.render = t.elapsed();
        match res {
            Ok(()) => written = Some(out_path.display().to_string()),
            Err(e) => {
                code = code.worst(render_error_code(&e));
                err += &format!("snapsolve: {name}: {e}\n");
            }
        }
    }
    if let Some(d) = &item.debug {
        let _ = write_timings(d, &solved.times);
    }
    let report = if json {
        line(image_report_json(name, &solved, code, written.as_deref()))
    } else {
        image_report_text(name, many, &solved, written.as_deref())
    };
    if cfg.report_to_stderr {
        err += &report;
        ItemOut {
            code,
            out: String::new(),
            err,
        }
    } else {
        ItemOut {
            code,
            out: report,
            err,
        }
    }
}

fn image_report_text(name: &str, many: bool, s: &SolvedImage, overlay: Option<&str>) -> String {
    let r = &s.reading;
    let mut out = String::new();
    if many {
        out += &format!("== {name}\n");
    }
    out += &reading_comments(name, r);
    out += &report_text(name, false, &r.puzzle, &s.report);
    match &s.report.outcome {
        snapsolve::solve::Outcome::Unique(_) => {
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
        snapsolve::solve::Outcome::None { .. } => {
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

fn image_report_json(name: &str, s: &SolvedImage, code: Code, overlay: Option<&str>) -> Value {
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
    if matches!(s.report.outcome, snapsolve::solve::Outcome::None { .. }) {
        m.insert(
            "look_at".into(),
            s.look_at.iter().map(|&p| pos_json(p)).collect::<Value>(),
        );
    }
    if let Some(o) = overlay {
        m.insert("overlay".into(), o.into());
    }
    let t = &s.times;
    m.insert(
        "stage_ms".into(),
        json!({"load": ms(t.load), "decode": ms(t.decode), "read": ms(t.read),
            "solve": ms(t.solve), "render": ms(t.render)}),
    );
    v
}

/// `read`: prints the puzzle read from each image.
pub(super) fn run_read(a: &ReadArgs) -> Code {
    let items = match items_for(&a.inputs, None, None, a.debug_dir.as_ref()) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("snapsolve: {e}");
            return e.code();
        }
    };
    let opts = ReadOptions {
        game: a.game.map(Game::from),
        ..ReadOptions::default()
    };
    let json = a.format == OutputFormat::Json;
    let many = items.len() > 1;
    let pb = progress(items.len(), a.quiet);
    let outs = batch::run_ordered(&items, a.jobs, &|| pb.inc(1), |item| {
        super::guarded(&item.input, || read_one(item, &opts, json, many))
    });
    pb.finish_and_clear();
    emit(&outs)
}

fn read_one(item: &Item, opts: &ReadOptions, json: bool, many: bool) -> ItemOut {
    let name = item.input.name();
    let fail = |code: Code, msg: String| ItemOut {
        code,
        out: if json {
            line(json!({"file": name, "exit_code": code.code(), "error": msg}))
        } else {
            String::new()
        },
        err: format!("snapsolve: {name}: {msg}\n"),
    };
    let t0 = Instant::now();
    let bytes = match read_input(&item.input, opts.decode.max_file_bytes) {
        Ok(b) => b,
        Err(e) => return fail(e.code(), e.to_string()),
    };
    let load = t0.elapsed();
    match batch::sniff(&bytes) {
        InputKind::Image(_) => {}
        InputKind::OtherImage(k) => {
            let e = LoadError::OtherImage(k);
            return fail(e.code(), e.to_string());
        }
        InputKind::Text => {
            return fail(
                Code::BadInput,
                "not a PNG, JPEG or WebP image (`read` reads screenshots)".into(),
            );
        }
    }
    let (_, read, mut times, dbg_err) = read_decoded(&bytes, opts, item.debug.as_deref());
    times.load = load;
    let mut err = String::new();
    if let Some(e) = dbg_err {
        err += &format!("snapsolve: {name}: cannot write the debug pictures: {e}\n");
    }
    if let Some(d) = &item.debug {
        let _ = write_timings(d, &times);
    }
    match read {
        Ok(r) => {
            let out = if json {
                let mut v = reading_json(&r);
                v["file"] = name.clone().into();
                v["exit_code"] = 0.into();
                v["stage_ms"] = json!({"load": ms(times.load), "decode": ms(times.decode),
                    "read": ms(times.read)});
                line(v)
            } else {
                let mut s = reading_comments(&name, &r);
                s += &format::print(&r.puzzle);
                if many {
                    s.push('\n');
                }
                s
            };
            ItemOut {
                code: Code::Ok,
                out,
                err,
            }
        }
        Err(e) => {
            let mut o = fail(batch::read_error_code(&e), e.to_string());
            o.err = err + &o.err;
            o
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Input;
    use super::*;
    use snapsolve::board::{Grid, Theme};
    use snapsolve::puzzle::{Edge, Symbol};

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
            min_confidence: 0.25,
        };
        let text = reading_comments("x.png", &r) + &format::print(&r.puzzle);
        assert!(text.contains("# placed (1): M r1c2"), "{text}");
        assert!(text.contains("edge r1c1|r1c2 0.25"), "{text}");
        assert_eq!(format::parse(&text).unwrap(), puzzle);
        let v = reading_json(&r);
        assert_eq!(v["placed"][0]["symbol"], "moon");
        assert_eq!(v["doubts"][0]["kind"], "edge");
    }

    #[test]
    fn input_is_named() {
        assert_eq!(Input::Stdin.name(), "<stdin>");
    }
}
