//! Stage 3b (Tango reader): the marker on each shared edge (`=`, `x` or none).

use super::{CellRead, EdgeRead, TangoReadOptions};
use crate::board::{Grid, Theme};
use crate::puzzle::{Edge, Marker};
use crate::vision::pixel::{bilinear, chroma, luma, on_segment};
use image::RgbImage;

/// Reads the marker on one edge.
pub(super) fn read_edge(
    img: &RgbImage,
    grid: &Grid,
    theme: Theme,
    cells: &[CellRead],
    edge: Edge,
    opts: &TangoReadOptions,
) -> EdgeRead {
    let (a, b) = edge.cells();
    let ia = a.index(grid.cols);
    let ib = b.index(grid.cols);
    let bg = (luma(cells[ia].bg) + luma(cells[ib].bg)) / 2.0;
    let (ex, ey) = grid.edge_center(edge);
    let rad = opts.marker_radius * grid.cell_w.min(grid.cell_h);
    let n = opts.marker_samples.max(5);
    let step = 2.0 * rad / (n - 1) as f32;
    // Contrast towards the glyph colour (darker in light mode, lighter in dark mode). Marker
    // ink is near-neutral: strongly coloured pixels (the red stripes LinkedIn draws over cells
    // that break a rule, a click ring) and their close neighbours (JPEG fringes) are not ink.
    let mut d = vec![0.0f32; n * n];
    let mut coloured = vec![false; n * n];
    let mut chromas = vec![0.0f32; n * n];
    let mut pixels = vec![[0.0f32; 3]; n * n];
    for j in 0..n {
        for i in 0..n {
            let px = bilinear(img, ex - rad + i as f32 * step, ey - rad + j as f32 * step);
            pixels[j * n + i] = px;
            chromas[j * n + i] = chroma(px);
            let l = luma(px);
            d[j * n + i] = match theme {
                Theme::Light => bg - l,
                Theme::Dark => l - bg,
            };
        }
    }
    let high: Vec<bool> = chromas
        .iter()
        .map(|&c| c > opts.marker_max_chroma)
        .collect();
    for j in 0..n {
        for i in 0..n {
            if !high[j * n + i] {
                continue;
            }
            let support = (j.saturating_sub(1)..(j + 2).min(n))
                .flat_map(|b| (i.saturating_sub(1)..(i + 2).min(n)).map(move |a| (a, b)))
                .filter(|&(a, b)| (a, b) != (i, j) && high[b * n + a])
                .count();
            coloured[j * n + i] = support >= opts.marker_colour_support;
        }
    }
    let mut zeroed = vec![false; n * n];
    let any_coloured = coloured.contains(&true);
    if any_coloured {
        let reach = opts.marker_colour_reach as i64;
        for j in 0..n as i64 {
            for i in 0..n as i64 {
                let near = (-reach..=reach).any(|dj| {
                    (-reach..=reach).any(|di| {
                        let (a, b) = (i + di, j + dj);
                        a >= 0
                            && b >= 0
                            && a < n as i64
                            && b < n as i64
                            && coloured[(b * n as i64 + a) as usize]
                    })
                });
                if near {
                    d[(j * n as i64 + i) as usize] = 0.0;
                    zeroed[(j * n as i64 + i) as usize] = true;
                }
            }
        }
    }
    // A masked sample whose colour is a striped neighbour's stripes over its background (or
    // that background) hides nothing: LinkedIn draws its stripes under the glyphs.
    let plain: Vec<([f32; 3], [f32; 3])> = [ia, ib]
        .iter()
        .map(|&i| &cells[i])
        .filter(|c| c.striped(opts))
        .filter_map(|c| c.overlay_colour.map(|o| (c.bg, o)))
        .collect();
    let explained = |k: usize| {
        plain
            .iter()
            .any(|&(bg, o)| on_segment(pixels[k], bg, o).0 <= opts.overlay_colour_reach)
    };
    let (masked, veiled) = {
        let (lo, hi) = (n / 4, n - n / 4);
        let central = || (lo..hi).flat_map(|j| (lo..hi).map(move |i| j * n + i));
        let area = ((hi - lo) * (hi - lo)) as f32;
        let count = central().filter(|&k| zeroed[k]).count();
        let hidden = central().filter(|&k| zeroed[k] && !explained(k)).count();
        (count as f32 / area, hidden as f32 / area)
    };
    let contrast = d.iter().copied().fold(0.0, f32::max);
    let none = |conf: f32| EdgeRead {
        edge,
        masked,
        veiled,
        tinted: 0.0,
        contrast,
        ink_chroma: 0.0,
        aspect: 0.0,
        stroke_ratio: 0.0,
        extent: 0.0,
        ink_frac: 0.0,
        off_centre: 0.0,
        mid_peak: 0.0,
        glyph_px: 0.0,
        glyph_patch: [0.0; 25],
        small_patch: [0.0; 25],
        glyph_p: None,
        shape_fit: None,
        leaned: false,
        seen_whole: false,
        intruder: false,
        marker: None,
        conf,
        unlifted: conf,
    };
    if contrast < opts.marker_min_contrast {
        // Confident "none" well below the threshold, 0.5 at it.
        let conf = (0.5 + (opts.marker_min_contrast - contrast) / opts.marker_min_contrast)
            .clamp(0.0, 1.0);
        return none(conf);
    }
    // Glyph pixels: components above the level that do not reach the patch border (a pointer
    // or stripes reaching into the patch are dropped). When dropping them leaves nothing, the
    // level is recomputed from the remaining pixels once.
    let mut masked = vec![false; n * n];
    let mut contrast_g = contrast;
    let mut glyph = Vec::new();
    let mut intruder = false;
    // Whether everything dropped lies on the grid line along the edge (within
    // `marker_line_band` samples of the patch's middle line: a bright dark-mode line near the
    // contrast threshold) or is a striped neighbour's plain stripes: nothing foreign.
    // On a small board a sample is a fraction of a pixel: the band is at least
    // `marker_line_band_px` pixels, the lattice's placement error there.
    let band = (opts.marker_line_band as i64).max((opts.marker_line_band_px / step).ceil() as i64);
    let mid = (n / 2) as i64;
    let on_line = |k: usize| match edge {
        Edge::Right(_) => ((k % n) as i64 - mid).abs() <= band,
        Edge::Down(_) => ((k / n) as i64 - mid).abs() <= band,
    };
    let mut only_line = true;
    let min_extent = (opts.marker_min_extent * n as f32).floor() as usize;
    let speck = |glyph: &[usize]| {
        let span = |f: &dyn Fn(usize) -> usize| {
            let (lo, hi) = glyph
                .iter()
                .fold((n, 0), |(lo, hi), &k| (lo.min(f(k)), hi.max(f(k))));
            hi + 1 - lo
        };
        span(&|k| k % n).max(span(&|k| k / n)) < min_extent.max(2)
    };
    for _ in 0..2 {
        let level = opts.marker_level * contrast_g;
        let (kept, dropped) = components(&d, n, level, &masked);
        let line_only = dropped.iter().all(|&k| on_line(k) || explained(k));
        only_line &= line_only;
        glyph = kept;
        if !glyph.is_empty() && touches(&glyph, &dropped, n, opts.marker_touch_reach) {
            // Something reaching in from outside the patch (a pointer's outline) comes up to
            // the glyph: its shape may be part of what was read.
            intruder = true;
        }
        // A speck kept beside something dropped that is not the grid line may be the top of
        // a faint glyph above a level the intruder's contrast set (a pointer's tip over a
        // small `=`): look again without the intruder, as when nothing was kept.
        let speck_beside =
            opts.marker_speck_relevel && !glyph.is_empty() && speck(&glyph) && !line_only;
        if (!glyph.is_empty() && !speck_beside) || dropped.is_empty() {
            break;
        }
        // Mask the intruder and its fringe, then look again at what remains.
        intruder = true;
        for k in dropped {
            let (i, j) = ((k % n) as i64, (k / n) as i64);
            for dj in -1..=1i64 {
                for di in -1..=1i64 {
                    let (a, b) = (i + di, j + dj);
                    if a >= 0 && b >= 0 && a < n as i64 && b < n as i64 {
                        masked[(b * n as i64 + a) as usize] = true;
                    }
                }
            }
        }
        contrast_g = d
            .iter()
            .zip(&masked)
            .filter(|&(_, &m)| !m)
            .map(|(&v, _)| v)
            .fold(0.0, f32::max);
        if contrast_g < opts.marker_min_contrast {
            break;
        }
    }
    if glyph.is_empty() && only_line {
        // Only the grid line or plain stripes crossed the patch: no marker, as sure as the
        // contrast left says.
        let conf = (0.5 + (opts.marker_min_contrast - contrast_g) / opts.marker_min_contrast)
            .clamp(0.0, 1.0);
        return none(conf);
    }
    if glyph.is_empty() {
        // Only something reaching across the patch border (a pointer): cannot tell.
        return EdgeRead {
            intruder,
            ..none(0.0)
        };
    }
    let contrast = glyph.iter().map(|&k| d[k]).fold(0.0, f32::max);
    let ink_chroma = glyph
        .iter()
        .max_by(|&&a, &&b| d[a].total_cmp(&d[b]))
        .map_or(0.0, |&k| chromas[k]);
    // Glyph measurements for the learned models (crate::models), whatever the rule decides.
    let ink_frac = glyph.len() as f32 / (n * n) as f32;
    let tinted = glyph
        .iter()
        .filter(|&&k| chromas[k] > opts.locate.neutral_chroma)
        .count() as f32
        / glyph.len().max(1) as f32;
    let glyph_none = |conf: f32| EdgeRead {
        contrast,
        ink_chroma,
        ink_frac,
        tinted,
        intruder,
        ..none(conf)
    };
    if contrast < opts.marker_min_contrast {
        return glyph_none(0.5);
    }
    let (mut x0, mut x1, mut y0, mut y1) = (n, 0, n, 0);
    for &k in &glyph {
        let (i, j) = (k % n, k / n);
        x0 = x0.min(i);
        x1 = x1.max(i);
        y0 = y0.min(j);
        y1 = y1.max(j);
    }
    let width = x1 + 1 - x0;
    let height = y1 + 1 - y0;
    let extent = width.max(height) as f32 / n as f32;
    let aspect = width as f32 / height as f32;
    let glyph_none = |conf: f32| EdgeRead {
        extent,
        aspect,
        ..glyph_none(conf)
    };
    let max_extent = (opts.marker_max_extent * n as f32).ceil() as usize;
    if width > max_extent || height > max_extent {
        return glyph_none(0.0);
    }
    if aspect > opts.marker_max_aspect || aspect * opts.marker_max_aspect < 1.0 {
        // A long thin stroke (the arc of a click ring, an underline) is no marker glyph.
        return glyph_none(0.0);
    }
    if width.max(height) < min_extent.max(2) {
        // A speck, not a glyph; dark enough for one, it may be a marker worn down to a few
        // pixels (see `TangoReadOptions::marker_speck_doubted`).
        let conf = if opts.marker_speck_doubted {
            opts.marker_intruder_conf
        } else {
            0.5
        };
        return glyph_none(conf);
    }
    // Shape: `=` has ink at the middle of its top and bottom strokes and none at its centre;
    // `x` the other way round.
    let cxs = (x0 + x1) as f32 / 2.0;
    let cys = (y0 + y1) as f32 / 2.0;
    let val = |i: f32, j: f32| -> f32 {
        // Largest contrast among the (up to 2x2) samples nearest to a half-integer position.
        let mut m = 0.0f32;
        for ii in [i.floor() as usize, i.ceil() as usize] {
            for jj in [j.floor() as usize, j.ceil() as usize] {
                m = m.max(d[jj.min(n - 1) * n + ii.min(n - 1)]);
            }
        }
        m / contrast
    };
    let top = val(cxs, y0 as f32).max(val(cxs, (y0 + 1).min(y1) as f32));
    let bottom = val(cxs, y1 as f32).max(val(cxs, y1.saturating_sub(1).max(y0) as f32));
    let centre = val(cxs, cys);
    let shape = (top + bottom) / 2.0 - centre;
    // A glyph sits centred on the edge; ink reaching the patch border is something else.
    let off_centre = ((cxs - (n - 1) as f32 / 2.0).abs()).max((cys - (n - 1) as f32 / 2.0).abs())
        / ((n - 1) as f32 / 2.0);
    if off_centre > opts.marker_max_offset {
        return EdgeRead {
            stroke_ratio: shape,
            off_centre,
            ..glyph_none(0.0)
        };
    }
    // The glyph's box in image pixels, centred on the box of the patch samples.
    let gcx = ex - rad + cxs * step;
    let gcy = ey - rad + cys * step;
    let (hw, hh) = (width as f32 * step / 2.0, height as f32 * step / 2.0);
    let ink_at = |x: f32, y: f32| {
        let l = luma(bilinear(img, x, y));
        match theme {
            Theme::Light => bg - l,
            Theme::Dark => l - bg,
        }
    };
    let small_patch = {
        let (mut w, mut sx, mut sy) = (0.0f32, 0.0f32, 0.0f32);
        for &k in &glyph {
            w += d[k];
            sx += d[k] * (k % n) as f32;
            sy += d[k] * (k / n) as f32;
        }
        let w = w.max(1e-3);
        let centre = (ex - rad + sx / w * step, ey - rad + sy / w * step);
        let half = opts.marker_small_half * grid.cell_w.min(grid.cell_h);
        glyph_patch(&ink_at, centre, half, contrast)
    };
    let glyph_patch = glyph_patch(&ink_at, (gcx, gcy), 1.5 * hw.max(hh), contrast);
    let mid_peak = {
        let ink = |x: f32| {
            // Mean contrast over the middle rows (a quarter of the glyph's height).
            let band = (hh / 4.0).max(0.5);
            let k = 5;
            (0..k)
                .map(|t| ink_at(x, gcy - band + 2.0 * band * t as f32 / (k - 1) as f32))
                .sum::<f32>()
                / k as f32
        };
        let side = (ink(gcx - hw * 2.0 / 3.0) + ink(gcx + hw * 2.0 / 3.0)) / 2.0;
        (ink(gcx) - side) / contrast.max(1.0)
    };
    let eq = shape >= opts.marker_shape_split;
    let margin = (shape - opts.marker_shape_split).abs() / 0.5;
    // The middle row's peak, a view that blur and down-scaling spare better than the box: on
    // a glyph large enough to show it, it makes a read surer when it agrees and less sure
    // when it favours the other kind.
    let [x_lo, x_hi, eq_lo, eq_hi] = opts.marker_mid_peak;
    let as_x = ((mid_peak - x_lo) / (x_hi - x_lo).max(1e-3)).clamp(0.0, 1.0);
    let as_eq = ((eq_lo - mid_peak) / (eq_lo - eq_hi).max(1e-3)).clamp(0.0, 1.0);
    let (agree, against) = if eq { (as_eq, as_x) } else { (as_x, as_eq) };
    let glyph_px = width.max(height) as f32 * step;
    let margin = if glyph_px >= opts.marker_mid_peak_min_px {
        margin.max(agree).min(1.0 - against)
    } else {
        margin
    };
    // The learned glyph model, a view of the whole glyph at the image's resolution: it makes
    // a read sure when it is sure of the same kind, and doubted when it is sure of the other.
    // Only a glyph seen whole lifts a read: no overlay over either cell, nothing coloured
    // (stripes, a ring) masked in the patch, nothing reaching in from its border (the model
    // was not trained on those).
    let clean = !any_coloured && !intruder && !cells[ia].striped(opts) && !cells[ib].striped(opts);
    // The learned view for the glyph's size: `[sure, lift, cap]` and its probabilities.
    let view = match (opts.marker_glyph_model, crate::models::tango_glyph()) {
        (Some(t), Some(m)) if glyph_px >= opts.marker_glyph_min_px => {
            let x = crate::models::features::glyph_features(&glyph_patch, glyph_px, aspect);
            Some((t, m.predict(&x)))
        }
        _ => match (
            opts.marker_glyph_small_model,
            crate::models::tango_glyph_small(),
        ) {
            (Some(t), Some(m))
                if glyph_px >= opts.marker_small_px[0] && glyph_px < opts.marker_small_px[1] =>
            {
                let cell = grid.cell_w.min(grid.cell_h);
                let x = crate::models::features::glyph_small_features(
                    &small_patch,
                    cell,
                    glyph_px,
                    aspect,
                );
                Some((t, m.predict(&x)))
            }
            _ => None,
        },
    };
    let read = usize::from(!eq);
    let glyph_p = view.as_ref().map(|(_, p)| p[read]);
    let small_view = glyph_px >= opts.marker_small_px[0] && glyph_px < opts.marker_small_px[1];
    let capped = match &view {
        Some(([sure, _, cap], p)) if p[1 - read] >= *sure => margin.min(*cap),
        // A weak read the small-glyph view contradicts (it favours the other kind): a guess.
        Some((_, p)) if small_view && p[1 - read] > 0.5 && margin < opts.weak_below => {
            match opts.marker_small_against {
                Some(against) => margin.min(against),
                None => margin,
            }
        }
        _ => margin,
    };
    let lifted = match view {
        Some(([sure, lift, _], p)) if p[read] >= sure && clean => margin.max(lift),
        _ => capped,
    };
    let contrast_conf = contrast_conf(contrast, opts);
    // A glyph read next to an intruder (pointer) is a guess.
    let intruder_cap = if intruder {
        opts.marker_intruder_conf
    } else {
        1.0
    };
    let finish = |margin: f32| {
        let conf = margin.min(1.0).min(contrast_conf).min(intruder_cap);
        // A tiny glyph's kind is sure only well clear of the split.
        match opts.marker_small_sure {
            Some([px, sure, cap]) if glyph_px < px && conf < sure => conf.min(cap),
            // Neither the stroke shape nor the learned view is sure of it.
            Some([px, _, cap])
                if glyph_px < px
                    && conf < opts.weak_below
                    && opts
                        .marker_small_unconfirmed
                        .is_some_and(|bound| glyph_p.is_some_and(|p| p < bound)) =>
            {
                conf.min(cap)
            }
            _ => conf,
        }
    };
    let (conf, unlifted) = (finish(lifted), finish(capped));
    let marker = if eq { Marker::Same } else { Marker::Opposite };
    EdgeRead {
        stroke_ratio: shape,
        off_centre,
        mid_peak,
        glyph_px,
        glyph_patch,
        small_patch,
        glyph_p,
        seen_whole: clean,
        marker: Some(marker),
        conf,
        unlifted,
        ..glyph_none(0.0)
    }
}

