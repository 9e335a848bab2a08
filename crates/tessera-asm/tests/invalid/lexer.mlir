// Characters and tokens the lexer rejects.

// expected-error@+1 {{unexpected character}}
"foo.op"() : () -> () `

// -----

// expected-error@+1 {{unexpected character}}
"foo.op"() {a = $} : () -> ()

// -----

// A bare name is taken as a custom-form op, which an unregistered dialect
// cannot parse.
// expected-error@+2 {{Dialect `foo' not found for custom op 'foo.op'}}
// expected-note@+1 {{Registered dialects:}}
foo.op() : () -> ()

// -----

// expected-error@+1 {{invalid SSA name}}
% = "foo.def"() : () -> i32

// -----

// expected-error@+1 {{invalid block name}}
"foo.op"()[^] : () -> ()

// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
"foo.op"() {a = @} : () -> ()

// -----

// expected-error@+1 {{unexpected character}}
"foo.op"() : () -> () /* C-style comments are not supported */

// -----

// An operation name may not hold a NUL character, escaped or not.
// expected-error@+1 {{null character not allowed in operation name}}
"foo.\00x"() : () -> ()
