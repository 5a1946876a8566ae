//! Queens stage 3: group the cells into exactly N connected colour regions.
//!
//! Agglomerative merging on the grid graph: every cell starts alone; the cheapest pair of
//! adjacent groups is merged until N groups remain. The cost of merging two groups adds
//! - their colour difference (CIE76 distance of the group means, in units of `colour_scale`),
//! - the border evidence on their shared edges: thick region borders push the cost up, thin
//!   cell borders pull it down (only when the board shows two kinds of border at all: some
//!   renderings draw every line alike).
//!
//! Regions are connected by construction, and a hovered (darker) cell still joins its region
//! through its thin borders.

use super::color::Lab;
use super::sample::Samples;

/// Tunables of the region stage.
#[derive(Clone, Debug)]
pub struct RegionOptions {
    /// CIE76 distance that costs one unit. Default 10.
    pub colour_scale: f32,
    /// Weight of the border evidence, in cost units: a clearly thick border adds this, a clearly
    /// thin one subtracts it. Default 2.
    pub border_weight: f32,
    /// Border evidence is used only when the thick borders weigh at least this many times the
    /// thin ones (mean of each kind). Default 1.8.
    pub min_border_ratio: f32,
    /// For a cell whose neighbours all share its region: the CIE76 distance assumed for the
    /// nearest other region. Default 30.
    pub isolated_distance: f32,
    /// When the cheapest merge left undone costs less than this much more (cost units) than the
    /// last merge done, the cells involved in either get a confidence between one half (no gap) and one (the full gap).
    /// Default 1.5.
    pub ambiguity_gap: f32,
    /// Evidence (cost units) at which a cell's confidence is one half. Default 0.75.
    pub confidence_midpoint: f32,
    /// Slope of the confidence curve, per cost unit. Default 2.5.
    pub confidence_slope: f32,
}

impl Default for RegionOptions {
    fn default() -> Self {
        RegionOptions {
            colour_scale: 10.0,
            border_weight: 2.0,
            min_border_ratio: 1.8,
            isolated_distance: 30.0,
            ambiguity_gap: 1.5,
            confidence_midpoint: 0.75,
            confidence_slope: 2.5,
        }
    }
}

/// The region map and how sure the stage is of it.
#[derive(Clone, Debug)]
pub struct Regions {
    /// Region label per cell, row-major (any labelling; `Queens::new` canonicalises).
    pub labels: Vec<u32>,
    /// Mean colour of each region, indexed by label.
    pub colours: Vec<Lab>,
    /// Confidence per cell, 0..=1.
    pub confidence: Vec<f32>,
    /// Whether thick/thin border evidence was used.
    pub borders_used: bool,
    /// Thin and thick border weights (pixels), when two kinds were seen.
    pub border_levels: Option<(f32, f32)>,
}

/// A shared edge: the two cells and its thickness evidence (-1 thin .. +1 thick, 0 unknown).
#[derive(Clone, Copy, Debug)]
struct Edge {
    a: usize,
    b: usize,
    border: f32,
}

