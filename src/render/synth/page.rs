//! The page chrome around the board: a cropped margin, a desktop page or a phone screen.

use super::GameState;
use crate::board::Theme;
use crate::puzzle::Puzzle;
use crate::render::draw::{self, Color, Shape, hex, mix};
use crate::render::palette::Palette;
use crate::render::rng::Rng;
use image::RgbImage;

/// Layout proportions of the page chrome (relative to the board width or page width). These
/// are measured on real captures; they are constants rather than options because they describe
/// LinkedIn's layout, not a tunable of the renderer.
mod layout {
    /// Margin around a cropped board, relative to the board width.
    pub const CROP_MARGIN: f32 = 0.045;
    /// Desktop page width relative to the board width.
    pub const DESKTOP_WIDTH: f32 = 2.6;
    /// Desktop top navigation bar height relative to the board width.
    pub const DESKTOP_NAV: f32 = 0.13;
    /// Desktop game header height relative to the board width.
    pub const DESKTOP_HEADER: f32 = 0.14;
    /// Phone page width relative to the board width.
    pub const PHONE_WIDTH: f32 = 1.085;
    /// Phone page height relative to its width (iPhone 1284x2778).
    pub const PHONE_ASPECT: f32 = 2.163;
    /// Phone board top relative to the page width.
    pub const PHONE_BOARD_TOP: f32 = 0.66;
}

pub(super) fn canvas(w: f32, h: f32, c: Color) -> RgbImage {
    RgbImage::from_pixel(w.round().max(1.0) as u32, h.round().max(1.0) as u32, c)
}

/// A cropped board: the board with a small page-coloured margin.
pub(super) fn frame_none(pal: &Palette, bw: f32, bh: f32) -> (RgbImage, f32, f32) {
    let m = (bw * layout::CROP_MARGIN).round().max(3.0);
    let img = canvas(bw + 2.0 * m, bh + 2.0 * m, pal.page);
    (img, m, m)
}

pub(super) fn game_title(p: &Puzzle) -> &'static str {
    match p {
        Puzzle::Tango(_) => "Tango",
        Puzzle::Queens(_) => "Queens",
    }
}

/// A pill-shaped button with a centred label.
#[allow(clippy::too_many_arguments)]
pub(super) fn pill(
    img: &mut RgbImage,
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    bg: Option<Color>,
    border: Option<Color>,
    label: &str,
    fg: Color,
) {
    let r = (y1 - y0) / 2.0;
    let s = Shape::rrect(x0, y0, x1, y1, r);
    if let Some(bg) = bg {
        draw::fill(img, &s, bg, 1.0);
    }
    if let Some(b) = border {
        let w = ((y1 - y0) * 0.04).max(1.0);
        draw::fill(img, &s.offset(-w / 2.0).stroke(w), b, 1.0);
    }
    let th = (y1 - y0) * 0.36;
    let tw = draw::text_width(label, th);
    draw::text(
        img,
        (x0 + x1) / 2.0 - tw / 2.0,
        (y0 + y1) / 2.0 - th / 2.0,
        th,
        label,
        fg,
    );
}

/// A clock icon and a time, e.g. `0:26`, with its left edge at `x` and vertical centre `cy`.
pub(super) fn timer(img: &mut RgbImage, x: f32, cy: f32, h: f32, text: &str, color: Color) {
    let r = h * 0.55;
    let w = (h * 0.14).max(1.0);
    draw::fill(img, &Shape::circle(x + r, cy, r).stroke(w), color, 1.0);
    draw::line(img, (x + r, cy - r * 0.55), (x + r, cy), w, color);
    draw::line(img, (x + r, cy), (x + r * 1.45, cy), w, color);
    draw::text(img, x + 2.6 * r, cy - h / 2.0, h, text, color);
}

/// A back arrow (left pointing) at `(x, cy)`, `h` tall.
pub(super) fn back_arrow(img: &mut RgbImage, x: f32, cy: f32, h: f32, color: Color) {
    let w = (h * 0.12).max(1.0);
    draw::fill(
        img,
        &Shape::segment((x, cy), (x + h, cy), w)
            .union(Shape::segment((x, cy), (x + h * 0.45, cy - h * 0.45), w))
            .union(Shape::segment((x, cy), (x + h * 0.45, cy + h * 0.45), w)),
        color,
        1.0,
    );
}

