//! temp
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let img =
        snapsolve::vision::decode::decode(&std::fs::read(&a[1]).unwrap(), &Default::default())
            .unwrap();
    let scale: u32 = a[3].parse().unwrap();
    let c = image::imageops::resize(
        &img,
        img.width() * scale,
        img.height() * scale,
        image::imageops::FilterType::Nearest,
    );
    c.save(&a[2]).unwrap();
}
