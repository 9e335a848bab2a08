// Constraints on arguments and over bound symbols: each is checked by a native that
// evaluates its ODS predicate.
include "test_dialect.td"

// A type constraint on an operand: only i32 operands.
def EOfI32 : Pat<(EOp I32:$x), (FOp $x)>;

// An attribute constraint beyond the op's own (AnyAttr): only i32 integer attributes.
def AOfI32Attr : Pat<(AOp $x, I32Attr:$a), (COp $x, $a)>;

// An unnamed constrained operand: only f32.
def SameOfF32 : Pat<(SameOp F32), (BOp)>;

// Additional constraints: one over two symbols, one on a result (the matched op's, unused).
def SameTypes : Constraint<CPred<"$0.getType() == $1.getType()">, "same types">;
// The pair is built as an auxiliary op (so its types come from returnType), and its first
// result replaces the d.
def DOfSameTypes : Pattern<(DOp:$d $l, $r),
                           [(PairOp:$p $l, $r, (returnType $l, $r)), (replaceWithValue $p__0)],
                           [(SameTypes $l, $r), (HasNoUseOf:$d__0)]>;
