// Checks td/toy.td and patterns/combine.pdll and writes their Rust into OUT_DIR: a mistake in
// either fails the build with its file:line:col.
fn main() -> Result<(), tessera_build::Error> {
    tessera_build::Config::new()
        .include_dir("td")
        .dialect("td/toy.td")
        .patterns("patterns/combine.pdll")
        .compile()?;
    Ok(())
}
