//! `tessera_ir::verify_with` shares a big module's top-level ops among worker threads; what it
//! finds, and in which order, must be what the one-thread walk finds.

use tessera_ir::Context;

/// A module of `funcs` functions, each holding about 60 ops (so that 400 of them pass the
/// size above which workers are used); `edit` may rewrite function `i`'s text.
fn module(funcs: usize, edit: impl Fn(usize, String) -> String) -> String {
    let mut src = String::from("module {\n");
    for i in 0..funcs {
        let mut f = format!("  func.func @f{i}(%arg0: i32) -> i32 {{\n");
        for k in 0..58 {
            f.push_str(&format!("    %v{k} = \"test.op\"(%arg0) : (i32) -> i32\n"));
        }
        f.push_str("    %r = func.call @f0(%v57) : (i32) -> i32\n");
        f.push_str("    func.return %r : i32\n  }\n");
        src.push_str(&edit(i, f));
    }
    src.push_str("}\n");
    src
}

/// The rendered findings of both verifiers on `src`.
fn both(src: &str) -> (Result<(), Vec<String>>, Result<(), Vec<String>>) {
    let mut ctx = Context::new();
    tessera_ods::core_dialects::register_core_dialects(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    let m = tessera_asm::parse(&mut ctx, src, "big.mlir")
        .map_err(|d| d.render(&Default::default(), Some(&ctx)))
        .expect("the input parses");
    assert!(m.body.op_capacity() >= 20_000, "big enough for workers");
    let render = |r: Result<(), Vec<tessera_ir::Diagnostic>>| {
        r.map_err(|ds| {
            ds.iter()
                .map(|d| d.render(&Default::default(), Some(&ctx)))
                .collect::<Vec<_>>()
        })
    };
    let one = render(tessera_ir::verify(&ctx, &m.body, m.module));
    let two = render(tessera_ir::verify_with(&ctx, &m.body, m.module, 2));
    (one, two)
}

#[test]
fn a_valid_module_verifies_on_workers() {
    let (one, two) = both(&module(400, |_, f| f));
    assert_eq!(one, Ok(()));
    assert_eq!(two, Ok(()));
}

#[test]
fn op_errors_come_in_walk_order() {
    // Errors in functions spread over many pieces, two kinds, some in the same function.
    let src = module(400, |i, f| match i % 37 {
        0 => f.replace("func.return %r : i32", "func.return"),
        5 => f.replace("%v3 = \"test.op\"(%arg0)", "%v3 = \"test.op\"(%v9)"),
        11 => f
            .replace("func.return %r : i32", "func.return")
            .replace("%v1 = \"test.op\"(%arg0)", "%v1 = \"test.op\"(%v2)"),
        _ => f,
    });
    let (one, two) = both(&src);
    let errors = one.clone().expect_err("the module has errors");
    assert!(errors.len() > 20, "{} errors", errors.len());
    assert_eq!(one, two);
}

#[test]
fn symbol_table_and_symbol_use_errors_agree() {
    let duplicate = module(400, |i, f| {
        if i == 250 {
            f.replace("@f250(", "@f3(")
        } else {
            f
        }
    });
    let (one, two) = both(&duplicate);
    assert!(one.is_err());
    assert_eq!(one, two);
    let undefined = module(400, |i, f| {
        if i % 100 == 7 {
            f.replace("func.call @f0(", "func.call @missing(")
        } else {
            f
        }
    });
    let (one, two) = both(&undefined);
    assert_eq!(
        one.as_ref().map_err(Vec::len),
        Err(1),
        "the first failure ends it"
    );
    assert_eq!(one, two);
}
