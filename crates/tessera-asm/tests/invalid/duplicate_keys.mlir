// Duplicate names in attribute dictionaries and properties.

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"foo.op"() {a = 1, a = 2} : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"foo.op"() <{a = 1, a = 2}> : () -> ()

// -----

// expected-error@+1 {{duplicate key 'b' in dictionary attribute}}
"foo.op"() {a = {b = 1, b = 2}} : () -> ()

// -----

// Quoted and bare spellings of the same name collide.
// expected-error@+1 {{duplicate key 'x' in dictionary attribute}}
"foo.op"() {x, "x" = 1} : () -> ()

// -----

// expected-error@+1 {{duplicate key 'k' in dictionary attribute}}
"foo.op"() {outer = [{k = 1, k}]} : () -> ()
