// Errors found while parsing op formats; texts are mlir-tblgen 19's for the same input.
include "format_base.td"
def D : Dialect { let name = "d"; }

class TestOp<string fmt> : Op<D, "op"> {
  let arguments = (ins I32:$a, Variadic<AnyType>:$v, OptionalAttr<I32Attr>:$attr, AnyAttr:$any);
  let results = (outs AnyType:$r);
  let assemblyFormat = fmt;
}

// Formats inherited from a class are reported at the def.
// expected-error@+1 {{operand 'a' is already bound}}
def Dup : TestOp<"$a $a attr-dict">;

// expected-error@+3 {{expected variable to refer to an argument, region, result, or successor}}
def Unknown : TestOp<""> {
  let assemblyFormat = [{
    $a $bogus attr-dict
  }];
}

// expected-error@+2 {{'attr-dict' directive has already been seen}}
def TwoDicts : TestOp<""> {
  let assemblyFormat = [{ attr-dict attr-dict }];
}

// A lexical error is followed by the parser's complaint about the token, as upstream's is.
// expected-error@+3 {{unexpected character}}
// expected-error@+2 {{expected literal, variable, directive, or optional group}}
def BadChar : TestOp<""> {
  let assemblyFormat = [{ $a ~ attr-dict }];
}

// expected-error@+3 {{expected valid literal but got '%': single character literal must be a letter or one of '_:,=<>()[]{}?+*'}}
def BadLiteral : TestOp<""> {
  let assemblyFormat = [{
    $a `%` attr-dict
  }];
}

// expected-error@+2 {{optional group has no anchor element}}
def NoAnchor : TestOp<""> {
  let assemblyFormat = [{ $a (`x` $v)? attr-dict }];
}

// expected-error@+2 {{only variable length operands can be used within an optional group}}
def FixedInGroup : TestOp<""> {
  let assemblyFormat = [{ (`x` $v^ $a)? attr-dict }];
}

// expected-error@+2 {{only variables and types can be used to anchor an optional group}}
def LiteralAnchor : TestOp<""> {
  let assemblyFormat = [{ $a (`x`^ $v)? attr-dict }];
}

// expected-error@+2 {{only optional or default-valued attributes can be used to anchor an optional group}}
def RequiredAnchor : TestOp<""> {
  let assemblyFormat = [{ $a $v ($any^ `x`)? attr-dict }];
}

// expected-error@+2 {{first parsable element of an optional group must be a literal, variable, or custom directive}}
def TypeFirst : TestOp<""> {
  let assemblyFormat = [{ $a (` ` type($v)^ $v)? attr-dict }];
}

// expected-error@+2 {{'type' cannot be used as a child of another `type`}}
def NestedType : TestOp<""> {
  let assemblyFormat = [{ $a $v attr-dict type(type($r)) }];
}

// expected-error@+2 {{result variables can can only be used as a child to a 'type' directive}}
def BareResult : TestOp<""> {
  let assemblyFormat = [{ $a $v attr-dict $r }];
}

// expected-error@+2 {{'ref' is only valid within a `custom` directive}}
def TopRef : TestOp<""> {
  let assemblyFormat = [{ $a $v attr-dict ref($a) }];
}

// expected-error@+2 {{operand 'a' must be bound before it is referenced}}
def EarlyRef : TestOp<""> {
  let assemblyFormat = [{ $v custom<X>(ref($a)) $a attr-dict }];
}

// expected-error@+2 {{only variables and types may be used as parameters to a custom directive}}
def CustomOperands : TestOp<""> {
  let assemblyFormat = [{ custom<X>(operands) attr-dict }];
}

// expected-error@+2 {{expected '>' after custom directive name}}
def CustomUnclosed : TestOp<""> {
  let assemblyFormat = [{ $a $v attr-dict custom<X }];
}

// expected-error@+2 {{'qualified' directive expects an attribute or a `type` directive}}
def QualifiedOperand : TestOp<""> {
  let assemblyFormat = [{ qualified($a) $v attr-dict }];
}

// expected-error@+2 {{only optional attributes can be used in an oilist parsing group}}
def OIListRequired : TestOp<""> {
  let assemblyFormat = [{ $a $v attr-dict oilist(`x` $any) }];
}

// expected-error@+2 {{strings may only be used as 'custom' directive arguments}}
def TopString : TestOp<""> {
  let assemblyFormat = [{ $a $v attr-dict "s" }];
}

// expected-error@+2 {{unsupported directive kind}}
def ParamsInOp : TestOp<""> {
  let assemblyFormat = [{ $a $v attr-dict params }];
}