/// A text box with a title and a chevron ("How to play").
#[allow(clippy::too_many_arguments)]
pub(super) fn info_box(
    img: &mut RgbImage,
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    title: &str,
    pal: &Palette,
    bg: Color,
) {
    let r = (y1 - y0) * 0.06;
    let s = Shape::rrect(x0, y0, x1, y1, r);
    draw::fill(img, &s, bg, 1.0);
    draw::fill(img, &s.offset(-0.5).stroke(1.0), pal.panel_border, 1.0);
    let th = (y1 - y0) * 0.2;
    let pad = (x1 - x0) * 0.05;
    draw::text(
        img,
        x0 + pad,
        (y0 + y1) / 2.0 - th / 2.0,
        th,
        title,
        pal.text,
    );
    let cx = x1 - pad * 1.2;
    let cy = (y0 + y1) / 2.0;
    let w = (th * 0.16).max(1.0);
    draw::fill(
        img,
        &Shape::segment((cx - th * 0.4, cy - th * 0.2), (cx, cy + th * 0.2), w).union(
            Shape::segment((cx, cy + th * 0.2), (cx + th * 0.4, cy - th * 0.2), w),
        ),
        pal.text,
        1.0,
    );
}

/// A desktop page: nav bar, game header, a card holding the board, buttons and a box.
pub(super) fn frame_desktop(
    pal: &Palette,
    p: &Puzzle,
    bw: f32,
    bh: f32,
    state: GameState,
) -> (RgbImage, f32, f32) {
    let pw = (bw * layout::DESKTOP_WIDTH).round();
    let nav = (bw * layout::DESKTOP_NAV).round();
    let head = (bw * layout::DESKTOP_HEADER).round();
    let card_pad = (bw * 0.06).round();
    let btn_h = bw * 0.085;
    let box_h = bw * 0.16;
    let card_top = nav + head + (bw * 0.05).round();
    let card_h = card_pad + bh + card_pad * 0.6 + btn_h + card_pad * 0.6 + box_h + card_pad;
    let ph = (card_top + card_h + bw * 0.1).max(pw * 9.0 / 16.0).round();
    let mut img = canvas(pw, ph, pal.desktop_page);
    desktop_nav(&mut img, pal, pw, nav);
    desktop_header(&mut img, pal, p, pw, nav, head, state);
    // The game card.
    // The game card.
    let card_w = bw + 2.0 * card_pad;
    let cx0 = ((pw - card_w) / 2.0).round();
    draw::fill(
        &mut img,
        &Shape::rrect(cx0, card_top, cx0 + card_w, card_top + card_h, bw * 0.02),
        pal.page,
        1.0,
    );
    let left = cx0 + card_pad;
    let top = card_top + card_pad;
    desktop_controls(
        &mut img,
        pal,
        left,
        top + bh + card_pad * 0.6,
        bw,
        btn_h,
        box_h,
        card_pad,
    );
    (img, left, top)
}

/// The top navigation bar of a desktop page: logo, search field, icon blocks.
fn desktop_nav(img: &mut RgbImage, pal: &Palette, pw: f32, nav: f32) {
    draw::fill(img, &Shape::rrect(0.0, 0.0, pw, nav, 0.0), pal.panel, 1.0);
    let icon = nav * 0.42;
    let lx = pw * 0.2;
    draw::fill(
        img,
        &Shape::rrect(lx, nav * 0.25, lx + nav * 0.5, nav * 0.75, nav * 0.06),
        hex(0x0A66C2),
        1.0,
    );
    draw::text(
        img,
        lx + nav * 0.1,
        nav * 0.36,
        nav * 0.28,
        "in",
        hex(0xFFFFFF),
    );
    draw::fill(
        img,
        &Shape::rrect(
            lx + nav * 0.65,
            nav * 0.28,
            lx + nav * 3.2,
            nav * 0.72,
            nav * 0.05,
        ),
        mix(pal.panel, pal.text_muted, 0.18),
        1.0,
    );
    for i in 0..7 {
        let cx = pw * 0.47 + i as f32 * nav * 1.1;
        draw::fill(
            img,
            &Shape::rrect(
                cx - icon / 2.0,
                nav * 0.2,
                cx + icon / 2.0,
                nav * 0.2 + icon,
                icon * 0.2,
            ),
            mix(pal.panel, pal.text, 0.6),
            1.0,
        );
        draw::text(
            img,
            cx - icon * 0.6,
            nav * 0.72,
            nav * 0.12,
            "Item",
            mix(pal.panel, pal.text, 0.6),
        );
    }
    draw::line(
        img,
        (0.0, nav - 0.5),
        (pw, nav - 0.5),
        1.0,
        pal.panel_border,
    );
}