/// The most a glyph of this contrast can be trusted: 0 at `marker_min_contrast`, 1 from
/// half as much again.
fn contrast_conf(contrast: f32, opts: &TangoReadOptions) -> f32 {
    ((contrast - opts.marker_min_contrast) / (0.5 * opts.marker_min_contrast)).clamp(0.0, 1.0)
}

/// Settles doubted small glyphs by LinkedIn's shapes (see
/// [`TangoReadOptions::marker_shape_view`]): a doubted read whose fitted shape is clear and
/// which the glyph model also gives becomes that kind, sure. Nothing changes on a board where
/// the shapes contradict the glyph model on a glyph it is sure of
/// ([`TangoReadOptions::marker_shape_veto`]): its glyphs are not the shapes'. Only boards with
/// a glyph to settle pay for fitting the others.
pub(super) fn settle_by_shapes(
    img: &RgbImage,
    grid: &Grid,
    theme: Theme,
    edges: &mut [EdgeRead],
    opts: &TangoReadOptions,
) {
    let (Some([sure, agree, lift]), Some(shapes), Some([small_px, ..])) = (
        opts.marker_shape_view,
        crate::models::tango_glyph_shapes(),
        opts.marker_small_sure,
    ) else {
        return;
    };
    // A small glyph seen whole, with the glyph model's probability of its read.
    let fits = |r: &EdgeRead| {
        r.marker.is_some() && r.glyph_px < small_px && r.seen_whole && r.glyph_p.is_some()
    };
    // The glyph model's probability of `kind` on a glyph read as `read`.
    let model = |r: &EdgeRead, kind: Marker| {
        let p = r.glyph_p.unwrap_or(0.5);
        if Some(kind) == r.marker { p } else { 1.0 - p }
    };
    let scaled = shapes.at_cell(grid.cell_w.min(grid.cell_h));
    let fit = |r: &EdgeRead| {
        scaled
            .fit(
                img,
                grid,
                r.edge,
                theme,
                opts.marker_shape_half,
                opts.marker_shape_reach,
            )
            .map(|f| f.best())
    };
    // Settled: sure of the kind; leaning: read as the kind both views favour, still doubted.
    let mut settle = Vec::new();
    let mut lean = Vec::new();
    for (i, r) in edges.iter_mut().enumerate() {
        if fits(r) && r.conf < opts.doubt_below {
            r.shape_fit = fit(r);
            if let Some((kind, q)) = r.shape_fit {
                if q >= sure && model(r, kind) >= agree {
                    settle.push((i, kind));
                } else if let Some([lean_q, lean_p]) = opts.marker_shape_lean
                    && Some(kind) != r.marker
                    && q >= lean_q
                    && model(r, kind) >= lean_p
                {
                    lean.push((i, kind));
                }
            }
        }
    }
    if settle.is_empty() && lean.is_empty() {
        return;
    }
    if let Some([ratio, rejects]) = opts.marker_shape_veto {
        for r in edges.iter_mut() {
            if !fits(r) || r.glyph_p.is_none_or(|p| p < rejects) {
                continue;
            }
            // A glyph the model is sure of: the shapes must not favour the other kind.
            r.shape_fit = r.shape_fit.or_else(|| fit(r));
            if r.shape_fit
                .is_some_and(|(kind, q)| Some(kind) != r.marker && q >= ratio)
            {
                return;
            }
        }
    }
    for (i, kind) in settle {
        let r = &mut edges[i];
        r.marker = Some(kind);
        r.conf = r.conf.max(lift.min(contrast_conf(r.contrast, opts)));
    }
    for (i, kind) in lean {
        let r = &mut edges[i];
        // The glyph model's probability follows the read.
        r.glyph_p = r.glyph_p.map(|p| 1.0 - p);
        r.marker = Some(kind);
        r.leaned = true;
    }
}

