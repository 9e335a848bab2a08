// The pdl dialect, declared for Tessera: rewrite patterns written as IR (a matcher body of
// `pdl` ops ending in a `pdl.rewrite`), its handle types, with the syntax and constraints
// `mlir-opt` 19 has. What upstream writes in C++ (verifiers, custom directives, the range
// type's syntax) is Rust in tessera-pdl's `dialect` module.

#ifndef TESSERA_PDL_TD
#define TESSERA_PDL_TD

include "tessera/PDLTypes.td"

// ----- ops -----
class PDL_Op<string mnemonic, list<Trait> traits = []> : Op<PDL_Dialect, mnemonic, traits>;

def PDL_ApplyNativeConstraintOp
    : PDL_Op<"apply_native_constraint", [HasParent<"pdl::PatternOp">]> {
  let summary = "Apply a native constraint to a set of provided entities";
  let description = [{
    Calls the constraint registered under `name` on `args`; the match fails unless it
    holds (or, with `isNegated`, unless it does not). A constraint may produce results.
  }];
  let arguments = (ins StrAttr:$name, Variadic<PDL_AnyType>:$args,
                       DefaultValuedAttr<BoolAttr, "false">:$isNegated);
  let results = (outs Variadic<PDL_AnyType>:$results);
  let assemblyFormat = [{
    $name `(` $args `:` type($args) `)` (`:`  type($results)^ )? attr-dict
  }];
  let hasVerifier = 1;
}

def PDL_ApplyNativeRewriteOp
    : PDL_Op<"apply_native_rewrite", [HasParent<"pdl::RewriteOp">]> {
  let summary = "Apply a native rewrite method inside of pdl.rewrite region";
  let description = [{
    Calls the rewrite function registered under `name` on `args`, within a rewrite;
    its results are handles it produced.
  }];
  let arguments = (ins StrAttr:$name, Variadic<PDL_AnyType>:$args);
  let results = (outs Variadic<PDL_AnyType>:$results);
  let assemblyFormat = [{
    $name (`(` $args^ `:` type($args) `)`)? (`:` type($results)^)? attr-dict
  }];
  let hasVerifier = 1;
}

def PDL_AttributeOp : PDL_Op<"attribute"> {
  let summary = "Define an input attribute in a pattern";
  let description = [{
    An attribute handle: in a matcher, any attribute (of the type `valueType` if given,
    equal to `value` if given); in a rewrite, the constant `value`.
  }];
  let arguments = (ins Optional<PDL_Type>:$valueType, OptionalAttr<AnyAttr>:$value);
  let results = (outs PDL_Attribute:$attr);
  let assemblyFormat = "(`:` $valueType^)? (`=` $value^)? attr-dict-with-keyword";
  let hasVerifier = 1;
}

def PDL_EraseOp : PDL_Op<"erase", [HasParent<"pdl::RewriteOp">]> {
  let summary = "Mark an input operation as `erased`";
  let description = "Erases the operation `opValue` when the rewrite runs.";
  let arguments = (ins PDL_Operation:$opValue);
  let assemblyFormat = "$opValue attr-dict";
}

def PDL_OperandOp : PDL_Op<"operand", [HasParent<"pdl::PatternOp">]> {
  let summary = "Define an external input operand in a pattern";
  let description = "A value handle in a matcher, of type `valueType` if given.";
  let arguments = (ins Optional<PDL_Type>:$valueType);
  let results = (outs PDL_Value:$value);
  let assemblyFormat = "(`:` $valueType^)? attr-dict";
  let hasVerifier = 1;
}

def PDL_OperandsOp : PDL_Op<"operands", [HasParent<"pdl::PatternOp">]> {
  let summary = "Define a range of input operands in a pattern";
  let description = "A range of value handles in a matcher, of types `valueType` if given.";
  let arguments = (ins Optional<PDL_RangeOf<PDL_Type>>:$valueType);
  let results = (outs PDL_RangeOf<PDL_Value>:$value);
  let assemblyFormat = "(`:` $valueType^)? attr-dict";
  let hasVerifier = 1;
}

def PDL_OperationOp : PDL_Op<"operation", [AttrSizedOperandSegments]> {
  let summary = "Define an operation within a pattern";
  let description = [{
    An operation handle: in a matcher, an operation (named `opName` if given) with the
    given operands, attributes (named by `attributeValueNames`) and result types; in a
    rewrite, the operation to create.
  }];
  let arguments = (ins OptionalAttr<StrAttr>:$opName,
                       Variadic<PDL_InstOrRangeOf<PDL_Value>>:$operandValues,
                       Variadic<PDL_Attribute>:$attributeValues,
                       StrArrayAttr:$attributeValueNames,
                       Variadic<PDL_InstOrRangeOf<PDL_Type>>:$typeValues);
  let results = (outs PDL_Operation:$op);
  let assemblyFormat = [{
    ($opName^)? (`(` $operandValues^ `:` type($operandValues) `)`)?
    custom<OperationOpAttributes>($attributeValues, $attributeValueNames)
    (`->` `(` $typeValues^ `:` type($typeValues) `)`)? attr-dict
  }];
  let hasVerifier = 1;
}

