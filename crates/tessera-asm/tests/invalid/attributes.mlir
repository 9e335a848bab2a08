// Malformed attributes and attribute dictionaries.

// expected-error@+1 {{expected ',' or ']'}}
"foo.op"() {a = [1, 2} : () -> ()

// -----

// expected-error@+1 {{expected attribute value}}
"foo.op"() {a = [1, 2,]} : () -> ()

// -----

// expected-error@+1 {{expected attribute value}}
"foo.op"() {a = } : () -> ()

// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"foo.op"() {a = 1 b = 2} : () -> ()

// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"foo.op"() {a = {b = 1} : () -> ()

// -----

// expected-error@+1 {{expected valid attribute name}}
"foo.op"() {"" = 1} : () -> ()

// -----

// expected-error@+1 {{expected attribute name}}
"foo.op"() {1 = 1} : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"foo.op"() {a = "s" : } : () -> ()

// -----

// expected-error@+1 {{integer literal not valid for specified type}}
"foo.op"() {a = 1 : tensor<4xi32>} : () -> ()

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
"foo.op"() {a = #foo.bar<1} : () -> ()

// -----

// expected-error@+1 {{expected '[' after 'distinct'}}
"foo.op"() {a = distinct<1>} : () -> ()

// -----

// expected-error@+1 {{expected '<' after distinct ID}}
"foo.op"() {a = distinct[0]} : () -> ()

// -----

// expected-error@+1 {{expected ':' after dense array type}}
"foo.op"() {a = array<i32 1>} : () -> ()

// -----

// expected-error@+1 {{expected integer or float type, got: 'tensor<2xi32>'}}
"foo.op"() {a = array<tensor<2xi32>: 1>} : () -> ()

// -----

// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
"foo.op"() {a = array<i7: 1>} : () -> ()

// -----

// expected-error@+1 {{expected integer literal}}
"foo.op"() {a = array<i32: 1.5>} : () -> ()

// -----

// expected-error@+1 {{strides must not be zero}}
"foo.op"() {a = strided<[0]>} : () -> ()

// -----

// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#foo.alias = 1

// -----

// The empty symbol name is rejected (and upstream cannot print it either).
// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
"foo.op"() {a = @<<INVALID EMPTY SYMBOL>>} : () -> ()
