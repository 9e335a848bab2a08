// The func and builtin ops in custom form, for `scripts/ods-custom-diff.sh` (no dialect to
// load: tessera-opt knows them, as mlir-opt does).
module @m attributes {foo.tag} {
  func.func private @decl(i32, f32 {foo.arg}) -> (i1 {foo.res})
  func.func nested @nested() attributes {foo.x = 1 : i32}
  func.func @callee(%a: i32 {foo.a}, %b: i32) -> (i32, i32) {
    return %b, %a : i32, i32
  }
  func.func @calls(%a: i32) -> i32 {
    %r:2 = call @callee(%a, %a) : (i32, i32) -> (i32, i32)
    %f = constant @callee : (i32, i32) -> (i32, i32)
    %g = func.constant @callee : (i32, i32) -> (i32, i32)
    %s:2 = call_indirect %f(%a, %r#1) : (i32, i32) -> (i32, i32)
    %c = builtin.unrealized_conversion_cast %s#0 : i32 to i64
    %d:2 = builtin.unrealized_conversion_cast %c, %c : i64, i64 to i8, i16
    %e = builtin.unrealized_conversion_cast to index
    return %s#1 : i32
  }
  module {
    func.func @inner() {
      return
    }
  }
}
