// Attribute constraints: kinds, integer and float types and values, strings, arrays with
// element lambdas, dense elements and dense arrays, confined attributes, optional ones.
include "ods_base.td"

// The test base's DefaultValuedAttr drops the constant builder; upstream's keeps it.
class Defaulted<Attr a, string value> : DefaultValuedAttr<a, value> {
  let constBuilderCall = a.constBuilderCall;
}

def A_Dialect : Dialect { let name = "a"; let cppNamespace = "::a"; }

class IntOfWidth<int w> : Attr<And<[
    CPred<"::llvm::isa<::mlir::IntegerAttr>($_self)">,
    CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getType().isSignlessInteger(" # w # ")">]>,
  w # "-bit signless integer attribute"> {
  let storageType = "::mlir::IntegerAttr";
  let constBuilderCall = "$_builder.getIntegerAttr($_builder.getIntegerType(" # w # "), $0)";
}
def I16Attr : IntOfWidth<16>;
def I64Attr : IntOfWidth<64>;
def NonNeg : AttrConstraint<CPred<"!::llvm::cast<::mlir::IntegerAttr>($_self).getValue().isNegative()">, "non-negative">;
class AtLeast<int n> : AttrConstraint<CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getInt() >= " # n>, "at least " # n>;
def SmallCount : ConfinedAttr<I64Attr, [NonNeg, AtLeast<2>]>;
def F32Attr : Attr<And<[CPred<"::llvm::isa<::mlir::FloatAttr>($_self)">,
    CPred<"::llvm::cast<::mlir::FloatAttr>($_self).getType().isF32()">]>, "f32 attribute"> {
  let constBuilderCall = "$_builder.getFloatAttr($_builder.getF32Type(), $0)";
}
def StrAttr : Attr<CPred<"::llvm::isa<::mlir::StringAttr>($_self)">, "string"> {
  let constBuilderCall = "$_builder.getStringAttr($0)";
}
def UnitFlag : Attr<CPred<"::llvm::isa<::mlir::UnitAttr>($_self)">, "unit"> {
  let constBuilderCall = "(($0) ? $_builder.getUnitAttr() : nullptr)";
}
def BoolA : Attr<CPred<"::llvm::isa<::mlir::BoolAttr>($_self)">, "bool"> {
  let constBuilderCall = "$_builder.getBoolAttr($0)";
}
class ArrayOf<Attr e> : Attr<And<[CPred<"::llvm::isa<::mlir::ArrayAttr>($_self)">,
    Concat<"::llvm::all_of(::llvm::cast<::mlir::ArrayAttr>($_self), [&](::mlir::Attribute attr) { return attr && (",
           SubstLeaves<"$_self", "attr", e.predicate>, "); })">]>, "array of " # e.summary>;
def I64Array : ArrayOf<I64Attr> {
  let constBuilderCall = "$_builder.getI64ArrayAttr($0)";
}
def DenseI32Elements : Attr<And<[CPred<"::llvm::isa<::mlir::DenseIntElementsAttr>($_self)">,
    CPred<"::llvm::cast<::mlir::DenseIntElementsAttr>($_self).getType().getElementType().isSignlessInteger(32)">]>,
  "dense i32 elements"> {
  let storageType = "::mlir::DenseIntElementsAttr";
  let returnType = "::mlir::DenseIntElementsAttr";
}
def DenseI64Array : Attr<CPred<"::llvm::isa<::mlir::DenseI64ArrayAttr>($_self)">, "i64 array"> {
  let constBuilderCall = "$_builder.getDenseI64ArrayAttr($0)";
}
def Absent : AttrConstraint<CPred<"!$_self">, "absent">;
def NamesTwo : Attr<And<[CPred<"::llvm::isa<::mlir::ArrayAttr>($_self)">,
    CPred<"::llvm::cast<::mlir::ArrayAttr>($_self).size() == 2">]>, "pair">;

// Dense array values, array elements by index.
def SortedI64 : Attr<And<[CPred<"::llvm::isa<::mlir::DenseI64ArrayAttr>($_self)">,
    CPred<"llvm::is_sorted(::llvm::cast<DenseI64ArrayAttr>($_self).asArrayRef())">]>, "sorted">;
