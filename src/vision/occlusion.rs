//! Occlusion: finds the OS mouse pointer over a located board and lists the cells and edges it
//! covers ([`crate::board::Reading::occluded`]). What was read there is kept, but it is no
//! longer trusted: [`crate::certify`] treats occluded elements as free (confidence 0), so an
//! answer is only shown when every reading of them agrees.
//!
//! The pointer (arrow: black with a thin white outline; hand: white with a thin black outline)
//! is the one thing on a board where near-black and near-white neutral pixels touch along a
//! closed outline. Stages: mask extreme pixels -> keep their contact band -> drop the grid
//! lines' bands -> connected components -> size test (larger than a marker glyph, smaller
//! than a few cells) -> the cells and edges under each component's box.
//!
//! Tango only for now: on Queens boards black crowns, black borders and dark x marks on grey
//! regions show the same contrast, so the stage leaves Queens readings untouched.

use crate::board::{Grid, Reading, Theme};
use crate::certify::Element;
use crate::puzzle::{Edge, Pos, Puzzle};
use crate::vision::blob;
use image::{GrayImage, Luma, RgbImage};

/// Options of [`find_occluded`].
#[derive(Clone, Debug, PartialEq)]
pub struct OcclusionOptions {
    /// Run the stage at all. Default true.
    pub enabled: bool,
    /// A pixel is near-black below this luma (0..255). Default 60.
    pub dark_max: u8,
    /// On a dark board (the median luma of the board's box under `dark_max`), a pixel is
    /// near-black only `[0]` below that median: the board's own background is not the
    /// pointer's black, and LinkedIn draws nothing darker than it. The pointer is then found
    /// by solid black touching anything `[1]` above the median (an arrow's body against its
    /// outline: a blurred 1x outline on a dark board reaches only 180-220, not `bright_min`:
    /// pointer-arrow 40016) or any such black touching near-white (a hand's thin outline
    /// against its white body); near-white touching the background alone no longer counts
    /// (light glyphs do). `None`: `dark_max` and `bright_min` everywhere.
    /// Default `Some([15, 60])`.
    pub dark_board: Option<[u8; 2]>,
    /// On a light board, a second pass looks for a hand whose thin black outline, blurred at
    /// 1x, is only grey (65-120: pointer-hand 53440): neutral pixels below this luma against
    /// near-white, kept only where they enclose near-white (`hole_min`). The board's markers
    /// are as dark in a video frame that lost their tint, but enclose nothing. `dark_max` or
    /// less: no second pass. Default 125.
    pub outline_max: u8,
    /// Smallest share of a second-pass candidate's box that near-white pixels enclosed by its
    /// dark outline (grown by a pixel) must fill: a 1x hand's white body fills about 0.2 of
    /// its box; none of the 1,006 candidates on the real captures and fixtures at hand
    /// encloses any. Default 0.1.
    pub hole_min: f32,
    /// A pixel is near-white above this luma (0..255). Default 215.
    pub bright_min: u8,
    /// Largest channel spread (max - min) of a neutral pixel. Default 40.
    pub neutral_spread: u8,
    /// Near-black and near-white pixels closer than this (pixels) are in contact. Default 2.
    pub contact: u8,
    /// Half width of the band around each grid line left out, relative to the cell pitch (at
    /// least 1.5 px). Default 0.04.
    pub line_band: f32,
    /// Smallest extent (the longer side of a component's box) relative to the cell pitch: the
    /// marker glyphs are smaller; a 1x pointer is about 0.3 of a 1x cell, less under browser
    /// zoom. Default 0.15.
    pub min_extent: f32,
    /// Smallest extent in pixels (a pointer at 0.3x). Default 6.
    pub min_extent_px: f32,
    /// Largest extent relative to the cell pitch. Default 3.
    pub max_extent: f32,
    /// Smallest number of contact pixels in a component. Default 14.
    pub min_pixels: u32,
    /// A screen shows one pointer: more candidates than this are the board's own content (a
    /// themed icon with black and white parts), and none is taken. Default 2.
    pub max_candidates: usize,
    /// A cell is occluded when the pointer's box covers the whole square of this half size
    /// (relative to the cell pitch) around its centre: an icon is larger than a 1x pointer,
    /// and what stays visible of it is still read. Default 0.15.
    pub cell_reach: f32,
    /// A cell showing a piece is occluded when the pointer's box covers enough of the square
    /// of this half size (relative to the cell pitch) round its centre: the part of the icon
    /// under the pointer changes the colours it is classified by (pointer-hand 400787: a
    /// themed board's third given, half under a white hand, read as the other icon kind: a
    /// wrong answer). LinkedIn's icons are about half a pitch wide. Default 0.25.
    pub piece_reach: f32,
    /// ... and its box covers at least this share of that square (the wrong answer above:
    /// 0.69). Lower shares cost answers and closed no wrong one: `stress_variations` with
    /// 1,000 renders per pointer row, hand 967 and the wrong one (off), 964 (0.5), 959 (0.3),
    /// 958 (0.1); arrow 977, 977, 973, 966. Default 0.5.
    pub piece_min_share: f32,
    /// An edge is occluded when the box reaches within this share of the cell pitch of its
    /// midpoint (where its marker is drawn). Default 0.16.
    pub edge_reach: f32,
    /// The arrow points up, its tip a thin black wedge that may be too pale or too thin to be
    /// found in contact with white: above the box of an arrow found (a candidate that does not
    /// enclose white, as a hand's body does) whose top row shows two sides of its body apart
    /// (the tip not found; a tip found is one run of pixels), an edge whose midpoint lies
    /// within this share of the box's height (plus `edge_reach`), across the box's width, is
    /// occluded too (pointer-arrow 38200387: a dark-board arrow whose tip covered an `x`,
    /// found only from 7 px below the tip, 0.35 of its box; the glyph's rest read as no
    /// marker, and a repair of the doubted edge under the body gave a wrong answer). 0: off.
    /// Default 0.4.
    pub tip_reach: f32,
    /// Parts of a pointer cut apart by a grid line's band are joined before the size test
    /// (a 1x pointer on a line of a large board is two parts each under `min_extent`) when
    /// the mask has at most this many parts (the joining compares every pair; a noisy capture
    /// with more is taken part by part). 0: never joined (the Queens pointer stage joins the
    /// parts that pass the size test itself: black crowns and borders beside light cells
    /// leave small parts everywhere). Default 400.
    pub max_join: usize,
    /// On a light board, a candidate whose box lies within `[1]` pitches of an inner edge's
    /// midpoint both ways (the square where LinkedIn draws its `=` and `x`, about 0.18 of a
    /// pitch wide) and whose centre is within `[0]` pitches of it is the board's marker glyph:
    /// it counts as board content against `max_candidates` but is not taken for a pointer.
    /// Some boards draw near-black glyphs of 0.16-0.17 of a pitch, over `min_extent` (rn-tango
    /// 358: an `x` taken for a pointer, its edge left free and the answer withheld; the glyphs'
    /// boxes were centred within 0.016 of the midpoint, the real pointers' 0.29-0.49 away). A
    /// pointer on a zoomed board fits in the square (pointer-hand 3658 and 3860, 0.07-0.08 off
    /// the midpoint: taken for glyphs without the centre test, they were read as markers),
    /// and a hand aimed at the midpoint is centred there (pointer-hand 3479: 0.016 off): a
    /// candidate whose outline encloses near-white (`hole_min`, a hand's body) stays a
    /// pointer. Not on a dark board, where no glyph makes contact with black. `None`: every
    /// candidate may be a pointer. Default `Some([0.03, 0.15])`.
    pub glyph_square: Option<[f32; 2]>,
}

