//! Queens stage 1: find the board, its cell pitch and N.
//!
//! Method: a working copy of the brightness (HSV value: the largest of R, G and B, so that
//! saturated cells stay bright and only ink is dark) is min-pooled by an integer factor (thin
//! dark lines survive pooling, unlike averaging; [`super::mask`]). A pixel is *line* when it is
//! dark outright, or clearly darker than the pixels a short reach away on both sides (a ridge:
//! thin, antialiased grid lines in small screenshots are only mid-grey). The reader's second
//! attempt (a veil or hatching over the board) also counts shoulders (clearly darker than one
//! side, no brighter than the other: the grey rim of a frame under a veil) and keeps only
//! straight runs of line (hatching is left out). The connected bright areas left between the
//! lines are candidate cells; the largest family of equally sized, square candidates that sit
//! next to each other on a lattice is the board. A least-squares fit of the lattice gives the
//! pitch and phase, and the span of the cells seen gives N.
//!
//! The least-squares fit works on an `ndarray` matrix of `(lattice index, centre)` rows. The
//! min-pooling and the labelling of bright areas stay hand-written: pooling reads only each
//! block's first row and column (a fraction of the pixels `imageproc`'s filters would read),
//! and the labelling unites runs of a row rather than pixels (one union-find entry per run,
//! where `imageproc::region_labelling::connected_components` keeps one per pixel and returns a
//! label image that would need a second pass for the boxes and areas); the locator is the hot
//! part of a read. (Reasoned, not benchmarked against imageproc.)

use super::color::Lab;
use super::mask::{Work, work_copy};
use crate::board::{Grid, Side};
use image::RgbImage;
use ndarray::{Array2, Axis};

/// Tunables of the board locator.
#[derive(Clone, Debug)]
pub struct QueensLocateOptions {
    /// The working copy is min-pooled by the largest integer factor that keeps its shorter side
    /// at or above this many pixels. Default 300.
    pub work_min_side: u32,
    /// Brightness (largest of R, G, B) below which a pixel is always line or ink. Default 90.
    pub dark_value: u8,
    /// A pixel also counts as line when both pixels `r` working pixels away (left and right, or
    /// above and below; `r` in `1..=ridge_reach`) are brighter by at least this much. Default 18.
    pub ridge_contrast: u8,
    /// Largest ridge probe distance, in working pixels. Default 2.
    pub ridge_reach: u32,
    /// Smallest cell side accepted, in working pixels. Default 5.
    pub min_cell: u32,
    /// Largest width/height ratio (either way) of a cell candidate. Default 1.3.
    pub max_aspect: f32,
    /// Smallest fraction of its bounding box a cell candidate must fill (glyphs leave holes).
    /// Default 0.45.
    pub min_fill: f32,
    /// Two candidates are neighbours when their sizes differ by at most this fraction. Default 0.2.
    pub size_tolerance: f32,
    /// Neighbour centre distance, as a multiple of the candidates' size: lowest. Default 0.95.
    pub min_step: f32,
    /// Neighbour centre distance, as a multiple of the candidates' size: highest (the lines
    /// between cells take the rest). Default 1.7.
    pub max_step: f32,
    /// The neighbour search of a candidate stops at candidates lower by more than `max_step`
    /// times its size times this. Default 1.3.
    pub scan_reach: f32,
    /// Largest sideways offset of neighbours, as a fraction of their size. Default 0.25.
    pub max_skew: f32,
    /// Largest distance of a cell centre from its lattice point, as a fraction of the pitch.
    /// Default 0.2.
    pub lattice_tolerance: f32,
    /// Cells on the lattice join the board when at most this many lattice steps away from it.
    /// Default 2.
    pub max_gap: usize,
    /// Largest number of rows or columns added to make the board square when its outer cells
    /// were not seen separately. Default 2.
    pub max_extend: usize,
    /// A lattice one row or column short of square whose two short sides both come within a
    /// pitch of the image edges is cut at the side whose image edge runs through the board's
    /// cells: at least this share of the edge pixels beside its rows (or columns) coloured
    /// like one of the lattice's cells (within `cut_edge_match`), and under `1 - share` on the
    /// other side (page and frame). Default 0.7.
    pub cut_edge_share: f32,
    /// ... CIE76 distance. Default 10.
    pub cut_edge_match: f32,
    /// When both sides' edge pixels match the lattice's colours (a light grey region is as
    /// light as a light page), a side whose edge pixels are all within this CIE76 distance of
    /// their median, of chroma under `cut_page_chroma`, is page, and the other is cut.
    /// Default 4.
    pub cut_edge_uniform: f32,
    /// ... the page's chroma. Default 10.
    pub cut_page_chroma: f32,
    /// ... or, on a crop tight to the board, the one whose strip beyond the lattice is a
    /// readable cut line (`cut_read_min`) with edge pixels of several colours, while the
    /// other's strip is narrower than this share of a pitch (the board's frame at most).
    /// Default 0.15.
    pub cut_tight_strip: f32,
    /// A cut board's outer row or column is read from its visible part when that part is at
    /// least this share of a pitch wide and the image edge beside it is coloured like the
    /// board's cells (`cut_edge_share` of its points): every region colour shows in a strip
    /// that wide (the sampler takes the pixels beyond the image edge from the edge itself), a
    /// crown or x mark on the cut cells' centres may not. 0: such a board is refused as cut
    /// off. Default 0.25.
    pub cut_read_min: f32,
    /// How far from the expected outer border a line may be, as a fraction of the pitch.
    /// Default 0.15.
    pub border_reach: f32,
    /// Smallest share of points along an added row's or column's outer border that must lie on
    /// a line. Default 0.6.
    pub min_border_support: f32,
    /// Largest ratio of the x and y pitches (cells are square). Default 1.12.
    pub max_pitch_ratio: f32,
    /// Smallest board side accepted. Default 4.
    pub min_n: usize,
    /// Largest board side accepted. Default 16.
    pub max_n: usize,
    /// Smallest fraction of the N*N cells that must be seen as separate cell candidates.
    /// Default 0.35.
    pub min_seen: f32,
    /// An outer row or column of the lattice's longer side with at most this many cells seen,
    /// beside a line with at least `stray_inner_share` of its cells seen, is no part of the
    /// board (a piece of a button cut square by a pointer's outline); 0 = off. Default 1.
    pub stray_line_max: usize,
    /// See `stray_line_max`. Default 0.8.
    pub stray_inner_share: f32,
    /// Thin diagonal hatching over a board (hint mode) cuts its cells apart in the line mask.
    /// With this above 0, a line pixel counts only when it lies in a horizontal or vertical
    /// run of at least this many line pixels (grid lines are long straight runs; hatching,
    /// glyphs and noise are not). The reader uses it as a second attempt when the first
    /// (with 0) finds no whole board. Default 0.
    pub axis_run: usize,
    /// A pixel also counts as line when a pixel `r` away on one side is brighter by at least
    /// this much and the next one on the other side is no brighter (a shoulder: the grey rim
    /// of a frame under a veil); 0 = off. Default 0.
    pub shoulder_contrast: u8,
    /// ... "no brighter" up to this much: a grey band a few pixels wide (a frame under a
    /// light veil) is flat only within the capture's noise, and a shoulder lost to it breaks
    /// the frame's run of line, opening the outer cells to the page (hint-mode 2300102: a
    /// veiled frame 7 px wide, its top row lost). Used only with shoulders. Default 8.
    pub shoulder_tolerance: u8,
    /// The `axis_run` of the reader's second attempt (0: no second attempt), which also
    /// counts shoulders (at `ridge_contrast`) and adds no unseen rows or columns
    /// (`max_extend` 0). A grid line runs a cell's side between two crossings (9 working
    /// pixels and more for an 11x11 board spanning a third of the capture's short side, which
    /// is at least 300 working pixels, `work_min_side`); the hint mode's dense dark hatching leaves runs of 5-8 in the
    /// mask, which cut the cells into strips (hint-mode 6800006: "cell lattice spans 7 x 6
    /// cells"; at 5, 16 of 800 hint-mode renders were refused, at 9, 7). Default 9.
    pub retry_axis_run: usize,
}

