// The pdl_interp dialect, declared for Tessera: a compiled PDL matcher and its rewriters as
// IR (functions of predicates that branch, queries of the matched IR, and the rewrite
// actions), with the syntax and constraints `mlir-opt` 19 has. What upstream writes in C++
// (verifiers, custom forms and directives) is Rust in tessera-pdl's `dialect` module.

#ifndef TESSERA_PDLINTERP_TD
#define TESSERA_PDLINTERP_TD

include "tessera/PDLTypes.td"

def PDLInterp_Dialect : Dialect {
  let name = "pdl_interp";
  let cppNamespace = "::mlir::pdl_interp";
  let summary = "Interpreted pattern execution dialect";
  let description = [{
    The lowered form of PDL patterns: a `pdl_interp.func @matcher` that walks the IR
    through predicates branching to blocks and records matches, and rewriter functions
    in `module @rewriters` that apply them. It is what the PDL interpreter executes.
  }];
  let dependentDialects = ["pdl::PDLDialect"];
}

class PDLInterp_Op<string mnemonic, list<Trait> traits = []>
    : Op<PDLInterp_Dialect, mnemonic, traits>;

// A check that branches to `trueDest` or `falseDest`.
class PDLInterp_PredicateOp<string mnemonic, list<Trait> traits = []>
    : PDLInterp_Op<mnemonic, !listconcat([Terminator], traits)> {
  let successors = (successor AnySuccessor:$trueDest, AnySuccessor:$falseDest);
}

// A multi-way branch: to the case matching a value, else to `defaultDest`.
class PDLInterp_SwitchOp<string mnemonic, list<Trait> traits = []>
    : PDLInterp_Op<mnemonic, !listconcat([Terminator], traits)> {
  let successors = (successor AnySuccessor:$defaultDest,
                              VariadicSuccessor<AnySuccessor>:$cases);
}

def PDLInterp_ApplyConstraintOp : PDLInterp_PredicateOp<"apply_constraint"> {
  let summary = "Apply a constraint to a set of positional values";
  let description = [{
    Calls the native constraint `name` on `args` and branches on its outcome (inverted
    by `isNegated`); the constraint may produce results.
  }];
  let arguments = (ins StrAttr:$name, Variadic<PDL_AnyType>:$args,
                       DefaultValuedAttr<BoolAttr, "false">:$isNegated);
  let results = (outs Variadic<PDL_AnyType>:$results);
  let assemblyFormat = [{
    $name `(` $args `:` type($args) `)` (`:` type($results)^)? attr-dict
    `->` successors
  }];
}

def PDLInterp_ApplyRewriteOp : PDLInterp_Op<"apply_rewrite"> {
  let summary = "Invoke and apply an externally registered rewrite method";
  let description = "Calls the native rewrite `name` on `args`; it may produce results.";
  let arguments = (ins StrAttr:$name, Variadic<PDL_AnyType>:$args);
  let results = (outs Variadic<PDL_AnyType>:$results);
  let assemblyFormat = [{
    $name (`(` $args^ `:` type($args) `)`)? (`:` type($results)^)? attr-dict
  }];
}

def PDLInterp_AreEqualOp : PDLInterp_PredicateOp<"are_equal", [Pure, SameTypeOperands]> {
  let summary = "Check if two positional values or ranges are equivalent";
  let description = "Branches on whether `lhs` and `rhs` are the same handle or range.";
  let arguments = (ins PDL_AnyType:$lhs, PDL_AnyType:$rhs);
  let assemblyFormat = "operands `:` type($lhs) attr-dict `->` successors";
}

def PDLInterp_BranchOp : PDLInterp_Op<"branch", [Pure, Terminator]> {
  let summary = "General branch operation";
  let description = "Continues at `dest`.";
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = "$dest attr-dict";
}

def PDLInterp_CheckAttributeOp : PDLInterp_PredicateOp<"check_attribute", [Pure]> {
  let summary = "Check the value of an `Attribute`";
  let description = "Branches on whether `attribute` is `constantValue`.";
  let arguments = (ins PDL_Attribute:$attribute, AnyAttr:$constantValue);
  let assemblyFormat = [{
    $attribute `is` $constantValue attr-dict `->` successors
  }];
}

