// Operands sharing a name, `variadic` on an op whose variable-length groups have equal sizes,
// `variadic` in result patterns, and result types built by name (scripts/drr-diff.sh
// compares with mlir-tblgen 19).
include "test_dialect.td"

// Operands sharing a name must be the same value.
def DOfSame : Pat<(DOp $a, $a), (EOp $a)>;

// Both groups of an op with SameVariadicOperandSize matched value by value; the result
// packs values into its groups with `variadic`.
def SwapPairs : Pat<(EOp (SameVarOp (variadic $a, $b), (variadic $c, $d))),
                    (SameVarOp (variadic $c, $d), (variadic $b, $a))>;

// A nested result op with variable-length operands whose result type is buildable (I32),
// and a type built by name.
def SinkOfStr : Pattern<(SinkOp (StrOp $x, $t)),
                        [(SinkOp (SameVarOp (variadic $x), (variadic $x))),
                         (SinkOp (BOp (returnType "$_builder.getI64Type()")))]>;

// Both groups of an op with SameVariadicOperandSize matched by symbols: the groups are found
// by splitting the operands evenly, as the op's verifier sizes them.
def SwapGroups : Pat<(FOp (SameVarOp $l, $r)), (SameVarOp $r, $l)>;
