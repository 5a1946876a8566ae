//! Writing PNGs safely: atomically (a temporary file in the same directory, then a rename), to
//! stdout for `-`, and never over the input image.

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
