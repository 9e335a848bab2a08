//! File-driven tests. Every `tests/drr/*.td` (but the dialect it includes) is lowered to PDL
//! and compared with the `.pdl` beside it; when a `.mlir` input is there too, its rules are
//! applied to it with the greedy driver and the result compared with the `.out`.
//! `tests/drr/errors/*.td` carry `// expected-error@+N {{message}}` annotations: the
//! diagnostics must be exactly those, at those lines. `UPDATE_EXPECT=1` rewrites the
//! expected `.pdl`/`.out` files.

use std::path::{Path, PathBuf};
use tessera_ir::Context;
mod common;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/drr")
}

fn td_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "td"))
        .filter(|p| p.file_name().is_some_and(|n| n != "test_dialect.td"))
        .collect();
    files.sort();
    files
}

/// Compares `actual` with the file `expected`, or writes it with `UPDATE_EXPECT=1`.
fn check(expected: &Path, actual: &str, failures: &mut Vec<String>) {
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(expected, actual).unwrap();
        return;
    }
    match std::fs::read_to_string(expected) {
        Ok(text) if text == actual => {}
        Ok(text) => failures.push(format!(
            "{}: differs\n--- expected\n{text}\n--- actual\n{actual}",
            expected.display()
        )),
        Err(_) => failures.push(format!("{}: missing (UPDATE_EXPECT=1)", expected.display())),
    }
}

/// The rules of `td` applied to `input`, printed as tessera-opt prints (with locations when
/// the rules file mentions `--mlir-print-debuginfo`).
fn apply(td: &Path, input: &str) -> String {
    let debug_info = std::fs::read_to_string(td)
        .unwrap()
        .contains("--mlir-print-debuginfo");
    let include = vec![dir().to_string_lossy().into_owned()];
    let hooks = tessera_ods::dialect_hooks::options();
    let loaded = tessera_drr::load_file(td.to_str().unwrap(), &include, &hooks).unwrap();
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    loaded.registration.register(&mut ctx);
    // Named without its directory, so locations in expected outputs do not depend on where
    // the repository is.
    let input_name = td.with_extension("mlir");
    let input_name = input_name.file_name().unwrap().to_string_lossy();
    let parsed = tessera_asm::parse(&mut ctx, input, &input_name).unwrap();
    let (mut body, module) = (parsed.body, parsed.module);
    tessera_ir::verify(&ctx, &body, module).unwrap();
    let lowered = loaded.lower(&mut ctx).unwrap();
    let mut natives = tessera_pdl::Natives::new();
    loaded.add_natives(&tessera_ods::eval::Natives::new(), &mut natives);
    common::apply_lowered(&mut ctx, &mut body, module, lowered, &natives);
    tessera_ir::verify(&ctx, &body, module).unwrap();
    tessera_asm::print_module(
        &ctx,
        &body,
        module,
        &tessera_asm::Resources::default(),
        tessera_asm::PrintOptions {
            debug_info,
            ..Default::default()
        },
    )
}

#[test]
fn lowered_and_applied() {
    let include = vec![dir().to_string_lossy().into_owned()];
    let mut failures = Vec::new();
    let files = td_files(&dir());
    assert!(files.len() >= 4, "the corpus is missing");
    for td in files {
        let (pdl, warnings) = match tessera_drr::gen_pdl(td.to_str().unwrap(), &include) {
            Ok(out) => out,
            Err(e) => {
                failures.push(format!("{}: {e}", td.display()));
                continue;
            }
        };
        assert!(warnings.is_empty(), "{}: {warnings}", td.display());
        check(&td.with_extension("pdl"), &pdl, &mut failures);
        let input = td.with_extension("mlir");
        if let Ok(text) = std::fs::read_to_string(&input) {
            check(&td.with_extension("out"), &apply(&td, &text), &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `(line, message)` of every `expected-error@+N {{message}}` in `text`.
fn annotations(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(at) = line.find("expected-error@+") else {
            continue;
        };
        let rest = &line[at + "expected-error@+".len()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let offset: usize = digits.parse().unwrap();
        let open = rest.find("{{").unwrap();
        let close = rest.rfind("}}").unwrap();
        out.push((i + 1 + offset, rest[open + 2..close].to_string()));
    }
    out
}

#[test]
fn errors_are_located_at_their_rules() {
    let errors = dir().join("errors");
    let include = vec![dir().to_string_lossy().into_owned()];
    let hooks = tessera_ods::dialect_hooks::options();
    let mut failures = Vec::new();
    let files = td_files(&errors);
    assert!(files.len() >= 2, "the error corpus is missing");
    let mut checked = 0;
    for td in files {
        let text = std::fs::read_to_string(&td).unwrap();
        let mut expected = annotations(&text);
        let rendered = match tessera_drr::load_file(td.to_str().unwrap(), &include, &hooks) {
            Ok(loaded) => {
                // Mistakes lowering finds are reported by lowering.
                let mut ctx = Context::new();
                match loaded.lower(&mut ctx) {
                    Ok(_) => String::new(),
                    Err(d) => loaded.render(&d, &ctx),
                }
            }
            Err(rendered) => rendered,
        };
        let name = td.to_string_lossy().into_owned();
        let mut actual = Vec::new();
        for line in rendered.lines() {
            let Some(rest) = line.strip_prefix(&format!("{name}:")) else {
                continue;
            };
            let mut parts = rest.splitn(3, ':');
            let (Some(l), Some(_col), Some(msg)) = (parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            if let Some(msg) = msg.strip_prefix(" error: ") {
                actual.push((l.parse::<usize>().unwrap(), msg.to_string()));
            }
        }
        expected.sort();
        actual.sort();
        checked += expected.len();
        if expected != actual {
            failures.push(format!(
                "{}:\n  expected {expected:?}\n  actual   {actual:?}\n{rendered}",
                td.display()
            ));
        }
    }
    assert!(checked >= 10, "only {checked} annotations");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
