// Operations for the `.td` include tests, on Tessera's own ODS library. mlir-pdll 19 reads the
// same file with `-I crates/tessera-ods/td`, so both tools import the same records.

include "tessera/OpBase.td"
include "tessera/InferTypeOpInterface.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
}

// Constraints defined here become native PDLL constraints.
def Test_SmallInt : Type<Or<[I16.predicate, I32.predicate]>, "16- or 32-bit integer",
                         "::mlir::IntegerType">;
def Test_NonEmptyStr : Attr<And<[StrAttr.predicate,
                                 CPred<"!::llvm::cast<::mlir::StringAttr>($_self).empty()">]>,
                            "non-empty string"> {
  let storageType = "::mlir::StringAttr";
  let returnType = "::mlir::StringAttr";
}

class Test_Op<string mnemonic, list<Trait> traits = []>
    : Op<Test_Dialect, mnemonic, traits>;

def Test_EmptyOp : Test_Op<"empty"> {
  let summary = "no operands, attributes or results";
}

def Test_SingleOp : Test_Op<"single"> {
  let arguments = (ins Test_SmallInt:$input, I32Attr:$count,
                       OptionalAttr<Test_NonEmptyStr>:$label);
  let results = (outs I32:$output);
}

def Test_OptionalOp : Test_Op<"optional"> {
  let arguments = (ins Optional<I64>:$maybe);
  let results = (outs Optional<I64>:$result);
}

def Test_VariadicOp : Test_Op<"variadic"> {
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
}

def Test_TwoGroupsOp
    : Test_Op<"two_groups", [AttrSizedOperandSegments, AttrSizedResultSegments]> {
  let arguments = (ins Variadic<I32>:$lhs, Variadic<I32>:$rhs);
  let results = (outs Variadic<I32>:$low, Variadic<I32>:$high);
}

def Test_PairOp : Test_Op<"pair"> {
  let results = (outs AnyType:$first, AnyType:$second);
}

def Test_InferredOp : Test_Op<"inferred", [InferTypeOpInterface]> {
  let arguments = (ins I32:$input);
  let results = (outs I32:$output);
}