/// Lifts doubted marker reads that the board's own two kinds of glyph confirm (see
/// [`TangoReadOptions::marker_board_split`]). Every clean glyph counts (nothing coloured
/// masked, no intruder, no overlay on either cell); one is lifted only when the glyph model
/// (where it looked) does not favour the other kind.
pub(super) fn confirm_by_board(
    edges: &mut [EdgeRead],
    cells: &[CellRead],
    grid: &Grid,
    opts: &TangoReadOptions,
) {
    let Some([min_each, min_gap, lift]) = opts.marker_board_split else {
        return;
    };
    let clean = |r: &EdgeRead| {
        let (a, b) = r.edge.cells();
        let quiet = |p: crate::puzzle::Pos| {
            let c = &cells[p.index(grid.cols)];
            !c.striped(opts) && !c.lit
        };
        r.marker.is_some()
            && !r.leaned
            && r.glyph_px > 0.0
            && !r.intruder
            && r.masked == 0.0
            && r.contrast >= opts.marker_min_contrast
            && quiet(a)
            && quiet(b)
    };
    let peaks = |kind: Marker| -> Vec<f32> {
        edges
            .iter()
            .filter(|r| clean(r) && r.marker == Some(kind))
            .map(|r| r.mid_peak)
            .collect()
    };
    let (xs, eqs) = (peaks(Marker::Opposite), peaks(Marker::Same));
    if (xs.len() as f32) < min_each || (eqs.len() as f32) < min_each {
        return;
    }
    let lo = |v: &[f32]| v.iter().copied().fold(f32::INFINITY, f32::min);
    let hi = |v: &[f32]| v.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let gap = lo(&xs) - hi(&eqs);
    let spread = (hi(&xs) - lo(&xs)).max(hi(&eqs) - lo(&eqs));
    if gap < min_gap || gap < spread {
        return;
    }
    for r in edges.iter_mut() {
        if clean(r) && r.glyph_p.is_none_or(|p| p >= 0.5) && r.conf < lift {
            r.conf = lift;
        }
    }
}

