// A small dialect for the DRR tests, written on Tessera's own ODS base so the tests need
// no LLVM installation. With `-DUPSTREAM` it is read on MLIR's own base instead, which
// declares the same classes: mlir-tblgen 19 checks the same rules (scripts/drr-diff.sh).
#ifdef UPSTREAM
include "mlir/IR/OpBase.td"
include "mlir/IR/PatternBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
#else
include "tessera/OpBase.td"
include "tessera/PatternBase.td"
include "tessera/InferTypeOpInterface.td"
#endif

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}
class Test_Op<string mnemonic, list<Trait> traits = []> : Op<Test_Dialect, mnemonic, traits>;

def AOp : Test_Op<"a"> {
  let arguments = (ins AnyType:$input, AnyAttr:$attr);
  let results = (outs AnyType:$output);
}
def BOp : Test_Op<"b"> {
  let arguments = (ins);
  let results = (outs AnyType:$output);
}
def COp : Test_Op<"c"> {
  let arguments = (ins AnyType:$input, AnyAttr:$attr);
  let results = (outs AnyType:$output);
}
def DOp : Test_Op<"d"> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$output);
}
def TwoResultOp : Test_Op<"two_result"> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$first, AnyType:$second);
}
def ThreeResultOp : Test_Op<"three_result"> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$r0, AnyType:$r1, AnyType:$r2);
}
def ConcatOp : Test_Op<"concat"> {
  let arguments = (ins Variadic<AnyType>:$inputs, I32Attr:$axis);
  let results = (outs AnyType:$output);
}
def StrOp : Test_Op<"str"> {
  let arguments = (ins AnyType:$input, StrAttr:$tag);
  let results = (outs AnyType:$output);
}
def SinkOp : Test_Op<"sink"> {
  let arguments = (ins AnyType:$input);
}
def EOp : Test_Op<"e"> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
}
def FOp : Test_Op<"f"> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
}
def SameOp : Test_Op<"same", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
}
def ConstOp : Test_Op<"const"> {
  let arguments = (ins I32Attr:$value);
  let results = (outs I32:$output);
}
def PairOp : Test_Op<"pair"> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$first, AnyType:$second);
}
def TwoAttrOp : Test_Op<"two_attr"> {
  let arguments = (ins AnyAttr:$op_attr1, AnyAttr:$op_attr2);
  let results = (outs AnyType:$op_output);
}
def OneAttrOp : Test_Op<"one_attr"> {
  let arguments = (ins ArrayAttr:$op_attr);
  let results = (outs AnyType:$op_output);
}
def OptOp : Test_Op<"opt"> {
  let arguments = (ins AnyType:$input, OptionalAttr<I32Attr>:$maybe);
  let results = (outs AnyType:$output);
}
def OptOutOp : Test_Op<"opt_out"> {
  let arguments = (ins AnyType:$input, OptionalAttr<I32Attr>:$maybe);
  let results = (outs AnyType:$output);
}
def DefOp : Test_Op<"def"> {
  let arguments = (ins AnyType:$input, DefaultValuedAttr<I32Attr, "7">:$level);
  let results = (outs AnyType:$output);
}
def TwoVarOp : Test_Op<"two_var", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<AnyType>:$lhs, Variadic<AnyType>:$rhs);
  let results = (outs AnyType:$output);
}
def MixedVarOp : Test_Op<"mixed_var"> {
  let arguments = (ins AnyType:$first, Variadic<AnyType>:$rest);
  let results = (outs AnyType:$output);
}
// An op with a property argument (upstream's IntProperty, which Tessera's library lacks).
#ifdef UPSTREAM
def PropOp : Test_Op<"prop"> {
  let arguments = (ins AnyType:$input, IntProperty<"int64_t">:$level);
  let results = (outs AnyType:$output);
}
#else
def PropOp : Test_Op<"prop"> {
  let arguments = (ins AnyType:$input, Property<"int64_t">:$level);
  let results = (outs AnyType:$output);
}
#endif
def SameVarOp : Test_Op<"same_var", [SameVariadicOperandSize]> {
  let arguments = (ins Variadic<AnyType>:$lhs, Variadic<AnyType>:$rhs);
  let results = (outs I32:$output);
}
def UnitOp : Test_Op<"unit"> {
  let arguments = (ins AnyType:$input, UnitAttr:$flag);
  let results = (outs AnyType:$output);
}
def TwoUnitOp : Test_Op<"two_unit"> {
  let arguments = (ins AnyType:$input, UnitAttr:$first, UnitAttr:$second);
  let results = (outs AnyType:$output);
}