/// The game header of a desktop page: back arrow, title, timer, Clear, help, settings.
#[allow(clippy::too_many_arguments)]
fn desktop_header(
    img: &mut RgbImage,
    pal: &Palette,
    p: &Puzzle,
    pw: f32,
    nav: f32,
    head: f32,
    state: GameState,
) {
    draw::fill(
        img,
        &Shape::rrect(0.0, nav, pw, nav + head, 0.0),
        pal.panel,
        1.0,
    );
    draw::line(
        img,
        (0.0, nav + head - 0.5),
        (pw, nav + head - 0.5),
        1.0,
        pal.panel_border,
    );
    let hy = nav + head / 2.0;
    let th = head * 0.24;
    back_arrow(img, pw * 0.2, hy, th * 1.1, pal.text);
    draw::text(
        img,
        pw * 0.2 + th * 2.0,
        hy - th / 2.0,
        th,
        game_title(p),
        pal.text,
    );
    let time = if state == GameState::Raw {
        "0:00"
    } else {
        "1:37"
    };
    timer(img, pw * 0.47, hy, th * 0.9, time, pal.text);
    let cl = pw * 0.62;
    pill(
        img,
        cl,
        hy - head * 0.22,
        cl + head * 0.9,
        hy + head * 0.22,
        None,
        Some(pal.text),
        "Clear",
        pal.text,
    );
    draw::fill(
        img,
        &Shape::circle(cl + head * 1.3, hy, head * 0.16),
        pal.text,
        1.0,
    );
    draw::text(
        img,
        cl + head * 1.3 - th * 0.3,
        hy - th * 0.3,
        th * 0.6,
        "?",
        pal.panel,
    );
    draw::text(
        img,
        cl + head * 1.75,
        hy - th * 0.4,
        th * 0.8,
        "Settings",
        pal.text,
    );
}

/// The Undo / Hint buttons and the "How to play" box under a desktop board, from `by` down.
#[allow(clippy::too_many_arguments)]
fn desktop_controls(
    img: &mut RgbImage,
    pal: &Palette,
    left: f32,
    by: f32,
    bw: f32,
    btn_h: f32,
    box_h: f32,
    card_pad: f32,
) {
    let gap = bw * 0.02;
    let half = (bw - gap) / 2.0;
    pill(
        img,
        left,
        by,
        left + half,
        by + btn_h,
        Some(pal.button),
        None,
        "Undo",
        pal.text_muted,
    );
    pill(
        img,
        left + half + gap,
        by,
        left + bw,
        by + btn_h,
        Some(pal.panel),
        Some(pal.text),
        "Hint",
        pal.text,
    );
    let boy = by + btn_h + card_pad * 0.6;
    info_box(
        img,
        left,
        boy,
        left + bw,
        boy + box_h,
        "How to play",
        pal,
        pal.page,
    );
}

/// A phone screenshot: status bar, app sheet with header, timer row, board, buttons, boxes and
/// (when solved) the "See results" button.
pub(super) fn frame_phone(
    pal: &Palette,
    p: &Puzzle,
    bw: f32,
    bh: f32,
    state: GameState,
    rng: &mut Rng,
) -> (RgbImage, f32, f32) {
    let pw = (bw * layout::PHONE_WIDTH).round();
    let top = (pw * layout::PHONE_BOARD_TOP * 0.57).round();
    let ph = (pw * layout::PHONE_ASPECT).max(top + bh + pw * 0.9).round();
    let mut img = canvas(pw, ph, hex(0x000000));
    let u = pw / 100.0;
    let sb = 11.0 * u;
    phone_status_bar(&mut img, u, rng);
    // App sheet.
    draw::fill(
        &mut img,
        &Shape::rrect(0.0, sb, pw, ph + 5.0 * u, 3.0 * u),
        pal.page,
        1.0,
    );
    phone_header(&mut img, pal, p, pw, sb + 5.8 * u, u);
    phone_timer_row(&mut img, pal, p, sb + 19.0 * u, u, state);
    // Board position.
    let left = ((pw - bw) / 2.0).round();
    phone_under_board(&mut img, pal, p, (left, top + bh), bw, ph, u, state);
    // Home indicator.
    draw::fill(
        &mut img,
        &Shape::rrect(32.0 * u, ph - 2.4 * u, 68.0 * u, ph - 1.6 * u, 0.4 * u),
        pal.text,
        1.0,
    );
    (img, left, top)
}

/// The phone status bar: clock, signal bars and battery on black.
fn phone_status_bar(img: &mut RgbImage, u: f32, rng: &mut Rng) {
    let hh = 3.0 * u;
    let clock = format!("{}:{:02}", 1 + rng.below(11), rng.below(60));
    draw::text(img, 10.0 * u, 4.2 * u, hh, &clock, hex(0xFFFFFF));
    for i in 0..4 {
        let x = 72.0 * u + i as f32 * 1.2 * u;
        let h = (i as f32 + 1.0) * 0.6 * u;
        draw::fill(
            img,
            &Shape::rrect(x, 7.0 * u - h, x + 0.8 * u, 7.0 * u, 0.2 * u),
            hex(0xFFFFFF),
            1.0,
        );
    }
    draw::fill(
        img,
        &Shape::rrect(85.0 * u, 4.6 * u, 92.0 * u, 7.4 * u, 0.8 * u).stroke(0.3 * u),
        hex(0xFFFFFF),
        1.0,
    );
    draw::fill(
        img,
        &Shape::rrect(85.6 * u, 5.2 * u, 89.0 * u, 6.8 * u, 0.4 * u),
        hex(0xF8D81C),
        1.0,
    );
}

