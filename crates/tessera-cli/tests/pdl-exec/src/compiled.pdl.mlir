// PDL patterns (compiled into compiled.mlir's `module @patterns` by regen.sh) and the IR
// they are applied to.
module @patterns {
  // x + 0 -> x
  pdl.pattern @add_zero : benefit(2) {
    %t = pdl.type
    %x = pdl.operand : %t
    %zattr = pdl.attribute = 0 : i32
    %zero = pdl.operation "demo.const" {"value" = %zattr} -> (%t : !pdl.type)
    %z = pdl.result 0 of %zero
    %add = pdl.operation "demo.add"(%x, %z : !pdl.value, !pdl.value) -> (%t : !pdl.type)
    pdl.rewrite %add {
      pdl.replace %add with (%x : !pdl.value)
    }
  }
  // neg(neg(x)) -> x
  pdl.pattern @double_neg : benefit(1) {
    %t = pdl.type
    %x = pdl.operand
    %inner = pdl.operation "demo.neg"(%x : !pdl.value) -> (%t : !pdl.type)
    %y = pdl.result 0 of %inner
    %outer = pdl.operation "demo.neg"(%y : !pdl.value) -> (%t : !pdl.type)
    pdl.rewrite %outer {
      pdl.replace %outer with (%x : !pdl.value)
    }
  }
  // Any op with a `fuse` unit attribute and variadic operands becomes demo.fused.
  pdl.pattern @fuse_any : benefit(1) {
    %ins = pdl.operands
    %ts = pdl.types
    %u = pdl.attribute = unit
    %op = pdl.operation (%ins : !pdl.range<value>) {"fuse" = %u} -> (%ts : !pdl.range<type>)
    pdl.rewrite %op {
      %new = pdl.operation "demo.fused"(%ins : !pdl.range<value>) -> (%ts : !pdl.range<type>)
      pdl.replace %op with %new
    }
  }
  // mul(x, x) -> square(x), the type taken from the match.
  pdl.pattern @square : benefit(1) {
    %t = pdl.type : i32
    %x = pdl.operand
    %m = pdl.operation "demo.mul"(%x, %x : !pdl.value, !pdl.value) -> (%t : !pdl.type)
    pdl.rewrite %m {
      %s = pdl.operation "demo.square"(%x : !pdl.value) -> (%t : !pdl.type)
      pdl.replace %m with %s
    }
  }
}

module @ir {
  %a = "demo.src"() : () -> i32
  %z = "demo.const"() {value = 0 : i32} : () -> i32
  %b = "demo.add"(%a, %z) : (i32, i32) -> i32
  %n1 = "demo.neg"(%b) : (i32) -> i32
  %n2 = "demo.neg"(%n1) : (i32) -> i32
  %m = "demo.mul"(%n2, %n2) : (i32, i32) -> i32
  %f:2 = "demo.pack"(%a, %m) {fuse} : (i32, i32) -> (i32, i64)
  %g = "demo.mul"(%f#1, %f#1) : (i64, i64) -> i64
  "demo.sink"(%f#0, %g) : (i32, i64) -> ()
}
