//! ODS verification remembers a constraint's verdict per type; one registration serves many
//! contexts, whose type handles may be equal while the types differ: a verdict reached in
//! one context must not answer for another.

use tessera_ir::Context;
use tessera_ods::register::{Options, Registration};
use tessera_ods::{library, DialectId};

const DIALECT: &str = r#"
include "tessera/InferTypeOpInterface.td"
def Demo_Dialect : Dialect { let name = "demo"; }
def Demo_UseOp : Op<Demo_Dialect, "use", []> {
  let arguments = (ins I<37>:$x);
}
"#;

fn registration() -> Registration {
    let parsed = tessera_tablegen::parse_source("demo.td", DIALECT, &library::options(Vec::new()))
        .unwrap_or_else(|f| panic!("{}", f.render()));
    let loaded = tessera_ods::load(&parsed.records);
    assert!(
        loaded.diagnostics.is_empty(),
        "{}",
        loaded.render_diagnostics()
    );
    let dialect = loaded
        .model
        .dialects
        .iter()
        .position(|d| d.name == "demo")
        .map(|i| DialectId(i as u32))
        .expect("the demo dialect");
    Registration::compile(&loaded.model, &[dialect], &Options::default()).0
}

/// Verifies `demo.use` of a value of type `i{width}` in `ctx`; the type is made first, so
/// that it gets the same handle in every fresh context.
fn verify_use(registration: &Registration, width: u32) -> (usize, Result<(), String>) {
    let mut ctx = Context::new();
    registration.register(&mut ctx);
    ctx.set_allow_unregistered_dialects(true);
    let index = ctx.int_type(width).index();
    let src = format!("%a = \"test.a\"() : () -> i{width}\n\"demo.use\"(%a) : (i{width}) -> ()\n");
    let m = tessera_asm::parse(&mut ctx, &src, "t.mlir")
        .map_err(|d| d.render(&Default::default(), Some(&ctx)))
        .expect("the input parses");
    let verified = tessera_ir::verify(&ctx, &m.body, m.module).map_err(|ds| {
        ds.iter()
            .map(|d| d.render(&Default::default(), Some(&ctx)))
            .collect()
    });
    (index, verified)
}

#[test]
fn a_verdict_is_not_taken_from_another_context() {
    let registration = registration();
    let (i37, ok) = verify_use(&registration, 37);
    assert_eq!(ok, Ok(()));
    let (i38, refused) = verify_use(&registration, 38);
    assert_eq!(i37, i38, "the test needs equal handles for different types");
    let message = refused.expect_err("i38 is not i37");
    assert!(
        message.contains("operand #0 must be 37-bit signless integer"),
        "{message}"
    );
}
