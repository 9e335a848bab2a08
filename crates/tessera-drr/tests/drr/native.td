// NativeCodeCall in result patterns: a native rewrite called by name (the def's name, or the
// expression of an inline call), which a program registers in Rust
// (tests/natives.rs applies these rules with such natives).
include "test_dialect.td"

// The spec's example: two attributes grouped into an array attribute.
def createArrayAttr : NativeCodeCall<"createArrayAttr($_builder, $0, $1)">;
def GroupAttrs : Pat<(TwoAttrOp $attr1, $attr2), (OneAttrOp (createArrayAttr $attr1, $attr2))>;

// A native giving the replacement value, and an inline one with no result building an
// auxiliary effect first.
def FirstOperand : NativeCodeCall<"$0.getDefiningOp()->getOperand(0)">;
def EOfFToX : Pattern<(EOp (FOp:$f $x)),
                      [(NativeCodeCallVoid<"notify($0)"> $f), (FirstOperand $f)]>;

// Supplemental patterns: native calls after the result patterns, before the replacement;
// a result op without results is passed as the op, others by their values.
def GetOwner : NativeCodeCall<"$0.getOwner()">;
def CopyAttrFoo : NativeCodeCallVoid<"copyFoo($0, $1)">;
def WithSupplemental : Pattern<(SameOp:$src $x), [(SinkOp:$dest1 $x), (FOp:$dest2 $x)], [],
                               [(CopyAttrFoo $src, $dest1), (CopyAttrFoo (GetOwner $src), $dest2)]>;

// A NativeCodeCall giving a built op's type.
def TypeOf : NativeCodeCall<"$0.getType()">;
def SinkOfTyped : Pattern<(SinkOp (StrOp $x, $tag)), [(SinkOp (BOp (returnType (TypeOf $x))))]>;
