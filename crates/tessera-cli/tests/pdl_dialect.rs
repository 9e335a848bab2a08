//! The pdl and pdl_interp dialects as `tessera-opt` registers them: round trips of every op
//! (`tests/pdl/*_ops.mlir`) against what `mlir-opt` 19 prints for them in custom and generic
//! form (`*.custom.out`, `*.generic.out`, produced by it), and invalid inputs
//! (`tests/pdl/*_invalid.mlir`) whose annotations mlir-opt 19 satisfies too.
//! `scripts/pdl-dialect-diff.sh` runs the same files through both tools.

use tessera_cli::opt::{run, OptOptions};

const DIR: &str = "tests/pdl";

fn read(name: &str) -> String {
    std::fs::read_to_string(format!("{DIR}/{name}")).unwrap_or_else(|e| panic!("{DIR}/{name}: {e}"))
}

/// What `tessera-opt` prints for `src`, failing the test on any diagnostic.
fn print(src: &str, name: &str, generic: bool) -> String {
    let opts = OptOptions {
        generic,
        ..Default::default()
    };
    let out = run(src, name, &opts);
    assert_eq!(out.status, 0, "{name}:\n{}", out.stderr);
    out.stdout
}

#[test]
fn every_op_prints_as_mlir_opt_prints_it() {
    for stem in ["pdl_ops", "pdl_interp_ops"] {
        let name = format!("{stem}.mlir");
        let src = read(&name);
        let custom = print(&src, &name, false);
        assert_eq!(
            custom,
            read(&format!("{stem}.custom.out")),
            "{name}, custom form"
        );
        let generic = print(&src, &name, true);
        assert_eq!(
            generic,
            read(&format!("{stem}.generic.out")),
            "{name}, generic form"
        );
        // Both printed forms read back to the same IR.
        assert_eq!(
            print(&custom, "custom", false),
            custom,
            "{name}, custom form read back"
        );
        assert_eq!(
            print(&generic, "generic", false),
            custom,
            "{name}, generic form read back"
        );
    }
}

#[test]
fn invalid_ops_report_what_mlir_opt_reports() {
    let opts = OptOptions {
        split_input: true,
        verify_diagnostics: true,
        ..Default::default()
    };
    for name in ["pdl_invalid.mlir", "pdl_interp_invalid.mlir"] {
        let out = run(&read(name), name, &opts);
        assert_eq!(out.status, 0, "{name}:\n{}", out.stderr);
    }
}

#[test]
fn a_range_element_is_written_without_prefix_and_spelled_once() {
    let src =
        "func.func private @f(!pdl.range< value >, !pdl<range<type>>) -> !pdl.range<operation>\n";
    let printed = print(src, "t.mlir", false);
    assert!(
        printed.contains(
            "func.func private @f(!pdl.range<value>, !pdl.range<type>) -> !pdl.range<operation>"
        ),
        "{printed}"
    );
}

#[test]
fn canonicalize_keeps_what_a_rewrite_creates_and_drops_dead_pure_ops() {
    // What mlir-opt 19 -canonicalize leaves: `pdl.operation` and `pdl.type` have effects
    // (no `Pure`), the unused `pdl.result` is pure and goes.
    let src = "pdl.pattern @p : benefit(1) {\n  %root = operation \"foo.op\"\n  rewrite %root {\n    %r = result 0 of %root\n    %t = type : i32\n    %unused = operation \"bar.op\"\n    erase %root\n  }\n}\n";
    let opts = OptOptions {
        passes: vec![std::sync::Arc::new(
            tessera_cli::canonicalize::Canonicalize::from_options("test-convergence").unwrap(),
        )],
        ..Default::default()
    };
    let out = run(src, "t.mlir", &opts);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "module {\n  pdl.pattern @p : benefit(1) {\n    %0 = operation \"foo.op\" \n    rewrite %0 {\n      %1 = type : i32\n      %2 = operation \"bar.op\" \n      erase %0\n    }\n  }\n}\n\n"
    );
    let bad = tessera_cli::canonicalize::Canonicalize::from_options("top-down=false").unwrap_err();
    assert_eq!(bad, "<Pass-Options-Parser>: no such option top-down");
}

#[test]
fn older_forms_are_read_and_printed_the_current_way() {
    // `older_forms.custom.out` is what mlir-opt 19 prints for `older_forms.upstream.mlir`,
    // the same patterns written the current way.
    let printed = print(&read("older_forms.mlir"), "older_forms.mlir", false);
    assert_eq!(printed, read("older_forms.custom.out"));
    assert_eq!(print(&printed, "printed", false), printed);
}
