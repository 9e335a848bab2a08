// What func's own verifiers check (Rust counterparts of upstream's C++): returns against
// their function, entry blocks against the signature, calls and function constants against
// the functions they name (calls only once everything else verified, as upstream's symbol
// table check runs last).

func.func @f(%a: i32) -> i64 {
  // expected-error@+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f}}
  return %a : i32
}

// -----

func.func @g() -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@g) returns 1}}
  return
}

// -----

func.func @g(%a: i32) -> i64 {
  // The call's result type is wrong too, but symbol uses are checked only once the
  // rest verifies.
  %0 = call @f(%a) : (i32) -> i32
  // expected-error@+1 {{type of return operand 0 ('i32') doesn't match function result type ('i64') in function @g}}
  return %0 : i32
}
func.func private @f(i32) -> i64

// -----

func.func @h(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  call @h(%a, %a) : (i32, i32) -> ()
  return
}

// -----

func.func @k(%a: i64) {
  %b = "test.i32"() : () -> i32
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i64', but provided 'i32' for operand number 0}}
  call @k(%b) : (i32) -> ()
  return
}

// -----

func.func @m() -> i32 {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  %0:2 = call @m() : () -> (i32, i32)
  return %0#0 : i32
}

// -----

func.func @n() {
  call @nope() : () -> ()
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %f = constant @n : () -> i32
  return
}

// -----

func.func @n() {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'zz'}}
  %f = constant @zz : () -> ()
  return
}

// -----

func.func @n() {
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  call @nope() : () -> ()
  return
}

// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "e"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> (), sym_name = "e"}> ({
^bb0(%x: i64):
  "func.return"() : () -> ()
}) : () -> ()

// -----

// Symbols of one table have distinct names.
// expected-note@+1 {{see existing symbol definition here}}
func.func @twice() { return }
// expected-error@+1 {{redefinition of symbol named 'twice'}}
func.func @twice() { return }

// -----

// Unregistered dialects may be allowed, but not unknown ops of a registered one.
func.func @unknown() {
  // expected-error@+1 {{unregistered operation 'func.nope' found in dialect ('func') that does not allow unknown operations}}
  "func.nope"() : () -> ()
  return
}

// -----

// A function without a body only declares its symbol, which may not be public.
// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @external()

// -----

// expected-error@+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "bad"}}
"func.func"() <{function_type = () -> (), sym_name = "v", sym_visibility = "bad"}> ({
  "func.return"() : () -> ()
}) : () -> ()
