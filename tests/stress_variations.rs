//! A small sample of the variation stress set of issue 10 (`tests/support/variations.rs`):
//! every variation rendered a few times, read, solved and certified; no answer shown may be
//! wrong. The full table: `cargo run --release --example stress_variations`.

#[path = "support/variations.rs"]
mod variations;

use snapsolve::answer::{SolvedImage, solve_reading};
use snapsolve::board::{Doubt, Placed, Reading};
use snapsolve::certify::{Certificate, CertifyOptions};
use snapsolve::pipeline::{ReadOptions, read_image};
use snapsolve::puzzle::Solution;
use snapsolve::solve::SolveOptions;

/// Each render (variation, seed) is answered exactly.
fn assert_exact(cases: &[(&str, u64)]) {
    for &(variation, seed) in cases {
        let (class, detail) = variations::run(seed, variation);
        assert_eq!(
            class,
            variations::Class::Exact,
            "{variation} seed {seed}: {detail}"
        );
    }
}

/// The reading of a render of the stress set (after the variation's `after_render`), and its
/// puzzle's solution.
fn read_render(seed: u64, variation: &str) -> (Reading, Solution) {
    let (p, sol) = variations::puzzle(seed, variation);
    let opts = variations::options(seed, variation);
    let mut shot = snapsolve::render::synth::render(&p, Some(&sol), &opts).expect("a render");
    variations::after_render(variation, seed, &mut shot);
    let reading = read_image(&shot.image, &ReadOptions::default()).expect("a board");
    (reading, sol)
}

/// A reading solved and certified with the default options.
fn solve(reading: Reading) -> SolvedImage {
    solve_reading(
        reading,
        &SolveOptions::default(),
        &CertifyOptions::default(),
    )
    .unwrap()
}

/// The reading without the first of its placed pieces that `is` picks.
fn without_first(reading: &Reading, is: impl Fn(&Placed) -> bool) -> Reading {
    let mut out = reading.clone();
    let i = out.placed.iter().position(is).expect("such a piece");
    out.placed.remove(i);
    out
}

/// Seeds per variation in the default run (kept small: the full set is the example).
const PER_VARIATION: u64 = 1;

#[test]
fn no_wrong_answer_on_any_variation() {
    let (rows, lines) = variations::run_all(1000, PER_VARIATION);
    println!("{}", variations::table(&rows));
    let wrong: Vec<&String> = lines.iter().filter(|l| l.contains("Wrong")).collect();
    assert!(wrong.is_empty(), "wrong answers shown:\n{wrong:#?}");
}

