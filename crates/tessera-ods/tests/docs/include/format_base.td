// What assembly format tests need beyond ods_base.td, written here on its classes: buildable
// types, attributes with and without value types, unit/symbol/enum attributes, the type
// traits formats resolve types with, and parameters for attribute/type definitions.
include "ods_base.td"

def SameOperandsAndResultType : NativeOpTrait<"SameOperandsAndResultType">;
def SameTypeOperands : NativeOpTrait<"SameTypeOperands">;
// The interface as formats recognise it: by C++ name and namespace.
def InferTypes : OpInterface<"InferTypeOpInterface"> { let cppNamespace = "::mlir"; }

def AnyType : Type<CPred<"true">, "any type">;
def I32 : Type<CPred<"$_self.isInteger(32)">, "32-bit integer"> {
  let builderCall = "$_builder.getIntegerType(32)";
}
def Index : Type<CPred<"::llvm::isa<::mlir::IndexType>($_self)">, "index"> {
  let builderCall = "$_builder.getIndexType()";
}
def AnyAttr : Attr<CPred<"true">, "any attribute"> {
  let storageType = "::mlir::Attribute";
  let returnType = "::mlir::Attribute";
}
def I32Attr : Attr<CPred<"true">, "32-bit integer attribute"> {
  let storageType = "::mlir::IntegerAttr";
  let returnType = "::mlir::IntegerAttr";
  let valueType = I32;
}
def StrAttr : Attr<CPred<"true">, "string attribute"> {
  let storageType = "::mlir::StringAttr";
  let returnType = "::mlir::StringAttr";
}
def UnitAttr : Attr<CPred<"true">, "unit attribute"> {
  let storageType = "::mlir::UnitAttr";
  let returnType = "::mlir::UnitAttr";
  let isOptional = 1;
}
def SymbolNameAttr : Attr<CPred<"true">, "symbol name"> {
  let storageType = "::mlir::StringAttr";
  let returnType = "::mlir::StringAttr";
}
class IntProperty<string storage> : Property<storage, "">;
def AnyRegion : Region<CPred<"true">, "any region">;
def AnySuccessor : Successor<CPred<"true">, "any successor">;

class OptionalParameter<string type> : AttrOrTypeParameter<type, ""> {
  let defaultValue = type # "()";
}
class AttributeSelfTypeParameter<string sum> : AttrOrTypeParameter<"::mlir::Type", sum> {
  let defaultValue = "::mlir::NoneType::get($_ctxt)";
}
