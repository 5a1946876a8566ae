use snapsolve::vision::{decode, tango};
fn main() {
    let opts = tango::TangoReadOptions::default();
    let a = std::env::args().nth(1).unwrap();
    let img = decode::decode(&std::fs::read(&a).unwrap(), &Default::default()).unwrap();
    let (_, d) = tango::read_tango_detail(&img, &opts).unwrap();
    for c in &d.cells {
        println!(
            "{} ov={:.2} bg={:?} given={} gc={:.2} frac={:.2} sym={:?} conf={:.2}",
            c.pos, c.overlay, c.bg, c.given, c.given_conf, c.icon_frac, c.symbol, c.conf
        );
    }
}