/// Renders that were once read as a wrong unique answer, each for its own reason; none may be
/// again (any other outcome is acceptable here). The stripes rows' renders are drawn as they
/// were then (`stripes-any`, `stripes-over-any`: the stripes whatever the crowns).
/// - shimmer 22: a bright band over a dark board made its cells look like givens and hid an
///   `x`; a doubted edge was then "repaired" into `=` (the repair called four placed pieces
///   wrong);
/// - themed 64, 103, 129, 136: two themed icons of one colour family (a red and an orange
///   icon, a disc and a ring) were all read as one symbol;
/// - cut-edge 134: a dark-mode Queens board cut at the left was read with a column of page;
/// - pointer-arrow 82: a dark-mode arrow resting against an `x` made it read as `=`;
/// - shimmer 88: a light-mode 9x9 Queens board whose cells under the band were merged into a
///   paler neighbouring region;
/// - brighter 82, 177, 212: a dark board 25% brighter whose givens are all moons, paled out of
///   the standard moon's colours: taken as themed icons of one kind, they were named S;
/// - shimmer 407, 607: a solved Queens board under the band, a region misread with
///   confidence: the answer called the player's complete, rule-keeping crowns wrong;
/// - stripes-over 1111, 1155: Queens regions under rule-break stripes misread with confidence;
/// - stripes-over 581: a Queens region under stripes lost as a whole (five doubted cells in a
///   block), and a repair that changed one of them picked a wrong unique solution;
/// - themed 667: a red diamond and a red triangle, alike by colour and size, read as one kind;
/// - stripes-over 2023: a themed board whose striped column pulled the icon clusters: both givens
///   read as the other icon;
/// - brighter 2124: a board placed from its icons lost an `=`, and a repair changed three
///   doubted markers into a wrong unique puzzle;
/// - scale-0.35x 2060: four tiny moons split into two "themed" kinds by their grey rims;
/// - pointer-arrow 2102: a pointer over a Queens region's corner cut it in two (its black read
///   as region borders), so two other regions were merged to keep eight;
/// - themed 3048: dark red squares and light red discs, alike by hue, size and shape, read as
///   one kind (now told apart as unlike by their lightness, and doubted);
/// - stripes-over 3294: an `x` beside striped cells left with its top and bottom ink, read `=`
///   surely (now doubted: the glyph model was not sure of it);
/// - hint-mode 5277: white hatching over a Queens board misread its regions with little doubt,
///   and its x marks as crowns that clash (now withheld: crowns that break a rule with no
///   stripes seen, more than two pieces called wrong and regions read with doubt);
/// - stripes-over 6208: translucent stripes over a Queens column hid a region border, a
///   striped cell became a region of its own and two others merged; the stripes left the
///   rings' median on the cells' colour, so they were not seen (now seen by the share of
///   reddened ring points, and the stripes guard withholds the answer);
/// - stripes-over 7262: pale translucent stripes over a Tango column tinted the right half of
///   an `x` beside it, unmasked (too pale), and the `<` left read `=` surely (now doubted: a
///   glyph between a striped and a clear cell with tinted samples);
/// - pointer-arrow 9043: a dark-mode arrow resting on an `x`, not found as a pointer, read with
///   it as one tall glyph `=` surely (now doubted: twice the size of the board's other `=`);
/// - hint-mode 10091: a dark-mode 7x7 board dimmed by the hint mode read as the 6x6 below and
///   right of its beige first column and grey first row (too grey for the extent check; now
///   grey cells unlike the page count as more of the board);
/// - scale-0.3x 13186: a 2.4 px `=` at an 8x8 board's edge read `x` with confidence 0.57
///   (now doubted: a glyph under 4.5 px is sure only from 0.6);
/// - stripes-over 15176: markers lost under stripes without a doubt left several solutions,
///   and the repair turned a doubted `x` into `=` (now a puzzle with several solutions is
///   repaired only by adding clues where nothing was read);
/// - stripes 19090: a striped Queens cell read as a region of its own (the stripes moved its
///   colour), and two other regions merged to keep eight (now doubted, and the answer
///   withheld: a region of one striped cell with a thin line round it);
/// - stripes-over 33015: a one-cell Queens region under stripes merged into its neighbour
///   with confidence, another region split by a doubted cell, and the repair moved one cell
///   of the split to reach a unique puzzle that was not the board's (now a Queens reading
///   under stripes or hatching is not repaired);
/// - scale-0.3x 35195: two moons of a board of 18 px cells, found once the locator looked at an
///   enlarged copy, differed by 12 degrees of hue and were read as a themed pair (now a lone
///   icon is no kind of its own on a board of small cells);
/// - pointer-hand 35265: a 1x hand pointer on a grid line beside an `x` of a large board, cut
///   in two by the line's band and not found, read with the `x` as `=` surely (now the parts
///   are joined across the band and the edge is occluded);
/// - stripes-over 35279: dark stripes not seen, a one-cell Queens region merged; the player's
///   crowns clashed and the answer called two of them wrong (now more than one withholds it:
///   LinkedIn stripes every clash, so stripes were missed);
/// - stripes 36024: a Queens region under red stripes, on a board with no player's crowns,
///   read into its neighbour and another region invented (now red stripes with no crowns
///   breaking a rule, and something doubted, withhold the answer: LinkedIn stripes only
///   crowns in conflict);
/// - hint-mode 39268 and 41217: a Queens region under the hint mode's shading misread, and
///   the answer called the player's crown on a doubted cell wrong (now withheld: the crown is
///   evidence against the doubted reading);
/// - scale-0.35x 44056: the four `x` of a board of 3 px glyphs all read `=`, three with doubt
///   and one at 0.67; the puzzle as read had no solution and dropping the three doubted ones
///   reached a unique puzzle that was not the board's (now a repair overriding several glyphs
///   of one kind must stand with that kind's weak reads free too);
/// - pointer-arrow 40016: a blurred 1x arrow on an `x` of a dark board, its white outline
///   under the near-white level and on a grid line's band, read with the `x` as `=` surely
///   (now a dark board's pointer is found by its black body, darker than the background);
/// - scale-0.35x 48170: a 3 px `x` on an edge between columns read `=` with doubt, lifted to
///   0.6 by the small-glyph model sure of `=` at 0.9963 (now it must be sure at 0.998);
/// - themed 52104: the two givens of a board, one teal icon, named one by one by their
///   warmth near 0, read as a themed pair of two kinds (now icons alike share one name);
/// - stripes-over 52380: an `=` under translucent red stripes, tinted on a board of untinted
///   glyphs, read `x` and lifted by the glyph model (now a glyph more tinted than the board's
///   others keeps no lift);
/// - pointer-hand 53318: a pink Queens cell below a pointed-at pink cell read as a region of
///   its own, two other regions merged to keep the count (now a one-cell region with a thin
///   or hidden line to a doubted neighbour is doubted, and the answer withheld);
/// - pointer-hand 53440: a blurred 1x hand over an `x` of a light board, its outline grey
///   (65-120), neither near-black nor near-white: nothing found, the `x` read `=` surely (now
///   a closed grey outline round white is a pointer);
/// - hint-mode 110218: with a lattice grow step (tried, not kept), a 9x9 board's first lattice
///   of the wrong pitch grew into an 8x8 board that passed the board checks;
/// - stripes 120252: a one-cell Queens region merged under the stripes, the answer wrong where
///   no crown stood and both crowns of the striped column called wrong, shown as their clash
///   explained them (now a crown called wrong is explained only by one the answer keeps);
/// - hint-mode 120261: a 7x7 board whose top row and left column are mostly a beige region,
///   dimmed by the hint mode to nearly the page's colour, read as the 6x6 below and right of
///   them (now cells beyond a side that continue the region beside them across a thin line
///   refuse the lattice: a board ends at its thick frame);
/// - themed 210246: a red disc and a red diamond of one hue and size read as one icon kind
///   (now icons filling their bounding boxes unlike, 0.81 and 0.60, are not alike);
/// - pointer-hand 400787: a themed board's given half under a white hand read as the other
///   icon (now a piece whose central square the pointer half covers is occluded);
/// - scale-0.35x 701932: the renderer's 3-pixel `x` glyphs (one-pixel strokes, not LinkedIn's)
///   fitted LinkedIn's `=` shape, and two doubted ones were settled as `=` (now a board whose
///   glyphs contradict the glyph model's sure reads in the shapes' fit is not settled by them;
///   scale-0.35x 48170, wrong before the shapes, came back through them and is closed so too);
/// - scale-0.3x 700712: a 2.9-pixel `x` of the renderer fitted LinkedIn's `=` at a ratio of
///   1.43, the glyph model giving `=` 0.92, and was settled as `=` (now the shapes settle a
///   glyph only from a ratio of 1.6 with the model at 0.95);
/// - scale-0.35x 1502797: the renderer's 3.8-pixel `x` read `=` at 0.8 by the glyph model,
///   and a repair dropping one doubted `=` reached a wrong unique puzzle (now on a board of
///   small glyphs one overridden glyph frees the weak reads of its kind, such lifted small
///   glyphs among them);
/// - stripes-over 7000135: translucent stripes over a pale top row not seen, a one-cell
///   region under them read into its neighbour and the unstriped cell of the striped row's
///   region read as a region of its own; the player's two crowns in the row clash and the
///   answer called one wrong (now a clash with no stripes seen withholds any answer calling
///   a piece wrong when something was read with doubt);
/// - stripes 5001742 (found with the striped cells' certification, before it was kept): a
///   striped row of one region read as a region of its own, two regions merged elsewhere
///   (now a region as read wholly under the stripes keeps the stripes guard);
/// - stripes-over 5001236 (likewise): a striped crown's cell, its streaks not measured, read
///   as a region of its own and a one-cell region merged; the answer called six crowns wrong
///   (now the certification vouches for at most `stripes_explained_wrong` crowns called
///   wrong);
/// - stripes-over 400106: a row striped over its whole length, one yellow cell under dense
///   stripes read as one flat colour of their blend (neither spread nor reddened) and taken
///   for a region of its own, the true one-cell region merged into its striped neighbour; every
///   striped cell's lines measured thick, so none was set free (now a row or column more than
///   half striped is striped along all of it, and the invented region lies wholly under the
///   stripes);
/// - pointer-hand 901312: a white hand over two pink cells of a dark 10x10 board, one of them
///   read as a region of its own (the pointer stage hid its lines, but not its colour), teal
///   and tan merged to keep the count, every cell read with confidence 0.65 or more (now a
///   region of one cell under the pointer is doubted with its neighbours, and the answer
///   withheld: now only when its colour is neutral, the pointer's, or another region's);
/// - stripes 1100497: a dark Tango board with two given moons and three of the player's moons
///   under red stripes; the stripes' tint split the moons into two kinds, a themed pair, and
///   the given moons were named suns (now icons set apart only under stripes are doubted and
///   the clear ones named by their own colour; stripes do not count in naming by shape);
/// - stripes-over 1300383: as stripes-over 400106 in a column of eight with four cells seen
///   striped (now a line with more than 0.45 of its cells striped is striped along all of it);
/// - stripes-over 1501060: a Tango `x` between two striped moons hidden by the stripes drawn
///   over it, read as no marker at confidence 0.5, not doubted, and a striped moon settled as
///   a given (now an edge between two striped cells read as no marker, its ink tinted, is
///   doubted);
/// - pointer-hand 1700376: a half-size black and white hand over an `x` of a light board
///   whose glyphs are in a brown ink, too small for the pointer stage, read `=` with the glyph
///   model at 0.99996 (now a glyph far less tinted and of more contrast than the board's
///   others is doubted);
/// - stripes-over 2100591: a purple cell with a crown under dense stripes read pink at 0.91,
///   the answer dropped the other crown of the column's clash (now an answer calling crowns
///   wrong under stripes needs the striped cells' certification, not only the clash);
/// - brighter 2700459: an 8x8 board washed to white whose pieces spanned 6x6, its two left
///   columns shown only by markers, placed as that 6x6 (now the markers may widen a board the
///   pieces alone span, and a span of no accepted size is refused);
/// - stripes 3100476: a striped row of a small 10x10 phone board, three of its ten cells seen
///   striped, five peach cells read as the red region beside them (now a line with more than
///   a quarter of its cells striped is striped along all of it);
/// - stripes-over 3300218: a striped column of a 10x10 phone board, its cells seen striped by
///   their streaks but not reddened; a crown's cell read as a region of one cell (its line to
///   the striped cell above, of its own region, darkened to 0.78 of its heaviest line), two
///   regions merged to keep the count (now the striped cells are those seen streaked or
///   filled along their line, not only the reddened ones, and their lines are judged against
///   lines beside as many of them);
/// - scale-0.35x 3300329: two 3.8 px `x` of a 6x6 board read `=`, one doubted at 0.17, the
///   other of the same look weak at 0.66; the answer with the first free was a wrong one (now
///   a small weak glyph that looks more like a doubted glyph of its kind than like that kind's
///   sure glyphs is doubted too);
/// - stripes-over 3700723: an `=` between two striped cells of a 6x6 board, the stripes'
///   diagonals across it, read `x` with confidence 1 (the glyph model at 0.99999); the answer
///   called 17 of the player's 34 pieces wrong (now an `x` read between two striped cells,
///   its ink tinted by them, is doubted);
/// - stripes-over 3700730: a green region of a dark 9x9 board split at a striped column, its
///   left half merged with the tan region through the striped cells (now a region as read
///   whose clear cells hold two colours under stripes withholds the answer);
/// - cut-edge 3900581: a Tango board of suns cut at the right edge, half a sun in the cut
///   column taken for a second icon (a themed pair), the given a moon (now a themed kind seen
///   only in the cut line is doubted there, and the pair not reported);
/// - hint-mode 3900770: the hinted dark grey region of a 7x7 board split in two of one
///   colour, lavender and pink merged to keep the count (now two regions side by side of one
///   colour withhold the answer);
/// - down-0.35x 4900748: a 3.4 px `=` of a dark 6x6 board read `x` at 0.65 while the
///   small-glyph view gave `=` 0.80; the answer called 9 of the player's 13 pieces wrong (now a
///   small glyph read against that view's preference is doubted);
/// - pointer-arrow 5100259 and pointer-hand 5100181: LinkedIn's moons alone given, the pointer
///   over an empty cell read as a second icon, the pair taken for a themed one and the moons
///   named suns: every cell of the answer was its opposite (now a kind seen only under the
///   pointer leaves the icons in view named by their own colours);
/// - stripes-over 5300686: two of the player's suns under stripes, their white ground darkened
///   by the stripes' pink fringe to within 6 levels of the givens' grey, read as sure givens
///   (now the ground must have the givens' tint too);
/// - stripes-over 5500697: a Queens column under translucent stripes whose period the cell
///   samples fell in step with (no stripes seen), read as the tan region; the answer called six
///   crowns of the column wrong (now a clash of crowns without stripes seen takes the lines
///   LinkedIn stripes for it as striped);
/// - down-0.35x 5700520: a 3 px `=` of a dark 6x6 board read `x` at 0.63 with the learned view
///   at 0.67; the answer called a right piece of the player's wrong (now a tiny glyph read
///   weakly that neither view is sure of is doubted);
/// - scale-0.35x 6100293: a 3 px `x` of a full dark 6x6 board drawn like an `=` and read `=` at
///   0.997 between the player's sun and moon; the answer called 20 of the 35 pieces wrong (now
///   a sure marker the pieces break without stripes is freed for one more check, and a reading
///   of it calling fewer pieces wrong makes the answer uncertain);
/// - scale-0.35x 6700327: the same drawing of a 3 px `x`, on a light 6x6 board with no pieces
///   to contradict it, read `=` by the stroke shape (0.26), the small-glyph view (0.992) and the
///   fitted shapes; the puzzle as read was another with one solution (now a small `=` with
///   ink at its centre and smaller than the board's other `=` is doubted);
/// - stripes-over 7300125: a Queens column of yellow-green cells under red stripes read as the
///   peach region beside it; the answer called three of the player's crowns and two of their x
///   marks clear of the stripes wrong, and stood on the striped cells' check (now the x marks
///   clear of the stripes count with the crowns against `stripes_explained_wrong`);
/// - combo 7600352: a small hand pointer (not found) over two cells of a 10x10 Queens board
///   at 0.5x; its white body read as a region of its own, both cells with doubt, the true
///   teal region merged into its purple neighbour (now a region of two or more cells all read
///   with doubt withholds the answer);
/// - combo 7700357: a hand pointer on a themed 6x6 board (red squares, orange triangles) with
///   stripes; the pointer's cell was taken for one kind and every square and triangle for the
///   other, surely (now the icons in view are read again without the pointer's cells);
/// - combo 8100712: a peach cell of a Queens board in hint mode under stripes read as a region
///   of its own, 5.7 from the peach region beside it (its thin lines under the stripes
///   measured thick), a teal and a grey region merged to keep the count (now a one-cell region
///   under stripes that near a neighbour's colour is read with doubt);
/// - combo 8400373: a themed Tango board of red squares, three under red stripes read as empty
///   cells (one of them a given), the puzzle as read with several solutions "repaired" by two
///   markers where none are (now stripes over cells all read empty forbid the repair);
/// - combo 8800015: a themed board (green diamonds, teal discs) cut at the top under the win
///   shimmer, a given lit by the band named apart from its kind's pieces; the answer called 58
///   of the 61 pieces wrong (now an answer calling more than three quarters of the pieces
///   wrong is withheld);
/// - combo 10300323: a 0.4x dark themed board (red rings, orange triangles); a given ring, its
///   shading counted in its icon, went with the triangles by the colour histograms and was read
///   surely as their kind; the answer called three right pieces wrong (now an icon whose hue
///   lies nearer the other kind's is doubted);
/// - combo-captured 11800190: a tilted, noisy 9x9 Queens board, its top row striped for two
///   crowns: the green region's striped cells read as the brown region beside them, the
///   green's two clear parts (not side by side) taken as two regions (now two regions of one
///   colour, each beside striped cells, withhold the answer wherever they are);
/// - combo-captured 14200474: a dark phone capture in hint mode at 11 px cells, a pointer not
///   seen; three cells of a four-cell region read with doubt as the region above them (now two
///   doubted cells touching inside a region withhold the answer when no red stripes are seen);
/// - combo-captured 23000715: a 7x7 Queens board at about 0.3x, cut at the right, a row and a
///   column striped: a brown region's striped row taken as a region of its own, walled by lines
///   measured thick under the stripes (its own lines measured thick too: now such a region is
///   not walled);
/// - stripes-over 27000378: an 8x8 Queens board, its first column under translucent stripes:
///   a tan region of four cells merged into the grey one through the striped column (19.4
///   apart), the striped cell beside it read as a region of its own (now two clear cells or
///   more of a second flat colour in a region under stripes withhold the answer);
/// - combo-captured 31000526: a dark 8x8 Queens board cut at the left, its last column
///   striped for two crowns and read as the orange region at its top end (stripes over
///   yellow), a hand pointer over a cell read as a crown: the striped cells could take only a
///   neighbour's region, and the yellow one was beside the column, not beside its top cells
///   (now a striped free cell may take the region of any cell beside its run of free striped
///   cells);
/// - combo 32600284: a themed Tango board of red triangles and red discs, an arrow pointer
///   taken for one kind; read again without it, the icons in view were not alike yet not split,
///   and were named one kind by warmth, surely (now they stay doubted);
/// - combo-captured 32600652: a blurred themed Tango board, a hand pointer not found and read
///   as one kind, orange squares and dark orange discs lumped as the other (now a kind of one
///   or two icons beside others not alike among themselves doubts every icon);
/// - cut-edge 35000579: a Tango board cut at the bottom through its last row's `x`, just past
///   its crossing; mirrored, the `x` had a gap at its centre and was read `=` surely (now a
///   marker on the mirrored line needs the glyph view's agreement);
/// - pointer-arrow 38200387: a dark-board arrow whose thin tip (not found in contact with
///   white) covered an `x`, read as no marker; the repair of the edge under the arrow's body
///   took it as `=` (now the edges above an arrow's box, where its tip is, are occluded too);
/// - foreign 38200325: a red badge over a 7x7 Queens board's cell took one of the seven
///   colour groups, and the grey and tan regions were read as one (now two flat colours in
///   one region as read withhold the answer on any board with no overlay seen);
/// - pointer-arrow 39800153: a small arrow on a dark board resting on an `x`, its white outline
///   read with the glyph as an `=` of another shape than the board's (now a glyph of an odd
///   aspect for its kind is doubted);
/// - foreign 39000564: a dark veil over a 10x10 Queens board's cells read as two clashing
///   crowns, the veiled cell as a region of its own, grey and teal as one region (now a thick
///   line inside a region as read withholds the answer);
/// - foreign 39800066 and 40600552: a tooltip or a card over a Tango board taken for a pointer,
///   its text read as a third icon kind and the board as themed, the given sun and moon named
///   the other way round (now the icons in view alone name the pair);
/// - foreign 42200109: an emoji over a Queens board streaked its cells, and the two-colour
///   test did not run (now it runs with streaked cells left out);
/// - foreign 42200156: a grey veil over two yellow cells took one of eight colour groups, a
///   grey region of one cell merged into teal across a thick line (thick line inside);
/// - foreign 42200668: a red rectangle's side across an `x` read `=` surely (now a marker
///   hidden by coloured ink that no stripes explain is doubted);
/// - foreign 43800665 and 47800037: a dark tooltip over a given read as a third icon kind (now
///   a cell with something over it and beyond its icon's place is occluded, and an icon far
///   from the others of its kind is doubted);
/// - foreign 49000204: a red badge over a given moon read as a sun surely (now an icon off
///   its kind's hue on a sun-and-moon board is doubted);
/// - foreign 49400027: a red rectangle drawn round two cells read as two pieces of a second
///   icon kind, the board's given suns named moons (now a kind of doubted pieces only is
///   dropped and the givens' kind named by its colours);
/// - foreign 49800178 and 50000629: a red badge over a cell's corner read as a sun, its white
///   digit as `=` (now a cell coloured in one corner only is occluded, with the edges beside
///   that corner: LinkedIn's stripes run across the whole cell);
/// - foreign 48000464, 50400785: a white card over givens read as empty cells (now an edge
///   whose grid line is not seen is occluded with its cells);
/// - foreign 50600662: a dark veil dimmed an `x` into a sure `=` (now a cell darker than both
///   of the board's grounds is occluded);
/// - foreign 50000747: a dark tooltip over a given read as an empty given (now a shaded cell
///   with no icon is occluded);
/// - foreign 49600009 and 49600168: a tooltip's text read as a given of a second icon kind
///   beside LinkedIn's (now a kind of a few grey icons beside LinkedIn's sun or moon is left
///   free);
/// - foreign 50400015: a yellow emoji over a grey Queens cell read as the orange region (now
///   a cell off its region's colour is doubted);
/// - foreign 52400326: a white card over a Queens board's cells read as the light grey
///   region beside them (now the cells beside a line not seen are doubted);
/// - foreign 53400741: a red rectangle drawn across a given moon, the moon read half red, half
///   blue as a second icon kind and named sun (now a kind of a few icons each of the other
///   kind's colour and a far one is left free);
/// - foreign 56200151: a yellow emoji over a given moon read as a given sun (now an icon
///   larger than its kind's by a third is something over the cell);
/// - foreign 58000595: a red rectangle's outline across the one given moon of a dark board,
///   the icon half red, half blue, read as a sun (now an icon of both LinkedIn colours is
///   something over the cell);
/// - foreign 58000263: a card's letters and its outline over a complete 10x10 Queens board
///   read as two crowns, the true ones under the card; the puzzle as read had several
///   solutions and the board as read, one of them, was taken as the answer (now a crown not
///   the size of the board's others keeps a complete board from being the answer);
/// - combo 51000009: a hand pointer the reader did not find on a 165-pixel dark Queens
///   capture, its white glove read as a region of one cell, two regions beside it as one (now
///   a region of one cell not seen withholds the answer);
/// - combo 51800093: a small themed board's two kinds read as one, its givens named alike
///   (now sure pieces breaking four lines or more with no stripes over them withhold the
///   answer);
/// - stripes-over 49000642: a Queens row of two clashing crowns striped over green, only two
///   of its eight cells seen striped, four green cells and a teal one read as tan (now a
///   clash line with two cells seen striped is striped whole);
/// - combo 7100203 (and combo-captured, the same render captured): a 7x7 phone capture of
///   18 px cells in the hint mode, its pink hinted region (the one region not hatched) read
///   into the hatched purple beside it, two red-striped green cells read as a region to keep
///   the count (now a region as read with hatched cells and clear ones of another colour on
///   a hatched board withholds the answer);
/// - pointer-arrow 2900257 and 2900455: wrong only with a reader change tried and not kept
///   (an edge half under the pointer read from the mirror image of its other half: the
///   pointer's box is not all of the pointer); kept here so that no later attempt brings
///   them back.
#[test]
fn once_wrong_renders_are_not_answered_wrong() {
    let cases = [
        ("shimmer", 22),
        ("themed", 64),
        ("themed", 103),
        ("themed", 129),
        ("themed", 136),
        ("cut-edge", 134),
        ("pointer-arrow", 82),
        ("shimmer", 88),
        ("brighter", 82),
        ("brighter", 177),
        ("brighter", 212),
        ("shimmer", 407),
        ("shimmer", 607),
        ("stripes-over-any", 1111),
        ("stripes-over-any", 1155),
        ("stripes-over-any", 581),
        ("themed", 667),
        ("stripes-over-any", 2023),
        ("brighter", 2124),
        ("scale-0.35x", 2060),
        ("pointer-arrow", 2102),
        ("themed", 3048),
        ("stripes-over-any", 3294),
        ("hint-mode", 5277),
        ("stripes-over-any", 6208),
        ("stripes-over-any", 7262),
        ("pointer-arrow", 9043),
        ("hint-mode", 10091),
        ("scale-0.3x", 13186),
        ("stripes-over-any", 15176),
        ("stripes-any", 19090),
        ("stripes-over-any", 33015),
        ("scale-0.3x", 35195),
        ("pointer-hand", 35265),
        ("stripes-over-any", 35279),
        ("stripes-any", 36024),
        ("hint-mode", 39268),
        ("hint-mode", 41217),
        ("scale-0.35x", 44056),
        ("pointer-arrow", 40016),
        ("scale-0.35x", 48170),
        ("themed", 52104),
        ("stripes-over-any", 52380),
        ("pointer-hand", 53318),
        ("pointer-hand", 53440),
        ("hint-mode", 110218),
        ("stripes", 120252),
        ("hint-mode", 120261),
        ("themed", 210246),
        ("pointer-hand", 400787),
        ("scale-0.35x", 701932),
        ("scale-0.3x", 700712),
        ("scale-0.35x", 1502797),
        ("cut-edge", 200358),
        ("stripes-over", 7000135),
        ("stripes", 5001742),
        ("stripes-over", 5001236),
        ("stripes-over", 400106),
        ("pointer-hand", 901312),
        ("stripes", 1100497),
        ("stripes-over", 1300383),
        ("stripes-over", 1501060),
        ("pointer-hand", 1700376),
        ("stripes-over", 2100591),
        ("brighter", 2700459),
        ("pointer-arrow", 2900257),
        ("pointer-arrow", 2900455),
        ("stripes", 3100476),
        ("stripes-over", 3300218),
        ("scale-0.35x", 3300329),
        ("stripes-over", 3700723),
        ("stripes-over", 3700730),
        ("cut-edge", 3900581),
        ("hint-mode", 3900770),
        ("down-0.35x", 4900748),
        ("pointer-arrow", 5100259),
        ("pointer-hand", 5100181),
        ("stripes-over", 5300686),
        ("stripes-over", 5500697),
        ("down-0.35x", 5700520),
        ("scale-0.35x", 6100293),
        ("scale-0.35x", 6700327),
        ("stripes-over", 7300125),
        ("combo", 7600352),
        ("combo", 7700357),
        ("combo", 8100712),
        ("combo", 8400373),
        ("combo", 8800015),
        ("combo", 10300323),
        ("combo-captured", 11800190),
        ("combo-captured", 14200474),
        ("combo-captured", 23000715),
        ("stripes-over", 27000378),
        ("combo-captured", 31000526),
        ("combo", 32600284),
        ("combo-captured", 32600652),
        ("cut-edge", 35000579),
        ("pointer-arrow", 38200387),
        ("foreign", 38200325),
        ("pointer-arrow", 39800153),
        ("foreign", 39000564),
        ("foreign", 39800066),
        ("foreign", 40600552),
        ("foreign", 42200109),
        ("foreign", 42200156),
        ("foreign", 42200668),
        ("foreign", 43800665),
        ("foreign", 47800037),
        ("foreign", 49000204),
        ("foreign", 49400027),
        ("foreign", 49800178),
        ("foreign", 50000629),
        ("foreign", 48000464),
        ("foreign", 50400785),
        ("foreign", 50600662),
        ("foreign", 50000747),
        ("foreign", 49600009),
        ("foreign", 49600168),
        ("foreign", 50400015),
        ("foreign", 51400002),
        ("foreign", 51400034),
        ("foreign", 51400746),
        ("foreign", 52400326),
        ("foreign", 53400741),
        ("foreign", 56200151),
        ("foreign", 58000595),
        ("foreign", 58000263),
        ("combo", 51000009),
        ("combo", 51800093),
        ("stripes-over", 49000642),
        ("combo", 7100203),
        ("combo-captured", 7100203),
    ];
    for (variation, seed) in cases {
        let (class, detail) = variations::run(seed, variation);
        assert_ne!(
            class,
            variations::Class::Wrong,
            "{variation} seed {seed}: {detail}"
        );
    }
}