/// The median of `value` over the glyphs `counted` (a glyph seen: a marker read and a box
/// measured), when there are at least three of them: the odd one and two others.
fn glyph_median(
    edges: &[EdgeRead],
    counted: impl Fn(&EdgeRead) -> bool,
    value: impl Fn(&EdgeRead) -> f32,
) -> Option<f32> {
    let mut v: Vec<f32> = edges
        .iter()
        .filter(|r| r.marker.is_some() && r.glyph_px > 0.0 && counted(r))
        .map(value)
        .collect();
    if v.len() < 3 {
        return None;
    }
    v.sort_by(f32::total_cmp);
    Some(v[v.len() / 2])
}

/// Doubts glyphs much more tinted than the board's others (see
/// [`TangoReadOptions::marker_odd_tint`]).
pub(super) fn doubt_tinted(edges: &mut [EdgeRead], opts: &TangoReadOptions) {
    let Some(excess) = opts.marker_odd_tint else {
        return;
    };
    let Some(median) = glyph_median(edges, |_| true, |r| r.tinted) else {
        return;
    };
    let contrast = glyph_median(edges, |_| true, |r| r.contrast).unwrap_or(f32::MAX);
    for r in edges.iter_mut() {
        if r.marker.is_some() && r.glyph_px > 0.0 && r.tinted > median + excess {
            r.conf = r.conf.min(r.unlifted);
        }
        // Much less tinted than the board's tinted ink, and darker: not LinkedIn's ink at all
        // (a black and white hand pointer over an `x`, read `=` surely: pointer-hand 1700376).
        if opts.marker_untinted_doubted
            && r.marker.is_some()
            && r.glyph_px > 0.0
            && r.tinted < median - excess
            && r.contrast > opts.marker_untinted_contrast * contrast
        {
            r.conf = r.conf.min(opts.marker_intruder_conf);
        }
    }
}

