//! Input loading: a path or standard input, read whole under a size limit, and puzzle text
//! told apart from images by content.

use super::exit::Code;
use snapsolve::board::Placed;
use snapsolve::format;
use snapsolve::input::{IMAGE_EXTENSIONS, InputKind, sniff};
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
    /// A file named as an image whose bytes are no image (empty, or other data).
    #[error("{found}: expected PNG, JPEG or WebP image data in a .{ext} file")]
    NotImage {
        /// The file's extension.
        ext: String,
        /// What the bytes are instead.
        found: String,
    },
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
            | LoadError::OtherImage(_)
            | LoadError::NotImage { .. } => Code::BadInput,
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
    input_kind(input, &bytes)?;
    text_state(&bytes)
}

/// What an input is, from its name and its bytes together: the bytes decide between the image
/// formats, and a file named as an image (`.png`, `.jpg`, `.jpeg`, `.webp`) whose bytes are no
/// image is an image error (empty or broken), never read as puzzle text.
pub fn input_kind(input: &Input, bytes: &[u8]) -> Result<InputKind, LoadError> {
    let kind = sniff(bytes);
    let ext = input
        .path()
        .and_then(|p| p.extension())
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .filter(|e| IMAGE_EXTENSIONS.contains(&e.as_str()));
    match (kind, ext) {
        (InputKind::Text, Some(ext)) => Err(LoadError::NotImage {
            ext,
            found: not_image(bytes),
        }),
        (k, _) => Ok(k),
    }
}

/// How bytes that are no image are described: empty, or what they start with.
fn not_image(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "the file is empty".into();
    }
    let head: String = String::from_utf8_lossy(&bytes[..bytes.len().min(12)])
        .chars()
        .map(|c| if c.is_control() { '.' } else { c })
        .collect();
    format!("not image data (the file starts with `{head}`)")
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
    fn an_image_name_without_image_bytes_is_an_image_error() {
        let png = Input::Path("shot.PNG".into());
        let e = input_kind(&png, b"").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the file is empty: expected PNG, JPEG or WebP image data in a .png file"
        );
        assert!(
            input_kind(&png, b"hello\n")
                .unwrap_err()
                .to_string()
                .contains("`hello.`")
        );
        assert_eq!(
            input_kind(&png, b"\xff\xd8\xff\xe0").unwrap(),
            InputKind::Image("JPEG")
        );
        let txt = Input::Path("p.txt".into());
        assert_eq!(input_kind(&txt, b"").unwrap(), InputKind::Text);
        assert_eq!(input_kind(&Input::Stdin, b"").unwrap(), InputKind::Text);
    }

    #[test]
    fn input_is_named() {
        assert_eq!(Input::Stdin.name(), "<stdin>");
        assert_eq!(Input::from_arg(Path::new("-")), Input::Stdin);
    }
}
