//! CIELAB colour (D65, sRGB input) and the CIE76 colour difference used by the Queens stages.

/// sRGB component (0..=255) to linear light, computed once.
static LINEAR: std::sync::OnceLock<[f32; 256]> = std::sync::OnceLock::new();

/// A colour in CIELAB: `l` in 0..=100, `a` and `b` roughly -128..=127.
#[derive(Clone, Copy, Debug, PartialEq, Default, serde::Serialize)]
pub struct Lab {
    /// Lightness.
    pub l: f32,
    /// Green (-) to red (+).
    pub a: f32,
    /// Blue (-) to yellow (+).
    pub b: f32,
}

impl Lab {
    /// Converts an 8-bit sRGB colour.
    pub fn from_rgb(rgb: [u8; 3]) -> Lab {
        let table = LINEAR.get_or_init(|| {
            std::array::from_fn(|i| {
                let c = i as f32 / 255.0;
                if c <= 0.040_45 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            })
        });
        let lin = |c: u8| table[c as usize];
        let (r, g, b) = (lin(rgb[0]), lin(rgb[1]), lin(rgb[2]));
        let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
        let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b;
        let z = (0.019_333_9 * r + 0.119_192 * g + 0.950_304_1 * b) / 1.088_83;
        let f = |t: f32| {
            if t > 0.008_856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        Lab {
            l: 116.0 * fy - 16.0,
            a: 500.0 * (fx - fy),
            b: 200.0 * (fy - fz),
        }
    }

    /// Parses `RRGGBB` (no `#`).
    pub fn from_hex(hex: &str) -> Option<Lab> {
        if hex.len() != 6 {
            return None;
        }
        let v = u32::from_str_radix(hex, 16).ok()?;
        Some(Lab::from_rgb([(v >> 16) as u8, (v >> 8) as u8, v as u8]))
    }

    /// CIE76 difference (Euclidean distance in Lab).
    pub fn delta_e(self, o: Lab) -> f32 {
        ((self.l - o.l).powi(2) + (self.a - o.a).powi(2) + (self.b - o.b).powi(2)).sqrt()
    }

    /// Chroma (distance from the grey axis).
    pub fn chroma(self) -> f32 {
        (self.a * self.a + self.b * self.b).sqrt()
    }

    /// Per-channel median of a set of colours (`None` when empty). Robust to a minority of
    /// outliers such as glyph or border pixels.
    pub fn median(samples: &mut [Lab]) -> Option<Lab> {
        if samples.is_empty() {
            return None;
        }
        let mid = samples.len() / 2;
        let mut ch = |get: fn(&Lab) -> f32| {
            samples.select_nth_unstable_by(mid, |p, q| get(p).total_cmp(&get(q)));
            get(&samples[mid])
        };
        let l = ch(|c| c.l);
        let a = ch(|c| c.a);
        let b = ch(|c| c.b);
        Some(Lab { l, a, b })
    }

    /// CIE76 distance from `self` to the nearest mix of `base` with white or with black (0
    /// when `self` is `base` under a translucent white or black veil).
    pub fn veil_distance(self, base: Lab) -> f32 {
        const ENDS: [Lab; 2] = [
            Lab {
                l: 100.0,
                a: 0.0,
                b: 0.0,
            },
            Lab {
                l: 0.0,
                a: 0.0,
                b: 0.0,
            },
        ];
        ENDS.iter()
            .map(|e| {
                let d = [e.l - base.l, e.a - base.a, e.b - base.b];
                let v = [self.l - base.l, self.a - base.a, self.b - base.b];
                let len2: f32 = d.iter().map(|x| x * x).sum();
                let t = if len2 > 0.0 {
                    (v.iter().zip(&d).map(|(p, q)| p * q).sum::<f32>() / len2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                self.delta_e(Lab {
                    l: base.l + t * d[0],
                    a: base.a + t * d[1],
                    b: base.b + t * d[2],
                })
            })
            .fold(f32::MAX, f32::min)
    }
}

/// Rec. 601 luma of an 8-bit RGB pixel, 0..=255 (8-bit fixed-point weights 77/150/29).
#[inline]
pub fn luma(p: [u8; 3]) -> u8 {
    (crate::vision::pixel::luma_256(p[0], p[1], p[2]) >> 8) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_values() {
        let w = Lab::from_rgb([255, 255, 255]);
        assert!((w.l - 100.0).abs() < 0.1 && w.a.abs() < 0.1 && w.b.abs() < 0.1);
        let k = Lab::from_rgb([0, 0, 0]);
        assert!(k.l.abs() < 0.1);
        // sRGB red is about (53.2, 80.1, 67.2).
        let r = Lab::from_rgb([255, 0, 0]);
        assert!((r.l - 53.2).abs() < 0.5 && (r.a - 80.1).abs() < 0.7 && (r.b - 67.2).abs() < 0.7);
        assert_eq!(Lab::from_hex("FF0000"), Some(r));
        assert!(Lab::from_hex("zz").is_none());
    }

    #[test]
    fn median_ignores_outliers() {
        let mut v = vec![Lab::from_rgb([200, 100, 50]); 7];
        v.push(Lab::from_rgb([0, 0, 0]));
        v.push(Lab::from_rgb([0, 0, 0]));
        let m = Lab::median(&mut v).unwrap();
        assert!(m.delta_e(Lab::from_rgb([200, 100, 50])) < 1e-3);
        assert!(Lab::median(&mut []).is_none());
    }
}
