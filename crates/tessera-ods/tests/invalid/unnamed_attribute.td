// Checked against mlir-tblgen 19 -gen-op-doc / -gen-dialect-doc (it stops at the first error).
include "ods_base.td"
def D : Dialect { let name = "d"; }
def I32 : Type<CPred<"$_self.isInteger(32)">, "i32">;
def IAttr : Attr<CPred<"true">, "int attr">;
def AnyRegion : Region<CPred<"true">, "any region">;
// The error points at the attribute, as upstream's does.
// expected-error@-3 {{attributes must be named}}
def UnnamedAttrOp : Op<D, "unnamed"> {
  let arguments = (ins IAttr);
}
