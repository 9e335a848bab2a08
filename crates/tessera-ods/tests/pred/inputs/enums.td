// Enum attributes: the specialized attribute class of an I32 enum is the integer attribute
// its cases allow, understood from the model; enum cases in builder calls are their values;
// a dialect attribute kept as opaque text matches its mnemonic but cannot be built.
include "ods_base.td"

// The test base's DefaultValuedAttr drops the constant builder; upstream's keeps it.
class Defaulted<Attr a, string value> : DefaultValuedAttr<a, value> {
  let constBuilderCall = a.constBuilderCall;
}

def E_Dialect : Dialect { let name = "e"; let cppNamespace = "::mlir::e"; }

def Cmp : I32EnumAttr<"Cmp", "comparison", [
    I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>, I32EnumAttrCase<"lt", 5, "less">]> {
  let cppNamespace = "::mlir::e";
}
def CmpAttrT : Attr<CPred<"::llvm::isa<::mlir::e::CmpAttr>($_self)">, "comparison attribute"> {
  let constBuilderCall = "::mlir::e::CmpAttr::get($_builder.getContext(), $0)";
}
def CmpByName : AttrConstraint<CPred<
  "::mlir::e::symbolizeCmp(::llvm::cast<::mlir::StringAttr>($_self).getValue()).has_value()">,
  "a comparison's spelling">;
def CmpByValue : AttrConstraint<CPred<
  "::mlir::e::symbolizeCmp(::llvm::cast<::mlir::IntegerAttr>($_self).getInt()).has_value()">,
  "a comparison's value">;
def Mode : AttrDef<E_Dialect, "Mode"> { let mnemonic = "mode"; }
def ModeT : Attr<CPred<"::llvm::isa<::mlir::e::ModeAttr>($_self)">, "mode attribute"> {
  let constBuilderCall = "::mlir::e::ModeAttr::get($_builder.getContext(), $0)";
}
def Thing : TypeDef<E_Dialect, "Thing"> { let mnemonic = "thing"; }
def ThingT : Type<CPred<"::llvm::isa<::mlir::e::ThingType>($_self)">, "thing">;
def UsesThing : Type<CPred<"::llvm::cast<::mlir::e::ThingType>($_self).getWidth() == 3">, "thing of 3">;

def E_Op : Op<E_Dialect, "op"> {
  let arguments = (ins Defaulted<CmpAttrT, "::mlir::e::Cmp::lt">:$cmp,
                       Defaulted<ModeT, "0">:$mode, ThingT:$thing, UsesThing:$other);
}

// CHECK: CmpAttrT 0 : i32 => true
// CHECK: CmpAttrT 5 : i32 => true
// CHECK: CmpAttrT 2 : i32 => false
// CHECK: CmpAttrT 1 : i64 => false
// CHECK: CmpAttrT 1 : si32 => false
// CHECK: CmpByName "less" => true
// CHECK: CmpByName "lt" => false
// CHECK: CmpByValue 5 : i64 => true
// CHECK: CmpByValue 4 : i64 => false
// CHECK: ModeT #e.mode => true
// CHECK: ModeT #e.mode<1> => true
// CHECK: ModeT #e.modes => false
// CHECK: ModeT #f.mode => false
// CHECK: ThingT !e.thing => true
// CHECK: ThingT i32 => false
// DEFAULT: e.op cmp => 5 : i32
// DEFAULT: e.op mode => error: opaque text
// UNEVALUABLE: (::llvm::cast<::mlir::e::ThingType>($_self).getWidth() == 3)
// UNBUILDABLE: ::mlir::e::ModeAttr::get($_builder.getContext(), 0)