/// The phone app header at height `hy`: back arrow, game title and its icon, help and menu.
fn phone_header(img: &mut RgbImage, pal: &Palette, p: &Puzzle, pw: f32, hy: f32, u: f32) {
    back_arrow(img, 4.0 * u, hy, 5.0 * u, pal.text);
    let title = game_title(p);
    let th = 3.4 * u;
    let tw = draw::text_width(title, th) + 4.0 * u;
    let tx = pw / 2.0 - tw / 2.0;
    draw::fill(
        img,
        &Shape::rrect(tx, hy - 1.6 * u, tx + 3.2 * u, hy + 1.6 * u, 0.4 * u),
        pal.text,
        1.0,
    );
    draw::text(img, tx + 4.0 * u, hy - th / 2.0, th, title, pal.text);
    for (i, x) in [84.0, 93.5].iter().enumerate() {
        draw::fill(img, &Shape::circle(x * u, hy, 2.4 * u), pal.text, 1.0);
        if i == 0 {
            draw::text(img, x * u - 0.6 * u, hy - 1.0 * u, 2.0 * u, "?", pal.page);
        } else {
            draw::fill(img, &Shape::circle(x * u, hy, 0.9 * u), pal.page, 1.0);
        }
    }
}

/// The phone timer row at height `ty`: timer, difficulty (Tango) and Clear.
fn phone_timer_row(
    img: &mut RgbImage,
    pal: &Palette,
    p: &Puzzle,
    ty: f32,
    u: f32,
    state: GameState,
) {
    let time = if state == GameState::Raw {
        "0:00"
    } else {
        "1:35"
    };
    timer(img, 4.0 * u, ty, 3.0 * u, time, pal.text);
    if matches!(p, Puzzle::Tango(_)) {
        pill(
            img,
            35.0 * u,
            ty - 3.7 * u,
            65.0 * u,
            ty + 3.7 * u,
            Some(pal.button),
            None,
            "Difficulty HARD",
            pal.text,
        );
    }
    pill(
        img,
        79.5 * u,
        ty - 3.7 * u,
        96.0 * u,
        ty + 3.7 * u,
        Some(pal.button),
        None,
        "Clear",
        pal.text_muted,
    );
}

/// What a phone shows under the board (whose bottom-left corner is `(left, bottom)`): Undo /
/// Hint, "How to play", "Examples" (Queens) and, when solved, "See results".
#[allow(clippy::too_many_arguments)]
fn phone_under_board(
    img: &mut RgbImage,
    pal: &Palette,
    p: &Puzzle,
    (left, bottom): (f32, f32),
    bw: f32,
    ph: f32,
    u: f32,
    state: GameState,
) {
    let mut y = bottom + 4.0 * u;
    let bh2 = 7.4 * u;
    let gap = 2.0 * u;
    let half = (bw - gap) / 2.0;
    pill(
        img,
        left,
        y,
        left + half,
        y + bh2,
        Some(pal.button),
        None,
        "Undo",
        pal.text_muted,
    );
    pill(
        img,
        left + half + gap,
        y,
        left + bw,
        y + bh2,
        Some(pal.button),
        None,
        "Hint",
        pal.text_muted,
    );
    y += bh2 + 3.0 * u;
    info_box(
        img,
        left,
        y,
        left + bw,
        y + 14.4 * u,
        "How to play",
        pal,
        pal.page,
    );
    y += 17.4 * u;
    if matches!(p, Puzzle::Queens(_)) && y + 14.4 * u < ph - 20.0 * u {
        info_box(
            img,
            left,
            y,
            left + bw,
            y + 14.4 * u,
            "Examples",
            pal,
            pal.page,
        );
    }
    if state == GameState::Solved {
        let sy = ph - 17.0 * u;
        let (bg, fg) = match pal.page == Palette::for_theme(Theme::Dark).page {
            true => (hex(0xC5C6C8), hex(0x1B1F23)),
            false => (hex(0x404040), hex(0xFFFFFF)),
        };
        pill(
            img,
            left,
            sy,
            left + bw,
            sy + 11.0 * u,
            Some(bg),
            None,
            "See results",
            fg,
        );
    }
}
