// Required attributes (checked by name), then their constraints (in declaration order); old
// generic input may give inherent attributes in the dictionary.
// expected-error@+1 {{'reg.attrs' op requires attribute 'a'}}
"reg.attrs"() : () -> ()

// -----
// expected-error@+1 {{'reg.attrs' op requires attribute 'b'}}
"reg.attrs"() <{a = "x"}> : () -> ()

// -----
// An integer attribute, as b's storage class wants, but not of type i32.
// expected-error@+1 {{'reg.attrs' op attribute 'b' failed to satisfy constraint: 32-bit signless integer attribute}}
"reg.attrs"() <{a = "x", b = 1 : i64}> : () -> ()

// -----
// Properties of the wrong storage class are refused while parsing, in name order.
// expected-error@+1 {{invalid properties {a = 1 : i32, b = "x"} for op reg.attrs: Invalid attribute `a` in property conversion: 1 : i32}}
"reg.attrs"() <{a = 1 : i32, b = "x"}> : () -> ()

// -----
// expected-error@+1 {{'reg.attrs' op attribute 'a' failed to satisfy constraint: string attribute}}
"reg.attrs"() {a = 1 : i32, b = 1 : i32} : () -> ()

// -----
// expected-error@+1 {{'reg.attrs' op attribute 'c' failed to satisfy constraint: 32-bit signless integer attribute}}
"reg.attrs"() <{a = "x", b = 1 : i32, c = 2 : i64}> : () -> ()

// -----
"reg.attrs"() <{a = "x", b = 1 : i32, c = 2 : i32, d = 3 : i32}> : () -> ()
"reg.attrs"() {a = "x", b = 1 : i32, other = 2} : () -> ()

// -----
%i = "test.i32"() : () -> i32
// Old generic input has its inherent attributes checked while parsing (in name order),
// before the op's other checks: here before its operand count.
// expected-error@+1 {{'reg.attrs' op attribute 'a' failed to satisfy constraint: string attribute}}
"reg.attrs"(%i) {b = "y", a = 1 : i32} : (i32) -> ()
