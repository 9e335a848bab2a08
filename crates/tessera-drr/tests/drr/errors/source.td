// Mistakes in source patterns and constraints, reported as mlir-tblgen 19 reports them
// (same words, at the rule's record). scripts/drr-diff.sh compares both tools.
include "test_dialect.td"

// expected-error@+1 {{op 'test.a' argument number mismatch: 1 in pattern vs. 2 in definition}}
def : Pat<(AOp $x), (COp $x, $x)>;

// expected-error@+1 {{symbol 'x' bound more than once}}
def : Pat<(AOp $x, $x), (BOp)>;

// expected-error@+1 {{referencing unbound symbol 'z'}}
def : Pat<(AOp $x, $a), (COp $x, $a), [(HasNoUseOf $z)]>;

// expected-error@+1 {{cannot use AttrConstraint in Pattern multi-entity constraints}}
def : Pat<(AOp $x, $a), (COp $x, $a), [(I32Attr $a)]>;

// expected-error@+1 {{variadic DAG construct can't match op test.e's non-variadic operand #0}}
def : Pat<(EOp (variadic $x)), (FOp $x)>;

// A correct rule between mistakes is read, and each mistake is reported.
def Fine : Pat<(EOp $x), (FOp $x)>;

// expected-error@+1 {{op 'test.d' argument number mismatch: 3 in pattern vs. 2 in definition}}
def : Pat<(DOp $x, $y, $z), (FOp $x)>;

// expected-error@+1 {{either can only be applied on operand}}
def : Pat<(AOp (either $x, $y)), (FOp $x)>;

// expected-error@+1 {{either can only be applied on operand}}
def : Pat<(ConcatOp (either $x, $y)), (FOp $x)>;

// expected-error@+1 {{further constrain op test.concat's variadic operand #0 unsupported now}}
def : Pat<(ConcatOp I32:$xs, $axis), (FOp $xs)>;

// expected-error@+1 {{NativeCodeCall must have $_self as argument for passing the defining Operation}}
def : Pat<(EOp (NativeCodeCall<"foo($0)"> $x)), (FOp $x)>;

// expected-error@+1 {{binding symbol 'n' to NativecodeCall in MatchPattern is not supported}}
def : Pat<(EOp (NativeCodeCall<"foo($_self, $0)">:$n $x)), (FOp $x)>;

// expected-error@+1 {{NativeCodeCall cannot have `either` operands}}
def : Pat<(EOp (NativeCodeCall<"foo($_self, $0)"> (either $x, $y))), (FOp $x)>;

// expected-error@+1 {{Matching nested tree in NativeCodecall not support for arg1_0 as arg 0}}
def : Pat<(EOp (NativeCodeCall<"foo($_self, $0)"> (BOp))), (FOp (BOp))>;

// expected-error@+1 {{use nested DAG construct to match op test.concat's variadic operand #0 unsupported now}}
def : Pat<(ConcatOp (NativeCodeCall<"foo($_self, $0)"> $x), $a), (FOp $x)>;

// expected-error@+1 {{encountered non-op, non-NativeCodeCall match.}}
def : Pat<(EOp (TwoVarOp (either (variadic $a), $b))), (FOp $b)>;

// expected-error@+1 {{unhandled case when matching op}}
def : Pat<(PropOp $x, $l), (EOp $x)>;
