//! The committed fixtures (fixtures/<id>.png + <id>.txt + <id>.json, listed in
//! fixtures/MANIFEST.tsv): one test per fixture checks that its label parses and prints back,
//! that the puzzle has exactly one solution (brute force), and that rendering the label with the
//! manifest's options reproduces the committed PNG and its ground truth. Regenerate the set with
//! `cargo run --example make_fixtures`.

mod support;

use snapsolve::format;
use snapsolve::render::fixtures::{FixtureSpec, parse_manifest};
use snapsolve::render::synth::{GameState, render};
use std::path::{Path, PathBuf};
use support::{brute, imgdiff};

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

fn manifest() -> Vec<FixtureSpec> {
    let text = std::fs::read_to_string(fixtures_dir().join("MANIFEST.tsv"))
        .expect("fixtures/MANIFEST.tsv");
    parse_manifest(&text).expect("a valid manifest")
}

fn check(id: &str) {
    let spec = manifest()
        .into_iter()
        .find(|s| s.id == id)
        .unwrap_or_else(|| panic!("{id} is not in fixtures/MANIFEST.tsv"));
    let dir = fixtures_dir();
    let txt = std::fs::read_to_string(dir.join(format!("{id}.txt"))).expect("label");
    let puzzle = format::parse(&txt).unwrap_or_else(|e| panic!("fixtures/{id}.txt: {e}"));
    let body: String = txt
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        format::print(&puzzle),
        body,
        "fixtures/{id}.txt is not canonical"
    );
    let sols = brute::solutions(&puzzle, 2);
    assert_eq!(
        sols.len(),
        1,
        "fixtures/{id}.txt must have exactly one solution"
    );
    let sol = (spec.options.state != GameState::Raw).then(|| &sols[0]);
    let shot = render(&puzzle, sol, &spec.options).expect("render");
    let expected = image::open(dir.join(format!("{id}.png")))
        .expect("fixture PNG")
        .to_rgb8();
    if let Err(e) = imgdiff::compare(&expected, &shot.image) {
        let f = imgdiff::write_failure(&format!("fixture-{id}"), &expected, &shot.image);
        panic!(
            "fixtures/{id}.png differs from a fresh render: {e}\nexpected | diff | actual: {}\n\
             (regenerate with `cargo run --example make_fixtures` if the change is intended)",
            f.display()
        );
    }
    let truth: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join(format!("{id}.json"))).expect("fixture JSON"),
    )
    .expect("valid JSON");
    assert_eq!(
        truth["grid"],
        as_json(&shot.grid),
        "fixtures/{id}.json grid"
    );
    assert_eq!(
        truth["placed"],
        as_json(&shot.placed),
        "fixtures/{id}.json placed pieces"
    );
}

/// Through text, so that f32 fields compare as they were written (shortest f32 form).
fn as_json<T: serde::Serialize>(v: &T) -> serde_json::Value {
    serde_json::from_str(&serde_json::to_string(v).unwrap()).unwrap()
}

macro_rules! fixtures {
    ($($name:ident => $id:literal,)*) => {
        $(
            #[test]
            fn $name() {
                check($id);
            }
        )*

        #[test]
        fn every_manifest_entry_has_a_test_and_files() {
            let listed: Vec<&str> = vec![$($id),*];
            let ids: Vec<String> = manifest().into_iter().map(|s| s.id).collect();
            for id in &ids {
                assert!(listed.contains(&id.as_str()), "{id} has no test in tests/render_fixtures.rs");
                for ext in ["png", "txt", "json"] {
                    assert!(fixtures_dir().join(format!("{id}.{ext}")).exists(), "fixtures/{id}.{ext} missing");
                }
            }
            assert_eq!(ids.len(), listed.len(), "tests listed for fixtures not in the manifest");
        }
    };
}

fixtures! {
    tango_6_light_none_raw => "tango-6x6-light-none-raw",
    tango_6_light_none_in_progress => "tango-6x6-light-none-in-progress",
    tango_6_dark_none_solved => "tango-6x6-dark-none-solved",
    tango_6_light_desktop_raw => "tango-6x6-light-desktop-raw",
    tango_6_dark_desktop_in_progress_q80 => "tango-6x6-dark-desktop-in-progress-q80",
    tango_6_light_phone_solved => "tango-6x6-light-phone-solved",
    tango_6_dark_phone_raw => "tango-6x6-dark-phone-raw",
    tango_6_light_none_raw_q60 => "tango-6x6-light-none-raw-q60",
    tango_8_light_none_raw => "tango-8x8-light-none-raw",
    tango_8_dark_phone_in_progress => "tango-8x8-dark-phone-in-progress",
    tango_8_light_desktop_solved => "tango-8x8-light-desktop-solved",
    queens_5_light_none_raw => "queens-5x5-light-none-raw",
    queens_6_dark_none_in_progress => "queens-6x6-dark-none-in-progress",
    queens_7_light_desktop_raw => "queens-7x7-light-desktop-raw",
    queens_8_light_phone_solved => "queens-8x8-light-phone-solved",
    queens_9_dark_phone_raw => "queens-9x9-dark-phone-raw",
    queens_10_light_none_in_progress => "queens-10x10-light-none-in-progress",
    queens_11_dark_desktop_solved => "queens-11x11-dark-desktop-solved",
    queens_12_light_none_solved_q75 => "queens-12x12-light-none-solved-q75",
    queens_9_light_none_raw => "queens-9x9-light-none-raw",
    queens_9_dark_none_raw => "queens-9x9-dark-none-raw",
}

#[test]
fn fixtures_cover_every_theme_frame_state_and_size() {
    let specs = manifest();
    for theme in ["light", "dark"] {
        for frame in ["none", "desktop", "phone"] {
            assert!(
                specs
                    .iter()
                    .any(|s| s.to_row().split('\t').nth(2) == Some(theme)
                        && s.options.frame.name() == frame),
                "no {theme} {frame} fixture"
            );
        }
    }
    for state in ["raw", "in-progress", "solved"] {
        assert!(specs.iter().any(|s| s.options.state.name() == state));
    }
    for size in ["tango-6x6", "tango-8x8"]
        .into_iter()
        .map(String::from)
        .chain((5..=12).map(|n| format!("queens-{n}x{n}")))
    {
        assert!(
            specs.iter().any(|s| s.id.starts_with(&format!("{size}-"))),
            "no {size} fixture"
        );
    }
    let total: u64 = std::fs::read_dir(fixtures_dir())
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum();
    assert!(
        total < 3_000_000,
        "fixtures/ is {total} bytes; keep it under 3 MB"
    );
}
