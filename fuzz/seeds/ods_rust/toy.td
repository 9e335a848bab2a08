// The Toy tutorial's dialect, the ops its chapter 3 optimises, declared in ODS. build.rs
// turns it into typed Rust ops (OUT_DIR/toy.rs); the ops are verified and read and printed
// in the custom forms below.


def Toy_Dialect : Dialect {
  let name = "toy";
  let cppNamespace = "::toy";
  let summary = "the Toy language's tensor operations";
}

def F64Tensor : Type<And<[CPred<"::llvm::isa<::mlir::TensorType>($_self)">,
                          CPred<"::llvm::cast<::mlir::ShapedType>($_self).getElementType().isF64()">]>,
                     "tensor of 64-bit float values", "::mlir::TensorType">;

def F64StaticTensor
    : Type<And<[F64Tensor.predicate,
                CPred<"::llvm::cast<::mlir::ShapedType>($_self).hasStaticShape()">]>,
           "statically shaped tensor of 64-bit float values", "::mlir::TensorType">;

def F64ElementsAttr
    : Attr<CPred<"::llvm::isa<::mlir::DenseElementsAttr>($_self)">,
           "64-bit float elements attribute"> {
  let storageType = "::mlir::DenseElementsAttr";
  let returnType = "::mlir::DenseElementsAttr";
}

class Toy_Op<string mnemonic, list<Trait> traits = []>
    : Op<Toy_Dialect, mnemonic, traits>;

def Toy_FuncOp : Toy_Op<"func", [IsolatedFromAbove, Symbol]> {
  let summary = "user defined function operation";
  let description = [{
    A function: its name, its type, and a body whose entry block takes the arguments. It has
    no custom form here and prints generically.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttrOf<FunctionType>:$function_type);
  let regions = (region AnyRegion:$body);
}

def Toy_ConstantOp : Toy_Op<"constant", [Pure, ConstantLike]> {
  let summary = "constant";
  let description = [{
    A tensor of 64-bit floats known at compile time:

      %0 = toy.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64> to tensor<2x2xf64>

    (The attribute carries its type, and so does the result.)
  }];
  let arguments = (ins F64ElementsAttr:$value);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$value attr-dict `to` type($result)";
}

def Toy_TransposeOp : Toy_Op<"transpose", [Pure]> {
  let summary = "transpose operation";
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "`(` $input `:` type($input) `)` attr-dict `to` type($result)";
}

def Toy_ReshapeOp : Toy_Op<"reshape", [Pure]> {
  let summary = "tensor reshape operation";
  let description = [{
    The same elements under another static shape.
  }];
  let arguments = (ins F64Tensor:$input);
  let results = (outs F64StaticTensor:$result);
  let assemblyFormat = "`(` $input `:` type($input) `)` attr-dict `to` type($result)";
}

class Toy_BinaryOp<string mnemonic> : Toy_Op<mnemonic, [Pure, SameOperandsAndResultType]> {
  let arguments = (ins F64Tensor:$lhs, F64Tensor:$rhs);
  let results = (outs F64Tensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

def Toy_AddOp : Toy_BinaryOp<"add"> { let summary = "element-wise addition"; }
def Toy_MulOp : Toy_BinaryOp<"mul"> { let summary = "element-wise multiplication"; }

def Toy_PrintOp : Toy_Op<"print"> {
  let summary = "print operation";
  let arguments = (ins F64Tensor:$input);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Toy_ReturnOp : Toy_Op<"return", [Pure, ReturnLike, Terminator]> {
  let summary = "return operation";
  let arguments = (ins Variadic<F64Tensor>:$input);
  let assemblyFormat = "attr-dict ($input^ `:` type($input))?";
}
