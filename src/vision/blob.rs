//! Connected components of a binary mask, measured (box and pixel count): the pointer finder
//! ([`super::occlusion`]) and the Tango board placed from its icons ([`super::tango::sparse`]).

use image::{GrayImage, ImageBuffer, Luma};
use imageproc::region_labelling::{Connectivity, connected_components};

/// A component's box (inclusive pixel bounds) and pixel count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blob {
    /// Leftmost column.
    pub x0: u32,
    /// Top row.
    pub y0: u32,
    /// Rightmost column.
    pub x1: u32,
    /// Bottom row.
    pub y1: u32,
    /// Pixels in the component.
    pub count: u32,
}

impl Blob {
    /// Box width in pixels.
    pub fn w(&self) -> u32 {
        self.x1 + 1 - self.x0
    }

    /// Box height in pixels.
    pub fn h(&self) -> u32 {
        self.y1 + 1 - self.y0
    }

    /// Centre of the box.
    pub fn centre(&self) -> (f32, f32) {
        (
            (self.x0 + self.x1 + 1) as f32 / 2.0,
            (self.y0 + self.y1 + 1) as f32 / 2.0,
        )
    }
}

/// Component labels of a mask: 0 for unset pixels, `i + 1` for component `i`.
pub type Labels = ImageBuffer<Luma<u32>, Vec<u32>>;

/// The 8-connected components of the set pixels of `mask` (component `i` is `blobs[i]`) and
/// the label image.
pub fn blobs(mask: &GrayImage) -> (Vec<Blob>, Labels) {
    let labels = connected_components(mask, Connectivity::Eight, Luma([0u8]));
    let mut out: Vec<Blob> = Vec::new();
    for (x, y, l) in labels.enumerate_pixels() {
        let l = l[0] as usize;
        if l == 0 {
            continue;
        }
        if out.len() < l {
            out.resize(
                l,
                Blob {
                    x0: u32::MAX,
                    y0: u32::MAX,
                    x1: 0,
                    y1: 0,
                    count: 0,
                },
            );
        }
        let b = &mut out[l - 1];
        b.x0 = b.x0.min(x);
        b.y0 = b.y0.min(y);
        b.x1 = b.x1.max(x);
        b.y1 = b.y1.max(y);
        b.count += 1;
    }
    (out, labels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_components_with_their_boxes_and_counts() {
        let mut m = GrayImage::new(8, 5);
        for (x, y) in [(1, 1), (2, 1), (2, 2), (6, 3), (6, 4)] {
            m.put_pixel(x, y, Luma([255]));
        }
        let (b, labels) = blobs(&m);
        assert_eq!(b.len(), 2);
        let first = b[labels.get_pixel(1, 1)[0] as usize - 1];
        assert_eq!(
            (first.x0, first.y0, first.w(), first.h(), first.count),
            (1, 1, 2, 2, 3)
        );
        let second = b[labels.get_pixel(6, 3)[0] as usize - 1];
        assert_eq!(second.centre(), (6.5, 4.0));
    }
}
