// A dialect whose ops' assembly formats exercise what formats compiled to Rust must do as the
// format engine does (`tests/compiled_forms.rs` runs both on `fmt.mlir`): literals and
// spacing, every kind of variable and directive, optional groups (anchors of every kind, else
// branches, unit anchors, default-valued anchors), `oilist`, `qualified`, enum keywords and
// stripped dialect attributes, and each way a left-out type is resolved.

include "tessera/OpBase.td"

def Fmt_Dialect : Dialect {
  let name = "fmt";
  let cppNamespace = "::fmt";
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
}

class Fmt_Op<string mnemonic, list<Trait> traits = []> : Op<Fmt_Dialect, mnemonic, traits>;

def Fmt_Pred : I32EnumAttr<"Pred", "a comparison", [
  I32EnumAttrCase<"eq", 0>,
  I32EnumAttrCase<"ne", 1>,
  I32EnumAttrCase<"lt", 2, "less">
]> {
  let cppNamespace = "::fmt";
  let constBuilderCall = "::fmt::PredAttr::get($_builder.getContext(), $0)";
}

def Fmt_ModeKind : I32EnumAttr<"ModeKind", "a mode", [
  I32EnumAttrCase<"fast", 0>,
  I32EnumAttrCase<"slow", 1>
]> {
  let cppNamespace = "::fmt";
}

// Upstream's `AttrDef` stores the definition's class; the library's leaves it generic.
def Fmt_ModeAttr : EnumAttr<Fmt_Dialect, Fmt_ModeKind, "mode"> {
  let storageType = "::fmt::ModeKindAttr";
  let assemblyFormat = "`<` $value `>`";
}

// Attribute and type definitions of every shape the definitions' readers handle
// (`tests/compiled_defs.rs` runs the compiled readers against the engine on `defs.mlir`).

// Two required parameters, comma-separated by `params`.
def Fmt_PairAttr : AttrDef<Fmt_Dialect, "Pair"> {
  let mnemonic = "pair";
  let parameters = (ins "int64_t":$first, "int64_t":$second);
  let assemblyFormat = "`<` params `>`";
}

// A required parameter then an optional one `params` may leave out.
def Fmt_ShapeAttr : AttrDef<Fmt_Dialect, "Shape"> {
  let mnemonic = "shape";
  let parameters = (ins "int64_t":$rank, OptionalParameter<"::mlir::Type">:$element);
  let assemblyFormat = "`<` params `>`";
}

// `struct`: named parameters in any order, one of them optional, a string among them.
def Fmt_RecordAttr : AttrDef<Fmt_Dialect, "Record"> {
  let mnemonic = "record";
  let parameters = (ins "int64_t":$width, StringRefParameter<"a name">:$name,
                        OptionalParameter<"::mlir::Type">:$element);
  let assemblyFormat = "`<` struct(params) `>`";
}

// A struct of optional parameters only: it may be empty.
def Fmt_OptionsAttr : AttrDef<Fmt_Dialect, "Options"> {
  let mnemonic = "options";
  let parameters = (ins OptionalParameter<"::mlir::Type">:$a,
                        DefaultValuedParameter<"int64_t", "0">:$b);
  let assemblyFormat = "`<` struct($a, $b) `>`";
}

// An enum parameter and an array of integers.
def Fmt_CmpAttr : AttrDef<Fmt_Dialect, "Cmp"> {
  let mnemonic = "cmp";
  let parameters = (ins "::fmt::Pred":$pred, ArrayRefParameter<"int64_t">:$dims);
  let assemblyFormat = "`<` $pred `:` $dims `>`";
}

// A type with a default-valued parameter in an optional group led by a keyword.
def Fmt_BoxType : TypeDef<Fmt_Dialect, "Box"> {
  let mnemonic = "box";
  let parameters = (ins "::mlir::Type":$element, DefaultValuedParameter<"int64_t", "1">:$count);
  let assemblyFormat = "`<` $element (`times` $count^)? `>`";
}

