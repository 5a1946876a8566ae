//! A tiny deterministic PRNG (SplitMix64): the same seed gives the same renders on every
//! platform, with no `rand` dependency.

/// SplitMix64 generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for a seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `[0, 1)`.
    pub fn f32(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }
    /// Uniform in `0..n` (0 when `n == 0`).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
    /// True with probability `p`.
    pub fn chance(&mut self, p: f32) -> bool {
        self.f32() < p
    }
    /// Approximately standard normal (sum of four uniforms, rescaled).
    pub fn normal(&mut self) -> f32 {
        let s: f32 = (0..4).map(|_| self.f32()).sum();
        (s - 2.0) * (3.0f32).sqrt()
    }
    /// Approximately standard normal from one 64-bit draw (sum of four 16-bit uniforms,
    /// rescaled): cheaper than [`Rng::normal`], for per-pixel noise.
    pub fn normal16(&mut self) -> f32 {
        let v = self.next_u64();
        let s: u32 = (0..4).map(|k| ((v >> (16 * k)) & 0xFFFF) as u32).sum();
        (s as f32 / 65536.0 - 2.0) * (3.0f32).sqrt()
    }
    /// Shuffles a slice in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_spread() {
        let a: Vec<u64> = {
            let mut r = Rng::new(7);
            (0..5).map(|_| r.next_u64()).collect()
        };
        let b: Vec<u64> = {
            let mut r = Rng::new(7);
            (0..5).map(|_| r.next_u64()).collect()
        };
        assert_eq!(a, b);
        let mut r = Rng::new(1);
        let mean: f32 = (0..10_000).map(|_| r.f32()).sum::<f32>() / 10_000.0;
        assert!((mean - 0.5).abs() < 0.02);
        let mut counts = [0; 4];
        for _ in 0..4000 {
            counts[r.below(4)] += 1;
        }
        assert!(counts.iter().all(|&c| c > 850), "{counts:?}");
    }
}