def PDL_PatternOp : PDL_Op<"pattern", [
    IsolatedFromAbove, SingleBlock, Symbol,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect"]>]> {
  let summary = "Define a rewrite pattern";
  let description = [{
    One pattern: its body matches IR and ends in the `pdl.rewrite` that says what to do
    with a match; `benefit` orders patterns, `sym_name` optionally names it.
  }];
  let arguments = (ins ConfinedAttr<I16Attr, [IntNonNegative]>:$benefit,
                       OptionalAttr<SymbolNameAttr>:$sym_name);
  let regions = (region SizedRegion<1>:$bodyRegion);
  let assemblyFormat = [{
    ($sym_name^)? `:` `benefit` `(` $benefit `)` attr-dict-with-keyword $bodyRegion
  }];
  let hasRegionVerifier = 1;
}

def PDL_RangeOp : PDL_Op<"range", [Pure, HasParent<"pdl::RewriteOp">]> {
  let summary = "Construct a range of pdl entities";
  let description = [{
    Concatenates handles and ranges of handles (types or values) into one range, within
    a rewrite.
  }];
  let arguments = (ins Variadic<PDL_AnyType>:$arguments);
  let results = (outs PDL_RangeOf<AnyTypeOf<[PDL_Type, PDL_Value]>>:$result);
  let assemblyFormat = [{
    ($arguments^ `:` type($arguments))?
    custom<RangeType>(ref(type($arguments)), type($result))
    attr-dict
  }];
  let hasVerifier = 1;
}

def PDL_ReplaceOp : PDL_Op<"replace", [AttrSizedOperandSegments, HasParent<"pdl::RewriteOp">]> {
  let summary = "Mark an input operation as `replaced`";
  let description = [{
    Replaces `opValue` by the results of `replOperation`, or by the values `replValues`.
  }];
  let arguments = (ins PDL_Operation:$opValue, Optional<PDL_Operation>:$replOperation,
                       Variadic<PDL_InstOrRangeOf<PDL_Value>>:$replValues);
  let assemblyFormat = [{
    $opValue `with` (`(` $replValues^ `:` type($replValues) `)`)?
    ($replOperation^)? attr-dict
  }];
  let hasVerifier = 1;
}

def PDL_ResultOp : PDL_Op<"result", [Pure]> {
  let summary = "Extract a result from an operation";
  let description = "The value handle of result `index` of `parent`.";
  let arguments = (ins PDL_Operation:$parent, I32Attr:$index);
  let results = (outs PDL_Value:$val);
  let assemblyFormat = "$index `of` $parent attr-dict";
}

def PDL_ResultsOp : PDL_Op<"results", [Pure]> {
  let summary = "Extract a result group from an operation";
  let description = [{
    The results of `parent`: all of them (a range), or result group `index` (a value or
    a range, as the result type says).
  }];
  let arguments = (ins PDL_Operation:$parent, OptionalAttr<I32Attr>:$index);
  let results = (outs PDL_InstOrRangeOf<PDL_Value>:$val);
  let assemblyFormat = [{
    ($index^)? `of` $parent custom<ResultsValueType>(ref($index), type($val))
    attr-dict
  }];
  let hasVerifier = 1;
}

def PDL_RewriteOp : PDL_Op<"rewrite", [
    Terminator, HasParent<"pdl::PatternOp">, NoTerminator, NoRegionArguments,
    SingleBlock, AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getDefaultDialect"]>]> {
  let summary = "Specify the rewrite of a matched pattern";
  let description = [{
    Ends a pattern: the rewrite of the match rooted at `root`, either the external
    rewriter `name` called with `externalArgs`, or the `pdl` ops of its region.
  }];
  let arguments = (ins Optional<PDL_Operation>:$root, OptionalAttr<StrAttr>:$name,
                       Variadic<PDL_AnyType>:$externalArgs);
  let regions = (region AnyRegion:$bodyRegion);
  let assemblyFormat = [{
    ($root^)? (`with` $name^ (`(` $externalArgs^ `:` type($externalArgs) `)`)?)?
              ($bodyRegion^)?
    attr-dict-with-keyword
  }];
  let hasRegionVerifier = 1;
}

def PDL_TypeOp : PDL_Op<"type"> {
  let summary = "Define a type handle within a pattern";
  let description = "A type handle: any type, or the constant `constantType`.";
  let arguments = (ins OptionalAttr<TypeAttr>:$constantType);
  let results = (outs PDL_Type:$result);
  let assemblyFormat = "attr-dict (`:` $constantType^)?";
  let hasVerifier = 1;
}

def PDL_TypesOp : PDL_Op<"types"> {
  let summary = "Define a range of type handles within a pattern";
  let description = "A range of type handles: any types, or the constants `constantTypes`.";
  let arguments = (ins OptionalAttr<TypeArrayAttr>:$constantTypes);
  let results = (outs PDL_RangeOf<PDL_Type>:$result);
  let assemblyFormat = "attr-dict (`:` $constantTypes^)?";
  let hasVerifier = 1;
}

#endif // TESSERA_PDL_TD
