// Checks td/toy.td, the PDLL patterns and the DRR rules, and writes their Rust into OUT_DIR:
// a mistake in any of them fails the build with its file:line:col.
fn main() -> Result<(), tessera_build::Error> {
    tessera_build::Config::new()
        .include_dir("td")
        .dialect("td/toy.td")
        .patterns("patterns/combine.pdll")
        .patterns("patterns/transpose.td")
        .compile()?;
    Ok(())
}
