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
use crate::vision::decode::{DecodeOptions, decode};
use crate::vision::deskew::{DeskewOptions, Straightened, straighten};
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
    /// When the game is not forced and the Tango reader accepts the image with every cell and
    /// edge at least this confident, the Queens reader is not run (it refuses Tango boards
    /// anyway; this saves its time). Default 0.9; above 1 always runs both.
    pub skip_queens_above: f32,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions {
            game: None,
            decode: DecodeOptions::default(),
            deskew: DeskewOptions::default(),
            tango: TangoReadOptions::default(),
            queens: QueensReadOptions::default(),
            resolve: crate::resolve::ResolveOptions::default(),
            occlusion: crate::vision::occlusion::OcclusionOptions::default(),
            skip_queens_above: 0.9,
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
    /// The Tango reader, when it ran.
    pub tango: Option<ReaderRun<TangoTrace>>,
    /// The Queens reader, when it ran (not when the game is forced to Tango, nor when the
    /// Tango reading was confident enough: [`ReadOptions::skip_queens_above`]).
    pub queens: Option<ReaderRun<QueensTrace>>,
    /// Wall time of each stage, in order (`deskew`, `tango`, `queens`, `occlusion`, `resolve`).
    pub timings: Vec<(&'static str, Duration)>,
}

/// The outcome of [`read`]: the reading (or why there is none) and how it was reached.
#[derive(Clone, Debug)]
pub struct Traced {
    /// The reading, after the game decision and [`finish`].
    pub reading: Result<Reading, ReadError>,
    /// What each reader produced.
    pub trace: ReadTrace,
    /// The straightened image the readers read, when the capture was tilted: the reading's
    /// grid is in its coordinates, so the answer is drawn on it.
    pub straightened: Option<Straightened>,
}

impl Traced {
    /// The image the reading's coordinates refer to: the straightened copy, or `original`.
    pub fn image<'a>(&'a self, original: &'a RgbImage) -> &'a RgbImage {
        self.straightened.as_ref().map_or(original, |s| &s.image)
    }
}

/// Reads a decoded image, keeping each reader's trace. With no forced game the Tango reader
/// runs first; the Queens reader runs too unless the Tango reading is confident
/// ([`ReadOptions::skip_queens_above`]). Each reader refuses boards of the other game, and
/// when both accept, the more confident reading wins ([`choose`]).
pub fn read(original: &RgbImage, opts: &ReadOptions) -> Traced {
    let mut trace = ReadTrace::default();
    let straightened = timed(&mut trace, "deskew", || straighten(original, &opts.deskew));
    let img = straightened.as_ref().map_or(original, |s| &s.image);
    let tango = match opts.game {
        Some(Game::Queens) => None,
        _ => Some(timed(&mut trace, "tango", || {
            read_tango_traced(img, &opts.tango)
        })),
    };
    let confident = tango.as_ref().is_some_and(|(r, _)| {
        r.as_ref()
            .is_ok_and(|t| t.min_confidence >= opts.skip_queens_above)
    });
    let queens = match opts.game {
        Some(Game::Tango) => None,
        None if confident => None,
        _ => Some(timed(&mut trace, "queens", || {
            read_queens_traced(img, &opts.queens)
        })),
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
            crate::vision::occlusion::mark(img, &mut r, &opts.occlusion);
            r
        })
    });
    let mut reading = timed(&mut trace, "resolve", || finish(read, opts));
    if let (Ok(r), Some(s)) = (&mut reading, &straightened) {
        r.straightened = Some(s.tilt.degrees);
    }
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
