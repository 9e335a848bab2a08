//! Tessera's own `.td` library, built into the crate: the ODS base (`tessera/OpBase.td`)
//! and the dialects Tessera declares itself: the core ones (`tessera/Builtin.td`,
//! `tessera/Func.td`), the DRR base (`tessera/PatternBase.td`) and PDL's (`tessera/PDLTypes.td`, `tessera/PDL.td`,
//! `tessera/PDLInterp.td`, registered by tessera-pdl), plus `tessera/InferTypeOpInterface.td`
//! for dialects that want ODS's result type inference.
//! TableGen finds them by these names through [`options`], with no installation.

use std::sync::Arc;

/// Every file of the library: `(include name, text)`.
pub const FILES: &[(&str, &str)] = &[
    ("tessera/OpBase.td", include_str!("../td/tessera/OpBase.td")),
    (
        "tessera/Builtin.td",
        include_str!("../td/tessera/Builtin.td"),
    ),
    ("tessera/Func.td", include_str!("../td/tessera/Func.td")),
    (
        "tessera/PatternBase.td",
        include_str!("../td/tessera/PatternBase.td"),
    ),
    (
        "tessera/InferTypeOpInterface.td",
        include_str!("../td/tessera/InferTypeOpInterface.td"),
    ),
    (
        "tessera/PDLTypes.td",
        include_str!("../td/tessera/PDLTypes.td"),
    ),
    ("tessera/PDL.td", include_str!("../td/tessera/PDL.td")),
    (
        "tessera/PDLInterp.td",
        include_str!("../td/tessera/PDLInterp.td"),
    ),
];

/// TableGen options that make the library includable, searching `include_dirs` for
/// everything else.
pub fn options(include_dirs: Vec<String>) -> tessera_tablegen::Options {
    tessera_tablegen::Options {
        include_dirs,
        embedded_files: FILES
            .iter()
            .map(|&(name, text)| (name.to_string(), Arc::<str>::from(text)))
            .collect(),
        ..tessera_tablegen::Options::default()
    }
}

/// The text of library file `name`, if it is one.
pub fn file(name: &str) -> Option<&'static str> {
    FILES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, text)| text)
}

/// The ODS model of what `main` includes from this library (`main` named `name` in
/// messages), or the rendered diagnostics: the library is fixed, so any diagnostic is a bug.
pub fn load_model(name: &str, main: &str) -> Result<crate::Model, String> {
    let parsed =
        tessera_tablegen::parse_source(name, main, &options(Vec::new())).map_err(|f| f.render())?;
    let loaded = crate::load(&parsed.records);
    if !loaded.diagnostics.is_empty() {
        return Err(loaded.render_diagnostics());
    }
    Ok(loaded.model)
}