/// Splits edge weights into thin and thick (two-means on the logarithm). Returns the two
/// levels when they are far enough apart.
fn border_levels(weights: &[f32], o: &RegionOptions) -> Option<(f32, f32)> {
    let logs: Vec<f32> = weights.iter().map(|w| w.max(0.05).ln()).collect();
    if logs.len() < 2 {
        return None;
    }
    let (mut lo, mut hi) = logs
        .iter()
        .fold((f32::MAX, f32::MIN), |(a, b), &v| (a.min(v), b.max(v)));
    for _ in 0..50 {
        let mid = (lo + hi) / 2.0;
        let (mut s0, mut n0, mut s1, mut n1) = (0.0, 0.0, 0.0, 0.0);
        for &v in &logs {
            if v < mid {
                s0 += v;
                n0 += 1.0;
            } else {
                s1 += v;
                n1 += 1.0;
            }
        }
        if n0 == 0.0 || n1 == 0.0 {
            return None;
        }
        let (nlo, nhi) = (s0 / n0, s1 / n1);
        if (nlo - lo).abs() < 1e-6 && (nhi - hi).abs() < 1e-6 {
            break;
        }
        lo = nlo;
        hi = nhi;
    }
    let (thin, thick) = (lo.exp(), hi.exp());
    (thick >= o.min_border_ratio * thin).then_some((thin, thick))
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Groups the cells of `s` into exactly `s.n` connected regions.
pub fn regions(s: &Samples, o: &RegionOptions) -> Regions {
    let n = s.n;
    let all: Vec<f32> = s.right.iter().chain(&s.down).copied().collect();
    let levels = border_levels(&all, o);
    let evidence = |w: f32| match levels {
        Some((thin, thick)) => {
            let t = (w.max(0.05).ln() - thin.ln()) / (thick.ln() - thin.ln());
            (2.0 * t - 1.0).clamp(-1.0, 1.0)
        }
        None => 0.0,
    };
    let mut edges = Vec::with_capacity(all.len());
    for r in 0..n {
        for c in 0..n.saturating_sub(1) {
            edges.push(Edge {
                a: r * n + c,
                b: r * n + c + 1,
                border: evidence(s.right[r * (n - 1) + c]),
            });
        }
    }
    for r in 0..n.saturating_sub(1) {
        for c in 0..n {
            edges.push(Edge {
                a: r * n + c,
                b: (r + 1) * n + c,
                border: evidence(s.down[r * n + c]),
            });
        }
    }
    let cells = n * n;
    let mut parent: Vec<usize> = (0..cells).collect();
    let mut sum: Vec<[f32; 3]> = s
        .cells
        .iter()
        .map(|c| [c.colour.l, c.colour.a, c.colour.b])
        .collect();
    let mut size = vec![1.0f32; cells];
    let mean = |sum: &[[f32; 3]], size: &[f32], i: usize| Lab {
        l: sum[i][0] / size[i],
        a: sum[i][1] / size[i],
        b: sum[i][2] / size[i],
    };
    // The cheapest merge of two adjacent groups: `((keep, absorb), cost)`.
    let cheapest = |parent: &mut Vec<usize>, sum: &[[f32; 3]], size: &[f32]| {
        // Border evidence per adjacent pair of groups: the median over their shared edges.
        let mut shared: Vec<((usize, usize), f32)> = edges
            .iter()
            .filter_map(|e| {
                let (ra, rb) = (find(parent, e.a), find(parent, e.b));
                (ra != rb).then_some(((ra.min(rb), ra.max(rb)), e.border))
            })
            .collect();
        shared.sort_by(|x, y| x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)));
        let mut best: Option<((usize, usize), f32)> = None;
        for run in shared.chunk_by(|x, y| x.0 == y.0) {
            let key = run[0].0;
            let mid = run.len() / 2;
            let border = if run.len() % 2 == 1 {
                run[mid].1
            } else {
                (run[mid - 1].1 + run[mid].1) / 2.0
            };
            let colour = mean(sum, size, key.0).delta_e(mean(sum, size, key.1)) / o.colour_scale;
            let cost = colour + o.border_weight * border;
            if best.is_none_or(|(_, c)| cost < c) {
                best = Some((key, cost));
            }
        }
        best
    };
    let members = |parent: &mut Vec<usize>, root: usize| -> Vec<usize> {
        (0..cells).filter(|&i| find(parent, i) == root).collect()
    };
    let mut groups = cells;
    // The last merge done: the cells of its smaller side and its cost.
    let mut last: Option<(Vec<usize>, f32)> = None;
    while groups > n {
        let Some(((a, b), cost)) = cheapest(&mut parent, &sum, &size) else {
            break;
        };
        let small = if size[a] < size[b] { a } else { b };
        last = Some((members(&mut parent, small), cost));
        parent[b] = a;
        let add = sum[b];
        for (t, v) in sum[a].iter_mut().zip(add) {
            *t += v;
        }
        size[a] += size[b];
        groups -= 1;
    }
    // When the next merge would have cost about as much as the last one done, the split
    // between them is uncertain: the cells that would change region are doubtful.
    let mut ambiguous: Vec<(usize, f32)> = Vec::new();
    if let (Some((last_cells, last_cost)), Some(((c, d), next_cost))) =
        (last, cheapest(&mut parent, &sum, &size))
    {
        let gap = next_cost - last_cost;
        if gap < o.ambiguity_gap {
            let conf = (0.5 * (1.0 + gap / o.ambiguity_gap)).clamp(0.0, 1.0);
            let small = if size[c] < size[d] { c } else { d };
            for i in last_cells.into_iter().chain(members(&mut parent, small)) {
                ambiguous.push((i, conf));
            }
        }
    }
    let mut labels = vec![0u32; cells];
    let mut roots: Vec<usize> = Vec::new();
    for (i, l) in labels.iter_mut().enumerate() {
        let r = find(&mut parent, i);
        *l = match roots.iter().position(|&x| x == r) {
            Some(k) => k as u32,
            None => {
                roots.push(r);
                (roots.len() - 1) as u32
            }
        };
    }
    let colours: Vec<Lab> = roots.iter().map(|&r| mean(&sum, &size, r)).collect();
    // Confidence: colour margin to the nearest other adjacent region, plus agreement of the
    // borders around the cell with the labelling.
    let mut confidence = vec![0f32; cells];
    for (i, conf) in confidence.iter_mut().enumerate() {
        let own = labels[i] as usize;
        let col = s.cells[i].colour;
        let d_own = col.delta_e(colours[own]);
        let mut d_other = f32::MAX;
        let mut agree = 0.0;
        let mut count = 0.0;
        for e in edges.iter().filter(|e| e.a == i || e.b == i) {
            let j = if e.a == i { e.b } else { e.a };
            let other = labels[j] as usize;
            if other != own {
                d_other = d_other.min(col.delta_e(colours[other]));
                agree += e.border;
            } else {
                agree -= e.border;
            }
            count += 1.0;
        }
        let colour_margin = if d_other == f32::MAX {
            // Surrounded by its own region: no neighbour to be confused with; only an odd
            // colour lowers the confidence.
            (o.isolated_distance - d_own) / o.colour_scale
        } else {
            (d_other - d_own) / o.colour_scale
        };
        let border = if count > 0.0 { agree / count } else { 0.0 };
        let evidence = colour_margin + o.border_weight * border;
        *conf = 1.0 / (1.0 + (-(evidence - o.confidence_midpoint) * o.confidence_slope).exp());
    }
    for (i, conf) in ambiguous {
        confidence[i] = confidence[i].min(conf);
    }
    Regions {
        labels,
        colours,
        confidence,
        borders_used: levels.is_some(),
        border_levels: levels,
    }
}

