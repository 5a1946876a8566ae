fn main() {
    let a: Vec<String> = std::env::args().collect();
    let img =
        snapsolve::vision::decode::decode(&std::fs::read(&a[1]).unwrap(), &Default::default())
            .unwrap();
    let v: Vec<u32> = a[3..7].iter().map(|s| s.parse().unwrap()).collect();
    let scale: u32 = a.get(7).map(|s| s.parse().unwrap()).unwrap_or(1);
    let c = image::imageops::crop_imm(&img, v[0], v[1], v[2], v[3]).to_image();
    let c = image::imageops::resize(
        &c,
        v[2] * scale,
        v[3] * scale,
        image::imageops::FilterType::Nearest,
    );
    c.save(&a[2]).unwrap();
}
