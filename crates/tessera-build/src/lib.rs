//! Tessera from a crate's `build.rs`: dialects written in ODS `.td` files become typed Rust
//! ops, PDLL pattern files become a Rust module, both checked at build time. A mistake in a
//! `.td` or `.pdll` file fails the build with its diagnostics, `file:line:col` and source
//! line, as `tessera-opt` would report it.
//!
//! ```no_run
//! // build.rs
//! fn main() -> Result<(), tessera_build::Error> {
//!     tessera_build::Config::new()
//!         .include_dir("td")
//!         .dialect("td/toy.td")
//!         .patterns("patterns/combine.pdll")
//!         .compile()?;
//!     Ok(())
//! }
//! ```
//!
//! Each input `NAME.td` or `NAME.pdll` becomes `OUT_DIR/NAME.rs`, to be included into a
//! module: `#[allow(dead_code)] mod toy { include!(concat!(env!("OUT_DIR"), "/toy.rs")); }`
//! (the allowance because a program rarely uses every op and accessor). The crate then
//! depends on `tessera-ir` and `tessera-ods` (typed ops), and on `tessera-pdl` and
//! `tessera-rewrite` (patterns). Every file read, includes too, is announced to Cargo with
//! `cargo:rerun-if-changed`, so editing any of them rebuilds.
//!
//! What the generated code holds:
//! - for a dialect ([`tessera_ods::rust_gen`]): one `Copy` handle per op with named accessors
//!   for operands, attributes (typed where ODS says how, with defaults), results, regions and
//!   successors, a builder making its `OperationState` (and one inferring the result types
//!   when ODS can), the enums its attributes use as Rust enums, each op's verifier as Rust
//!   ([`tessera_ods::rust_gen::verify`]), each op's assembly format compiled to Rust (an
//!   `OpAssembly` type in `compiled_forms`; an op whose format uses a construct the compiler
//!   does not handle keeps the format engine, with a `cargo:warning` naming it), and
//!   `register(ctx)`, which registers the dialect from its ODS model embedded as bytes (no
//!   `.td` is read at run time) and installs those verifiers and compiled forms;
//! - for a PDL module (a `.mlir` given to [`Config::patterns`]; `tessera_pdl::aot`): the
//!   merged matcher and rewriters as Rust, and `load(ctx)`;
//! - for DRR rules (a `.td` given to [`Config::patterns`];
//!   [`tessera_drr::rust_rewriters_compiled`]): the rules' matcher and rewriters as Rust, every
//!   `NativeCodeCall` as a Rust function, and `load(ctx, natives)`, which looks the natives
//!   up by name once (the module's own added to `natives`);
//! - for PDLL patterns ([`tessera_pdll::to_rust_compiled`]): the patterns' matcher and
//!   rewriters compiled into Rust (`tessera_pdl::aot`), every native whose code block is Rust
//!   as a function called in place, the natives the file only declares called as
//!   `super::natives::Name(..)` (a module the crate writes; a missing one fails to compile,
//!   naming it), and `load(ctx)`.
//!
//! The rewriters of every pattern file create the ops of the dialect files through their
//! typed builders (`super::STEM::Op::state(..)`, or the path [`Config::dialect_module_path`]
//! gives), so a pattern creating an op the dialect no longer declares, or with other
//! arguments, fails to compile.

#![deny(missing_docs)]

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

/// What to compile, and where the Rust goes.
#[derive(Clone, Debug, Default)]
pub struct Config {
    include_dirs: Vec<PathBuf>,
    dialects: Vec<PathBuf>,
    /// Where pattern modules reach a dialect's module, by `.td` path, when not at the default.
    dialect_paths: Vec<(PathBuf, String)>,
    patterns: Vec<PathBuf>,
    out_dir: Option<PathBuf>,
    skip_rustfmt: bool,
}

/// Why compiling failed: the rendered diagnostics of the files (or an I/O failure).
///
/// Its `Debug` form is the rendered text itself, so a `build.rs` whose `main` returns
/// `Result<(), tessera_build::Error>` shows the diagnostics as they are.
pub struct Error {
    rendered: String,
}

impl Error {
    fn new(rendered: impl Into<String>) -> Self {
        Error {
            rendered: rendered.into(),
        }
    }

    /// The diagnostics, rendered with their locations and source lines.
    pub fn rendered(&self) -> &str {
        &self.rendered
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rendered.trim_end())
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `main` returning `Err` prints `Error: {:?}`: the diagnostics, not a struct.
        write!(f, "\n{}", self.rendered.trim_end())
    }
}

impl std::error::Error for Error {}

