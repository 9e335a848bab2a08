// Integer type widths and integer literal ranges.

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"foo.op"() : () -> i16777216

// -----

// expected-error@+1 {{invalid integer width}}
"foo.op"() : () -> i99999999999999999999

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"foo.op"() : () -> ui16777216

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 256 : i8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 128 : si8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 2 : i1} : () -> ()

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"foo.op"() {a = -1 : ui32} : () -> ()

// -----

// Upstream quirk: a negative zero integer literal is rejected.
// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = -0 : i32} : () -> ()

// -----

// expected-error@+1 {{expected attribute value}}
"foo.op"() {a = +1 : i32} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 340282366920938463463374607431768211456 : i128} : () -> ()
