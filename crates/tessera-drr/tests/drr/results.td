// Multi-result ops, `__N`, auxiliary result patterns, erasing, variadic operands.
include "test_dialect.td"

// One op replacing both results of another, and a result pattern per result.
def TwoToPair : Pat<(TwoResultOp $x), (PairOp $x, $x)>;
def ThreeToEach : Pattern<(ThreeResultOp $x), [(EOp $x), (FOp $x), (SameOp $x)]>;

// Values in swapped order replace a two-result op.
def SwapPair : Pattern<(PairOp $l, $r), [(replaceWithValue $r), (replaceWithValue $l)]>;

// An auxiliary op first (its value unused by the replacement), then the replacement.
def AuxThenValue : Pattern<(COp $x, $a), [(SinkOp $x), (replaceWithValue $x)]>;

// A zero-result op is erased after its (auxiliary) result patterns are built.
def SinkOfB : Pattern<(SinkOp (BOp)), []>;

// A variadic operand: any number of values, with a constant attribute on both sides.
def ConcatAxis0 : Pat<(ConcatOp $xs, ConstantAttr<I32Attr, "0">),
                      (ConcatOp $xs, ConstantAttr<I32Attr, "1">)>;
// Exactly two values, bound one by one and as the whole group.
def ConcatTwo : Pat<(ConcatOp (variadic:$ins $a, $b), ConstantAttr<I32Attr, "2">),
                    (ConcatOp $ins, ConstantAttr<I32Attr, "3">)>;

// A root result by `__N` in an additional constraint: only a pair whose second result is
// unused becomes two e ops.
def PairUnusedSecond : Pattern<(PairOp:$p (BOp:$l), $r), [(EOp $l), (EOp $r)],
                               [(HasNoUseOf:$p__1)], [], (addBenefit 10)>;
