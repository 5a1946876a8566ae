//! The puzzle text format (v1), exactly as `docs/puzzle-format.md` describes it: parse, print,
//! the solution notation and the player's pieces.
//!
//! Solutions print in the same format: a Tango solution is the puzzle's board with every cell
//! filled (markers kept); a Queens solution is the region grid with each crown cell's letter in
//! lower case (`a` = a crown in region `A`).
//!
//! The player's pieces (a game in progress) are written in lower case: `s` / `m` a sun or moon
//! the player placed on a Tango cell, a lower-case region letter a crown the player placed on a
//! Queens cell; a Queens board may be followed by a `marks` block holding the player's `x`
//! marks ([`marks`]). [`parse_with_placed`] reads them, [`print_with_placed`] writes them;
//! [`parse`] keeps the puzzle only.

mod marks;

use crate::board::Placed;
use crate::puzzle::{
    Edge, Game, Marker, Pos, Puzzle, PuzzleError, Queens, Solution, Symbol, Tango,
};
use std::fmt::Write as _;

/// Largest puzzle text accepted, in bytes (a 16x16 board with comments is far below this).
pub const MAX_TEXT_BYTES: usize = 1 << 20;

/// A count and a noun in the right number: `1 line`, `2 lines`, `0 lines` (regular plurals).
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A text-format error, with the 1-based line and column where it was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {col}: {message}")]
pub struct ParseError {
    /// 1-based line number in the input.
    pub line: usize,
    /// 1-based column (in characters).
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

fn err(line: usize, col: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        col,
        message: message.into(),
    }
}

/// Parses raw bytes: checks size and UTF-8 first (naming the line and column of a bad byte).
pub fn parse_bytes(bytes: &[u8]) -> Result<Puzzle, ParseError> {
    Ok(parse_bytes_with_placed(bytes)?.0)
}

/// As [`parse_bytes`], with the pieces the player placed (lower-case cells, Queens `marks`),
/// in reading order (a Queens crown and x mark on the same row: crowns first).
pub fn parse_bytes_with_placed(bytes: &[u8]) -> Result<(Puzzle, Vec<Placed>), ParseError> {
    if bytes.len() > MAX_TEXT_BYTES {
        return Err(err(
            1,
            1,
            format!(
                "input is {} bytes; a puzzle file is at most {MAX_TEXT_BYTES} bytes",
                bytes.len()
            ),
        ));
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => parse_inner(s),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let last = good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            let col = String::from_utf8_lossy(&good[last..]).chars().count() + 1;
            Err(err(line, col, "the input is not valid UTF-8"))
        }
    }
}

/// Parses a puzzle from its text form (the player's pieces, if any, are left out).
pub fn parse(text: &str) -> Result<Puzzle, ParseError> {
    Ok(parse_inner(text)?.0)
}

/// Parses a puzzle and the pieces the player placed on it (see the module docs).
pub fn parse_with_placed(text: &str) -> Result<(Puzzle, Vec<Placed>), ParseError> {
    parse_inner(text)
}

/// Parses a solution printed by [`print_solution`]: a full Tango board, or a Queens region
/// grid with lower-case crown cells. Returns the puzzle (givens = the Tango cells as printed)
/// and the solution.
pub fn parse_solution(text: &str) -> Result<(Puzzle, Solution), ParseError> {
    let (p, placed) = parse_inner(text)?;
    match &p {
        Puzzle::Tango(t) => {
            let mut cells = Vec::new();
            for pos in t.positions() {
                let by_player = placed.iter().find_map(|pl| match *pl {
                    Placed::Symbol { pos: at, symbol } if at == pos => Some(symbol),
                    _ => None,
                });
                match t.given(pos).or(by_player) {
                    Some(s) => cells.push(s),
                    None => return Err(err(1, 1, format!("cell {pos} is empty in a solution"))),
                }
            }
            let sol = Solution::Tango {
                rows: t.rows(),
                cols: t.cols(),
                cells,
            };
            Ok((p, sol))
        }
        Puzzle::Queens(q) => {
            let mut row_crowns = vec![usize::MAX; q.n()];
            let crowns = placed.iter().filter_map(|pl| match *pl {
                Placed::Crown { pos } => Some(pos),
                _ => None,
            });
            for c in crowns {
                if row_crowns[c.row] != usize::MAX {
                    return Err(err(1, 1, format!("two crowns in row {}", c.row + 1)));
                }
                row_crowns[c.row] = c.col;
            }
            if let Some(r) = row_crowns.iter().position(|&c| c == usize::MAX) {
                return Err(err(1, 1, format!("no crown in row {}", r + 1)));
            }
            Ok((p, Solution::Queens { crowns: row_crowns }))
        }
    }
}

