//! `tessera-opt --load-dialect=FILE.td -I DIR`: evaluate a `.td` file, read its ODS
//! definitions, and compile the dialects it defines for registration into every context.

use std::sync::Arc;
use tessera_ods::register::{dialects_of_main_file, Options, Registration};

/// A loaded dialect file: what to register, and the warnings loading produced (rendered).
pub struct LoadedDialects {
    /// The compiled dialects.
    pub registration: Arc<Registration>,
    /// Warnings about what verification cannot do, rendered with their `.td` locations.
    pub warnings: String,
}

/// Loads `path` with the TableGen include directories `include_dirs` (and Tessera's built-in
/// `.td` library). An error is the
/// rendered diagnostics (`file:line:col: error: ...`) of the TableGen or ODS problems.
pub fn load_dialect(
    path: &str,
    include_dirs: &[String],
    options: &Options,
) -> Result<LoadedDialects, String> {
    // Tessera's own library (`tessera/OpBase.td`, …) is includable too.
    let opts = tessera_ods::library::options(include_dirs.to_vec());
    let parsed = tessera_tablegen::parse_file(path, &opts).map_err(|f| f.render())?;
    if parsed.error_count() > 0 {
        return Err(parsed.render_messages());
    }
    let loaded = tessera_ods::load(&parsed.records);
    if !loaded.diagnostics.is_empty() {
        return Err(loaded.render_diagnostics());
    }
    let dialects = dialects_of_main_file(&loaded.model, &loaded.sources);
    let (registration, warnings) = Registration::compile(&loaded.model, &dialects, options);
    // TableGen's own warnings first, as they were reported first.
    let mut rendered = parsed.render_messages();
    if dialects.is_empty() {
        // A base file (dialect definitions included from elsewhere, no ops) or a file
        // including another: registering nothing silently would hide the mistake.
        rendered.push_str(&format!(
            "warning: {path} defines no dialect and no op (those of the files it includes \
             are not registered)\n"
        ));
    }
    for d in &warnings {
        rendered.push_str(&d.render(&loaded.sources, None));
    }
    Ok(LoadedDialects {
        registration: Arc::new(registration),
        warnings: rendered,
    })
}
