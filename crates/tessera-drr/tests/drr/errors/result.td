// Mistakes in result patterns, reported as mlir-tblgen 19 reports them.
include "test_dialect.td"

// expected-error@+1 {{op 'test.c' argument number mismatch: 1 in pattern vs. 2 in definition}}
def : Pat<(AOp $x, $a), (COp $x)>;

// expected-error@+1 {{referencing unbound symbol 'y'}}
def : Pat<(AOp $x, $a), (COp $y, $a)>;

// expected-error@+1 {{replaceWithValue directive must take exactly one argument}}
def : Pat<(AOp $x, $a), (replaceWithValue $x, $a)>;

// expected-error@+1 {{not enough values generated to replace the matched op}}
def : Pattern<(AOp $x, $a), []>;

// expected-error@+1 {{not enough values generated to replace the matched op}}
def : Pattern<(PairOp $x, $y), [(replaceWithValue $x)]>;

// expected-error@+1 {{cannot use the same multi-result op '' to generate both auxiliary values and values to be used for replacing the matched op}}
def : Pattern<(AOp $x, $a), [(PairOp $x, $x), (PairOp $x, $x)]>;

// expected-error@+1 {{Cannot specify explicit return types in an op whose return values replace the source pattern's root op}}
def : Pat<(AOp $x, $a), (COp $x, $a, (returnType $x))>;

// expected-error@+1 {{only NativeCodeCall allowed in nested dag node for creating attribute}}
def : Pat<(AOp $x, $a), (COp $x, (BOp))>;

// expected-error@+1 {{referencing unbound symbol 'q'}}
def : Pattern<(AOp $x, $a), [(COp $x, $a), (replaceWithValue $q)]>;

// expected-error@+1 {{Only one string attribute may be specified}}
def : Pat<(AOp $x, $a), (COp $x, $a, (location "a", "b"))>;