/// Meaningful lines: (1-based line number, text without trailing spaces / CR).
fn content_lines(text: &str) -> Vec<(usize, &str)> {
    text.split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches([' ', '\r', '\t'])))
        .filter(|(_, l)| !l.trim_start().starts_with('#'))
        .collect()
}

fn parse_inner(text: &str) -> Result<(Puzzle, Vec<Placed>), ParseError> {
    let lines = content_lines(text);
    let mut it = lines.iter().skip_while(|(_, l)| l.trim().is_empty());
    let Some(&(hline, header)) = it.next() else {
        return Err(err(
            1,
            1,
            "empty input: expected a header such as `tango 6x6`",
        ));
    };
    let body: Vec<(usize, &str)> = it.copied().collect();
    let (game, rows, cols) = parse_header(hline, header)?;
    let with_marks = game == Game::Queens && marks::follows(&body, rows);
    let needed = match game {
        Game::Tango => 2 * rows - 1,
        Game::Queens if with_marks => 2 * rows + 1,
        Game::Queens => rows,
    };
    // Blank lines after the board are tolerated; anything else is an error.
    let mut last = body.len();
    while last > needed && body[last - 1].1.trim().is_empty() {
        last -= 1;
    }
    if last > needed {
        let (ln, _) = body[needed];
        return Err(err(
            ln,
            1,
            format!(
                "extra line: a {game} {rows}x{cols} board has {} after the header",
                plural(needed, "line")
            ),
        ));
    }
    if last < needed {
        // Report a bad character in the lines that are there before the missing lines.
        let mut padded: Vec<(usize, &str)> = body[..last].to_vec();
        padded.resize(needed, (usize::MAX, ""));
        let early = match game {
            Game::Tango => parse_tango(hline, rows, cols, &padded).err(),
            Game::Queens => parse_queens(hline, rows, &padded[..rows]).err(),
        };
        if let Some(e) = early.filter(|e| e.line != usize::MAX && e.line != hline) {
            return Err(e);
        }
        let ln = body.last().map_or(hline, |l| l.0) + 1;
        return Err(err(
            ln,
            1,
            format!(
                "the board ends after {}; a {game} {rows}x{cols} board needs {needed}",
                plural(last, "line")
            ),
        ));
    }
    let body = &body[..needed];
    match game {
        Game::Tango => {
            let (t, placed) = parse_tango(hline, rows, cols, body)?;
            Ok((Puzzle::Tango(t), placed))
        }
        Game::Queens => {
            let (q, mut placed) = parse_queens(hline, rows, &body[..rows])?;
            if with_marks {
                placed = marks::parse(rows, &body[rows + 1..], placed)?;
            }
            Ok((Puzzle::Queens(q), placed))
        }
    }
}

fn parse_header(line: usize, h: &str) -> Result<(Game, usize, usize), ParseError> {
    let lead = h.len() - h.trim_start().len();
    let mut parts = h.split_whitespace();
    let g = parts.next().unwrap_or("");
    let game = match g {
        "tango" => Game::Tango,
        "queens" => Game::Queens,
        _ => {
            return Err(err(
                line,
                lead + 1,
                format!("unknown game `{g}`: the header is `tango RxC` or `queens NxN`"),
            ));
        }
    };
    let size_col = h
        .find(|c: char| c.is_ascii_digit())
        .map_or(h.len() + 1, |i| i + 1);
    let Some(size) = parts.next() else {
        return Err(err(line, h.len() + 1, "missing board size, e.g. `6x6`"));
    };
    if let Some(extra) = parts.next() {
        let at = h.rfind(extra).unwrap_or(0) + 1;
        return Err(err(
            line,
            at,
            format!("unexpected `{extra}` after the size"),
        ));
    }
    let bad = || {
        err(
            line,
            size_col,
            format!("bad size `{size}`: expected ROWSxCOLS, e.g. 6x6"),
        )
    };
    let (r, c) = size.split_once('x').ok_or_else(bad)?;
    let rows: usize = r.parse().map_err(|_| bad())?;
    let cols: usize = c.parse().map_err(|_| bad())?;
    let perr = |e: PuzzleError| err(line, size_col, e.to_string());
    match game {
        Game::Tango => {
            if rows < 2 || cols < 2 || rows % 2 == 1 || cols % 2 == 1 {
                return Err(perr(PuzzleError::OddSize { rows, cols }));
            }
            if rows > crate::puzzle::MAX_TANGO || cols > crate::puzzle::MAX_TANGO {
                return Err(perr(PuzzleError::TooLarge { rows, cols }));
            }
        }
        Game::Queens => {
            if rows != cols {
                return Err(err(
                    line,
                    size_col,
                    format!("a Queens board is square; found {rows}x{cols}"),
                ));
            }
            if !(crate::puzzle::MIN_QUEENS..=crate::puzzle::MAX_QUEENS).contains(&rows) {
                return Err(perr(PuzzleError::QueensSize { n: rows }));
            }
        }
    }
    Ok((game, rows, cols))
}

