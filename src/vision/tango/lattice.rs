//! Stage 2b (Tango locator): lattice proposals from families of parallel lines, verified and
//! refined against the ridge masks (coverage of every lattice line, least-squares fits), and the
//! board's extent on the fitted lattice.

use super::lines::{Line, Ridges};
use super::locate::TangoLocateOptions;

/// A proposed square lattice in working pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Proposal {
    pub(super) left: f32,
    pub(super) top: f32,
    pub(super) pitch: f32,
    pub(super) n: usize,
}

/// Proposals from families of parallel lines with a common extent and equal spacing.
/// Returns `(origin across, origin along, pitch, n, support)`.
pub(super) fn proposals_from(
    lines: &[Line],
    opts: &TangoLocateOptions,
) -> Vec<(f32, f32, f32, usize, usize)> {
    let mut out = Vec::new();
    let mut order: Vec<usize> = (0..lines.len()).collect();
    order.sort_by(|&a, &b| lines[b].len().total_cmp(&lines[a].len()));
    let mut seen_extents: Vec<(f32, f32)> = Vec::new();
    for &ia in &order {
        let a = lines[ia];
        let tol = (opts.extent_tol_frac * a.len()).max(3.0);
        if seen_extents
            .iter()
            .any(|&(s, e)| (s - a.start).abs() <= tol && (e - a.end).abs() <= tol)
        {
            continue;
        }
        seen_extents.push((a.start, a.end));
        let fam: Vec<Line> = lines
            .iter()
            .copied()
            .filter(|l| (l.start - a.start).abs() <= tol && (l.end - a.end).abs() <= tol)
            .collect();
        if fam.len() < 2 {
            continue;
        }
        let ext = {
            let mut v: Vec<f32> = fam.iter().map(|l| l.len()).collect();
            v.sort_by(f32::total_cmp);
            v[v.len() / 2]
        };
        let start = {
            let mut v: Vec<f32> = fam.iter().map(|l| l.start).collect();
            v.sort_by(f32::total_cmp);
            v[v.len() / 2]
        };
        for n in opts.min_cells..=opts.max_cells {
            if opts.even_only && n % 2 == 1 {
                continue;
            }
            let p = ext / n as f32;
            if p < opts.min_pitch {
                continue;
            }
            let ptol = opts.pos_tol_frac * p;
            // Try every member as interior line k and count matched interior indices.
            let mut best: Option<(usize, f32)> = None;
            for m in &fam {
                for k in 1..n {
                    let origin = m.pos - k as f32 * p;
                    let mut hit = vec![false; n + 1];
                    let mut resid = 0.0;
                    for l in &fam {
                        let f = (l.pos - origin) / p;
                        let i = f.round();
                        if i < 0.0 || i > n as f32 {
                            continue;
                        }
                        let d = (f - i).abs() * p;
                        if d <= ptol {
                            hit[i as usize] = true;
                            resid += d;
                        }
                    }
                    let c = hit[1..n].iter().filter(|&&h| h).count();
                    if best.is_none_or(|(bc, br)| c > bc || (c == bc && resid < br)) {
                        best = Some((c, resid));
                        if c == n - 1 {
                            out.push((origin, start, p, n, c));
                        }
                    }
                }
            }
            if let Some((c, _)) = best
                && c < n - 1
                && c as f32 >= opts.min_family_support * (n - 1) as f32
            {
                // Re-derive the best origin for the partial match.
                let mut bo = None;
                let mut bc = 0;
                for m in &fam {
                    for k in 1..n {
                        let origin = m.pos - k as f32 * p;
                        let c = (1..n)
                            .filter(|&i| {
                                let x = origin + i as f32 * p;
                                fam.iter().any(|l| (l.pos - x).abs() <= ptol)
                            })
                            .count();
                        if c > bc {
                            bc = c;
                            bo = Some(origin);
                        }
                    }
                }
                if let Some(o) = bo {
                    out.push((o, start, p, n, bc));
                }
            }
        }
    }
    out
}

/// Fraction of positions along a line (within +-1 px across) that are ridge pixels.
fn coverage(r: &Ridges, vertical: bool, pos: f32, a: f32, b: f32) -> f32 {
    let (lim_across, lim_along) = if vertical { (r.w, r.h) } else { (r.h, r.w) };
    let p = pos.round() as i64;
    let a = a.max(0.0).round() as i64;
    let b = (b.round() as i64).min(lim_along as i64 - 1);
    if b <= a || p < 0 || p >= lim_across as i64 {
        return 0.0;
    }
    let (p, a, b) = (p as usize, a as usize, b as usize);
    let hit = if vertical {
        r.vcum[(b + 1) * r.w + p] - r.vcum[a * r.w + p]
    } else {
        r.hcum[p * (r.w + 1) + b + 1] - r.hcum[p * (r.w + 1) + a]
    };
    hit as f32 / (b - a + 1) as f32
}