/// A pointer taken for one icon kind on a themed board hides no kind of the board's own: the
/// icons in view, read again without the pointer's cells, fall into their two kinds and the
/// answer is the puzzle's (combo 7700357: a hand pointer over red squares and orange
/// triangles, every icon read as one kind before).
#[test]
fn a_pointer_taken_for_an_icon_kind_leaves_the_two_kinds_in_view() {
    assert_exact(&[("combo", 7700357)]);
}

/// A mouse pointer resting on a Queens board (arrow or hand, light or dark) is neither read as
/// a player's piece nor taken for rule-break stripes: these renders used to end `uncertain`.
#[test]
fn queens_pointer_renders_are_answered() {
    assert_exact(&[
        ("pointer-hand", 53),
        ("pointer-hand", 61),
        ("pointer-hand", 105),
        ("pointer-hand", 157),
    ]);
}

/// An arrow pointer over a Queens cell of a small phone capture, its thin white outline
/// blended with the cell under it (luma 230-245), read as a crown beside a crown: the clash,
/// which LinkedIn would have striped, sends the pointer stage to look again with a lower
/// near-white level, and the board is answered. These renders used to end `uncertain`.
#[test]
fn a_pointer_read_as_a_clashing_crown_is_looked_for_again() {
    assert_exact(&[("pointer-arrow", 3500407), ("pointer-arrow", 3500606)]);
}

