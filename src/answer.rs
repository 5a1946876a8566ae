//! The end-to-end answer for one screenshot: read the board, solve it, check the player's
//! placed pieces against the solution, pick the cells to look at when there is none, and draw
//! the overlay. Plain data out (no z3 objects), so many images can run on worker threads.

use crate::board::{Doubt, Placed, Reading};
use crate::certify::{self, Certificate, CertifyOptions, Change};
use crate::pipeline::{self, ReadOptions};
use crate::puzzle::{Pos, Puzzle, Solution, Symbol};
use crate::solve::{self, Conflict, Outcome, Report, SolveError, SolveOptions};
use crate::vision::ReadError;
use crate::vision::decode::decode;
use image::RgbImage;
use std::time::{Duration, Instant};

/// Options for reading and solving images.
#[derive(Clone, Debug, Default)]
pub struct ImageOptions {
    /// Reading (decoding limits, forced game, reader tunables).
    pub read: ReadOptions,
    /// Solving (timeout, conflict minimisation).
    pub solve: SolveOptions,
    /// Certifying the answer against other readings of what was read with doubt.
    pub certify: CertifyOptions,
}

/// Why an image input gave no result.
#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// The bytes could not be decoded, or no board was found.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The solver failed (a bug or an unusable board shape).
    #[error(transparent)]
    Solve(#[from] SolveError),
}

impl From<pipeline::PipelineError> for ImageError {
    fn from(e: pipeline::PipelineError) -> Self {
        match e {
            pipeline::PipelineError::Io { path, source } => ImageError::Io { path, source },
            pipeline::PipelineError::Read(r) => ImageError::Read(r),
        }
    }
}

/// What kind of failure an image input met, for a caller that ranks failures (the binary
/// turns it into an exit code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A file could not be read.
    Io,
    /// The bytes are not a decodable image, or the image is too large.
    BadImage,
    /// No board was found.
    NoBoard,
    /// The board read is not a valid puzzle.
    BadPuzzle,
    /// A label file could not be read as a puzzle.
    BadLabel,
    /// The solver hit its time limit.
    Timeout,
    /// A bug: the solver failed or its answer broke the rules.
    Internal,
}

impl From<&ReadError> for ErrorKind {
    fn from(e: &ReadError) -> Self {
        match e {
            ReadError::Decode(_) | ReadError::TooLarge { .. } => ErrorKind::BadImage,
            ReadError::NoBoard(_) | ReadError::NoBoardOfGame(_) | ReadError::CutOff { .. } => {
                ErrorKind::NoBoard
            }
            ReadError::Deadline { .. } => ErrorKind::Timeout,
        }
    }
}

impl From<&SolveError> for ErrorKind {
    fn from(e: &SolveError) -> Self {
        match e {
            SolveError::Puzzle(_) => ErrorKind::BadPuzzle,
            SolveError::CheckerRejected(_) | SolveError::Unknown(_) | SolveError::Z3(_) => {
                ErrorKind::Internal
            }
        }
    }
}

impl ImageError {
    /// What kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        match self {
            ImageError::Io { .. } => ErrorKind::Io,
            ImageError::Read(r) => r.into(),
            ImageError::Solve(s) => s.into(),
        }
    }
}

/// Wall-clock time per stage of one image.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StageTimes {
    /// Reading the file.
    pub load: Duration,
    /// Decoding the image.
    pub decode: Duration,
    /// Locating and classifying the board.
    pub read: Duration,
    /// Solving (both checks, or the conflict set).
    pub solve: Duration,
    /// Drawing and writing the overlay (zero when none was asked for).
    pub render: Duration,
}

/// A piece the player placed that disagrees with the unique solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongPiece {
    /// The piece as read.
    pub placed: Placed,
    /// For a Tango symbol: the symbol the solution has there.
    pub expected: Option<Symbol>,
}

impl std::fmt::Display for WrongPiece {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.placed, self.expected) {
            (Placed::Symbol { pos, symbol }, Some(e)) => {
                write!(f, "{} at {pos} should be {}", symbol.letter(), e.letter())
            }
            (Placed::Symbol { pos, symbol }, None) => write!(f, "{} at {pos}", symbol.letter()),
            (Placed::Crown { pos }, _) => write!(f, "crown at {pos} is not in the solution"),
            (Placed::Cross { pos }, _) => write!(f, "x at {pos} covers a solution crown"),
        }
    }
}

/// "Check my progress": the placed pieces that disagree with a solution. Tango symbols that
/// differ from the solution; Queens crowns off the solution and x marks on a solution crown.
pub fn wrong_pieces(placed: &[Placed], solution: &Solution) -> Vec<WrongPiece> {
    placed
        .iter()
        .filter_map(|&pl| match pl {
            Placed::Symbol { pos, symbol } => {
                let want = solution.symbol(pos)?;
                (want != symbol).then_some(WrongPiece {
                    placed: pl,
                    expected: Some(want),
                })
            }
            Placed::Crown { pos } => (!solution.has_crown(pos)).then_some(WrongPiece {
                placed: pl,
                expected: None,
            }),
            Placed::Cross { pos } => solution.has_crown(pos).then_some(WrongPiece {
                placed: pl,
                expected: None,
            }),
        })
        .collect()
}

