//! Queens stage 3b: cells under a band of light or shade (the win shimmer sweeping a solved
//! board).
//!
//! Regions are flat colour fills, so a cell whose ring shows a clear lightness range
//! ([`CellSample::shading`]) is under a translucent band: its colour is its region's colour
//! mixed towards white (or black) by an unknown amount, and a lit cell of a saturated region
//! can look like a paler neighbouring region. For such a cell the colour is compared with
//! each candidate region (its own and its 4-neighbours') as the *segment* from the region's
//! colour to white and to black (the distance to the nearest mix), the region colours taken
//! from the unshaded cells. A cell that a segment clearly explains better than its own region
//! is moved there (when every region stays connected and N remain); a cell without a clear
//! winner gets a low confidence, so that the certify stage treats it as free.

use super::color::Lab;
use super::regions::Regions;
use super::sample::{CellSample, Samples};
use crate::puzzle::Queens;

/// Tunables of the veil stage.
#[derive(Clone, Debug)]
pub struct VeilOptions {
    /// Ring lightness range (CIE L, see [`CellSample::shading`]) from which a cell counts as
    /// under a band. Real flat fills stay under 3.1 (82 real Queens captures). Default 4.5.
    pub min_shading: f32,
    /// CIE76 margin by which the best candidate's segment must beat the next one for the
    /// cell to be moved; a cell with a smaller margin gets a confidence under one half (the
    /// confidence is the margin over twice this, capped at 1). Default 4.
    pub margin: f32,
    /// Before grouping, a shaded cell takes the colour of a nearby unshaded cell when its own
    /// colour is within this CIE76 distance of a veiled mix of it. Default 3.
    pub tolerance: f32,
    /// Nearby: within this many rows and columns. Default 2.
    pub reach: usize,
}

impl Default for VeilOptions {
    fn default() -> Self {
        VeilOptions {
            min_shading: 4.5,
            margin: 4.0,
            tolerance: 3.0,
            reach: 2,
        }
    }
}

/// Before grouping: a shaded cell whose colour is a close veiled mix of one nearby unshaded
/// cell's colour (within [`VeilOptions::tolerance`]), and clearly not of any other nearby
/// colour, takes that colour.
pub fn unveil(s: &Samples, o: &VeilOptions) -> Samples {
    let n = s.n;
    let mut out = s.clone();
    for (i, cell) in s.cells.iter().enumerate() {
        if cell.shading < o.min_shading {
            continue;
        }
        let (r, c) = ((i / n) as isize, (i % n) as isize);
        let reach = o.reach as isize;
        let mut near: Vec<(f32, Lab)> = Vec::new();
        for dr in -reach..=reach {
            for dc in -reach..=reach {
                let (rr, cc) = (r + dr, c + dc);
                if rr < 0 || cc < 0 || rr >= n as isize || cc >= n as isize {
                    continue;
                }
                let other = &s.cells[rr as usize * n + cc as usize];
                if other.shading < o.min_shading {
                    near.push((cell.colour.veil_distance(other.colour), other.colour));
                }
            }
        }
        near.sort_by(|a, b| a.0.total_cmp(&b.0));
        let Some(&(d1, best)) = near.first() else {
            continue;
        };
        let d2 = near
            .iter()
            .find(|(_, col)| col.delta_e(best) > o.margin)
            .map_or(f32::MAX, |x| x.0);
        if d1 <= o.tolerance && d2 - d1 >= o.margin {
            out.cells[i].colour = best;
        }
    }
    out
}

/// The colour of each label from its unshaded cells (all its cells when every one is shaded).
fn region_colours(cells: &[CellSample], labels: &[u32], o: &VeilOptions) -> Vec<Lab> {
    let k = labels.iter().map(|&l| l as usize + 1).max().unwrap_or(0);
    let mut sums = vec![(Lab::default(), 0.0f32, Lab::default(), 0.0f32); k];
    for (c, &l) in cells.iter().zip(labels) {
        let s = &mut sums[l as usize];
        let add = |acc: &mut Lab, n: &mut f32| {
            acc.l += c.colour.l;
            acc.a += c.colour.a;
            acc.b += c.colour.b;
            *n += 1.0;
        };
        if c.shading < o.min_shading {
            add(&mut s.0, &mut s.1);
        } else {
            add(&mut s.2, &mut s.3);
        }
    }
    sums.into_iter()
        .map(|(flat, nf, all, na)| {
            let (acc, n) = if nf > 0.0 { (flat, nf) } else { (all, na) };
            let n = n.max(1.0);
            Lab {
                l: acc.l / n,
                a: acc.a / n,
                b: acc.b / n,
            }
        })
        .collect()
}