/// What [`Config::compile`] did.
#[derive(Debug, Default)]
pub struct Compiled {
    /// The Rust files written, in the order of the inputs (dialects first).
    pub written: Vec<PathBuf>,
    /// Every file read, includes too (what `cargo:rerun-if-changed` was printed for).
    pub read: BTreeSet<PathBuf>,
}

impl Config {
    /// A configuration compiling nothing yet, writing into Cargo's `OUT_DIR`.
    pub fn new() -> Self {
        Config::default()
    }

    /// A directory searched by `include` in `.td` files and `#include` in `.pdll` files.
    pub fn include_dir(&mut self, dir: impl AsRef<Path>) -> &mut Self {
        self.include_dirs.push(dir.as_ref().to_path_buf());
        self
    }

    /// An ODS `.td` file whose dialects (those its ops belong to) become typed Rust ops.
    pub fn dialect(&mut self, td: impl AsRef<Path>) -> &mut Self {
        self.dialects.push(td.as_ref().to_path_buf());
        self
    }

    /// The Rust path at which pattern modules reach the module generated for `td` (a file
    /// given to [`Config::dialect`]), when it is not `super::STEM` (the two modules side by
    /// side, as the crate-level example includes them). Compiled rewriters create that
    /// dialect's ops through its typed builders at `{path}::{Op}::state`.
    pub fn dialect_module_path(&mut self, td: impl AsRef<Path>, path: &str) -> &mut Self {
        self.dialect_paths
            .push((td.as_ref().to_path_buf(), path.to_string()));
        self
    }

    /// A pattern file whose patterns become a Rust module: PDLL (`.pdll`), DRR rules (`.td`,
    /// `Pat`/`Pattern` records over ODS ops) or PDL (`.mlir`: `pdl.pattern`s, or their
    /// compiled `pdl_interp` form). All are compiled ahead of time; natives a PDLL or PDL file
    /// only declares are called as `super::natives::Name(..)`.
    pub fn patterns(&mut self, file: impl AsRef<Path>) -> &mut Self {
        self.patterns.push(file.as_ref().to_path_buf());
        self
    }

    /// Where the Rust files go (default: the `OUT_DIR` Cargo gives build scripts).
    pub fn out_dir(&mut self, dir: impl AsRef<Path>) -> &mut Self {
        self.out_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Leaves the output as generated instead of running `rustfmt` (or `$RUSTFMT`) on it;
    /// without `rustfmt` installed the output is left as generated either way.
    pub fn skip_rustfmt(&mut self) -> &mut Self {
        self.skip_rustfmt = true;
        self
    }

    /// Checks every input and writes its Rust. Nothing is written when any input has
    /// errors; the error holds all of their diagnostics.
    pub fn compile(&self) -> Result<Compiled, Error> {
        let out_dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => std::env::var_os("OUT_DIR")
                .map(PathBuf::from)
                .ok_or_else(|| Error::new("error: OUT_DIR is not set: call compile() from a build script, or set out_dir()\n"))?,
        };
        let mut compiled = Compiled::default();
        let mut outputs: Vec<(PathBuf, String)> = Vec::new();
        let mut errors = String::new();
        // The typed builders of every dialect, which compiled rewriters call.
        let mut typed: Vec<tessera_pdl::aot::TypedBuilder> = Vec::new();
        // The dialects, compiled: a PDL file's matcher is compiled knowing their ops.
        let mut registrations = Vec::new();
        for td in &self.dialects {
            match self.dialect_rust(td, &mut compiled.read) {
                Ok(dialect) => {
                    outputs.push((output_path(&out_dir, td), dialect.rust));
                    typed.extend(dialect.builders);
                    registrations.push(dialect.registration);
                }
                Err(e) => errors.push_str(&e.rendered),
            }
        }
        for file in &self.patterns {
            let rust = match file.extension().and_then(|e| e.to_str()) {
                Some("td") => self.rules_rust(file, &mut compiled.read, &typed),
                Some("mlir") => self.pdl_rust(file, &mut compiled.read, &typed, &registrations),
                _ => self.patterns_rust(file, &mut compiled.read, &typed, &registrations),
            };
            match rust {
                Ok(rust) => outputs.push((output_path(&out_dir, file), rust)),
                Err(e) => errors.push_str(&e.rendered),
            }
        }
        for path in &compiled.read {
            println!("cargo:rerun-if-changed={}", path.display());
        }
        if !errors.is_empty() {
            return Err(Error::new(errors));
        }
        let mut seen = BTreeSet::new();
        for (path, _) in &outputs {
            if !seen.insert(path.clone()) {
                return Err(Error::new(format!(
                    "error: two inputs would both be written to {}: give them different file names\n",
                    path.display()
                )));
            }
        }
        for (path, rust) in outputs {
            let rust = if self.skip_rustfmt {
                rust
            } else {
                tessera_pdl::aot::rustfmt(&rust).unwrap_or(rust)
            };
            write_if_changed(&path, &rust).map_err(|e| {
                Error::new(format!("error: cannot write {}: {e}\n", path.display()))
            })?;
            compiled.written.push(path);
        }
        Ok(compiled)
    }