/// A solved Queens board under the win shimmer, a region read as one cell under the band: a
/// crown in every row and column, none touching, and no red stripes is the answer whatever
/// the regions read (LinkedIn stripes a region holding two crowns); these renders used to end
/// `uncertain`. With red stripes seen, or a crown taken away, no answer is shown.
#[test]
fn a_complete_queens_board_under_the_shimmer_is_the_answer() {
    for seed in [70018, 70178, 70184] {
        let (reading, sol) = read_render(seed, "shimmer");
        assert_eq!(solve(reading.clone()).answer(), Some(&sol), "seed {seed}");

        let mut striped = reading.clone();
        striped.red_stripes = true;
        assert_eq!(
            solve(striped).answer(),
            None,
            "seed {seed}: red stripes seen"
        );

        let gap = without_first(&reading, |q| matches!(q, Placed::Crown { .. }));
        assert_eq!(solve(gap).answer(), None, "seed {seed}: a crown missing");
    }
}

/// LinkedIn stripes a Queens line where the player's crowns clash: an answer that calls the
/// crown of each clash wrong, and no other, is shown (these renders used to end `uncertain`:
/// any crown called wrong under stripes withheld the answer).
#[test]
fn queens_stripes_over_a_clash_are_answered() {
    assert_exact(&[101, 103, 118, 122, 125, 128].map(|seed| ("stripes", seed)));
}

