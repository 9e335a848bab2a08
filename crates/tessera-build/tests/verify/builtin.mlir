// builtin ops, valid and invalid, in generic form: verify_diff.rs checks that the generated
// verifiers and the engine's agree on each.
"builtin.module"() <{sym_name = "m"}> ({
  %a = "test.i32"() : () -> i32
  %0 = "builtin.unrealized_conversion_cast"(%a) : (i32) -> f32
  "builtin.module"() ({
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() <{sym_name = 3 : i32}> ({
}) : () -> ()

// -----
"builtin.module"() {sym_visibility = 1 : i32} ({
}) : () -> ()

// -----
"builtin.module"() : () -> ()

// -----
"builtin.module"() ({
^bb0(%x: i32):
}) : () -> ()

// -----
%0 = "builtin.unrealized_conversion_cast"() : () -> ()