    fn include_strings(&self) -> Vec<String> {
        self.include_dirs
            .iter()
            .map(|d| d.to_string_lossy().into_owned())
            .collect()
    }

    /// The typed ops of the dialects `td` defines.
    fn dialect_rust(
        &self,
        td: &Path,
        read: &mut BTreeSet<PathBuf>,
    ) -> Result<DialectOutput, Error> {
        read.insert(td.to_path_buf());
        let name = td.to_string_lossy().into_owned();
        let opts = tessera_ods::library::options(self.include_strings());
        let parsed =
            tessera_tablegen::parse_file(&name, &opts).map_err(|f| Error::new(f.render()))?;
        for dep in &parsed.dependencies {
            read.insert(PathBuf::from(dep));
        }
        if parsed.error_count() > 0 {
            return Err(Error::new(parsed.render_messages()));
        }
        let loaded = tessera_ods::load(&parsed.records);
        if !loaded.diagnostics.is_empty() {
            return Err(Error::new(loaded.render_diagnostics()));
        }
        let dialects = tessera_ods::register::dialects_of_main_file(&loaded.model, &loaded.sources);
        if dialects.is_empty() {
            return Err(Error::new(format!(
                "error: {name} defines no dialect and no op: give the file that defines them\n"
            )));
        }
        // What registration will not be able to check is reported now, not at run time.
        let (registration, warnings) = tessera_ods::register::Registration::compile(
            &loaded.model,
            &dialects,
            &tessera_ods::dialect_hooks::options(),
        );
        for w in &warnings {
            println!(
                "cargo:warning={}",
                w.render(&loaded.sources, None).lines().next().unwrap_or("")
            );
        }
        let module = match self.dialect_paths.iter().find(|(p, _)| p == td) {
            Some((_, path)) => path.clone(),
            None => format!("super::{}", file_stem(td)),
        };
        let builders = loaded
            .model
            .ops
            .iter()
            .filter(|op| dialects.contains(&op.dialect))
            .map(|op| {
                let signature = tessera_ods::rust_gen::builder_signature(&loaded.model, op);
                tessera_pdl::aot::TypedBuilder {
                    op: op.name.clone(),
                    path: format!("{module}::{}", signature.rust_type),
                    signature,
                }
            })
            .collect();
        let (code, interpreted) = tessera_ods::rust_gen::generate_with_report(
            &loaded.model,
            &dialects,
            &tessera_ods::rust_gen::GenOptions {
                main_file: &file_name(td),
                native_paths: &[],
            },
        );
        // These ops still read and print through the format engine at run time.
        for (op, why) in &interpreted {
            println!(
                "cargo:warning={}: the assembly format of '{op}' is interpreted, not compiled to Rust: {why}",
                file_name(td)
            );
        }
        Ok(DialectOutput {
            rust: code,
            builders,
            registration: std::sync::Arc::new(registration),
        })
    }

    /// The Rust module of the PDL patterns in `mlir` (`pdl.pattern`s, or a compiled
    /// `pdl_interp` module), compiled ahead of time (`tessera_pdl::aot`).
    fn pdl_rust(
        &self,
        mlir: &Path,
        read: &mut BTreeSet<PathBuf>,
        typed: &[tessera_pdl::aot::TypedBuilder],
        registrations: &[std::sync::Arc<tessera_ods::register::Registration>],
    ) -> Result<String, Error> {
        read.insert(mlir.to_path_buf());
        let name = mlir.to_string_lossy().into_owned();
        let text = std::fs::read_to_string(mlir)
            .map_err(|e| Error::new(format!("error: cannot read {name}: {e}\n")))?;
        let options = tessera_pdl::aot::EmitOptions {
            source: file_name(mlir),
            typed_builders: typed.to_vec(),
            ..tessera_pdl::aot::EmitOptions::default()
        };
        tessera_pdl::aot::emit_text_with(&text, &name, &options, &|ctx| {
            for registration in registrations {
                registration.register(ctx);
            }
        })
        .map_err(Error::new)
    }