impl Default for QueensLocateOptions {
    fn default() -> Self {
        QueensLocateOptions {
            work_min_side: 300,
            dark_value: 90,
            ridge_contrast: 18,
            ridge_reach: 2,
            min_cell: 5,
            max_aspect: 1.3,
            min_fill: 0.45,
            size_tolerance: 0.2,
            min_step: 0.95,
            max_step: 1.7,
            scan_reach: 1.3,
            max_skew: 0.25,
            lattice_tolerance: 0.2,
            max_gap: 2,
            max_extend: 2,
            cut_edge_share: 0.7,
            cut_edge_match: 10.0,
            cut_read_min: 0.25,
            cut_edge_uniform: 4.0,
            cut_page_chroma: 10.0,
            cut_tight_strip: 0.15,
            border_reach: 0.15,
            min_border_support: 0.6,
            max_pitch_ratio: 1.12,
            min_n: 4,
            max_n: 16,
            min_seen: 0.35,
            stray_line_max: 1,
            stray_inner_share: 0.8,
            axis_run: 0,
            shoulder_contrast: 0,
            shoulder_tolerance: 8,
            retry_axis_run: 9,
        }
    }
}

/// A located Queens board.
#[derive(Clone, Debug)]
pub struct QueensLattice {
    /// The grid in image pixels (rows == cols == N).
    pub grid: Grid,
    /// Fraction of the N*N cells that were seen as separate cell candidates, 0..=1.
    pub seen: f32,
    /// Root-mean-square distance of the seen cell centres from their lattice points, as a
    /// fraction of the pitch.
    pub lattice_error: f32,
    /// The image edge that cuts the board's outer row or column, read from its visible part
    /// ([`QueensLocateOptions::cut_read_min`]).
    pub cut: Option<Side>,
}

/// A connected bright area of the working copy.
#[derive(Clone, Copy, Debug)]
struct Blob {
    x0: usize,
    y0: usize,
    x1: usize,
    y1: usize,
    area: usize,
}

impl Blob {
    fn cx(&self) -> f32 {
        (self.x0 + self.x1 + 1) as f32 / 2.0
    }
    fn cy(&self) -> f32 {
        (self.y0 + self.y1 + 1) as f32 / 2.0
    }
    fn bw(&self) -> usize {
        self.x1 - self.x0 + 1
    }
    fn bh(&self) -> usize {
        self.y1 - self.y0 + 1
    }
    fn size(&self) -> f32 {
        (self.bw() + self.bh()) as f32 / 2.0
    }
}

fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        parent[i as usize] = parent[parent[i as usize] as usize];
        i = parent[i as usize];
    }
    i
}

