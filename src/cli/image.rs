//! Screenshot inputs: `read IMAGE...`, and `solve` on an image (placed pieces checked, cells to
//! look at when there is no solution, the overlay, `--debug-dir`).

use super::args::OutputFormat;
use super::config::{Item, ReadConfig, SolveConfig};
use super::debug;
use super::exit::{
    Code, diag_line, image_code, read_error_code, render_error_code, solve_error_code,
};
use super::input::{LoadError, input_kind, read_input};
use super::output::{is_stdout, write_output};
use super::report::{
    image_report_json, image_report_text, line, reading_comments, reading_json, stage_ms,
};
use super::runner::{Batch, ItemOut, run_items};
use image::RgbImage;
use serde_json::json;
use snapsolve::answer::{
    ImageOptions, SolvedImage, StageTimes, draw_overlay_into, read_timed, solve_reading,
};
use snapsolve::board::Reading;
use snapsolve::format;
use snapsolve::input::InputKind;
use snapsolve::pipeline::ReadOptions;
use snapsolve::render::RenderError;
use snapsolve::render::output::{
    OVERLAY_MARKER, PngCompression, encode_png, refuse_existing, with_text,
};
use snapsolve::session::Session;
use snapsolve::vision::ReadError;
use std::path::Path;
use std::time::{Duration, Instant};

/// Decodes and reads an image with the pipeline (through [`debug::read_with_pictures`] when
/// the item has a debug folder; a failure to write the pictures is noted in `err`).
fn read_item(
    bytes: &[u8],
    opts: &ReadOptions,
    item: &Item,
    err: &mut String,
) -> (Result<(RgbImage, Reading), ReadError>, StageTimes) {
    let Some(dir) = item.debug.as_deref() else {
        return read_plain(bytes, opts);
    };
    let (read, times, io) = debug::read_with_pictures(bytes, opts, dir);
    if let Some(e) = io {
        let name = item.input.name();
        *err += &diag_line(format!("{name}: cannot write the debug pictures: {e}"));
    }
    (read, times)
}

/// Decodes and reads an image with the pipeline, without pictures.
pub fn read_plain(
    bytes: &[u8],
    opts: &ReadOptions,
) -> (Result<(RgbImage, Reading), ReadError>, StageTimes) {
    match read_timed(bytes, opts) {
        Ok((img, reading, times)) => (Ok((img, reading)), times),
        Err(e) => (Err(e), StageTimes::default()),
    }
}

/// Solves what was read (the stage times carried over; on the z3 `session` thread when
/// given), or the code and message of the failure.
pub fn solve_read(
    opts: &ImageOptions,
    read: Result<(RgbImage, Reading), ReadError>,
    times: &StageTimes,
    session: Option<&Session>,
) -> Result<(RgbImage, SolvedImage, Code), (Code, String)> {
    let (img, reading) = read.map_err(|e| (read_error_code(&e), e.to_string()))?;
    let solved = match session {
        Some(s) => {
            let (solve, certify) = (opts.solve.clone(), opts.certify);
            s.run(move || solve_reading(reading, &solve, &certify))
        }
        None => solve_reading(reading, &opts.solve, &opts.certify),
    };
    let mut solved = solved.map_err(|e| (solve_error_code(&e), e.to_string()))?;
    solved.times.load = times.load;
    solved.times.decode = times.decode;
    solved.times.read = times.read;
    let code = image_code(&solved);
    Ok((img, solved, code))
}

/// The JSON line of an image that gave no result (as `solve --format json` prints it).
pub fn image_error_json(name: &str, code: Code, msg: &str) -> serde_json::Value {
    json!({"file": name, "kind": "image", "exit_code": code.code(), "error": msg})
}

/// A failed input: the message on stderr, a JSON error line when asked.
fn failed(name: &str, code: Code, msg: &str, json: Option<serde_json::Value>) -> ItemOut {
    ItemOut {
        code,
        out: json.map(line).unwrap_or_default(),
        err: diag_line(format!("{name}: {msg}")),
    }
}

