// DIALECT: second
// Two dialects in one file: documentation of one of them is asked for by name. Its
// description places the table of contents itself.
include "ods_base.td"

def First_Dialect : Dialect {
  let name = "first";
}
def Second_Dialect : Dialect {
  let name = "second";
  let cppNamespace = "second";
  let description = [{
    Before the contents.

    [TOC]

    After them.
  }];
}
def AnyType : Type<CPred<"true">, "any type">;
def First_ThingOp : Op<First_Dialect, "thing"> {
  let summary = "in the first dialect";
}
def Second_ZOp : Op<Second_Dialect, "z"> {
  let summary = "last by name";
  let arguments = (ins AnyType:$in);
}
def Second_AOp : Op<Second_Dialect, "A"> {
  let summary = "first by name, case ignored";
  let results = (outs AnyType:$out);
}
def Second_bOp : Op<Second_Dialect, "b"> {
  let summary = "  spaced summary  ";
  let description = "no trailing newline";
}
