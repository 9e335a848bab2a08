//! `tessera-tblgen --gen-rust-rewriters`: `tests/drr-rust/rules.td` (DRR rules whose
//! NativeCodeCalls are Rust) becomes the committed modules `rules.rs` (`--rust-interpreted`:
//! the PDL, compiled at load) and `rules_aot.rs` (the matcher compiled ahead of time),
//! included and compiled here. Both must rewrite `input.mlir` into `expected.mlir`, exactly
//! as the same rules do when the `.td` file is read and lowered at run time with the
//! module's natives. `UPDATE_EXPECT=1` rewrites the committed modules and output.

use std::path::{Path, PathBuf};
use std::process::Command;
use tessera_ir::Context;
use tessera_pdl::natives::Natives;
use tessera_pdl::PdlPatterns;
use tessera_rewrite::{apply_patterns_greedily, FrozenRewritePatternSet, RewritePatternSet};

#[allow(dead_code)]
mod rules {
    include!("drr-rust/rules.rs");
}

#[allow(dead_code)]
mod rules_aot {
    include!("drr-rust/rules_aot.rs");
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/drr-rust")
}

/// Where the rules' dialect (`test_dialect.td`) is.
fn include_dir() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tessera-drr/tests/drr")
        .to_string_lossy()
        .into_owned()
}

fn update() -> bool {
    std::env::var_os("UPDATE_EXPECT").is_some()
}

/// The committed modules are what `tessera-tblgen --gen-rust-rewriters` writes today.
#[test]
fn the_committed_modules_are_current() {
    for (extra, name) in [
        (Some("--rust-interpreted"), "rules.rs"),
        (None, "rules_aot.rs"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tessera-tblgen"))
            .current_dir(dir())
            .args(["--gen-rust-rewriters", "-I", &include_dir(), "rules.td"])
            .args(extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let path = dir().join(name);
        if update() {
            std::fs::write(&path, &out.stdout).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            committed,
            "{name} is stale: UPDATE_EXPECT=1 cargo test -p tessera-cli --test drr_rust"
        );
    }
}

/// The rules read from the `.td` file (their dialects to register, their constraints).
fn loaded() -> tessera_drr::LoadedRules {
    let td = dir().join("rules.td");
    let hooks = tessera_ods::dialect_hooks::options();
    tessera_drr::load_file(td.to_str().unwrap(), &[include_dir()], &hooks).unwrap()
}

/// Applies `load`'s patterns to the input and prints the result.
fn apply(load: impl FnOnce(&mut Context) -> PdlPatterns) -> String {
    apply_with(|ctx, set| load(ctx).add_to(ctx, set))
}

/// Applies the patterns `add` puts in a set to the input and prints the result.
fn apply_with(add: impl FnOnce(&mut Context, &mut RewritePatternSet)) -> String {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    loaded().registration.register(&mut ctx);
    let input = std::fs::read_to_string(dir().join("input.mlir")).unwrap();
    let mut module = tessera_asm::parse(&mut ctx, &input, "input.mlir").unwrap();
    let mut set = RewritePatternSet::new();
    add(&mut ctx, &mut set);
    let frozen = FrozenRewritePatternSet::new(set);
    let outcome = apply_patterns_greedily(
        &mut ctx,
        &mut module.body,
        module.module,
        &frozen,
        Default::default(),
    );
    assert!(outcome.succeeded());
    tessera_ir::verify(&ctx, &module.body, module.module).unwrap();
    tessera_asm::print_module(
        &ctx,
        &module.body,
        module.module,
        &module.resources,
        Default::default(),
    )
}

#[test]
fn the_compiled_module_rewrites_as_the_lowered_rules_do() {
    let compiled =
        apply(|ctx| rules::load(ctx, &Natives::new()).unwrap_or_else(|d| panic!("{d:?}")));
    let expected_path = dir().join("expected.mlir");
    if update() {
        std::fs::write(&expected_path, &compiled).unwrap();
    }
    assert_eq!(compiled, std::fs::read_to_string(&expected_path).unwrap());

    // The same rules read and lowered at run time: the module's NativeCodeCall functions,
    // and the constraint natives made from the file's own ODS model.
    let interpreted = apply(|ctx| {
        let loaded = loaded();
        let lowered = loaded.lower(ctx).unwrap_or_else(|d| panic!("{d:?}"));
        let mut natives = Natives::new();
        rules::register_natives(&mut natives);
        let warnings = loaded.add_natives(&tessera_ods::eval::Natives::new(), &mut natives);
        assert!(warnings.is_empty(), "{warnings}");
        let mut body = lowered.body;
        PdlPatterns::compile_and_load(ctx, &mut body, lowered.module, &natives)
            .unwrap_or_else(|d| panic!("{d:?}"))
    });
    assert_eq!(compiled, interpreted);

    // The rules compiled ahead of time: the same output.
    let ahead_of_time = apply_with(|ctx, set| {
        rules_aot::load(ctx, &Natives::new())
            .unwrap_or_else(|d| panic!("{d:?}"))
            .add_to(ctx, set)
    });
    assert_eq!(ahead_of_time, compiled);
}

/// A placeholder without a meaning where it is used (`$_self` in a result) is refused at the
/// rule's line.
#[test]
fn a_placeholder_without_a_rust_form_is_located() {
    let tmp = std::env::temp_dir().join(format!("drr-rust-{}.td", std::process::id()));
    std::fs::write(
        &tmp,
        "include \"test_dialect.td\"\n\ndef Loc : NativeCodeCall<\"f($_self, $0)\">;\ndef R : Pat<(EOp $x), (FOp (Loc $x))>;\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tessera-tblgen"))
        .args(["--gen-rust-rewriters", "-I", &include_dir()])
        .arg(&tmp)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&tmp);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains(
            ":4:5: error: NativeCodeCall 'Loc': $_self has no meaning in a result pattern"
        ),
        "{stderr}"
    );
}
