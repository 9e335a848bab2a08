//! A module big enough to be printed on worker threads (`print_module_to`) prints exactly as
//! the sequential printer (`print_module`) does: numbering, aliases, blocks, successors,
//! nested regions and locations.

use tessera_asm::{print_module, print_module_to, PrintOptions};
use tessera_ir::Context;

fn big_module() -> String {
    let mut s = String::from("#map = affine_map<(d0) -> (d0 * 3)>\n");
    for i in 0..6000 {
        s.push_str(&format!(
            r#""t.func"() <{{sym_name = "f{i}"}}> ({{
^bb0(%a: i32, %b: tensor<4xf32>):
  %0:2 = "t.op"(%a) {{m = #map, s = "x{i}", v = {i} : i64}} : (i32) -> (i32, f32) loc("f.mlir":{i}:3)
  "t.br"(%0#0)[^bb1] : (i32) -> ()
^bb1(%c: i32):
  %1 = "t.use"(%c, %0#1, %b) ({{
    "t.inner"(%1) : (index) -> ()
  }}) {{k = [1, 2, {i}]}} : (i32, f32, tensor<4xf32>) -> index
  "t.ret"() : () -> ()
}}) : () -> ()
"#
        ));
    }
    s
}

#[test]
fn parallel_printing_matches_sequential() {
    let src = big_module();
    for (debug_info, generic) in [(false, false), (true, false), (false, true), (true, true)] {
        let mut ctx = Context::new();
        ctx.set_allow_unregistered_dialects(true);
        let parsed = tessera_asm::parse(&mut ctx, &src, "big.mlir").expect("parses");
        let sequential = print_module(
            &ctx,
            &parsed.body,
            parsed.module,
            &parsed.resources,
            PrintOptions {
                debug_info,
                generic,
                workers: 0,
                local_scope: false,
            },
        );
        let opts = PrintOptions {
            debug_info,
            generic,
            workers: 2,
            local_scope: false,
        };
        let mut streamed = Vec::new();
        print_module_to(
            &ctx,
            &parsed.body,
            parsed.module,
            &parsed.resources,
            opts,
            &mut streamed,
        )
        .unwrap();
        assert!(
            parsed.body.op_capacity() >= 20_000,
            "big enough for workers"
        );
        assert!(String::from_utf8(streamed).unwrap() == sequential);
    }
}