// A type whose whole body is optional, anchored on its parameter.
def Fmt_MaybeType : TypeDef<Fmt_Dialect, "Maybe"> {
  let mnemonic = "maybe";
  let parameters = (ins OptionalParameter<"::mlir::Type">:$element);
  let assemblyFormat = "(`<` $element^ `>`)?";
}

// An optional group with an else branch, anchored on an optional attribute.
def Fmt_TagAttr : AttrDef<Fmt_Dialect, "Tag"> {
  let mnemonic = "tag";
  let parameters = (ins OptionalParameter<"::mlir::Attribute">:$value);
  let assemblyFormat = "`<` ($value^) : (`none`)? `>`";
}

// Just a mnemonic.
def Fmt_UnitType : TypeDef<Fmt_Dialect, "Unit"> {
  let mnemonic = "unit";
}

// Definitions nested in another: stripped, and `qualified`.
def Fmt_WrapAttr : AttrDef<Fmt_Dialect, "Wrap"> {
  let mnemonic = "wrap";
  let parameters = (ins "::fmt::PairAttr":$inner, "::fmt::BoxType":$box,
                        ArrayRefParameter<"::fmt::ModeKindAttr">:$modes);
  let assemblyFormat = "`<` $inner `,` qualified($box) `,` `[` $modes `]` `>`";
}

// A format the readers cannot run (a custom directive): kept as written by both.
def Fmt_OpaqueAttr : AttrDef<Fmt_Dialect, "Opaque"> {
  let mnemonic = "opaque";
  let parameters = (ins "int64_t":$x);
  let assemblyFormat = "`<` custom<Thing>($x) `>`";
}

// The result type is the operands' (SameOperandsAndResultType).
def Fmt_BinaryOp : Fmt_Op<"binary", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

// A symbol reference, variadic operands and results through functional-type.
def Fmt_CallOp : Fmt_Op<"call"> {
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = "$callee `(` $args `)` attr-dict `:` functional-type($args, results)";
}

// A buildable operand type (i1) and AllTypesMatch.
def Fmt_SelectOp : Fmt_Op<"select", [AllTypesMatch<["a", "b", "result"]>]> {
  let arguments = (ins I1:$cond, AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$cond `,` $a `,` $b attr-dict `:` type($result)";
}

// An enum keyword, TypesMatchWith and a buildable result type.
def Fmt_CmpOp : Fmt_Op<"cmp", [TypesMatchWith<"rhs has lhs's type", "lhs", "rhs", "$_self">]> {
  let arguments = (ins Fmt_Pred:$predicate, AnyType:$lhs, AnyType:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)";
}

// An optional operand anchoring a group.
def Fmt_PrintOp : Fmt_Op<"print"> {
  let arguments = (ins Optional<AnyType>:$value);
  let assemblyFormat = "attr-dict ($value^ `:` type($value))?";
}

// Operand groups sized by an attribute, one optional.
def Fmt_SegmentsOp : Fmt_Op<"segments", [AttrSizedOperandSegments]> {
  let arguments = (ins AnyType:$a, Optional<AnyType>:$b, Variadic<AnyType>:$c);
  let assemblyFormat = [{
    $a (`,` $b^ `:` type($b))? `[` $c `]` attr-dict `:` type($a) `,` type($c)
  }];
}

// A unit attribute anchoring a group it does not start, a default-valued anchor, an
// optional attribute with an else branch.
def Fmt_FlagsOp : Fmt_Op<"flags"> {
  let arguments = (ins AnyType:$x, UnitAttr:$nt, DefaultValuedAttr<I32Attr, "7">:$n,
                       OptionalAttr<I32Attr>:$p, DefaultValuedAttr<I32Attr, "1">:$hidden);
  let assemblyFormat = [{
    (`nontemporal` $nt^)? $x (`by` $n^)? (`[` $p^ `]`) : (`none`)? attr-dict `:` type($x)
  }];
}

// A symbol name and attr-dict-with-keyword.
def Fmt_SymOp : Fmt_Op<"sym"> {
  let arguments = (ins SymbolNameAttr:$sym_name, OptionalAttr<StrAttr>:$note);
  let assemblyFormat = "$sym_name ($note^)? attr-dict-with-keyword";
}

// The terminator of `fmt.scope`.
def Fmt_YieldOp : Fmt_Op<"yield", [Terminator]> {
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

// A single-block region.
def Fmt_ScopeOp : Fmt_Op<"scope", [SingleBlock]> {
  let arguments = (ins Variadic<AnyType>:$inits);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`(` $inits^ `:` type($inits) `)`)? attr-dict-with-keyword (`->` type($results)^)? $body
  }];
}

