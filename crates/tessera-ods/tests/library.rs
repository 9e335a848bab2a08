//! Tessera's own `.td` library evaluates without any installation and declares the core
//! dialects as upstream 19 has them.

use tessera_ods::{library, Arity};

fn load(name: &str) -> tessera_ods::Loaded {
    let text = library::file(name).expect("a library file");
    let parsed = tessera_tablegen::parse_source(name, text, &library::options(Vec::new()))
        .unwrap_or_else(|f| panic!("{}", f.render()));
    assert_eq!(parsed.error_count(), 0, "{}", parsed.render_messages());
    assert!(parsed.dependencies.is_empty(), "{:?}", parsed.dependencies);
    let loaded = tessera_ods::load(&parsed.records);
    assert!(
        loaded.diagnostics.is_empty(),
        "{}",
        loaded.render_diagnostics()
    );
    loaded
}

#[test]
fn builtin_declares_module_and_cast() {
    let loaded = load("tessera/Builtin.td");
    let names: Vec<&str> = loaded.model.ops.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(
        names,
        ["builtin.module", "builtin.unrealized_conversion_cast"]
    );
    let module = loaded.model.op("builtin.module").unwrap();
    assert_eq!(
        module.assembly_format.as_deref().map(str::trim),
        Some("($sym_name^)? attr-dict-with-keyword $bodyRegion")
    );
    assert!(module.has_trait("::mlir::OpTrait::SingleBlock"));
    assert!(module.has_trait("::mlir::OpTrait::IsIsolatedFromAbove"));
    let cast = loaded
        .model
        .op("builtin.unrealized_conversion_cast")
        .unwrap();
    assert_eq!(cast.operands[0].arity, Arity::Variadic);
    assert_eq!(cast.results[0].arity, Arity::Variadic);
}

#[test]
fn func_declares_its_five_ops() {
    let loaded = load("tessera/Func.td");
    let names: Vec<&str> = loaded.model.ops.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "func.call_indirect",
            "func.call",
            "func.constant",
            "func.func",
            "func.return"
        ]
    );
    let func = loaded.model.op("func.func").unwrap();
    assert!(func.flags.has_custom_assembly_format);
    let attrs: Vec<&str> = func.attributes.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(
        attrs,
        [
            "sym_name",
            "function_type",
            "sym_visibility",
            "arg_attrs",
            "res_attrs"
        ]
    );
    let ret = loaded.model.op("func.return").unwrap();
    assert!(ret.has_trait("::mlir::OpTrait::IsTerminator"));
    assert!(ret.flags.has_verifier);
}
