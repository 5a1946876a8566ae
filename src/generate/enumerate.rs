//! Every filled Tango board, and canonical forms under the board's symmetries.
//!
//! Boards of up to 64 cells are packed into a `u64` in "string order": cell `(r, c)` is bit
//! `63 - (r * cols + c)` shifted down to the board size, so the first cell is the most
//! significant bit and comparing packed values compares the boards' strings (sun `0` sorts before
//! moon `1`, as the generator article's `X` before `Y`).

use crate::solve::bitboard::BitTango;
use rayon::prelude::*;

/// Which symmetries identify two boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// The generator article's canonicalisation: the four rotations, and the colour swap so
    /// that the top-left cell is fixed (a group of order 8).
    Article,
    /// All eight rotations and reflections of the square, with the colour swap (order 16).
    Full,
}

/// Packs row masks (bit `c` = moon) into string order. Needs `rows * cols <= 64`.
pub fn pack(rows: &[u16], cols: usize) -> u64 {
    let n = rows.len() * cols;
    let mut out = 0u64;
    for (r, &m) in rows.iter().enumerate() {
        for c in 0..cols {
            if m >> c & 1 == 1 {
                out |= 1u64 << (n - 1 - (r * cols + c));
            }
        }
    }
    out
}

/// Unpacks a board packed by [`pack`].
pub fn unpack(b: u64, rows: usize, cols: usize) -> Vec<u16> {
    let n = rows * cols;
    (0..rows)
        .map(|r| {
            (0..cols).fold(0u16, |m, c| {
                m | (((b >> (n - 1 - (r * cols + c))) & 1) as u16) << c
            })
        })
        .collect()
}

/// Calls `visit` with every filled `rows x cols` board (row masks).
pub fn for_each_board(rows: usize, cols: usize, mut visit: impl FnMut(&[u16])) {
    BitTango::empty(rows, cols).for_each_solution(|b| {
        visit(b);
        true
    });
}

/// Every filled board, packed, in the backtracker's order. Needs `rows * cols <= 64`.
pub fn tango_boards(rows: usize, cols: usize) -> Vec<u64> {
    let mut out = Vec::new();
    for_each_board(rows, cols, |b| out.push(pack(b, cols)));
    out
}

/// The number of filled boards, counted in parallel over the first row (no storage).
pub fn count_tango_boards(rows: usize, cols: usize) -> u64 {
    first_row_split(rows, cols)
        .into_par_iter()
        .map(|p| {
            let mut k = 0u64;
            p.for_each_solution(|_| {
                k += 1;
                true
            });
            k
        })
        .sum()
}

/// One sub-problem per valid first row, for parallel walks.
fn first_row_split(rows: usize, cols: usize) -> Vec<BitTango> {
    crate::solve::bitboard::valid_lines(cols)
        .into_iter()
        .map(|m| {
            let mut p = BitTango::empty(rows, cols);
            p.given_mask[0] = ((1u32 << cols) - 1) as u16;
            p.given_val[0] = m;
            p
        })
        .collect()
}

/// Cell permutations of the square's symmetries on an `n x n` board: `perm[i]` is the string
/// position that cell `i` moves to. The first four are the rotations (identity first), the
/// last four the reflections.
pub fn square_symmetries(n: usize) -> Vec<Vec<usize>> {
    type CellMap = fn(usize, usize, usize) -> (usize, usize);
    let maps: [CellMap; 8] = [
        |r, c, _| (r, c),
        |r, c, n| (c, n - 1 - r),
        |r, c, n| (n - 1 - r, n - 1 - c),
        |r, c, n| (n - 1 - c, r),
        |r, c, n| (r, n - 1 - c),
        |r, c, n| (n - 1 - r, c),
        |r, c, _| (c, r),
        |r, c, n| (n - 1 - c, n - 1 - r),
    ];
    maps.iter()
        .map(|f| {
            (0..n * n)
                .map(|i| {
                    let (r, c) = f(i / n, i % n, n);
                    r * n + c
                })
                .collect()
        })
        .collect()
}

/// Precomputed symmetries of an `n x n` board for fast canonical forms.
#[derive(Clone, Debug)]
pub struct Canon {
    n: usize,
    /// Per transform, per string bit (from the least significant), the target bit.
    perms: Vec<Vec<u8>>,
}

