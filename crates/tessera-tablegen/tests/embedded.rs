//! Embedded files: `include` finds a program's built-in `.td` library by name, before the
//! include path, and does not report it as a dependency.

use std::sync::Arc;
use tessera_tablegen::{parse_source, Options};

#[test]
fn includes_resolve_to_embedded_files_first() {
    let opts = Options {
        embedded_files: vec![(
            "lib/base.td".to_string(),
            Arc::from("#ifndef BASE\n#define BASE\nclass Base { int x = 1; }\n#endif\n"),
        )],
        include_dirs: vec!["/nonexistent".to_string()],
        ..Options::default()
    };
    let parsed = parse_source(
        "main.td",
        "include \"lib/base.td\"\ninclude \"lib/base.td\"\ndef D : Base;\n",
        &opts,
    )
    .unwrap_or_else(|f| panic!("{}", f.render()));
    let d = parsed.records.def("D").expect("D is defined");
    assert_eq!(parsed.records.value_as_int(d, "x"), Ok(1));
    assert!(parsed.dependencies.is_empty(), "{:?}", parsed.dependencies);
}

#[test]
fn a_missing_include_is_still_reported() {
    let opts = Options {
        embedded_files: vec![("lib/base.td".to_string(), Arc::from(""))],
        ..Options::default()
    };
    let Err(failure) = parse_source("main.td", "include \"lib/other.td\"\n", &opts) else {
        panic!("a missing include must fail");
    };
    assert!(failure
        .render()
        .contains("Could not find include file 'lib/other.td'"));
}
