//! Where each image's expectation comes from: manifests (`MANIFEST.tsv`), sidecar labels,
//! `labels/` folders and `negative/` folders.

use super::{Case, Expect};
use crate::format;
use crate::input::{Found, LABELS_DIR};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Name of a manifest file listing images, labels and kinds (tab-separated, with a header).
pub const MANIFEST: &str = "MANIFEST.tsv";
/// Name of a folder whose images must be refused ("no board").
pub const NEGATIVE_DIR: &str = "negative";

#[derive(Clone, Debug)]
struct ManifestRow {
    label: Option<String>,
    kinds: Vec<String>,
    negative: bool,
}

/// Parses a `MANIFEST.tsv`: columns `file`, `label` and `kind` (comma-separated kinds; the
/// kind `negative` marks an image without board). Rows keyed by `file`.
fn parse_manifest(text: &str) -> BTreeMap<String, ManifestRow> {
    let mut lines = text.lines();
    let Some(head) = lines.next() else {
        return BTreeMap::new();
    };
    let header: Vec<&str> = head.split('\t').map(str::trim).collect();
    let col = |name: &str| header.iter().position(|h| *h == name);
    let (Some(cf), cl, ck) = (col("file"), col("label"), col("kind")) else {
        return BTreeMap::new();
    };
    let mut out = BTreeMap::new();
    for l in lines.filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = l.split('\t').collect();
        let Some(file) = f.get(cf) else { continue };
        let label = cl
            .and_then(|i| f.get(i))
            .map(|s| s.trim())
            .filter(|s| !s.is_empty() && *s != "-")
            .map(str::to_string);
        let kinds: Vec<String> = ck
            .and_then(|i| f.get(i))
            .map(|s| {
                s.split(',')
                    .map(|k| k.trim().to_string())
                    .filter(|k| !k.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        let negative = kinds.iter().any(|k| k == "negative");
        out.insert(
            file.trim().to_string(),
            ManifestRow {
                label,
                kinds,
                negative,
            },
        );
    }
    out
}

/// Finds what each image is expected to give. For an image `D/x.png` under a folder `ROOT`
/// given on the command line, in this order:
/// 1. a `MANIFEST.tsv` in `D` or any folder up to `ROOT`'s parent that lists the image (by
///    path relative to the manifest): its `label` column (a path relative to the manifest) or
///    kind `negative`; kind `themed` allows a sun/moon swap;
/// 2. a sidecar `D/x.txt`;
/// 3. `labels/x.png.txt` or `labels/x.txt` in `D` or any folder up to `ROOT`'s parent;
/// 4. an image under a folder named `negative` must be refused;
/// 5. otherwise the image must solve uniquely.
pub fn plan_check(found: &[Found]) -> Vec<Case> {
    let mut manifests: BTreeMap<PathBuf, BTreeMap<String, ManifestRow>> = BTreeMap::new();
    found.iter().map(|f| plan_one(f, &mut manifests)).collect()
}

fn ancestors_up_to_root_parent(f: &Found) -> Vec<PathBuf> {
    let stop = f.root.parent().map(Path::to_path_buf);
    let mut out = Vec::new();
    let mut cur = f.path.parent().map(Path::to_path_buf);
    while let Some(d) = cur {
        out.push(d.clone());
        if Some(&d) == stop.as_ref() || d.as_os_str().is_empty() {
            break;
        }
        if !d.starts_with(&f.root) && d != f.root {
            break;
        }
        cur = d.parent().map(Path::to_path_buf);
    }
    out
}

fn load_label(path: PathBuf, swap_ok: bool) -> Expect {
    let puzzle = match std::fs::read(&path) {
        Ok(b) => format::parse_bytes(&b).map_err(|e| {
            let at = format!("{}:{}:{}", path.display(), e.line, e.col);
            format!("label {at}: {}", e.message)
        }),
        Err(e) => Err(format!("cannot read label {}: {e}", path.display())),
    };
    Expect::Label {
        path,
        puzzle,
        swap_ok,
    }
}

fn plan_one(f: &Found, manifests: &mut BTreeMap<PathBuf, BTreeMap<String, ManifestRow>>) -> Case {
    let dirs = ancestors_up_to_root_parent(f);
    for d in &dirs {
        let rows = manifests.entry(d.clone()).or_insert_with(|| {
            std::fs::read_to_string(d.join(MANIFEST))
                .map(|t| parse_manifest(&t))
                .unwrap_or_default()
        });
        let Ok(rel) = f.path.strip_prefix(d) else {
            continue;
        };
        let key = rel.to_string_lossy().replace('\\', "/");
        if let Some(row) = rows.get(&key) {
            let expect = if row.negative {
                Expect::NoBoard
            } else if let Some(l) = &row.label {
                load_label(d.join(l), row.kinds.iter().any(|k| k == "themed"))
            } else {
                Expect::Unique
            };
            return Case {
                image: f.clone(),
                expect,
                kinds: row.kinds.clone(),
            };
        }
    }
    let case = |expect| Case {
        image: f.clone(),
        expect,
        kinds: Vec::new(),
    };
    let sidecar = f.path.with_extension("txt");
    if sidecar.is_file() {
        return case(load_label(sidecar, false));
    }
    let name = f.path.file_name().map(|n| n.to_string_lossy().into_owned());
    let stem = f.path.file_stem().map(|n| n.to_string_lossy().into_owned());
    for d in &dirs {
        for n in [&name, &stem].into_iter().flatten() {
            let l = d.join(LABELS_DIR).join(format!("{n}.txt"));
            if l.is_file() {
                return case(load_label(l, false));
            }
        }
    }
    let rel = f.relative();
    let negative = rel
        .parent()
        .into_iter()
        .flat_map(|p| p.components())
        .chain(f.root.file_name().map(std::path::Component::Normal))
        .any(|c| c.as_os_str().eq_ignore_ascii_case(NEGATIVE_DIR));
    case(if negative {
        Expect::NoBoard
    } else {
        Expect::Unique
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_rows() {
        let m = parse_manifest(
            "file\tgame\tlabel\tkind\nneg/a.png\tzip\t-\tnegative\nt/b.png\ttango\tlabels/b.txt\tfull page, dark\n",
        );
        assert!(m["neg/a.png"].negative);
        assert_eq!(m["t/b.png"].label.as_deref(), Some("labels/b.txt"));
        assert_eq!(m["t/b.png"].kinds, vec!["full page", "dark"]);
    }
}
