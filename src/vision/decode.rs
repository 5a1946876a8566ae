//! Stage 1: bytes -> RGB image. The format is sniffed from the content (some `.png` files are
//! JPEG data), and the size is checked from the header before any pixel buffer is allocated.
//! An EXIF orientation (a phone's JPEG or WebP saved sideways with a flag to turn it) is
//! applied, so the image read is the one a viewer shows.

use super::ReadError;
use image::RgbImage;
use std::io::Cursor;

/// Decoding limits.
#[derive(Clone, Copy, Debug)]
pub struct DecodeOptions {
    /// Largest width or height accepted, in pixels. Default 12000 (larger than any phone or
    /// desktop screenshot).
    pub max_side: u32,
    /// Largest pixel count accepted. Default 50 million (200 MB as RGBA).
    pub max_pixels: u64,
    /// Largest file accepted, in bytes. Default 64 MiB.
    pub max_file_bytes: u64,
}

impl Default for DecodeOptions {
    fn default() -> Self {
        DecodeOptions {
            max_side: 12_000,
            max_pixels: 50_000_000,
            max_file_bytes: 64 << 20,
        }
    }
}

/// Decodes PNG, JPEG or WebP bytes into an RGB image (alpha composited over white).
pub fn decode(bytes: &[u8], opts: &DecodeOptions) -> Result<RgbImage, ReadError> {
    if bytes.is_empty() {
        return Err(ReadError::Decode("the file is empty".into()));
    }
    let reader = image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| ReadError::Decode(e.to_string()))?;
    if reader.format().is_none() {
        return Err(ReadError::Decode("not a PNG, JPEG or WebP image".into()));
    }
    let (w, h) = reader
        .into_dimensions()
        .map_err(|e| decode_error(e, None, opts))?;
    if w.max(h) > opts.max_side || u64::from(w) * u64::from(h) > opts.max_pixels {
        return Err(ReadError::TooLarge {
            width: w,
            height: h,
            max_side: opts.max_side,
            max_pixels: opts.max_pixels,
        });
    }
    let mut reader = image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| ReadError::Decode(e.to_string()))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(opts.max_side);
    limits.max_image_height = Some(opts.max_side);
    limits.max_alloc = Some(opts.max_pixels * 8);
    reader.limits(limits);
    let mut decoder = reader
        .into_decoder()
        .map_err(|e| decode_error(e, Some((w, h)), opts))?;
    // A missing or unreadable orientation is no reason to refuse the pixels.
    let orientation = image::ImageDecoder::orientation(&mut decoder)
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut img = image::DynamicImage::from_decoder(decoder)
        .map_err(|e| decode_error(e, Some((w, h)), opts))?;
    img.apply_orientation(orientation);
    Ok(match img {
        image::DynamicImage::ImageRgb8(rgb) => rgb,
        other if other.color().has_alpha() => {
            // No copy when the image already is 8-bit RGBA (most PNG screenshots with alpha).
            let rgba = match other {
                image::DynamicImage::ImageRgba8(x) => x,
                o => o.to_rgba8(),
            };
            let mut out = RgbImage::new(rgba.width(), rgba.height());
            for (o, p) in out.pixels_mut().zip(rgba.pixels()) {
                let a = u16::from(p[3]);
                if a == 255 {
                    // Opaque: the blend below gives the pixel itself.
                    o.0 = [p[0], p[1], p[2]];
                    continue;
                }
                for k in 0..3 {
                    o[k] = ((u16::from(p[k]) * a + 255 * (255 - a) + 127) / 255) as u8;
                }
            }
            out
        }
        other => other.to_rgb8(),
    })
}

/// A decoder error as a reading error: the decoder's own memory limit (met before the header's
/// size is known, or while decoding) is "image too large", not the decoder's "Memory limit
/// exceeded".
fn decode_error(e: image::ImageError, size: Option<(u32, u32)>, opts: &DecodeOptions) -> ReadError {
    match (e, size) {
        (image::ImageError::Limits(_), Some((width, height))) => ReadError::TooLarge {
            width,
            height,
            max_side: opts.max_side,
            max_pixels: opts.max_pixels,
        },
        (image::ImageError::Limits(_), None) => {
            ReadError::Decode("image too large for the decoder's memory limit".into())
        }
        (e, _) => ReadError::Decode(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_decoders_memory_limit_reads_as_image_too_large() {
        use image::error::{LimitError, LimitErrorKind};
        let o = DecodeOptions::default();
        let limit =
            || image::ImageError::Limits(LimitError::from_kind(LimitErrorKind::InsufficientMemory));
        for size in [None, Some((9000, 9000))] {
            let msg = decode_error(limit(), size, &o).to_string();
            assert!(msg.contains("image too large"), "{msg}");
            assert!(!msg.contains("Memory limit exceeded"), "{msg}");
        }
    }

    /// A JPEG of a 40x20 image, its left half black and its right half white, with an EXIF
    /// block whose orientation tag is `orientation`.
    fn jpeg_with_orientation(orientation: u8) -> Vec<u8> {
        let img = RgbImage::from_fn(40, 20, |x, _| {
            if x < 20 {
                image::Rgb([0, 0, 0])
            } else {
                image::Rgb([255, 255, 255])
            }
        });
        let mut jpeg = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 95)
            .encode_image(&img)
            .expect("a JPEG");
        // APP1: "Exif\0\0", a little-endian TIFF header, one IFD holding the orientation.
        let mut tiff = vec![0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00];
        tiff.extend([
            0x12,
            0x01,
            0x03,
            0x00,
            0x01,
            0x00,
            0x00,
            0x00,
            orientation,
            0,
            0,
            0,
        ]);
        tiff.extend([0, 0, 0, 0]);
        let len = (2 + 6 + tiff.len()) as u16;
        let mut app1 = vec![0xFF, 0xE1];
        app1.extend(len.to_be_bytes());
        app1.extend(b"Exif\0\0");
        app1.extend(tiff);
        // After the SOI marker.
        jpeg.splice(2..2, app1);
        jpeg
    }

    #[test]
    fn an_exif_orientation_is_applied() {
        let o = DecodeOptions::default();
        let plain = decode(&jpeg_with_orientation(1), &o).expect("decoded");
        assert_eq!(plain.dimensions(), (40, 20));
        // 6: the stored image is shown turned 90 degrees clockwise: its left half on top.
        let turned = decode(&jpeg_with_orientation(6), &o).expect("decoded");
        assert_eq!(turned.dimensions(), (20, 40));
        assert!(turned.get_pixel(10, 5)[0] < 40, "the top is the black half");
        assert!(
            turned.get_pixel(10, 35)[0] > 215,
            "the bottom is the white half"
        );
    }

    #[test]
    fn junk_is_a_decode_error() {
        let o = DecodeOptions::default();
        assert!(matches!(decode(b"", &o), Err(ReadError::Decode(_))));
        assert!(matches!(
            decode(b"hello world", &o),
            Err(ReadError::Decode(_))
        ));
        assert!(matches!(
            decode(b"\x89PNG\r\n\x1a\n\0\0", &o),
            Err(ReadError::Decode(_))
        ));
    }
}
