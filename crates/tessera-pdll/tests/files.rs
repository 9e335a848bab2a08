//! File-driven tests: every `tests/ast/*.pdll` and `tests/errors/*.pdll` is split at `// -----`
//! as `mlir-pdll --split-input-file` splits it, each chunk is parsed, and the AST dumps (ids
//! renumbered by first appearance) and rendered diagnostics must equal the committed `.ast`
//! and `.err` files, which are mlir-pdll 19's own output (`scripts/pdll-expected.sh`). Where
//! a `.ods` file exists, it is what `--dump-ods` adds to standard error: each chunk's
//! diagnostics followed by its ODS context.

use std::fmt::Write;
use std::path::{Path, PathBuf};
use tessera_ir::source::{split_chunks as split, SPLIT_MARKER as MARKER};
use tessera_ir::SourceMap;
use tessera_pdll::{dump_ast, parse, Options};

/// Renumbers `0x…` ids by first appearance, afresh after each split marker.
fn normalize(dump: &str) -> String {
    let mut out = String::new();
    let mut ids: Vec<String> = Vec::new();
    for line in dump.split_inclusive('\n') {
        if line.starts_with(MARKER) {
            ids.clear();
        }
        let mut rest = line;
        while let Some(at) = rest.find("0x") {
            out.push_str(&rest[..at]);
            let hex = rest[at + 2..]
                .find(|c: char| !c.is_ascii_hexdigit())
                .unwrap_or(rest.len() - at - 2);
            let id = &rest[at..at + 2 + hex];
            let n = ids.iter().position(|x| x == id).unwrap_or_else(|| {
                ids.push(id.to_string());
                ids.len() - 1
            });
            let _ = write!(out, "@{n}");
            rest = &rest[at + 2 + hex..];
        }
        out.push_str(rest);
    }
    out
}

struct Run {
    ast: String,
    err: String,
    /// The standard error of a `--dump-ods` run.
    ods: String,
    chunks: usize,
    failed_chunks: usize,
}

/// Runs a file as `tessera-pdll -x=ast -I DIR --split-input-file` would, from the crate root.
fn run(path: &Path, dir: &str) -> Run {
    let src = std::fs::read_to_string(path).expect("test input is readable");
    let name = format!(
        "tests/{dir}/{}",
        path.file_name().unwrap().to_string_lossy()
    );
    let options = Options {
        include_dirs: vec![PathBuf::from(format!("tests/{dir}"))],
    };
    let mut outputs = Vec::new();
    let mut err = String::new();
    let mut ods = String::new();
    let mut failed_chunks = 0;
    let chunks = split(&src);
    for &(line, text) in &chunks {
        let mut sources = SourceMap::new();
        let file = sources.add(format!("within split at {name}:{line} offset "), text);
        let parsed = parse(&mut sources, file, &options);
        let rendered = parsed.diagnostics.render(&sources, None);
        err.push_str(&rendered);
        ods.push_str(&rendered);
        if parsed.diagnostics.has_errors().is_some() {
            failed_chunks += 1;
        } else {
            ods.push_str(&parsed.ast.ods.print());
            outputs.push(dump_ast(&parsed.ast));
        }
    }
    let ast = if failed_chunks == 0 {
        normalize(&outputs.join(&format!("{MARKER}\n")))
    } else {
        String::new()
    };
    Run {
        ast,
        err,
        ods,
        chunks: chunks.len(),
        failed_chunks,
    }
}

fn expected(path: &Path, ext: &str) -> String {
    std::fs::read_to_string(path.with_extension(ext)).unwrap_or_default()
}

fn inputs(dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(format!("tests/{dir}"))
        .expect("test directory exists")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdll"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in tests/{dir}");
    files
}

#[test]
fn ast_dumps_match_mlir_pdll() {
    for path in inputs("ast") {
        let run = run(&path, "ast");
        assert_eq!(run.failed_chunks, 0, "{}: {}", path.display(), run.err);
        assert_eq!(run.ast, expected(&path, "ast"), "AST of {}", path.display());
        assert_eq!(
            run.err,
            expected(&path, "err"),
            "warnings of {}",
            path.display()
        );
        if path.with_extension("ods").exists() {
            assert_eq!(run.ods, expected(&path, "ods"), "ODS of {}", path.display());
        }
    }
}

#[test]
fn diagnostics_match_mlir_pdll() {
    for path in inputs("errors") {
        let run = run(&path, "errors");
        assert_eq!(
            run.failed_chunks,
            run.chunks,
            "every chunk of {} is an error case",
            path.display()
        );
        assert_eq!(
            run.err,
            expected(&path, "err"),
            "diagnostics of {}",
            path.display()
        );
    }
}

/// Parsing never fails and never panics: every prefix of every input gives a tree and
/// diagnostics, and the dump of whatever was built can be printed.
#[test]
fn every_prefix_parses_without_panicking() {
    for dir in ["ast", "errors"] {
        for path in inputs(dir) {
            let src = std::fs::read_to_string(&path).unwrap();
            for end in (0..=src.len()).filter(|&i| src.is_char_boundary(i)) {
                let mut sources = SourceMap::new();
                let file = sources.add("prefix.pdll", &src[..end]);
                let parsed = parse(&mut sources, file, &Options::default());
                let _ = dump_ast(&parsed.ast);
                let _ = parsed.diagnostics.render(&sources, None);
            }
        }
    }
}

/// Recovery: an error in one declaration does not hide an error in a later one.
#[test]
fn errors_in_separate_declarations_are_all_reported() {
    let src = "Pattern {\n  let x = ;\n}\nPattern {\n  erase _: Attr;\n}\nPattern => erase op<>;\n";
    let mut sources = SourceMap::new();
    let file = sources.add("two.pdll", src);
    let parsed = parse(&mut sources, file, &Options::default());
    let messages: Vec<&str> = parsed
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        messages,
        ["expected expression", "expected `Op` expression"]
    );
    // The valid pattern after them is still in the tree.
    assert_eq!(parsed.ast.top_level.len(), 1);
}

/// Nesting beyond the bound is an error, not a stack overflow; nesting within it parses and
/// dumps on a test thread's small stack.
#[test]
fn deep_nesting_is_bounded_and_safe() {
    let too_deep = format!("Pattern {{ let x = {}); }}", "(".repeat(100_000));
    let mut sources = SourceMap::new();
    let file = sources.add("deep.pdll", too_deep);
    let parsed = parse(&mut sources, file, &Options::default());
    assert_eq!(parsed.diagnostics.first_error(), "nesting too deep");

    let depth = tessera_pdll::MAX_NESTING as usize - 10;
    let nested = format!(
        "Pattern => erase {}{};",
        "op<a.b>(".repeat(depth),
        ")".repeat(depth)
    );
    let mut sources = SourceMap::new();
    let file = sources.add("nested.pdll", nested);
    let parsed = parse(&mut sources, file, &Options::default());
    assert!(parsed.diagnostics.is_empty(), "{}", parsed.diagnostics);
    let dump = dump_ast(&parsed.ast);
    assert_eq!(dump.matches("OperationExpr").count(), depth);
}
