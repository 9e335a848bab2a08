// Inputs for `compiled_registration.rs`: ops whose custom forms take types from other types
// (`TypesMatchWith` transformers), read with the tables computed at build time and with the
// engine.
func.func @asymmetric(%f: (i32, i1) -> f32, %a: i32, %b: i1) -> f32 {
  %r = call_indirect %f(%a, %b) : (i32, i1) -> f32
  return %r : f32
}

// -----

func.func @none(%f: () -> ()) {
  call_indirect %f() : () -> ()
  return
}

// -----

func.func @many(%f: (index) -> (i8, i16, i64), %i: index) -> i16 {
  %r:3 = func.call_indirect %f(%i) : (index) -> (i8, i16, i64)
  return %r#1 : i16
}

// -----

// The callee is no function: reading the operand types fails the same way.
func.func @not_a_function(%f: i32) {
  call_indirect %f() : i32
  return
}

// -----

// Operands disagreeing with the callee's inputs.
func.func @mismatch(%f: (i32) -> (), %a: i64) {
  call_indirect %f(%a) : (i32) -> ()
  return
}
