//! Custom-form hooks: a registered op reads and writes its own syntax through `OpAsmParser`
//! and `OpAsmPrinter`, with upstream's result naming, default-dialect prefixes and aliases.

use std::sync::Arc;
use tessera_asm::custom::{
    set_op_assembly, CustomOpState, OpAsmParser, OpAsmPrinter, OpAssembly, ParseResult, Punct,
    ResultNames,
};
use tessera_asm::PrintOptions;
use tessera_ir::{Body, Context, DialectInfo, OpId, OpInfo, OpTraits};

/// `demo.add %a, %b : type` (both operands and the result share the type).
struct Add;

impl OpAssembly for Add {
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()> {
        let pos = p.pos();
        let lhs = p.parse_operand()?;
        p.parse_punct(Punct::Comma)?;
        let rhs = p.parse_operand()?;
        p.parse_optional_attr_dict(&mut state.attrs)?;
        let ty = p.parse_colon_type()?;
        p.resolve_operands(&[lhs, rhs], &[ty, ty], pos, &mut state.operands)?;
        state.result_types.push(ty);
        Ok(())
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        let body = p.body();
        p.write(" ");
        p.print_operands(body.operands(op));
        let attrs = p.op_attrs_and_props(op);
        p.print_optional_attr_dict(&attrs, &[]);
        p.write(" : ");
        p.print_type(body.value_type(body.result(op, 0)));
    }
}

/// `demo.const 42 : i32`, naming its result `c<value>`.
struct Const;

impl OpAssembly for Const {
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()> {
        let value = p.parse_attribute(None)?;
        let key = p.ctx().ident("value");
        state.attrs.push((key, value));
        let ty = p.ctx().attr_type(value).expect("typed constant");
        state.result_types.push(ty);
        Ok(())
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        let value = p.ctx().dict_get(p.body().op_attrs(op), "value").unwrap();
        p.write(" ");
        p.print_attribute(value);
    }

    fn result_names(&self, ctx: &Context, body: &Body, op: OpId, names: &mut ResultNames) {
        let value = ctx.dict_get(body.op_attrs(op), "value").unwrap();
        let text = tessera_asm::attr_to_string(ctx, value);
        let digits: String = text.chars().take_while(|c| c.is_ascii_digit()).collect();
        names.set(body.result(op, 0), format!("c{digits}"));
    }
}

/// `demo.func { ... }`, whose body may leave out the `demo.` prefix.
struct Func;

impl OpAssembly for Func {
    fn parse(&self, p: &mut OpAsmParser<'_, '_, '_>, state: &mut CustomOpState) -> ParseResult<()> {
        let region = p.parse_region(&[])?;
        state.regions.push(region);
        Ok(())
    }

    fn print(&self, p: &mut OpAsmPrinter<'_, '_>, op: OpId) {
        p.write(" ");
        let region = p.body().region(op, 0);
        p.print_region(region, false, true, false);
    }

    fn default_dialect(&self) -> &str {
        "demo"
    }
}

fn demo_context() -> Context {
    let mut ctx = Context::new();
    let name = ctx.ident("demo");
    ctx.register_dialect(DialectInfo::new(name));
    let hooks: [(&str, OpTraits, Arc<dyn OpAssembly>); 3] = [
        ("demo.add", OpTraits::PURE, Arc::new(Add)),
        ("demo.const", OpTraits::CONSTANT_LIKE, Arc::new(Const)),
        ("demo.func", OpTraits::NO_TERMINATOR, Arc::new(Func)),
    ];
    for (op, traits, h) in hooks {
        let id = ctx.ident(op);
        ctx.register_op(OpInfo::new(id, traits));
        assert!(set_op_assembly(&mut ctx, op, h));
    }
    ctx
}

fn roundtrip(src: &str, generic: bool) -> String {
    let mut ctx = demo_context();
    let m = tessera_asm::parse(&mut ctx, src, "t.mlir").unwrap_or_else(|d| panic!("{d}"));
    let opts = PrintOptions {
        generic,
        ..PrintOptions::default()
    };
    tessera_asm::print_module(&ctx, &m.body, m.module, &m.resources, opts)
}

const SOURCE: &str = r#"demo.func {
  %a = demo.const 1 : i32
  %b = const 1 : i32
  %s = demo.add %a, %b {tag} : i32
  %t = add %s, %s : i32
}
demo.func {
  %x = const 2 : i32
}
"#;

#[test]
fn custom_forms_parse_and_print_with_names_and_default_dialect() {
    let printed = roundtrip(SOURCE, false);
    assert_eq!(
        printed,
        r#"module {
  demo.func {
    %c1 = const 1 : i32
    %c1_0 = const 1 : i32
    %0 = add %c1, %c1_0 {tag} : i32
    %1 = add %0, %0 : i32
  }
  demo.func {
    %c2 = const 2 : i32
  }
}
"#
    );
    // What the printer writes, the parser reads back unchanged.
    assert_eq!(roundtrip(&printed, false), printed);
}

#[test]
fn the_generic_form_stays_available() {
    let printed = roundtrip(SOURCE, true);
    assert!(printed.starts_with("\"builtin.module\"() ({\n  \"demo.func\"() ({\n"));
    assert!(
        printed.contains("%3 = \"demo.add\"(%1, %2) {tag} : (i32, i32) -> i32"),
        "{printed}"
    );
    assert_eq!(roundtrip(&printed, false), roundtrip(SOURCE, false));
}

#[test]
fn custom_parse_errors_are_located() {
    let mut ctx = demo_context();
    let src = "demo.func {\n  %a = demo.const 1 : i32\n  %s = demo.add %a, %a %a : i32\n}\n";
    let err = tessera_asm::parse(&mut ctx, src, "t.mlir")
        .err()
        .expect("rejected");
    let text = err.render(&tessera_ir::SourceMap::default(), Some(&ctx));
    assert!(
        text.starts_with("t.mlir:3:23: error: expected ':'"),
        "{text}"
    );
    let src = "demo.func {\n  %s = demo.nope %a : i32\n}\n";
    let err = tessera_asm::parse(&mut ctx, src, "t.mlir")
        .err()
        .expect("rejected");
    assert!(
        err.to_string().contains("custom op 'demo.nope' is unknown"),
        "{err}"
    );
}
