//! Fuzz target: arbitrary bytes as the assembly format of an op and of a type definition
//! (every kind of operand, attribute, region, successor and parameter is there to name).
//! Any panic, stack overflow or hang is a bug: a hostile format must become diagnostics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// Definitions with something of every kind for a format to name.
const DEFS: &str = r#"
include "format_base.td"
def D : Dialect { let name = "d"; }
def Target : Op<D, "target", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$a, Variadic<AnyType>:$v, Optional<I32>:$o,
                       OptionalAttr<I32Attr>:$attr, AnyAttr:$any, UnitAttr:$unit,
                       SymbolNameAttr:$sym);
  let results = (outs AnyType:$r, Variadic<Index>:$rs);
  let regions = (region AnyRegion:$body, VariadicRegion<AnyRegion>:$more);
  let successors = (successor AnySuccessor:$dest, VariadicSuccessor<AnySuccessor>:$rest);
}
def Param : TypeDef<D, "Param"> {
  let mnemonic = "param";
  let parameters = (ins "int":$a, OptionalParameter<"int">:$b,
                        AttributeSelfTypeParameter<"">:$t);
}
"#;

fn model() -> &'static tessera_ods::Model {
    static MODEL: OnceLock<tessera_ods::Model> = OnceLock::new();
    MODEL.get_or_init(|| {
        let include = concat!(env!("CARGO_MANIFEST_DIR"), "/../crates/tessera-ods/tests/docs/include");
        let opts = tessera_tablegen::Options {
            include_dirs: vec![include.to_string()],
            ..Default::default()
        };
        let parsed = tessera_tablegen::parse_source("defs.td", DEFS, &opts).expect("fixed input evaluates");
        tessera_ods::load(&parsed.records).model
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let model = model();
    let mut op = model.ops[0].clone();
    op.assembly_format = Some(text.clone());
    let _ = tessera_ods::format::parse_op_format(model, &op);
    let mut def = model.type_defs[0].clone();
    def.assembly_format = Some(text);
    let _ = tessera_ods::format::parse_def_format(&def);
});