    /// The Rust module of the DRR rules in `td`, compiled ahead of time
    /// ([`tessera_drr::rust_rewriters_compiled`]).
    fn rules_rust(
        &self,
        td: &Path,
        read: &mut BTreeSet<PathBuf>,
        typed: &[tessera_pdl::aot::TypedBuilder],
    ) -> Result<String, Error> {
        read.insert(td.to_path_buf());
        let name = td.to_string_lossy().into_owned();
        let loaded = tessera_drr::load_file(
            &name,
            &self.include_strings(),
            &tessera_ods::dialect_hooks::options(),
        )
        .map_err(Error::new)?;
        // Every buffer TableGen read that is a file (the built-in library is not).
        for (_, f) in loaded.file.sources.files() {
            let path = Path::new(f.name());
            if path.is_file() {
                read.insert(path.to_path_buf());
            }
        }
        let (module, warnings) =
            tessera_drr::rust_rewriters_compiled(&loaded, &file_name(td), typed)
                .map_err(Error::new)?;
        for line in warnings.lines().filter(|l| l.contains("warning:")) {
            println!("cargo:warning={line}");
        }
        Ok(module)
    }

    /// The Rust module of the patterns in `pdll`.
    fn patterns_rust(
        &self,
        pdll: &Path,
        read: &mut BTreeSet<PathBuf>,
        typed: &[tessera_pdl::aot::TypedBuilder],
        registrations: &[std::sync::Arc<tessera_ods::register::Registration>],
    ) -> Result<String, Error> {
        read.insert(pdll.to_path_buf());
        let name = pdll.to_string_lossy().into_owned();
        let text = std::fs::read_to_string(pdll)
            .map_err(|e| Error::new(format!("error: cannot read {name}: {e}\n")))?;
        let mut sources = tessera_ir::SourceMap::new();
        let file = sources.add(name.clone(), text.as_str());
        let options = tessera_pdll::Options {
            include_dirs: self.include_dirs.clone(),
        };
        let parsed = tessera_pdll::parse(&mut sources, file, &options);
        for (id, f) in sources.files() {
            if id != file {
                read.insert(PathBuf::from(f.name()));
            }
        }
        if parsed.diagnostics.has_errors().is_some() {
            return Err(Error::new(parsed.diagnostics.render(&sources, None)));
        }
        let mut ctx = tessera_ir::Context::new();
        tessera_ods::core_dialects::register_core_dialects(&mut ctx);
        // The dialects the patterns work on, as `tessera-opt --patterns` has them: the
        // lowering and the matcher compiler ask which ops infer their result types.
        for registration in registrations {
            registration.register(&mut ctx);
        }
        // Those the file's `.td` includes define, but for dialects given to `dialect()`
        // (registered above from the same files): each compiled once.
        let hooks = tessera_ods::dialect_hooks::options();
        for (model, dialects) in parsed.ast.ods.defined_dialects() {
            let missing: Vec<tessera_ods::DialectId> = dialects
                .iter()
                .copied()
                .filter(|&d| ctx.dialect(&model.dialect(d).name).is_none())
                .collect();
            if !missing.is_empty() {
                tessera_ods::register::Registration::compile(model, &missing, &hooks)
                    .0
                    .register(&mut ctx);
            }
        }
        let render = |diags: &[tessera_ir::Diagnostic], ctx: &tessera_ir::Context| {
            Error::new(
                diags
                    .iter()
                    .map(|d| d.render(&sources, Some(ctx)))
                    .collect::<String>(),
            )
        };
        let mut lowered = tessera_pdll::lower_to_pdl(
            &mut ctx,
            &parsed.ast,
            &sources,
            file,
            &tessera_pdll::LowerOptions::default(),
        )
        .map_err(|diags| render(&diags, &ctx))?;
        tessera_pdll::to_rust_compiled(&parsed.ast, &mut ctx, &mut lowered, &file_name(pdll), typed)
            .map_err(|diags| render(&diags, &ctx))
    }
}

/// The last component of `path`.
/// What a dialect file gives: its module, its ops' typed builders for compiled rewriters,
/// and its registration for compiling PDL files' matchers.
struct DialectOutput {
    rust: String,
    builders: Vec<tessera_pdl::aot::TypedBuilder>,
    registration: std::sync::Arc<tessera_ods::register::Registration>,
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// `OUT_DIR/STEM.rs` for input `input`.
fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn output_path(out_dir: &Path, input: &Path) -> PathBuf {
    out_dir.join(format!("{}.rs", file_stem(input)))
}

/// Writes `text` to `path` unless it already holds exactly that (an unchanged file keeps its
/// timestamp, so what includes it is not rebuilt).
fn write_if_changed(path: &Path, text: &str) -> std::io::Result<()> {
    if std::fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, text)
}
