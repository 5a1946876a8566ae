use snapsolve::vision::{decode, tango};
fn main() {
    let opts = tango::TangoReadOptions::default();
    for a in std::env::args().skip(1) {
        let b = std::fs::read(&a).unwrap();
        let img = decode::decode(&b, &Default::default()).unwrap();
        let Ok((_, d)) = tango::read_tango_detail(&img, &opts) else {
            continue;
        };
        for e in d.edges.iter().filter(|e| e.marker.is_some()) {
            println!(
                "{:.0} {:.0} {:.2} {:?}",
                e.ink_chroma, e.contrast, e.stroke_ratio, e.marker
            );
        }
    }
}
