//! Stage 2b (Tango locator): lattice proposals from families of parallel lines, verified and
//! refined against the ridge masks (coverage of every lattice line, least-squares fits). The
//! board's extent on the fitted lattice is found by [`super::block`].

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
        if seen_extents.len() >= opts.max_families {
            break;
        }
        seen_extents.push((a.start, a.end));
        // The family (the input is bounded by `max_lines`, the anchors by `max_family`).
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
        for &n in &opts.sizes {
            if n < 2 {
                continue;
            }
            let p = ext / n as f32;
            if p < opts.min_pitch {
                continue;
            }
            let ptol = opts.pos_tol_frac * p;
            // Try every member as interior line k and count matched interior indices.
            let mut best: Option<(usize, f32)> = None;
            for m in fam.iter().take(opts.max_family) {
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
                for m in fam.iter().take(opts.max_family) {
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

/// Proposals from lines that share one end (their start, or their end) and stand at equal
/// spacing: the pitch is their spacing, not their common extent over `n`. The locator's second
/// try ([`super::locate::survey_at`]), for boards whose grid lines stop short of the far border
/// at different places (a faint line fades into a row of grey givens, more so in a small
/// capture), so that no family shares both ends. Same tuple as [`proposals_from`]; lines
/// closer than `spacing_merge` of the smallest pitch are one line (a line 2-3 px wide is seen
/// at both of its ridge reaches).
pub(super) fn spacing_proposals(
    lines: &[Line],
    opts: &TangoLocateOptions,
) -> Vec<(f32, f32, f32, usize, usize)> {
    let Some(merge) = opts.spacing_merge.map(|m| m * opts.min_pitch) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut order: Vec<usize> = (0..lines.len()).collect();
    order.sort_by(|&a, &b| lines[b].len().total_cmp(&lines[a].len()));
    for by_start in [true, false] {
        let key = |l: &Line| if by_start { l.start } else { l.end };
        let mut seen: Vec<f32> = Vec::new();
        for &ia in &order {
            let a = lines[ia];
            let tol = (opts.extent_tol_frac * a.len()).max(3.0);
            if seen.iter().any(|&k| (k - key(&a)).abs() <= tol) {
                continue;
            }
            if seen.len() >= opts.max_families {
                break;
            }
            seen.push(key(&a));
            let fam: Vec<Line> = lines
                .iter()
                .copied()
                .filter(|l| (key(l) - key(&a)).abs() <= tol)
                .collect();
            // The members' positions, lines within `merge` of each other as one.
            let mut pos: Vec<f32> = fam.iter().map(|l| l.pos).collect();
            pos.sort_by(f32::total_cmp);
            let mut clusters: Vec<Vec<f32>> = Vec::new();
            for x in pos {
                match clusters.last_mut() {
                    Some(c) if x - c[c.len() - 1] <= merge => c.push(x),
                    _ => clusters.push(vec![x]),
                }
            }
            let centres: Vec<f32> = clusters
                .iter()
                .map(|c| c.iter().sum::<f32>() / c.len() as f32)
                .collect();
            let along = {
                let mut v: Vec<f32> = fam.iter().map(key).collect();
                v.sort_by(f32::total_cmp);
                v[v.len() / 2]
            };
            for (first, run, p) in equal_runs(&centres, opts) {
                for &n in &opts.sizes {
                    if n < 2
                        || run > n + 1
                        || (run as f32) < opts.min_family_support * (n - 1) as f32
                    {
                        continue;
                    }
                    let top = if by_start {
                        along
                    } else {
                        along - n as f32 * p
                    };
                    for k in 0..=(n + 1 - run) {
                        out.push((first - k as f32 * p, top, p, n, run.min(n - 1)));
                    }
                }
            }
        }
    }
    out
}

/// The maximal runs of at least 3 positions (sorted) at equal spacing (each gap within
/// `pos_tol_frac` of the run's first gap, and at least `min_pitch`): `(first position, number of
/// positions, mean gap)`.
fn equal_runs(xs: &[f32], opts: &TangoLocateOptions) -> Vec<(f32, usize, f32)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i + 2 < xs.len() {
        let g0 = xs[i + 1] - xs[i];
        if g0 < opts.min_pitch {
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j + 1 < xs.len() && ((xs[j + 1] - xs[j]) - g0).abs() <= opts.pos_tol_frac * g0 {
            j += 1;
        }
        let run = j - i + 1;
        if run >= 3 {
            out.push((xs[i], run, (xs[j] - xs[i]) / (run - 1) as f32));
        }
        i = j.max(i + 1);
    }
    out
}

/// Fraction of positions along a line (within +-1 px across) that are ridge pixels.
pub(super) fn coverage(r: &Ridges, vertical: bool, pos: f32, a: f32, b: f32) -> f32 {
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

/// The best coverage among `(position, coverage)` samples and the centre of the positions that
/// reach it to within `tol` (a line several pixels wide gives a plateau; its middle is the line's centre).
pub(super) fn plateau_centre(cs: &[(f32, f32)], tol: f32) -> (f32, f32) {
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
pub(super) fn least_squares(pts: &[(f32, f32)]) -> Option<(f32, f32)> {
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