fn blobs(work: &Work) -> Vec<Blob> {
    // Run-length labelling: bright runs of each row, joined to overlapping runs of the row
    // above through a union-find over runs.
    let (w, h) = (work.w, work.h);
    let mut runs: Vec<(usize, usize, usize)> = Vec::new(); // (y, x0, x1 inclusive)
    let mut row_start = vec![0usize; h + 1];
    for (y, start) in row_start.iter_mut().take(h).enumerate() {
        *start = runs.len();
        let line = &work.line[y * w..(y + 1) * w];
        let mut x = 0;
        while x < w {
            if line[x] {
                x += 1;
                continue;
            }
            let s = x;
            while x < w && !line[x] {
                x += 1;
            }
            runs.push((y, s, x - 1));
        }
    }
    row_start[h] = runs.len();
    let mut parent: Vec<u32> = (0..runs.len() as u32).collect();
    for y in 1..h {
        let (mut i, mut j) = (row_start[y - 1], row_start[y]);
        while i < row_start[y] && j < row_start[y + 1] {
            let (_, a0, a1) = runs[i];
            let (_, b0, b1) = runs[j];
            if a0 <= b1 && b0 <= a1 {
                let (ra, rb) = (find(&mut parent, i as u32), find(&mut parent, j as u32));
                if ra != rb {
                    parent[ra.max(rb) as usize] = ra.min(rb);
                }
            }
            if a1 < b1 {
                i += 1;
            } else {
                j += 1;
            }
        }
    }
    let mut index = vec![u32::MAX; runs.len()];
    let mut out: Vec<Blob> = Vec::new();
    for (r, &(y, x0, x1)) in runs.iter().enumerate() {
        let root = find(&mut parent, r as u32) as usize;
        if index[root] == u32::MAX {
            index[root] = out.len() as u32;
            out.push(Blob {
                x0,
                y0: y,
                x1,
                y1: y,
                area: 0,
            });
        }
        let b = &mut out[index[root] as usize];
        b.x0 = b.x0.min(x0);
        b.x1 = b.x1.max(x1);
        b.y0 = b.y0.min(y);
        b.y1 = b.y1.max(y);
        b.area += x1 - x0 + 1;
    }
    out
}

fn is_cell_candidate(b: &Blob, o: &QueensLocateOptions) -> bool {
    let (bw, bh) = (b.bw() as f32, b.bh() as f32);
    bw >= o.min_cell as f32
        && bh >= o.min_cell as f32
        && bw.max(bh) / bw.min(bh) <= o.max_aspect
        && b.area as f32 >= o.min_fill * bw * bh
}

/// Lattice step between two candidates: `Some((di, dj))` for left-right or up-down neighbours.
fn neighbour_step(a: &Blob, b: &Blob, o: &QueensLocateOptions) -> Option<(i32, i32)> {
    let (sa, sb) = (a.size(), b.size());
    if (sa - sb).abs() > o.size_tolerance * sa.max(sb) {
        return None;
    }
    let s = (sa + sb) / 2.0;
    let (dx, dy) = (b.cx() - a.cx(), b.cy() - a.cy());
    let step = |d: f32| d.abs() >= o.min_step * s && d.abs() <= o.max_step * s;
    if dy.abs() <= o.max_skew * s && step(dx) {
        return Some((dx.signum() as i32, 0));
    }
    if dx.abs() <= o.max_skew * s && step(dy) {
        return Some((0, dy.signum() as i32));
    }
    None
}

type Edges = Vec<(usize, usize, i32, i32)>;

/// Neighbour graph of the candidates (only those within `size_tolerance` of `size` when
/// given) and its largest connected family: `(edges, a member, family size)`.
fn lattice_family(
    cands: &[Blob],
    size: Option<f32>,
    o: &QueensLocateOptions,
) -> Result<(Edges, usize, usize), String> {
    let keep = |b: &Blob| size.is_none_or(|s| (b.size() - s).abs() <= o.size_tolerance * s);
    let mut order: Vec<usize> = (0..cands.len()).filter(|&k| keep(&cands[k])).collect();
    order.sort_by(|&a, &b| cands[a].cy().total_cmp(&cands[b].cy()));
    let mut edges: Edges = Vec::new();
    for (oi, &a) in order.iter().enumerate() {
        for &b in &order[oi + 1..] {
            if cands[b].cy() - cands[a].cy() > o.max_step * cands[a].size() * o.scan_reach {
                break;
            }
            if let Some((di, dj)) = neighbour_step(&cands[a], &cands[b], o) {
                edges.push((a, b, di, dj));
            }
        }
    }
    let mut parent: Vec<u32> = (0..cands.len() as u32).collect();
    for &(a, b, _, _) in &edges {
        let (ra, rb) = (find(&mut parent, a as u32), find(&mut parent, b as u32));
        if ra != rb {
            parent[ra.max(rb) as usize] = ra.min(rb);
        }
    }
    let mut count = vec![0usize; cands.len()];
    for &k in &order {
        count[find(&mut parent, k as u32) as usize] += 1;
    }
    let best = order
        .iter()
        .copied()
        .max_by(|&a, &b| {
            count[a]
                .cmp(&count[b])
                .then(cands[a].size().total_cmp(&cands[b].size()))
        })
        .ok_or("no cell-like areas")?;
    let c = count[best];
    Ok((edges, best, c))
}

/// Members of the family of `start` in the graph `edges`.
fn family(edges: &Edges, start: usize, n: usize) -> Vec<usize> {
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b, _, _) in edges {
        adj[a].push(b);
        adj[b].push(a);
    }
    let mut seen = vec![false; n];
    seen[start] = true;
    let mut stack = vec![start];
    let mut out = Vec::new();
    while let Some(a) = stack.pop() {
        out.push(a);
        for &b in &adj[a] {
            if !seen[b] {
                seen[b] = true;
                stack.push(b);
            }
        }
    }
    out
}

/// Whether a line pixel of the working copy lies within `reach` of `(x, y)` across a
/// vertical (`vertical == true`) or horizontal border.
fn line_near(work: &Work, x: f32, y: f32, vertical: bool, reach: f32) -> bool {
    let r = reach.ceil().max(1.0) as i64;
    (-r..=r).any(|d| {
        let (xx, yy) = if vertical {
            (x.round() as i64 + d, y.round() as i64)
        } else {
            (x.round() as i64, y.round() as i64 + d)
        };
        xx >= 0
            && yy >= 0
            && (xx as usize) < work.w
            && (yy as usize) < work.h
            && work.line[yy as usize * work.w + xx as usize]
    })
}