/// A small black arrow pointer resting on an empty edge of a large light board is not read
/// as an `x` (the glyph model called it one at 0.9988): no marker on a board has more than
/// 1.7 times the contrast of its others. This render used to end with no solution. A dark
/// board's `=` on a row line, 1.53 times its `x`, is no such glyph (themed 177).
#[test]
fn a_black_pointer_on_an_empty_edge_is_not_a_marker() {
    assert_exact(&[("pointer-arrow", 230199), ("themed", 177)]);
}

/// A board whose icons are all of one kind (two suns) is read surely, whatever a lattice a
/// pixel off does to where each icon sits in its cell: these renders used to end `uncertain`
/// (the icons' centroids measured from the cells' centres told one kind from two); on 13 px
/// cells, where a moment is measured to a quarter of the icon's disc, too (scale-0.3x 40).
#[test]
fn icons_of_one_kind_off_centre_are_read_surely() {
    assert_exact(&[("plain", 180288), ("plain", 190050), ("scale-0.3x", 40)]);
}

/// On a small board (16-21 px cells, a patch sample about 0.3 px) the grid line through an
/// edge's patch can lie a pixel off its middle: it was taken for an intruder and every edge
/// along it doubted at 0, and these renders ended `uncertain` (`marker_line_band_px`).
#[test]
fn a_grid_line_a_pixel_off_on_a_small_board_is_no_intruder() {
    assert_exact(&[11000117, 11000224, 11000394].map(|seed| ("scale-0.35x", seed)));
}