fn marker_of(ch: char) -> Option<Option<Marker>> {
    match ch {
        ' ' => Some(None),
        '=' => Some(Some(Marker::Same)),
        'x' => Some(Some(Marker::Opposite)),
        _ => None,
    }
}

/// The characters of a board line of `n` cells (`what`: `cells`, `marks`), or the error of a
/// line that is too long.
fn row_chars(ln: usize, text: &str, n: usize, what: &str) -> Result<Vec<char>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() > 2 * n - 1 {
        return Err(err(
            ln,
            2 * n,
            format!(
                "line is too long: a row of {n} {what} has {} characters",
                2 * n - 1
            ),
        ));
    }
    Ok(chars)
}

fn parse_tango(
    hline: usize,
    rows: usize,
    cols: usize,
    body: &[(usize, &str)],
) -> Result<(Tango, Vec<Placed>), ParseError> {
    let mut t = Tango::empty(rows, cols);
    let mut placed = Vec::new();
    for (i, &(ln, text)) in body.iter().enumerate() {
        let chars = row_chars(ln, text, cols, "cells")?;
        for (k, &ch) in chars.iter().enumerate() {
            let col = k + 1;
            if i % 2 == 0 {
                let r = i / 2;
                if k % 2 == 0 {
                    let pos = Pos::new(r, k / 2);
                    let s = match ch {
                        'S' => Some(Symbol::Sun),
                        'M' => Some(Symbol::Moon),
                        '.' => None,
                        's' | 'm' => {
                            let symbol = if ch == 's' { Symbol::Sun } else { Symbol::Moon };
                            placed.push(Placed::Symbol { pos, symbol });
                            None
                        }
                        _ => {
                            return Err(err(
                                ln,
                                col,
                                format!(
                                    "unexpected `{ch}`: a cell is `S`, `M` (given), `s`, `m` \
                                     (placed by the player) or `.`"
                                ),
                            ));
                        }
                    };
                    t.set_given(pos, s);
                } else {
                    let m = marker_of(ch).ok_or_else(|| {
                        err(
                            ln,
                            col,
                            format!("unexpected `{ch}`: between cells only space, `=` or `x`"),
                        )
                    })?;
                    t.set_marker(Edge::Right(Pos::new(r, k / 2)), m);
                }
            } else {
                let r = i / 2;
                if k % 2 == 0 {
                    let m = marker_of(ch).ok_or_else(|| {
                        err(
                            ln,
                            col,
                            format!("unexpected `{ch}`: a marker row holds space, `=` or `x`"),
                        )
                    })?;
                    t.set_marker(Edge::Down(Pos::new(r, k / 2)), m);
                } else if ch != ' ' {
                    return Err(err(
                        ln,
                        col,
                        format!("unexpected `{ch}`: odd columns of a marker row must be spaces"),
                    ));
                }
            }
        }
    }
    if let Err(e) = t.validate() {
        let ln = body.first().map_or(hline, |l| l.0);
        let ln = match &e {
            PuzzleError::MarkerContradictsGivens { edge, .. } => tango_line(body, *edge),
            PuzzleError::GivensBreakRule(v) => v.cells.first().map_or(ln, |p| body[2 * p.row].0),
            _ => ln,
        };
        return Err(err(ln, 1, e.to_string()));
    }
    Ok((t, placed))
}

fn tango_line(body: &[(usize, &str)], e: Edge) -> usize {
    match e {
        Edge::Right(p) => body[2 * p.row].0,
        Edge::Down(p) => body[2 * p.row + 1].0,
    }
}

