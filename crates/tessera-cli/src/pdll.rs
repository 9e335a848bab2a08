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
    /// `--dump-ods`: print what each chunk's `.td` includes defined to standard error, after
    /// its diagnostics, as `mlir-pdll` prints it (only for chunks without errors).
    pub dump_ods: bool,
    /// Leave the trees to the process's exit instead of freeing them node by node (a binary's
    /// choice; a library caller keeps this off).
    pub skip_teardown: bool,
}

/// The result of a run: what goes to standard error, and the exit status.
#[derive(Debug, Default)]
pub struct PdllRun {
    /// Rendered diagnostics, in order.
    pub stderr: String,
    /// 0 on success, 1 when any chunk had errors.
    pub status: i32,
    /// Why writing the output failed, if it did.
    pub write_error: Option<std::io::Error>,
}

/// Processes `src` (named `file_name` in diagnostics), writing the output to `out`. Every
/// chunk is checked before anything is written: when one has errors nothing is, as
/// `mlir-pdll` writes no output then.
pub fn run_pdll_to(
    src: &str,
    file_name: &str,
    opts: &PdllOptions,
    out: &mut dyn std::io::Write,
) -> PdllRun {
    let chunks: Vec<(u32, &str)> = if opts.split_input {
        crate::opt::split_chunks(src)
    } else {
        vec![(1, src)]
    };
    let options = Options {
        include_dirs: opts.include_dirs.clone(),
    };
    let mut run = PdllRun::default();
    let mut trees = Vec::with_capacity(chunks.len());
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
        } else {
            if opts.dump_ods {
                run.stderr.push_str(&parsed.ast.ods.print());
            }
            trees.push(parsed.ast);
        }
    }
    if run.status != 0 {
        return run;
    }
    let marker = format!("{}\n", crate::opt::SPLIT_MARKER);
    for (i, ast) in trees.iter().enumerate() {
        let written = if i > 0 {
            out.write_all(marker.as_bytes())
        } else {
            Ok(())
        };
        let written = written.and_then(|()| match opts.output {
            OutputKind::Ast => tessera_pdll::dump_ast_to(ast, out),
        });
        if let Err(e) = written {
            run.write_error = Some(e);
            run.status = 1;
            break;
        }
    }
    if opts.skip_teardown {
        std::mem::forget(trees);
    }
    run
}

/// [`run_pdll_to`] collecting the output: `(output, run)`.
pub fn run_pdll(src: &str, file_name: &str, opts: &PdllOptions) -> (String, PdllRun) {
    let mut out = Vec::new();
    let run = run_pdll_to(src, file_name, opts, &mut out);
    (String::from_utf8_lossy(&out).into_owned(), run)
}
