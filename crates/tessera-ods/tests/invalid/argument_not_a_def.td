// Checked against mlir-tblgen 19 -gen-op-doc / -gen-dialect-doc (it stops at the first error).
include "ods_base.td"
def D : Dialect { let name = "d"; }
def I32 : Type<CPred<"$_self.isInteger(32)">, "i32">;
def IAttr : Attr<CPred<"true">, "int attr">;
def AnyRegion : Region<CPred<"true">, "any region">;
// expected-error@+1 {{undefined type for argument #1}}
def StringArgOp : Op<D, "string_arg"> {
  let arguments = (ins I32:$a, ?:$b);
}
