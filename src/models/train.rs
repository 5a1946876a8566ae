//! Training of the [`Softmax`] models: standardised features, full-batch gradient descent on
//! the L2-regularised cross-entropy with a fixed step and iteration count (so the same data
//! gives the same bytes), temperature scaling on held-out logits, and reliability bins.
//! ndarray holds the matrices and does the maths.

use super::{Softmax, softmax};
use ndarray::{Array1, Array2, Axis};

/// Training settings.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainOptions {
    /// L2 penalty on the weights (not the biases). Default 0.001.
    pub l2: f64,
    /// Gradient steps. Default 3000.
    pub iterations: usize,
    /// Step size (the features are standardised). Default 0.5.
    pub step: f64,
}

impl Default for TrainOptions {
    fn default() -> Self {
        TrainOptions {
            l2: 0.001,
            iterations: 3000,
            step: 0.5,
        }
    }
}

/// Labelled samples: one feature row and one class index each.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// Feature rows.
    pub x: Vec<Vec<f32>>,
    /// Class of each row.
    pub y: Vec<usize>,
}

impl Samples {
    /// Adds a sample.
    pub fn push(&mut self, x: &[f32], y: usize) {
        self.x.push(x.to_vec());
        self.y.push(y);
    }

    /// Appends another set.
    pub fn extend(&mut self, o: &Samples) {
        self.x.extend(o.x.iter().cloned());
        self.y.extend(&o.y);
    }

    fn matrix(&self) -> Array2<f64> {
        let f = self.x.first().map_or(0, Vec::len);
        Array2::from_shape_fn((self.x.len(), f), |(i, k)| f64::from(self.x[i][k]))
    }
}

/// Fits a softmax model (temperature 1) to `data`.
pub fn fit(
    name: &str,
    classes: &[&str],
    features: &[&str],
    data: &Samples,
    opts: &TrainOptions,
) -> Softmax {
    let x = data.matrix();
    let (n, f) = x.dim();
    let k = classes.len();
    let mean = x.mean_axis(Axis(0)).unwrap_or_else(|| Array1::zeros(f));
    let std = x
        .std_axis(Axis(0), 0.0)
        .mapv(|v| if v > 1e-9 { v } else { 1.0 });
    let z = (&x - &mean) / &std;
    let x1 = Array2::from_shape_fn(
        (n, f + 1),
        |(i, j)| if j == 0 { 1.0 } else { z[[i, j - 1]] },
    );
    let mut y = Array2::<f64>::zeros((n, k));
    for (i, &c) in data.y.iter().enumerate() {
        y[[i, c]] = 1.0;
    }
    let mut w = Array2::<f64>::zeros((k, f + 1));
    let mut penalty = Array2::<f64>::from_elem((k, f + 1), opts.l2);
    penalty.column_mut(0).fill(0.0);
    let nf = n.max(1) as f64;
    for _ in 0..opts.iterations {
        let mut p = x1.dot(&w.t());
        for mut row in p.rows_mut() {
            let m = row.fold(f64::NEG_INFINITY, |a, &b| a.max(b));
            row.mapv_inplace(|v| (v - m).exp());
            let sum = row.sum();
            row /= sum;
        }
        let grad = (&p - &y).t().dot(&x1) / nf + &penalty * &w;
        w = w - grad * opts.step;
    }
    Softmax {
        name: name.into(),
        classes: classes.iter().map(|s| s.to_string()).collect(),
        features: features.iter().map(|s| s.to_string()).collect(),
        temperature: 1.0,
        mean: mean.iter().map(|&v| v as f32).collect(),
        scale: std.iter().map(|&v| v as f32).collect(),
        weights: w
            .rows()
            .into_iter()
            .map(|r| r.iter().map(|&v| v as f32).collect())
            .collect(),
    }
}

/// Logits of every sample at temperature 1.
pub fn logits(m: &Softmax, data: &Samples) -> Vec<Vec<f32>> {
    let plain = Softmax {
        temperature: 1.0,
        ..m.clone()
    };
    data.x
        .iter()
        .map(|x| {
            plain
                .weights
                .iter()
                .map(|w| {
                    w[0] + x
                        .iter()
                        .enumerate()
                        .map(|(k, &v)| w[k + 1] * (v - plain.mean[k]) / plain.scale[k])
                        .sum::<f32>()
                })
                .collect()
        })
        .collect()
}

