// The pdl dialect's definition and handle types (`!pdl.attribute`, `!pdl.operation`,
// `!pdl.range<T>`, `!pdl.type`, `!pdl.value`) with the constraints ops state with them;
// shared by the pdl and pdl_interp op files, as upstream splits them.

#ifndef TESSERA_PDLTYPES_TD
#define TESSERA_PDLTYPES_TD

include "tessera/OpBase.td"

def PDL_Dialect : Dialect {
  let name = "pdl";
  let cppNamespace = "::mlir::pdl";
  let summary = "High level pattern definition dialect";
  let description = [{
    Rewrite patterns as IR. A `pdl.pattern` holds the matcher: `pdl.operation`,
    `pdl.operand`, `pdl.type`, ... describe the IR to find, and the closing `pdl.rewrite`
    either names an external rewriter or holds the rewrite itself as `pdl` ops. Values of
    `pdl` are handles: `!pdl.attribute`, `!pdl.operation`, `!pdl.type`, `!pdl.value`, and
    `!pdl.range<...>` of them.
  }];
  let useDefaultTypePrinterParser = 1;
}

// ----- types -----
class PDL_Type<string name, string typeMnemonic>
    : TypeDef<PDL_Dialect, name, "::mlir::pdl::PDLType"> {
  let mnemonic = typeMnemonic;
}

def PDL_Attribute : PDL_Type<"Attribute", "attribute"> {
  let summary = "PDL handle to an `mlir::Attribute`";
  let description = "A handle to an attribute, matched or built by a pattern.";
}
def PDL_Operation : PDL_Type<"Operation", "operation"> {
  let summary = "PDL handle to an `mlir::Operation *`";
  let description = "A handle to an operation, matched or built by a pattern.";
}
def PDL_Range : PDL_Type<"Range", "range"> {
  let summary = "PDL handle to a range of a given sub-type";
  let description = [{
    A handle to a range of attributes, operations, types or values (the element type,
    written without its `!pdl.` prefix: `!pdl.range<value>`).
  }];
  let parameters = (ins AttrOrTypeParameter<"Type", "">:$elementType);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
}
def PDL_Type : PDL_Type<"Type", "type"> {
  let summary = "PDL handle to an `mlir::Type`";
  let description = "A handle to a type, matched or built by a pattern.";
}
def PDL_Value : PDL_Type<"Value", "value"> {
  let summary = "PDL handle for an `mlir::Value`";
  let description = "A handle to a value, matched or built by a pattern.";
}

// Any of the handle types above.
def PDL_AnyType : Type<CPred<"::llvm::isa<::mlir::pdl::PDLType>($_self)">, "pdl type",
                       "::mlir::pdl::PDLType">;
// A range of `elem` handles.
class PDL_RangeOf<Type elem>
    : ContainerType<AnyTypeOf<[elem]>, PDL_Range.predicate,
                    "::llvm::cast<::mlir::pdl::RangeType>($_self).getElementType()",
                    "range", "::mlir::pdl::RangeType">,
      BuildableType<"::mlir::pdl::RangeType::get(" # elem.builderCall # ")">;
// One `elem` handle or a range of them.
class PDL_InstOrRangeOf<Type elem>
    : AnyTypeOf<[elem, PDL_RangeOf<elem>], "single element or range of " # elem.summary,
                "::mlir::pdl::PDLType">;

#endif // TESSERA_PDLTYPES_TD
