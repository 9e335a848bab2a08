// Nested source ops without exactly one result, and `either` on variable-length operands,
// as mlir-tblgen 19 matches them (scripts/drr-diff.sh compares).
include "test_dialect.td"

// A nested op with several results: the operand may be any of them (one pattern each).
def EOfPair : Pat<(EOp (PairOp:$p $x, $y)), (DOp $p__1, $x)>;
def DOfThree : Pat<(DOp (ThreeResultOp $x), $y), (SameOp $y)>;

// A nested op without results defines no operand: the rule never matches.
def FOfSink : Pat<(FOp (SinkOp $x)), (EOp $x)>;

// `either` of two variable-length groups (unconstrained: the written order always matches).
def SwapVar : Pat<(EOp (TwoVarOp (either $a, $b))), (ConcatOp $b, ConstantAttr<I32Attr, "1">)>;

// `either` of a single operand and a variable-length group: the other order matches the
// single operand's matcher against the group's first value.
def MixedEither : Pat<(FOp (MixedVarOp (either (StrOp $a, $t), $b))), (ConcatOp $b, ConstantAttr<I32Attr, "2">)>;
def MixedTyped : Pat<(SinkOp (MixedVarOp (either I64:$a, $b))), (SinkOp $a)>;
