//! The whole image pipeline in one call: decode -> decide the game and read the board
//! (Tango and Queens readers) -> [`Reading`]. The solver and the overlay are separate calls
//! ([`crate::solve`], [`crate::render`]) so each stage stays testable on its own.

use crate::board::Reading;
use crate::puzzle::Game;
use crate::vision::ReadError;
use crate::vision::decode::{DecodeOptions, decode};
use crate::vision::queens::{QueensReadOptions, read_queens};
use crate::vision::tango::{TangoReadOptions, read_tango};
use image::RgbImage;
use std::path::Path;

/// Options of the whole read pipeline.
#[derive(Clone, Debug)]
pub struct ReadOptions {
    /// Force the game instead of deciding it from the image. Default: decide.
    pub game: Option<Game>,
    /// Decoding limits.
    pub decode: DecodeOptions,
    /// Tango reader options.
    pub tango: TangoReadOptions,
    /// Queens reader options.
    pub queens: QueensReadOptions,
    /// Settling doubtful cells by uniqueness.
    pub resolve: crate::resolve::ResolveOptions,
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
            tango: TangoReadOptions::default(),
            queens: QueensReadOptions::default(),
            resolve: crate::resolve::ResolveOptions::default(),
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

/// Reads a decoded image. With no forced game both readers run: each refuses boards of the
/// other game, and when both accept, the more confident reading wins.
pub fn read_image(img: &RgbImage, opts: &ReadOptions) -> Result<Reading, ReadError> {
    let read = match opts.game {
        Some(Game::Tango) => {
            read_tango(img, &opts.tango).map_err(|_| ReadError::NoBoardOfGame(Game::Tango))
        }
        Some(Game::Queens) => {
            read_queens(img, &opts.queens).map_err(|_| ReadError::NoBoardOfGame(Game::Queens))
        }
        None => {
            let tango = read_tango(img, &opts.tango);
            match tango {
                Ok(t) if t.min_confidence >= opts.skip_queens_above => Ok(t),
                tango => choose(tango, read_queens(img, &opts.queens)),
            }
        }
    };
    finish(read, opts)
}

/// The last read stage, after the game is decided: doubtful Tango given/placed cells are
/// settled by uniqueness ([`crate::resolve`]).
pub fn finish(read: Result<Reading, ReadError>, opts: &ReadOptions) -> Result<Reading, ReadError> {
    read.map(|mut r| {
        crate::resolve::resolve(&mut r, &opts.resolve);
        r
    })
}

/// The game decision of [`read_image`] when both readers ran: the reader that accepted the
/// image wins; when both accept, the more confident reading wins; when both refuse, the
/// error names both reasons. (Public so that `--debug-dir`, which runs the readers with their
/// debug pictures, decides the same way.)
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

/// Decodes image bytes and reads them.
pub fn read_bytes(bytes: &[u8], opts: &ReadOptions) -> Result<(RgbImage, Reading), ReadError> {
    let img = decode(bytes, &opts.decode)?;
    let reading = read_image(&img, opts)?;
    Ok((img, reading))
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
