//! The whole image pipeline in one call: decode -> decide the game and read the board
//! (Tango and Queens readers) -> resolve doubtful cells -> [`Reading`]. The solver and the
//! overlay are separate calls ([`crate::solve`], [`crate::render`]) so each stage stays testable
//! on its own.
//!
//! [`read`] is the one composition of the readers: it returns the reading with a [`ReadTrace`]
//! (each reader's own trace and outcome, stage timings) from which `--debug-dir` draws its
//! pictures; [`read_image`], [`read_bytes`] and [`read_path`] are thin wrappers over it.

use crate::board::Reading;
use crate::puzzle::Game;
use crate::vision::ReadError;
use crate::vision::cue::{Cue, CueOptions, cue};
use crate::vision::decode::{DecodeOptions, decode};
use crate::vision::denoise::{DenoiseOptions, smooth};
use crate::vision::deskew::{DeskewOptions, Straightened, straighten, turn};
use crate::vision::queens::{QueensReadOptions, QueensTrace, read_queens_traced};
use crate::vision::tango::{TangoReadOptions, TangoTrace, read_tango_traced};
use image::RgbImage;
use std::path::Path;
use std::time::{Duration, Instant};

/// Options of the whole read pipeline.
#[derive(Clone, Debug)]
pub struct ReadOptions {
    /// Force the game instead of deciding it from the image. Default: decide.
    pub game: Option<Game>,
    /// Decoding limits.
    pub decode: DecodeOptions,
    /// Smoothing a noisy capture before the readers run.
    pub denoise: DenoiseOptions,
    /// Reading a refused capture again with its colour cast taken out.
    pub cast: crate::vision::cast::CastOptions,
    /// Straightening a tilted capture before the readers run.
    pub deskew: DeskewOptions,
    /// Tango reader options.
    pub tango: TangoReadOptions,
    /// Queens reader options.
    pub queens: QueensReadOptions,
    /// Settling doubtful cells by uniqueness.
    pub resolve: crate::resolve::ResolveOptions,
    /// Finding the mouse pointer over the board (its cells and edges become occluded).
    pub occlusion: crate::vision::occlusion::OcclusionOptions,
    /// Which reader goes first when the game is not forced ([`crate::vision::cue`]).
    pub cue: CueOptions,
    /// When the game is not forced and the first reader accepts the image with every cell and
    /// edge at least this confident, the other reader is not run (each reader refuses boards
    /// of the other game; over every real and fixture screenshot and ten perturbations of each,
    /// no image was accepted by both). Default 0 (any accepted reading); above 1 always runs
    /// both.
    pub skip_second_above: f32,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            game: None,
            decode: DecodeOptions::default(),
            denoise: DenoiseOptions::default(),
            cast: crate::vision::cast::CastOptions::default(),
            deskew: DeskewOptions::default(),
            tango: TangoReadOptions::default(),
            queens: QueensReadOptions::default(),
            resolve: crate::resolve::ResolveOptions::default(),
            occlusion: crate::vision::occlusion::OcclusionOptions::default(),
            cue: CueOptions::default(),
            skip_second_above: 0.0,
        }
    }
}

/// Failure to read an image file: the file itself, or its content.
#[derive(Debug, thiserror::Error)]
pub enum PipelineError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// The content could not be read as a board.
    #[error(transparent)]
    Read(#[from] ReadError),
}

/// What one reader produced: its own outcome (before the game decision) and its trace.
#[derive(Clone, Debug)]
pub struct ReaderRun<T> {
    /// The reader's outcome.
    pub result: Result<Reading, ReadError>,
    /// What its stages produced.
    pub trace: T,
}