def StrictI16 : Attr<CPred<"[](::llvm::ArrayRef<int16_t> a) { return std::adjacent_find(std::begin(a), std::end(a)) == std::end(a); }(::llvm::cast<DenseI16ArrayAttr>($_self).asArrayRef())">, "no repeats">;
def NonNegI32 : Attr<CPred<"::llvm::all_of(::llvm::cast<DenseI32ArrayAttr>($_self).asArrayRef(), [&](auto v) { return v >= 0; })">, "non-negative">;
def SecondAtLeast0 : Attr<CPred<"::llvm::cast<::mlir::IntegerAttr>(::llvm::cast<::mlir::ArrayAttr>($_self)[1]).getInt() >= 0">, "second non-negative">;
def FirstBool : Attr<CPred<"::llvm::cast<DenseBoolArrayAttr>($_self).asArrayRef().front()">, "first true">;

def A_Op : Op<A_Dialect, "op"> {
  let arguments = (ins SmallCount:$count, Defaulted<I16Attr, "-7">:$small,
                       Defaulted<F32Attr, "0.5">:$scale,
                       Defaulted<StrAttr, "\"none\"">:$label,
                       Defaulted<UnitFlag, "false">:$flag,
                       Defaulted<BoolA, "true">:$on,
                       Defaulted<I64Array, "{4, 5}">:$sizes,
                       Defaulted<DenseI64Array, "{}">:$perm,
                       OptionalAttr<DenseI32Elements>:$data);
}

// CHECK: I16Attr 3 : i16 => true
// CHECK: I16Attr 3 : si16 => false
// CHECK: I16Attr 3 : i32 => false
// CHECK: SmallCount 2 : i64 => true
// CHECK: SmallCount 1 : i64 => false
// CHECK: SmallCount -5 : i64 => false
// CHECK: SmallCount 9223372036854775807 : i64 => true
// CHECK: SmallCount "2" => false
// CHECK: F32Attr 1.0 : f32 => true
// CHECK: F32Attr 1.0 : f64 => false
// CHECK: I64Array [1, 2] => true
// CHECK: I64Array [1 : i64, 2 : i32] => false
// CHECK: I64Array [] => true
// CHECK: DenseI32Elements dense<[1, 2]> : tensor<2xi32> => true
// CHECK: DenseI32Elements dense<[1, 2]> : tensor<2xui32> => false
// CHECK: DenseI32Elements array<i32: 1> => false
// CHECK: DenseI64Array array<i64: 1, 2> => true
// CHECK: DenseI64Array array<i32: 1, 2> => false
// CHECK: Absent absent => true
// CHECK: Absent unit => false
// CHECK: NamesTwo ["a", "b"] => true
// CHECK: NamesTwo ["a"] => false
// CHECK: UnitFlag absent => error: null
// CHECK: SortedI64 array<i64: -3, 0, 0, 9> => true
// CHECK: SortedI64 array<i64: 2, 1> => false
// CHECK: SortedI64 array<i64> => true
// CHECK: StrictI16 array<i16: 1, 2, 1> => true
// CHECK: StrictI16 array<i16: 1, 1> => false
// CHECK: NonNegI32 array<i32: 0, 7> => true
// CHECK: NonNegI32 array<i32: 0, -7> => false
// CHECK: SecondAtLeast0 [1 : i64, 0 : i64] => true
// CHECK: SecondAtLeast0 [1 : i64, -1 : i64] => false
// CHECK: SecondAtLeast0 [1 : i64] => error: out of range
// CHECK: FirstBool array<i1: true, false> => true
// CHECK: FirstBool array<i1: false> => false
// CHECK: FirstBool array<i1> => error: empty
// DEFAULT: a.op small => -7 : i16
// DEFAULT: a.op scale => 0.5 : f32
// DEFAULT: a.op label => "none"
// DEFAULT: a.op flag => absent
// DEFAULT: a.op on => true
// DEFAULT: a.op sizes => [4, 5]
// DEFAULT: a.op perm => array<i64>
