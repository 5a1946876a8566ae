//! Unit tests of the synthetic renderer.

use super::*;
use crate::format;
use crate::puzzle::Tango;

fn tango() -> Puzzle {
    format::parse("tango 4x4\nS . . M\n\n. .=. .\nx\n. . . .\n\n. . . .\n").unwrap()
}

#[test]
fn grid_matches_scale_and_frame() {
    for frame in [Frame::None, Frame::Desktop, Frame::Phone] {
        let opts = SynthOptions {
            frame,
            scale: 200,
            ..Default::default()
        };
        let shot = render(&tango(), None, &opts).unwrap();
        assert_eq!(shot.grid.cell_w, 50.0);
        assert!(shot.grid.left >= 0.0 && shot.grid.top >= 0.0);
        assert!(shot.grid.left + shot.grid.width() <= shot.image.width() as f32);
        assert!(shot.grid.top + shot.grid.height() <= shot.image.height() as f32);
        // A given cell's corner shows the given colour, an empty cell's the cell colour.
        let pal = Palette::for_theme(Theme::Light);
        let px = |r: usize, c: usize| {
            let x = shot.grid.left + (c as f32 + 0.15) * 50.0;
            let y = shot.grid.top + (r as f32 + 0.15) * 50.0;
            *shot.image.get_pixel(x as u32, y as u32)
        };
        assert_eq!(px(0, 0), pal.tango_given);
        assert_eq!(px(1, 1), pal.tango_cell);
    }
}

#[test]
fn same_seed_same_image_and_states_need_a_solution() {
    let opts = SynthOptions {
        noise: 3.0,
        jpeg_quality: Some(60),
        seed: 9,
        ..Default::default()
    };
    let a = render(&tango(), None, &opts).unwrap();
    let b = render(&tango(), None, &opts).unwrap();
    assert_eq!(a.image, b.image);
    let err = render(
        &tango(),
        None,
        &SynthOptions {
            state: GameState::Solved,
            ..Default::default()
        },
    );
    assert!(matches!(err, Err(RenderError::NeedSolution(_))));
    let bad = render(
        &tango(),
        None,
        &SynthOptions {
            scale: 5,
            ..Default::default()
        },
    );
    assert!(matches!(bad, Err(RenderError::BadOption(_))));
}

#[test]
fn queens_solved_places_every_crown() {
    let p = format::parse("queens 4x4\nA A B B\nA C C B\nD C C B\nD D D B\n").unwrap();
    let sol = Solution::Queens {
        crowns: vec![1, 3, 0, 2],
    };
    let shot = render(
        &p,
        Some(&sol),
        &SynthOptions {
            state: GameState::Solved,
            ..Default::default()
        },
    )
    .unwrap();
    let crowns: Vec<Pos> = shot
        .placed
        .iter()
        .filter(|p| matches!(p, Placed::Crown { .. }))
        .map(|p| p.pos())
        .collect();
    assert_eq!(crowns.len(), 4);
    assert!(crowns.iter().all(|&p| sol.has_crown(p)));
    assert_eq!(shot.placed.len(), 16);
    // A solution of the wrong size is refused.
    let wrong = Solution::Queens { crowns: vec![0, 1] };
    assert!(matches!(
        render(
            &p,
            Some(&wrong),
            &SynthOptions {
                state: GameState::Solved,
                ..Default::default()
            }
        ),
        Err(RenderError::SolutionMismatch(_))
    ));
}

#[test]
fn extreme_scales_and_every_frame_render() {
    let q = format::parse("queens 4x4\nA A B B\nA C C B\nD C C B\nD D D B\n").unwrap();
    let sol = Solution::Queens {
        crowns: vec![1, 3, 0, 2],
    };
    for p in [tango(), q] {
        for frame in [Frame::None, Frame::Desktop, Frame::Phone] {
            for scale in [SCALE_RANGE.0, 1200] {
                for theme in [Theme::Light, Theme::Dark] {
                    let sol = match p {
                        Puzzle::Queens(_) => Some(&sol),
                        Puzzle::Tango(_) => None,
                    };
                    let state = if sol.is_some() {
                        GameState::Solved
                    } else {
                        GameState::Raw
                    };
                    let opts = SynthOptions {
                        frame,
                        scale,
                        theme,
                        state,
                        ..Default::default()
                    };
                    let shot = render(&p, sol, &opts).unwrap();
                    assert!(shot.grid.left + shot.grid.width() <= shot.image.width() as f32);
                }
            }
        }
    }
}