/// Mean negative log-likelihood of the classes at temperature `t`.
pub fn nll(logits: &[Vec<f32>], y: &[usize], t: f32) -> f64 {
    let total: f64 = logits
        .iter()
        .zip(y)
        .map(|(z, &c)| {
            let zt: Vec<f32> = z.iter().map(|v| v / t).collect();
            -f64::from(softmax(&zt)[c].max(1e-12)).ln()
        })
        .sum();
    total / logits.len().max(1) as f64
}

/// Temperature (0.25..=5 in steps of 0.01) minimising the held-out negative log-likelihood.
pub fn fit_temperature(logits: &[Vec<f32>], y: &[usize]) -> f32 {
    let mut best = (f64::INFINITY, 1.0f32);
    for i in 25..=500 {
        let t = i as f32 / 100.0;
        let v = nll(logits, y, t);
        if v < best.0 {
            best = (v, t);
        }
    }
    best.1
}

/// One reliability bin: predictions whose confidence falls in `[lo, hi)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Bin {
    /// Lower bound.
    pub lo: f32,
    /// Upper bound.
    pub hi: f32,
    /// Predictions in the bin.
    pub n: usize,
    /// Mean confidence.
    pub predicted: f64,
    /// Share that was right.
    pub observed: f64,
}

/// Reliability bins of (confidence of the decided class, decision right) pairs; the last bin
/// includes 1.
pub fn reliability(pairs: &[(f32, bool)], bounds: &[f32]) -> Vec<Bin> {
    bounds
        .windows(2)
        .enumerate()
        .map(|(i, b)| {
            let last = i + 2 == bounds.len();
            let inside: Vec<&(f32, bool)> = pairs
                .iter()
                .filter(|(c, _)| *c >= b[0] && (*c < b[1] || (last && *c <= b[1])))
                .collect();
            let n = inside.len();
            let nf = n.max(1) as f64;
            Bin {
                lo: b[0],
                hi: b[1],
                n,
                predicted: inside.iter().map(|(c, _)| f64::from(*c)).sum::<f64>() / nf,
                observed: inside.iter().filter(|(_, ok)| *ok).count() as f64 / nf,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toy() -> Samples {
        let mut d = Samples::default();
        for i in 0..60 {
            let v = i as f32 / 10.0;
            d.push(
                &[v, (i % 7) as f32],
                usize::from(v > 3.0) + usize::from(v > 4.5),
            );
        }
        d
    }

    #[test]
    fn fits_a_separable_toy_set_reproducibly() {
        let opts = TrainOptions {
            iterations: 400,
            ..TrainOptions::default()
        };
        let a = fit("toy", &["a", "b", "c"], &["v", "w"], &toy(), &opts);
        let b = fit("toy", &["a", "b", "c"], &["v", "w"], &toy(), &opts);
        assert_eq!(a.to_text(), b.to_text());
        let right = toy()
            .x
            .iter()
            .zip(&toy().y)
            .filter(|&(x, &y)| {
                let p = a.predict(x);
                (0..3).max_by(|&i, &j| p[i].total_cmp(&p[j])) == Some(y)
            })
            .count();
        assert!(right >= 55, "{right}");
        let t = fit_temperature(&logits(&a, &toy()), &toy().y);
        assert!(t > 0.0);
    }

    #[test]
    fn documented_defaults_match_the_code() {
        crate::vision::check_documented_defaults(
            include_str!("train.rs"),
            "TrainOptions",
            &format!("{:?}", TrainOptions::default()),
        );
    }

    #[test]
    fn reliability_bins_count_every_pair() {
        let bins = reliability(
            &[(0.55, true), (0.95, false), (1.0, true)],
            &[0.5, 0.9, 1.0],
        );
        assert_eq!(bins[0].n, 1);
        assert_eq!(bins[1].n, 2);
        assert!((bins[1].observed - 0.5).abs() < 1e-9);
    }
}
