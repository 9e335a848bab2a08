//! Assembly formats: `tests/format/invalid/*.td` annotate the errors every format must
//! produce (mlir-tblgen 19's words), `tests/format/valid/*.td` are compared with the dump of
//! what they parse to (`*.dump`; `UPDATE_EXPECT=1` rewrites them), and, where LLVM 19 is
//! installed, every format of MLIR 19's own dialects must be accepted.

use crate::common::{check_annotations, load_file, td_files};
use std::path::Path;
use tessera_ir::Diagnostic;
use tessera_ods::{format, Loaded};

/// Every format diagnostic of a loaded file, ops first, then attributes and types.
fn format_diagnostics(loaded: &Loaded) -> Vec<Diagnostic> {
    let m = &loaded.model;
    let ops = m.ops.iter().filter_map(|op| format::parse_op_format(m, op));
    let ops = ops.filter_map(|r| r.err()).flatten();
    let defs = m.attr_defs.iter().chain(&m.type_defs);
    let defs = defs
        .filter_map(format::parse_def_format)
        .filter_map(|r| r.err());
    ops.chain(defs.flatten()).collect()
}

#[test]
fn invalid_formats_are_reported_where_upstream_reports_them() {
    let mut failures = Vec::new();
    for input in td_files("tests/format/invalid") {
        let loaded = load_file(&input);
        assert!(
            loaded.diagnostics.is_empty(),
            "{}",
            loaded.render_diagnostics()
        );
        let diags = format_diagnostics(&loaded);
        failures.extend(check_annotations(&input, &diags, &loaded.sources));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The dump of every format in a loaded file.
fn dump(loaded: &Loaded) -> String {
    let m = &loaded.model;
    let mut out = String::new();
    for op in &m.ops {
        match format::parse_op_format(m, op) {
            Some(Ok(f)) => out += &format!("// {}\n{}", op.name, format::dump_op_format(op, &f)),
            Some(Err(diags)) => {
                for d in diags {
                    out += &d.render(&loaded.sources, None);
                }
            }
            None => {}
        }
    }
    for def in m.attr_defs.iter().chain(&m.type_defs) {
        match format::parse_def_format(def) {
            Some(Ok(f)) => {
                out += &format!("// {}\n{}", def.record, format::dump_def_format(def, &f))
            }
            Some(Err(diags)) => {
                for d in diags {
                    out += &d.render(&loaded.sources, None);
                }
            }
            None => {}
        }
    }
    out
}

#[test]
fn valid_formats_parse_to_their_committed_dumps() {
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for input in td_files("tests/format/valid") {
        let loaded = load_file(&input);
        assert!(
            loaded.diagnostics.is_empty(),
            "{}",
            loaded.render_diagnostics()
        );
        let actual = dump(&loaded);
        let expected_path = input.with_extension("dump");
        if update {
            std::fs::write(&expected_path, &actual).expect("writable dump");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if actual != expected {
            failures.push(format!(
                "{} differs from {}:\n{actual}",
                input.display(),
                expected_path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every `.td` file under `dir`, recursively, sorted.
fn td_tree(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            td_tree(&path, out);
        } else if path.extension().is_some_and(|x| x == "td") {
            out.push(path);
        }
    }
    out.sort();
}

#[test]
fn every_format_of_mlir_19_dialects_is_accepted() {
    let include = Path::new("/usr/lib/llvm-19/include");
    let root = include.join("mlir/Dialect");
    if !root.is_dir() {
        eprintln!("skipped: {} is not installed", root.display());
        return;
    }
    let mut files = Vec::new();
    td_tree(&root, &mut files);
    let opts = tessera_tablegen::Options {
        include_dirs: vec![include.display().to_string()],
        ..Default::default()
    };
    let (mut checked, mut roots) = (0, 0);
    let mut seen = std::collections::HashSet::new();
    let mut failures = Vec::new();
    for file in &files {
        let name = file.display().to_string();
        // Files meant only to be included do not evaluate on their own (nor does
        // mlir-tblgen accept them); their definitions are checked through the files that
        // include them.
        let Ok(parsed) = tessera_tablegen::parse_file(&name, &opts) else {
            continue;
        };
        if parsed.error_count() > 0 {
            continue;
        }
        roots += 1;
        let loaded = tessera_ods::load(&parsed.records);
        let m = &loaded.model;
        // Each definition counts once, whichever file brought it in.
        let mut here = |loc| match loaded.sources.line_col(loc) {
            Some(lc) => seen.insert((lc.file.clone(), lc.line, lc.col)),
            None => false,
        };
        for op in m.ops.iter().filter(|op| here(op.loc)) {
            if let Some(result) = format::parse_op_format(m, op) {
                checked += 1;
                if let Err(diags) = result {
                    failures.extend(diags.iter().map(|d| d.render(&loaded.sources, None)));
                }
            }
        }
        for def in m.attr_defs.iter().chain(&m.type_defs) {
            if !here(def.loc) {
                continue;
            }
            if let Some(result) = format::parse_def_format(def) {
                checked += 1;
                if let Err(diags) = result {
                    failures.extend(diags.iter().map(|d| d.render(&loaded.sources, None)));
                }
            }
        }
    }
    eprintln!(
        "{checked} formats in {roots} of {} dialect files checked, {} errors",
        files.len(),
        failures.len()
    );
    assert!(checked > 0, "no format found under {}", root.display());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
