// Ops of tests/asm/fmt.td in custom form: the compiled forms must read and print them as the
// format engine does (tests/compiled_forms.rs); fmt.mlir.expected is what both print.
func.func @values(%a: i32, %b: i32, %c: i1, %i: index, %f: f32) -> i32 {
  %0 = fmt.binary %a, %b : i32
  %1 = fmt.binary %f, %f {tag = "x"} : f32
  %2:2 = fmt.call @callee(%a, %f) : (i32, f32) -> (i32, f32)
  fmt.call @nothing() : () -> ()
  %3 = fmt.select %c, %a, %b : i32
  %4 = fmt.cmp eq, %a, %b : i32
  %5 = fmt.cmp less, %f, %f {extra} : f32
  %6 = fmt.cmp "ne", %a, %a : i32
  fmt.print
  fmt.print %a : i32
  fmt.print {note = 1 : i64} %f : f32
  fmt.segments %a [%b, %c] : i32, i32, i1
  fmt.segments %a, %f : f32 [] : i32,
  fmt.flags %a none : i32
  fmt.flags nontemporal %a by 3 [5] : i32
  fmt.flags %a by 7 none {hidden = 1 : i32} : i32
  fmt.flags %a none {hidden = 2 : i32} : i32
  fmt.sym @s
  fmt.sym @t "a note" attributes {x = 1 : i64}
  %7 = fmt.const 42 <fast> #fmt.mode<slow>
  %8 = fmt.const -1 <slow> #fmt.mode<fast> {a}
  %9 = fmt.attr <3 : i64> [] ()
  %10 = fmt.attr <2.5 : f32> [] () {b = unit}
  fmt.invert fancy
  fmt.invert 3
  fmt.bounds lower = %i upper = %i step 2
  fmt.bounds upper = %i
  fmt.bounds
  fmt.bounds step 4 lower = %i
  %11:2 = fmt.pack %a, %f : i32, f32 -> i32, f32
  fmt.pack : ->
  return %0 : i32
}

func.func @regions(%a: i32, %c: i1) {
  %0 = fmt.scope (%a : i32) -> i32 {
    fmt.yield %a : i32
  }
  fmt.scope attributes {k = 1 : i64} {
    fmt.yield
  }
  fmt.alt
  fmt.alt {
    fmt.yield
  }, {
    fmt.yield %a : i32
  }
  fmt.alt attributes {z} {
    "test.op"() : () -> ()
    fmt.yield
  }
  fmt.br ^bb1(%a : i32)
^bb1(%x: i32):
  fmt.switch %c, ^bb2 [^bb1, ^bb2]
^bb2:
  fmt.switch %c, ^bb3 []
^bb3:
  fmt.all to ^bb4, ^bb5 {
    fmt.yield
  }
^bb4:
  fmt.all to ^bb5
^bb5:
  fmt.br ^bb3
}