/// Doubts glyphs of much more contrast than the board's others (see
/// [`TangoReadOptions::marker_odd_contrast`]).
pub(super) fn doubt_contrasty(edges: &mut [EdgeRead], opts: &TangoReadOptions) {
    let Some(ratio) = opts.marker_odd_contrast else {
        return;
    };
    let Some(median) = glyph_median(edges, |_| true, |r| r.contrast) else {
        return;
    };
    for r in edges.iter_mut() {
        if r.marker.is_some() && r.glyph_px > 0.0 && r.contrast > ratio * median {
            r.conf = r.conf.min(opts.marker_intruder_conf);
        }
    }
}

/// Doubts edges read "no marker" whose contrast, under the glyph threshold, stands out of
/// the board's edges (see [`TangoReadOptions::marker_faint_standout`]).
pub(super) fn doubt_faint_standouts(edges: &mut [EdgeRead], opts: &TangoReadOptions) {
    let Some([ratio, floor]) = opts.marker_faint_standout else {
        return;
    };
    let mut all: Vec<f32> = edges.iter().map(|r| r.contrast).collect();
    if all.len() < 3 {
        return;
    }
    all.sort_by(f32::total_cmp);
    let median = all[all.len() / 2];
    for r in edges.iter_mut() {
        if r.marker.is_none()
            && r.contrast < opts.marker_min_contrast
            && r.contrast >= floor * opts.marker_min_contrast
            && r.contrast >= ratio * median
        {
            r.conf = r.conf.min(opts.marker_intruder_conf);
        }
    }
}