/// The cells a conflict set involves.
pub fn conflict_cells(p: &Puzzle, conflict: &[Conflict]) -> Vec<Pos> {
    let (rows, cols) = p.size();
    let mut out = Vec::new();
    for c in conflict {
        match *c {
            Conflict::Given { pos, .. } => out.push(pos),
            Conflict::Marker { edge, .. } => {
                let (a, b) = edge.cells();
                out.extend([a, b]);
            }
            Conflict::Row(r) => out.extend((0..cols).map(|k| Pos::new(r, k))),
            Conflict::Column(k) => out.extend((0..rows).map(|r| Pos::new(r, k))),
            Conflict::Region(k) => {
                if let Puzzle::Queens(q) = p
                    && let Some(cells) = q.region_cells().get(k)
                {
                    out.extend(cells.iter().copied());
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// When a read puzzle has no solution: the cells to look at, the reader's least confident
/// cells first. These are the cells of the conflict set; a cell the reader doubted comes first
/// (weakest first), then the others in reading order.
pub fn cells_to_look_at(reading: &Reading, conflict: &[Conflict]) -> Vec<Pos> {
    let cells = conflict_cells(&reading.puzzle, conflict);
    let conf = |p: Pos| -> f32 {
        reading
            .doubts
            .iter()
            .filter_map(|d| match *d {
                Doubt::Cell {
                    pos, confidence, ..
                } if pos == p => Some(confidence),
                Doubt::Edge { edge, confidence } => {
                    let (a, b) = edge.cells();
                    (a == p || b == p).then_some(confidence)
                }
                _ => None,
            })
            .fold(f32::INFINITY, f32::min)
    };
    let mut keyed: Vec<(f32, Pos)> = cells.into_iter().map(|p| (conf(p), p)).collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    keyed.into_iter().map(|(_, p)| p).collect()
}

/// A read and solved image (plain data).
#[derive(Clone, Debug)]
pub struct SolvedImage {
    /// What was read.
    pub reading: Reading,
    /// What the solver found.
    pub report: Report,
    /// Placed pieces that disagree with the unique solution (empty otherwise).
    pub wrong: Vec<WrongPiece>,
    /// With no solution: the cells to look at (see [`cells_to_look_at`]).
    pub look_at: Vec<Pos>,
    /// Stage times (`render` is filled by the caller that draws).
    pub times: StageTimes,
    /// What the certify stage concluded (none after a timeout): an answer is shown as
    /// certain only when this is [`Certificate::Certain`], [`Certificate::Repaired`] or
    /// [`Certificate::Completed`].
    pub certificate: Option<Certificate>,
}

impl SolvedImage {
    /// The answer to show as certain: the unique solution, when no other plausible reading
    /// gives a different one (or the reading was repaired to it).
    pub fn answer(&self) -> Option<&Solution> {
        match (&self.report.outcome, &self.certificate) {
            (Outcome::Unique(_), Some(Certificate::Uncertain { .. })) => None,
            (Outcome::Unique(s), _) => Some(s),
            _ => None,
        }
    }

    /// The outcome's name: the solver's (`unique`, `several`, `none`, `timeout`), or
    /// `uncertain` when other plausible readings give other unique solutions.
    pub fn outcome_name(&self) -> &'static str {
        match (&self.report.outcome, &self.certificate) {
            (_, Some(Certificate::Uncertain { .. })) => "uncertain",
            (o, _) => o.name(),
        }
    }

    /// The changes a repair made, if any.
    pub fn repairs(&self) -> &[Change] {
        match &self.certificate {
            Some(Certificate::Repaired { changes, .. }) => changes,
            _ => &[],
        }
    }
}

/// Tango: every cell's piece as seen ([`Reading::tango_pieces`]), or `None` when a cell is
/// empty.
fn tango_board_as_seen(reading: &Reading) -> Option<Vec<Symbol>> {
    reading.tango_pieces()?.into_iter().collect()
}

/// Tango: the rows and columns (`"row 3"`, `"column 2"`) whose pieces read surely (givens and
/// the player's; a cell doubted under `free_below` or occluded has none) break a rule, more
/// than half of the line one kind or three alike side by side, with no cell of it under
/// stripes ([`certify::CertifyOptions::tango_unstriped_broken_lines`]).
fn unstriped_broken_lines(reading: &Reading, free_below: f32) -> Vec<String> {
    let Puzzle::Tango(t) = &reading.puzzle else {
        return Vec::new();
    };
    let (rows, cols) = (t.rows(), t.cols());
    let Some(mut pieces) = reading.tango_pieces() else {
        return Vec::new();
    };
    for d in &reading.doubts {
        if let Doubt::Cell {
            pos, confidence, ..
        } = *d
            && confidence < free_below
        {
            pieces[pos.index(cols)] = None;
        }
    }
    for e in &reading.occluded {
        if let certify::Element::Cell { pos } = *e {
            pieces[pos.index(cols)] = None;
        }
    }
    let broken = |line: &[Pos]| {
        let of = |s: Symbol| {
            line.iter()
                .filter(|p| pieces[p.index(cols)] == Some(s))
                .count()
        };
        let striped = line.iter().any(|p| reading.striped.contains(p));
        let three = line.windows(3).any(|w| {
            let a = pieces[w[0].index(cols)];
            a.is_some() && w.iter().all(|p| pieces[p.index(cols)] == a)
        });
        !striped && (three || 2 * of(Symbol::Sun) > line.len() || 2 * of(Symbol::Moon) > line.len())
    };
    let mut out = Vec::new();
    for r in 0..rows {
        let line: Vec<Pos> = (0..cols).map(|c| Pos::new(r, c)).collect();
        if broken(&line) {
            out.push(format!("row {}", r + 1));
        }
    }
    for c in 0..cols {
        let line: Vec<Pos> = (0..rows).map(|r| Pos::new(r, c)).collect();
        if broken(&line) {
            out.push(format!("column {}", c + 1));
        }
    }
    out
}

/// Whether the player's board is complete and keeps the rules that hold whatever the puzzle
/// is: Tango, every cell holds a piece, every line is balanced with no three alike in a row;
/// Queens, one crown in every row and column, no two touching.
fn complete_by_the_rules(reading: &Reading) -> bool {
    match &reading.puzzle {
        Puzzle::Tango(t) => {
            let (rows, cols) = (t.rows(), t.cols());
            let Some(cells) = tango_board_as_seen(reading) else {
                return false;
            };
            let line_ok = |line: Vec<Symbol>| {
                let suns = line.iter().filter(|&&s| s == Symbol::Sun).count();
                2 * suns == line.len() && line.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2]))
            };
            (0..rows).all(|r| line_ok((0..cols).map(|c| cells[r * cols + c]).collect()))
                && (0..cols).all(|c| line_ok((0..rows).map(|r| cells[r * cols + c]).collect()))
        }
        Puzzle::Queens(q) => {
            let n = q.n();
            let crowns = player_crowns(reading);
            let distinct = |f: fn(&Pos) -> usize| {
                let mut v: Vec<usize> = crowns.iter().map(f).collect();
                v.sort_unstable();
                v.dedup();
                v.len() == n
            };
            let apart = crowns.iter().enumerate().all(|(i, a)| {
                crowns[i + 1..]
                    .iter()
                    .all(|b| a.row.abs_diff(b.row) > 1 || a.col.abs_diff(b.col) > 1)
            });
            crowns.len() == n && distinct(|p| p.row) && distinct(|p| p.col) && apart
        }
    }
}

/// The cells of the player's crowns as read.
fn player_crowns(reading: &Reading) -> Vec<Pos> {
    reading
        .placed
        .iter()
        .filter_map(|p| match p {
            Placed::Crown { pos } => Some(*pos),
            _ => None,
        })
        .collect()
}

/// Queens: two of the player's crowns as read share a row or a column or touch (diagonals
/// included), a break of the rules that needs no reading of the regions. LinkedIn stripes
/// every such break.
fn crowns_clash(reading: &Reading) -> bool {
    let crowns = player_crowns(reading);
    crowns.iter().enumerate().any(|(i, &a)| {
        crowns[i + 1..]
            .iter()
            .any(|&b| crate::puzzle::crowns_clash(a, b))
    })
}

/// Queens under red stripes: a region as read lies wholly under the stripes and a line round
/// it is thin. It may be their colour read as a region, with two true regions merged
/// elsewhere to keep the count (stripes 5001742: a striped row of one region read as a region
/// of its own), which no choice among neighbours' regions brings back. A region with thick
/// lines all round ([`Reading::striped_walled`]) is one LinkedIn drew
/// ([`CertifyOptions::queens_striped_walls`]).
fn stripes_split_regions(reading: &Reading, certify: &CertifyOptions) -> bool {
    let Puzzle::Queens(q) = &reading.puzzle else {
        return false;
    };
    q.region_cells().iter().any(|cells| {
        cells.iter().all(|p| reading.striped.contains(p))
            && !(certify.queens_striped_walls
                && cells.iter().all(|p| reading.striped_walled.contains(p)))
    })
}

/// Queens under red stripes: the unique answer stays the only solution reachable with every
/// striped cell free too ([`CertifyOptions::queens_free_striped`]), but those walled by thick
/// lines ([`CertifyOptions::queens_striped_walls`]), the search complete.
fn stripes_certified(reading: &Reading, outcome: &Outcome, certify: &CertifyOptions) -> bool {
    let Outcome::Unique(answer) = outcome else {
        return false;
    };
    if !certify.queens_free_striped || !reading.red_stripes || reading.striped.is_empty() {
        return false;
    }
    if stripes_split_regions(reading, certify) {
        return false;
    }
    let walled = |p: &Pos| certify.queens_striped_walls && reading.striped_walled.contains(p);
    let mut freed = reading.clone();
    for &pos in reading.striped.iter().filter(|p| !walled(p)) {
        freed.doubts.push(Doubt::Cell {
            pos,
            confidence: 0.0,
            given_only: false,
        });
    }
    matches!(
        certify::certify_unique(&freed, answer, certify),
        Certificate::Certain { .. }
    )
}

/// Queens: two of the player's crowns as read break a rule, [`crowns_clash`] or two in one
/// region as read.
fn crowns_break_a_rule(reading: &Reading) -> bool {
    let Puzzle::Queens(q) = &reading.puzzle else {
        return false;
    };
    let crowns = player_crowns(reading);
    crowns_clash(reading)
        || crowns
            .iter()
            .enumerate()
            .any(|(i, a)| crowns[i + 1..].iter().any(|b| q.region(*a) == q.region(*b)))
}

/// Queens: the most doubted (or occluded) cells that touch one another (4-neighbours,
/// chained); 0 for Tango.
fn doubted_queens_cluster(reading: &Reading, certify: &CertifyOptions) -> usize {
    let Puzzle::Queens(q) = &reading.puzzle else {
        return 0;
    };
    let n = q.n();
    let mut doubted = vec![false; n * n];
    for d in &reading.doubts {
        if let Doubt::Cell {
            pos, confidence, ..
        } = *d
            && confidence < certify.free_below
        {
            doubted[pos.index(n)] = true;
        }
    }
    for e in &reading.occluded {
        if let certify::Element::Cell { pos } = *e {
            doubted[pos.index(n)] = true;
        }
    }
    largest_cluster(n, &doubted, |_, _| true)
}

/// The most cells of `marked` (indices of an `n` x `n` board) that touch one another
/// (4-neighbours, chained), each step between two cells `joined` accepts.
fn largest_cluster(n: usize, marked: &[bool], joined: impl Fn(usize, usize) -> bool) -> usize {
    let mut seen = vec![false; n * n];
    let mut best = 0;
    for start in 0..n * n {
        if !marked[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let (mut stack, mut size) = (vec![start], 0);
        while let Some(i) = stack.pop() {
            size += 1;
            for j in crate::puzzle::side_neighbours(i, n) {
                if marked[j] && !seen[j] && joined(i, j) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        best = best.max(size);
    }
    best
}

/// The board as the player left it, when it can stand for the answer. Tango: every cell
/// holds a piece (a given or a placed one) whose symbol was read surely, nothing over the
/// board hid any of it, and no rule-break stripes were seen. Queens: a crown in every row and
/// column, none touching, none under a pointer, and no red rule-break stripes seen (the win
/// shimmer or the hint mode's hatching may lie over it): LinkedIn stripes a region that holds
/// two crowns, so such a board keeps the region rule whatever regions were read. `None`
/// otherwise.
/// Queens: whether a region of at least `queens_doubted_region_min` cells was read wholly
/// from cells read with doubt (under `free_below`): it may be no region (a pointer, an
/// overlay), and a true region was then lost, which no choice of the free cells brings back
/// ([`CertifyOptions::queens_doubted_region_min`]), or a region of one cell not seen
/// ([`CertifyOptions::queens_unseen_singleton_below`]); or, no red stripes seen, whether
/// a region holds `queens_doubted_group_min` doubted cells touching one another beside sure
/// ones: a true region merged into it ([`CertifyOptions::queens_doubted_group_min`]).
fn doubted_region(reading: &Reading, certify: &CertifyOptions) -> bool {
    let Puzzle::Queens(q) = &reading.puzzle else {
        return false;
    };
    let doubted = |p: Pos| {
        reading.doubts.iter().any(|d| {
            matches!(*d, Doubt::Cell { pos, confidence, .. }
                if pos == p && confidence < certify.free_below)
        })
    };
    let regions = q.region_cells();
    if let Some(min) = certify.queens_doubted_region_min
        && regions
            .iter()
            .any(|cells| cells.len() >= min && cells.iter().copied().all(doubted))
    {
        return true;
    }
    // A region of one cell the reader did not see.
    if let Some(below) = certify.queens_unseen_singleton_below
        && regions.iter().any(|cells| {
            matches!(cells[..], [p] if reading.doubts.iter().any(|d| {
                matches!(*d, Doubt::Cell { pos, confidence, .. } if pos == p && confidence < below)
            }))
        })
    {
        return true;
    }
    // A group of doubted cells touching one another inside a region read with sure cells too,
    // no red stripes seen (they are doubted in lines).
    let Some(group_min) = certify.queens_doubted_group_min else {
        return false;
    };
    if reading.red_stripes {
        return false;
    }
    // The doubted cells of regions read with sure cells too, grouped within their region.
    let n = q.n();
    let mut marked = vec![false; n * n];
    for cells in &regions {
        if !cells.iter().copied().all(doubted) {
            for &p in cells.iter().filter(|&&p| doubted(p)) {
                marked[p.index(n)] = true;
            }
        }
    }
    let region = |i: usize| q.region(Pos::new(i / n, i % n));
    largest_cluster(n, &marked, |i, j| region(i) == region(j)) >= group_min
}

fn completed_board(reading: &Reading) -> Option<Solution> {
    if let Puzzle::Queens(q) = &reading.puzzle {
        return completed_queens(reading, q.n());
    }
    let Puzzle::Tango(t) = &reading.puzzle else {
        return None;
    };
    if reading.overlay_seen || !reading.occluded.is_empty() {
        return None;
    }
    let symbol_doubted = reading.doubts.iter().any(|d| {
        matches!(
            d,
            Doubt::Cell {
                given_only: false,
                ..
            }
        )
    });
    if symbol_doubted {
        return None;
    }
    Some(Solution::Tango {
        rows: t.rows(),
        cols: t.cols(),
        cells: tango_board_as_seen(reading)?,
    })
}

/// Tango: how many markers of `t` the complete board `b` breaks, leaving out the free ones
/// (read with doubt: any reading of them is as good).
fn broken_markers(t: &crate::puzzle::Tango, b: &Solution, free: &[certify::Free]) -> usize {
    t.edges()
        .filter(|&e| {
            !free
                .iter()
                .any(|f| f.element == certify::Element::Edge { edge: e })
        })
        .filter(|&e| {
            let (x, y) = e.cells();
            match (t.marker(e), b.symbol(x), b.symbol(y)) {
                (Some(m), Some(p), Some(q)) => (m == crate::puzzle::Marker::Same) != (p == q),
                _ => false,
            }
        })
        .count()
}

/// Queens: [`completed_board`].
fn completed_queens(reading: &Reading, n: usize) -> Option<Solution> {
    if reading.red_stripes || !reading.occluded.is_empty() || !reading.odd_crowns.is_empty() {
        return None;
    }
    let crowns = player_crowns(reading);
    let mut col = vec![usize::MAX; n];
    for p in &crowns {
        if p.row >= n || col[p.row] != usize::MAX {
            return None;
        }
        col[p.row] = p.col;
    }
    // None touching (LinkedIn stripes two crowns that touch).
    if col.windows(2).any(|w| w[0].abs_diff(w[1]) <= 1) {
        return None;
    }
    let mut cols = col.clone();
    cols.sort_unstable();
    (cols == (0..n).collect::<Vec<_>>()).then_some(Solution::Queens { crowns: col })
}

/// Tango: a reading with pieces but no given, no cell doubted or occluded (edges may be, with
/// [`CertifyOptions::unshaded_edge_doubts`]), nothing striped or cut: the given shading was
/// not seen ([`CertifyOptions::pieces_when_unshaded`]).
fn given_shading_lost(reading: &Reading, certify: &CertifyOptions) -> bool {
    let Puzzle::Tango(t) = &reading.puzzle else {
        return false;
    };
    t.givens().next().is_none()
        && reading
            .placed
            .iter()
            .any(|p| matches!(p, Placed::Symbol { .. }))
        && reading
            .doubts
            .iter()
            .chain(&reading.weak)
            .all(|d| certify.unshaded_edge_doubts && matches!(d, Doubt::Edge { .. }))
        && reading
            .occluded
            .iter()
            .all(|e| certify.unshaded_edge_doubts && matches!(e, certify::Element::Edge { .. }))
        && !reading.overlay_seen
        && reading.cut.is_none()
        && !reading.pieces_as_givens
}

/// [`CertifyOptions::unshaded_max_wrong`]: a Tango reading with every piece taken as a given
/// (its given shading lost) and no solution. Every given is let be a given or a piece of the
/// player's; when exactly one solution is pinned by the pieces that agree with it (every
/// other doubted element free too), and it calls at most `unshaded_max_wrong` pieces wrong,
/// the reading with those pieces moved back to `placed` and z3's proof that it has that one
/// solution. `None` otherwise (the outcome stays as it was).
fn sort_unshaded_pieces(
    reading: &Reading,
    opts: &SolveOptions,
    certify: &CertifyOptions,
) -> Result<Option<(Reading, Report)>, SolveError> {
    let Puzzle::Tango(t) = &reading.puzzle else {
        return Ok(None);
    };
    if certify.unshaded_max_wrong == 0 || !certify.enabled {
        return Ok(None);
    }
    let givens: Vec<(Pos, Symbol)> = t.givens().collect();
    let mut either = reading.clone();
    either
        .doubts
        .extend(givens.iter().map(|&(pos, _)| Doubt::Cell {
            pos,
            confidence: 0.0,
            given_only: true,
        }));
    let r = certify::reachable(&either, certify, 2);
    let [(_, x)] = r.solutions.as_slice() else {
        return Ok(None);
    };
    if !r.complete {
        return Ok(None);
    }
    let wrong: Vec<(Pos, Symbol)> = givens
        .iter()
        .copied()
        .filter(|&(pos, s)| x.symbol(pos) != Some(s))
        .collect();
    if wrong.is_empty() || wrong.len() > certify.unshaded_max_wrong {
        return Ok(None);
    }
    let mut sorted = reading.clone();
    if let Puzzle::Tango(st) = &mut sorted.puzzle {
        for &(pos, symbol) in &wrong {
            st.set_given(pos, None);
            sorted.placed.push(Placed::Symbol { pos, symbol });
        }
    }
    sorted.pieces_sorted = true;
    let again = solve::solve(&sorted.puzzle, opts)?;
    Ok(matches!(&again.outcome, Outcome::Unique(s) if s == x).then_some((sorted, again)))
}

/// Solves a reading and checks the placed pieces.
pub fn solve_reading(
    mut reading: Reading,
    opts: &SolveOptions,
    certify: &CertifyOptions,
) -> Result<SolvedImage, SolveError> {
    let t = Instant::now();
    let mut report = solve::solve(&reading.puzzle, opts)?;
    if certify.pieces_when_unshaded
        && matches!(report.outcome, Outcome::Several { .. })
        && given_shading_lost(&reading, certify)
    {
        let mut as_givens = reading.clone();
        as_givens.take_pieces_as_givens();
        as_givens.no_given_shading = true;
        let again = solve::solve(&as_givens.puzzle, opts)?;
        if matches!(again.outcome, Outcome::Unique(_)) {
            reading = as_givens;
            report = again;
        } else if matches!(again.outcome, Outcome::None { .. })
            && let Some(sorted) = sort_unshaded_pieces(&as_givens, opts, certify)?
        {
            (reading, report) = sorted;
        }
    } else if reading.pieces_as_givens
        && matches!(report.outcome, Outcome::None { .. })
        && let Some(sorted) = sort_unshaded_pieces(&reading, opts, certify)?
    {
        (reading, report) = sorted;
    }
    // A complete board that solves the puzzle as read when that puzzle has several solutions
    // (markers washed out by the win shimmer): it keeps the rules, every given and every
    // marker read, and a true marker it broke would be striped, so it is the answer
    // (`Certificate::Completed`, below), without a repair, which would rest on the doubted
    // elements.
    let complete_of_several = match &report.outcome {
        Outcome::Several { .. } => {
            completed_board(&reading).filter(|b| crate::rules::check(&reading.puzzle, b).is_ok())
        }
        _ => None,
    };
    let certificate = match &report.outcome {
        Outcome::Unique(s) => Some(certify::certify_unique(&reading, s, certify)),
        Outcome::Several { .. } if complete_of_several.is_some() => None,
        Outcome::None { .. } | Outcome::Several { .. } => {
            let c = certify::repair(&reading, certify);
            let several = matches!(report.outcome, Outcome::Several { .. });
            match c {
                Certificate::Repaired { ref changes, .. }
                    if several
                        && certify.several_adds_only
                        && !changes.iter().all(|c| {
                            matches!(c.read, certify::Value::Empty | certify::Value::NoMarker)
                                || c.broken_by_pieces
                                || reading.occluded.contains(&c.element)
                        }) =>
                {
                    Some(Certificate::Unrepaired {
                        suspects: certify::free_elements(&reading, certify),
                        reason: "the puzzle as read has several solutions (a clue is missing), \
                                 and the only reading with one changes what was read: the \
                                 clue missing may be one lost without a doubt"
                            .into(),
                    })
                }
                Certificate::Repaired {
                    ref puzzle,
                    ref solution,
                    ref changes,
                } => {
                    // A piece on a cell under the pointer is not seen whole (the pointer's
                    // own outline can read as one): it has no say
                    // (`CertifyOptions::occluded_pieces_veto`).
                    let contradicted = wrong_pieces(&reading.placed, solution)
                        .iter()
                        .filter(|w| {
                            certify.occluded_pieces_veto
                                || !reading.occluded.contains(&certify::Element::Cell {
                                    pos: w.placed.pos(),
                                })
                        })
                        .count();
                    let cluster = doubted_queens_cluster(&reading, certify);
                    if cluster > certify.max_queens_repair_cluster {
                        Some(Certificate::Unrepaired {
                            suspects: certify::free_elements(&reading, certify),
                            reason: format!(
                                "{cluster} doubted cells touch one another: a whole region may \
                                 be misread there, which no repair can bring back"
                            ),
                        })
                    } else if matches!(reading.puzzle, Puzzle::Queens(_))
                        && reading.overlay_seen
                        && !certify.queens_overlay_repair
                    {
                        Some(Certificate::Unrepaired {
                            suspects: certify::free_elements(&reading, certify),
                            reason: "stripes or hatching lie over the board: a region under \
                                     them may be merged into a neighbour or split, which a \
                                     repair of the doubted cells cannot bring back"
                                .into(),
                        })
                    } else if reading.pieces_as_givens {
                        // Placed from its icons on a board washed to white: faint markers may
                        // be lost without a doubt, and a repair only changes what was seen.
                        Some(Certificate::Unrepaired {
                            suspects: certify::free_elements(&reading, certify),
                            reason: "the board's grid was washed out (placed from its icons): \
                                     a marker lost with it may be what is missing, which no \
                                     repair of the markers seen can bring back"
                                .into(),
                        })
                    } else if contradicted > certify.max_repair_wrong_pieces {
                        Some(Certificate::Unrepaired {
                            suspects: certify::free_elements(&reading, certify),
                            reason: format!(
                                "the only reading with one solution calls {} placed {} wrong",
                                contradicted,
                                if contradicted == 1 { "piece" } else { "pieces" }
                            ),
                        })
                    } else {
                        // z3 proves the repaired puzzle unique before it is shown.
                        let again = solve::solve(puzzle, opts)?;
                        if matches!(&again.outcome, Outcome::Unique(s) if s == solution) {
                            reading.puzzle = puzzle.clone();
                            // A cell the repair made a given holds no piece of the player's
                            // (what was read there was the pointer over it).
                            reading.placed.retain(|p| {
                                !changes.iter().any(|c| {
                                    c.element == certify::Element::Cell { pos: p.pos() }
                                        && reading.occluded.contains(&c.element)
                                })
                            });
                            report = again;
                            Some(c)
                        } else {
                            Some(Certificate::Unrepaired {
                                suspects: certify::free_elements(&reading, certify),
                                reason: "z3 did not confirm the repair".into(),
                            })
                        }
                    }
                }
                other => Some(other),
            }
        }
        Outcome::Timeout { .. } => None,
    };
    // A complete board that is the read puzzle's solution, shown whole and unmarked, is the
    // answer whatever the doubted elements are (see `Certificate::Completed`).
    let board = completed_board(&reading);
    let certificate = match (certificate, &report.outcome) {
        (Some(Certificate::Uncertain { .. }), Outcome::Unique(s)) if board.as_ref() == Some(s) => {
            Some(Certificate::Completed {
                free: certify::free_elements(&reading, certify),
                several: false,
                regions_misread: false,
            })
        }
        (c, _) => c,
    };
    // The complete board of a puzzle read with several solutions (above).
    let certificate = match complete_of_several {
        Some(board) => {
            report.outcome = Outcome::Unique(board);
            Some(Certificate::Completed {
                free: certify::free_elements(&reading, certify),
                several: true,
                regions_misread: false,
            })
        }
        None => certificate,
    };
    // Queens: a complete board the regions as read do not give (no solution, another one, or
    // several without it) is the answer: the regions were misread, not the board.
    let certificate = match (&reading.puzzle, &board) {
        (Puzzle::Queens(_), Some(b))
            if certify.queens_board_over_regions
                && !matches!(&report.outcome, Outcome::Timeout { .. })
                && !matches!(&report.outcome, Outcome::Unique(s) if s == b) =>
        {
            report.outcome = Outcome::Unique(b.clone());
            Some(Certificate::Completed {
                free: certify::free_elements(&reading, certify),
                several: false,
                regions_misread: true,
            })
        }
        // Tango: a complete board that keeps the line rules, breaking a few markers as read
        // with no stripes seen, is the answer: the markers were misread.
        (Puzzle::Tango(t), Some(b))
            if certify.board_over_markers > 0
                && reading.cut.is_none()
                && !matches!(&report.outcome, Outcome::Timeout { .. })
                && !matches!(&report.outcome, Outcome::Unique(s) if s == b)
                && complete_by_the_rules(&reading)
                && broken_markers(t, b, &certify::free_elements(&reading, certify))
                    <= certify.board_over_markers =>
        {
            report.outcome = Outcome::Unique(b.clone());
            Some(Certificate::Completed {
                free: certify::free_elements(&reading, certify),
                several: false,
                regions_misread: true,
            })
        }
        _ => certificate,
    };
    let solve_time = t.elapsed();
    let uncertain = matches!(certificate, Some(Certificate::Uncertain { .. }));
    let (mut wrong, look_at) = match &report.outcome {
        Outcome::Unique(s) if !uncertain => (wrong_pieces(&reading.placed, s), Vec::new()),
        Outcome::None { conflict } => (Vec::new(), cells_to_look_at(&reading, conflict)),
        _ => (Vec::new(), Vec::new()),
    };
    // A complete board that breaks none of the rules that need no reading of the puzzle, with
    // no rule-break stripes seen, is solved (LinkedIn stripes whatever else it breaks): an
    // answer that calls its pieces wrong comes from a misread, and is not shown.
    let queens = matches!(reading.puzzle, Puzzle::Queens(_));
    let wrong_crowns = wrong
        .iter()
        .filter(|w| matches!(w.placed, Placed::Crown { .. }))
        .count();
    // What the stripes must explain: the crowns called wrong and, when asked, the x marks
    // called wrong on cells clear of them.
    let clear_crosses = wrong
        .iter()
        .filter(|w| matches!(w.placed, Placed::Cross { pos } if !reading.striped.contains(&pos)))
        .count();
    let stripes_to_explain = wrong_crowns
        + if certify.stripes_count_clear_crosses {
            clear_crosses
        } else {
            0
        };
    // A doubted region of one cell under stripes or hatching, or beside another doubted cell
    // (a pointer over its true region's next cell), may be a piece of a split region.
    let doubted_at = |p: Pos| {
        reading
            .doubts
            .iter()
            .any(|d| matches!(*d, Doubt::Cell { pos, .. } if pos == p))
    };
    let striped_singleton = queens
        && reading.doubts.iter().any(|d| match (d, &reading.puzzle) {
            (Doubt::Cell { pos, .. }, Puzzle::Queens(q)) => {
                let n = q.n();
                let (r, c) = (pos.row, pos.col);
                let beside = [
                    (r > 0).then(|| Pos::new(r - 1, c)),
                    (r + 1 < n).then(|| Pos::new(r + 1, c)),
                    (c > 0).then(|| Pos::new(r, c - 1)),
                    (c + 1 < n).then(|| Pos::new(r, c + 1)),
                ];
                q.region_cells()[q.region(*pos)].len() == 1
                    && (reading.overlay_seen || beside.into_iter().flatten().any(doubted_at))
            }
            _ => false,
        });
    let doubted_region = doubted_region(&reading, certify);
    let pieces = reading
        .placed
        .iter()
        .filter(|p| matches!(p, Placed::Symbol { .. }))
        .count();
    // LinkedIn stripes only crowns that break a rule: stripes seen with none that does are
    // something else, or the crowns under them were not seen; either way a region under
    // them may be misread (stripes 36024: a striped region read into its neighbour).
    let unexplained_stripes = queens
        && reading.red_stripes
        && certify.queens_stripes_need_clash
        && !reading.doubts.is_empty()
        && !crowns_break_a_rule(&reading);
    // A player's crown the answer calls wrong on a cell whose region was read with doubt is
    // evidence against that reading: the cell may belong to a region the reading lost
    // (hint-mode 39268: a one-cell region under the hint mode's shading merged into its
    // neighbour, the crown on it called wrong).
    let crown_doubted_below = |below: f32| {
        wrong.iter().any(|w| match w.placed {
            Placed::Crown { pos } => reading.doubts.iter().any(|d| {
                matches!(*d, Doubt::Cell { pos: p, confidence, .. }
                    if p == pos && confidence < below)
            }),
            _ => false,
        })
    };
    // Stripes not seen explain no cell not seen
    // ([`CertifyOptions::queens_unseen_stripes_crown_below`]).
    let unseen_crown = reading.stripes_unseen
        && certify
            .queens_unseen_stripes_crown_below
            .is_some_and(crown_doubted_below);
    let doubted_crown = queens
        && certify.queens_doubted_crown_withholds
        && crown_doubted_below(certify.free_below)
        // Under red stripes the crowns of a clash lie on striped cells, read with doubt: the
        // answer stands when no choice of the striped cells' regions changes it.
        && (unseen_crown
            || !(reading.red_stripes
                && stripes_to_explain <= certify.stripes_explained_wrong
                && stripes_certified(&reading, &report.outcome, certify)));
    // The player's complete board is the answer (`completed_board`): what the regions read
    // may hide does not matter then.
    let completed = match &report.outcome {
        Outcome::Unique(s) => board.as_ref() == Some(s),
        _ => false,
    };
    let misread = if completed {
        None
    } else if queens && !reading.misread_regions.is_empty() {
        Some(
            "the regions as read are not a board LinkedIn draws (a region of two colours, \
             two regions of one colour, or a thick line inside a region): a region may have \
             been split or two merged"
                .to_string(),
        )
    } else if striped_singleton {
        Some(
            "a region read as one cell under stripes or hatching, or beside a cell read with \
             doubt: it may have been split from its true region"
                .to_string(),
        )
    } else if doubted_region {
        Some(
            "a region read only from cells read with doubt: it may be no region (something \
             over the board) and a true region lost into its neighbours"
                .to_string(),
        )
    } else if doubted_crown {
        Some(
            "the puzzle as read calls a player's crown wrong on a cell whose region was read \
             with doubt: the region there may be misread"
                .to_string(),
        )
    } else if unexplained_stripes {
        Some(
            "stripes lie over the board but none of the player's crowns as read breaks a \
             rule: a region under them may be misread"
                .to_string(),
        )
    } else if wrong.is_empty() {
        None
    } else if queens
        && reading.overlay_seen
        && (wrong_crowns > 0 || certify.overlay_crosses_withhold)
        && !(stripes_to_explain <= certify.stripes_explained_wrong
            && stripes_certified(&reading, &report.outcome, certify))
    {
        // Queens under stripes: the striped cells' colours are the stripes' as much as their
        // regions', and an answer that calls the player's crowns wrong there may come from a
        // region misread with confidence (x marks count only when asked: hatching lines
        // through an empty cell's centre read as x marks).
        Some(format!(
            "stripes or hatching lie over the board and the puzzle as read calls {} of the \
             player's pieces wrong: a region under them may be misread",
            wrong.len()
        ))
    } else if queens
        && !reading.overlay_seen
        && crowns_clash(&reading)
        && wrong.len() > certify.clash_max_wrong_pieces
        && !reading.doubts.is_empty()
    {
        // LinkedIn stripes crowns that break a rule; crowns that do, with no stripes seen,
        // are misread pieces (hatching, a veil), and what misread them may misread regions.
        Some(format!(
            "the player's crowns as read break a rule with no rule-break stripes seen, and the \
             puzzle as read calls {} of the pieces wrong: the board may be misread",
            wrong.len()
        ))
    } else if let Some(share) = certify.tango_most_pieces_wrong
        && !queens
        && pieces >= 6
        && wrong.len() as f32 > share * pieces as f32
    {
        Some(format!(
            "the puzzle as read calls {} of the player's {pieces} pieces wrong: the kinds of \
             the icons may be named apart from the givens'",
            wrong.len()
        ))
    } else if !queens
        && let Some(most) = certify.tango_unstriped_broken_lines
        && let lines = unstriped_broken_lines(&reading, certify.free_below)
        && lines.len() >= most
    {
        Some(format!(
            "the pieces as read in {} lines ({}) break a rule with no rule-break stripes over \
             them, and the puzzle as read calls {} of the player's pieces wrong: the icons' \
             kinds may be misread",
            lines.len(),
            lines.join(", "),
            wrong.len()
        ))
    } else if !reading.overlay_seen && complete_by_the_rules(&reading) {
        Some(format!(
            "the board is complete and breaks no rule, yet the puzzle as read calls {} of its \
             pieces wrong: something is misread",
            wrong.len()
        ))
    } else {
        None
    };
    let certificate = match misread {
        Some(reason) => {
            let differ = wrong.drain(..).map(|w| w.placed.pos()).collect();
            Some(Certificate::Uncertain {
                alternatives: Vec::new(),
                differ,
                deciding: certify::free_elements(&reading, certify)
                    .into_iter()
                    .map(|f| f.element)
                    .collect(),
                reason,
            })
        }
        None => certificate,
    };
    Ok(SolvedImage {
        reading,
        report,
        wrong,
        look_at,
        times: StageTimes {
            solve: solve_time,
            ..StageTimes::default()
        },
        certificate,
    })
}

/// Decodes image bytes and reads them with [`pipeline::read`], timing the two stages. The image
/// returned is the one the reading's coordinates refer to (the straightened copy of a tilted
/// capture), the one to draw the answer on.
pub fn read_timed(
    bytes: &[u8],
    opts: &ReadOptions,
) -> Result<(RgbImage, Reading, StageTimes), ReadError> {
    let t0 = Instant::now();
    let img = decode(bytes, &opts.decode)?;
    let decode_time = t0.elapsed();
    let t1 = Instant::now();
    let traced = pipeline::read(&img, opts);
    let reading = traced.reading?;
    let img = traced.straightened.map_or(img, |s| s.image);
    Ok((
        img,
        reading,
        StageTimes {
            decode: decode_time,
            read: t1.elapsed(),
            ..StageTimes::default()
        },
    ))
}

/// Decodes, reads and solves image bytes.
pub fn solve_image_bytes(
    bytes: &[u8],
    opts: &ImageOptions,
) -> Result<(RgbImage, SolvedImage), ImageError> {
    let (img, reading, t) = read_timed(bytes, &opts.read)?;
    let mut solved = solve_reading(reading, &opts.solve, &opts.certify)?;
    solved.times.decode = t.decode;
    solved.times.read = t.read;
    Ok((img, solved))
}

/// The solution to draw for an outcome (the unique one, or the first found before a timeout).
pub fn drawable_solution(o: &Outcome) -> Option<&Solution> {
    match o {
        Outcome::Unique(s) => Some(s),
        Outcome::Timeout { first: Some(s) } => Some(s),
        _ => None,
    }
}

/// Draws the answer onto a copy of the screenshot (see [`draw_overlay_into`]).
pub fn draw_overlay(
    img: &RgbImage,
    s: &SolvedImage,
) -> Result<RgbImage, crate::render::RenderError> {
    let mut out = img.clone();
    draw_overlay_into(&mut out, s)?;
    Ok(out)
}

/// Draws the answer onto the screenshot itself, in place, with
/// [`crate::render::overlay::overlay_into`]: the missing Tango symbols or the Queens crowns in
/// the cells the reader found, wrong player pieces marked, the reader's doubts outlined; with no
/// solution the conflict set (the cells and markers to look at) outlined, with several
/// solutions the cells where two of them differ.
pub fn draw_overlay_into(
    img: &mut RgbImage,
    s: &SolvedImage,
) -> Result<(), crate::render::RenderError> {
    use crate::render::overlay::{OverlayMarks, OverlayOptions, overlay_into};
    let mut marks = OverlayMarks::default();
    if let Outcome::None { conflict } = &s.report.outcome {
        marks.conflict_cells = s.look_at.clone();
        marks.conflict_edges = conflict
            .iter()
            .filter_map(|c| match c {
                Conflict::Marker { edge, .. } => Some(*edge),
                _ => None,
            })
            .collect();
    }
    if let Outcome::Several { differ, .. } = &s.report.outcome {
        marks.conflict_cells = differ.clone();
    }
    if let Some(Certificate::Uncertain { differ, .. }) = &s.certificate {
        marks.conflict_cells = differ.clone();
    }
    let solution = match &s.report.outcome {
        Outcome::Unique(_) => s.answer(),
        o => drawable_solution(o),
    };
    overlay_into(
        img,
        &s.reading,
        solution,
        &marks,
        &OverlayOptions::default(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrong_pieces_tango_and_queens() {
        let sol = Solution::Tango {
            rows: 2,
            cols: 2,
            cells: vec![Symbol::Sun, Symbol::Moon, Symbol::Moon, Symbol::Sun],
        };
        let placed = [
            Placed::Symbol {
                pos: Pos::new(0, 0),
                symbol: Symbol::Sun,
            },
            Placed::Symbol {
                pos: Pos::new(0, 1),
                symbol: Symbol::Sun,
            },
        ];
        let w = wrong_pieces(&placed, &sol);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].expected, Some(Symbol::Moon));
        assert_eq!(w[0].to_string(), "S at r1c2 should be M");
        let q = Solution::Queens {
            crowns: vec![1, 3, 0, 2],
        };
        let placed = [
            Placed::Crown {
                pos: Pos::new(0, 1),
            },
            Placed::Crown {
                pos: Pos::new(1, 0),
            },
            Placed::Cross {
                pos: Pos::new(2, 0),
            },
            Placed::Cross {
                pos: Pos::new(3, 3),
            },
        ];
        let w: Vec<Pos> = wrong_pieces(&placed, &q)
            .iter()
            .map(|w| w.placed.pos())
            .collect();
        assert_eq!(w, vec![Pos::new(1, 0), Pos::new(2, 0)]);
    }

    /// A Queens region read only from doubted cells may be something over the board, and two
    /// doubted cells touching inside a region a region merged into it: the answer is
    /// withheld even though the puzzle as read has one solution; one doubted cell of a larger
    /// region, two apart, or the guards off, leave the answer.
    #[test]
    fn a_region_read_only_from_doubted_cells_withholds_the_answer() {
        let text = "queens 4x4\nA B B B\nA B C C\nA A C D\nA A D D\n";
        let Ok(Puzzle::Queens(q)) = crate::format::parse(text) else {
            panic!("a Queens puzzle");
        };
        let shown = |doubted: &[(usize, usize)], certify: &CertifyOptions| {
            let doubts = doubted
                .iter()
                .map(|&(r, c)| Doubt::Cell {
                    pos: Pos::new(r, c),
                    confidence: 0.1,
                    given_only: false,
                })
                .collect();
            let reading = Reading::for_test(Puzzle::Queens(q.clone()), Vec::new(), doubts);
            solve_reading(reading, &SolveOptions::default(), certify)
                .expect("solved")
                .answer()
                .is_some()
        };
        let on = CertifyOptions::default();
        let off = CertifyOptions {
            queens_doubted_region_min: None,
            ..CertifyOptions::default()
        };
        // Region D: r3c4, r4c3, r4c4.
        let region_d = [(2, 3), (3, 2), (3, 3)];
        assert!(shown(&[], &on));
        assert!(shown(&region_d[..1], &on));
        assert!(!shown(&region_d, &on));
        assert!(shown(&region_d, &off));
        // Two doubted cells touching inside region A (six cells): a region may have been
        // merged into it; two apart, or the guard off, leave the answer.
        let no_group = CertifyOptions {
            queens_doubted_group_min: None,
            ..CertifyOptions::default()
        };
        assert!(!shown(&[(2, 0), (3, 0)], &on));
        assert!(shown(&[(2, 0), (3, 0)], &no_group));
        assert!(shown(&[(0, 0), (3, 1)], &on));
    }

    /// A Queens region of one cell the reader did not see (confidence 0) may be no region:
    /// the answer is withheld; a doubt of its colour only, or the guard off, leave it.
    #[test]
    fn a_region_of_one_cell_not_seen_withholds_the_answer() {
        let text = "queens 4x4\nA A A A\nB B B D\nB C C C\nC C C C\n";
        let Ok(Puzzle::Queens(q)) = crate::format::parse(text) else {
            panic!("a Queens puzzle");
        };
        let shown = |confidence: f32, certify: &CertifyOptions| {
            let doubts = vec![Doubt::Cell {
                pos: Pos::new(1, 3),
                confidence,
                given_only: false,
            }];
            let reading = Reading::for_test(Puzzle::Queens(q.clone()), Vec::new(), doubts);
            solve_reading(reading, &SolveOptions::default(), certify)
                .expect("solved")
                .answer()
                .is_some()
        };
        let on = CertifyOptions::default();
        let off = CertifyOptions {
            queens_unseen_singleton_below: None,
            ..CertifyOptions::default()
        };
        assert!(!shown(0.0, &on));
        assert!(shown(0.0, &off));
        assert!(shown(0.3, &on));
    }
}
