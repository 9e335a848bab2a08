// Type constraints written with the predicate vocabulary of MLIR's constraint library:
// widths and signedness, float kinds, shaped types with element-type lambdas built by
// Concat and SubstLeaves, ranks, negation, element-type-or-self.
include "ods_base.td"

def T_Dialect : Dialect { let name = "t"; let cppNamespace = "::t"; }

def SI32 : Type<CPred<"$_self.isSignedInteger(32)">, "32-bit signed integer"> {
  let builderCall = "$_builder.getIntegerType(32, /*isSigned=*/true)";
}
def AnyF : Type<CPred<"::llvm::isa<::mlir::FloatType>($_self)">, "any float">;
def BF16T : Type<CPred<"$_self.isBF16()">, "bfloat16"> {
  let builderCall = "$_builder.getType<::mlir::BFloat16Type>()";
}
def Idx : Type<CPred<"::llvm::isa<::mlir::IndexType>($_self)">, "index"> {
  let builderCall = "$_builder.getIndexType()";
}
def NotIndex : Type<Neg<Idx.predicate>, "not index">;

// The element type check of a shaped type, as a lambda applied to the element type.
class ElementIs<Pred p> : Concat<"[](::mlir::Type elementType) { return ",
    SubstLeaves<"$_self", "elementType", p>,
    "; }(::llvm::cast<::mlir::ShapedType>($_self).getElementType())">;
class ShapedOf<Type t> : Type<And<[
    CPred<"::llvm::isa<::mlir::ShapedType>($_self)">, ElementIs<t.predicate>]>,
  "shaped of " # t.summary>;
def ShapedOfFloat : ShapedOf<AnyF>;
def ShapedOfSI32OrIndex : ShapedOf<Type<Or<[SI32.predicate, Idx.predicate]>>>;

def Rank2Tensor : Type<And<[
    CPred<"::llvm::isa<::mlir::RankedTensorType>($_self)">,
    CPred<"::llvm::cast<::mlir::ShapedType>($_self).getRank() == 2">]>, "rank-2 tensor">;
def StaticMemRef : Type<And<[
    CPred<"::llvm::isa<::mlir::MemRefType>($_self)">,
    CPred<"::llvm::cast<::mlir::ShapedType>($_self).hasStaticShape()">]>, "static memref">;
def FixedVector : Type<And<[
    CPred<"::llvm::isa<::mlir::VectorType>($_self)">,
    Neg<CPred<"::llvm::cast<::mlir::VectorType>($_self).isScalable()">>,
    CPred<"::llvm::cast<::mlir::VectorType>($_self).getNumElements() <= 8">]>,
  "fixed vector of at most 8 elements">;
def ComplexF64 : Type<And<[
    CPred<"::llvm::isa<::mlir::ComplexType>($_self)">,
    SubstLeaves<"$_self", "::llvm::cast<::mlir::ComplexType>($_self).getElementType()",
                CPred<"$_self.isF64()">>]>, "complex of f64">;
def IntLike : Type<SubstLeaves<"$_self", "::mlir::getElementTypeOrSelf($_self)",
                               CPred<"$_self.isSignlessIntOrIndex()">>, "integer-like">;
def TupleOf2 : Type<And<[CPred<"::llvm::isa<::mlir::TupleType>($_self)">,
                         CPred<"::llvm::cast<::mlir::TupleType>($_self).size() == 2">]>, "pair">;
def Fn1To1 : Type<And<[CPred<"::llvm::isa<::mlir::FunctionType>($_self)">,
    CPred<"::llvm::cast<::mlir::FunctionType>($_self).getNumInputs() == 1">,
    CPred<"::llvm::cast<::mlir::FunctionType>($_self).getNumResults() == 1">]>, "unary function">;
def Dim0Is2Or4 : Type<CPred<"::llvm::is_contained(ArrayRef<int64_t>({2, 4}), ::llvm::cast<::mlir::ShapedType>($_self).getDimSize(0))">, "2 or 4 rows">;
def TrailingScalable : Type<And<[
    CPred<"::llvm::cast<::mlir::VectorType>($_self).getScalableDims().back()">,
    CPred<"!llvm::is_contained(::llvm::cast<::mlir::VectorType>($_self).getScalableDims().drop_back(), true)">]>,
  "only the trailing dimension scalable">;
