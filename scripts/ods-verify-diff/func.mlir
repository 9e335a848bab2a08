// Invalid func ops in generic form: mlir-opt 19 and tessera-opt --load-dialect FuncOps.td
// must report the same errors (scripts/ods-verify-diff.sh).
// expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'func.return' op requires 0 successors but found 1}}
  "func.return"()[^bb1] : () -> ()
^bb1:
  "func.return"() : () -> ()
}) : () -> ()

// -----
// expected-error@+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "f"}> ({
}) : () -> ()

// -----
// expected-error@+1 {{'func.func' op requires attribute 'sym_name'}}
"func.func"() <{function_type = () -> ()}> ({
}) : () -> ()

// -----
// expected-error@+1 {{'func.func' op requires one region}}
"func.func"() <{function_type = () -> (), sym_name = "f"}> : () -> ()

// -----
// expected-error@+1 {{'func.call' op requires attribute 'callee'}}
"func.call"() : () -> ()

// -----
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  "func.return"() : () -> ()
  // expected-error@-1 {{'func.return' op must be the last operation in the parent block}}
  "test.op"() : () -> ()
}) : () -> ()

// -----
// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() ({
}) {function_type = i32, sym_name = "f"} : () -> ()

// -----
// expected-error@+1 {{'func.func' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
"func.func"() ({
}) {function_type = () -> (), sym_name = @f} : () -> ()

// -----
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  // expected-error@+1 {{'func.call' op attribute 'callee' failed to satisfy constraint: flat symbol reference attribute}}
  "func.call"() {callee = "g"} : () -> ()
  "func.return"() : () -> ()
}) : () -> ()

// -----
// expected-error@+1 {{'func.constant' op requires attribute 'value'}}
%0 = "func.constant"() : () -> (() -> ())

// -----
"func.func"() <{function_type = (i32) -> i32, sym_name = "f", sym_visibility = "private"}> ({
^bb0(%a: i32):
  %0 = "func.call"(%a) <{callee = @f}> : (i32) -> i32
  "func.return"(%0) : (i32) -> ()
}) : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "g", sym_visibility = "private"}> ({
}) : () -> ()

// -----
// Symbol tables hold distinct names.
// expected-note@+1 {{see existing symbol definition here}}
func.func @twice() { return }
// expected-error@+1 {{redefinition of symbol named 'twice'}}
func.func @twice() { return }
