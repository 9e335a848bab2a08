// func.call_indirect, whose predicate traits compare a function type's inputs and results
// with variadic groups, valid and invalid, in generic form: verify_diff.rs checks that the
// generated verifiers and the engine's agree on each.
%f = "test.fn"() : () -> ((i32, f32) -> i64)
%a = "test.i32"() : () -> i32
%b = "test.f32"() : () -> f32
%r = "func.call_indirect"(%f, %a, %b) : ((i32, f32) -> i64, i32, f32) -> i64

// -----
%f = "test.fn"() : () -> ((i32, f32) -> i64)
%a = "test.i32"() : () -> i32
%r = "func.call_indirect"(%f, %a, %a) : ((i32, f32) -> i64, i32, i32) -> i64

// -----
%f = "test.fn"() : () -> ((i32) -> i64)
%a = "test.i32"() : () -> i32
%r = "func.call_indirect"(%f, %a) : ((i32) -> i64, i32) -> i32

// -----
%f = "test.fn"() : () -> (() -> ())
"func.call_indirect"(%f) : (() -> ()) -> ()

// -----
%f = "test.i32"() : () -> i32
"func.call_indirect"(%f) : (i32) -> ()