/// A themed pair of one colour (a red ring and a red diamond) is told apart by shape: these
/// renders used to end `uncertain`, every icon doubted.
#[test]
fn themed_icons_of_one_colour_are_told_apart_by_shape() {
    // 600219 and 600273: two shape measures each split the icons with a band of 1-2 times
    // their alike gaps, the same way.
    assert_exact(&[48, 168, 179, 328, 600219, 600273].map(|seed| ("themed", seed)));
}

/// A true one-cell Queens region under LinkedIn's stripes has thick lines all round; the
/// stripes add weight to every line they cross, most where both cells are striped, so each
/// line is judged against the board's lines of its own kind. These renders used to end
/// `uncertain` (a line read as thin beside the heavier ones the stripes cross).
#[test]
fn striped_one_cell_queens_regions_are_answered() {
    assert_exact(&[47, 60, 84, 98].map(|seed| ("stripes", seed)));
}

/// The Queens hint mode in each of its styles (the hinted region darker or outlined; the rest
/// under a dark or light veil, or dark or light hatching) is read exactly.
#[test]
fn hint_mode_boards_read_exactly() {
    // Seeds of the stress set drawing each of the eight styles; 50 and 98: x marks under white
    // hatching, whose lines crossing an empty cell's centre were read as x marks the solution
    // calls wrong (so the answer was withheld).
    assert_exact(&[54, 45, 44, 43, 41, 51, 40, 42, 50, 98].map(|seed| ("hint-mode", seed)));
}

/// A hand pointer over the button below a Queens board cuts a square piece of it that lies on
/// the board's lattice: a lone cell beyond a whole board is no row of it
/// (`QueensLocateOptions::stray_line_max`); these renders were refused as N x (N + 1).
#[test]
fn a_button_piece_under_the_pointer_is_no_row_of_the_board() {
    assert_exact(&[("pointer-hand", 2300603), ("pointer-hand", 2300618)]);
}

/// A Queens board whose frame a light veil turned mid-grey is found whole: the frame's
/// shoulders count as line within the capture's noise
/// (`QueensLocateOptions::shoulder_tolerance`); these renders were refused as a lattice one
/// row or column short, the outer cells open to the page.
#[test]
fn a_veiled_frame_closes_the_outer_cells() {
    assert_exact(&[2300102, 2300105, 2300165, 2300226].map(|seed| ("hint-mode", seed)));
}

/// Queens boards under the shimmer or the hint mode's hatching whose answer calls only x marks
/// wrong (a line through an empty cell's centre read as an x) are answered: x marks there say
/// little about the regions (`CertifyOptions::overlay_crosses_withhold`).
#[test]
fn queens_overlay_crosses_do_not_withhold_the_answer() {
    assert_exact(&[("shimmer", 144), ("shimmer", 185), ("hint-mode", 157)]);
}

/// A solved board under the win shimmer: the band hides markers and the given shading, so
/// doubted elements decide between readings, but the board is complete, unmarked and solves
/// the puzzle as read: it is the answer (`Certificate::Completed`). So it is when the band
/// washed markers out and the puzzle as read has several solutions, the board one of them
/// (seeds 70033 and 70085, once `several`). The same reading with rule-break stripes seen, or
/// with a piece taken away, gets no answer. (The doubted markers between the pieces are left
/// free here: bound by the pieces, `CertifyOptions::pieces_bound_markers`, seeds 46 and 65
/// are certain without the complete board's argument, and with it they are right too.)
#[test]
fn a_complete_unmarked_board_under_the_shimmer_is_the_answer() {
    let unbound = CertifyOptions {
        pieces_bound_markers: false,
        ..CertifyOptions::default()
    };
    let solve = |r: Reading| solve_reading(r, &SolveOptions::default(), &unbound).expect("a solve");
    for (seed, several) in [(46, false), (65, false), (70033, true), (70085, true)] {
        let (reading, sol) = read_render(seed, "shimmer");
        assert_eq!(
            self::solve(reading.clone()).answer(),
            Some(&sol),
            "seed {seed}: pieces bound"
        );
        let solved = solve(reading.clone());
        assert!(
            matches!(solved.certificate, Some(Certificate::Completed { several: s, .. }) if s == several),
            "seed {seed}: {}",
            solved.outcome_name()
        );
        assert_eq!(solved.answer(), Some(&sol), "seed {seed}");

        let mut striped = reading.clone();
        striped.overlay_seen = true;
        assert_eq!(solve(striped).answer(), None, "seed {seed}: stripes seen");

        let gap = without_first(&reading, |q| matches!(q, Placed::Symbol { .. }));
        assert_eq!(solve(gap).answer(), None, "seed {seed}: a piece missing");
    }
}

