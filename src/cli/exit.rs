//! The process exit codes of the `snapsolve` binary, in one place, and the one way our own
//! errors are printed (`snapsolve: ...`, clap's usage errors included: [`usage_text`]). The library returns typed outcomes and errors; this
//! module maps them to codes.
//!
//! | code | meaning |
//! |---|---|
//! | 0 | success: solved uniquely (`solve`), valid (`check-format`), counted (`count`), check passed |
//! | 1 | internal error (a bug: e.g. the rules checker rejected a solver answer) |
//! | 2 | usage error (bad command line, including a value out of its range) |
//! | 3 | no solution |
//! | 4 | several solutions |
//! | 5 | bad input: puzzle text or image data that cannot be read (corrupt, truncated, too large) |
//! | 6 | I/O error: a file cannot be read or written; an existing output without `--force`, or the input |
//! | 7 | no board found in an image (or the board is cut off by the image edge) |
//! | 8 | the solver hit its timeout, or a reader its time limit |
//! | 9 | a check or regression failed |
//! | 10 | uncertain: other plausible readings of what was read with doubt give other unique solutions |
//!
//! With several inputs the process exits with the most severe code met, in the order of
//! [`Code::severity`].

use snapsolve::answer::{ErrorKind, SolvedImage};
use snapsolve::render::RenderError;
use snapsolve::solve::{Outcome, SolveError};
use snapsolve::vision::ReadError;

/// A process exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Code {
    /// Success.
    Ok = 0,
    /// Internal error (a bug).
    Internal = 1,
    /// Bad command line (clap's own code).
    Usage = 2,
    /// The puzzle has no solution.
    NoSolution = 3,
    /// The puzzle has several solutions.
    Several = 4,
    /// Unreadable puzzle text or image content.
    BadInput = 5,
    /// A file could not be read or output not written.
    Io = 6,
    /// No board was found in an image.
    NoBoard = 7,
    /// The solver timed out.
    Timeout = 8,
    /// A check or regression failed.
    CheckFailed = 9,
    /// The answer depends on elements read with doubt.
    Uncertain = 10,
}

impl Code {
    /// The numeric code.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// Rank used to combine the codes of several inputs (higher wins): internal error, I/O,
    /// usage, bad input, no board, timeout, check failure, no solution, several, success.
    pub fn severity(self) -> u8 {
        match self {
            Code::Ok => 0,
            Code::Several => 1,
            Code::Uncertain => 2,
            Code::NoSolution => 3,
            Code::CheckFailed => 4,
            Code::Timeout => 5,
            Code::NoBoard => 6,
            Code::BadInput => 7,
            Code::Usage => 8,
            Code::Io => 9,
            Code::Internal => 10,
        }
    }

    /// What the code says about an input, for count lines (`ok` for [`Code::Ok`]).
    pub fn name(self) -> &'static str {
        match self {
            Code::Ok => "ok",
            Code::Internal => "internal error",
            Code::Usage => "usage error",
            Code::NoSolution => "no solution",
            Code::Several => "several solutions",
            Code::BadInput => "bad input",
            Code::Io => "I/O error",
            Code::NoBoard => "no board",
            Code::Timeout => "timeout",
            Code::CheckFailed => "check failed",
            Code::Uncertain => "uncertain",
        }
    }

    /// The more severe of two codes.
    pub fn worst(self, other: Code) -> Code {
        if other.severity() > self.severity() {
            other
        } else {
            self
        }
    }
}

impl From<Code> for std::process::ExitCode {
    fn from(c: Code) -> Self {
        std::process::ExitCode::from(c.code())
    }
}

/// The code of a kind of image failure.
pub fn kind_code(k: ErrorKind) -> Code {
    match k {
        ErrorKind::Io => Code::Io,
        ErrorKind::BadImage | ErrorKind::BadPuzzle | ErrorKind::BadLabel => Code::BadInput,
        ErrorKind::NoBoard => Code::NoBoard,
        ErrorKind::Timeout => Code::Timeout,
        ErrorKind::Internal => Code::Internal,
    }
}

/// The code of a reading error: 5 for images that cannot be decoded (or are too large), 7 when
/// no board was found.
pub fn read_error_code(e: &ReadError) -> Code {
    kind_code(e.into())
}

/// The code of a solver error: 5 for an invalid puzzle, 1 for a bug.
pub fn solve_error_code(e: &SolveError) -> Code {
    kind_code(e.into())
}

/// The code of a solver outcome.
pub fn outcome_code(o: &Outcome) -> Code {
    match o {
        Outcome::Unique(_) => Code::Ok,
        Outcome::Several { .. } => Code::Several,
        Outcome::None { .. } => Code::NoSolution,
        Outcome::Timeout { .. } => Code::Timeout,
    }
}

/// The code of a solved screenshot: its solver outcome's, or [`Code::Uncertain`] when other
/// plausible readings give other unique solutions.
pub fn image_code(s: &SolvedImage) -> Code {
    match s.outcome_name() {
        "uncertain" => Code::Uncertain,
        _ => outcome_code(&s.report.outcome),
    }
}

/// The code of an error while drawing or writing an overlay.
pub fn render_error_code(e: &RenderError) -> Code {
    match e {
        RenderError::SameAsInput(_) | RenderError::Io { .. } => Code::Io,
        _ => Code::Internal,
    }
}

/// One diagnostic line on standard error, with the program's prefix: `snapsolve: MESSAGE`.
/// Every error, warning and note of our own goes through here (or [`diag_line`] for output
/// collected per input); clap prints its own usage errors.
pub fn diag(message: impl std::fmt::Display) {
    eprint!("{}", diag_line(message));
}

/// clap's usage error text with the program's prefix instead of clap's `error: `.
pub fn usage_text(clap_text: &str) -> String {
    match clap_text.strip_prefix("error: ") {
        Some(rest) => diag_line(rest.trim_end()),
        None => clap_text.to_string(),
    }
}

/// The text of a diagnostic line, newline included.
pub fn diag_line(message: impl std::fmt::Display) -> String {
    format!("snapsolve: {message}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_severity_is_total() {
        let all = [
            Code::Ok,
            Code::Internal,
            Code::Usage,
            Code::NoSolution,
            Code::Several,
            Code::BadInput,
            Code::Io,
            Code::NoBoard,
            Code::Timeout,
            Code::CheckFailed,
            Code::Uncertain,
        ];
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a.code(), b.code());
                assert_ne!(a.severity(), b.severity());
            }
        }
        assert_eq!(Code::Ok.worst(Code::Several), Code::Several);
        assert_eq!(Code::Io.worst(Code::NoSolution), Code::Io);
        assert_eq!(Code::Uncertain.worst(Code::Several), Code::Uncertain);
    }

    #[test]
    fn usage_errors_get_the_one_prefix() {
        assert_eq!(
            usage_text("error: unexpected argument\n\nUsage: x\n"),
            "snapsolve: unexpected argument\n\nUsage: x\n"
        );
    }
}