/// What the read pipeline did: the readers that ran, with their traces, and stage timings.
#[derive(Clone, Debug, Default)]
pub struct ReadTrace {
    /// The Tango reader, when it ran (not when the game is forced to Queens, nor when the
    /// Queens reader went first and accepted).
    pub tango: Option<ReaderRun<TangoTrace>>,
    /// The Queens reader, when it ran (not when the game is forced to Tango, nor when the
    /// Tango reader went first and accepted: [`ReadOptions::skip_second_above`]).
    pub queens: Option<ReaderRun<QueensTrace>>,
    /// Which reader the colours put first (none when the game is forced).
    pub cue: Option<Cue>,
    /// The noise measured on a capture that was smoothed before reading (luma standard
    /// deviation); `None` when it was read as it is.
    pub noise_sigma: Option<f32>,
    /// The per-channel gains of a capture read again with its colour cast taken out (both
    /// readers refused it as it is: [`crate::vision::cast`]); `None` when read as it is.
    pub cast_gains: Option<[f32; 3]>,
    /// Wall time of each stage, in order (`denoise`, `deskew`, `cue`, the readers in the order
    /// they ran, `occlusion`, `resolve`).
    pub timings: Vec<(&'static str, Duration)>,
}

/// The outcome of [`read`]: the reading (or why there is none) and how it was reached.
#[derive(Clone, Debug)]
pub struct Traced {
    /// The reading, after the game decision and [`finish`].
    pub reading: Result<Reading, ReadError>,
    /// What each reader produced.
    pub trace: ReadTrace,
    /// When the capture was tilted: the original turned straight (as the readers read it),
    /// the image the reading's grid refers to and the answer is drawn on.
    pub straightened: Option<Straightened>,
}

impl Traced {
    /// The image the reading's coordinates refer to: the straightened copy, or `original`.
    pub fn image<'a>(&'a self, original: &'a RgbImage) -> &'a RgbImage {
        self.straightened.as_ref().map_or(original, |s| &s.image)
    }
}

/// Reads a decoded image, keeping each reader's trace. With no forced game a cheap look at
/// the colours ([`crate::vision::cue`]) picks the reader that goes first; the other runs only
/// when the first refuses the image or reads it with little confidence
/// ([`ReadOptions::skip_second_above`]). Each reader refuses boards of the other game, and
/// when both accept, the more confident reading wins ([`choose`]). A capture both refuse is
/// read again with its colour cast taken out, when it has one ([`crate::vision::cast`]).
pub fn read(original: &RgbImage, opts: &ReadOptions) -> Traced {
    let first = read_as_is(original, opts);
    if first.reading.is_ok() {
        return first;
    }
    let Some((neutral, gains)) = crate::vision::cast::neutralise(original, &opts.cast) else {
        return first;
    };
    let mut again = read_as_is(&neutral, opts);
    if again.reading.is_err() {
        return first;
    }
    again.trace.cast_gains = Some(gains);
    // The answer is drawn on the original (turned like the image read when it was tilted).
    again.straightened = again.straightened.map(|s| Straightened {
        image: turn(original, s.tilt),
        tilt: s.tilt,
    });
    again
}

/// [`read`] without the second look at a capture with a colour cast.
fn read_as_is(original: &RgbImage, opts: &ReadOptions) -> Traced {
    let mut trace = ReadTrace::default();
    let smoothed = timed(&mut trace, "denoise", || smooth(original, &opts.denoise));
    trace.noise_sigma = smoothed.as_ref().map(|s| s.sigma);
    let base = smoothed.as_ref().map_or(original, |s| &s.image);
    let straightened = timed(&mut trace, "deskew", || straighten(base, &opts.deskew));
    let img = straightened.as_ref().map_or(base, |s| &s.image);
    let first = match opts.game {
        Some(g) => g,
        None => {
            let c = timed(&mut trace, "cue", || cue(img, &opts.cue));
            trace.cue = Some(c);
            c.first
        }
    };
    // A straightened capture's image edges run slanted across the board's lines.
    let tango_opts = match &straightened {
        Some(s) => std::borrow::Cow::Owned(TangoReadOptions {
            cut_edge_slant: s.tilt.degrees.to_radians().tan(),
            ..opts.tango.clone()
        }),
        None => std::borrow::Cow::Borrowed(&opts.tango),
    };
    let run_tango =
        |trace: &mut ReadTrace| timed(trace, "tango", || read_tango_traced(img, &tango_opts));
    let queens_opts = match &straightened {
        Some(s) => {
            let mut q = opts.queens.clone();
            q.sample.turned_by = s.tilt.degrees;
            std::borrow::Cow::Owned(q)
        }
        None => std::borrow::Cow::Borrowed(&opts.queens),
    };
    let run_queens =
        |trace: &mut ReadTrace| timed(trace, "queens", || read_queens_traced(img, &queens_opts));
    let accepted = |r: &Result<Reading, ReadError>| {
        r.as_ref()
            .is_ok_and(|t| t.min_confidence >= opts.skip_second_above)
    };
    let (tango, queens) = match (opts.game, first) {
        (Some(Game::Tango), _) => (Some(run_tango(&mut trace)), None),
        (Some(Game::Queens), _) => (None, Some(run_queens(&mut trace))),
        (None, Game::Tango) => {
            let t = run_tango(&mut trace);
            let q = (!accepted(&t.0)).then(|| run_queens(&mut trace));
            (Some(t), q)
        }
        (None, Game::Queens) => {
            let q = run_queens(&mut trace);
            let t = (!accepted(&q.0)).then(|| run_tango(&mut trace));
            (t, Some(q))
        }
    };
    let tango_result = tango.as_ref().map(|(r, _)| r.clone());
    let queens_result = queens.as_ref().map(|(r, _)| r.clone());
    trace.tango = tango.map(|(result, trace)| ReaderRun { result, trace });
    trace.queens = queens.map(|(result, trace)| ReaderRun { result, trace });
    let read = match (opts.game, tango_result, queens_result) {
        (Some(Game::Tango), Some(t), _) => t.map_err(|e| match e {
            ReadError::CutOff { .. } | ReadError::Deadline { .. } => e,
            _ => ReadError::NoBoardOfGame(Game::Tango),
        }),
        (Some(Game::Queens), _, Some(q)) => q.map_err(|e| match e {
            ReadError::CutOff { .. } | ReadError::Deadline { .. } => e,
            _ => ReadError::NoBoardOfGame(Game::Queens),
        }),
        (_, Some(t), None) => t,
        (_, Some(t), Some(q)) => choose(t, q),
        (_, None, Some(q)) => q,
        (_, None, None) => Err(ReadError::NoBoard(String::new())),
    };
    let read = timed(&mut trace, "occlusion", || {
        read.map(|mut r| {
            let pointers = crate::vision::occlusion::mark(img, &mut r, &opts.occlusion);
            if pointers.is_empty() {
                crate::vision::tango::drop_doubted_kind(img, &mut r, &opts.tango);
                crate::vision::tango::doubt_lumped_kind(img, &mut r, &opts.tango);
            } else {
                crate::vision::tango::name_icons_beside_pointer(
                    img,
                    &mut r,
                    &pointers,
                    &opts.tango,
                );
            }
            crate::vision::tango::drop_neutral_kind(img, &mut r, &opts.tango);
            r
        })
    });
    let mut reading = timed(&mut trace, "resolve", || finish(read, opts));
    if let (Ok(r), Some(s)) = (&mut reading, &straightened) {
        r.straightened = Some(s.tilt.degrees);
    }
    // The answer is drawn on the original, turned like the image read when it was tilted.
    let straightened = match (smoothed, straightened) {
        (Some(_), Some(s)) => Some(Straightened {
            image: turn(original, s.tilt),
            tilt: s.tilt,
        }),
        (_, s) => s,
    };
    Traced {
        reading,
        trace,
        straightened,
    }
}

/// Runs `f`, appending its wall time to the trace.
fn timed<T>(trace: &mut ReadTrace, name: &'static str, f: impl FnOnce() -> T) -> T {
    let t0 = Instant::now();
    let out = f();
    trace.timings.push((name, t0.elapsed()));
    out
}

/// Reads a decoded image ([`read`] without the trace). When the capture was tilted
/// ([`Reading::straightened`]) the grid refers to the straightened image: draw with
/// [`read`] or [`read_bytes`], which return it.
pub fn read_image(img: &RgbImage, opts: &ReadOptions) -> Result<Reading, ReadError> {
    read(img, opts).reading
}

/// The last read stage, after the game is decided: doubtful Tango given/placed cells are
/// settled by uniqueness ([`crate::resolve`]).
pub fn finish(read: Result<Reading, ReadError>, opts: &ReadOptions) -> Result<Reading, ReadError> {
    read.map(|mut r| {
        crate::resolve::resolve(&mut r, &opts.resolve);
        r
    })
}

/// The game decision of [`read`] when both readers ran: the reader that accepted the image
/// wins; when both accept, the more confident reading wins; when both refuse, a board cut off by
/// the image edge or a reader out of time is reported as such, else the error names both
/// reasons.
pub fn choose(
    tango: Result<Reading, ReadError>,
    queens: Result<Reading, ReadError>,
) -> Result<Reading, ReadError> {
    match (tango, queens) {
        (Ok(t), Ok(q)) => Ok(if q.min_confidence > t.min_confidence {
            q
        } else {
            t
        }),
        (Ok(t), Err(_)) => Ok(t),
        (Err(_), Ok(q)) => Ok(q),
        (Err(te @ (ReadError::CutOff { .. } | ReadError::Deadline { .. })), Err(_)) => Err(te),
        (Err(_), Err(qe @ (ReadError::CutOff { .. } | ReadError::Deadline { .. }))) => Err(qe),
        (Err(te), Err(qe)) => Err(ReadError::NoBoard(format!(
            "Tango: {}; Queens: {}",
            reason(&te),
            reason(&qe)
        ))),
    }
}

fn reason(e: &ReadError) -> String {
    match e {
        ReadError::NoBoard(r) if !r.is_empty() => r.clone(),
        other => other.to_string(),
    }
}

/// Decodes image bytes and reads them. The image returned is the one the reading's
/// coordinates refer to (the straightened copy of a tilted capture).
pub fn read_bytes(bytes: &[u8], opts: &ReadOptions) -> Result<(RgbImage, Reading), ReadError> {
    let img = decode(bytes, &opts.decode)?;
    let traced = read(&img, opts);
    let reading = traced.reading?;
    Ok((traced.straightened.map_or(img, |s| s.image), reading))
}

/// Reads an image file. I/O failures and content failures are distinct errors.
pub fn read_path(path: &Path, opts: &ReadOptions) -> Result<(RgbImage, Reading), PipelineError> {
    let bytes = read_file_limited(path, opts.decode.max_file_bytes)?;
    Ok(read_bytes(&bytes, opts)?)
}

/// Reads a whole file, refusing directories and files above `max_bytes` before reading them.
pub fn read_file_limited(path: &Path, max_bytes: u64) -> Result<Vec<u8>, PipelineError> {
    let io = |source| PipelineError::Io {
        path: path.display().to_string(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if meta.is_dir() {
        return Err(io(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "is a directory",
        )));
    }
    if meta.len() > max_bytes {
        return Err(PipelineError::Read(ReadError::Decode(format!(
            "the file is {} bytes; the limit is {max_bytes}",
            meta.len()
        ))));
    }
    std::fs::read(path).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_defaults() {
        crate::vision::check_documented_defaults(
            include_str!("pipeline.rs"),
            "ReadOptions",
            &format!("{:?}", ReadOptions::default()),
        );
    }
}
