// A small dialect for the PDLL example: its ops are registered from this file (when a PDLL
// file includes it, tessera-opt registers them too) and read and printed in custom form.

include "tessera/InferTypeOpInterface.td"

def Calc_Dialect : Dialect {
  let name = "calc";
  let cppNamespace = "::calc";
}

class Calc_Op<string mnemonic, list<Trait> traits = []>
    : Op<Calc_Dialect, mnemonic, traits>;

def Calc_ConstOp : Calc_Op<"const", [Pure]> {
  let summary = "an i32 constant";
  let arguments = (ins I32Attr:$value);
  let results = (outs I32:$result);
  let assemblyFormat = "$value attr-dict";
}

class Calc_BinaryOp<string mnemonic> : Calc_Op<mnemonic, [Pure]> {
  let arguments = (ins I32:$lhs, I32:$rhs);
  let results = (outs I32:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
}

def Calc_AddOp : Calc_BinaryOp<"add"> { let summary = "addition"; }
def Calc_MulOp : Calc_BinaryOp<"mul"> { let summary = "multiplication"; }
def Calc_ShlOp : Calc_BinaryOp<"shl"> { let summary = "shift left"; }

def Calc_NegOp : Calc_Op<"neg", [Pure]> {
  let summary = "negation";
  let arguments = (ins I32:$input);
  let results = (outs I32:$result);
  let assemblyFormat = "$input attr-dict";
}

def Calc_TruncOp : Calc_Op<"trunc", [Pure]> {
  let summary = "truncation of an integer to i32";
  let arguments = (ins AnyTypeOf<[I32, I64]>:$input);
  let results = (outs I32:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}
