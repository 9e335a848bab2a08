// Valid op formats; ops.dump holds what they parse to (UPDATE_EXPECT=1 rewrites it).
include "format_base.td"
def D : Dialect { let name = "d"; }

def Kind : I32EnumAttr<"Kind", "a kind", [I32EnumAttrCase<"A", 0, "a">]> {
  let constBuilderCall = "::d::KindAttr::get($_builder.getContext(), $0)";
}

// Result type from the operands' by SameOperandsAndResultType.
def Add : Op<D, "add", [SameOperandsAndResultType]> {
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

// A buildable result type, a TypesMatchWith operand and an attribute with an elided type.
def Load : Op<D, "load", [TypesMatchWith<"index type", "base", "offset", "getIndexType($_self)">]> {
  let arguments = (ins AnyType:$base, AnyType:$offset, I32Attr:$align, Kind:$kind);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    $kind $base `[` $offset `]` `align` $align attr-dict `:` type($base)
  }];
}

// Result types inferred by the interface; optional group with an else branch; oilist.
def Call : Op<D, "call", [InferTypes]> {
  let arguments = (ins SymbolNameAttr:$callee, Variadic<AnyType>:$args,
                       OptionalAttr<I32Attr>:$p, UnitAttr:$fast);
  let results = (outs AnyType:$r);
  let assemblyFormat = [{
    $callee `(` $args `)` (`[` $p^ `]`) : (`none`)?
    oilist(`fast` $fast) attr-dict `:` functional-type($args, results)
  }];
}

// Regions, successors and a custom directive with every kind of argument.
def Branch : Op<D, "branch"> {
  let arguments = (ins Variadic<AnyType>:$ops, AnyAttr:$any);
  let regions = (region AnyRegion:$body);
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = [{
    qualified($any) custom<Thing>($ops, type($ops), ref($any), "x\"y") `\n`
    attr-dict-with-keyword $body `->` $dest
  }];
}

// AllTypesMatch from an attribute's type.
def Constant : Op<D, "constant", [AllTypesMatch<["value", "result"]>]> {
  let arguments = (ins AnyAttr:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict $value";
}