/// `solve` on image bytes: read, solve, check the placed pieces, draw the overlay.
pub fn solve_image(
    cfg: &SolveConfig,
    item: &Item,
    name: &str,
    bytes: &[u8],
    many: bool,
    load: Duration,
    session: Option<&Session>,
) -> ItemOut {
    let json = cfg.format == OutputFormat::Json;
    let mut err = String::new();
    let (read, mut times) = read_item(bytes, &cfg.options.read, item, &mut err);
    times.load = load;
    let fail = |code: Code, msg: String, err: String, times: &StageTimes| {
        if let Some(d) = &item.debug {
            let _ = debug::write_timings(d, times);
        }
        let v = json.then(|| image_error_json(name, code, &msg));
        let mut o = failed(name, code, &msg, v);
        o.err = err + &o.err;
        o
    };
    let (mut img, mut solved, mut code) = match solve_read(&cfg.options, read, &times, session) {
        Ok(x) => x,
        Err((code, msg)) => return fail(code, msg, err, &times),
    };
    let mut written = None;
    if let Some(out_path) = &item.overlay {
        let t = Instant::now();
        let res = write_overlay(cfg, item, out_path, &mut img, &solved);
        solved.times.render = t.elapsed();
        match res {
            Ok(()) => written = Some(out_path.display().to_string()),
            Err(e) => {
                code = code.worst(render_error_code(&e));
                err += &diag_line(format!("{name}: {e}"));
            }
        }
    }
    if let Some(d) = &item.debug {
        let _ = debug::write_timings(d, &solved.times);
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

/// Draws the overlay and writes it (atomically; never over the input, nor over an existing
/// file without `--force`).
fn write_overlay(
    cfg: &SolveConfig,
    item: &Item,
    out_path: &Path,
    img: &mut RgbImage,
    solved: &SolvedImage,
) -> Result<(), RenderError> {
    refuse_existing(out_path, cfg.force, item.input.path())?;
    draw_overlay_into(img, solved)?;
    if let Some(parent) = out_path.parent()
        && !parent.as_os_str().is_empty()
        && !is_stdout(out_path)
    {
        std::fs::create_dir_all(parent).map_err(|source| RenderError::Io {
            path: out_path.to_path_buf(),
            source,
        })?;
    }
    // The marker lets a later run over the same folder skip this overlay.
    let (key, text) = OVERLAY_MARKER;
    let png = with_text(&encode_png(img, PngCompression::Fast)?, key, text);
    write_output(out_path, &png, item.input.path(), cfg.force)
}

/// `read`: prints the puzzle read from each image.
pub fn run_read(cfg: &ReadConfig) -> Code {
    let many = cfg.items.len() > 1;
    let batch = Batch {
        items: &cfg.items,
        skipped: &cfg.skipped,
        ok_word: "read",
    };
    run_items(&batch, cfg.jobs, cfg.quiet, |item| {
        read_one(item, cfg, many)
    })
}

fn read_one(item: &Item, cfg: &ReadConfig, many: bool) -> ItemOut {
    let name = item.input.name();
    let json = cfg.format == OutputFormat::Json;
    let fail = |code: Code, msg: String| {
        let v = json.then(|| json!({"file": name, "exit_code": code.code(), "error": msg}));
        failed(&name, code, &msg, v)
    };
    let t0 = Instant::now();
    let bytes = match read_input(&item.input, cfg.options.decode.max_file_bytes) {
        Ok(b) => b,
        Err(e) => return fail(e.code(), e.to_string()),
    };
    let load = t0.elapsed();
    match input_kind(&item.input, &bytes) {
        Ok(InputKind::Image(_)) => {}
        Err(e) => return fail(e.code(), e.to_string()),
        Ok(InputKind::OtherImage(k)) => {
            let e = LoadError::OtherImage(k);
            return fail(e.code(), e.to_string());
        }
        Ok(InputKind::Text) => {
            return fail(
                Code::BadInput,
                "not a PNG, JPEG or WebP image (`read` reads screenshots)".into(),
            );
        }
    }
    let mut err = String::new();
    let (read, mut times) = read_item(&bytes, &cfg.options, item, &mut err);
    times.load = load;
    if let Some(d) = &item.debug {
        let _ = debug::write_timings(d, &times);
    }
    match read {
        Ok((_, r)) => {
            let out = if json {
                let mut v = reading_json(&r);
                v["file"] = name.clone().into();
                v["exit_code"] = 0.into();
                v["stage_ms"] = stage_ms(&times, false);
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
            let mut o = fail(read_error_code(&e), e.to_string());
            o.err = err + &o.err;
            o
        }
    }
}
