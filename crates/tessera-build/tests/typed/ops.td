// A dialect exercising what typed ops are generated for: operand and result groups of every
// arity (split equally or by a sizes attribute), typed attributes with and without defaults,
// an enum, regions, successors, names that are Rust keywords, and result type inference.

include "tessera/OpBase.td"
include "tessera/InferTypeOpInterface.td"

def Gen_Dialect : Dialect {
  let name = "gen";
  let cppNamespace = "::gen";
}

class Gen_Op<string mnemonic, list<Trait> traits = []> : Op<Gen_Dialect, mnemonic, traits>;

def Gen_Kind : I32EnumAttr<"Kind", "how a value is rounded", [
  I32EnumAttrCase<"nearest", 0>,
  I32EnumAttrCase<"toward_zero", 1, "zero">,
  I32EnumAttrCase<"UP", 2, "up">
]> {
  let cppNamespace = "::gen";
}

// Not in Tessera's OpBase.td: a bit enum base, shaped as upstream's.
class BitEnumAttrBase<string name, string sum, list<EnumAttrCaseInfo> cases>
    : EnumAttrInfo<name, cases, sum> {
  let underlyingType = "uint32_t";
}

def Gen_Access : BitEnumAttrBase<"Access", "what may be done", [
  EnumAttrCaseInfo<"none", 0, "none">,
  EnumAttrCaseInfo<"read", 1, "read">,
  EnumAttrCaseInfo<"write", 2, "write">,
  EnumAttrCaseInfo<"readWrite", 3, "read_write">
]> {
  let cppNamespace = "::gen";
}

def Gen_OpenOp : Gen_Op<"open"> {
  let summary = "a bit enum and a property";
  let arguments = (ins DefaultValuedAttr<Gen_Access, "::gen::Access::read">:$access,
                       Property<"int64_t", "a limit">:$limit);
}

def Gen_PackOp : Gen_Op<"pack", [AttrSizedOperandSegments]> {
  let summary = "operands of every arity";
  let description = [{
    Groups split by `operandSegmentSizes`:

        %0 = "gen.pack"(%a, %b, %c) <{operandSegmentSizes = array<i32: 1, 1, 1>}>
  }];
  let arguments = (ins I32:$first, Optional<I32>:$maybe, Variadic<AnyType>:$rest,
                       I32Attr:$count, DefaultValuedAttr<I32Attr, "7">:$seven,
                       OptionalAttr<StrAttr>:$label, UnitAttr:$flag,
                       DefaultValuedAttr<Gen_Kind, "::gen::Kind::toward_zero">:$kind,
                       TypeAttr:$type);
  let results = (outs Variadic<I32>:$outs, I32:$last);
}

def Gen_SplitOp : Gen_Op<"split", [SameVariadicOperandSize]> {
  let summary = "two variadic groups of equal size";
  let arguments = (ins Variadic<I32>:$lhs, Variadic<I32>:$rhs);
  let results = (outs I32:$sum);
}

def Gen_BranchOp : Gen_Op<"branch", [Terminator]> {
  let summary = "successors";
  let arguments = (ins Variadic<I32>:$args);
  let successors = (successor AnySuccessor:$dest, VariadicSuccessor<AnySuccessor>:$others);
}

def Gen_ScopeOp : Gen_Op<"scope"> {
  let summary = "regions";
  let regions = (region AnyRegion:$body, VariadicRegion<AnyRegion>:$handlers);
}

def Gen_AddOp : Gen_Op<"add", [Pure, SameOperandsAndResultType, InferTypeOpInterface]> {
  let summary = "an op whose result type ODS infers";
  let arguments = (ins I32:$lhs, I32:$rhs);
  let results = (outs I32:$result);
}

def Gen_SwapOp : Gen_Op<"swap"> {
  let summary = "an op whose result type nothing infers";
  let arguments = (ins AnyType:$first, AnyType:$second);
  let results = (outs AnyType:$result);
}

def Gen_CmpOp : Gen_Op<"cmp", [Pure, SameTypeOperands,
    TypesMatchWith<"the result is i1 of the operands' shape", "lhs", "result",
                   "::getI1SameShape($_self)">]> {
  let summary = "an op whose result type ODS makes from its operand's";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def Gen_StaticTensor : Type<And<[CPred<"::llvm::isa<::mlir::RankedTensorType>($_self)">,
                                 CPred<"::llvm::cast<::mlir::ShapedType>($_self).hasStaticShape()">]>,
                            "statically shaped tensor">;

def Gen_ElementsOp : Gen_Op<"elements", [Pure,
    TypesMatchWith<"one operand per element of the result", "result", "elements",
                   "SmallVector<Type>(::llvm::cast<RankedTensorType>($_self).getNumElements(), ::llvm::cast<RankedTensorType>($_self).getElementType())">]> {
  let summary = "an op whose format makes its operands' types from its result's";
  let arguments = (ins Variadic<AnyType>:$elements);
  let results = (outs Gen_StaticTensor:$result);
  let assemblyFormat = "$elements attr-dict `:` type($result)";
}
