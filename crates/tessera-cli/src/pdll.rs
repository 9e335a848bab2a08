//! The `tessera-pdll` pipeline as a library function: split the input if asked, parse and
//! analyse each chunk, render its diagnostics, and print the requested output.

use tessera_ir::source::FileId;
use tessera_ir::Context;
use tessera_ir::SourceMap;
use tessera_pdll::{DefaultBenefit, LowerOptions, Options};

/// What `tessera-pdll` prints (`-x=`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OutputKind {
    /// The AST dump (`-x=ast`).
    Ast,
    /// PDL in its custom form, with locations (`-x=mlir`).
    Mlir,
    /// A Rust module: the patterns compiled ahead of time and the native code blocks
    /// (`-x=rust`; with [`PdllOptions::rust_interpreted`], the PDL to interpret instead).
    Rust,
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
    /// How patterns without `benefit(N)` are weighted in `-x=mlir`.
    pub default_benefit: DefaultBenefit,
    /// `--dump-ods`: print what each chunk's `.td` includes defined to standard error, after
    /// its diagnostics, as `mlir-pdll` prints it (only for chunks without errors).
    pub dump_ods: bool,
    /// `--rust-interpreted`: `-x=rust` embeds the PDL, compiled and interpreted when the
    /// module loads (natives registered at run time), instead of the compiled matcher.
    pub rust_interpreted: bool,
    /// Leave the trees to the process's exit instead of freeing them node by node (a binary's
    /// choice; a library caller keeps this off).
    pub skip_teardown: bool,
    /// Worker threads a big module may be verified and printed with (0: the calling thread
    /// only; see `tessera_ir::verify_with` and `tessera_asm::PrintOptions::workers`).
    pub workers: usize,
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
    /// The files the input included (directly or not), by the names they were opened under,
    /// sorted: what `-d` lists.
    pub included: std::collections::BTreeSet<String>,
}

/// Processes `src` (named `file_name` in diagnostics), writing the output to `out`. Every
/// chunk is checked before anything is written: when one has errors nothing is, as
/// `mlir-pdll` writes no output then.
pub fn run_pdll_to(
    src: &str,
    file_name: &str,
    opts: &PdllOptions,
    out: &mut (dyn std::io::Write + Send),
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
            for (id, f) in sources.files() {
                if id != file {
                    run.included.insert(f.name().to_string());
                }
            }
            if opts.dump_ods {
                run.stderr.push_str(&parsed.ast.ods.print());
            }
            trees.push((parsed.ast, sources, file));
        }
    }
    if run.status != 0 {
        return run;
    }
    let marker = format!("{}\n", crate::opt::SPLIT_MARKER);
    // PDL is made for every chunk before anything is written, as for parse errors.
    let mut pdl = Vec::new();
    let mut rust = Vec::new();
    if matches!(opts.output, OutputKind::Mlir | OutputKind::Rust) {
        let lower = LowerOptions {
            default_benefit: opts.default_benefit,
            verify_workers: opts.workers,
        };
        for (ast, sources, file) in &trees {
            match lower_chunk(ast, sources, *file, &lower) {
                Ok(lowered) => pdl.push(lowered),
                Err(rendered) => {
                    run.stderr.push_str(&rendered);
                    run.status = 1;
                }
            }
        }
        if run.status != 0 {
            return run;
        }
    }
    if opts.output == OutputKind::Rust {
        for ((ast, sources, _), (ctx, lowered)) in trees.iter().zip(pdl.iter_mut()) {
            let module = if opts.rust_interpreted {
                let text = print_pdl(ctx, lowered);
                tessera_pdll::to_rust(ast, &text, file_name)
            } else {
                tessera_pdll::to_rust_compiled(ast, ctx, lowered, file_name, &[])
            };
            match module {
                Ok(module) => rust.push(module),
                Err(diags) => {
                    for d in diags {
                        run.stderr.push_str(&d.render(sources, Some(ctx)));
                    }
                    run.status = 1;
                }
            }
        }
        if run.status != 0 {
            return run;
        }
    }
    // Every chunk was checked (and lowered, for PDL): one output per chunk.
    let chunks = trees.len();
    if opts.output == OutputKind::Mlir {
        // The trees are done with: their memory is reused while the PDL is printed.
        trees.clear();
    }
    for i in 0..chunks {
        let written = if i > 0 {
            out.write_all(marker.as_bytes())
        } else {
            Ok(())
        };
        let written = written.and_then(|()| match opts.output {
            OutputKind::Ast => tessera_pdll::dump_ast_to(&trees[i].0, out),
            OutputKind::Mlir => {
                let (ctx, lowered) = &pdl[i];
                let resources = tessera_asm::Resources::default();
                tessera_asm::print_module_to(
                    ctx,
                    &lowered.body,
                    lowered.module,
                    &resources,
                    tessera_asm::PrintOptions {
                        workers: opts.workers,
                        ..PDL_PRINTING
                    },
                    out,
                )
            }
            OutputKind::Rust => out.write_all(rust[i].as_bytes()),
        });
        if let Err(e) = written {
            run.write_error = Some(e);
            run.status = 1;
            break;
        }
    }
    if opts.skip_teardown {
        std::mem::forget(trees);
        std::mem::forget(pdl);
        std::mem::forget(rust);
    }
    run
}

/// How PDL is printed: custom form, with the PDLL positions, as `mlir-pdll -x=mlir` prints it.
const PDL_PRINTING: tessera_asm::PrintOptions = tessera_asm::PrintOptions {
    debug_info: true,
    generic: false,
    workers: 0,
    local_scope: false,
};

fn print_pdl(ctx: &Context, lowered: &tessera_pdll::Lowered) -> String {
    let resources = tessera_asm::Resources::default();
    tessera_asm::print_module(ctx, &lowered.body, lowered.module, &resources, PDL_PRINTING)
}

/// The PDL of one checked chunk, in the context it was made in, or its rendered
/// diagnostics.
fn lower_chunk(
    ast: &tessera_pdll::Ast,
    sources: &SourceMap,
    file: FileId,
    options: &LowerOptions,
) -> Result<(Context, tessera_pdll::Lowered), String> {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    match tessera_pdll::lower_to_pdl(&mut ctx, ast, sources, file, options) {
        Ok(lowered) => Ok((ctx, lowered)),
        Err(diags) => Err(diags
            .iter()
            .map(|d| d.render(sources, Some(&ctx)))
            .collect()),
    }
}

/// [`run_pdll_to`] collecting the output: `(output, run)`.
pub fn run_pdll(src: &str, file_name: &str, opts: &PdllOptions) -> (String, PdllRun) {
    let mut out = Vec::new();
    let run = run_pdll_to(src, file_name, opts, &mut out);
    (String::from_utf8_lossy(&out).into_owned(), run)
}