def OpaqueDT : Type<CPred<"isOpaqueTypeWithName($_self, \"d\", \"t\")">, "!d.t">;
def TupleOfI32 : Type<CPred<"::llvm::all_of(::llvm::cast<::mlir::TupleType>($_self).getTypes(), [](::mlir::Type t) { return t && t.isSignlessInteger(32); })">, "tuple of i32">;
def NestedOfI32 : Type<CPred<"::llvm::all_of(getFlattenedTypes(::llvm::cast<::mlir::TupleType>($_self)), [](::mlir::Type t) { return t && t.isSignlessInteger(32); })">, "nested tuple of i32">;
def Foreign : Type<CPred<"::llvm::isa<::mlir::MemRefElementTypeInterface>($_self)">, "memref element">;
def Mystery : Type<CPred<"::t::isMystery($_self)">, "mystery">;

def T_UseAll : Op<T_Dialect, "use_all"> {
  let arguments = (ins SI32:$a, ShapedOfFloat:$b, Rank2Tensor:$c, IntLike:$d, Mystery:$e,
                       NotIndex:$f, ComplexF64:$g);
}

// CHECK: SI32 si32 => true
// CHECK: SI32 i32 => false
// CHECK: SI32 ui32 => false
// CHECK: NotIndex index => false
// CHECK: NotIndex i64 => true
// CHECK: ShapedOfFloat tensor<2xf16> => true
// CHECK: ShapedOfFloat memref<*xbf16> => true
// CHECK: ShapedOfFloat vector<2x[2]xf8E5M2> => true
// CHECK: ShapedOfFloat tensor<2xi16> => false
// CHECK: ShapedOfFloat f16 => false
// CHECK: ShapedOfSI32OrIndex tensor<?xindex> => true
// CHECK: ShapedOfSI32OrIndex vector<3xsi32> => true
// CHECK: ShapedOfSI32OrIndex vector<3xi32> => false
// CHECK: Rank2Tensor tensor<2x?xi1> => true
// CHECK: Rank2Tensor tensor<2xi1> => false
// CHECK: Rank2Tensor tensor<*xi1> => false
// CHECK: Rank2Tensor memref<2x2xi1> => false
// CHECK: StaticMemRef memref<2x3xf32> => true
// CHECK: StaticMemRef memref<2x?xf32> => false
// CHECK: StaticMemRef tensor<2xf32> => false
// CHECK: FixedVector vector<2x4xf32> => true
// CHECK: FixedVector vector<3x3xf32> => false
// CHECK: FixedVector vector<[2]xf32> => false
// CHECK: ComplexF64 complex<f64> => true
// CHECK: ComplexF64 complex<f32> => false
// CHECK: ComplexF64 f64 => false
// CHECK: IntLike i8 => true
// CHECK: IntLike tensor<4xindex> => true
// CHECK: IntLike tensor<4xsi8> => false
// CHECK: IntLike f32 => false
// CHECK: TupleOf2 tuple<i1, i2> => true
// CHECK: TupleOf2 tuple<i1> => false
// CHECK: Fn1To1 (i1) -> i2 => true
// CHECK: Fn1To1 (i1, i1) -> i2 => false
// CHECK: Dim0Is2Or4 tensor<4x3xf32> => true
// CHECK: Dim0Is2Or4 tensor<3x4xf32> => false
// CHECK: TrailingScalable vector<2x[4]xf32> => true
// CHECK: TrailingScalable vector<[2]x[4]xf32> => false
// CHECK: TrailingScalable vector<2x4xf32> => false
// CHECK: OpaqueDT !d.t => true
// CHECK: OpaqueDT !d.u => false
// CHECK: TupleOfI32 tuple<i32, i32> => true
// CHECK: TupleOfI32 tuple<i32, tuple<i32>> => false
// CHECK: NestedOfI32 tuple<i32, tuple<i32, tuple<>>> => true
// CHECK: NestedOfI32 tuple<i32, tuple<f32>> => false
// CHECK: Foreign i32 => false
// CHECK: Foreign !unknown.thing => error: unknown
// CHECK: Mystery i32 => error: 't::isMystery' is not understood
// BUILD: SI32 => si32
// BUILD: BF16T => bf16
// BUILD: Idx => index
// UNEVALUABLE: (::t::isMystery($_self))
