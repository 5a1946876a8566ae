//! Input loading: a path or standard input, read whole under a size limit, and puzzle text
//! told apart from images by content.

use super::exit::Code;
use snapsolve::board::Placed;
use snapsolve::format;
use snapsolve::input::{InputKind, sniff};
use snapsolve::puzzle::Puzzle;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Where an input comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    Path(PathBuf),
}

impl Input {
    /// `-` is standard input.
    pub fn from_arg(p: &Path) -> Input {
        if p.as_os_str() == "-" {
            Input::Stdin
        } else {
            Input::Path(p.to_path_buf())
        }
    }
    /// The name in messages.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".into(),
            Input::Path(p) => p.display().to_string(),
        }
    }
    /// The path, unless standard input.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Input::Stdin => None,
            Input::Path(p) => Some(p),
        }
    }
}

/// Why an input could not be turned into a puzzle.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The input could not be read.
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    /// The puzzle text is malformed.
    #[error("{0}")]
    Parse(#[from] format::ParseError),
    /// The input is over the size limit.
    #[error("the input is larger than {0} bytes")]
    TooLarge(u64),
    /// An image where puzzle text is expected.
    #[error("this is a {0} image; this command reads puzzle text")]
    Image(&'static str),
    /// An image format the reader does not decode.
    #[error("this is a {0} image; snapsolve reads PNG, JPEG and WebP screenshots")]
    OtherImage(&'static str),
}

impl LoadError {
    /// The message naming the input (`NAME:LINE:COL: ...` for a parse error).
    pub fn located(&self, name: &str) -> String {
        match self {
            LoadError::Parse(pe) => format!("{name}:{}:{}: {}", pe.line, pe.col, pe.message),
            _ => format!("{name}: {self}"),
        }
    }

    /// The exit code.
    pub fn code(&self) -> Code {
        match self {
            LoadError::Io(_) => Code::Io,
            LoadError::Parse(_)
            | LoadError::TooLarge(_)
            | LoadError::Image(_)
            | LoadError::OtherImage(_) => Code::BadInput,
        }
    }
}

/// Reads a whole input, refusing directories and anything above `limit` bytes (without
/// reading more than `limit + 1` bytes).
pub fn read_input(input: &Input, limit: u64) -> Result<Vec<u8>, LoadError> {
    let mut buf = Vec::new();
    match input {
        Input::Stdin => {
            std::io::stdin()
                .lock()
                .take(limit + 1)
                .read_to_end(&mut buf)?;
        }
        Input::Path(p) => {
            let meta = std::fs::metadata(p)?;
            if meta.is_dir() {
                return Err(LoadError::Io(std::io::Error::new(
                    std::io::ErrorKind::IsADirectory,
                    "is a directory",
                )));
            }
            std::fs::File::open(p)?
                .take(limit + 1)
                .read_to_end(&mut buf)?;
        }
    }
    if buf.len() as u64 > limit {
        return Err(LoadError::TooLarge(limit));
    }
    Ok(buf)
}

/// Most bytes read from a puzzle-text-only input (a little above the text format's own limit,
/// so that an oversized file gets the parser's precise message).
const MAX_TEXT_INPUT_BYTES: u64 = format::MAX_TEXT_BYTES as u64 + 1;

/// Loads puzzle text (for `check-format` and `count`): the puzzle and the pieces the player
/// placed on it.
pub fn load(input: &Input) -> Result<(Puzzle, Vec<Placed>), LoadError> {
    let bytes = match read_input(input, MAX_TEXT_INPUT_BYTES) {
        Err(LoadError::TooLarge(_)) => {
            // Let the parser say how large it is, with its line and column.
            return Err(format::parse_bytes(&vec![b'.'; format::MAX_TEXT_BYTES + 1])
                .err()
                .map_or(LoadError::TooLarge(MAX_TEXT_INPUT_BYTES), LoadError::Parse));
        }
        r => r?,
    };
    text_state(&bytes)
}

/// Puzzle text: the puzzle and its canonical text (the player's pieces left out).
pub fn text_puzzle(bytes: &[u8]) -> Result<(Puzzle, String), LoadError> {
    let (puzzle, _) = text_state(bytes)?;
    let text = format::print(&puzzle);
    Ok((puzzle, text))
}

/// Puzzle text: the puzzle and the pieces the player placed on it.
pub fn text_state(bytes: &[u8]) -> Result<(Puzzle, Vec<Placed>), LoadError> {
    match sniff(bytes) {
        InputKind::Image(k) => Err(LoadError::Image(k)),
        InputKind::OtherImage(k) => Err(LoadError::OtherImage(k)),
        InputKind::Text => Ok(format::parse_bytes_with_placed(bytes)?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_is_named() {
        assert_eq!(Input::Stdin.name(), "<stdin>");
        assert_eq!(Input::from_arg(Path::new("-")), Input::Stdin);
    }
}
