// A small dialect for the DRR tests, written on Tessera's own ODS base so the tests need
// no LLVM installation. Upstream's `mlir/IR/OpBase.td` declares the same classes.
include "tessera/OpBase.td"
include "tessera/PatternBase.td"

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
