// Valid scf ops in custom form: scripts/ods-verify-diff.sh has mlir-opt 19 print them in
// generic form, and tessera-opt --load-dialect must verify that and print it identically.
func.func @g(%lb: index, %ub: index, %s: index, %c: i1, %x: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (f32) {
    %y = arith.addf %acc, %acc : f32
    scf.yield %y : f32
  }
  %q = scf.if %c -> (f32) {
    scf.yield %r : f32
  } else {
    scf.yield %x : f32
  }
  scf.if %c {
    "test.op"() : () -> ()
  }
  %w = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  }
  %e = scf.execute_region -> f32 {
    scf.yield %w : f32
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%s) {
    scf.reduce
  }
  %sw = scf.index_switch %lb -> f32
  case 2 {
    scf.yield %x : f32
  }
  default {
    scf.yield %e : f32
  }
  return %q : f32
}
