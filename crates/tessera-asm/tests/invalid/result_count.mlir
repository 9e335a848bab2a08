// Result groups that do not match the number of results of the op.

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%a:2 = "foo.def"() : () -> i32

// -----

// expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
%a = "foo.def"() : () -> (i32, i32)

// -----

// expected-error@+1 {{operation defines 3 results but was provided 2 to bind}}
%a, %b = "foo.def"() : () -> (i32, i32, i32)

// -----

// expected-error@+1 {{cannot name an operation with no results}}
%a = "foo.def"() : () -> ()

// -----

%a:2 = "foo.def"() : () -> (i32, i32)
// expected-error@+1 {{reference to invalid result number}}
"foo.use"(%a#2) : (i32) -> ()

// -----

%a = "foo.def"() : () -> i32
// expected-error@+1 {{reference to invalid result number}}
"foo.use"(%a#1) : (i32) -> ()

// -----

// expected-error@+1 {{expected named operation to have at least 1 result}}
%a:0 = "foo.def"() : () -> ()