/// Least-squares line `v = v0 + i * p` through `(i, v)` pairs.
fn fit(points: &[(f32, f32)]) -> Option<(f32, f32)> {
    if points.len() < 2 {
        return None;
    }
    let iv = Array2::from_shape_fn((points.len(), 2), |(k, c)| {
        if c == 0 { points[k].0 } else { points[k].1 }
    });
    let mean = iv.mean_axis(Axis(0))?;
    let centred = &iv - &mean;
    let (di, dv) = (centred.column(0), centred.column(1));
    let sii = di.dot(&di);
    if sii <= 0.0 {
        return None;
    }
    let p = di.dot(&dv) / sii;
    Some((mean[1] - p * mean[0], p))
}

/// Finds the Queens board: `None` when no lattice of square cells of a plausible size is seen.
pub fn locate(img: &RgbImage, o: &QueensLocateOptions) -> Option<QueensLattice> {
    locate_explained(img, o).ok()
}

/// Like [`locate`], but says why no board was found.
///
/// Steps: working copy -> cell candidates -> largest lattice family -> lattice coordinates and
/// a least-squares fit -> cells joining on the lattice -> squared up -> the grid.
pub fn locate_explained(img: &RgbImage, o: &QueensLocateOptions) -> Result<QueensLattice, String> {
    locate_spanned(img, o).map_err(|e| e.reason)
}

/// Why [`locate_spanned`] found no board.
#[derive(Clone, Debug, PartialEq)]
pub struct NotFound {
    /// In words.
    pub reason: String,
    /// The larger side of the cell lattice seen (rows or columns of cells), when one was.
    pub span: Option<usize>,
    /// The lattice is one row or column short of square and its short side runs to this
    /// image edge: the board is cut off there.
    pub cut: Option<crate::board::Side>,
}

/// Like [`locate_explained`]; a lattice refused for its shape or for too few cells seen also
/// gives the larger of its sides (how many rows or columns of cells were seen), and the image
/// edge that cuts it when it is one row or column short there.
pub fn locate_spanned(img: &RgbImage, o: &QueensLocateOptions) -> Result<QueensLattice, NotFound> {
    let plain = |reason: String| NotFound {
        reason,
        span: None,
        cut: None,
    };
    if img.width() < 8 || img.height() < 8 {
        return Err(plain("image too small".into()));
    }
    let work = work_copy(img, o);
    let cands = candidates(&work, o).map_err(plain)?;
    let (edges, best) = largest_family(&cands, o).map_err(plain)?;
    let members = lattice_coords(&cands, &edges, best);
    let fit = fit_lattice(&cands, &members, o).map_err(plain)?;
    let (seen, err2) = join_on_lattice(&cands, &members, &fit, o);
    let seen = drop_stray_lines(seen, o);
    let span = Span::of(&seen);
    let span = square_up(&work, span, &fit, o);
    let (ni, nj) = span.sides();
    let k = work.k as f32;
    let mut span = span;
    let mut cut_read = None;
    if ni != nj || !(o.min_n..=o.max_n).contains(&ni) {
        let cut = cut_side(img, &work, &span, &fit, o);
        // The cut line read from its visible part: a strip of at least `cut_read_min` of a
        // pitch between the lattice and the image edge, coloured like the board's cells.
        let strip = cut.map(|side| {
            let k = work.k as f32;
            let (w, h) = (img.width() as f32, img.height() as f32);
            let gap = match side {
                Side::Left => (fit.x0 + (span.imin as f32 - 0.5) * fit.px) * k,
                Side::Right => w - (fit.x0 + (span.imax as f32 + 0.5) * fit.px) * k,
                Side::Top => (fit.y0 + (span.jmin as f32 - 0.5) * fit.py) * k,
                Side::Bottom => h - (fit.y0 + (span.jmax as f32 + 0.5) * fit.py) * k,
            };
            let pitch = match side {
                Side::Left | Side::Right => fit.px * k,
                Side::Top | Side::Bottom => fit.py * k,
            };
            (side, gap / pitch.max(1e-6))
        });
        match strip {
            Some((side, share))
                if o.cut_read_min > 0.0
                    && share >= o.cut_read_min
                    && share_like(
                        &edge_colours(img, &work, &span, &fit, side),
                        &cell_palette(img, &work, &span, &fit),
                        o.cut_edge_match,
                    ) >= o.cut_edge_share =>
            {
                match side {
                    Side::Left => span.imin -= 1,
                    Side::Right => span.imax += 1,
                    Side::Top => span.jmin -= 1,
                    Side::Bottom => span.jmax += 1,
                }
                cut_read = Some(side);
            }
            _ => {
                return Err(NotFound {
                    reason: format!("cell lattice spans {ni} x {nj} cells"),
                    span: Some(ni.max(nj)),
                    cut,
                });
            }
        }
    }
    let (ni, nj) = span.sides();
    if ni != nj || !(o.min_n..=o.max_n).contains(&ni) {
        return Err(NotFound {
            reason: format!("cell lattice spans {ni} x {nj} cells"),
            span: Some(ni.max(nj)),
            cut: None,
        });
    }
    let n = ni;
    let seen_frac = seen.len() as f32 / (n * n) as f32;
    if seen_frac < o.min_seen {
        return Err(NotFound {
            reason: format!("only {:.0}% of the {n}x{n} cells seen", seen_frac * 100.0),
            span: Some(n),
            cut: None,
        });
    }
    let grid = Grid {
        rows: n,
        cols: n,
        left: (fit.x0 + (span.imin as f32 - 0.5) * fit.px) * k,
        top: (fit.y0 + (span.jmin as f32 - 0.5) * fit.py) * k,
        cell_w: fit.px * k,
        cell_h: fit.py * k,
    };
    Ok(QueensLattice {
        grid,
        seen: seen_frac,
        lattice_error: (err2 / seen.len() as f32).sqrt(),
        cut: cut_read,
    })
}

