//! A `.td` file of rules read end to end: TableGen (with Tessera's `.td` library
//! includable), the ODS model, the rules, and the registration of the dialects whose ops
//! they use. What `tessera-opt --patterns=FILE.td` and `tessera-tblgen --gen-pdl` share.

use crate::read::{read, DrrFile};
use std::sync::Arc;
use tessera_ir::{Context, Diagnostic, Severity};
use tessera_ods::register::{Options, Registration};
use tessera_ods::DialectId;

/// The rules of a file, ready to lower into any context.
pub struct LoadedRules {
    /// The checked rules.
    pub file: DrrFile,
    /// The dialects the rules' ops belong to, compiled for registration: the PDL verifier
    /// and executor need to know which ops infer their result types.
    pub registration: Arc<Registration>,
    /// Warnings (TableGen's, registration's, constraint leaves that cannot be evaluated),
    /// rendered.
    pub warnings: String,
}

impl std::fmt::Debug for LoadedRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedRules")
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

/// Dialects Tessera registers in every context already.
const CORE_DIALECTS: &[&str] = &["builtin", "func", "pdl", "pdl_interp"];

/// Reads the rules of `path`, its includes searched in `include_dirs` (and Tessera's
/// library), with `hooks` for the dialects' registration. An error is the rendered
/// diagnostics (`file:line:col: error: ...` with the source line).
pub fn load_file(
    path: &str,
    include_dirs: &[String],
    hooks: &Options,
) -> Result<LoadedRules, String> {
    let text =
        std::fs::read(path).map_err(|e| format!("Could not open input file '{path}': {e}\n"))?;
    load_source(
        path,
        &tessera_tablegen::lexer::bytes_to_string(text),
        include_dirs,
        hooks,
    )
}

/// [`load_file`] for text already read; `name` names it in diagnostics.
pub fn load_source(
    name: &str,
    text: &str,
    include_dirs: &[String],
    hooks: &Options,
) -> Result<LoadedRules, String> {
    let opts = tessera_ods::library::options(include_dirs.to_vec());
    let parsed = tessera_tablegen::parse_source(name, text, &opts).map_err(|f| f.render())?;
    if parsed.error_count() > 0 {
        return Err(parsed.render_messages());
    }
    let mut warnings = parsed.render_messages();
    let loaded = tessera_ods::load(&parsed.records);
    if !loaded.diagnostics.is_empty() {
        return Err(loaded.render_diagnostics());
    }
    let model = Arc::new(loaded.model);
    let (file, diags) = read(&parsed.records, model.clone());
    if !diags.is_empty() {
        return Err(render(&diags, &file));
    }
    // The dialects of every op a rule names.
    let mut dialects: Vec<DialectId> = Vec::new();
    for rule in &file.rules {
        let mut ops = Vec::new();
        crate::rule::ops_of_rule(rule, &mut ops);
        for op in ops {
            let d = model.ops[op].dialect;
            if !dialects.contains(&d) && !CORE_DIALECTS.contains(&model.dialect(d).name.as_str()) {
                dialects.push(d);
            }
        }
    }
    dialects.sort();
    let (registration, reg_warnings) = Registration::compile(&model, &dialects, hooks);
    for d in &reg_warnings {
        warnings.push_str(&d.render(&loaded.sources, None));
    }
    Ok(LoadedRules {
        file,
        registration: Arc::new(registration),
        warnings,
    })
}

fn render(diags: &[Diagnostic], file: &DrrFile) -> String {
    diags
        .iter()
        .map(|d| d.render(&file.sources, None))
        .collect()
}

impl LoadedRules {
    /// Registers the rules' dialects in `ctx` and lowers the rules there. An error is the
    /// rendered diagnostics.
    pub fn lower(&self, ctx: &mut Context) -> Result<crate::Lowered, Vec<Diagnostic>> {
        self.registration.register(ctx);
        crate::lower_to_pdl(ctx, &self.file)
    }

    /// Adds to `natives` the natives checking the rules' constraints (`leaves` answering
    /// predicate leaves the evaluator does not understand); returns the warnings for leaves
    /// that cannot be evaluated, rendered.
    pub fn add_natives(
        &self,
        leaves: &tessera_ods::eval::Natives,
        natives: &mut tessera_pdl::Natives,
    ) -> String {
        let warnings = crate::natives(&self.file, leaves, natives);
        warnings
            .iter()
            .filter(|d| d.severity == Severity::Warning)
            .map(|d| d.render(&self.file.sources, None))
            .collect()
    }

