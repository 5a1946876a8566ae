//! Inputs, before any reading: what a file's first bytes say it is ([`sniff`]), and the
//! images under the folders given on the command line ([`expand_inputs`]).

use std::path::{Path, PathBuf};

/// What an input's first bytes say it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// A PNG, JPEG or WebP image (the formats the reader decodes).
    Image(&'static str),
    /// An image format the reader does not decode (GIF, BMP, TIFF, ICO, ...).
    OtherImage(&'static str),
    /// Anything else: treated as puzzle text (the parser names the line and column of what is
    /// wrong with it).
    Text,
}

/// Sniffs an input by its content (never by its file name: some `.png` files hold JPEG data).
pub fn sniff(bytes: &[u8]) -> InputKind {
    let starts = |m: &[u8]| bytes.starts_with(m);
    if starts(b"\x89PNG\r\n\x1a\n") {
        InputKind::Image("PNG")
    } else if starts(&[0xff, 0xd8, 0xff]) {
        InputKind::Image("JPEG")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        InputKind::Image("WebP")
    } else if starts(b"GIF87a") || starts(b"GIF89a") {
        InputKind::OtherImage("GIF")
    } else if starts(b"BM") && bytes.len() >= 14 && !bytes[..14].contains(&b'\n') {
        InputKind::OtherImage("BMP")
    } else if starts(b"II*\0") || starts(b"MM\0*") {
        InputKind::OtherImage("TIFF")
    } else if starts(&[0, 0, 1, 0]) {
        InputKind::OtherImage("ICO")
    } else if bytes.len() >= 12 && &bytes[4..8] == b"ftyp" {
        InputKind::OtherImage("HEIF/AVIF")
    } else {
        InputKind::Text
    }
}

/// The image file extensions `check` and batch `solve` pick up in a folder (case-insensitive).
pub const IMAGE_EXTENSIONS: &[&str] = &["png", "jpg", "jpeg", "webp"];

/// Name of a folder of labels beside image folders (as in `../shared/realshots`).
pub const LABELS_DIR: &str = "labels";

/// Errors while listing a folder.
#[derive(Debug, thiserror::Error)]
#[error("cannot list {path}: {source}")]
pub struct ListError {
    /// The folder.
    pub path: String,
    /// The cause.
    pub source: std::io::Error,
}

/// An input found on the command line or in a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The file.
    pub path: PathBuf,
    /// The folder given on the command line it was found under (the file itself for a file
    /// argument's parent), for naming outputs.
    pub root: PathBuf,
}

impl Found {
    /// The path relative to its root (the file name for a file argument).
    pub fn relative(&self) -> PathBuf {
        self.path
            .strip_prefix(&self.root)
            .map(Path::to_path_buf)
            .unwrap_or_else(|_| self.path.clone())
    }
}

fn is_image_name(p: &Path) -> bool {
    p.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| IMAGE_EXTENSIONS.iter().any(|x| x.eq_ignore_ascii_case(e)))
}

/// Lists the images under a folder, recursively, sorted by path; `labels/` folders and hidden
/// entries are skipped.
pub fn list_images(dir: &Path) -> Result<Vec<PathBuf>, ListError> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let rd = std::fs::read_dir(&d).map_err(|source| ListError {
            path: d.display().to_string(),
            source,
        })?;
        for e in rd {
            let e = e.map_err(|source| ListError {
                path: d.display().to_string(),
                source,
            })?;
            let name = e.file_name();
            let name = name.to_string_lossy();
            if name.starts_with('.') {
                continue;
            }
            let p = e.path();
            // Follows symbolic links (metadata, not symlink_metadata).
            let Ok(meta) = std::fs::metadata(&p) else {
                continue;
            };
            if meta.is_dir() {
                if name != LABELS_DIR {
                    stack.push(p);
                }
            } else if is_image_name(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Expands command-line inputs: a folder becomes its images (see [`list_images`]), anything
/// else is kept as given (so that a bad path is reported as that input's error).
pub fn expand_inputs(inputs: &[PathBuf]) -> Result<Vec<Found>, ListError> {
    let mut out = Vec::new();
    for i in inputs {
        if i.is_dir() {
            for p in list_images(i)? {
                out.push(Found {
                    path: p,
                    root: i.clone(),
                });
            }
        } else {
            out.push(Found {
                path: i.clone(),
                root: i.parent().map(Path::to_path_buf).unwrap_or_default(),
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffs_content() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\nxx"), InputKind::Image("PNG"));
        assert_eq!(sniff(&[0xff, 0xd8, 0xff, 0xe1]), InputKind::Image("JPEG"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), InputKind::Image("WebP"));
        assert_eq!(sniff(b"GIF89a...."), InputKind::OtherImage("GIF"));
        assert_eq!(sniff(b"tango 6x6\n"), InputKind::Text);
        assert_eq!(sniff(b""), InputKind::Text);
    }
}