// Variadic regions.
def Fmt_AltOp : Fmt_Op<"alt"> {
  let regions = (region VariadicRegion<AnyRegion>:$alternatives);
  let assemblyFormat = "attr-dict-with-keyword ($alternatives^)?";
}

// Successors with operands.
def Fmt_BrOp : Fmt_Op<"br", [Terminator]> {
  let arguments = (ins Variadic<AnyType>:$args);
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = "$dest (`(` $args^ `:` type($args) `)`)? attr-dict";
}

def Fmt_SwitchOp : Fmt_Op<"switch", [Terminator]> {
  let arguments = (ins I1:$cond);
  let successors = (successor AnySuccessor:$default, VariadicSuccessor<AnySuccessor>:$cases);
  let assemblyFormat = "$cond `,` $default `[` $cases `]` attr-dict";
}

// oilist clauses, in any order. (A unit attribute alone in a clause is left out: the engine
// prints it as `unit`, which it does not read back.)
def Fmt_BoundsOp : Fmt_Op<"bounds", [AttrSizedOperandSegments]> {
  let arguments = (ins Optional<Index>:$lo, Optional<Index>:$hi, OptionalAttr<I32Attr>:$step);
  let assemblyFormat = [{
    oilist(`lower` `=` $lo | `upper` `=` $hi | `step` $step) attr-dict
  }];
}

// `operands`, `type(operands)`, `type(results)`.
def Fmt_PackOp : Fmt_Op<"pack"> {
  let arguments = (ins Variadic<AnyType>:$xs);
  let results = (outs Variadic<AnyType>:$ys);
  let assemblyFormat = "operands attr-dict `:` type(operands) `->` type(results)";
}

// An attribute printed without its type, a stripped dialect attribute, a qualified one.
def Fmt_ConstOp : Fmt_Op<"const"> {
  let arguments = (ins I32Attr:$value, Fmt_ModeAttr:$mode, Fmt_ModeAttr:$other);
  let results = (outs I32:$result);
  let assemblyFormat = "$value $mode qualified($other) attr-dict";
}

// A generic attribute whose type gives the result's, spacing around punctuation.
def Fmt_AttrOp : Fmt_Op<"attr", [AllTypesMatch<["value", "result"]>]> {
  let arguments = (ins AnyAttr:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "`<` $value `>` `` `[` `]` ` ` `(` `)` attr-dict";
}

// A group anchored in its else branch (printed when the anchor is absent).
def Fmt_InvertOp : Fmt_Op<"invert"> {
  let arguments = (ins OptionalAttr<I32Attr>:$level);
  let assemblyFormat = "(`fancy`) : ($level^)? attr-dict";
}

// Regions and successors together, with `regions` and `successors`.
def Fmt_AllOp : Fmt_Op<"all", [Terminator]> {
  let regions = (region VariadicRegion<AnyRegion>:$rs);
  let successors = (successor VariadicSuccessor<AnySuccessor>:$ss);
  let assemblyFormat = "`to` successors attr-dict-with-keyword regions";
}
