// A dialect exercising every check runtime registration performs. Its predicates are written
// as upstream's ODS writes them; tests/register.rs registers a native for one of them.
include "ods_base.td"

// ----- native traits, as upstream's OpBase.td declares them -----
class ParamNativeOpTrait<string prop, string params>
    : NativeOpTrait<prop # "<" # params # ">::Impl">;
def Terminator : NativeOpTrait<"IsTerminator">;
def NoTerminator : NativeOpTrait<"NoTerminator">, StructuralOpTrait;
def SingleBlock : NativeOpTrait<"SingleBlock">, StructuralOpTrait;
def IsolatedFromAbove : NativeOpTrait<"IsIsolatedFromAbove">;
def NoRegionArguments : NativeOpTrait<"NoRegionArguments">, StructuralOpTrait;
def AttrSizedOperandSegments : NativeOpTrait<"AttrSizedOperandSegments">, StructuralOpTrait;
def AttrSizedResultSegments : NativeOpTrait<"AttrSizedResultSegments">, StructuralOpTrait;
def SameVariadicOperandSize : GenInternalOpTrait<"SameVariadicOperandSize">;
def SameOperandsAndResultType : NativeOpTrait<"SameOperandsAndResultType">;
def SameTypeOperands : NativeOpTrait<"SameTypeOperands">;
def SameOperandsShape : NativeOpTrait<"SameOperandsShape">;
def SameOperandsAndResultShape : NativeOpTrait<"SameOperandsAndResultShape">;
def SameOperandsElementType : NativeOpTrait<"SameOperandsElementType">;
def SameOperandsAndResultElementType : NativeOpTrait<"SameOperandsAndResultElementType">;
def Elementwise : NativeOpTrait<"Elementwise">;
def ResultsAreBoolLike : NativeOpTrait<"ResultsAreBoolLike">;
def OperandsAreFloatLike : NativeOpTrait<"OperandsAreFloatLike">;
def Commutative : NativeOpTrait<"IsCommutative">;
def AlwaysSpeculatableImplTrait : NativeOpTrait<"AlwaysSpeculatableImplTrait">;
def NoMemoryEffect : MemoryEffects<[]>;
def Pure : TraitList<[AlwaysSpeculatableImplTrait, NoMemoryEffect]>;
def NotKnownHere : NativeOpTrait<"SomethingNew">;
class HasParent<string op> : ParamNativeOpTrait<"HasParent", op>, StructuralOpTrait;
class ParentOneOf<list<string> ops>
    : ParamNativeOpTrait<"HasParent", !interleave(ops, ", ")>, StructuralOpTrait;
class SingleBlockImplicitTerminator<string op>
    : ParamNativeOpTrait<"SingleBlockImplicitTerminator", op>, StructuralOpTrait;
class RealAllTypesMatch<list<string> names>
    : PredOpTrait<"all of {" # !interleave(names, ", ") # "} have same type",
                  CPred<"$" # !head(names) # ".getType() == $" # !head(!tail(names)) # ".getType()">>;

// ----- constraints -----
def I32 : Type<CPred<"$_self.isSignlessInteger(32)">, "32-bit signless integer">;
def F32 : Type<CPred<"$_self.isF32()">, "32-bit float">;
def AnyType : Type<CPred<"true">, "any type">;
def Mystery : Type<CPred<"$_self.isMysterious()">, "mysterious type">;
// Evaluated as C++ is, left to right: a 32-bit float never reaches the mysterious leaf.
def F32OrMystery : Type<Or<[CPred<"$_self.isF32()">, CPred<"$_self.isMysterious()">]>,
                        "32-bit float or mysterious type">;
// Answered by a native the test registers (a 32-bit float is fancy).
def Fancy : Type<CPred<"$_self.isFancy()">, "fancy type">;
class RegAttr<Pred pred, string sum, code storage> : Attr<pred, sum> {
  let storageType = storage;
  let returnType = storage;
}
def I32Attr : RegAttr<CPred<"::llvm::isa<::mlir::IntegerAttr>($_self) && ::llvm::cast<::mlir::IntegerAttr>($_self).getType().isSignlessInteger(32)">,
                      "32-bit signless integer attribute", "::mlir::IntegerAttr">;
def StrAttr : RegAttr<CPred<"::llvm::isa<::mlir::StringAttr>($_self)">, "string attribute",
                      "::mlir::StringAttr">;
def DenseI32ArrayAttr : RegAttr<CPred<"::llvm::isa<::mlir::DenseI32ArrayAttr>($_self)">,
                                "i32 dense array attribute", "::mlir::DenseI32ArrayAttr">;
def AnyRegion : Region<CPred<"true">, "any region">;
def AnySuccessor : Successor<?, "any successor">;

def Reg_Dialect : Dialect {
  let name = "reg";
  let cppNamespace = "::reg";
}
class Reg_Op<string mnemonic, list<Trait> traits = []> : Op<Reg_Dialect, mnemonic, traits>;