impl Canon {
    /// Canonicaliser for `n x n` boards (`n * n <= 64`) under `sym`.
    pub fn new(n: usize, sym: Symmetry) -> Self {
        let all = square_symmetries(n);
        let take = match sym {
            Symmetry::Article => 4,
            Symmetry::Full => 8,
        };
        let nn = n * n;
        let perms = all[..take]
            .iter()
            .map(|p| {
                (0..nn)
                    .map(|bit| {
                        let cell = nn - 1 - bit;
                        (nn - 1 - p[cell]) as u8
                    })
                    .collect()
            })
            .collect();
        Canon { n, perms }
    }

    fn apply(&self, k: usize, mut b: u64) -> u64 {
        let mut out = 0u64;
        let p = &self.perms[k];
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            out |= 1u64 << p[i];
            b &= b - 1;
        }
        out
    }

    /// The canonical form of a packed board: over every symmetry, the image with the
    /// colours swapped if needed so that the top-left cell is a sun, and the smallest string
    /// of those.
    pub fn canonical(&self, b: u64) -> u64 {
        let nn = self.n * self.n;
        let full = if nn == 64 { u64::MAX } else { (1u64 << nn) - 1 };
        let top = 1u64 << (nn - 1);
        (0..self.perms.len())
            .map(|k| {
                let x = self.apply(k, b);
                if x & top != 0 { !x & full } else { x }
            })
            .min()
            .unwrap_or(b)
    }
}

/// The canonical boards of the `n x n` Tango under `sym`, sorted by string (packed form).
pub fn canonical_boards(n: usize, sym: Symmetry) -> Vec<u64> {
    let canon = Canon::new(n, sym);
    let mut v: Vec<u64> = tango_boards(n, n)
        .into_iter()
        .filter(|&b| canon.canonical(b) == b)
        .collect();
    v.sort_unstable();
    v
}

/// Counts the classes of `n x n` boards under `sym` without storing the boards: a board is
/// counted when it is its own canonical form. Parallel over the first row.
pub fn count_classes(n: usize, sym: Symmetry) -> u64 {
    let canon = Canon::new(n, sym);
    first_row_split(n, n)
        .into_par_iter()
        .map(|p| {
            let mut k = 0u64;
            p.for_each_solution(|b| {
                let x = pack(b, n);
                if canon.canonical(x) == x {
                    k += 1;
                }
                true
            });
            k
        })
        .sum()
}

/// Board and class counts for one size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Side of the square board.
    pub n: usize,
    /// Filled boards.
    pub boards: u64,
    /// Classes under [`Symmetry::Article`].
    pub article_classes: u64,
    /// Classes under [`Symmetry::Full`].
    pub full_classes: u64,
}

/// All three counts for `n x n` (`n` even, `n * n <= 64`).
pub fn counts(n: usize) -> Counts {
    Counts {
        n,
        boards: count_tango_boards(n, n),
        article_classes: count_classes(n, Symmetry::Article),
        full_classes: count_classes(n, Symmetry::Full),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_round_trip() {
        let b = vec![
            0b001011u16,
            0b110100,
            0b010011,
            0b101100,
            0b011010,
            0b100101,
        ];
        assert_eq!(unpack(pack(&b, 6), 6, 6), b);
        // Cell (0, 0) is the most significant bit.
        assert_eq!(pack(&[1, 0], 2), 0b1000);
    }

    #[test]
    fn four_by_four_counts_match_brute_force() {
        // Every 4x4 sun/moon board, checked by the plain rules checker.
        let t = crate::puzzle::Tango::empty(4, 4);
        let brute = (0u32..1 << 16)
            .filter(|&m| {
                let cells: Vec<crate::puzzle::Symbol> = (0..16)
                    .map(|i| {
                        if m >> i & 1 == 1 {
                            crate::puzzle::Symbol::Moon
                        } else {
                            crate::puzzle::Symbol::Sun
                        }
                    })
                    .collect();
                crate::rules::check_tango(&t, &cells).is_ok()
            })
            .count() as u64;
        assert_eq!(tango_boards(4, 4).len() as u64, brute);
        assert_eq!(count_tango_boards(4, 4), brute);
    }

    #[test]
    fn rotations_form_a_group() {
        let s = square_symmetries(6);
        let id: Vec<usize> = (0..36).collect();
        assert_eq!(s[0], id);
        // Rotating four times is the identity.
        let mut x = id.clone();
        for _ in 0..4 {
            x = x.iter().map(|&i| s[1][i]).collect();
        }
        assert_eq!(x, id);
    }
}