/// Doubts small glyphs read `=` that are smaller than the board's other `=` and show ink at
/// their centre (see [`TangoReadOptions::marker_eq_with_x_signs`]).
pub(super) fn doubt_eq_with_x_signs(edges: &mut [EdgeRead], opts: &TangoReadOptions) {
    let Some([peak, ratio, cap]) = opts.marker_eq_with_x_signs else {
        return;
    };
    let eq = |r: &EdgeRead| r.marker == Some(Marker::Same) && r.glyph_px > 0.0;
    let sure: Vec<(Edge, f32)> = edges
        .iter()
        .filter(|r| eq(r) && r.conf >= opts.weak_below)
        .map(|r| (r.edge, r.glyph_px))
        .collect();
    for r in edges.iter_mut() {
        if !eq(r) || r.glyph_px >= opts.marker_mid_peak_min_px || r.mid_peak < peak {
            continue;
        }
        let mut others: Vec<f32> = sure
            .iter()
            .filter(|(e, _)| *e != r.edge)
            .map(|&(_, px)| px)
            .collect();
        if others.len() < 2 {
            continue;
        }
        others.sort_by(f32::total_cmp);
        if r.glyph_px <= ratio * others[others.len() / 2] {
            r.conf = r.conf.min(cap);
        }
    }
}

/// Doubts glyphs much larger than the board's others (see
/// [`TangoReadOptions::marker_odd_size`]) or than LinkedIn draws any marker
/// ([`TangoReadOptions::marker_max_size`]).
pub(super) fn doubt_oversized(edges: &mut [EdgeRead], grid: &Grid, opts: &TangoReadOptions) {
    if let Some([share, px]) = opts.marker_max_size {
        let most = share * grid.cell_w.min(grid.cell_h) + px;
        for r in edges.iter_mut() {
            if r.marker.is_some() && r.glyph_px > most {
                r.conf = r.conf.min(opts.marker_intruder_conf);
            }
        }
    }
    let Some(ratio) = opts.marker_odd_size else {
        return;
    };
    let medians = kind_medians(edges, |r| r.glyph_px);
    for r in edges.iter_mut() {
        if of_kind(&medians, r).is_some_and(|m| r.glyph_px > ratio * m) {
            r.conf = r.conf.min(opts.marker_intruder_conf);
        }
    }
}

/// Per marker kind, a median over the glyphs read as it ([`kind_medians`]).
type KindMedians = [(Marker, Option<f32>); 2];

/// Per marker kind, the median of `value` over the glyphs read as it ([`glyph_median`]: at
/// least three, the odd one and two others).
fn kind_medians(edges: &[EdgeRead], value: impl Fn(&EdgeRead) -> f32 + Copy) -> KindMedians {
    [Marker::Same, Marker::Opposite]
        .map(|k| (k, glyph_median(edges, |r| r.marker == Some(k), value)))
}

/// The median of [`kind_medians`] for the kind `r` was read as.
fn of_kind(medians: &KindMedians, r: &EdgeRead) -> Option<f32> {
    medians
        .iter()
        .find(|(k, _)| r.marker == Some(*k))
        .and_then(|(_, m)| *m)
}

/// Doubts the glyphs whose box's aspect is not their kind's on the board (see
/// [`TangoReadOptions::marker_odd_aspect`]) or not LinkedIn's for the kind
/// ([`TangoReadOptions::marker_kind_aspect`]).
pub(super) fn doubt_odd_aspect(edges: &mut [EdgeRead], opts: &TangoReadOptions) {
    if let Some([min_px, eq_lo, eq_hi, x_lo, x_hi]) = opts.marker_kind_aspect {
        for r in edges.iter_mut() {
            let odd = match r.marker {
                Some(Marker::Same) => r.aspect < eq_lo || r.aspect > eq_hi,
                Some(Marker::Opposite) => r.aspect < x_lo || r.aspect > x_hi,
                None => false,
            };
            if odd && r.glyph_px >= min_px && r.aspect > 0.0 {
                r.conf = r.conf.min(opts.marker_intruder_conf);
            }
        }
    }
    // Narrower than its kind ever is, whatever the board's other glyphs.
    let narrow = [
        (Marker::Same, opts.marker_eq_min_aspect),
        (Marker::Opposite, opts.marker_x_min_aspect),
    ];
    for (kind, [min_px, lo]) in narrow
        .into_iter()
        .filter_map(|(k, bound)| bound.map(|b| (k, b)))
    {
        for r in edges.iter_mut() {
            if r.marker == Some(kind) && r.glyph_px >= min_px && r.aspect > 0.0 && r.aspect < lo {
                r.conf = r.conf.min(opts.marker_intruder_conf);
            }
        }
    }
    let Some([min_px, ratio]) = opts.marker_odd_aspect else {
        return;
    };
    let medians = kind_medians(edges, |r| r.aspect);
    for r in edges.iter_mut() {
        if r.glyph_px >= min_px
            && r.aspect > 0.0
            && of_kind(&medians, r).is_some_and(|m| r.aspect > ratio * m || r.aspect * ratio < m)
        {
            r.conf = r.conf.min(opts.marker_intruder_conf);
        }
    }
}

/// The glyph around `(cx, cy)` for the glyph model (see [`EdgeRead::glyph_patch`]): a square of
/// half side `half`, 9x9 cells each the mean of 3x3 `ink` samples (so thin strokes are not
/// missed between samples), over `contrast`, folded by the left-right and top-bottom mirrors.
fn glyph_patch(
    ink: &impl Fn(f32, f32) -> f32,
    (cx, cy): (f32, f32),
    half: f32,
    contrast: f32,
) -> [f32; 25] {
    const N: usize = 9;
    const SUB: usize = 3;
    let half = half.max(1.5);
    let cell = 2.0 * half / N as f32;
    let mut grid = [[0.0f32; N]; N];
    for (j, row) in grid.iter_mut().enumerate() {
        for (i, v) in row.iter_mut().enumerate() {
            let mut sum = 0.0;
            for sj in 0..SUB {
                for si in 0..SUB {
                    let x = cx - half + (i as f32 + (si as f32 + 0.5) / SUB as f32) * cell;
                    let y = cy - half + (j as f32 + (sj as f32 + 0.5) / SUB as f32) * cell;
                    sum += ink(x, y);
                }
            }
            *v = (sum / (SUB * SUB) as f32 / contrast.max(1.0)).clamp(-0.5, 1.5);
        }
    }
    let c = N / 2;
    let mut out = [0.0f32; 25];
    for b in 0..=c {
        for a in 0..=c {
            let v =
                grid[c + b][c + a] + grid[c + b][c - a] + grid[c - b][c + a] + grid[c - b][c - a];
            out[b * (c + 1) + a] = v / 4.0;
        }
    }
    out
}