/// Verifies a proposal against the ridge masks and refines it. Returns the refined lattice
/// `(left, top, pitch_x, pitch_y, n)` and the mean interior coverage.
pub(super) fn refine(
    r: &Ridges,
    pr: Proposal,
    opts: &TangoLocateOptions,
) -> Option<((f32, f32, f32, f32), f32)> {
    let n = pr.n;
    let p = pr.pitch;
    let search = (opts.pos_tol_frac * p).ceil().max(1.0) as i64;
    let fit = |vertical: bool, origin: f32, a: f32, b: f32| -> Option<(f32, f32, f32)> {
        // Skip the ends of each line, where the perpendicular border runs.
        let (a, b) = (a + opts.fit_end_inset * p, b - opts.fit_end_inset * p);
        let mut pts = Vec::new();
        let mut covs = 0.0;
        for i in 1..n {
            let x0 = origin + i as f32 * p;
            let cs: Vec<(f32, f32)> = (-search..=search)
                .map(|d| {
                    let x = x0 + d as f32;
                    (x, coverage(r, vertical, x, a, b))
                })
                .collect();
            let best = plateau_centre(&cs, opts.plateau_tol);
            covs += best.0;
            if best.0 >= opts.min_coverage * opts.fit_min_coverage_frac {
                pts.push((i as f32, best.1));
            }
        }
        // Least squares x = o + i * q.
        let (o, q) = least_squares(&pts)?;
        Some((o, q, covs / (n - 1) as f32))
    };
    let (ox, qx, cx) = fit(true, pr.left, pr.top, pr.top + n as f32 * p)?;
    let (oy, qy, cy) = fit(false, pr.top, pr.left, pr.left + n as f32 * p)?;
    if (qx - qy).abs() > opts.max_aspect_error * qx.max(qy) || qx < opts.min_pitch {
        return None;
    }
    if (qx - p).abs() > opts.max_pitch_drift * p {
        return None;
    }
    Some(((ox, oy, qx, qy), (cx + cy) / 2.0))
}

