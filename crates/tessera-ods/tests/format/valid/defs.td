// Valid attribute and type formats; defs.dump holds what they parse to.
include "format_base.td"
def D : Dialect { let name = "d"; }

def Pair : TypeDef<D, "Pair"> {
  let mnemonic = "pair";
  let parameters = (ins "::mlir::Type":$first, OptionalParameter<"int">:$width);
  let assemblyFormat = "`<` qualified($first) (`,` $width^)? `>`";
}

def Rec : AttrDef<D, "Rec"> {
  let mnemonic = "rec";
  let parameters = (ins AttributeSelfTypeParameter<"">:$type, "int":$a, "int":$b);
  let assemblyFormat = [{ `<` struct(params) `>` custom<Tail>(ref($a), "s") }];
}
