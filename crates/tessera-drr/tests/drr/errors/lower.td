// Rules mlir-tblgen 19 accepts but whose generated C++ would not compile: lowering reports
// them (reading has no mistake to report in this file, so lowering runs).
include "test_dialect.td"

// expected-error@+1 {{op 'test.b' is built without replacing a result of the matched op and ODS does not infer its result types: add a returnType directive}}
def : Pat<(EOp $x), (DOp (BOp), $x)>;

// expected-error@+1 {{cannot tell the result types of op 'test.pair' from the results it replaces: add a returnType directive}}
def : Pattern<(AOp $x, $a), [(PairOp:$p__1 $x, $x)]>;

// expected-error@+1 {{returnType of 'p' (not an operand or a one-result op of the source pattern) is not supported yet}}
def : Pattern<(EOp $x), [(PairOp:$p $x, $x, (returnType $x, $x)), (FOp (SameOp $x, (returnType $p)))]>;

// expected-error@+1 {{returnType "mystery()": cannot evaluate 'mystery()': the function 'mystery' is not understood}}
def : Pat<(EOp $x), (DOp (BOp (returnType "mystery()")), $x)>;