def PDLInterp_CheckOperandCountOp
    : PDLInterp_PredicateOp<"check_operand_count", [Pure]> {
  let summary = "Check the number of operands of an `Operation`";
  let description = [{
    Branches on whether `inputOp` has `count` operands (at least `count` with
    `compareAtLeast`).
  }];
  let arguments = (ins PDL_Operation:$inputOp,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$count,
                       UnitAttr:$compareAtLeast);
  let assemblyFormat = [{
    `of` $inputOp `is` (`at_least` $compareAtLeast^)? $count attr-dict
    `->` successors
  }];
}

def PDLInterp_CheckOperationNameOp
    : PDLInterp_PredicateOp<"check_operation_name", [Pure]> {
  let summary = "Check the OperationName of an `Operation`";
  let description = "Branches on whether `inputOp` is named `name`.";
  let arguments = (ins PDL_Operation:$inputOp, StrAttr:$name);
  let assemblyFormat = "`of` $inputOp `is` $name attr-dict `->` successors";
}

def PDLInterp_CheckResultCountOp
    : PDLInterp_PredicateOp<"check_result_count", [Pure]> {
  let summary = "Check the number of results of an `Operation`";
  let description = [{
    Branches on whether `inputOp` has `count` results (at least `count` with
    `compareAtLeast`).
  }];
  let arguments = (ins PDL_Operation:$inputOp,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$count,
                       UnitAttr:$compareAtLeast);
  let assemblyFormat = [{
    `of` $inputOp `is` (`at_least` $compareAtLeast^)? $count attr-dict
    `->` successors
  }];
}

def PDLInterp_CheckTypeOp : PDLInterp_PredicateOp<"check_type", [Pure]> {
  let summary = "Compare a type to a known value";
  let description = "Branches on whether `value` is the type `type`.";
  let arguments = (ins PDL_Type:$value, TypeAttr:$type);
  let assemblyFormat = "$value `is` $type attr-dict `->` successors";
}

def PDLInterp_CheckTypesOp : PDLInterp_PredicateOp<"check_types", [Pure]> {
  let summary = "Compare a range of types to a range of known values";
  let description = "Branches on whether the range `value` is the types `types`.";
  let arguments = (ins PDL_RangeOf<PDL_Type>:$value, TypeArrayAttr:$types);
  let assemblyFormat = "$value `are` $types attr-dict `->` successors";
}

def PDLInterp_ContinueOp
    : PDLInterp_Op<"continue", [Pure, HasParent<"ForEachOp">, Terminator]> {
  let summary = "Breaks the current iteration";
  let description = "Ends the body of a `pdl_interp.foreach` for this element.";
  let assemblyFormat = "attr-dict";
}

def PDLInterp_CreateAttributeOp : PDLInterp_Op<"create_attribute", [Pure]> {
  let summary = "Create an interpreter handle to a constant `Attribute`";
  let description = "A handle to the attribute `value`.";
  let arguments = (ins AnyAttr:$value);
  let results = (outs PDL_Attribute:$attribute);
  let assemblyFormat = "$value attr-dict-with-keyword";
}

def PDLInterp_CreateOperationOp
    : PDLInterp_Op<"create_operation", [AttrSizedOperandSegments]> {
  let summary = "Create an instance of a specific `Operation`";
  let description = [{
    Creates an operation named `name` with the given operands, attributes (named by
    `inputAttributeNames`) and result types, or with result types it infers itself
    (`inferredResultTypes`, written `-> <inferred>`).
  }];
  let arguments = (ins StrAttr:$name,
                       Variadic<PDL_InstOrRangeOf<PDL_Value>>:$inputOperands,
                       Variadic<PDL_Attribute>:$inputAttributes,
                       StrArrayAttr:$inputAttributeNames,
                       Variadic<PDL_InstOrRangeOf<PDL_Type>>:$inputResultTypes,
                       UnitAttr:$inferredResultTypes);
  let results = (outs PDL_Operation:$resultOp);
  let assemblyFormat = [{
    $name (`(` $inputOperands^ `:` type($inputOperands) `)`)? ``
    custom<CreateOperationOpAttributes>($inputAttributes, $inputAttributeNames)
    custom<CreateOperationOpResults>($inputResultTypes, type($inputResultTypes),
                                     $inferredResultTypes)
    attr-dict
  }];
  let hasVerifier = 1;
}

