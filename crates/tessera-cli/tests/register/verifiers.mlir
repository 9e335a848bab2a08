// A Rust verifier runs after everything ODS states holds.
%f = "test.f32"() : () -> f32
// expected-error@+1 {{'reg.checked' op operand #0 must be 32-bit signless integer, but got 'f32'}}
"reg.checked"(%f) : (f32) -> ()

// -----
%i = "test.i32"() : () -> i32
// expected-error@+1 {{'reg.checked' op the Rust verifier ran}}
"reg.checked"(%i) : (i32) -> ()

// -----
// Without a Rust verifier, what ODS states is all that is verified.
"reg.unchecked"() : () -> ()