// ----- counts -----
def Reg_FixedOp : Reg_Op<"fixed"> {
  let arguments = (ins I32:$a, F32:$b);
  let results = (outs I32:$r);
}
def Reg_NoneOp : Reg_Op<"none">;
def Reg_AtLeastOp : Reg_Op<"at_least"> {
  let arguments = (ins I32:$a, Variadic<I32>:$rest);
  let results = (outs I32:$r, Variadic<F32>:$more);
}
def Reg_OptionalOp : Reg_Op<"optional"> {
  let arguments = (ins Optional<I32>:$o, F32:$x);
}
def Reg_TwoRegionsOp : Reg_Op<"two_regions", [NoTerminator]> {
  let regions = (region AnyRegion:$first, AnyRegion:$second);
}
def Reg_ManyRegionsOp : Reg_Op<"many_regions", [NoTerminator]> {
  let regions = (region AnyRegion:$first, VariadicRegion<AnyRegion>:$rest);
}
def Reg_BrOp : Reg_Op<"br", [Terminator]> {
  let successors = (successor AnySuccessor:$dest);
}
def Reg_RetOp : Reg_Op<"ret", [Terminator]>;

// ----- segments -----
def Reg_SizedOp : Reg_Op<"sized", [AttrSizedOperandSegments]> {
  let arguments = (ins Variadic<I32>:$a, Variadic<F32>:$b);
}
def Reg_SizedResultsOp : Reg_Op<"sized_results", [AttrSizedResultSegments]> {
  let results = (outs Variadic<I32>:$a, Optional<F32>:$b);
}
def Reg_SameSizeOp : Reg_Op<"same_size", [SameVariadicOperandSize]> {
  let arguments = (ins Variadic<I32>:$a, Variadic<F32>:$b);
}
def Reg_GroupsOp : Reg_Op<"groups"> {
  let arguments = (ins VariadicOfVariadic<I32, "group_sizes">:$groups,
                       DenseI32ArrayAttr:$group_sizes);
}

// ----- attributes -----
def Reg_AttrsOp : Reg_Op<"attrs"> {
  let arguments = (ins I32Attr:$b, StrAttr:$a, OptionalAttr<I32Attr>:$c,
                       DefaultValuedAttr<I32Attr, "0">:$d);
}

// ----- regions and successors -----
def Reg_BodyOp : Reg_Op<"body", [NoTerminator]> {
  let regions = (region SizedRegion<1>:$body);
}

// ----- predicate and native traits -----
def Reg_MatchOp : Reg_Op<"match", [RealAllTypesMatch<["lhs", "rhs"]>]> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
}
def Reg_SameOp : Reg_Op<"same", [SameOperandsAndResultType]> {
  let arguments = (ins Variadic<AnyType>:$in);
  let results = (outs Variadic<AnyType>:$out);
}
def Reg_SameOperandsOp : Reg_Op<"same_operands", [SameTypeOperands]> {
  let arguments = (ins Variadic<AnyType>:$in);
}
def Reg_ShapeOp : Reg_Op<"shape", [SameOperandsShape, SameOperandsAndResultShape]> {
  let arguments = (ins Variadic<AnyType>:$in);
  let results = (outs Variadic<AnyType>:$out);
}
def Reg_ElementOp : Reg_Op<"element", [SameOperandsElementType,
                                      SameOperandsAndResultElementType]> {
  let arguments = (ins Variadic<AnyType>:$in);
  let results = (outs Variadic<AnyType>:$out);
}
def Reg_MapOp : Reg_Op<"map", [Elementwise, Pure, Commutative]> {
  let arguments = (ins Variadic<AnyType>:$in);
  let results = (outs Variadic<AnyType>:$out);
}
def Reg_BoolOp : Reg_Op<"bool", [ResultsAreBoolLike, OperandsAreFloatLike]> {
  let arguments = (ins Variadic<AnyType>:$in);
  let results = (outs Variadic<AnyType>:$out);
}
def Reg_ContainerOp : Reg_Op<"container", [SingleBlock,
                                          SingleBlockImplicitTerminator<"YieldOp">,
                                          NoRegionArguments]> {
  let regions = (region AnyRegion:$body);
}
def Reg_IsolatedOp : Reg_Op<"isolated", [IsolatedFromAbove, NoTerminator]> {
  let regions = (region AnyRegion:$body);
}
def Reg_YieldOp : Reg_Op<"yield", [Terminator, HasParent<"ContainerOp">]>;
def Reg_EitherOp : Reg_Op<"either", [ParentOneOf<["ContainerOp", "::mlir::ModuleOp"]>]>;
def Reg_NewTraitOp : Reg_Op<"new_trait", [NotKnownHere]>;

// ----- what cannot be evaluated, and Rust verifiers -----
def Reg_MysteryOp : Reg_Op<"mystery"> {
  let arguments = (ins Mystery:$m);
}
def Reg_MaybeOp : Reg_Op<"maybe"> {
  let arguments = (ins F32OrMystery:$m);
}
def Reg_FancyOp : Reg_Op<"fancy"> {
  let arguments = (ins Fancy:$f);
}
def Reg_CheckedOp : Reg_Op<"checked"> {
  let arguments = (ins I32:$a);
  let hasVerifier = 1;
}
def Reg_UncheckedOp : Reg_Op<"unchecked"> {
  let hasVerifier = 1;
}
