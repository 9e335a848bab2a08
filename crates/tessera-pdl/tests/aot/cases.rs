//! The pattern sets of the ahead-of-time tests, shared by `tests/aot.rs` (which compiles
//! their generated modules) and `tests/aot_fresh.rs` (which regenerates them): a file of `pdl.pattern`s
//! (or a compiled `pdl_interp` module) with a separate input, or one `// -----` chunk of a
//! file holding `module @patterns` and `module @ir`.

use std::path::{Path, PathBuf};
use tessera_ir::{Body, Context, OpId};

/// Where a case's patterns and input are.
pub enum Source {
    /// Patterns and input in two files.
    Files {
        patterns: &'static str,
        input: &'static str,
    },
    /// Chunk `chunk` of `file`, with `module @patterns` and `module @ir`.
    Chunk { file: &'static str, chunk: usize },
}

/// One case: where it is and its generated module.
pub struct Case {
    pub source: Source,
    pub generated: &'static str,
    /// The patterns call mlir-opt's test natives (`tessera_pdl::executor::test_natives`),
    /// compiled as untyped calls of `super::upstream_natives`.
    pub upstream_natives: bool,
    /// Emitted with the smallest outline budget, so that every subtree of the matcher that
    /// can be a function of its own is one.
    pub outlined: bool,
}

/// Every case, relative to the crate.
pub const CASES: &[Case] = &[
    Case {
        source: Source::Files {
            patterns: "../../examples/pdl/patterns.mlir",
            input: "../../examples/pdl/input.mlir",
        },
        upstream_natives: false,
        outlined: false,
        generated: "tests/aot/examples_pdl.rs",
    },
    Case {
        source: Source::Files {
            patterns: "tests/aot/features.pdl.mlir",
            input: "tests/aot/features.input.mlir",
        },
        upstream_natives: false,
        outlined: true,
        generated: "tests/aot/features.rs",
    },
    Case {
        source: Source::Files {
            patterns: "tests/aot/params.interp.mlir",
            input: "tests/aot/params.input.mlir",
        },
        upstream_natives: false,
        outlined: false,
        generated: "tests/aot/params.rs",
    },
    Case {
        source: Source::Chunk {
            file: "../tessera-cli/tests/pdl-exec/compiled.mlir",
            chunk: 0,
        },
        upstream_natives: false,
        outlined: false,
        generated: "tests/aot/exec_compiled.rs",
    },
    Case {
        source: Source::Chunk {
            file: "../tessera-cli/tests/pdl-exec/interp_ops.mlir",
            chunk: 0,
        },
        upstream_natives: false,
        outlined: true,
        generated: "tests/aot/interp_ops_0.rs",
    },
    Case {
        source: Source::Chunk {
            file: "../tessera-cli/tests/pdl-exec/interp_ops.mlir",
            chunk: 1,
        },
        upstream_natives: false,
        outlined: true,
        generated: "tests/aot/interp_ops_1.rs",
    },
    Case {
        source: Source::Chunk {
            file: "../tessera-cli/tests/pdl-exec/interp_ops.mlir",
            chunk: 2,
        },
        upstream_natives: false,
        outlined: true,
        generated: "tests/aot/interp_ops_2.rs",
    },
    Case {
        source: Source::Chunk {
            file: "../tessera-cli/tests/pdl-exec/interp_ops.mlir",
            chunk: 3,
        },
        upstream_natives: false,
        outlined: true,
        generated: "tests/aot/interp_ops_3.rs",
    },
    Case {
        source: Source::Chunk {
            file: "../tessera-cli/tests/pdl-exec/interp_ops.mlir",
            chunk: 4,
        },
        upstream_natives: false,
        outlined: true,
        generated: "tests/aot/interp_ops_4.rs",
    },
    Case {
        source: Source::Chunk {
            file: "../tessera-cli/tests/pdl-exec/interp_ops.mlir",
            chunk: 5,
        },
        upstream_natives: false,
        outlined: true,
        generated: "tests/aot/interp_ops_5.rs",
    },
    Case {
        source: Source::Chunk {
            file: "../tessera-cli/tests/pdl-exec/natives.mlir",
            chunk: 0,
        },
        upstream_natives: true,
        outlined: true,
        generated: "tests/aot/natives_0.rs",
    },
    Case {
        source: Source::Chunk {
            file: "../tessera-cli/tests/pdl-exec/natives.mlir",
            chunk: 1,
        },
        upstream_natives: true,
        outlined: true,
        generated: "tests/aot/natives_1.rs",
    },
    Case {
        source: Source::Chunk {
            file: "../tessera-cli/tests/pdl-exec/natives.mlir",
            chunk: 2,
        },
        upstream_natives: true,
        outlined: true,
        generated: "tests/aot/natives_2.rs",
    },
];

pub fn path(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

pub fn read(rel: &str) -> String {
    std::fs::read_to_string(path(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// A context for the cases: unregistered dialects allowed, pdl and the core dialects known.
pub fn context() -> Context {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered_dialects(true);
    tessera_pdl::dialect::register_pdl_dialects(&mut ctx).expect("the pdl dialects load");
    // examples/pdl's input is in `func.func`s.
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    ctx
}

/// The text of chunk `i` of `text` (split at `// -----` lines).
fn chunk(text: &str, i: usize) -> String {
    let mut chunks = vec![String::new()];
    for line in text.lines() {
        if line.trim() == "// -----" {
            chunks.push(String::new());
        } else {
            let last = chunks.last_mut().unwrap();
            last.push_str(line);
            last.push('\n');
        }
    }
    chunks.swap_remove(i)
}

/// The child of `module` with symbol name `name`.
fn child(ctx: &Context, body: &Body, module: OpId, name: &str) -> OpId {
    let block = body.first_block(body.region(module, 0)).unwrap();
    body.block_ops(block)
        .find(|&op| {
            tessera_ir::op_queries::inherent_attr(ctx, body, op, "sym_name")
                .and_then(|a| ctx.string_value(a))
                == Some(name)
        })
        .unwrap_or_else(|| panic!("no module @{name}"))
}

/// A parsed file and the op to use in it.
pub struct Parsed {
    pub parsed: tessera_asm::ParsedModule,
    pub op: OpId,
}

impl Case {
    /// A name for messages.
    pub fn name(&self) -> String {
        match self.source {
            Source::Files { patterns, .. } => patterns.to_string(),
            Source::Chunk { file, chunk } => format!("{file} chunk {chunk}"),
        }
    }

    /// The patterns, parsed into `ctx`.
    pub fn patterns(&self, ctx: &mut Context) -> Parsed {
        match self.source {
            Source::Files { patterns, .. } => {
                let parsed = tessera_asm::parse(ctx, &read(patterns), patterns).unwrap();
                let op = parsed.module;
                Parsed { parsed, op }
            }
            Source::Chunk { file, chunk: i } => {
                let parsed = tessera_asm::parse(ctx, &chunk(&read(file), i), file).unwrap();
                let op = child(ctx, &parsed.body, parsed.module, "patterns");
                Parsed { parsed, op }
            }
        }
    }

    /// The input, parsed into `ctx`.
    pub fn input(&self, ctx: &mut Context) -> Parsed {
        match self.source {
            Source::Files { input, .. } => {
                let parsed = tessera_asm::parse(ctx, &read(input), input).unwrap();
                let op = parsed.module;
                Parsed { parsed, op }
            }
            Source::Chunk { file, chunk: i } => {
                let parsed = tessera_asm::parse(ctx, &chunk(&read(file), i), file).unwrap();
                let op = child(ctx, &parsed.body, parsed.module, "ir");
                Parsed { parsed, op }
            }
        }
    }

    /// How the case's module is emitted.
    pub fn options(&self) -> tessera_pdl::aot::EmitOptions {
        let mut options = tessera_pdl::aot::EmitOptions {
            source: self.source_name(),
            module_doc: true,
            ..Default::default()
        };
        if self.outlined {
            options.outline_budget = 1;
        }
        if self.upstream_natives {
            options.native_calls = tessera_pdl::aot::NativeCalls::Untyped;
            options.natives_path = "super::upstream_natives".to_string();
        }
        options
    }

    /// The natives the interpreter gets for this case, beside `typed` (the typed tests').
    pub fn natives(&self, typed: tessera_pdl::Natives) -> tessera_pdl::Natives {
        if self.upstream_natives {
            tessera_pdl::executor::test_natives::natives()
        } else {
            typed
        }
    }

    /// The `source` a generated module names.
    pub fn source_name(&self) -> String {
        self.name().trim_start_matches("../../").to_string()
    }
}
