// Errors found when the whole op format is checked: they point at its first token.
include "format_base.td"
def D : Dialect { let name = "d"; }

// expected-error@+5 {{'attr-dict' directive not found in custom assembly format}}
def NoDict : Op<D, "no_dict"> {
  let arguments = (ins I32:$a);
  let results = (outs I32:$r);
  let assemblyFormat = [{
    $a
  }];
}

// expected-error@+3 {{operand #1, named 'b', not found}}
def MissingOperand : Op<D, "missing_operand"> {
  let arguments = (ins AnyType:$a, AnyType:$b);
  let assemblyFormat = [{ $a attr-dict `:` type($a) }];
}

// expected-error@+4 {{type of result #0, named 'r', is not buildable and a buildable type cannot be inferred}}
def UnbuildableResult : Op<D, "unbuildable_result"> {
  let arguments = (ins AnyType:$a);
  let results = (outs AnyType:$r);
  let assemblyFormat = [{ $a attr-dict `:` type($a) }];
}

// expected-error@+3 {{type of operand #0, named 'v', is not buildable and a buildable type cannot be inferred}}
def AllOperandsVariadic : Op<D, "all_operands_variadic"> {
  let arguments = (ins Variadic<Index>:$v);
  let assemblyFormat = [{ operands attr-dict }];
}

// expected-error@+3 {{format ambiguity caused by `:` literal found after attribute `any` which does not have a buildable type}}
def ColonAfterAttr : Op<D, "colon_after_attr"> {
  let arguments = (ins AnyAttr:$any, OptionalAttr<I32Attr>:$opt);
  let assemblyFormat = [{ $any ($opt^)? `:` attr-dict }];
}

// expected-error@+3 {{format ambiguity caused by `attr-dict` directive followed by region `body`}}
def DictThenRegion : Op<D, "dict_then_region"> {
  let regions = (region AnyRegion:$body);
  let assemblyFormat = [{ attr-dict $body }];
}

// expected-error@+3 {{successor #0, named 'dest', not found}}
def MissingSuccessor : Op<D, "missing_successor"> {
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = [{ attr-dict }];
}

// expected-error@+3 {{format ambiguity because x is used in two adjacent oilist elements.}}
def AdjacentOILists : Op<D, "adjacent_oilists"> {
  let arguments = (ins OptionalAttr<I32Attr>:$p, OptionalAttr<I32Attr>:$q);
  let assemblyFormat = [{ oilist(`x` $p) oilist(`x` $q) attr-dict }];
}
