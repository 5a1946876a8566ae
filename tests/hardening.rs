//! Bad input gets a typed error and its exit code, never a panic, a hang or a half-written
//! file. A should-not-panic corpus is generated here at test time (truncations, bit flips,
//! forged headers, random bytes, degenerate images, mangled puzzle text) and run through the
//! whole pipeline: sniff -> decode -> locate -> read -> solve, and the text parser.

use snapsolve::answer::{self, ErrorKind, ImageError, ImageOptions};
use snapsolve::format;
use snapsolve::input::{InputKind, sniff};
use snapsolve::render::synth::{self, SynthOptions};
use snapsolve::vision::ReadError;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_snapsolve"))
        .args(args)
        .output()
        .expect("runs")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code (not killed by a signal)")
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("snapsolve-hard-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// splitmix64: a deterministic generator for the corpus.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn png(img: &image::RgbImage) -> Vec<u8> {
    let mut v = Vec::new();
    img.write_to(&mut Cursor::new(&mut v), image::ImageFormat::Png)
        .unwrap();
    v
}

fn jpeg(img: &image::RgbImage) -> Vec<u8> {
    let mut v = Vec::new();
    img.write_to(&mut Cursor::new(&mut v), image::ImageFormat::Jpeg)
        .unwrap();
    v
}

fn board_png(scale: u32) -> (Vec<u8>, image::RgbImage) {
    let text = "tango 6x6\n. . . . . .\n\n. . . . . .\n\n. . . S . .\n\n. M M . . .\n\n. . M . . .\n\n. . . . S S\n";
    let p = format::parse(text).unwrap();
    let s = synth::render(
        &p,
        None,
        &SynthOptions {
            scale,
            ..SynthOptions::default()
        },
    )
    .unwrap();
    (png(&s.image), s.image)
}

/// Runs the whole image pipeline on bytes; returns the kind of error it gave, if any (any
/// solver outcome is fine).
fn pipeline_error(bytes: &[u8]) -> Option<ErrorKind> {
    match sniff(bytes) {
        InputKind::Image(_) => answer::solve_image_bytes(bytes, &ImageOptions::default())
            .err()
            .map(|e| e.kind()),
        _ => match format::parse_bytes(bytes) {
            Ok(p) => {
                let _ = snapsolve::solve::solve(&p, &Default::default());
                None
            }
            Err(e) => {
                assert!(e.line >= 1 && e.col >= 1);
                Some(ErrorKind::BadPuzzle)
            }
        },
    }
}

#[test]
fn junk_corpus_never_panics() {
    let mut rng = Rng(0x5eed);
    let (board, img) = board_png(160);
    let board_jpg = jpeg(&img);
    let mut corpus: Vec<Vec<u8>> = Vec::new();
    // Truncations of a valid PNG and JPEG at many lengths.
    for src in [&board, &board_jpg] {
        for k in 0..24 {
            corpus.push(src[..src.len() * k / 24].to_vec());
        }
    }
    // Bit flips and byte overwrites.
    for _ in 0..40 {
        let mut b = if rng.below(2) == 0 {
            board.clone()
        } else {
            board_jpg.clone()
        };
        for _ in 0..1 + rng.below(8) {
            let i = rng.below(b.len());
            b[i] ^= 1 << rng.below(8);
        }
        corpus.push(b);
    }
    // A PNG header claiming huge or zero dimensions.
    for (w, h) in [
        (0u32, 0u32),
        (1, 1),
        (20000, 20),
        (100_000, 100_000),
        (u32::MAX, 1),
    ] {
        let mut b = board.clone();
        b[16..20].copy_from_slice(&w.to_be_bytes());
        b[20..24].copy_from_slice(&h.to_be_bytes());
        corpus.push(b);
    }
    // Random bytes, with and without image magic.
    for n in [0usize, 1, 7, 64, 4096] {
        let r: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
        corpus.push(r.clone());
        corpus.push([b"\x89PNG\r\n\x1a\n".as_slice(), &r].concat());
        corpus.push([[0xffu8, 0xd8, 0xff].as_slice(), &r].concat());
        corpus.push([b"RIFF\0\0\0\0WEBP".as_slice(), &r].concat());
    }
    // Degenerate images.
    let noise = image::RgbImage::from_fn(320, 240, |_, _| {
        image::Rgb([rng.next() as u8, rng.next() as u8, rng.next() as u8])
    });
    for im in [
        image::RgbImage::from_pixel(1, 1, image::Rgb([0, 0, 0])),
        image::RgbImage::from_pixel(2, 2000, image::Rgb([255, 255, 255])),
        image::RgbImage::from_pixel(3000, 3, image::Rgb([255, 255, 255])),
        image::RgbImage::from_pixel(400, 300, image::Rgb([255, 255, 255])),
        image::RgbImage::from_pixel(400, 300, image::Rgb([0, 0, 0])),
        noise,
    ] {
        corpus.push(png(&im));
        corpus.push(jpeg(&im));
    }
    // A board cut in half, and tiled.
    let half = image::imageops::crop_imm(&img, 0, 0, img.width() / 2, img.height()).to_image();
    corpus.push(png(&half));
    // Mangled puzzle text.
    let text = "tango 6x6\nS . . . . M\nx\n. M=. . . .\n\n. . . . . .\n\n. . . . . .\n\n. . . . . .\n\n. . . . . .\n";
    for _ in 0..60 {
        let mut b = text.as_bytes().to_vec();
        match rng.below(4) {
            0 => b.truncate(rng.below(b.len())),
            1 => {
                let i = rng.below(b.len());
                b[i] = b"SM.=x \n#q9"[rng.below(10)];
            }
            2 => {
                let i = rng.below(b.len());
                b.insert(i, rng.next() as u8);
            }
            _ => b.extend(std::iter::repeat_n(b'.', rng.below(300))),
        }
        corpus.push(b);
    }
    corpus.push(vec![b'#'; format::MAX_TEXT_BYTES + 10]);
    corpus.push(b"queens 40x40\n".to_vec());
    corpus.push(b"tango 4000000000x2\n".to_vec());
    for (i, b) in corpus.iter().enumerate() {
        let e = pipeline_error(b);
        assert!(
            !matches!(e, Some(ErrorKind::Internal | ErrorKind::Io)),
            "input {i} ({} bytes) gave {e:?}",
            b.len()
        );
    }
}