/// The image edge that cuts a lattice one row or column short of square: its short side runs
/// to that edge (the cut cells' visible part lies between the lattice and the edge). When both
/// short sides come near the image edges (a phone shot whose board fills its width, a crop
/// tight to the board), the cut side is the one whose image edge runs through coloured cells,
/// not page or the board's frame.
fn cut_side(
    img: &RgbImage,
    work: &Work,
    span: &Span,
    fit: &LatticeFit,
    o: &QueensLocateOptions,
) -> Option<Side> {
    let (ni, nj) = span.sides();
    if ni.abs_diff(nj) != 1 || !(o.min_n..=o.max_n).contains(&ni.max(nj)) {
        return None;
    }
    let k = work.k as f32;
    let left = (fit.x0 + (span.imin as f32 - 0.5) * fit.px) * k;
    let right = (fit.x0 + (span.imax as f32 + 0.5) * fit.px) * k;
    let top = (fit.y0 + (span.jmin as f32 - 0.5) * fit.py) * k;
    let bottom = (fit.y0 + (span.jmax as f32 + 0.5) * fit.py) * k;
    let (w, h) = (img.width() as f32, img.height() as f32);
    let (pw, ph) = (fit.px * k, fit.py * k);
    let near: Vec<Side> = if ni < nj {
        [(left < pw, Side::Left), (w - right < pw, Side::Right)]
    } else {
        [(top < ph, Side::Top), (h - bottom < ph, Side::Bottom)]
    }
    .into_iter()
    .filter(|&(near, _)| near)
    .map(|(_, side)| side)
    .collect();
    match near.as_slice() {
        [side] => Some(*side),
        [a, b] => {
            let ea = edge_colours(img, work, span, fit, *a);
            let eb = edge_colours(img, work, span, fit, *b);
            let palette = cell_palette(img, work, span, fit);
            let (ca, cb) = (
                share_like(&ea, &palette, o.cut_edge_match),
                share_like(&eb, &palette, o.cut_edge_match),
            );
            // A page: one neutral colour (a light grey region can match it).
            let page = |e: &[Lab]| {
                let mut v = e.to_vec();
                uniform(e, o.cut_edge_uniform)
                    && Lab::median(&mut v).is_some_and(|m| m.chroma() < o.cut_page_chroma)
            };
            let (pa, pb) = (page(&ea), page(&eb));
            // A crop tight to the board on its other side: a strip of the frame's width at
            // most, not a cut line's readable part (at least `cut_read_min` of a pitch).
            let strip = |side: Side| match side {
                Side::Left => left / pw,
                Side::Right => (w - right) / pw,
                Side::Top => top / ph,
                Side::Bottom => (h - bottom) / ph,
            };
            let share = o.cut_edge_share;
            let is_cut = |c: f32, p: bool, me: Side, other: (f32, bool, Side)| {
                c >= share
                    && !p
                    && (other.0 < 1.0 - share
                        || other.1
                        || (strip(other.2) < o.cut_tight_strip && strip(me) >= o.cut_read_min))
            };
            if is_cut(ca, pa, *a, (cb, pb, *b)) {
                Some(*a)
            } else if is_cut(cb, pb, *b, (ca, pa, *a)) {
                Some(*b)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Whether every colour is within `within` (CIE76) of their median.
fn uniform(colours: &[Lab], within: f32) -> bool {
    let mut v = colours.to_vec();
    Lab::median(&mut v).is_some_and(|m| colours.iter().all(|c| c.delta_e(m) <= within))
}

/// The share of `colours` within `within` (CIE76) of a palette colour.
fn share_like(colours: &[Lab], palette: &[Lab], within: f32) -> f32 {
    let hits = colours
        .iter()
        .filter(|l| palette.iter().any(|p| p.delta_e(**l) <= within))
        .count();
    hits as f32 / colours.len().max(1) as f32
}

/// The image pixel at `(x, y)` (rounded) as Lab, when inside the image.
fn lab_at(img: &RgbImage, x: f32, y: f32) -> Option<Lab> {
    let (x, y) = (x.round() as i64, y.round() as i64);
    (x >= 0 && y >= 0 && x < i64::from(img.width()) && y < i64::from(img.height()))
        .then(|| Lab::from_rgb(img.get_pixel(x as u32, y as u32).0))
}

/// The board's colours: a point of every lattice cell, off its centre (a crown or an x mark
/// there).
fn cell_palette(img: &RgbImage, work: &Work, span: &Span, fit: &LatticeFit) -> Vec<Lab> {
    let k = work.k as f32;
    (span.jmin..=span.jmax)
        .flat_map(|j| (span.imin..=span.imax).map(move |i| (i, j)))
        .filter_map(|(i, j)| {
            lab_at(
                img,
                (fit.x0 + (i as f32 - 0.3) * fit.px) * k,
                (fit.y0 + (j as f32 - 0.3) * fit.py) * k,
            )
        })
        .collect()
}

/// The colours of the image edge pixels on `side` beside the lattice's rows (or columns), off
/// the cells' centre lines (a glyph there).
fn edge_colours(
    img: &RgbImage,
    work: &Work,
    span: &Span,
    fit: &LatticeFit,
    side: Side,
) -> Vec<Lab> {
    let k = work.k as f32;
    let (w, h) = (img.width() as f32, img.height() as f32);
    let at = |t: i32, across: bool| {
        if across {
            (fit.x0 + (t as f32 - 0.3) * fit.px) * k
        } else {
            (fit.y0 + (t as f32 - 0.3) * fit.py) * k
        }
    };
    let points: Vec<(f32, f32)> = match side {
        Side::Left | Side::Right => {
            let x = if side == Side::Left { 0.0 } else { w - 1.0 };
            (span.jmin..=span.jmax).map(|t| (x, at(t, false))).collect()
        }
        Side::Top | Side::Bottom => {
            let y = if side == Side::Top { 0.0 } else { h - 1.0 };
            (span.imin..=span.imax).map(|t| (at(t, true), y)).collect()
        }
    };
    points
        .iter()
        .filter_map(|&(x, y)| lab_at(img, x, y))
        .collect()
}

/// The bright areas of the working copy shaped and sized like cells.
fn candidates(work: &Work, o: &QueensLocateOptions) -> Result<Vec<Blob>, String> {
    let max_side = (work.w.min(work.h) as f32) / o.min_n.max(1) as f32;
    let cands: Vec<Blob> = blobs(work)
        .into_iter()
        .filter(|b| is_cell_candidate(b, o) && b.size() <= max_side)
        .collect();
    if cands.len() < 4 {
        return Err(format!("only {} cell-like areas", cands.len()));
    }
    Ok(cands)
}

/// The largest family of neighbouring candidates; then again among the candidates close to
/// that family's median size (chains of neighbours can drift in size, e.g. from cells to
/// blocks of merged cells). Returns the neighbour edges and a member.
fn largest_family(cands: &[Blob], o: &QueensLocateOptions) -> Result<(Edges, usize), String> {
    let (edges, best, count) = lattice_family(cands, None, o)?;
    let mut sizes: Vec<f32> = family(&edges, best, cands.len())
        .iter()
        .map(|&k| cands[k].size())
        .collect();
    let mid = sizes.len() / 2;
    let median = *sizes.select_nth_unstable_by(mid, f32::total_cmp).1;
    let (edges, best, count2) = lattice_family(cands, Some(median), o)?;
    let count = count2.max(count.min(count2));
    if count < 4 {
        return Err(format!("largest cell lattice has {count} cells"));
    }
    Ok((edges, best))
}

/// Lattice coordinates `(candidate, i, j)` of the family of `best`, by walking the neighbour
/// edges from it.
fn lattice_coords(cands: &[Blob], edges: &Edges, best: usize) -> Vec<(usize, i32, i32)> {
    let mut adj: Vec<Vec<(usize, i32, i32)>> = vec![Vec::new(); cands.len()];
    for &(a, b, di, dj) in edges {
        adj[a].push((b, di, dj));
        adj[b].push((a, -di, -dj));
    }
    let mut coord: Vec<Option<(i32, i32)>> = vec![None; cands.len()];
    coord[best] = Some((0, 0));
    let mut stack = vec![best];
    while let Some(a) = stack.pop() {
        let (i, j) = coord[a].unwrap_or((0, 0));
        for &(b, di, dj) in &adj[a] {
            if coord[b].is_none() {
                coord[b] = Some((i + di, j + dj));
                stack.push(b);
            }
        }
    }
    coord
        .iter()
        .enumerate()
        .filter_map(|(k, c)| c.map(|(i, j)| (k, i, j)))
        .collect()
}

/// The lattice in working pixels: cell `(i, j)` is centred at `(x0 + i * px, y0 + j * py)`.
struct LatticeFit {
    x0: f32,
    px: f32,
    y0: f32,
    py: f32,
}

/// Least-squares fit of the lattice through the members' centres; refused when the cells are
/// not square.
fn fit_lattice(
    cands: &[Blob],
    members: &[(usize, i32, i32)],
    o: &QueensLocateOptions,
) -> Result<LatticeFit, String> {
    let xs: Vec<(f32, f32)> = members
        .iter()
        .map(|&(k, i, _)| (i as f32, cands[k].cx()))
        .collect();
    let ys: Vec<(f32, f32)> = members
        .iter()
        .map(|&(k, _, j)| (j as f32, cands[k].cy()))
        .collect();
    let (x0, px) = fit(&xs).ok_or("degenerate lattice")?;
    let (y0, py) = fit(&ys).ok_or("degenerate lattice")?;
    if px <= 0.0 || py <= 0.0 || px.max(py) / px.min(py) > o.max_pitch_ratio {
        return Err(format!("cells not square (pitch {px:.1} x {py:.1})"));
    }
    Ok(LatticeFit { x0, px, y0, py })
}

/// Candidates of the right size on lattice points join the board when they are within
/// `max_gap` lattice steps of it (cells merged by a washed-out line leave gaps), grown until
/// nothing more joins; separate boards elsewhere on the page (examples) stay out. Returns the
/// lattice points seen (sorted, unique) and the summed squared distance of the joined
/// candidates from their lattice points.
fn join_on_lattice(
    cands: &[Blob],
    members: &[(usize, i32, i32)],
    fit: &LatticeFit,
    o: &QueensLocateOptions,
) -> (Vec<(i32, i32)>, f32) {
    let size = members
        .iter()
        .map(|&(k, _, _)| cands[k].size())
        .sum::<f32>()
        / members.len() as f32;
    let mut on_lattice: Vec<((i32, i32), f32)> = Vec::new();
    for b in cands {
        if (b.size() - size).abs() > o.size_tolerance * size {
            continue;
        }
        let fi = (b.cx() - fit.x0) / fit.px;
        let fj = (b.cy() - fit.y0) / fit.py;
        let (i, j) = (fi.round(), fj.round());
        let e2 = (fi - i).powi(2) + (fj - j).powi(2);
        if e2.sqrt() <= o.lattice_tolerance {
            on_lattice.push(((i as i32, j as i32), e2));
        }
    }
    let mut seen: Vec<(i32, i32)> = members.iter().map(|&(_, i, j)| (i, j)).collect();
    let mut err2 = 0.0;
    let mut joined = vec![false; on_lattice.len()];
    let gap = o.max_gap as i32;
    loop {
        let mut grew = false;
        for (q, &((i, j), e2)) in on_lattice.iter().enumerate() {
            if joined[q] {
                continue;
            }
            if seen
                .iter()
                .any(|&(a, b)| (a - i).abs().max((b - j).abs()) <= gap)
            {
                joined[q] = true;
                seen.push((i, j));
                err2 += e2;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    seen.sort_unstable();
    seen.dedup();
    (seen, err2)
}

/// Drops an outer row or column of the lattice's longer side in which at most
/// [`QueensLocateOptions::stray_line_max`] cells were seen beside a line seen almost whole
/// (`stray_inner_share`): a piece of a button cut square by a pointer's outline, not a row of
/// the board (pointer-hand 2300603: a hand over the Undo button below a whole 10x10 board read
/// as 10 x 11). At most two lines go.
fn drop_stray_lines(mut seen: Vec<(i32, i32)>, o: &QueensLocateOptions) -> Vec<(i32, i32)> {
    if o.stray_line_max == 0 {
        return seen;
    }
    for _ in 0..2 {
        if seen.is_empty() {
            break;
        }
        let span = Span::of(&seen);
        let (ni, nj) = span.sides();
        if ni == nj {
            break;
        }
        // The longer side's outer lines: rows when there are more rows (index 1 of a
        // (column, row) pair), else columns.
        let rows = nj > ni;
        let (lo, hi) = if rows {
            (span.jmin, span.jmax)
        } else {
            (span.imin, span.imax)
        };
        let across = ni.min(nj) as f32;
        let on = |line: i32| {
            seen.iter()
                .filter(|&&(i, j)| if rows { j == line } else { i == line })
                .count()
        };
        let stray = [(lo, lo + 1), (hi, hi - 1)]
            .into_iter()
            .filter(|&(line, inner)| {
                on(line) <= o.stray_line_max && on(inner) as f32 >= o.stray_inner_share * across
            })
            .min_by_key(|&(line, _)| on(line));
        let Some((line, _)) = stray else {
            break;
        };
        seen.retain(|&(i, j)| if rows { j != line } else { i != line });
    }
    seen
}

/// The lattice rows and columns spanned by the board, inclusive.
#[derive(Clone, Copy, Debug)]
struct Span {
    imin: i32,
    imax: i32,
    jmin: i32,
    jmax: i32,
}

impl Span {
    fn of(seen: &[(i32, i32)]) -> Span {
        let (imin, imax) = seen
            .iter()
            .fold((i32::MAX, i32::MIN), |(a, b), &(i, _)| (a.min(i), b.max(i)));
        let (jmin, jmax) = seen
            .iter()
            .fold((i32::MAX, i32::MIN), |(a, b), &(_, j)| (a.min(j), b.max(j)));
        Span {
            imin,
            imax,
            jmin,
            jmax,
        }
    }

    /// Columns and rows spanned.
    fn sides(&self) -> (usize, usize) {
        (
            (self.imax - self.imin + 1) as usize,
            (self.jmax - self.jmin + 1) as usize,
        )
    }
}

/// A square board whose outer row or column was not seen as separate cells (washed-out
/// lines in tiny or blurred captures): extends the shorter side towards the side where a
/// line runs along the would-be outer border.
fn square_up(work: &Work, mut s: Span, fit: &LatticeFit, o: &QueensLocateOptions) -> Span {
    let mut budget = o.max_extend;
    while budget > 0 && (s.imax - s.imin) != (s.jmax - s.jmin) {
        budget -= 1;
        let cols_short = (s.imax - s.imin) < (s.jmax - s.jmin);
        let (lo, hi) = if cols_short {
            (s.imin, s.imax)
        } else {
            (s.jmin, s.jmax)
        };
        let across = if cols_short {
            (s.jmin, s.jmax)
        } else {
            (s.imin, s.imax)
        };
        let (lo, hi) = (lo as f32, hi as f32);
        // A row that would straddle the image edge (its inner side in the image, its centre
        // beyond) may be a cut row: then a row is added only where it runs out of the image
        // itself (a cut row read from its visible part), never where it lies whole in the
        // image (that would be page above or beside the board taken for a row of it).
        let mid = (across.0 + across.1) / 2;
        let at = |e: f32| lattice_point(fit, cols_short, e, mid);
        let inside = |p: (f32, f32)| in_work(work, p);
        let straddles = |inner: f32, centre: f32| inside(at(inner)) && !inside(at(centre));
        let edge_near = straddles(lo - 0.5, lo - 1.0) || straddles(hi + 0.5, hi + 1.0);
        let allowed = |outer: f32| !edge_near || !inside(at(outer));
        let mut s_lo = border_support(work, fit, cols_short, across, (lo - 1.0, lo - 1.5), o);
        let mut s_hi = border_support(work, fit, cols_short, across, (hi + 1.0, hi + 1.5), o);
        if !allowed(lo - 1.5) {
            s_lo = 0.0;
        }
        if !allowed(hi + 1.5) {
            s_hi = 0.0;
        }
        if s_lo.max(s_hi) < o.min_border_support {
            break;
        }
        let grow_lo = s_lo > s_hi;
        match (cols_short, grow_lo) {
            (true, true) => s.imin -= 1,
            (true, false) => s.imax += 1,
            (false, true) => s.jmin -= 1,
            (false, false) => s.jmax += 1,
        }
    }
    s
}

/// The working-copy point at lattice position `e` across the added column (`cols_short`) or
/// row and `t` along it.
fn lattice_point(fit: &LatticeFit, cols_short: bool, e: f32, t: i32) -> (f32, f32) {
    if cols_short {
        (fit.x0 + e * fit.px, fit.y0 + t as f32 * fit.py)
    } else {
        (fit.x0 + t as f32 * fit.px, fit.y0 + e * fit.py)
    }
}

/// Whether a working-copy point lies in the image.
fn in_work(work: &Work, (p, q): (f32, f32)) -> bool {
    p >= 0.0 && q >= 0.0 && p < work.w as f32 && q < work.h as f32
}

/// Share of the cells of an added column (`cols_short`) or row, centred at lattice position
/// `centre` over `across` (inclusive), whose centre is in the image and whose outer border (at
/// lattice position `edge`) is a line or lies beyond the image edge (crops cut at the board's
/// frame).
fn border_support(
    work: &Work,
    fit: &LatticeFit,
    cols_short: bool,
    (a, b): (i32, i32),
    (centre, edge): (f32, f32),
    o: &QueensLocateOptions,
) -> f32 {
    let at = |e: f32, t: i32| lattice_point(fit, cols_short, e, t);
    let inside = |p: (f32, f32)| in_work(work, p);
    let reach = o.border_reach * fit.px;
    let hits = (a..=b)
        .filter(|&t| {
            let (c, e) = (at(centre, t), at(edge, t));
            inside(c) && (!inside(e) || line_near(work, e.0, e.1, cols_short, reach))
        })
        .count();
    hits as f32 / (b - a + 1) as f32
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn a_lone_cell_beyond_a_whole_board_is_dropped() {
        let o = QueensLocateOptions::default();
        let square: Vec<(i32, i32)> = (0..5).flat_map(|i| (0..5).map(move |j| (i, j))).collect();
        // One cell below the board (a button's piece): dropped.
        let mut seen = square.clone();
        seen.push((2, 5));
        assert_eq!(drop_stray_lines(seen, &o), square);
        // Two cells there, or a lone cell beside a line seen only in part: kept.
        let mut two = square.clone();
        two.extend([(1, 5), (3, 5)]);
        assert_eq!(drop_stray_lines(two.clone(), &o), two);
        let mut sparse: Vec<(i32, i32)> = square
            .iter()
            .copied()
            .filter(|&(i, j)| j != 4 || i == 0)
            .collect();
        sparse.push((2, 5));
        assert_eq!(drop_stray_lines(sparse.clone(), &o), sparse);
        // Off: kept.
        let off = QueensLocateOptions {
            stray_line_max: 0,
            ..o
        };
        let mut one = square.clone();
        one.push((2, 5));
        assert_eq!(drop_stray_lines(one.clone(), &off), one);
    }

    /// Draws a synthetic Queens-like board: `labels` row-major, thin lines inside regions,
    /// thick lines between regions, on a page of colour `page`.
    pub(crate) fn draw_board(
        labels: &[u32],
        n: usize,
        pitch: u32,
        margin: u32,
        page: [u8; 3],
        colours: &[[u8; 3]],
    ) -> RgbImage {
        let side = margin * 2 + pitch * n as u32;
        let mut img = RgbImage::from_pixel(side, side, Rgb(page));
        for r in 0..n {
            for c in 0..n {
                let col = colours[labels[r * n + c] as usize % colours.len()];
                for y in 0..pitch {
                    for x in 0..pitch {
                        img.put_pixel(
                            margin + c as u32 * pitch + x,
                            margin + r as u32 * pitch + y,
                            Rgb(col),
                        );
                    }
                }
            }
        }
        let thin = (pitch / 30).max(1);
        let thick = (pitch / 10).max(3);
        let black = Rgb([0, 0, 0]);
        let mut line = |x0: u32, y0: u32, w: u32, h: u32| {
            for y in y0..(y0 + h).min(side) {
                for x in x0..(x0 + w).min(side) {
                    img.put_pixel(x, y, black);
                }
            }
        };
        for r in 0..n {
            for c in 0..n {
                let (x, y) = (margin + c as u32 * pitch, margin + r as u32 * pitch);
                let right_diff = c + 1 == n || labels[r * n + c] != labels[r * n + c + 1];
                let down_diff = r + 1 == n || labels[r * n + c] != labels[(r + 1) * n + c];
                let wv = if right_diff { thick } else { thin };
                let wh = if down_diff { thick } else { thin };
                line(x + pitch - wv / 2 - 1, y, wv, pitch);
                line(x, y + pitch - wh / 2 - 1, pitch, wh);
                if c == 0 {
                    line(x.saturating_sub(thick / 2), y, thick, pitch);
                }
                if r == 0 {
                    line(x, y.saturating_sub(thick / 2), pitch, thick);
                }
            }
        }
        img
    }

    pub(crate) const PALETTE: [[u8; 3]; 8] = [
        [0xBB, 0xA3, 0xE2],
        [0xFF, 0xC9, 0x92],
        [0x96, 0xBE, 0xFF],
        [0xB3, 0xDF, 0xA0],
        [0xDF, 0xDF, 0xDF],
        [0xFF, 0x7B, 0x60],
        [0xE6, 0xF3, 0x88],
        [0xB9, 0xB2, 0x9E],
    ];

    pub(crate) fn sample_labels() -> Vec<u32> {
        // LinkedIn Queens #132 (7x7).
        let s = "AAAAAAA AABACCA ABBDDCC ABEEDDC AAAEECC AAFFGGC AAAFFGG";
        s.split(' ')
            .flat_map(|r| r.bytes().map(|b| u32::from(b - b'A')))
            .collect()
    }

    #[test]
    fn finds_a_synthetic_board_with_margin() {
        let img = draw_board(&sample_labels(), 7, 60, 37, [250, 250, 250], &PALETTE);
        let g = locate(&img, &QueensLocateOptions::default())
            .expect("board")
            .grid;
        assert_eq!(g.rows, 7);
        assert!((g.cell_w - 60.0).abs() < 1.5, "{g:?}");
        assert!(
            (g.left - 37.0).abs() < 4.0 && (g.top - 37.0).abs() < 4.0,
            "{g:?}"
        );
    }

    #[test]
    fn finds_a_board_on_a_dark_page_and_a_large_image() {
        let img = draw_board(&sample_labels(), 7, 150, 80, [27, 31, 35], &PALETTE);
        let g = locate(&img, &QueensLocateOptions::default())
            .expect("board")
            .grid;
        assert_eq!(g.rows, 7);
        assert!((g.cell_w - 150.0).abs() < 4.0, "{g:?}");
    }

    #[test]
    fn refuses_blank_and_tiny_images() {
        let o = QueensLocateOptions::default();
        assert!(locate(&RgbImage::from_pixel(300, 200, Rgb([255, 255, 255])), &o).is_none());
        assert!(locate(&RgbImage::new(3, 3), &o).is_none());
        assert!(locate(&RgbImage::new(300, 300), &o).is_none());
    }
}