/// Whether a sample of `a` lies within `reach` steps (Chebyshev) of one of `b`, on an `n x n`
/// patch.
fn touches(a: &[usize], b: &[usize], n: usize, reach: usize) -> bool {
    b.iter().any(|&q| {
        let (qi, qj) = (q % n, q / n);
        a.iter()
            .any(|&p| (p % n).abs_diff(qi) <= reach && (p / n).abs_diff(qj) <= reach)
    })
}

/// 4-connected components of `d >= level` (ignoring `masked`) on an `n x n` patch: the pixels
/// of components that stay inside the patch, and those of components reaching its border.
fn components(d: &[f32], n: usize, level: f32, masked: &[bool]) -> (Vec<usize>, Vec<usize>) {
    let mut seen = vec![false; n * n];
    let (mut kept, mut dropped) = (Vec::new(), Vec::new());
    for start in 0..n * n {
        if seen[start] || masked[start] || d[start] < level {
            continue;
        }
        let mut comp = vec![start];
        seen[start] = true;
        let mut k = 0;
        let mut border = false;
        while k < comp.len() {
            let c = comp[k];
            k += 1;
            let (i, j) = (c % n, c / n);
            if i == 0 || j == 0 || i == n - 1 || j == n - 1 {
                border = true;
            }
            let mut push = |q: usize| {
                if !seen[q] && !masked[q] && d[q] >= level {
                    seen[q] = true;
                    comp.push(q);
                }
            };
            if i > 0 {
                push(c - 1);
            }
            if i + 1 < n {
                push(c + 1);
            }
            if j > 0 {
                push(c - n);
            }
            if j + 1 < n {
                push(c + n);
            }
        }
        if border {
            dropped.extend(comp);
        } else {
            kept.extend(comp);
        }
    }
    (kept, dropped)
}