    /// Renders diagnostics of lowering (located at rules or in the IR) with the `.td` text.
    pub fn render(&self, diags: &[Diagnostic], ctx: &Context) -> String {
        diags
            .iter()
            .map(|d| d.render(&self.file.sources, Some(ctx)))
            .collect()
    }
}

/// What `tessera-tblgen --gen-pdl` prints: the rules of `path` lowered to PDL, as MLIR text
/// in the custom form `mlir-opt` prints, and the rendered warnings. An error is the
/// rendered diagnostics.
pub fn gen_pdl(path: &str, include_dirs: &[String]) -> Result<(String, String), String> {
    let hooks = tessera_ods::dialect_hooks::options();
    let loaded = load_file(path, include_dirs, &hooks)?;
    pdl_text(&loaded)
}

/// What `tessera-tblgen --gen-rust-rewriters` prints: the Rust module of `path`'s rules,
/// naming the file as `source` — the matcher compiled ahead of time
/// ([`rust_rewriters_compiled`]), or with `interpreted` the rules' PDL compiled at load
/// ([`rust_rewriters`]) — and the rendered warnings. An error is the rendered diagnostics.
pub fn gen_rust_rewriters(
    path: &str,
    source: &str,
    include_dirs: &[String],
    interpreted: bool,
) -> Result<(String, String), String> {
    let hooks = tessera_ods::dialect_hooks::options();
    let loaded = load_file(path, include_dirs, &hooks)?;
    if interpreted {
        rust_rewriters(&loaded, source)
    } else {
        rust_rewriters_compiled(&loaded, source, &[])
    }
}

/// [`gen_rust_rewriters`] for rules already loaded (`tessera-build` reads the files they came
/// from, for Cargo, before writing their module).
pub fn rust_rewriters(loaded: &LoadedRules, source: &str) -> Result<(String, String), String> {
    let (pdl, warnings) = pdl_text(loaded)?;
    let module =
        crate::to_rust(&loaded.file, &pdl, source).map_err(|d| render(&d, &loaded.file))?;
    Ok((module, warnings))
}

/// The Rust module of rules already loaded with their matcher compiled ahead of time
/// ([`crate::to_rust_compiled`]), naming the file as `source`, and the rendered warnings.
/// The rewriters create the ops of `typed_builders` through their typed builders.
pub fn rust_rewriters_compiled(
    loaded: &LoadedRules,
    source: &str,
    typed_builders: &[tessera_pdl::aot::TypedBuilder],
) -> Result<(String, String), String> {
    let (mut ctx, mut lowered, warnings) = lower_with_warnings(loaded)?;
    let module =
        crate::to_rust_compiled(&loaded.file, &mut ctx, &mut lowered, source, typed_builders)
            .map_err(|d| loaded.render(&d, &ctx))?;
    Ok((module, warnings))
}

/// The rules lowered in a context of their own (core dialects and the rules' registered),
/// with the rendered warnings: loading's and those of the constraint natives.
fn lower_with_warnings(loaded: &LoadedRules) -> Result<(Context, crate::Lowered, String), String> {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    let lowered = loaded
        .lower(&mut ctx)
        .map_err(|d| loaded.render(&d, &ctx))?;
    let mut warnings = loaded.warnings.clone();
    let mut natives = tessera_pdl::Natives::new();
    warnings.push_str(&loaded.add_natives(&tessera_ods::eval::Natives::new(), &mut natives));
    Ok((ctx, lowered, warnings))
}

/// The rules lowered to PDL and printed, with the rendered warnings.
fn pdl_text(loaded: &LoadedRules) -> Result<(String, String), String> {
    let (ctx, lowered, warnings) = lower_with_warnings(loaded)?;
    let text = tessera_asm::print_module(
        &ctx,
        &lowered.body,
        lowered.module,
        &tessera_asm::Resources::default(),
        tessera_asm::PrintOptions::default(),
    );
    Ok((text, warnings))
}