#[test]
fn random_options_cover_the_ranges() {
    let mut rng = Rng::new(5);
    let ranges = RandomRanges::default();
    let all: Vec<SynthOptions> = (0..300)
        .map(|_| SynthOptions::random(&mut rng, &ranges))
        .collect();
    for f in [Frame::None, Frame::Desktop, Frame::Phone] {
        assert!(all.iter().any(|o| o.frame == f));
    }
    for s in [GameState::Raw, GameState::InProgress, GameState::Solved] {
        assert!(all.iter().any(|o| o.state == s));
    }
    assert!(all.iter().any(|o| o.theme == Theme::Dark));
    assert!(all.iter().all(|o| (144..=1080).contains(&o.scale)));
    assert!(all.iter().any(|o| o.scale < 200) && all.iter().any(|o| o.scale > 1000));
    let qs: Vec<u8> = all.iter().filter_map(|o| o.jpeg_quality).collect();
    assert!(qs.iter().all(|q| (35..=95).contains(q)));
    assert!(qs.len() > 150 && qs.len() < 270);
}

#[test]
fn degenerate_boards_are_refused() {
    let empty = Puzzle::Tango(Tango::empty(0, 0));
    assert!(matches!(
        render(&empty, None, &SynthOptions::default()),
        Err(RenderError::BadOption(_))
    ));
    let tall = Puzzle::Tango(Tango::empty(16, 2));
    assert!(matches!(
        render(&tall, None, &SynthOptions::default()),
        Err(RenderError::BadOption(_))
    ));
}

mod default_tests {
    use super::*;

    #[test]
    fn documented_synth_defaults() {
        let d = SynthOptions::default();
        assert_eq!(d.theme, Theme::Light);
        assert_eq!(d.scale, 360);
        assert_eq!(d.frame, Frame::None);
        assert_eq!(d.state, GameState::Raw);
        assert_eq!(d.jpeg_quality, None);
        assert_eq!((d.blur, d.noise, d.seed), (0.0, 0.0, 0));
        assert_eq!(d.progress, 0.4);
        assert_eq!(d.wrong_pieces, 0);
        assert!(d.x_marks && d.shuffle_colors && !d.hover && !d.cursor);
        assert_eq!(d.crown_style, CrownStyle::Auto);
    }

    #[test]
    fn documented_random_ranges_defaults() {
        let d = RandomRanges::default();
        assert_eq!(d.base_scale, 360);
        assert_eq!(d.scale, (0.4, 3.0));
        assert_eq!(d.jpeg, (35, 95));
        assert_eq!(d.jpeg_share, 0.7);
        assert_eq!(d.max_blur, 0.8);
        assert_eq!(d.max_noise, 3.0);
        assert_eq!((d.hover_share, d.cursor_share), (0.0, 0.0));
    }
}

mod variation_tests {
    use super::*;
    use crate::format;

    #[test]
    fn documented_variation_defaults() {
        let d = Variations::default();
        assert_eq!((d.pointer, d.cut), (None, None));
        assert_eq!((d.pointer_scale, d.fade), (0.0, 1.0));
        assert!(!d.stripes && !d.shimmer && !d.themed && !d.hint_mode);
    }

    #[test]
    fn hint_mode_draws_over_queens_and_refuses_tango() {
        let q = format::parse("queens 4x4\nA A B B\nA A B B\nC C D D\nC C D D\n").unwrap();
        for seed in 0..12 {
            let opts = SynthOptions {
                seed,
                variations: Variations {
                    hint_mode: true,
                    ..Default::default()
                },
                ..Default::default()
            };
            let a = render(&q, None, &opts).unwrap();
            assert_eq!(a.image, render(&q, None, &opts).unwrap().image);
            let p = SynthOptions {
                variations: Variations::default(),
                ..opts.clone()
            };
            let plain_seed = render(&q, None, &p).unwrap();
            assert_ne!(a.image, plain_seed.image, "seed {seed}");
        }
        let t = format::parse("tango 4x4\nS . . M\n\n. . . .\n\n. . . .\n\n. . . .\n").unwrap();
        let opts = SynthOptions {
            variations: Variations {
                hint_mode: true,
                ..Default::default()
            },
            ..Default::default()
        };
        assert!(matches!(
            render(&t, None, &opts),
            Err(RenderError::BadOption(_))
        ));
    }