/// The candidate labels of cell `i`: its own and its 4-neighbours'.
fn candidates(labels: &[u32], n: usize, i: usize) -> Vec<u32> {
    let mut v = vec![labels[i]];
    for j in crate::puzzle::side_neighbours(i, n) {
        if !v.contains(&labels[j]) {
            v.push(labels[j]);
        }
    }
    v
}

/// Whether `labels` still make N connected regions.
fn valid_map(n: usize, labels: &[u32]) -> bool {
    Queens::new(n, labels)
        .is_ok_and(|q| q.validate().is_ok() && q.disconnected_regions().is_empty())
}

/// Re-reads the shaded cells of `regions` (see the module doc): moves those a veiled segment
/// clearly places in a neighbouring region, caps the confidence of those it does not.
pub fn correct(s: &Samples, mut regions: Regions, o: &VeilOptions) -> Regions {
    let n = s.n;
    if !s.cells.iter().any(|c| c.shading >= o.min_shading) {
        return regions;
    }
    let colours = region_colours(&s.cells, &regions.labels, o);
    let mut moved = regions.labels.clone();
    let mut caps = vec![1.0f32; moved.len()];
    for (i, cell) in s.cells.iter().enumerate() {
        if cell.shading < o.min_shading {
            continue;
        }
        let mut scored: Vec<(f32, u32)> = candidates(&regions.labels, n, i)
            .into_iter()
            .map(|l| (cell.colour.veil_distance(colours[l as usize]), l))
            .collect();
        scored.sort_by(|a, b| a.0.total_cmp(&b.0));
        let gap = scored.get(1).map_or(f32::MAX, |s2| s2.0 - scored[0].0);
        caps[i] = (gap / (2.0 * o.margin.max(1e-3))).min(1.0);
        if gap >= o.margin {
            moved[i] = scored[0].1;
        }
    }
    if moved != regions.labels && valid_map(n, &moved) {
        regions.labels = moved;
    } else if moved != regions.labels {
        // The moves do not make a board: every moved cell is doubted instead.
        for (i, cap) in caps.iter_mut().enumerate() {
            if moved[i] != regions.labels[i] {
                *cap = cap.min(0.25);
            }
        }
    }
    for (c, cap) in regions.confidence.iter_mut().zip(caps) {
        *c = c.min(cap);
    }
    regions
}

#[cfg(test)]
mod tests {
    use super::super::sample::Glyph;
    use super::*;

    fn cell(hex: &str, shading: f32) -> CellSample {
        CellSample {
            colour: Lab::from_hex(hex).expect("hex"),
            spread: 1.0,
            reddened: 0.0,
            shading,
            darkened: 0.0,
            glyph: Glyph::default(),
        }
    }

    /// A 4x4 board of four column regions: pink, grey, blue, green.
    fn columns(cells: Vec<CellSample>) -> (Samples, Regions) {
        let s = Samples {
            n: 4,
            cells,
            right: vec![1.0; 12],
            down: vec![1.0; 12],
        };
        let regions = Regions {
            labels: (0..16).map(|i| i % 4).collect(),
            colours: vec![Lab::default(); 4],
            confidence: vec![1.0; 16],
            borders_used: false,
            border_levels: None,
        };
        (s, regions)
    }

    #[test]
    fn a_lit_cell_of_a_saturated_region_returns_to_it() {
        // Cell (0, 1) is pink under a band of light but was grouped with the grey column.
        let (pink, lit) = ("DFA0BF", "F2D9E5"); // lit: pink mixed 60% towards white
        let cells = (0..16)
            .map(|i| match (i, i % 4) {
                (1, _) => cell(lit, 8.0),
                (_, 0) => cell(pink, 0.5),
                (_, 1) => cell("DFDFDF", 0.5),
                (_, 2) => cell("96BEFF", 0.5),
                _ => cell("B3DFA0", 0.5),
            })
            .collect();
        let (s, regions) = columns(cells);
        let r = correct(&s, regions, &VeilOptions::default());
        let mut want: Vec<u32> = (0..16).map(|i| i % 4).collect();
        want[1] = 0;
        assert_eq!(r.labels, want);
        let d = Lab::from_hex(lit)
            .expect("hex")
            .veil_distance(Lab::from_hex(pink).expect("hex"));
        assert!(d < 3.0, "{d}");
    }

    #[test]
    fn flat_cells_are_left_alone() {
        let (s, regions) = columns(vec![cell("96BEFF", 0.5); 16]);
        let before = regions.labels.clone();
        let r = correct(&s, regions, &VeilOptions::default());
        assert_eq!((r.labels, r.confidence), (before, vec![1.0; 16]));
    }

    #[test]
    fn documented_defaults_match() {
        crate::vision::check_documented_defaults(
            include_str!("veil.rs"),
            "VeilOptions",
            &format!("{:?}", VeilOptions::default()),
        );
    }
}
