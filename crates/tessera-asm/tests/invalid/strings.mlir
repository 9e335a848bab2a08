// Malformed string literals.

// expected-error@+1 {{expected '"' in string literal}}
"foo.op"() {s = "no closing quote} : () -> ()

// -----

// A string literal may not span lines.
// expected-error@+1 {{expected '"' in string literal}}
"foo.op"() {s = "first line
second line"} : () -> ()

// -----

// expected-error@+1 {{unknown escape in string literal}}
"foo.op"() {s = "\q"} : () -> ()

// -----

// A hex escape needs exactly two hex digits.
// expected-error@+1 {{unknown escape in string literal}}
"foo.op"() {s = "\4g"} : () -> ()

// -----

// expected-error@+1 {{unknown escape in string literal}}
"foo.op"() {s = "\r"} : () -> ()

// -----

// The op name is a string literal too.
// expected-error@+1 {{expected '"' in string literal}}
"foo.op() : () -> ()

// -----

// A string inside a dialect type's body follows the same rules as any other.
// expected-error@+1 {{expected '"' in string literal}}
"foo.op"() : () -> (!foo.t<"not closed on this line>)

// -----

// expected-error@+1 {{unknown escape in string literal}}
"foo.op"() : () -> (!foo.t<"\q">)
