// Inputs that upstream accepts even though they look malformed, and how it
// normalizes them. A compatible parser must accept these too.
// An empty tensor encoding after the comma is ignored.
"foo.op"() : () -> tensor<4xi32, >
// A complex literal in a dense attribute of real type keeps the real part.
"foo.op"() {a = dense<(1.0, 2.0)> : tensor<f32>} : () -> ()
// Integer literals in a dense attribute of an opaque element type become empty strings.
"foo.op"() {a = dense<[1, 2]> : tensor<2x!foo.s>} : () -> ()
// An integer set with no constraints means "always true".
"foo.op"() {a = affine_set<(d0) : ()>} : () -> ()
// A negative modulus is not rejected by the parser.
"foo.op"() {a = affine_map<(d0) -> (d0 mod -2)>} : () -> ()
// A dense_resource whose blob is never defined.
"foo.op"() {a = dense_resource<never_defined> : tensor<2xi32>} : () -> ()
// Bare hex integers are integers (i64), even in a float context like an array of floats.
"foo.op"() {a = [0x3FF0000000000000, 1.0]} : () -> ()
// Hex float literals reinterpret the bits: 0x1234 as f32 is a denormal.
"foo.op"() {a = 0x1234 : f32} : () -> ()
// Out-of-range decimal floats silently become infinity.
"foo.op"() {a = 1.5e+50 : f32, b = 1.0e+4000 : f80} : () -> ()
// Decimal literals go through double first, so f80/f128 lose precision.
"foo.op"() {a = 0.1 : f80, b = 3.14159265358979323846264338327950288 : f128} : () -> ()
// Attribute on both the properties and the attribute dictionary with the same name.
"foo.op"() <{a}> {a} : () -> ()
// A location alias can alias another alias.
"foo.op"() : () -> () loc(#l2)
#l1 = loc("l1")
#l2 = loc(#l1)
// Duplicate keys in a resource section are accepted; the last one wins.
"foo.op"() {r = dense_resource<dup> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      dup: "0x0400000001000000",
      dup: "0x0400000002000000"
    }
  }
#-}
