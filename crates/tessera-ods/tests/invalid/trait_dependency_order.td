// Checked against mlir-tblgen 19 -gen-op-doc / -gen-dialect-doc (it stops at the first error).
include "ods_base.td"
def D : Dialect { let name = "d"; }
def First : NativeOpTrait<"First">;
def Second : NativeOpTrait<"Second", [First]>;
// expected-error@+1 {{Second requires First to precede it in traits list}}
def OrderOp : Op<D, "order", [Second, First]>;
def InOrderOp : Op<D, "in_order", [First, Second]>;