impl Default for OcclusionOptions {
    fn default() -> Self {
        OcclusionOptions {
            enabled: true,
            dark_max: 60,
            dark_board: Some([15, 60]),
            outline_max: 125,
            hole_min: 0.1,
            bright_min: 215,
            neutral_spread: 40,
            contact: 2,
            line_band: 0.04,
            min_extent: 0.15,
            min_extent_px: 6.0,
            max_extent: 3.0,
            min_pixels: 14,
            max_candidates: 2,
            cell_reach: 0.15,
            piece_reach: 0.25,
            piece_min_share: 0.5,
            edge_reach: 0.16,
            tip_reach: 0.4,
            max_join: 400,
            glyph_square: Some([0.03, 0.15]),
        }
    }
}

/// A box `(x0, y0, x1, y1)` in image pixels.
pub type PixelBox = (f32, f32, f32, f32);

/// A pointer found: its box and the centres of its outline pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The box of its outline.
    pub bbox: PixelBox,
    /// The centres of its outline pixels (where near-black meets near-white).
    pub pixels: Vec<(f32, f32)>,
}

/// Marks the cells and edges of a Tango reading that a pointer covers (sorted, no duplicates);
/// returns the boxes of the pointers found.
pub fn mark(img: &RgbImage, reading: &mut Reading, opts: &OcclusionOptions) -> Vec<PixelBox> {
    if !opts.enabled || !matches!(reading.puzzle, Puzzle::Tango(_)) {
        return Vec::new();
    }
    let mut boxes = find_pointers(img, &reading.grid, opts);
    if boxes.len() > opts.max_candidates {
        return Vec::new();
    }
    if let (Some([reach, half]), Theme::Light) = (opts.glyph_square, reading.theme) {
        boxes.retain(|f| {
            !in_glyph_square(f, &reading.grid, reach, half) || encloses_white(img, &f.bbox, opts)
        });
    }
    // Kept: what the reader already left free (the part of a cut board out of the image).
    let mut out = std::mem::take(&mut reading.occluded);
    let g = &reading.grid;
    let r = opts.piece_reach * g.cell_w.min(g.cell_h);
    let pieces: Vec<Pos> = reading.tango_pieces().map_or_else(Vec::new, |cells| {
        (0..cells.len())
            .filter(|&i| cells[i].is_some())
            .map(|i| Pos::new(i / g.cols, i % g.cols))
            .collect()
    });
    for b in &boxes {
        // A hand's body is white inside its outline, its fingertip found with it; an arrow's
        // body is black.
        let arrow = opts.tip_reach > 0.0 && !encloses_white(img, &b.bbox, opts);
        out.extend(covered(g, b, arrow, opts));
        for &pos in &pieces {
            let (cx, cy) = g.center(pos);
            // The share of the icon's square under the pointer's box.
            let (bx0, by0, bx1, by1) = b.bbox;
            let w = (bx1.min(cx + r) - bx0.max(cx - r)).max(0.0);
            let h = (by1.min(cy + r) - by0.max(cy - r)).max(0.0);
            let share = w * h / (4.0 * r * r).max(1e-6);
            if share >= opts.piece_min_share {
                out.push(Element::Cell { pos });
            }
        }
    }
    out.sort();
    out.dedup();
    reading.occluded = out;
    boxes.into_iter().map(|b| b.bbox).collect()
}

