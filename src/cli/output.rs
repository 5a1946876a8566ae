//! Where the command line's outputs go, under one rule for every command (`solve -o` and
//! `--out-dir`, `render -o`, `generate --png`, `check --junit`): an existing file is replaced
//! only with `-f/--force`, and the input image never, even with it. `-` is standard output,
//! refused for PNG bytes when standard output is a terminal. A closed pipe (the reader went
//! away, as with `| head`) ends the program quietly with exit code 0, as a Unix filter does.

use image::RgbImage;
use snapsolve::render::RenderError;
use snapsolve::render::output::{PngCompression, encode_png, refuse_existing, write_atomic};
use std::io::{ErrorKind, IsTerminal, Write};
use std::path::Path;

/// Whether an output path stands for standard output.
pub fn is_stdout(path: &Path) -> bool {
    path == Path::new("-")
}

/// Why PNG bytes may not go to `path` when standard output is (`terminal`) a terminal: they
/// would garble it. `None` when they may.
pub fn png_to_terminal(path: &Path, terminal: bool) -> Option<String> {
    (is_stdout(path) && terminal).then(|| {
        "refusing to write PNG bytes to a terminal: redirect standard output (`-o - > out.png`) \
         or name a file"
            .to_string()
    })
}

/// [`png_to_terminal`] for this process's standard output.
pub fn png_to_this_terminal(path: &Path) -> Option<String> {
    png_to_terminal(path, std::io::stdout().is_terminal())
}

/// Writes `bytes` to a file (atomically) or to standard output (`-`) under the rule above.
pub fn write_output(
    path: &Path,
    bytes: &[u8],
    input: Option<&Path>,
    force: bool,
) -> Result<(), RenderError> {
    refuse_existing(path, force, input)?;
    match write_atomic(path, bytes, input) {
        Err(RenderError::Io { source, .. }) if source.kind() == ErrorKind::BrokenPipe => {
            closed_pipe()
        }
        r => r,
    }
}

/// Encodes an image as PNG and writes it with [`write_output`].
pub fn write_png(
    path: &Path,
    img: &RgbImage,
    input: Option<&Path>,
    force: bool,
) -> Result<(), RenderError> {
    write_output(path, &encode_png(img, PngCompression::Fast)?, input, force)
}

/// The reader of standard output went away: end quietly with exit code 0.
pub fn closed_pipe() -> ! {
    std::process::exit(0)
}

/// Prints report text on standard output; a closed pipe ends the program quietly.
pub fn print_out(text: &str) -> std::io::Result<()> {
    let mut so = std::io::stdout().lock();
    match so.write_all(text.as_bytes()).and_then(|_| so.flush()) {
        Err(e) if e.kind() == ErrorKind::BrokenPipe => closed_pipe(),
        r => r,
    }
}

/// `println!` through [`print_out`]: a closed pipe ends quietly instead of panicking.
macro_rules! outln {
    ($($t:tt)*) => {{
        let _ = $crate::cli::output::print_out(&format!("{}\n", format_args!($($t)*)));
    }};
}
pub(crate) use outln;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_goes_to_a_terminal_never_and_to_a_pipe_always() {
        assert!(png_to_terminal(Path::new("-"), true).is_some());
        assert!(png_to_terminal(Path::new("-"), false).is_none());
        assert!(png_to_terminal(Path::new("a.png"), true).is_none());
    }

    #[test]
    fn an_existing_file_is_replaced_only_with_force() {
        let dir = std::env::temp_dir().join(format!("snapsolve-force-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("x.txt");
        std::fs::write(&f, "keep").unwrap();
        assert!(matches!(
            write_output(&f, b"new", None, false),
            Err(RenderError::Io { .. })
        ));
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "keep");
        write_output(&f, b"new", None, true).unwrap();
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "new");
        // The input is refused even with force.
        assert!(matches!(
            write_output(&f, b"x", Some(&f), true),
            Err(RenderError::SameAsInput(_))
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
