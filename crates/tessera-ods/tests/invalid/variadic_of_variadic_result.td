// Checked against mlir-tblgen 19 -gen-op-doc / -gen-dialect-doc (it stops at the first error).
include "ods_base.td"
def D : Dialect { let name = "d"; }
def I32 : Type<CPred<"$_self.isInteger(32)">, "i32">;
def IAttr : Attr<CPred<"true">, "int attr">;
def AnyRegion : Region<CPred<"true">, "any region">;
// expected-error@+1 {{'VariadicOfVariadic' results are currently not supported}}
def VovResultOp : Op<D, "vov"> {
  let results = (outs VariadicOfVariadic<I32, "sizes">:$r);
}
