// NativeCodeCall in source patterns (a native constraint on the op defining an operand,
// `$_self`, whose outputs `$0`, `$1`, ... are bound and checked), and the values of result
// NativeCodeCalls bound to symbols (`$res`, `$res__N`). tests/natives.rs applies these rules
// with natives registered in Rust under the names the rules call.
include "test_dialect.td"

// The spec's example: the native finds an attribute on the defining op and gives it as `$0`;
// `I32Attr` checks it.
def ConstValue : NativeCodeCall<"const_value($_self, $0)">;
def EOfConst : Pat<(EOp (ConstValue I32Attr:$val)), (TwoAttrOp $val, $val)>;

// Two outputs, a value and an attribute (an output without an attribute constraint is a
// value, as upstream reads it); `$_` ignores an output.
def OperandAndTag : NativeCodeCall<"operand_and_tag($_self, $0, $1)">;
def EOfTagged : Pat<(FOp (OperandAndTag $in, StrAttr:$tag)), (StrOp $in, $tag)>;
def SinkOfTagged : Pat<(SinkOp (OperandAndTag $_, AnyAttr:$tag)), (SinkOp (BOp (returnType "$_builder.getIntegerType(64)")))>;

// A native giving two values, bound as `$res`: the node is `$res__0`, `$res__1` the other.
def Twice : NativeCodeCall<"[$0, $0]", 2>;
def PairToSame : Pattern<(PairOp $a, $b), [(SameOp (Twice:$res__0 $b)), (SameOp $res__1)]>;

// A bound native value used twice.
def Pick : NativeCodeCall<"$0">;
def DOfPick : Pattern<(DOp $x, $y), [(Pick:$p $y), (SameOp $p)]>;