    #[test]
    fn every_variation_renders_deterministically() {
        let p = format::parse("tango 4x4\nS . . M\n\n. .=. .\nx\n. . . .\n\n. . . .\n").unwrap();
        let plain = render(&p, None, &SynthOptions::default()).unwrap();
        for (i, v) in [
            Variations {
                pointer: Some(Pointer::Arrow),
                ..Default::default()
            },
            Variations {
                pointer: Some(Pointer::Hand),
                pointer_scale: 2.0,
                ..Default::default()
            },
            Variations {
                stripes: true,
                shimmer: true,
                themed: true,
                ..Default::default()
            },
            Variations {
                cut: Some(Side::Left),
                ..Default::default()
            },
            Variations {
                cut: Some(Side::Bottom),
                ..Default::default()
            },
        ]
        .into_iter()
        .enumerate()
        {
            let opts = SynthOptions {
                variations: v.clone(),
                seed: i as u64,
                ..Default::default()
            };
            let a = render(&p, None, &opts).unwrap();
            let b = render(&p, None, &opts).unwrap();
            assert_eq!(a.image, b.image, "{v:?}");
            assert_eq!(a.pointer_box.is_some(), v.pointer.is_some());
            if v.cut.is_some() {
                assert!(
                    a.image.width() * a.image.height() < plain.image.width() * plain.image.height()
                );
                let g = a.grid;
                let outside = g.left < 0.0
                    || g.top < 0.0
                    || g.left + g.width() > a.image.width() as f32
                    || g.top + g.height() > a.image.height() as f32;
                assert!(outside, "the cut goes through the board");
            } else {
                assert_ne!(a.image, plain.image);
            }
        }
        let bad = SynthOptions {
            variations: Variations {
                fade: 1.5,
                ..Default::default()
            },
            ..Default::default()
        };
        assert!(matches!(
            render(&p, None, &bad),
            Err(RenderError::BadOption(_))
        ));
    }
}

#[test]
fn a_clash_puts_two_crowns_apart_on_the_striped_line() {
    use variation::{Line, clash_on};
    let mut rng = Rng::new(5);
    // None there: two added, at least two cells apart.
    let mut placed = Vec::new();
    clash_on(Line::Row(2), 7, &mut placed, &mut rng);
    let cols: Vec<usize> = placed.iter().map(|p| p.pos().col).collect();
    assert_eq!(placed.len(), 2);
    assert!(
        placed
            .iter()
            .all(|p| matches!(p, Placed::Crown { pos } if pos.row == 2))
    );
    assert!(cols[0].abs_diff(cols[1]) >= 2, "{cols:?}");
    // One there already: one more, and no x mark left under a crown.
    let mut placed: Vec<Placed> = (0..7)
        .map(|r| Placed::Cross {
            pos: Pos::new(r, 4),
        })
        .collect();
    placed[3] = Placed::Crown {
        pos: Pos::new(3, 4),
    };
    clash_on(Line::Col(4), 7, &mut placed, &mut rng);
    let crowns: Vec<Pos> = placed
        .iter()
        .filter(|p| matches!(p, Placed::Crown { .. }))
        .map(|p| p.pos())
        .collect();
    assert_eq!(crowns.len(), 2);
    assert!(crowns.iter().all(|c| c.col == 4));
    assert_eq!(placed.len(), 7, "the x mark under the added crown went");
}

#[test]
fn a_tango_clash_shows_three_alike_with_a_wrong_piece() {
    use variation::clash_tango;
    let p = format::parse("tango 4x4\nS . . M\n\n. . . .\n\n. . . .\n\n. . . .\n").unwrap();
    let (_, sol) =
        format::parse_solution("tango 4x4\nS M S M\n\nM S M S\n\nS S M M\n\nM M S S\n").unwrap();
    let Puzzle::Tango(t) = &p else { unreachable!() };
    for seed in 0..40 {
        let mut placed = Vec::new();
        let at = clash_tango(t, Some(&sol), &mut placed, &mut Rng::new(seed)).expect("a window");
        assert_eq!(at.to - at.from, 3);
        let cells: Vec<Pos> = (at.from..at.to)
            .map(|k| match at.line {
                variation::Line::Row(r) => Pos::new(r, k),
                variation::Line::Col(c) => Pos::new(k, c),
            })
            .collect();
        let shown = |pos: Pos| {
            t.given(pos).or_else(|| {
                placed.iter().find_map(|q| match *q {
                    Placed::Symbol { pos: at, symbol } if at == pos => Some(symbol),
                    _ => None,
                })
            })
        };
        let kinds: Vec<Option<crate::puzzle::Symbol>> = cells.iter().map(|&c| shown(c)).collect();
        assert!(
            kinds.iter().all(|k| k.is_some() && *k == kinds[0]),
            "{kinds:?}"
        );
        // Givens stay as they are; some piece there is not the solution's.
        assert!(placed.iter().all(|q| t.given(q.pos()).is_none()));
        assert!(
            cells.iter().any(|&c| shown(c) != sol.symbol(c)),
            "seed {seed}"
        );
    }
}
