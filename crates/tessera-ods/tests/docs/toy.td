// A dialect exercising what ODS documentation shows: every kind of operand, result, region and
// successor, attribute wrappers, traits of each kind, interfaces with bases, effects, result
// type inference, doc groups, enums, attribute and type definitions.
include "ods_base.td"

def Toy_Dialect : Dialect {
  let name = "toy";
  let cppNamespace = "::mlir::toy";
  let summary = "A dialect for testing ODS documentation";
  let description = [{
    The toy dialect has ops of every shape.

      Indented text stays indented relative to the rest.
  }];
}

def I32 : Type<CPred<"$_self.isInteger(32)">, "32-bit signless integer"> {
  let builderCall = "$_builder.getIntegerType(32)";
}
def F32 : Type<CPred<"$_self.isF32()">, "32-bit float">;
def AnyType : Type<CPred<"true">, "any type">;
def IntOrFloat : Type<Or<[I32.predicate, F32.predicate]>, "integer or float">;
def I64Attr : Attr<CPred<"::llvm::isa<::mlir::IntegerAttr>($_self)">, "64-bit integer attribute"> {
  let storageType = [{ ::mlir::IntegerAttr }];
  let returnType = [{ uint64_t }];
}
def StrAttr : Attr<CPred<"::llvm::isa<::mlir::StringAttr>($_self)">, "string attribute"> {
  let storageType = "::mlir::StringAttr";
  let returnType = "::llvm::StringRef";
  let description = "A string.";
}
def Positive : AttrConstraint<CPred<"$_self.getInt() > 0">, "whose value is positive">;
def AnyRegion : Region<CPred<"true">, "any region">;
def AnySuccessor : Successor<?, "any successor">;

def Commutative : NativeOpTrait<"Commutative">;
def Terminator : NativeOpTrait<"IsTerminator">, StructuralOpTrait;
def SameOperandsAndResultType : NativeOpTrait<"SameOperandsAndResultType">;
def AttrSizedOperandSegments : NativeOpTrait<"AttrSizedOperandSegments">;
def SameVariadicResultSize : GenInternalOpTrait<"SameVariadicResultSize">;
def Shaped : OpInterface<"ShapedOpInterface">;
def Callable : OpInterface<"CallableOpInterface">;
def FunctionLike : OpInterface<"FunctionOpInterface", [Callable]>;
def Pure : TraitList<[MemoryEffects<[]>, Commutative]>;

def Toy_Mode : I32EnumAttr<"Mode", "rounding mode", [
  I32EnumAttrCase<"Nearest", 0, "nearest">,
  I32EnumAttrCase<"Up", 1>,
  I32EnumAttrCase<"Down", 10, "down">]>;
def Toy_Kind : I32EnumAttr<"Kind", "", [I32EnumAttrCase<"A", 0>]>;
def Toy_ModeAttr : EnumAttr<Toy_Dialect, Toy_Mode, "mode"> {
  let assemblyFormat = "`<` $value `>`";
}

def Toy_ShapeAttr : AttrDef<Toy_Dialect, "Shape"> {
  let mnemonic = "shape";
  let assemblyFormat = "`<` $rank `,` $dims `>`";
  let summary = "a shape";
  let parameters = (ins "int64_t":$rank,
                        AttrOrTypeParameter<"::llvm::ArrayRef<int64_t>", "the sizes">:$dims);
}
def Toy_UnitAttr : AttrDef<Toy_Dialect, "Unit"> {
  let mnemonic = "unit";
  let assemblyFormat = "";
}
def Toy_HiddenAttr : AttrDef<Toy_Dialect, "Hidden"> {
  let mnemonic = "hidden";
  let hasCustomAssemblyFormat = 1;
  let summary = "";
}
def Toy_BoxType : TypeDef<Toy_Dialect, "Box"> {
  let mnemonic = "box";
  let assemblyFormat = "`<` $element `>`";
  let summary = "a box";
  let description = [{
    A box holds one value.
  }];
  let parameters = (ins AttrOrTypeParameter<"::mlir::Type", "element type">:$element);
}
def Toy_AnyBox : DialectType<Toy_Dialect, CPred<"true">, "any box"> {
  let description = "Matches every box.";
}
def Toy_AnyToyAttr : DialectAttr<Toy_Dialect, CPred<"true">, "any toy attribute">;

class Toy_Op<string mnemonic, list<Trait> traits = []> : Op<Toy_Dialect, mnemonic, traits>;

def ArithGroup : OpDocGroup {
  let summary = "Arithmetic ops";
  let description = "Ops that compute.";
}

def Toy_AddOp : Toy_Op<"add", [Pure, SameOperandsAndResultType]> {
  let summary = "adds two values";
  let description = [{
      Adds `lhs` and `rhs`.

      ```mlir
      %0 = toy.add %a, %b : i32
      ```
  }];
  let arguments = (ins IntOrFloat:$lhs, IntOrFloat:$rhs);
  let results = (outs IntOrFloat:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict
        `:` type($result)
  }];
  let opDocGroup = ArithGroup;
}

def Toy_ConstOp : Toy_Op<"const", [MemoryEffects<[]>]> {
  let summary = "a constant";
  let arguments = (ins I64Attr:$value, OptionalAttr<StrAttr>:$name,
                   DefaultValuedAttr<I64Attr, "1">:$scale,
                   ConfinedAttr<I64Attr, [Positive]>:$count,
                   Toy_ModeAttr:$mode);
  let results = (outs I32:$out);
  let opDocGroup = ArithGroup;
}

def Toy_CallOp : Toy_Op<"call", [AttrSizedOperandSegments, SameVariadicResultSize,
    DeclareOpInterfaceMethods<Callable, ["getCallee"]>,
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "calls a function";
  let arguments = (ins Variadic<AnyType>:$args, Optional<I32>:$flag,
                   VariadicOfVariadic<AnyType, "group_sizes">:$groups,
                   AnyType, OpVariable<I32, "a described operand">:$tagged);
  let results = (outs Variadic<AnyType>:$outs, Variadic<F32>);
  let hasVerifier = 1;
}

def Toy_FuncOp : Toy_Op<"func", [FunctionLike, Shaped,
    PredOpTrait<"has a body", CPred<"!$_op->getRegion(0).empty()">>]> {
  let summary = "";
  let description = "A function.";
  let regions = (region AnyRegion:$body, SizedRegion<1>:$entry,
                 VariadicRegion<AnyRegion>:$rest);
  let hasCustomAssemblyFormat = 1;
}

def Toy_BranchOp : Toy_Op<"br", [Terminator]> {
  let summary = "branches";
  let successors = (successor AnySuccessor:$dest, VariadicSuccessor<AnySuccessor>:$others);
  let assemblyFormat = "$dest attr-dict";
}

def Toy_ShapeOfOp : Toy_Op<"shape_of", [AllTypesMatch<["input", "same"]>,
    TypesMatchWith<"width follows input", "input", "width", "getWidth($_self)">]> {
  let summary = "the shape of a value";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$same, AnyType:$width, I32:$count);
  DerivedAttr rank = DerivedAttr<"uint64_t", "return 0;">;
}

def Toy_NoInferOp : Toy_Op<"no_infer", [AllTypesMatch<["a", "b"]>]> {
  let summary = "results whose types nothing fixes";
  let arguments = (ins AnyType:$x);
  let results = (outs AnyType:$a, AnyType:$b);
  let builders = [OpBuilder<(ins)>];
  let skipDefaultBuilders = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def _Toy_underscoreOp : Toy_Op<"underscore"> {
  let cppNamespace = "::other";
}