/// The boxes of the pointer-like components over the board.
pub fn find_pointers(img: &RgbImage, g: &Grid, opts: &OcclusionOptions) -> Vec<Found> {
    let (w, h) = img.dimensions();
    let x0 = g.left.max(0.0).floor() as u32;
    let y0 = g.top.max(0.0).floor() as u32;
    let x1 = ((g.left + g.width()).ceil().max(0.0) as u32).min(w);
    let y1 = ((g.top + g.height()).ceil().max(0.0) as u32).min(h);
    if x1 <= x0 + 2 || y1 <= y0 + 2 || g.cell_w <= 0.0 {
        return Vec::new();
    }
    let rect = (x0, y0, x1, y1);
    let Masks {
        contact,
        dark_board,
        outline,
    } = contact_mask(img, rect, g, opts);
    let cell = g.cell_w.min(g.cell_h);
    // On a dark board no marker glyph makes contact with black (nothing of LinkedIn's is
    // darker than its background), so a pointer smaller than a glyph (a 1x pointer on a
    // zoomed board, blurred) is still one.
    let min_ext = if dark_board {
        opts.min_extent_px
    } else {
        (opts.min_extent * cell).max(opts.min_extent_px)
    };
    let mut found = contact.map_or_else(Vec::new, |c| components(&c, rect, g, opts, min_ext));
    if let Some(outline) = outline {
        // The second pass: a hand whose outline blurred to grey, found by its enclosed body.
        for f in components(&outline, rect, g, opts, min_ext) {
            let known = found.iter().any(|e| overlap(&e.bbox, &f.bbox));
            if !known && encloses_white(img, &f.bbox, opts) {
                found.push(f);
            }
        }
    }
    found
}

/// Whether a candidate's box lies within `half` pitches of the midpoint of one inner edge of
/// the board both ways (where LinkedIn draws its marker glyphs), its centre within `reach`.
fn in_glyph_square(f: &Found, g: &Grid, reach: f32, half: f32) -> bool {
    let (x0, y0, x1, y1) = f.bbox;
    // The box in cell units.
    let (u0, u1) = ((x0 - g.left) / g.cell_w, (x1 - g.left) / g.cell_w);
    let (v0, v1) = ((y0 - g.top) / g.cell_h, (y1 - g.top) / g.cell_h);
    let (uc, vc) = ((u0 + u1) / 2.0, (v0 + v1) / 2.0);
    let near = |lo: f32, hi: f32, c: f32, at: f32| {
        lo >= at - half && hi <= at + half && (c - at).abs() <= reach
    };
    // A horizontal edge (between two rows): its midpoint at a column's middle, on a row line;
    // a vertical edge (between two columns) the other way round.
    let (col, row_line) = (uc.floor(), vc.round());
    let across = (0.0..g.cols as f32).contains(&col)
        && (1.0..g.rows as f32).contains(&row_line)
        && near(u0, u1, uc, col + 0.5)
        && near(v0, v1, vc, row_line);
    let (col_line, row) = (uc.round(), vc.floor());
    let along = (0.0..g.rows as f32).contains(&row)
        && (1.0..g.cols as f32).contains(&col_line)
        && near(u0, u1, uc, col_line)
        && near(v0, v1, vc, row + 0.5);
    across || along
}

