//! A capture with a colour cast (a warm or cool white balance) tints the page, every Tango
//! cell's ground and the margin around a Queens board; both readers refuse it as it is. It is
//! read again with the surround made neutral (`vision::cast`), and answered right; the answer
//! is drawn on the original.

use image::RgbImage;
use snapsolve::answer::solve_reading;
use snapsolve::certify::CertifyOptions;
use snapsolve::pipeline::{ReadOptions, read};
use snapsolve::solve::SolveOptions;

#[path = "support/shared.rs"]
mod shared_data;

/// Each channel scaled by `f` (clipped at 255).
fn cast(img: &RgbImage, f: [f32; 3]) -> RgbImage {
    let mut out = img.clone();
    for p in out.pixels_mut() {
        for (v, g) in p.0.iter_mut().zip(f) {
            *v = (f32::from(*v) * g).round().min(255.0) as u8;
        }
    }
    out
}

#[test]
fn captures_with_a_warm_or_cool_cast_are_read_neutralised() {
    let Some(root) = shared_data::shared_path("realshots") else {
        return;
    };
    let warm = [1.0, 0.93, 0.78];
    let cool = [0.85, 0.95, 1.0];
    for (name, game, f) in [
        ("wswebcreation__rn-tango__tango-470", "tango", warm),
        ("santipvz__tango_solver__sample2", "tango", cool),
        ("darcipeoples__linkedin-solvers__2025-05-04", "queens", warm),
    ] {
        let img = shared_data::open_capture(&root.join(format!("{game}/{name}.png")));
        let (_, want) = shared_data::label_solution(&root, name);
        let opts = ReadOptions::default();
        let tinted = cast(&img, f);
        let traced = read(&tinted, &opts);
        assert!(
            traced.trace.cast_gains.is_some(),
            "{name}: read neutralised"
        );
        let reading = traced.reading.expect("a board");
        let solved = solve_reading(
            reading,
            &SolveOptions::default(),
            &CertifyOptions::default(),
        )
        .unwrap();
        assert_eq!(solved.answer(), Some(&want), "{name}");
        // The untinted capture is read as it is.
        assert!(read(&img, &opts).trace.cast_gains.is_none(), "{name}");
    }
}

/// An inverted capture turns the moon orange and the sun blue: the icons are named by their
/// shapes (the sun is the disc, `TangoReadOptions::shape_names_icons`), the pair is reported
/// as a themed one, and the answer is the label's (it had S and M swapped before).
#[test]
fn an_inverted_capture_names_its_icons_by_shape() {
    let Some(root) = shared_data::shared_path("realshots") else {
        return;
    };
    for name in [
        "wswebcreation__rn-tango__tango-470",
        "wswebcreation__rn-tango__tango-430",
    ] {
        let mut inverted = shared_data::open_capture(&root.join(format!("tango/{name}.png")));
        image::imageops::invert(&mut inverted);
        let (_, want) = shared_data::label_solution(&root, name);
        let reading = read(&inverted, &ReadOptions::default())
            .reading
            .expect("a board");
        assert!(reading.icons.is_some_and(|i| i.themed), "{name}");
        let solved = solve_reading(
            reading,
            &SolveOptions::default(),
            &CertifyOptions::default(),
        )
        .unwrap();
        assert_eq!(solved.answer(), Some(&want), "{name}");
    }
}