fn parse_queens(
    hline: usize,
    n: usize,
    body: &[(usize, &str)],
) -> Result<(Queens, Vec<Placed>), ParseError> {
    let mut labels = Vec::with_capacity(n * n);
    let mut crowns = Vec::new();
    for (r, &(ln, text)) in body.iter().enumerate() {
        let chars: Vec<char> = text.chars().collect();
        for k in 0..2 * n - 1 {
            let col = k + 1;
            let Some(&ch) = chars.get(k) else {
                return Err(err(
                    ln,
                    col,
                    format!("row {} has fewer than {n} cells", r + 1),
                ));
            };
            if k % 2 == 1 {
                if ch != ' ' {
                    return Err(err(
                        ln,
                        col,
                        format!("unexpected `{ch}`: cells are separated by single spaces"),
                    ));
                }
                continue;
            }
            let c = k / 2;
            match ch {
                'A'..='Z' => labels.push(ch as u32 - 'A' as u32),
                'a'..='z' => {
                    labels.push(ch as u32 - 'a' as u32);
                    crowns.push(Placed::Crown {
                        pos: Pos::new(r, c),
                    });
                }
                _ => {
                    return Err(err(
                        ln,
                        col,
                        format!(
                            "unexpected `{ch}`: a cell is its region letter A-Z (a-z: with \
                             the player's crown)"
                        ),
                    ));
                }
            }
        }
        if chars.len() > 2 * n - 1 {
            return Err(err(
                ln,
                2 * n,
                format!(
                    "line is too long: a row of {n} cells has {} characters",
                    2 * n - 1
                ),
            ));
        }
    }
    let q = Queens::new(n, &labels).map_err(|e| err(hline, 1, e.to_string()))?;
    Ok((q, crowns))
}

/// Prints a puzzle in canonical text form (header and board, no comments, `\n` line ends).
pub fn print(p: &Puzzle) -> String {
    match p {
        Puzzle::Tango(t) => print_tango(t, |pos| t.given(pos).map_or('.', Symbol::letter)),
        Puzzle::Queens(q) => print_queens(q, |_| false),
    }
}

/// Prints a solution: a filled Tango board with the puzzle's markers, or the Queens region
/// grid with crown cells in lower case.
pub fn print_solution(p: &Puzzle, s: &Solution) -> String {
    match p {
        Puzzle::Tango(t) => print_tango(t, |pos| s.symbol(pos).map_or('.', Symbol::letter)),
        Puzzle::Queens(q) => print_queens(q, |pos| s.has_crown(pos)),
    }
}

/// Prints a puzzle with the pieces the player placed: lower-case Tango symbols and Queens
/// crowns, and the Queens `marks` block when there are x marks. [`parse_with_placed`] reads it
/// back. Pieces outside the board, or on a Tango given, are left out.
pub fn print_with_placed(p: &Puzzle, placed: &[Placed]) -> String {
    match p {
        Puzzle::Tango(t) => print_tango(t, |pos| match t.given(pos) {
            Some(s) => s.letter(),
            None => placed
                .iter()
                .find_map(|pl| match *pl {
                    Placed::Symbol { pos: at, symbol } if at == pos => {
                        Some(symbol.letter().to_ascii_lowercase())
                    }
                    _ => None,
                })
                .unwrap_or('.'),
        }),
        Puzzle::Queens(q) => {
            let mut out = print_queens(q, |pos| placed.contains(&Placed::Crown { pos }));
            out.push_str(&marks::print(q.n(), placed));
            out
        }
    }
}