/// A Queens board cut through its outer column or row, on a capture whose other side also
/// comes close to the image edge (a phone shot whose board fills its width), is read with the
/// cut line from its visible part, or refused as cut off at the side the render cut, never as
/// "no board" nor at the other side: the cut side is the one whose image edge runs through
/// cells coloured like the board's (these renders were refused as no board before, then as
/// cut off; `QueensLocateOptions::cut_read_min` reads them).
#[test]
fn queens_boards_cut_near_both_edges_are_read_or_refused_as_cut_off() {
    let mut exact = 0;
    for seed in [53, 55, 62, 76, 81, 95, 104, 117, 128, 129, 158, 187] {
        let (class, detail) = variations::run(seed, "cut-edge");
        if class == variations::Class::Exact {
            exact += 1;
            continue;
        }
        assert_eq!(class, variations::Class::Refused, "seed {seed}: {detail}");
        let side = ["left", "right", "top", "bottom"]
            .into_iter()
            .find(|s| detail.contains(&format!("(rendered cut at the {s} edge)")))
            .expect("the rendered side");
        assert!(
            detail.starts_with(&format!("the board is cut off at the {side} edge")),
            "seed {seed}: {detail}"
        );
    }
    assert!(exact >= 10, "read right: {exact} of 12");
}

/// Queens under LinkedIn's red stripes, the player's two crowns clashing and both called wrong
/// (no clash explains them): the answer is shown when it stays the only one reachable with
/// every striped cell free to take its own region or a neighbour's; without that search the
/// stripes guard withholds it. The striped cells are the ones the stripes lie on, and a region
/// as read that lies wholly under them keeps the guard.
#[test]
fn queens_clashes_under_stripes_are_answered_when_the_striped_cells_cannot_change_it() {
    let guard_only = CertifyOptions {
        queens_free_striped: false,
        ..CertifyOptions::default()
    };
    // 55 and 88: a crown of the clash on a striped cell read with doubt.
    for seed in [113, 148, 163, 55, 88] {
        let (reading, sol) = read_render(seed, "stripes");
        assert!(reading.red_stripes, "seed {seed}: stripes seen");
        assert!(!reading.striped.is_empty(), "seed {seed}: striped cells");
        let solved = solve(reading.clone());
        assert_eq!(
            solved.answer(),
            Some(&sol),
            "seed {seed}: {}",
            solved.outcome_name()
        );
        let withheld =
            solve_reading(reading.clone(), &SolveOptions::default(), &guard_only).expect("a solve");
        assert_eq!(withheld.answer(), None, "seed {seed}: the guard alone");

        // Every region read wholly under the stripes: the guard stands.
        let mut all = reading.clone();
        all.striped = (0..reading.grid.rows)
            .flat_map(|r| (0..reading.grid.cols).map(move |c| snapsolve::puzzle::Pos::new(r, c)))
            .collect();
        assert_eq!(
            solve(all).answer(),
            None,
            "seed {seed}: the whole board striped"
        );
    }
}

/// Queens under LinkedIn's red stripes where a striped cell has thick lines to every other
/// region as read: it keeps its region in the striped cells' certification (102: a one-cell
/// region wholly under the stripes, which the guard withheld; 117: a one-cell region that,
/// free, could move into its striped neighbour). Without the walls, or with the rule off, the
/// answer is withheld.
#[test]
fn striped_cells_walled_by_thick_lines_keep_their_regions() {
    let off = CertifyOptions {
        queens_striped_walls: false,
        ..CertifyOptions::default()
    };
    for seed in [102, 117] {
        let (reading, sol) = read_render(seed, "stripes");
        assert!(reading.red_stripes, "seed {seed}: stripes seen");
        assert!(
            !reading.striped_walled.is_empty(),
            "seed {seed}: walled striped cells"
        );
        assert!(
            reading
                .striped_walled
                .iter()
                .all(|p| reading.striped.contains(p)),
            "seed {seed}: walled cells are striped"
        );
        let solved = solve(reading.clone());
        assert_eq!(
            solved.answer(),
            Some(&sol),
            "seed {seed}: {}",
            solved.outcome_name()
        );
        let withheld =
            solve_reading(reading.clone(), &SolveOptions::default(), &off).expect("a solve");
        assert_eq!(withheld.answer(), None, "seed {seed}: the walls off");
        let mut unwalled = reading;
        unwalled.striped_walled.clear();
        assert_eq!(
            solve(unwalled).answer(),
            None,
            "seed {seed}: no cell walled"
        );
    }
}

/// A Tango board cut through its outer line with more than half of it in view: the markers
/// between two cut cells, cut through their middle, are read from their part in view
/// mirrored about the line's centre (LinkedIn's glyphs are symmetric about it), so they are
/// not left free, and the answer is shown; with the mirror off they are hidden by the edge,
/// and the answer withheld (on two of the four; the cut pieces' given status pins the other
/// two; never a wrong one).
#[test]
fn markers_cut_through_their_middle_are_read_from_their_mirror_image() {
    let mut off = ReadOptions::default();
    off.tango.cut_mirror_from = 2.0;
    let mut withheld_off = 0;
    for seed in [65, 68, 155, 162] {
        let (p, sol) = variations::puzzle(seed, "cut-edge");
        let opts = variations::options(seed, "cut-edge");
        let shot = snapsolve::render::synth::render(&p, Some(&sol), &opts).expect("a render");
        let reading = read_image(&shot.image, &ReadOptions::default()).expect("a board");
        assert!(reading.cut.is_some(), "seed {seed}: read as cut");
        let solved = solve(reading);
        assert_eq!(
            solved.answer(),
            Some(&sol),
            "seed {seed}: {}",
            solved.outcome_name()
        );
        let hidden = read_image(&shot.image, &off).expect("a board");
        let edges_hidden = hidden
            .occluded
            .iter()
            .filter(|e| matches!(e, snapsolve::certify::Element::Edge { .. }))
            .count();
        assert!(
            edges_hidden > 0,
            "seed {seed}: markers hidden without the mirror"
        );
        // With the markers free, the answer is withheld unless the rest pins it (seed 65:
        // the cut pieces' given status, read from the corners in view, does).
        match solve(hidden).answer() {
            None => withheld_off += 1,
            Some(s) => assert_eq!(s, &sol, "seed {seed}: the mirror off"),
        }
    }
    assert!(
        withheld_off >= 2,
        "withheld with the mirror off: {withheld_off} of 4"
    );
}

/// The pointer over an `x` whose body reads as `=` there: the puzzle as read has several
/// solutions, and a puzzle with several is repaired only by adding clues where nothing was
/// read; an element under the pointer counts as nothing read, so the repair takes the one
/// reading of it with one solution (and says so).
#[test]
fn a_marker_under_the_pointer_is_repaired_when_the_puzzle_as_read_has_several_solutions() {
    for variation in ["pointer-arrow", "pointer-hand"] {
        let (reading, sol) = read_render(146, variation);
        assert!(
            !reading.occluded.is_empty(),
            "{variation}: the pointer seen"
        );
        let solved = solve(reading);
        assert_eq!(
            solved.answer(),
            Some(&sol),
            "{variation}: {}",
            solved.outcome_name()
        );
        assert_eq!(
            solved.repairs().len(),
            1,
            "{variation}: one change reported"
        );
    }
}