#[test]
fn bad_images_have_typed_errors() {
    let o = ImageOptions::default();
    let err = |b: &[u8]| answer::solve_image_bytes(b, &o).err();
    let (board, _) = board_png(160);
    assert!(matches!(
        err(&board[..board.len() / 2]),
        Some(ImageError::Read(ReadError::Decode(_)))
    ));
    assert!(matches!(
        err(b""),
        Some(ImageError::Read(ReadError::Decode(_)))
    ));
    let wide = png(&image::RgbImage::from_pixel(
        20000,
        20,
        image::Rgb([255, 255, 255]),
    ));
    assert!(matches!(
        err(&wide),
        Some(ImageError::Read(ReadError::TooLarge { .. }))
    ));
    for im in [
        image::RgbImage::from_pixel(1, 1, image::Rgb([255, 255, 255])),
        image::RgbImage::from_pixel(500, 400, image::Rgb([255, 255, 255])),
        image::RgbImage::from_pixel(500, 400, image::Rgb([0, 0, 0])),
    ] {
        assert!(
            matches!(
                err(&png(&im)),
                Some(ImageError::Read(ReadError::NoBoard(_)))
            ),
            "{}x{}",
            im.width(),
            im.height()
        );
    }
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn the_binary_gives_each_bad_input_its_exit_code() {
    let dir = scratch("codes");
    let (board, _) = board_png(160);
    let mut rng = Rng(9);
    let noise = image::RgbImage::from_fn(300, 200, |_, _| {
        image::Rgb([rng.next() as u8, rng.next() as u8, rng.next() as u8])
    });
    let cases: Vec<(String, i32)> = vec![
        (write(&dir, "empty.png", b""), 5),
        (write(&dir, "cut.png", &board[..board.len() / 3]), 5),
        (write(&dir, "cut.jpg", &jpeg(&noise)[..500]), 5),
        (write(&dir, "notes.png", b"hello, world\n"), 5),
        (
            write(&dir, "anim.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00"),
            5,
        ),
        (
            write(&dir, "tiny.png", &png(&image::RgbImage::new(1, 1))),
            7,
        ),
        (
            write(&dir, "wide.png", &png(&image::RgbImage::new(20000, 20))),
            5,
        ),
        (
            write(
                &dir,
                "white.png",
                &png(&image::RgbImage::from_pixel(640, 480, image::Rgb([255; 3]))),
            ),
            7,
        ),
        (
            write(&dir, "black.jpg", &jpeg(&image::RgbImage::new(640, 480))),
            7,
        ),
        (write(&dir, "noise.png", &png(&noise)), 7),
        (dir.join("missing.png").to_str().unwrap().to_string(), 6),
    ];
    for (path, want) in &cases {
        let o = run(&["solve", path]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(code(&o), *want, "{path}: {err}");
        assert!(err.contains("snapsolve: "), "{path}: a message: {err}");
        assert!(!err.contains("panicked"), "{path}: {err}");
    }
    // `read` gives the same codes for images.
    let o = run(&["read", &cases[1].0]);
    assert_eq!(code(&o), 5);
    let o = run(&["read", &cases[5].0]);
    assert_eq!(code(&o), 7);
    // A folder with no images, and a directory where a puzzle file is expected.
    let empty = dir.join("nothing");
    std::fs::create_dir_all(&empty).unwrap();
    assert_eq!(code(&run(&["solve", empty.to_str().unwrap()])), 6);
    assert_eq!(code(&run(&["check-format", empty.to_str().unwrap()])), 6);
    assert_eq!(code(&run(&["count", empty.to_str().unwrap()])), 6);
    // Several inputs: the most severe code wins, every input is reported.
    let o = run(&["solve", &cases[0].0, &cases[5].0, &cases[10].0]);
    assert_eq!(code(&o), 6);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn puzzle_text_errors_name_line_and_column() {
    let dir = scratch("text");
    let cases = [
        ("header.txt", b"tangoo 6x6\n".to_vec(), ":1:"),
        ("chars.txt", b"tango 2x2\nS Q\n\n. .\n".to_vec(), ":2:3:"),
        ("lines.txt", b"tango 2x2\nS .\n".to_vec(), ":"),
        ("utf8.txt", b"tango 2x2\nS \xff\n\n. .\n".to_vec(), ":2:3:"),
    ];
    for (name, bytes, want) in cases {
        let p = write(&dir, name, &bytes);
        let o = run(&["check-format", &p]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(code(&o), 5, "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
        let o = run(&["solve", &p]);
        assert_eq!(code(&o), 5, "{name}");
    }
    let big = write(&dir, "big.txt", &vec![b'#'; format::MAX_TEXT_BYTES + 100]);
    let o = run(&["check-format", &big]);
    assert_eq!(code(&o), 5);
    assert!(String::from_utf8_lossy(&o.stderr).contains(":1:1:"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_timeout_is_its_own_outcome() {
    let dir = scratch("timeout");
    // An empty 16x16 Tango board: z3 needs far more than a millisecond to find two solutions.
    let mut text = String::from("tango 16x16\n");
    for r in 0..16 {
        text += &vec!["."; 16].join(" ");
        text.push('\n');
        if r < 15 {
            text.push('\n');
        }
    }
    let p = write(&dir, "empty16.txt", text.as_bytes());
    // Almost every run times out; on a rare fast one z3 finds two solutions within the
    // millisecond (exit 4, a right answer), so a few runs are allowed to reach the timeout.
    let timed_out = |args: &[&str]| {
        let runs: Vec<_> = (0..5).map(|_| run(args)).collect();
        for o in &runs {
            assert!(
                matches!(code(o), 4 | 8),
                "{}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        runs.into_iter()
            .find(|o| code(o) == 8)
            .expect("no run timed out")
    };
    let o = timed_out(&["solve", "--timeout", "1", &p]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("timeout"), "{out}");
    let o = timed_out(&["solve", "--format", "json", "--timeout", "1", &p]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("\"outcome\":\"timeout\""));
    // Zero is not a time limit.
    assert_eq!(code(&run(&["solve", "--timeout", "0", &p])), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn outputs_are_atomic_and_the_input_is_never_overwritten() {
    let dir = scratch("atomic");
    let (board, _) = board_png(200);
    let input = write(&dir, "board.png", &board);
    // -o naming the input, directly or through `..`.
    for out in [
        input.clone(),
        dir.join("x/../board.png").to_str().unwrap().to_string(),
    ] {
        std::fs::create_dir_all(dir.join("x")).unwrap();
        let o = run(&["solve", &input, "-o", &out]);
        assert_eq!(code(&o), 6, "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(std::fs::read(&input).unwrap(), board);
    }
    // --out-dir equal to the input folder writes beside it without touching it.
    let o = run(&[
        "solve",
        "-q",
        dir.to_str().unwrap(),
        "--out-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 0, "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(std::fs::read(&input).unwrap(), board);
    assert!(dir.join("board.solved.png").exists());
    // No temporary files are left behind.
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    // An output in a folder that cannot be created is an I/O error and leaves nothing.
    let blocker = write(&dir, "file", b"x");
    let o = run(&["solve", &input, "-o", &format!("{blocker}/out.png")]);
    assert_eq!(code(&o), 6);
    let _ = std::fs::remove_dir_all(&dir);
}
