// The builtin dialect's ops, declared for Tessera: `builtin.module` and
// `builtin.unrealized_conversion_cast`, with the syntax and constraints `mlir-opt` 19 has.

#ifndef TESSERA_BUILTIN_TD
#define TESSERA_BUILTIN_TD

include "tessera/OpBase.td"

def Builtin_Dialect : Dialect {
  let name = "builtin";
  let cppNamespace = "::mlir";
  let summary = "A dialect containing the builtin Attributes, Operations, and Types";
}

class Builtin_Op<string mnemonic, list<Trait> traits = []>
    : Op<Builtin_Dialect, mnemonic, traits>;

def ModuleOp : Builtin_Op<"module", [
    AffineScope, IsolatedFromAbove, NoRegionArguments, SymbolTable, Symbol,
    OpAsmOpInterface, GraphRegionNoTerminator]> {
  let summary = "A top level container operation";
  let description = [{
    A module holds one region with one block of ops. It may carry a symbol name and
    visibility, and attributes of its own.
  }];
  let arguments = (ins OptionalAttr<SymbolNameAttr>:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility);
  let regions = (region SizedRegion<1>:$bodyRegion);
  let assemblyFormat = "($sym_name^)? attr-dict-with-keyword $bodyRegion";
  let hasVerifier = 1;
}

def UnrealizedConversionCastOp : Builtin_Op<"unrealized_conversion_cast", [Pure]> {
  let summary = "An unrealized conversion from one set of types to another";
  let description = [{
    Stands for a conversion between values of different types that a later step must
    resolve; dialect conversion inserts it where types do not match yet.
  }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = [{
    ($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

#endif // TESSERA_BUILTIN_TD