#[cfg(test)]
mod tests {
    use super::super::sample::{CellSample, Glyph};
    use super::*;

    fn samples(labels: &[u32], n: usize, colours: &[Lab], thick: bool) -> Samples {
        let cells = labels
            .iter()
            .map(|&l| CellSample {
                colour: colours[l as usize],
                spread: 1.0,
                glyph: Glyph::default(),
            })
            .collect();
        let w = |a: usize, b: usize| {
            if thick && labels[a] != labels[b] {
                4.0
            } else {
                1.0
            }
        };
        let mut right = Vec::new();
        for r in 0..n {
            for c in 0..n - 1 {
                right.push(w(r * n + c, r * n + c + 1));
            }
        }
        let mut down = Vec::new();
        for r in 0..n - 1 {
            for c in 0..n {
                down.push(w(r * n + c, (r + 1) * n + c));
            }
        }
        Samples {
            n,
            cells,
            right,
            down,
        }
    }

    fn same_partition(a: &[u32], b: &[u32]) -> bool {
        a.len() == b.len()
            && (0..a.len()).all(|i| (0..a.len()).all(|j| (a[i] == a[j]) == (b[i] == b[j])))
    }

    const L4: [u32; 16] = [0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 3, 3, 0, 0, 3, 3];

    #[test]
    fn distinct_colours_no_borders() {
        let cols: Vec<Lab> = ["96BEFF", "FFC992", "B3DFA0", "FF7B60"]
            .iter()
            .filter_map(|h| Lab::from_hex(h))
            .collect();
        let r = regions(&samples(&L4, 4, &cols, false), &RegionOptions::default());
        assert!(!r.borders_used);
        assert!(same_partition(&r.labels, &L4));
        assert!(r.confidence.iter().all(|&c| c > 0.8), "{:?}", r.confidence);
    }

    #[test]
    fn equal_colours_split_by_thick_borders() {
        // Regions 2 and 3 share one colour: only the borders tell them apart.
        let cols: Vec<Lab> = ["96BEFF", "FFC992", "B3DFA0", "B3DFA0"]
            .iter()
            .filter_map(|h| Lab::from_hex(h))
            .collect();
        let r = regions(&samples(&L4, 4, &cols, true), &RegionOptions::default());
        assert!(r.borders_used);
        assert!(same_partition(&r.labels, &L4));
    }

    #[test]
    fn a_darker_cell_joins_its_region_through_thin_borders() {
        let cols: Vec<Lab> = ["96BEFF", "FFC992", "B3DFA0", "FF7B60"]
            .iter()
            .filter_map(|h| Lab::from_hex(h))
            .collect();
        let mut s = samples(&L4, 4, &cols, true);
        let c = &mut s.cells[4].colour;
        c.l -= 25.0;
        let r = regions(&s, &RegionOptions::default());
        assert!(same_partition(&r.labels, &L4));
    }

    #[test]
    fn near_equal_colours_without_borders_are_doubtful() {
        // Regions 2 and 3 differ by a few CIE76 units and no border tells them apart.
        let mut cols: Vec<Lab> = ["96BEFF", "FFC992", "B3DFA0"]
            .iter()
            .filter_map(|h| Lab::from_hex(h))
            .collect();
        let mut near = cols[2];
        near.l += 4.0;
        cols.push(near);
        let r = regions(&samples(&L4, 4, &cols, false), &RegionOptions::default());
        let low: Vec<usize> = (0..16).filter(|&i| r.confidence[i] < 0.7).collect();
        assert!(low.iter().any(|&i| L4[i] == 3), "{:?}", r.confidence);
    }
}