/// Doubts small glyphs read weakly that look like a doubted glyph of their kind (see
/// [`TangoReadOptions::marker_look_alike_px`]). A glyph's look is its stroke shape and its
/// middle row's peak; it is nearer a doubted glyph of its kind than the median of the glyphs
/// read surely as that kind (a kind with no glyph read surely has nothing to compare with:
/// its weak reads stay).
pub(super) fn doubt_look_alikes(edges: &mut [EdgeRead], opts: &TangoReadOptions) {
    let Some(max_px) = opts.marker_look_alike_px else {
        return;
    };
    let look = |r: &EdgeRead| (r.stroke_ratio, r.mid_peak);
    let dist = |a: (f32, f32), b: (f32, f32)| (a.0 - b.0).hypot(a.1 - b.1);
    let seen = |r: &EdgeRead| r.marker.is_some() && r.glyph_px > 0.0;
    let mut lowered: Vec<(usize, f32)> = Vec::new();
    for kind in [Marker::Same, Marker::Opposite] {
        let of_kind = |r: &&EdgeRead| seen(r) && r.marker == Some(kind);
        let doubted: Vec<&EdgeRead> = edges
            .iter()
            .filter(of_kind)
            .filter(|r| r.conf < opts.doubt_below)
            .collect();
        if doubted.is_empty() {
            continue;
        }
        let median = |v: &mut Vec<f32>| {
            v.sort_by(f32::total_cmp);
            v[v.len() / 2]
        };
        let sure: Vec<&EdgeRead> = edges
            .iter()
            .filter(of_kind)
            .filter(|r| r.conf >= opts.weak_below)
            .collect();
        if sure.is_empty() {
            continue;
        }
        let centre = (
            median(&mut sure.iter().map(|r| r.stroke_ratio).collect()),
            median(&mut sure.iter().map(|r| r.mid_peak).collect()),
        );
        for (i, r) in edges.iter().enumerate() {
            if !of_kind(&r)
                || r.glyph_px >= max_px
                || r.conf < opts.doubt_below
                || r.conf >= opts.weak_below
            {
                continue;
            }
            let nearest = doubted
                .iter()
                .map(|d| (dist(look(r), look(d)), d.conf))
                .min_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((d, conf)) = nearest
                && d < dist(look(r), centre)
            {
                lowered.push((i, conf));
            }
        }
    }
    for (i, conf) in lowered {
        edges[i].conf = edges[i].conf.min(conf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Pos;

    /// A glyph of `px` pixels read as `marker` with confidence `conf`, of the look
    /// (stroke shape, middle row's peak) given.
    fn glyph(col: usize, marker: Marker, conf: f32, px: f32, look: (f32, f32)) -> EdgeRead {
        EdgeRead {
            edge: Edge::Right(Pos::new(0, col)),
            contrast: 90.0,
            masked: 0.0,
            veiled: 0.0,
            tinted: 0.0,
            ink_chroma: 10.0,
            aspect: 1.2,
            stroke_ratio: look.0,
            extent: 0.3,
            ink_frac: 0.1,
            off_centre: 0.0,
            mid_peak: look.1,
            glyph_px: px,
            glyph_patch: [0.0; 25],
            small_patch: [0.0; 25],
            glyph_p: None,
            shape_fit: None,
            leaned: false,
            seen_whole: true,
            intruder: false,
            marker: Some(marker),
            conf,
            unlifted: conf,
        }
    }

    #[test]
    fn a_weak_small_glyph_that_looks_like_a_doubted_one_is_doubted() {
        let opts = TangoReadOptions::default();
        // scale-0.35x 3300329, rounded: sure `=` near (0.6, 0.0); a doubted `=` at
        // (0.08, 0.33); a weak one at (0.33, 0.27), nearer the doubted one.
        let board = |weak_look: (f32, f32), px: f32| {
            let mut e = vec![
                glyph(0, Marker::Same, 1.0, 4.2, (0.59, -0.03)),
                glyph(1, Marker::Same, 1.0, 3.8, (0.81, -0.05)),
                glyph(2, Marker::Same, 1.0, 3.8, (0.58, 0.07)),
                glyph(3, Marker::Same, 0.17, 3.8, (0.08, 0.33)),
                glyph(4, Marker::Same, 0.66, px, weak_look),
                glyph(5, Marker::Opposite, 0.8, 3.4, (-0.39, -0.08)),
            ];
            doubt_look_alikes(&mut e, &opts);
            e
        };
        let e = board((0.33, 0.27), 3.8);
        assert!(e[4].conf < opts.doubt_below, "{}", e[4].conf);
        // The sure ones and the other kind stay.
        assert_eq!(e[0].conf, 1.0);
        assert_eq!(e[5].conf, 0.8);
        // A weak glyph that looks like the sure ones, or a large one, stays weak.
        assert_eq!(board((0.55, 0.05), 3.8)[4].conf, 0.66);
        assert_eq!(board((0.33, 0.27), 6.0)[4].conf, 0.66);
        // Off: nothing changes.
        let mut e = board((0.33, 0.27), 3.8);
        e[4].conf = 0.66;
        let off = TangoReadOptions {
            marker_look_alike_px: None,
            ..TangoReadOptions::default()
        };
        doubt_look_alikes(&mut e, &off);
        assert_eq!(e[4].conf, 0.66);
    }

    #[test]
    fn a_small_eq_with_an_xs_centre_and_size_is_doubted() {
        let opts = TangoReadOptions::default();
        // scale-0.35x 6700327: a 3.4 px `x` read `=` (peak 0.21) beside two sure 4.2 px `=`.
        let board = |px: f32, peak: f32| {
            let mut e = vec![
                glyph(0, Marker::Same, 0.82, 4.2, (0.41, -0.15)),
                glyph(1, Marker::Same, 1.0, 4.2, (0.79, -0.02)),
                glyph(2, Marker::Same, 0.8, px, (0.26, peak)),
                glyph(3, Marker::Opposite, 1.0, 3.1, (-0.5, 0.3)),
            ];
            doubt_eq_with_x_signs(&mut e, &opts);
            e
        };
        let e = board(3.4, 0.21);
        assert!(e[2].conf < opts.doubt_below, "{}", e[2].conf);
        // The board's other glyphs, an `x` among them, stay.
        assert_eq!((e[0].conf, e[1].conf, e[3].conf), (0.82, 1.0, 1.0));
        // One sign alone is no reason: the size of the others, or a gap at the centre.
        assert_eq!(board(4.2, 0.21)[2].conf, 0.8);
        assert_eq!(board(3.4, 0.1)[2].conf, 0.8);
        // Off: nothing changes.
        let mut e = board(3.4, 0.21);
        e[2].conf = 0.8;
        let off = TangoReadOptions {
            marker_eq_with_x_signs: None,
            ..TangoReadOptions::default()
        };
        doubt_eq_with_x_signs(&mut e, &off);
        assert_eq!(e[2].conf, 0.8);
    }

    #[test]
    fn a_kind_with_no_sure_glyph_keeps_its_weak_reads() {
        let opts = TangoReadOptions::default();
        let mut e = vec![
            glyph(0, Marker::Opposite, 0.38, 1.9, (-0.19, 0.22)),
            glyph(1, Marker::Opposite, 0.79, 2.2, (-0.09, 0.28)),
            glyph(2, Marker::Same, 1.0, 3.3, (0.6, 0.0)),
        ];
        doubt_look_alikes(&mut e, &opts);
        assert_eq!(e[1].conf, 0.79);
    }

    #[test]
    fn a_glyph_narrower_than_its_kind_ever_is_doubted() {
        let opts = TangoReadOptions::default();
        let with_aspect = |col, marker, aspect| EdgeRead {
            aspect,
            ..glyph(col, marker, 1.0, 6.3, (0.0, 0.0))
        };
        // A card's letter read `x` (aspect 0.58), a real `x` and `=` of the same size, and a
        // narrow `x` too small for its box's aspect to say anything.
        let mut edges = vec![
            with_aspect(0, Marker::Opposite, 0.58),
            with_aspect(1, Marker::Opposite, 0.9),
            with_aspect(2, Marker::Same, 1.4),
            EdgeRead {
                glyph_px: 4.0,
                ..with_aspect(3, Marker::Opposite, 0.58)
            },
        ];
        doubt_odd_aspect(&mut edges, &opts);
        let conf: Vec<f32> = edges.iter().map(|r| r.conf).collect();
        assert_eq!(conf, [opts.marker_intruder_conf, 1.0, 1.0, 1.0]);
        let off = TangoReadOptions {
            marker_x_min_aspect: None,
            ..TangoReadOptions::default()
        };
        let mut edges = vec![with_aspect(0, Marker::Opposite, 0.58)];
        doubt_odd_aspect(&mut edges, &off);
        assert_eq!(edges[0].conf, 1.0);
    }
}