def PDLInterp_CreateTypeOp : PDLInterp_Op<"create_type", [Pure]> {
  let summary = "Create an interpreter handle to a constant `Type`";
  let description = "A handle to the type `value`.";
  let arguments = (ins TypeAttr:$value);
  let results = (outs PDL_Type:$result);
  let assemblyFormat = "$value attr-dict";
}

def PDLInterp_CreateTypesOp : PDLInterp_Op<"create_types", [Pure]> {
  let summary = "Create an interpreter handle to a range of constant `Type`s";
  let description = "A range handle of the types `value`.";
  let arguments = (ins TypeArrayAttr:$value);
  let results = (outs PDL_RangeOf<PDL_Type>:$result);
  let assemblyFormat = "$value attr-dict";
}

def PDLInterp_EraseOp : PDLInterp_Op<"erase"> {
  let summary = "Mark an operation as `erased`";
  let description = "Erases `inputOp`.";
  let arguments = (ins PDL_Operation:$inputOp);
  let assemblyFormat = "$inputOp attr-dict";
}

def PDLInterp_ExtractOp : PDLInterp_Op<"extract", [Pure,
    TypesMatchWith<"`range` is a PDL range whose element type matches type of `result`",
                   "result", "range", "pdl::RangeType::get($_self)">]> {
  let summary = "Extract the item at the specified index in a range";
  let description = "Element `index` of `range`, or a null handle past its end.";
  let arguments = (ins PDL_RangeOf<PDL_AnyType>:$range,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$index);
  let results = (outs PDL_AnyType:$result);
  let assemblyFormat = "$index `of` $range `:` type($result) attr-dict";
}

def PDLInterp_FinalizeOp : PDLInterp_Op<"finalize", [Pure, Terminator]> {
  let summary = "Finalize a pattern match or rewrite sequence";
  let description = "Ends the matcher or a rewriter function.";
  let assemblyFormat = "attr-dict";
}

