//! `--debug-dir`: the stage pictures drawn from the trace of the one pipeline run that produced
//! the answer, and the stage timings written beside them.

use image::RgbImage;
use snapsolve::Queens;
use snapsolve::answer::StageTimes;
use snapsolve::board::{Doubt, Placed, Reading};
use snapsolve::pipeline::{self, ReadOptions};
use snapsolve::puzzle::{Pos, Puzzle};
use snapsolve::render::draw::{self, hex};
use snapsolve::solve::ms;
use snapsolve::vision::ReadError;
use snapsolve::vision::debug::tango_pictures;
use snapsolve::vision::decode::decode;
use std::path::Path;
use std::time::{Duration, Instant};

/// Decodes and reads image bytes like [`snapsolve::answer::read_timed`], writing each reader's
/// stage pictures into `dir`. When the pictures cannot be written the image is still read,
/// and the I/O error is returned beside the reading.
pub fn read_with_pictures(
    bytes: &[u8],
    opts: &ReadOptions,
    dir: &Path,
) -> (
    Result<(RgbImage, Reading), ReadError>,
    StageTimes,
    Option<std::io::Error>,
) {
    let mut times = StageTimes::default();
    let t0 = Instant::now();
    let img = decode(bytes, &opts.decode);
    times.decode = t0.elapsed();
    let img = match img {
        Ok(i) => i,
        Err(e) => return (Err(e), times, None),
    };
    let t1 = Instant::now();
    let traced = pipeline::read(&img, opts);
    times.read = t1.elapsed();
    let io = write_debug(traced.image(&img), &traced.trace, dir).err();
    let img = traced.straightened.map_or(img, |s| s.image);
    (traced.reading.map(|r| (img, r)), times, io)
}

/// Each reader's stage pictures in `dir/tango/` and `dir/queens/`, drawn from the trace of the
/// run that produced the answer (never by a second run).
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
                "not run: the Tango reader went first and accepted the image\n",
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

/// Writes the stage timings to `dir/timings.txt`.
pub fn write_timings(dir: &Path, t: &StageTimes) -> std::io::Result<()> {
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
