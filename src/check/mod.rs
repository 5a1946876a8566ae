//! The regression check (a side stage): each image under the folders given is read and
//! compared with its expectation (a label, "no board", or "solves uniquely"), giving a typed
//! [`Verdict`].

mod compare;
mod plan;

pub use crate::input::LABELS_DIR;
pub use compare::{compare, equivalent};
pub use plan::{MANIFEST, NEGATIVE_DIR, plan_check};

use crate::answer::{ErrorKind, ImageError, ImageOptions, StageTimes, read_timed};
use crate::input::Found;
use crate::pipeline;
use crate::puzzle::{Game, Puzzle};
use crate::solve::{self, Outcome, SolveError};
use crate::vision::ReadError;
use std::path::PathBuf;
use std::time::Instant;

/// What a regression check expects of an image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// The reader must read exactly this puzzle.
    Label {
        /// The label file.
        path: PathBuf,
        /// The labelled puzzle, or why the label could not be read.
        puzzle: Result<Puzzle, String>,
        /// Tango only: compare up to swapping the two symbols (themed boards, whose icons
        /// have no fixed sun/moon meaning).
        swap_ok: bool,
    },
    /// The image shows no Tango or Queens board: reading must refuse it.
    NoBoard,
    /// No label: the board read must have exactly one solution.
    Unique,
}

/// One image of a regression check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The image.
    pub image: Found,
    /// What is expected.
    pub expect: Expect,
    /// Kinds from a manifest (e.g. `full page`, `dark`), for the summary table; empty without
    /// a manifest.
    pub kinds: Vec<String>,
}

/// The result of checking one image.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// As expected.
    Pass,
    /// Not as expected: a one-line reason and the differing cells or edges.
    Fail {
        /// What went wrong.
        reason: String,
        /// Cell-by-cell differences (`r2c3: want S, read .`).
        diffs: Vec<String>,
    },
    /// The puzzle read differs from the label only in cells the reader itself flagged as
    /// doubtful, and both have the same unique solution: the image does not show what the
    /// label says there (e.g. a locked cell hidden under LinkedIn's rule-break stripes). Counts
    /// as a pass, and is listed apart.
    Equivalent {
        /// Cell-by-cell differences, as in [`Verdict::Fail`].
        diffs: Vec<String>,
    },
    /// The image could not be processed in a way the expectation does not allow.
    Error {
        /// What kind of error (the binary ranks it like the error on its own).
        kind: ErrorKind,
        /// The message.
        message: String,
    },
}

impl Verdict {
    /// The verdict of an image that gave an error.
    pub fn error(e: &ImageError) -> Verdict {
        Verdict::Error {
            kind: e.kind(),
            message: e.to_string(),
        }
    }
    /// Whether the check passed.
    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Pass | Verdict::Equivalent { .. })
    }
    /// `pass`, `fail` or `error`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Equivalent { .. } => "equivalent",
            Verdict::Fail { .. } => "fail",
            Verdict::Error { .. } => "error",
        }
    }
}

/// The result of [`check_case`] (plain data).
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The verdict.
    pub verdict: Verdict,
    /// The game and size read, when a board was read.
    pub read: Option<(Game, usize, usize)>,
    /// The solver outcome name, when the board was solved.
    pub outcome: Option<&'static str>,
    /// Stage times.
    pub times: StageTimes,
}

/// Checks one image against its expectation (reads the file, decodes, reads the board and,
/// for unlabelled images, solves it).
pub fn check_case(case: &Case, opts: &ImageOptions) -> CaseResult {
    let mut res = CaseResult {
        verdict: Verdict::Pass,
        read: None,
        outcome: None,
        times: StageTimes::default(),
    };
    let t0 = Instant::now();
    let bytes = pipeline::read_file_limited(&case.image.path, opts.read.decode.max_file_bytes);
    res.times.load = t0.elapsed();
    let bytes = match bytes {
        Ok(b) => b,
        Err(e) => {
            res.verdict = Verdict::error(&ImageError::from(e));
            return res;
        }
    };
    let reading = match read_timed(&bytes, &opts.read) {
        Ok((_, reading, t)) => {
            res.times.decode = t.decode;
            res.times.read = t.read;
            let (r, c) = reading.puzzle.size();
            res.read = Some((reading.game(), r, c));
            reading
        }
        Err(e) => {
            res.verdict = match (&case.expect, &e) {
                (Expect::NoBoard, ReadError::NoBoard(_) | ReadError::NoBoardOfGame(_)) => {
                    Verdict::Pass
                }
                _ => Verdict::error(&ImageError::Read(e)),
            };
            return res;
        }
    };
    res.verdict = match &case.expect {
        Expect::NoBoard => Verdict::Fail {
            reason: format!(
                "expected no board, read a {} {}x{} board",
                reading.game(),
                reading.puzzle.size().0,
                reading.puzzle.size().1
            ),
            diffs: Vec::new(),
        },
        Expect::Label {
            puzzle: Err(msg), ..
        } => Verdict::Error {
            kind: ErrorKind::BadLabel,
            message: msg.clone(),
        },
        Expect::Label {
            puzzle: Ok(want),
            swap_ok,
            ..
        } => match compare(want, &reading.puzzle, *swap_ok) {
            None => Verdict::Pass,
            Some((reason, diffs)) => {
                if equivalent(want, &reading, &opts.solve) {
                    Verdict::Equivalent { diffs }
                } else {
                    Verdict::Fail { reason, diffs }
                }
            }
        },
        Expect::Unique => {
            let t = Instant::now();
            let r = solve::solve(&reading.puzzle, &opts.solve);
            res.times.solve = t.elapsed();
            res.outcome = r.as_ref().ok().map(|rep| rep.outcome.name());
            unique_verdict(r)
        }
    };
    res
}

/// The verdict on an unlabelled board: it must have exactly one solution.
fn unique_verdict(r: Result<solve::Report, SolveError>) -> Verdict {
    match r.map(|rep| rep.outcome) {
        Ok(Outcome::Unique(_)) => Verdict::Pass,
        Ok(Outcome::Several { differ, .. }) => Verdict::Fail {
            reason: "the board read has several solutions".into(),
            diffs: vec![format!(
                "two solutions differ at {}",
                differ
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )],
        },
        Ok(Outcome::None { conflict }) => Verdict::Fail {
            reason: "the board read has no solution".into(),
            diffs: conflict.iter().map(|c| c.to_string()).collect(),
        },
        Ok(Outcome::Timeout { .. }) => Verdict::Error {
            kind: ErrorKind::Timeout,
            message: "the solver timed out".into(),
        },
        Err(e) => Verdict::error(&ImageError::Solve(e)),
    }
}