fn overlap(a: &PixelBox, b: &PixelBox) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// Whether the dark neutral pixels (luma under [`OcclusionOptions::outline_max`]) in `bbox`
/// enclose near-white ones filling at least [`OcclusionOptions::hole_min`] of it: pixels that
/// no path of other pixels (4-connected) joins to the box's border.
fn encloses_white(img: &RgbImage, bbox: &PixelBox, opts: &OcclusionOptions) -> bool {
    let (iw, ih) = img.dimensions();
    let x0 = (bbox.0.floor().max(1.0) as u32 - 1).min(iw);
    let y0 = (bbox.1.floor().max(1.0) as u32 - 1).min(ih);
    let x1 = ((bbox.2.ceil().max(0.0) as u32) + 1).min(iw);
    let y1 = ((bbox.3.ceil().max(0.0) as u32) + 1).min(ih);
    if x1 <= x0 + 2 || y1 <= y0 + 2 {
        return false;
    }
    let (w, h) = ((x1 - x0) as usize, (y1 - y0) as usize);
    let mut dark = GrayImage::new(w as u32, h as u32);
    let mut white = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            let p = img.get_pixel(x0 + x as u32, y0 + y as u32).0;
            if neutral_luma(p, opts).is_some_and(|l| l < u16::from(opts.outline_max)) {
                dark.put_pixel(x as u32, y as u32, Luma([255]));
            }
            white[y * w + x] = luma(p) > u16::from(opts.bright_min);
        }
    }
    // The outline grown by a pixel: a blurred rounded corner is lighter than the outline's
    // level and would leave a gap. 0 open, 1 wall, 2 reached from the border.
    let mut state: Vec<u8> = dilate_square(&dark, 1)
        .iter()
        .map(|&v| u8::from(v > 0))
        .collect();
    let mut stack: Vec<usize> = (0..w)
        .flat_map(|x| [x, (h - 1) * w + x])
        .chain((0..h).flat_map(|y| [y * w, y * w + w - 1]))
        .filter(|&i| state[i] == 0)
        .collect();
    for &i in &stack {
        state[i] = 2;
    }
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        let next = [
            (x > 0).then(|| i - 1),
            (x + 1 < w).then(|| i + 1),
            (y > 0).then(|| i - w),
            (y + 1 < h).then(|| i + w),
        ];
        for j in next.into_iter().flatten() {
            if state[j] == 0 {
                state[j] = 2;
                stack.push(j);
            }
        }
    }
    let enclosed = (0..w * h).filter(|&i| state[i] == 0 && white[i]).count();
    enclosed as f32 >= opts.hole_min * (w * h) as f32
}

/// The pointer-like components of a contact mask of `rect` (see [`find_pointers`]): joined
/// across the grid lines' bands, sized between `min_ext` pixels and `max_extent` cells.
fn components(
    contact: &GrayImage,
    (x0, y0, _, _): (u32, u32, u32, u32),
    g: &Grid,
    opts: &OcclusionOptions,
    min_ext: f32,
) -> Vec<Found> {
    let (stats, labels) = blob::blobs(contact);
    let cell = g.cell_w.min(g.cell_h);
    // A pointer resting on a grid line is cut in two by the band left out along it: parts
    // whose boxes come within the band's width of each other are one object.
    let reach = (2.0 * line_band(g, opts)).ceil() as u32 + 1;
    let group = if stats.len() <= opts.max_join && opts.max_join > 0 {
        join_across_lines(&stats, reach)
    } else {
        (0..stats.len()).collect()
    };
    let n_groups = group.iter().copied().max().map_or(0, |m| m + 1);
    let mut merged: Vec<Option<blob::Blob>> = vec![None; n_groups];
    for (s, &k) in stats.iter().zip(&group) {
        merged[k] = Some(match merged[k] {
            None => *s,
            Some(m) => blob::Blob {
                x0: m.x0.min(s.x0),
                y0: m.y0.min(s.y0),
                x1: m.x1.max(s.x1),
                y1: m.y1.max(s.y1),
                count: m.count + s.count,
            },
        });
    }
    let keep: Vec<usize> = (0..n_groups)
        .filter(|&k| {
            merged[k].is_some_and(|s| {
                let ext = s.w().max(s.h()) as f32;
                s.count >= opts.min_pixels && ext >= min_ext && ext <= opts.max_extent * cell
            })
        })
        .collect();
    let mut found: Vec<Found> = keep
        .iter()
        .filter_map(|&k| merged[k])
        .map(|s| Found {
            bbox: (
                (x0 + s.x0) as f32,
                (y0 + s.y0) as f32,
                (x0 + s.x1 + 1) as f32,
                (y0 + s.y1 + 1) as f32,
            ),
            pixels: Vec::new(),
        })
        .collect();
    for (x, y, l) in labels.enumerate_pixels() {
        let l = l[0] as usize;
        if l == 0 {
            continue;
        }
        if let Some(k) = keep.iter().position(|&k| k == group[l - 1]) {
            let p = ((x0 + x) as f32 + 0.5, (y0 + y) as f32 + 0.5);
            found[k].pixels.push(p);
        }
    }
    found
}

/// Half width (pixels) of the band left out around each grid line.
fn line_band(g: &Grid, opts: &OcclusionOptions) -> f32 {
    (opts.line_band * g.cell_w.min(g.cell_h)).max(1.5)
}

