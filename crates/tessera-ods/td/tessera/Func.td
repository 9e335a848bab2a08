// The func dialect, declared for Tessera: functions, calls, returns and function
// constants, with the syntax and constraints `mlir-opt` 19 has.

#ifndef TESSERA_FUNC_TD
#define TESSERA_FUNC_TD

include "tessera/OpBase.td"

def Func_Dialect : Dialect {
  let name = "func";
  let cppNamespace = "::mlir::func";
  let summary = "Functions, calls and returns";
}

class Func_Op<string mnemonic, list<Trait> traits = []> : Op<Func_Dialect, mnemonic, traits>;

def CallIndirectOp : Func_Op<"call_indirect", [
    TypesMatchWith<"callee input types match argument types", "callee", "callee_operands",
                   "::llvm::cast<::mlir::FunctionType>($_self).getInputs()">,
    TypesMatchWith<"callee result types match result types", "callee", "results",
                   "::llvm::cast<::mlir::FunctionType>($_self).getResults()">,
    CallOpInterface]> {
  let summary = "indirect call operation";
  let description = [{
    Calls the function value `callee` with `callee_operands`; the results are those of
    the function type.
  }];
  let arguments = (ins FunctionType:$callee, Variadic<AnyType>:$callee_operands);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = "$callee `(` $callee_operands `)` attr-dict `:` type($callee)";
  let hasCanonicalizeMethod = 1;
}

def CallOp : Func_Op<"call", [
    CallOpInterface, MemRefsNormalizable,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "call operation";
  let description = [{
    Calls the function named by the symbol `callee` in the same module with `operands`.
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

def ConstantOp : Func_Op<"constant", [
    ConstantLike, Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "constant";
  let description = [{
    Produces a value of function type naming the function `value`.
  }];
  let arguments = (ins FlatSymbolRefAttr:$value);
  let results = (outs AnyType);
  let assemblyFormat = "attr-dict $value `:` type(results)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def FuncOp : Func_Op<"func", [
    AffineScope, AutomaticAllocationScope, FunctionOpInterface, IsolatedFromAbove,
    OpAsmOpInterface]> {
  let summary = "An operation with a name containing a single `SSACFG` region";
  let description = [{
    A function: a symbol with a function type, optional argument and result attributes,
    and a body whose entry block's arguments are the function's arguments. Without a body
    it declares an external function.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
}

def ReturnOp : Func_Op<"return", [
    Pure, HasParent<"FuncOp">, MemRefsNormalizable, ReturnLike, Terminator]> {
  let summary = "Function return operation";
  let description = [{
    Returns control and `operands` from the enclosing function, whose result types they
    must match.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

#endif // TESSERA_FUNC_TD
