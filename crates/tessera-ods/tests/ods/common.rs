//! Shared by the integration tests: evaluating a `.td` file against the test ODS base and
//! reading the model out of it.

use std::path::Path;

/// The directory holding `ods_base.td`.
pub const INCLUDE: &str = "tests/docs/include";

/// Evaluates `path` (relative to the crate) and loads its ODS model; TableGen errors fail the
/// test with their rendering.
pub fn load_file(path: &Path) -> tessera_ods::Loaded {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    load_text(&path.display().to_string(), &text)
}

/// Evaluates source text that may include `ods_base.td` and loads its ODS model.
pub fn load_text(name: &str, text: &str) -> tessera_ods::Loaded {
    let opts = tessera_tablegen::Options {
        include_dirs: vec![INCLUDE.to_string()],
        ..Default::default()
    };
    let parsed = match tessera_tablegen::parse_source(name, text, &opts) {
        Ok(parsed) => parsed,
        Err(failure) => panic!("{name} does not evaluate:\n{}", failure.render()),
    };
    assert_eq!(parsed.error_count(), 0, "{}", parsed.render_messages());
    tessera_ods::load(&parsed.records)
}

/// The `.td` files directly in `dir`, sorted.
pub fn td_files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "td"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {dir}");
    files
}
