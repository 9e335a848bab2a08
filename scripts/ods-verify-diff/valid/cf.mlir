// Valid cf ops in custom form: scripts/ods-verify-diff.sh has mlir-opt 19 print them in
// generic form, and tessera-opt --load-dialect must verify that and print it identically.
func.func @h(%c: i1, %x: i32, %f: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  cf.br ^bb2
^bb2:
  cf.switch %f : i32, [
    default: ^bb3(%x : i32),
    42: ^bb3(%f : i32),
    43: ^bb4
  ]
^bb3(%b: i32):
  cf.assert %c, "msg"
  return %b : i32
^bb4:
  return %x : i32
}