def PDLInterp_ForEachOp : PDLInterp_Op<"foreach", [Terminator]> {
  let summary = "Iterates over a range of values or ranges";
  let description = [{
    Runs its region once per element of `values` (the region's argument), then
    continues at `successor`.
  }];
  let arguments = (ins PDL_RangeOf<PDL_AnyType>:$values);
  let regions = (region AnyRegion:$region);
  let successors = (successor AnySuccessor:$successor);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def PDLInterp_FuncOp : PDLInterp_Op<"func", [FunctionOpInterface, IsolatedFromAbove]> {
  let summary = "PDL Interpreter Function Operation";
  let description = [{
    A function of the interpreter: the matcher, or one rewriter. It is written as
    `func.func` is.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region MinSizedRegion<1>:$body);
  // Only a named builder, with the entry block made from the type (upstream's C++).
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::FunctionType":$type)>];
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
}

def PDLInterp_GetAttributeOp : PDLInterp_Op<"get_attribute", [Pure]> {
  let summary = "Get a specified attribute value from an `Operation`";
  let description = "The attribute `name` of `inputOp`, or a null handle.";
  let arguments = (ins PDL_Operation:$inputOp, StrAttr:$name);
  let results = (outs PDL_Attribute:$attribute);
  let assemblyFormat = "$name `of` $inputOp attr-dict";
}

def PDLInterp_GetAttributeTypeOp : PDLInterp_Op<"get_attribute_type", [Pure]> {
  let summary = "Get the result type of a specified `Attribute`";
  let description = "The type of the typed attribute `value`, or a null handle.";
  let arguments = (ins PDL_Attribute:$value);
  let results = (outs PDL_Type:$result);
  let assemblyFormat = "`of` $value attr-dict";
}

def PDLInterp_GetDefiningOpOp : PDLInterp_Op<"get_defining_op", [Pure]> {
  let summary = "Get the defining operation of a `Value`";
  let description = [{
    The operation defining `value` (for a range, its first value), or a null handle.
  }];
  let arguments = (ins PDL_InstOrRangeOf<PDL_Value>:$value);
  let results = (outs PDL_Operation:$inputOp);
  let assemblyFormat = "`of` $value `:` type($value) attr-dict";
}

def PDLInterp_GetOperandOp : PDLInterp_Op<"get_operand", [Pure]> {
  let summary = "Get a specified operand from an `Operation`";
  let description = "Operand `index` of `inputOp`, or a null handle.";
  let arguments = (ins PDL_Operation:$inputOp,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$index);
  let results = (outs PDL_Value:$value);
  let assemblyFormat = "$index `of` $inputOp attr-dict";
}

def PDLInterp_GetOperandsOp : PDLInterp_Op<"get_operands", [Pure]> {
  let summary = "Get a specified operand group from an `Operation`";
  let description = [{
    The operands of `inputOp`: all, or operand group `index` (a value or a range, as
    the result type says).
  }];
  let arguments = (ins PDL_Operation:$inputOp,
                       OptionalAttr<ConfinedAttr<I32Attr, [IntNonNegative]>>:$index);
  let results = (outs PDL_InstOrRangeOf<PDL_Value>:$value);
  let assemblyFormat = "($index^)? `of` $inputOp `:` type($value) attr-dict";
}

def PDLInterp_GetResultOp : PDLInterp_Op<"get_result", [Pure]> {
  let summary = "Get a specified result from an `Operation`";
  let description = "Result `index` of `inputOp`, or a null handle.";
  let arguments = (ins PDL_Operation:$inputOp,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$index);
  let results = (outs PDL_Value:$value);
  let assemblyFormat = "$index `of` $inputOp attr-dict";
}

def PDLInterp_GetResultsOp : PDLInterp_Op<"get_results", [Pure]> {
  let summary = "Get a specified result group from an `Operation`";
  let description = [{
    The results of `inputOp`: all, or result group `index` (a value or a range, as the
    result type says).
  }];
  let arguments = (ins PDL_Operation:$inputOp,
                       OptionalAttr<ConfinedAttr<I32Attr, [IntNonNegative]>>:$index);
  let results = (outs PDL_InstOrRangeOf<PDL_Value>:$value);
  let assemblyFormat = "($index^)? `of` $inputOp `:` type($value) attr-dict";
}

def PDLInterp_GetUsersOp : PDLInterp_Op<"get_users", [Pure]> {
  let summary = "Get the users of a `Value`";
  let description = "The operations using `value` (or any value of the range).";
  let arguments = (ins PDL_InstOrRangeOf<PDL_Value>:$value);
  let results = (outs PDL_RangeOf<PDL_Operation>:$operations);
  let assemblyFormat = "`of` $value `:` type($value) attr-dict";
}

def PDLInterp_GetValueTypeOp : PDLInterp_Op<"get_value_type", [Pure,
    TypesMatchWith<"`value` type matches arity of `result`",
                   "result", "value", "getGetValueTypeOpValueType($_self)">]> {
  let summary = "Get the result type of a specified `Value`";
  let description = "The type of `value`, or the types of a range of values.";
  let arguments = (ins PDL_InstOrRangeOf<PDL_Value>:$value);
  let results = (outs PDL_InstOrRangeOf<PDL_Type>:$result);
  let assemblyFormat = "`of` $value `:` type($result) attr-dict";
}

def PDLInterp_IsNotNullOp : PDLInterp_PredicateOp<"is_not_null", [Pure]> {
  let summary = "Check if a positional value is non-null";
  let description = "Branches on whether `value` is a handle to something.";
  let arguments = (ins PDL_AnyType:$value);
  let assemblyFormat = "$value `:` type($value) attr-dict `->` successors";
}

def PDLInterp_CreateRangeOp : PDLInterp_Op<"create_range", [Pure]> {
  let summary = "Construct a range of PDL entities";
  let description = "Concatenates handles and ranges (types or values) into one range.";
  let arguments = (ins Variadic<PDL_AnyType>:$arguments);
  let results = (outs PDL_RangeOf<AnyTypeOf<[PDL_Type, PDL_Value]>>:$result);
  let assemblyFormat = [{
    ($arguments^ `:` type($arguments))?
    custom<RangeType>(ref(type($arguments)), type($result))
    attr-dict
  }];
  let hasVerifier = 1;
}

def PDLInterp_RecordMatchOp
    : PDLInterp_Op<"record_match", [AttrSizedOperandSegments, Terminator]> {
  let summary = "Record the metadata for a successful pattern match";
  let description = [{
    Records a match: the rewriter to call with `inputs`, the pattern's benefit, the
    matched ops (for locations), optionally its root kind and the ops it may create;
    then continues at `dest`.
  }];
  let arguments = (ins Variadic<PDL_AnyType>:$inputs,
                       Variadic<PDL_Operation>:$matchedOps,
                       SymbolRefAttr:$rewriter,
                       OptionalAttr<StrAttr>:$rootKind,
                       OptionalAttr<StrArrayAttr>:$generatedOps,
                       ConfinedAttr<I16Attr, [IntNonNegative]>:$benefit);
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = [{
    $rewriter (`(` $inputs^ `:` type($inputs) `)`)? `:`
    `benefit` `(` $benefit `)` `,`
    (`generatedOps` `(` $generatedOps^ `)` `,`)?
    `loc` `(` `[` $matchedOps `]` `)`
    (`,` `root` `(` $rootKind^ `)`)? attr-dict `->` $dest
  }];
}

def PDLInterp_ReplaceOp : PDLInterp_Op<"replace"> {
  let summary = "Mark an operation as `replace`d";
  let description = "Replaces the results of `inputOp` by `replValues` and erases it.";
  let arguments = (ins PDL_Operation:$inputOp,
                       Variadic<PDL_InstOrRangeOf<PDL_Value>>:$replValues);
  let assemblyFormat = [{
    $inputOp `with` ` ` `(` ($replValues^ `:` type($replValues))? `)`
    attr-dict
  }];
}

def PDLInterp_SwitchAttributeOp : PDLInterp_SwitchOp<"switch_attribute", [Pure]> {
  let summary = "Switch on the value of an `Attribute`";
  let description = "Branches to the case whose value `attribute` is.";
  let arguments = (ins PDL_Attribute:$attribute, ArrayAttr:$caseValues);
  let assemblyFormat = [{
    $attribute `to` $caseValues `(` $cases `)` attr-dict `->` $defaultDest
  }];
  let hasVerifier = 1;
}

def PDLInterp_SwitchOperandCountOp : PDLInterp_SwitchOp<"switch_operand_count", [Pure]> {
  let summary = "Switch on the operand count of an `Operation`";
  let description = "Branches to the case whose value is the operand count of `inputOp`.";
  let arguments = (ins PDL_Operation:$inputOp, I32ElementsAttr:$caseValues);
  let assemblyFormat = [{
    `of` $inputOp `to` $caseValues `(` $cases `)` attr-dict `->` $defaultDest
  }];
  let hasVerifier = 1;
}

def PDLInterp_SwitchOperationNameOp
    : PDLInterp_SwitchOp<"switch_operation_name", [Pure]> {
  let summary = "Switch on the OperationName of an `Operation`";
  let description = "Branches to the case whose value is the name of `inputOp`.";
  let arguments = (ins PDL_Operation:$inputOp, StrArrayAttr:$caseValues);
  let assemblyFormat = [{
    `of` $inputOp `to` $caseValues `(` $cases `)` attr-dict `->` $defaultDest
  }];
  let hasVerifier = 1;
}

def PDLInterp_SwitchResultCountOp : PDLInterp_SwitchOp<"switch_result_count", [Pure]> {
  let summary = "Switch on the result count of an `Operation`";
  let description = "Branches to the case whose value is the result count of `inputOp`.";
  let arguments = (ins PDL_Operation:$inputOp, I32ElementsAttr:$caseValues);
  let assemblyFormat = [{
    `of` $inputOp `to` $caseValues `(` $cases `)` attr-dict `->` $defaultDest
  }];
  let hasVerifier = 1;
}

def PDLInterp_SwitchTypeOp : PDLInterp_SwitchOp<"switch_type", [Pure]> {
  let summary = "Switch on a `Type` value";
  let description = "Branches to the case whose type `value` is.";
  let arguments = (ins PDL_Type:$value, TypeArrayAttr:$caseValues);
  let assemblyFormat = [{
    $value `to` $caseValues `(` $cases `)` attr-dict `->` $defaultDest
  }];
  let hasVerifier = 1;
}

def PDLInterp_SwitchTypesOp : PDLInterp_SwitchOp<"switch_types", [Pure]> {
  let summary = "Switch on a range of `Type` values";
  let description = "Branches to the case whose types the range `value` is.";
  let arguments = (ins PDL_RangeOf<PDL_Type>:$value,
                       TypedArrayAttrBase<TypeArrayAttr, "type-array array attribute">:$caseValues);
  let assemblyFormat = [{
    $value `to` $caseValues `(` $cases `)` attr-dict `->` $defaultDest
  }];
  let hasVerifier = 1;
}

#endif // TESSERA_PDLINTERP_TD
