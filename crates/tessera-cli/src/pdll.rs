//! The `tessera-pdll` pipeline as a library function: split the input if asked, parse and
//! analyse each chunk, render its diagnostics, and print the requested output.

use tessera_ir::SourceMap;
use tessera_pdll::Options;

/// What `tessera-pdll` prints (`-x=`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OutputKind {
    /// The AST dump (`-x=ast`).
    Ast,
}

/// Options of one `tessera-pdll` run.
#[derive(Clone, Debug)]
pub struct PdllOptions {
    /// The output to produce.
    pub output: OutputKind,
    /// `-I` directories.
    pub include_dirs: Vec<std::path::PathBuf>,
    /// `--split-input-file`.
    pub split_input: bool,
}

/// The result of a run: what goes to standard output and standard error, and the exit status.
#[derive(Clone, Debug, Default)]
pub struct PdllRun {
    /// The output (empty when any chunk failed, as `mlir-pdll` writes none then).
    pub stdout: String,
    /// Rendered diagnostics, in order.
    pub stderr: String,
    /// 0 on success, 1 when any chunk had errors.
    pub status: i32,
}

/// Processes `src` (named `file_name` in diagnostics).
pub fn run_pdll(src: &str, file_name: &str, opts: &PdllOptions) -> PdllRun {
    let chunks: Vec<(u32, &str)> = if opts.split_input {
        crate::opt::split_chunks(src)
    } else {
        vec![(1, src)]
    };
    let options = Options {
        include_dirs: opts.include_dirs.clone(),
    };
    let mut run = PdllRun::default();
    let mut outputs = Vec::with_capacity(chunks.len());
    for (line, text) in chunks {
        let name = if opts.split_input {
            format!("within split at {file_name}:{line} offset ")
        } else {
            file_name.to_string()
        };
        let mut sources = SourceMap::new();
        let file = sources.add(name, text);
        let parsed = tessera_pdll::parse(&mut sources, file, &options);
        run.stderr
            .push_str(&parsed.diagnostics.render(&sources, None));
        if parsed.diagnostics.has_errors().is_some() {
            run.status = 1;
            continue;
        }
        match opts.output {
            OutputKind::Ast => outputs.push(tessera_pdll::dump_ast(&parsed.ast)),
        }
    }
    if run.status == 0 {
        run.stdout = outputs.join(&format!("{}\n", crate::opt::SPLIT_MARKER));
    }
    run
}
