//! `custom<Name>(...)` directives: a Rust hook registered by name reads and writes its part
//! of an op's custom form; without one, the op prints generically and its custom form is
//! refused with a diagnostic naming the directive.

mod common;

use std::collections::HashMap;
use std::sync::Arc;
use tessera_asm::custom::{OpAsmParser, OpAsmPrinter, ParseResult, Punct};
use tessera_ir::OpId;
use tessera_ods::assembly::{CustomDirective, DirectiveArg};
use tessera_ods::register::Options;

const DIALECT: &str = r#"
include "tessera/OpBase.td"
def Demo_Dialect : Dialect { let name = "demo"; }
def Demo_PairOp : Op<Demo_Dialect, "pair", []> {
  let arguments = (ins I32:$lhs, I32:$rhs, OptionalAttr<StrAttr>:$tag);
  let results = (outs I32:$out);
  let assemblyFormat = "custom<Bracketed>($lhs, $rhs, $tag) attr-dict";
}
def Demo_OtherOp : Op<Demo_Dialect, "other", []> {
  let arguments = (ins I32:$x);
  let assemblyFormat = "custom<Missing>($x) attr-dict";
}
"#;

/// `[%a | %b]` with an optional `"tag"` after it.
struct Bracketed;

impl CustomDirective for Bracketed {
    fn parse<'a>(
        &self,
        p: &mut OpAsmParser<'_, 'a, '_>,
        args: &mut [DirectiveArg<'a>],
    ) -> ParseResult<()> {
        p.parse_punct(Punct::LSquare)?;
        let lhs = p.parse_operand()?;
        if !p.parse_optional_vertical_bar() {
            return Err(p.error_expected("'|'"));
        }
        let rhs = p.parse_operand()?;
        p.parse_punct(Punct::RSquare)?;
        args[0] = DirectiveArg::Operand(Some(lhs));
        args[1] = DirectiveArg::Operand(Some(rhs));
        if let Some(tag) = p.parse_optional_string() {
            args[2] = DirectiveArg::Attr(Some(p.ctx().string_attr(&tag)));
        }
        Ok(())
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, _op: OpId, args: &[DirectiveArg<'_>]) {
        let [DirectiveArg::Value(Some(lhs)), DirectiveArg::Value(Some(rhs)), tag] = args else {
            return;
        };
        p.write("[");
        p.print_operand(*lhs);
        p.write(" | ");
        p.print_operand(*rhs);
        p.write("]");
        if let DirectiveArg::Attr(Some(tag)) = tag {
            p.write(" ");
            p.print_attribute(*tag);
        }
    }
}

fn roundtrip(src: &str) -> Result<String, String> {
    let mut directives: HashMap<String, Arc<dyn CustomDirective>> = HashMap::new();
    directives.insert("Bracketed".into(), Arc::new(Bracketed));
    let options = Options {
        directives,
        ..Options::default()
    };
    common::roundtrip(&mut common::registered(DIALECT, "demo", &options), src)
}

#[test]
fn a_hook_reads_and_writes_its_directive() {
    let src = "%a = \"test.a\"() : () -> i32\n%0 = demo.pair [%a | %a] \"hi\" {x}\n%1 = demo.pair [%0|%a]\n";
    let printed = roundtrip(src).unwrap();
    assert_eq!(
        printed,
        "module {\n  %0 = \"test.a\"() : () -> i32\n  %1 = demo.pair [%0 | %0] \"hi\" {x}\n  %2 = demo.pair [%1 | %0]\n}\n"
    );
    assert_eq!(roundtrip(&printed).unwrap(), printed);
}

#[test]
fn without_a_hook_the_op_is_generic_and_its_custom_form_refused() {
    let src = "%a = \"test.a\"() : () -> i32\n\"demo.other\"(%a) : (i32) -> ()\n";
    let printed = roundtrip(src).unwrap();
    assert!(
        printed.contains("  \"demo.other\"(%0) : (i32) -> ()\n"),
        "{printed}"
    );
    let err = roundtrip("%a = \"test.a\"() : () -> i32\ndemo.other %a\n").unwrap_err();
    assert!(
        err.contains("t.mlir:2:12: error: custom op 'demo.other' cannot be read in its custom form: its format's custom directive 'Missing' has no Rust implementation"),
        "{err}"
    );
}