/// Red triangles and red discs on a dark themed board: no one shape measure sets them apart
/// clearly enough alone (bands 1.00, 0.92 and 1.10 of the alike gaps), all three together do
/// (`TangoReadOptions::shape_split_min_band`); every icon was doubted and the board withheld.
#[test]
fn icons_of_one_colour_apart_by_all_three_shape_measures_are_two_kinds() {
    assert_exact(&[("themed", 27000560)]);
}

/// A hand pointer over an empty cell whose dark outline reads as a moon there (0.14), and
/// an `x` half under it read as `=`: the puzzle as read has several solutions, and its one
/// reading with a single solution calls that "moon" wrong. A piece on a cell under the
/// pointer has no say over a repair (`CertifyOptions::occluded_pieces_veto`), and no wrong
/// piece is reported on a cell the repair made a given.
#[test]
fn a_piece_read_under_the_pointer_does_not_veto_a_repair() {
    let (reading, sol) = read_render(6800219, "pointer-hand");
    assert!(!reading.occluded.is_empty(), "the pointer seen");
    let solved = solve(reading.clone());
    assert_eq!(solved.answer(), Some(&sol), "{}", solved.outcome_name());
    assert!(solved.wrong.is_empty(), "{:?}", solved.wrong);
    let veto = CertifyOptions {
        occluded_pieces_veto: true,
        ..CertifyOptions::default()
    };
    let vetoed = solve_reading(reading, &SolveOptions::default(), &veto).expect("a solve");
    assert_eq!(vetoed.answer(), None, "{}", vetoed.outcome_name());
}

/// A solved Queens board under the win shimmer whose regions are misread (the regions as read
/// give no solution, or another one): the player's complete board, a crown in every row and
/// column, none touching and no red stripes seen, is the answer (LinkedIn stripes a region
/// holding two crowns), reported as such. With stripes seen, a crown missing, or the rule
/// off, it is not.
#[test]
fn a_solved_queens_board_is_the_answer_when_its_regions_are_misread() {
    let off = CertifyOptions {
        queens_board_over_regions: false,
        ..CertifyOptions::default()
    };
    for seed in [11000037, 11000114, 11000142] {
        let (reading, sol) = read_render(seed, "shimmer");
        let solved = solve(reading.clone());
        assert_eq!(
            solved.answer(),
            Some(&sol),
            "seed {seed}: {}",
            solved.outcome_name()
        );
        assert!(
            matches!(
                solved.certificate,
                Some(Certificate::Completed {
                    regions_misread: true,
                    ..
                })
            ),
            "seed {seed}: the board stands for the answer"
        );

        let as_read = solve_reading(reading.clone(), &SolveOptions::default(), &off).unwrap();
        assert_ne!(
            as_read.answer(),
            Some(&sol),
            "seed {seed}: the regions as read"
        );

        let mut striped = reading.clone();
        striped.red_stripes = true;
        assert_eq!(solve(striped).answer(), None, "seed {seed}: stripes seen");

        let gap = without_first(&reading, |q| matches!(q, Placed::Crown { .. }));
        assert_eq!(solve(gap).answer(), None, "seed {seed}: a crown missing");
    }
}

/// A brightened board placed from its icons with a player's wrong piece: pale markers the
/// edge reader lost are doubted where ink shows on the edge midpoint
/// (`vision::tango::sparse::ink_edges`) or where the edge stands out of the board's edges
/// (`TangoReadOptions::marker_faint_standout`), and with a marker free each piece may be a given or
/// the player's, so a wrong piece taken as a given no longer pins a wrong answer (these five
/// renders were answered wrong before).
#[test]
fn lost_markers_on_washed_out_boards_free_the_pieces() {
    for seed in [100892, 102618, 102846, 102928, 102947] {
        let (class, detail) = variations::run(seed, "brighter-wrong");
        assert_ne!(class, variations::Class::Wrong, "seed {seed}: {detail}");
        let (reading, _) = read_render(seed, "brighter-wrong");
        assert!(
            reading
                .doubts
                .iter()
                .any(|d| matches!(d, Doubt::Edge { confidence, .. } if *confidence < 0.5)),
            "seed {seed}: a lost marker doubted"
        );
    }
}

/// Translucent stripes over a given's shading (`stripes-over`): the ground between the stripes
/// reads the given surely ([`snapsolve::vision::tango::TangoReadOptions::striped_given_sure`]);
/// under LinkedIn's stripes (`stripes`) a given shows white and stays "given or placed". In
/// both rows every given read surely is a given of the puzzle. Seeds 40-159: since the ground
/// must have the givens' tint too (stripes-over 5300686), the one such given of 40-59 (its
/// corner samples 5 redder than the givens in the clear) stays in doubt.
#[test]
fn a_given_under_translucent_stripes_is_read_surely_and_no_placed_piece_is() {
    let without = {
        let mut o = ReadOptions::default();
        o.tango.striped_given_sure = None;
        o
    };
    let doubted = |r: &Reading, pos| {
        r.doubts
            .iter()
            .any(|d| matches!(d, Doubt::Cell { pos: q, .. } if *q == pos))
    };
    let given_doubts = |r: &Reading| {
        r.doubts
            .iter()
            .filter(|d| {
                matches!(
                    d,
                    Doubt::Cell {
                        given_only: true,
                        ..
                    }
                )
            })
            .count()
    };
    let mut fewer = 0;
    for variation in ["stripes-over", "stripes"] {
        for seed in 40..160 {
            let (p, sol) = variations::puzzle(seed, variation);
            let snapsolve::puzzle::Puzzle::Tango(truth) = &p else {
                continue;
            };
            let opts = variations::options(seed, variation);
            let mut shot =
                snapsolve::render::synth::render(&p, Some(&sol), &opts).expect("a render");
            variations::after_render(variation, seed, &mut shot);
            let with = read_image(&shot.image, &ReadOptions::default()).expect("a board");
            let old = read_image(&shot.image, &without).expect("a board");
            if let snapsolve::puzzle::Puzzle::Tango(t) = &with.puzzle {
                for (pos, s) in t.givens().filter(|&(pos, _)| !doubted(&with, pos)) {
                    assert_eq!(
                        truth.given(pos),
                        Some(s),
                        "{variation} seed {seed}: {pos:?} read surely as a given"
                    );
                }
            }
            fewer += usize::from(
                variation == "stripes-over" && given_doubts(&with) < given_doubts(&old),
            );
        }
    }
    assert!(fewer > 0, "no striped given read surely");
}

/// Tango boards whose icons in the clear are all of one kind and LinkedIn's colours, with
/// others of that kind under rule-break stripes (their tint sets them apart): the clear icons
/// are read surely (`TangoReadOptions::striped_set_apart_clear_alike`); these renders used to
/// end `uncertain` with every icon doubted.
#[test]
fn clear_icons_of_one_kind_beside_striped_ones_are_read_surely() {
    assert_exact(&[
        ("stripes", 6800075),
        ("stripes", 6800154),
        ("stripes", 6800326),
    ]);
}
