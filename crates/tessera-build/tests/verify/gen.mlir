// Ops of tests/typed/ops.td, valid and invalid, in generic form: verify_diff.rs checks that
// the generated verifiers and the engine's agree on every one.
%a = "test.i32"() : () -> i32
%b = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
%s = "gen.add"(%a, %b) : (i32, i32) -> i32
%o1, %l1 = "gen.pack"(%a, %b, %f) <{count = 1 : i32, type = i32, operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, f32) -> (i32, i32)
%x = "gen.split"(%a, %b) : (i32, i32) -> i32
"gen.open"() <{access = 3 : i32, limit = 4}> : () -> ()
"gen.scope"() ({
  "test.yield"() : () -> ()
}, {
}) : () -> ()

// -----
%a = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
%0 = "gen.add"(%a, %f) : (i32, f32) -> i32

// -----
%a = "test.i32"() : () -> i32
%0 = "gen.add"(%a) : (i32) -> i32

// -----
%a = "test.i32"() : () -> i32
%0 = "gen.add"(%a, %a) : (i32, i32) -> i64

// -----
%a = "test.i32"() : () -> i32
%o1, %l1 = "gen.pack"(%a) <{type = i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> (i32, i32)

// -----
%a = "test.i32"() : () -> i32
%o1, %l1 = "gen.pack"(%a) <{count = 1 : i64, type = i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> (i32, i32)

// -----
%a = "test.i32"() : () -> i32
%o1, %l1 = "gen.pack"(%a, %a, %a) <{count = 1 : i32, type = i32, operandSegmentSizes = array<i32: 1, 2, 0>}> : (i32, i32, i32) -> (i32, i32)

// -----
%a = "test.i32"() : () -> i32
%o1, %l1 = "gen.pack"(%a, %a) <{count = 1 : i32, type = i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32, i32) -> (i32, i32)

// -----
%a = "test.i32"() : () -> i32
%o1, %l1 = "gen.pack"(%a) <{count = 1 : i32, type = 3 : i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> (i32, i32)

// -----
%a = "test.i32"() : () -> i32
%o1, %l1 = "gen.pack"(%a) <{count = 1 : i32, type = i32, label = 4 : i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> (i32, i32)

// -----
%a = "test.i32"() : () -> i32
%o1, %l1 = "gen.pack"(%a) <{count = 1 : i32, type = i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> (i64, i32)

// -----
%a = "test.i32"() : () -> i32
%o1, %l1 = "gen.pack"(%a) {count = 1 : i32, type = i32, operandSegmentSizes = array<i32: -1, 2, 0>} : (i32) -> (i32, i32)

// -----
%a = "test.i32"() : () -> i32
%f = "test.f32"() : () -> f32
%x = "gen.split"(%a, %f) : (i32, f32) -> i32

// -----
"gen.scope"() : () -> ()

// -----
"gen.open"() <{access = 8 : i32}> : () -> ()

// -----
%a = "test.i32"() : () -> i32
"gen.branch"(%a) : (i32) -> ()
