// A dialect and DRR rules over it, in one file: `tessera-opt --patterns=rules.td input.mlir`.
include "tessera/OpBase.td"
include "tessera/PatternBase.td"

def Toy_Dialect : Dialect { let name = "toy"; }
class Toy_Op<string mnemonic, list<Trait> traits = []> : Op<Toy_Dialect, mnemonic, traits>;

def TransposeOp : Toy_Op<"transpose", [Pure]> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
}
def ReshapeOp : Toy_Op<"reshape", [Pure]> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
}
def ScaleOp : Toy_Op<"scale"> {
  let arguments = (ins AnyType:$input, I32Attr:$factor);
  let results = (outs AnyType:$output);
}

// transpose(transpose(x)) is x.
def TransposeTwice : Pat<(TransposeOp (TransposeOp $x)), (replaceWithValue $x)>;
// reshape(reshape(x)) is one reshape, with the outer one's result type.
def ReshapeTwice : Pat<(ReshapeOp (ReshapeOp $x)), (ReshapeOp $x)>;
// A scale by 1 of an i32 value does nothing: the constant and the type are checked.
def ScaleByOne : Pat<(ScaleOp I32:$x, ConstantAttr<I32Attr, "1">), (replaceWithValue $x)>;
