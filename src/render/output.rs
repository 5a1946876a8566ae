//! Writing PNGs safely: atomically (a temporary file in the same directory, then a rename), to
//! stdout for `-`, and never over the input image; PNG chunks and the `tEXt` marker snapsolve
//! writes into its overlays ([`OVERLAY_MARKER`]).

use super::RenderError;
use image::RgbImage;
use std::io::Write;
use std::path::{Path, PathBuf};

/// How a PNG is compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PngCompression {
    /// Fast encoding with the Paeth filter (the default; overlays for users): 20-30% faster
    /// than adaptive filtering in the measurements of issue 14, at about the same size (see
    /// `docs/speed.md`).
    #[default]
    Fast,
    /// Smallest file (fixtures and reference images committed to the repository).
    Best,
}

/// Encodes an image as PNG bytes.
pub fn encode_png(img: &RgbImage, compression: PngCompression) -> Result<Vec<u8>, RenderError> {
    use image::ImageEncoder;
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    let mut buf = Vec::new();
    let (ct, ft) = match compression {
        PngCompression::Fast => (CompressionType::Fast, FilterType::Paeth),
        PngCompression::Best => (CompressionType::Best, FilterType::Adaptive),
    };
    PngEncoder::new_with_quality(&mut buf, ct, ft)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .map_err(|e| RenderError::Encode(e.to_string()))?;
    Ok(buf)
}

/// The CRC-32 of PNG chunks (ISO 3309, the one zlib computes).
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

/// One PNG chunk: length, type, data and CRC.
pub fn png_chunk(kind: [u8; 4], data: &[u8]) -> Vec<u8> {
    let len = u32::try_from(data.len()).unwrap_or(u32::MAX);
    let mut out = Vec::with_capacity(data.len() + 12);
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(&kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc32(&out[4..]).to_be_bytes());
    out
}

/// The `tEXt` entry (keyword, text) snapsolve writes into every overlay it draws, so that a
/// later run over the same folder can tell its own overlays from screenshots.
pub const OVERLAY_MARKER: (&str, &str) = ("Software", "snapsolve overlay");

/// Bytes of the PNG signature and the IHDR chunk, which always comes first.
const PNG_HEAD: usize = 8 + 8 + 13 + 4;

/// Encoded PNG bytes with a `tEXt` chunk (`key`, `text`; Latin-1, no NUL) right after IHDR.
/// Bytes that are not a PNG are returned unchanged.
pub fn with_text(png: &[u8], key: &str, text: &str) -> Vec<u8> {
    if png.len() < PNG_HEAD || &png[12..16] != b"IHDR" {
        return png.to_vec();
    }
    let data = [key.as_bytes(), &[0], text.as_bytes()].concat();
    [
        &png[..PNG_HEAD],
        &png_chunk(*b"tEXt", &data),
        &png[PNG_HEAD..],
    ]
    .concat()
}

/// Whether PNG bytes carry the `tEXt` entry (`key`, `text`) among the chunks before the image
/// data.
pub fn has_text(png: &[u8], key: &str, text: &str) -> bool {
    let want = [key.as_bytes(), &[0], text.as_bytes()].concat();
    let mut at = 8;
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]) as usize;
        let kind = &png[at + 4..at + 8];
        let data = png.get(at + 8..(at + 8).saturating_add(len));
        match (kind, data) {
            (b"IDAT", _) | (_, None) => return false,
            (b"tEXt", Some(d)) if d == want.as_slice() => return true,
            _ => at = at.saturating_add(len).saturating_add(12),
        }
    }
    false
}

/// Whether two paths name the same file (by canonical path when both exist, else by their
/// absolute spelling).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => {
            let abs = |p: &Path| -> PathBuf {
                if p.is_absolute() {
                    p.to_path_buf()
                } else {
                    std::env::current_dir()
                        .map(|d| d.join(p))
                        .unwrap_or_else(|_| p.to_path_buf())
                }
            };
            abs(a) == abs(b)
        }
    }
}

/// The overwrite rule of every output file: an existing `path` is an error unless `force`
/// (the input itself is refused later, by [`write_atomic`], even with `force`); `-` (stdout)
/// is always fine.
pub fn refuse_existing(path: &Path, force: bool, input: Option<&Path>) -> Result<(), RenderError> {
    let is_input = input.is_some_and(|i| same_file(path, i));
    if !force && !is_input && path != Path::new("-") && path.exists() {
        return Err(RenderError::Io {
            path: path.to_path_buf(),
            source: std::io::Error::new(
                std::io::ErrorKind::AlreadyExists,
                "already exists; pass -f/--force to replace it",
            ),
        });
    }
    Ok(())
}

/// Writes `bytes` to `path` atomically: a temporary file next to it, flushed and synced, then
/// renamed over `path`. `-` writes to stdout. Refuses when `path` is `input` (the image the
/// bytes were made from).
pub fn write_atomic(path: &Path, bytes: &[u8], input: Option<&Path>) -> Result<(), RenderError> {
    if path == Path::new("-") {
        let mut out = std::io::stdout().lock();
        return out
            .write_all(bytes)
            .and_then(|_| out.flush())
            .map_err(|source| RenderError::Io {
                path: path.to_path_buf(),
                source,
            });
    }
    if let Some(inp) = input
        && same_file(path, inp)
    {
        return Err(RenderError::SameAsInput(path.to_path_buf()));
    }
    let io = |source| RenderError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let k = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}-{k}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(io)
}

/// Writes an image as PNG atomically (see [`write_atomic`]): `-` is stdout, and the input
/// image's path is refused.
pub fn write_png_atomic(
    path: &Path,
    img: &RgbImage,
    input: Option<&Path>,
) -> Result<(), RenderError> {
    let bytes = encode_png(img, PngCompression::Fast)?;
    write_atomic(path, &bytes, input)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlays_carry_a_text_marker_that_reads_back() {
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
        let img = RgbImage::from_pixel(3, 2, image::Rgb([1, 2, 3]));
        let png = encode_png(&img, PngCompression::Fast).unwrap();
        let (k, v) = OVERLAY_MARKER;
        assert!(!has_text(&png, k, v));
        let marked = with_text(&png, k, v);
        assert!(has_text(&marked, k, v));
        assert!(!has_text(&marked, k, "something else"));
        // Still a valid PNG with the same pixels.
        assert_eq!(image::load_from_memory(&marked).unwrap().to_rgb8(), img);
        assert_eq!(with_text(b"tango 2x2", k, v), b"tango 2x2");
        assert!(!has_text(&marked[..20], k, v));
    }

    #[test]
    fn writes_atomically_and_refuses_the_input() {
        let dir = std::env::temp_dir().join(format!("snapsolve-out-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let img = RgbImage::from_pixel(3, 2, image::Rgb([1, 2, 3]));
        let out = dir.join("a.png");
        write_png_atomic(&out, &img, None).unwrap();
        let back = image::open(&out).unwrap().to_rgb8();
        assert_eq!(back, img);
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        // The same file under another spelling is refused.
        let other = dir.join(".").join("a.png");
        assert!(matches!(
            write_png_atomic(&other, &img, Some(&out)),
            Err(RenderError::SameAsInput(_))
        ));
        // A missing directory is an error, not a panic.
        assert!(matches!(
            write_png_atomic(&dir.join("no/such/dir.png"), &img, None),
            Err(RenderError::Io { .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
