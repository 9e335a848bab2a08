// Attribute definitions with declarative formats, named and shaped like some of the `test`
// dialect's in upstream's test tools, so that `mlir-opt` 19 (which registers that dialect)
// is the reference for how they read and print. Written here for Tessera's tests.

include "tessera/OpBase.td"

def Test_Dialect : Dialect {
  let name = "test";
  let cppNamespace = "::test";
  let useDefaultAttributePrinterParser = 1;
}

class Test_Attr<string name> : AttrDef<Test_Dialect, name>;

// No parameters: the mnemonic alone.
def SimpleAttrA : Test_Attr<"SimpleA"> {
  let mnemonic = "smpla";
}

// Read by C++ upstream and by nothing here: kept as written.
def CompoundAttrA : Test_Attr<"CompoundA"> {
  let mnemonic = "cmpnd_a";
  let parameters = (ins "int":$widthOfSomething, "::mlir::Type":$oneType,
                        ArrayRefParameter<"int">:$arrayOfInts);
  let hasCustomAssemblyFormat = 1;
}

// Two variables in a row, the second an attribute of this dialect written stripped.
def CompoundNestedInner : Test_Attr<"CompoundNestedInner"> {
  let mnemonic = "cmpnd_nested_inner";
  let parameters = (ins "int":$some_int, CompoundAttrA:$cmpdA);
  let assemblyFormat = "`<` $some_int $cmpdA `>`";
}

def CompoundNestedOuter : Test_Attr<"CompoundNestedOuter"> {
  let mnemonic = "cmpnd_nested_outer";
  let parameters = (ins CompoundNestedInner:$inner);
  let assemblyFormat = "`<` `i`  $inner `>`";
}

// The same written with its prefix.
def CompoundNestedOuterQual : Test_Attr<"CompoundNestedOuterQual"> {
  let mnemonic = "cmpnd_nested_outer_qual";
  let parameters = (ins CompoundNestedInner:$inner);
  let assemblyFormat = "`<` `i`  qualified($inner) `>`";
}

// Keywords around a whole attribute.
def TestAttrUgly : Test_Attr<"TestAttrUgly"> {
  let mnemonic = "attr_ugly";
  let parameters = (ins "::mlir::Attribute":$attr);
  let assemblyFormat = "`begin` $attr `end`";
}

// `params`: every parameter, comma-separated.
def TestAttrParams : Test_Attr<"TestAttrParams"> {
  let mnemonic = "attr_params";
  let parameters = (ins "int":$v0, "int":$v1);
  let assemblyFormat = "`<` params `>`";
}

// Types as parameters.
def TestAttrWithTypeParam : Test_Attr<"TestAttrWithTypeParam"> {
  let mnemonic = "attr_with_type";
  let parameters = (ins "::mlir::IntegerType":$int_type, "::mlir::Type":$any_type);
  let assemblyFormat = "`<` $int_type `,` $any_type `>`";
}

// The self type comes after the attribute, not in its format.
def TestAttrSelfTypeParameterFormat : Test_Attr<"TestAttrSelfTypeParameterFormat"> {
  let mnemonic = "attr_self_type_format";
  let parameters = (ins "int":$a, AttributeSelfTypeParameter<"">:$type);
  let assemblyFormat = "`<` $a `>`";
}

// `struct`: named parameters.
def TestAttrSelfTypeParameterStructFormat
    : Test_Attr<"TestAttrSelfTypeParameterStructFormat"> {
  let mnemonic = "attr_self_type_struct_format";
  let parameters = (ins "int":$a, AttributeSelfTypeParameter<"">:$type);
  let assemblyFormat = "`<` struct(params) `>`";
}

// An optional parameter, absent or present.
def TestAttrWithOptionalSigned : Test_Attr<"TestAttrWithOptionalSigned"> {
  let mnemonic = "attr_with_optional_signed";
  let parameters = (ins OptionalParameter<"std::optional<int64_t>">:$value);
  let assemblyFormat = "`<` $value `>`";
}

// An enum attribute.
def IteratorTypeParallel : I32EnumAttrCase<"parallel", 0>;
def IteratorTypeReduction : I32EnumAttrCase<"reduction", 1>;
def IteratorType : I32EnumAttr<"IteratorType", "Iterator type",
    [IteratorTypeParallel, IteratorTypeReduction]> {
  let cppNamespace = "::mlir::utils";
}
def Test_IteratorTypeEnum : EnumAttr<Test_Dialect, IteratorType, "iterator_type"> {
  let assemblyFormat = "`<` $value `>`";
}
