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
