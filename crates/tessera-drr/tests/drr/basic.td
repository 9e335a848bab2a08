// Source and result patterns of the spec's first examples: binding operands and
// attributes, nested ops on both sides, binding op results, constant attributes.
include "test_dialect.td"

// Referencing bound symbols: an a becomes a c of the same operand and attribute.
def AToC : Pat<(AOp $input, $attr), (COp $input, $attr)>;

// Matching a DAG and binding the nested op's result: d(b) becomes d(b, b).
def NestedB : Pat<(EOp (BOp:$b)), (DOp $b, $b)>;

// Generating a DAG, binding a result op for reuse: f(x) becomes d(b, b) with one new b.
// BOp is built in a nested result: ODS cannot infer its type, so returnType gives it.
def ReuseB : Pat<(FOp $x), (DOp (BOp:$b (returnType $x)), $b)>;

// A constant attribute matched in the source and built in the result.
def ConstSeven : Pat<(StrOp $x, ConstantStrAttr<StrAttr, "seven">),
                     (StrOp $x, ConstantStrAttr<StrAttr, "7">)>;

// replaceWithValue: same(x) is x.
def DropSame : Pat<(SameOp $x), (replaceWithValue $x)>;

// `$_` ignores an argument; a constraint alone (no symbol) still limits the match.
def IgnoreInput : Pat<(AOp:$op $_, I16Attr), (BOp:$b), [], [], (addBenefit 1)>;

// returnType with C++ that builds a type, evaluated by Tessera.
def EOfStr : Pat<(EOp (StrOp $x, $t)), (DOp (BOp (returnType "$_builder.getIntegerType(16)")), $x)>;