fn print_tango(t: &Tango, cell: impl Fn(Pos) -> char) -> String {
    let mut out = format!("tango {}x{}\n", t.rows(), t.cols());
    for r in 0..t.rows() {
        let mut line = String::new();
        for c in 0..t.cols() {
            line.push(cell(Pos::new(r, c)));
            if c + 1 < t.cols() {
                line.push(
                    t.marker(Edge::Right(Pos::new(r, c)))
                        .map_or(' ', Marker::glyph),
                );
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        if r + 1 < t.rows() {
            let mut line = String::new();
            for c in 0..t.cols() {
                line.push(
                    t.marker(Edge::Down(Pos::new(r, c)))
                        .map_or(' ', Marker::glyph),
                );
                line.push(' ');
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

fn print_queens(q: &Queens, crown: impl Fn(Pos) -> bool) -> String {
    let n = q.n();
    let mut out = String::new();
    let _ = writeln!(out, "queens {n}x{n}");
    for r in 0..n {
        for c in 0..n {
            let p = Pos::new(r, c);
            let l = Queens::letter(q.region(p));
            out.push(if crown(p) { l.to_ascii_lowercase() } else { l });
            out.push(if c + 1 < n { ' ' } else { '\n' });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC_TANGO: &str = "tango 6x6\nS . . . . M\nx\n. M=. . . .\n\n. . . . . .\n    =\n. . . . . .\n\n. . . . . .\n\n. . . . .=S\n";

    #[test]
    fn doc_example_round_trips() {
        let p = parse(DOC_TANGO).unwrap();
        assert_eq!(print(&p), DOC_TANGO);
        let Puzzle::Tango(t) = &p else { panic!() };
        assert_eq!(t.marker(Edge::Down(Pos::new(0, 0))), Some(Marker::Opposite));
        assert_eq!(t.marker(Edge::Right(Pos::new(1, 1))), Some(Marker::Same));
        assert_eq!(t.marker(Edge::Down(Pos::new(2, 2))), Some(Marker::Same));
        assert_eq!(t.marker(Edge::Right(Pos::new(5, 4))), Some(Marker::Same));
    }

    #[test]
    fn queens_letters_are_canonical() {
        let p = parse("queens 4x4\nD D C C\nD B B C\nA A B C\nA A A C\n").unwrap();
        assert_eq!(
            print(&p),
            "queens 4x4\nA A B B\nA C C B\nD D C B\nD D D B\n"
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse("# c\ntango 6x6\nS . Q\n").unwrap_err();
        assert_eq!((e.line, e.col), (3, 5));
        let e = parse("tango 5x6\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 7));
        let e = parse("sudoku 9x9\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
        let e = parse_bytes(b"tango 6x6\nS \xff\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 3));
        let e = parse("queens 4x4\nA A B B\nA C C B\nD D C B\n").unwrap_err();
        assert!(e.message.contains("fewer than 4 cells"), "{e}");
        let e = parse("queens 4x4\nA A B B\nA C C B\nD D C B\nD D D E\n").unwrap_err();
        assert!(e.message.contains("5 regions"), "{e}");
    }

    #[test]
    fn givens_that_break_a_rule_are_refused() {
        let e = parse("tango 6x6\nS S S . . .\n\n\n\n\n\n\n\n\n\n\n").unwrap_err();
        assert!(e.message.contains("three alike"), "{e}");
        let e = parse("tango 6x6\nS=M\n\n\n\n\n\n\n\n\n\n\n").unwrap_err();
        assert!(e.message.contains("contradicts"), "{e}");
    }

    const QUEENS_STATE: &str = "queens 4x4\nA A b B\nA C C B\nD d C B\nD D D B\nmarks\nx x . x\n. . . .\n. . . x\n. . . .\n";

    #[test]
    fn player_pieces_round_trip() {
        let tango = "tango 4x4\nS s . m\n\n. . . .\n  x\n. M . .\n\n. . . .\n";
        for text in [tango, QUEENS_STATE] {
            let (p, placed) = parse_with_placed(text).unwrap();
            let printed = print_with_placed(&p, &placed);
            assert_eq!(printed, text);
            assert_eq!(parse_with_placed(&printed).unwrap(), (p, placed));
        }
        let (_, placed) = parse_with_placed(tango).unwrap();
        assert_eq!(
            placed,
            vec![
                Placed::Symbol {
                    pos: Pos::new(0, 1),
                    symbol: Symbol::Sun
                },
                Placed::Symbol {
                    pos: Pos::new(0, 3),
                    symbol: Symbol::Moon
                },
            ]
        );
        let (p, placed) = parse_with_placed(QUEENS_STATE).unwrap();
        let crowns: Vec<Pos> = placed
            .iter()
            .filter(|pl| matches!(pl, Placed::Crown { .. }))
            .map(|pl| pl.pos())
            .collect();
        assert_eq!(crowns, vec![Pos::new(0, 2), Pos::new(2, 1)]);
        assert_eq!(placed.len(), 6);
        // The puzzle alone is the same as without the player's pieces.
        assert_eq!(
            p,
            parse("queens 4x4\nA A B B\nA C C B\nD D C B\nD D D B\n").unwrap()
        );
    }

    #[test]
    fn files_without_player_pieces_read_as_before() {
        let (p, placed) = parse_with_placed(DOC_TANGO).unwrap();
        assert!(placed.is_empty());
        assert_eq!(print_with_placed(&p, &placed), DOC_TANGO);
    }

    #[test]
    fn bad_marks_name_line_and_column() {
        // An x on the player's crown.
        let e = parse_with_placed(&QUEENS_STATE.replace("x x . x\n", "x x x x\n")).unwrap_err();
        assert_eq!((e.line, e.col), (7, 5), "{e}");
        let e = parse_with_placed(&QUEENS_STATE.replace(". . . x\n", ". . o\n")).unwrap_err();
        assert_eq!((e.line, e.col), (9, 5), "{e}");
        // A short last line means no marks there; two missing rows are an error.
        let short = QUEENS_STATE.replace(". . . x\n. . . .\n", "");
        let e = parse(&short).unwrap_err();
        assert!(e.message.contains("needs 9"), "{e}");
        let e = parse("tango 4x4\nS q\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 3), "{e}");
    }
}