/// Groups of blobs (an index per blob, groups numbered from 0) whose boxes, each grown by
/// `reach` pixels, overlap, chained.
fn join_across_lines(stats: &[blob::Blob], reach: u32) -> Vec<usize> {
    let n = stats.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let near = |a: &blob::Blob, b: &blob::Blob| {
        a.x0 <= b.x1 + reach && b.x0 <= a.x1 + reach && a.y0 <= b.y1 + reach && b.y0 <= a.y1 + reach
    };
    for i in 0..n {
        for j in i + 1..n {
            if near(&stats[i], &stats[j]) {
                let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    let mut id = vec![usize::MAX; n];
    let mut next = 0;
    (0..n)
        .map(|i| {
            let r = root(&mut parent, i);
            if id[r] == usize::MAX {
                id[r] = next;
                next += 1;
            }
            id[r]
        })
        .collect()
}

/// Near-black pixels touching near-white ones and the reverse, inside `rect`, away from the
/// grid lines (255 = in the mask), whether the board is dark, and the second pass's mask
/// ([`Masks`]); the contact mask is `None` when empty (a board with no near-black or no
/// near-white pixel skips the dilations: most boards without a pointer). On a dark board
/// ([`OcclusionOptions::dark_board`]) two contacts count, lines included: solid black much
/// darker than the background against anything clearly lighter (an arrow's body against its outline, however blurred), any such black against
/// near-white (a hand's thin outline against its white body), and solid near-white against
/// the background (a hand's body whose outline blurred into the background).
fn contact_mask(
    img: &RgbImage,
    (x0, y0, x1, y1): (u32, u32, u32, u32),
    g: &Grid,
    opts: &OcclusionOptions,
) -> Masks {
    let (w, h) = (x1 - x0, y1 - y0);
    // Luma of the neutral pixels, `u16::MAX` for coloured ones.
    let mut lum = vec![u16::MAX; (w * h) as usize];
    let (raw, iw) = (img.as_raw(), img.width() as usize);
    for (y, out) in lum.chunks_exact_mut(w as usize).enumerate() {
        let start = ((y0 as usize + y) * iw + x0 as usize) * 3;
        let row = &raw[start..start + 3 * w as usize];
        for (v, p) in out.iter_mut().zip(row.chunks_exact(3)) {
            if let Some(l) = neutral_luma([p[0], p[1], p[2]], opts) {
                *v = l;
            }
        }
    }
    // The neutral pixels whose luma is in `lo..hi` (`None`: none is).
    let mask = |lo: u16, hi: u16| {
        let mut m = GrayImage::new(w, h);
        let mut any = false;
        for (v, &l) in m.iter_mut().zip(&lum) {
            let keep = l >= lo && l < hi;
            *v = if keep { 255 } else { 0 };
            any |= keep;
        }
        any.then_some(m)
    };
    let (dark_max, bright_min) = (u16::from(opts.dark_max), u16::from(opts.bright_min));
    // The board's background: the median luma of a sparse sample (coloured pixels too).
    let bg = opts.dark_board.map(|_| {
        let mut sample: Vec<u16> = (0..h)
            .step_by(3)
            .flat_map(|y| (0..w).step_by(3).map(move |x| (x, y)))
            .map(|(x, y)| luma(img.get_pixel(x0 + x, y0 + y).0))
            .collect();
        let mid = sample.len() / 2;
        *sample.select_nth_unstable(mid).1
    });
    let dark_board = opts.dark_board.is_some() && bg.is_some_and(|b| b < dark_max);
    let band = line_band(g, opts);
    let on_line = |v: f32, start: f32, pitch: f32| {
        let k = ((v - start) / pitch).round();
        (v - (start + k * pitch)).abs() <= band
    };
    // Which columns and rows of the rectangle lie in a grid line's band.
    let col_on_line: Vec<bool> = (0..w)
        .map(|x| on_line((x0 + x) as f32 + 0.5, g.left, g.cell_w))
        .collect();
    let row_on_line: Vec<bool> = (0..h)
        .map(|y| on_line((y0 + y) as f32 + 0.5, g.top, g.cell_h))
        .collect();
    let mut out = GrayImage::new(w, h);
    let mut any = false;
    let mut contact = |dark: &GrayImage, bright: &GrayImage| {
        let near_dark = dilate_square(dark, opts.contact);
        let near_bright = dilate_square(bright, opts.contact);
        let rows = out
            .chunks_exact_mut(w as usize)
            .zip(dark.chunks_exact(w as usize))
            .zip(bright.chunks_exact(w as usize))
            .zip(near_dark.chunks_exact(w as usize))
            .zip(near_bright.chunks_exact(w as usize))
            .zip(&row_on_line);
        for (((((o, dk), br), nd), nb), &row_line) in rows {
            // A dark board's grid lines are lighter than its background, never black.
            if !dark_board && row_line {
                continue;
            }
            for x in 0..w as usize {
                let d = dk[x] > 0 && nb[x] > 0;
                let b = br[x] > 0 && nd[x] > 0;
                if (d || b) && (dark_board || !col_on_line[x]) {
                    o[x] = 255;
                    any = true;
                }
            }
        }
    };
    // Coloured pixels are `u16::MAX`, above every neutral luma (at most 255).
    let near_black = mask(0, dark_max);
    let near_white = mask(bright_min + 1, u16::MAX);
    match (opts.dark_board, bg) {
        (Some([gap, rise]), Some(bg)) if dark_board => {
            // The board's own background is near-black: only what is clearly darker is.
            let black_below = bg.saturating_sub(u16::from(gap));
            if let Some(black) = mask(0, black_below) {
                let lighter_above = (bg + u16::from(rise)).min(bright_min);
                if let Some(lighter) = mask(lighter_above + 1, u16::MAX) {
                    // The specks JPEG rings round a light glyph on a dark board are thinner
                    // than 3 px: an opening by a 3x3 square drops them, keeps a pointer's body.
                    contact(&open_square(&black), &lighter);
                }
                if let Some(white) = &near_white {
                    contact(&black, white);
                }
            }
            if let (Some(background), Some(white)) = (&near_black, &near_white) {
                // Light glyph strokes against the background are thinner than 3 px too.
                contact(background, &open_square(white));
            }
        }
        _ => {
            if let (Some(dark), Some(bright)) = (&near_black, &near_white) {
                contact(dark, bright);
            }
        }
    }
    // The second pass's mask: neutral pixels under `outline_max`, off the lines' bands.
    let outline = (!dark_board && opts.outline_max > opts.dark_max)
        .then(|| {
            let level = u16::from(opts.outline_max);
            let mut m = GrayImage::new(w, h);
            let mut any = false;
            let rows = m
                .chunks_exact_mut(w as usize)
                .zip(lum.chunks_exact(w as usize))
                .zip(&row_on_line);
            for ((o, ls), &row_line) in rows {
                if row_line {
                    continue;
                }
                for (x, (v, &l)) in o.iter_mut().zip(ls).enumerate() {
                    // `u16::MAX` (coloured) is never under the level.
                    if l < level && !col_on_line[x] {
                        *v = 255;
                        any = true;
                    }
                }
            }
            any.then_some(m)
        })
        .flatten();
    Masks {
        contact: any.then_some(out),
        dark_board,
        outline,
    }
}

/// Integer luma of a pixel (Rec. 601 weights, 0..=255).
fn luma(p: [u8; 3]) -> u16 {
    ((p[0] as u32 * 299 + p[1] as u32 * 587 + p[2] as u32 * 114) / 1000) as u16
}

/// The luma of a neutral pixel (channel spread at most
/// [`OcclusionOptions::neutral_spread`]); `None` for a coloured one.
fn neutral_luma(p: [u8; 3], opts: &OcclusionOptions) -> Option<u16> {
    let hi = p.iter().copied().max().unwrap_or(0);
    let lo = p.iter().copied().min().unwrap_or(0);
    (hi - lo <= opts.neutral_spread).then(|| luma(p))
}

/// What [`contact_mask`] finds.
struct Masks {
    /// The contact mask (`None`: empty).
    contact: Option<GrayImage>,
    /// Whether the board is dark.
    dark_board: bool,
    /// On a light board, the neutral pixels under [`OcclusionOptions::outline_max`] off the
    /// grid lines' bands (`None`: empty, or no second pass).
    outline: Option<GrayImage>,
}

/// The opening of `mask` by a 3x3 square: the pixels of every 3x3 square wholly in the mask.
fn open_square(mask: &GrayImage) -> GrayImage {
    let mut inverse = mask.clone();
    for v in inverse.iter_mut() {
        *v = 255 - *v;
    }
    let mut eroded = dilate_square(&inverse, 1);
    for v in eroded.iter_mut() {
        *v = 255 - *v;
    }
    dilate_square(&eroded, 1)
}

/// `imageproc::morphology::dilate(mask, Norm::LInf, k)` of a non-empty mask: a pixel is set
/// (255) when any pixel within `k` in x and in y is. Two separable passes of shifted maxima
/// over whole rows (loops the compiler vectorises; `k` is small): the same mask, in linear
/// time instead of two distance transforms.
fn dilate_square(mask: &GrayImage, k: u8) -> GrayImage {
    let (w, h) = (mask.width() as usize, mask.height() as usize);
    if w == 0 || h == 0 {
        return mask.clone();
    }
    let k = usize::from(k);
    let src = mask.as_raw();
    // Along the rows.
    let mut rows = src.clone();
    for (out, row) in rows.chunks_exact_mut(w).zip(src.chunks_exact(w)) {
        for d in 1..=k.min(w.saturating_sub(1)) {
            for (o, &v) in out[..w - d].iter_mut().zip(&row[d..]) {
                *o = (*o).max(v);
            }
            for (o, &v) in out[d..].iter_mut().zip(&row[..w - d]) {
                *o = (*o).max(v);
            }
        }
    }
    // Along the columns, then every set pixel to 255.
    let mut out = rows.clone();
    for y in 0..h {
        let lo = y.saturating_sub(k);
        let hi = (y + k).min(h - 1);
        let target = &mut out[y * w..(y + 1) * w];
        for yy in (lo..=hi).filter(|&yy| yy != y) {
            for (o, &v) in target.iter_mut().zip(&rows[yy * w..(yy + 1) * w]) {
                *o = (*o).max(v);
            }
        }
        for o in target.iter_mut() {
            *o = if *o > 0 { 255 } else { 0 };
        }
    }
    GrayImage::from_raw(w as u32, h as u32, out)
        .unwrap_or_else(|| GrayImage::new(w as u32, h as u32))
}

/// Whether the pixels of the top row of `f`'s box fall in two runs or more (a gap of more
/// than a pixel between them): two sides of an arrow's body, its tip above them not found.
fn top_row_split(f: &Found) -> bool {
    let mut xs: Vec<f32> = f
        .pixels
        .iter()
        .filter(|p| p.1 < f.bbox.1 + 1.0)
        .map(|p| p.0)
        .collect();
    xs.sort_by(f32::total_cmp);
    xs.windows(2).any(|w| w[1] - w[0] > 1.5)
}

/// The cells and edges whose icon or marker area the pointer's outline reaches; for an
/// `arrow`, also the edges its tip may cover above the box found
/// ([`OcclusionOptions::tip_reach`]).
pub fn covered(g: &Grid, f: &Found, arrow: bool, opts: &OcclusionOptions) -> Vec<Element> {
    let reaches = |(cx, cy): (f32, f32), r: f32| {
        f.pixels
            .iter()
            .any(|&(x, y)| (x - cx).abs() <= r && (y - cy).abs() <= r)
    };
    let cell = g.cell_w.min(g.cell_h);
    // The zone above the box where its tip may be: only when the box's top row shows two
    // sides of the arrow apart (its outline not yet converged to the tip).
    let arrow = arrow && top_row_split(f);
    let tip = |(cx, cy): (f32, f32), r: f32| {
        let (x0, y0, x1, y1) = f.bbox;
        cx >= x0 - r && cx <= x1 + r && cy < y0 && cy >= y0 - opts.tip_reach * (y1 - y0) - r
    };
    let mut out = Vec::new();
    for row in 0..g.rows {
        for col in 0..g.cols {
            let pos = Pos::new(row, col);
            let (cx, cy) = g.center(pos);
            let r = opts.cell_reach * cell;
            let b = f.bbox;
            if b.0 <= cx - r && b.2 >= cx + r && b.1 <= cy - r && b.3 >= cy + r {
                out.push(Element::Cell { pos });
            }
            let edges = [
                (col + 1 < g.cols).then_some(Edge::Right(pos)),
                (row + 1 < g.rows).then_some(Edge::Down(pos)),
            ];
            for edge in edges.into_iter().flatten() {
                let (mid, r) = (g.edge_center(edge), opts.edge_reach * cell);
                if reaches(mid, r) || (arrow && tip(mid, r)) {
                    out.push(Element::Edge { edge });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::render::synth::{Pointer, SynthOptions, Variations, render};

    #[test]
    fn documented_occlusion_defaults() {
        crate::vision::check_documented_defaults(
            include_str!("occlusion.rs"),
            "OcclusionOptions",
            &format!("{:?}", OcclusionOptions::default()),
        );
    }

    #[test]
    fn a_candidate_on_an_edge_midpoint_is_a_glyph_and_one_beside_it_is_not() {
        // A 6x6 board of 100 px cells from (10, 20).
        let g = Grid {
            rows: 6,
            cols: 6,
            left: 10.0,
            top: 20.0,
            cell_w: 100.0,
            cell_h: 100.0,
        };
        let found = |cx: f32, cy: f32, w: f32, h: f32| Found {
            bbox: (cx - w / 2.0, cy - h / 2.0, cx + w / 2.0, cy + h / 2.0),
            pixels: Vec::new(),
        };
        let [reach, half] = OcclusionOptions::default().glyph_square.unwrap();
        let glyph = |f: &Found| in_glyph_square(f, &g, reach, half);
        // The midpoint of the edge r2c3/r3c3 (a row line) and of r4c1|r4c2 (a column line).
        assert!(glyph(&found(260.0, 220.0, 16.0, 16.0)));
        assert!(glyph(&found(111.0, 369.0, 18.0, 12.0)));
        // Off the midpoint by 0.08 of a pitch, as a pointer aimed near it.
        assert!(!glyph(&found(268.0, 220.0, 16.0, 16.0)));
        // Larger than the glyph square.
        assert!(!glyph(&found(260.0, 220.0, 20.0, 32.0)));
        // A cell centre, and the board's outer line.
        assert!(!glyph(&found(260.0, 270.0, 16.0, 16.0)));
        assert!(!glyph(&found(260.0, 20.0, 16.0, 16.0)));
    }

    #[test]
    fn square_dilation_matches_imageproc() {
        use imageproc::distance_transform::Norm;
        let mut seed = 7u64;
        for (w, h) in [(1, 1), (9, 4), (23, 17), (40, 3), (61, 45)] {
            let mut mask = GrayImage::from_fn(w, h, |_, _| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                Luma([if seed >> 60 == 0 { 255 } else { 0 }])
            });
            // Only non-empty masks are dilated (an empty one is skipped before); imageproc
            // sets every pixel of an empty mask smaller than the radius.
            mask.put_pixel(w / 2, h / 3, Luma([255]));
            for k in 0..5 {
                let want = imageproc::morphology::dilate(&mask, Norm::LInf, k);
                assert_eq!(dilate_square(&mask, k), want, "{w}x{h} k={k}");
            }
        }
    }

    #[test]
    fn finds_both_pointers_and_nothing_on_a_plain_board() {
        let p = format::parse("tango 4x4\nS . . M\n\n. .=. .\nx\n. . . .\n\n. . . .\n").unwrap();
        let opts = OcclusionOptions::default();
        for theme in [crate::board::Theme::Light, crate::board::Theme::Dark] {
            let plain = render(
                &p,
                None,
                &SynthOptions {
                    theme,
                    ..Default::default()
                },
            )
            .unwrap();
            assert!(find_pointers(&plain.image, &plain.grid, &opts).is_empty());
            for (seed, kind) in [(1, Pointer::Arrow), (2, Pointer::Hand), (3, Pointer::Arrow)] {
                let o = SynthOptions {
                    theme,
                    seed,
                    variations: Variations {
                        pointer: Some(kind),
                        ..Default::default()
                    },
                    ..Default::default()
                };
                let shot = render(&p, None, &o).unwrap();
                let found: Vec<PixelBox> = find_pointers(&shot.image, &shot.grid, &opts)
                    .iter()
                    .map(|f| f.bbox)
                    .collect();
                let truth = shot.pointer_box.unwrap();
                assert!(
                    found
                        .iter()
                        .any(|b| b.0 < truth.2 && truth.0 < b.2 && b.1 < truth.3 && truth.1 < b.3),
                    "{theme:?} {kind:?}: {found:?} vs {truth:?}"
                );
            }
        }
    }

    #[test]
    fn a_hand_outlined_in_grey_is_found_by_its_white_body_grey_bars_are_not() {
        use image::Rgb;
        use imageproc::drawing::{draw_filled_rect_mut, draw_hollow_rect_mut};
        use imageproc::rect::Rect;
        let p = format::parse("tango 4x4\n. . . .\n\n. . . .\n\n. . . .\n\n. . . .\n").unwrap();
        let shot = render(&p, None, &SynthOptions::default()).unwrap();
        let (g, mut img) = (&shot.grid, shot.image.clone());
        let cell = g.cell_w.min(g.cell_h);
        let grey = Rgb([100, 100, 100]);
        let opts = OcclusionOptions::default();
        // Two grey bars, as a marker `=` in a video frame that lost its tint: no pointer.
        let (ex, ey) = g.edge_center(Edge::Right(Pos::new(0, 0)));
        let bar = (0.3 * cell) as u32;
        for dy in [-3, 2] {
            let r = Rect::at(ex as i32 - bar as i32 / 2, ey as i32 + dy).of_size(bar, 2);
            draw_filled_rect_mut(&mut img, r, grey);
        }
        assert!(find_pointers(&img, g, &opts).is_empty());
        // A closed grey outline round white, as a blurred 1x hand: found in the second pass.
        let (hx, hy) = g.edge_center(Edge::Down(Pos::new(2, 2)));
        let (hw, hh) = ((0.25 * cell) as u32, (0.3 * cell) as u32);
        let r = Rect::at(hx as i32 - hw as i32 / 2, hy as i32 - hh as i32 / 2).of_size(hw, hh);
        draw_hollow_rect_mut(&mut img, r, grey);
        let found = find_pointers(&img, g, &opts);
        assert_eq!(found.len(), 1, "{found:?}");
        let b = found[0].bbox;
        assert!(b.0 <= hx && hx <= b.2 && b.1 <= hy && hy <= b.3, "{b:?}");
        let first_only = OcclusionOptions {
            outline_max: 0,
            ..OcclusionOptions::default()
        };
        assert!(find_pointers(&img, g, &first_only).is_empty());
    }

    #[test]
    fn parts_cut_by_a_line_band_are_joined_far_ones_not() {
        let b = |x0, y0, x1, y1| blob::Blob {
            x0,
            y0,
            x1,
            y1,
            count: 10,
        };
        // Two halves of a pointer 6 px apart across a line band, and a glyph far away.
        let stats = [b(10, 10, 17, 30), b(24, 12, 30, 28), b(80, 80, 86, 86)];
        assert_eq!(join_across_lines(&stats, 8), vec![0, 0, 1]);
        assert_eq!(join_across_lines(&stats, 5), vec![0, 1, 2]);
    }
}