/// Finds the board's extent on a fitted lattice phase: the largest allowed `n x n` block of
/// lattice cells whose interior line segments are covered by ridges. Returns the block's first
/// refitted `(left, top, pitch_x, pitch_y)`, `n` and the mean interior coverage.
pub(super) fn extent(
    r: &Ridges,
    (ox, oy, qx, qy): (f32, f32, f32, f32),
    n_prop: usize,
    opts: &TangoLocateOptions,
) -> Option<(f32, f32, f32, f32, usize, f32)> {
    // Lattice line indices near the proposal (which spans indices 0..=n_prop) that fall inside
    // the image (plus one outside, for borders at the image edge).
    let wdw = opts.extent_window as i64;
    let i_lo = ((-ox / qx).ceil() as i64 - 1).max(-wdw);
    let i_hi = (((r.w as f32 - 1.0 - ox) / qx).floor() as i64 + 1).min(n_prop as i64 + wdw);
    let j_lo = ((-oy / qy).ceil() as i64 - 1).max(-wdw);
    let j_hi = (((r.h as f32 - 1.0 - oy) / qy).floor() as i64 + 1).min(n_prop as i64 + wdw);
    let ni = (i_hi - i_lo + 1).max(0) as usize;
    let nj = (j_hi - j_lo + 1).max(0) as usize;
    if ni < 3 || nj < 3 {
        return None;
    }
    let search = (opts.pos_tol_frac * qx).ceil().max(1.0) as i64;
    // Each lattice line at its best position near the nominal one (the fit is not exact).
    let snap = |vertical: bool, nominal: f32| -> f32 {
        let len = if vertical { r.h } else { r.w };
        let cs: Vec<(f32, f32)> = (-search..=search)
            .map(|d| {
                let p = nominal + d as f32;
                (p, coverage(r, vertical, p, 0.0, len as f32 - 1.0))
            })
            .collect();
        plateau_centre(&cs, opts.plateau_tol).1
    };
    let xs: Vec<f32> = (0..ni)
        .map(|i| snap(true, ox + (i as i64 + i_lo) as f32 * qx))
        .collect();
    let ys: Vec<f32> = (0..nj)
        .map(|j| snap(false, oy + (j as i64 + j_lo) as f32 * qy))
        .collect();
    let inset = opts.segment_inset;
    // v[i][j]: coverage of vertical line i between horizontal lines j and j+1.
    let mut v = vec![vec![0.0f32; nj - 1]; ni];
    for (i, row) in v.iter_mut().enumerate() {
        for (j, c) in row.iter_mut().enumerate() {
            *c = coverage(r, true, xs[i], ys[j] + inset * qy, ys[j + 1] - inset * qy);
        }
    }
    let mut hz = vec![vec![0.0f32; ni - 1]; nj];
    for (j, row) in hz.iter_mut().enumerate() {
        for (i, c) in row.iter_mut().enumerate() {
            *c = coverage(r, false, ys[j], xs[i] + inset * qx, xs[i + 1] - inset * qx);
        }
    }
    let mut best: Option<(usize, usize, usize, f32)> = None;
    for n in (opts.min_cells..=opts.max_cells).rev() {
        if opts.even_only && n % 2 == 1 {
            continue;
        }
        if n + 1 > ni || n + 1 > nj {
            continue;
        }
        for i0 in 0..=(ni - n - 1) {
            for j0 in 0..=(nj - n - 1) {
                let mut sum = 0.0;
                let mut worst_line = f32::MAX;
                let mut seg_ok = 0usize;
                for k in 1..n {
                    for b in 0..n {
                        seg_ok += usize::from(v[i0 + k][j0 + b] >= opts.segment_ok)
                            + usize::from(hz[j0 + k][i0 + b] >= opts.segment_ok);
                    }
                    let lv: f32 = (0..n).map(|b| v[i0 + k][j0 + b]).sum::<f32>() / n as f32;
                    let lh: f32 = (0..n).map(|b| hz[j0 + k][i0 + b]).sum::<f32>() / n as f32;
                    worst_line = worst_line.min(lv).min(lh);
                    sum += lv + lh;
                }
                let mean = sum / (2 * (n - 1)) as f32;
                let seg_frac = seg_ok as f32 / (2 * n * (n - 1)) as f32;
                // The board is enclosed: each border line is present or at the image edge.
                let at_edge = |p: f32, lim: usize| {
                    p.abs() <= opts.edge_margin * qx
                        || (p - (lim as f32 - 1.0)).abs() <= opts.edge_margin * qx
                };
                let border_ok = [0, n].iter().all(|&k| {
                    let cv = (0..n).map(|b| v[i0 + k][j0 + b]).sum::<f32>() / n as f32;
                    let ch = (0..n).map(|b| hz[j0 + k][i0 + b]).sum::<f32>() / n as f32;
                    (cv >= opts.segment_ok || at_edge(xs[i0 + k], r.w))
                        && (ch >= opts.segment_ok || at_edge(ys[j0 + k], r.h))
                });
                // Interior lines end at the border: a block inside a larger lattice has interior
                // lines running on past its border.
                let mut over = 0.0;
                for k in 1..n {
                    for (bj, bi) in [(j0.wrapping_sub(1), i0.wrapping_sub(1)), (j0 + n, i0 + n)] {
                        over += v[i0 + k].get(bj).copied().unwrap_or(0.0);
                        over += hz[j0 + k].get(bi).copied().unwrap_or(0.0);
                    }
                }
                let overshoot = over / (4 * (n - 1)) as f32;
                if mean < opts.min_coverage
                    || worst_line < opts.min_line_coverage
                    || seg_frac < opts.min_segment_frac
                    || !border_ok
                    || overshoot > opts.max_overshoot
                {
                    continue;
                }
                if best.is_none_or(|b| mean > b.3) {
                    best = Some((i0, j0, n, mean));
                }
            }
        }
        if best.is_some() {
            break;
        }
    }
    let (i0, j0, n, mean) = best?;
    // Refit origin and pitch on the block's lines that are present (borders may be missing at
    // the image edge).
    let fit = |pos: &[f32], present: &dyn Fn(usize) -> bool| -> Option<(f32, f32)> {
        let pts: Vec<(f32, f32)> = (0..=n)
            .filter(|&k| present(k))
            .map(|k| (k as f32, pos[k]))
            .collect();
        least_squares(&pts)
    };
    let vx = |k: usize| (0..n).map(|b| v[i0 + k][j0 + b]).sum::<f32>() / n as f32;
    let hy = |k: usize| (0..n).map(|b| hz[j0 + k][i0 + b]).sum::<f32>() / n as f32;
    let (lx, px) = fit(&xs[i0..], &|k| vx(k) >= opts.segment_ok)?;
    let (ly, py) = fit(&ys[j0..], &|k| hy(k) >= opts.segment_ok)?;
    Some((lx, ly, px, py, n, mean))
}

/// The best coverage among `(position, coverage)` samples and the centre of the positions that
/// reach it to within `tol` (a line several pixels wide gives a plateau; its middle is the line's centre).
fn plateau_centre(cs: &[(f32, f32)], tol: f32) -> (f32, f32) {
    let max = cs.iter().map(|c| c.1).fold(0.0f32, f32::max);
    let (mut sum, mut k) = (0.0, 0.0);
    for &(p, c) in cs {
        if c >= max - tol {
            sum += p;
            k += 1.0;
        }
    }
    if k == 0.0 {
        return (0.0, cs.first().map_or(0.0, |c| c.0));
    }
    (max, sum / k)
}

/// Least-squares line `v = o + k * q` through `(k, v)` points: `(o, q)`.
fn least_squares(pts: &[(f32, f32)]) -> Option<(f32, f32)> {
    if pts.len() < 2 {
        return None;
    }
    let m = pts.len() as f32;
    let si: f32 = pts.iter().map(|p| p.0).sum();
    let sx: f32 = pts.iter().map(|p| p.1).sum();
    let sii: f32 = pts.iter().map(|p| p.0 * p.0).sum();
    let six: f32 = pts.iter().map(|p| p.0 * p.1).sum();
    let den = m * sii - si * si;
    if den.abs() < 1e-6 {
        return None;
    }
    let q = (m * six - si * sx) / den;
    Some(((sx - q * si) / m, q))
}
