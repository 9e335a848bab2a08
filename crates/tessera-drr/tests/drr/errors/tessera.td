// Mistakes mlir-tblgen 19 lets through to a C++ compile error (or a crash), and what is not
// supported yet: each is a diagnostic naming the problem or the directive.
include "test_dialect.td"

// expected-error@+1 {{'a' is an attribute, used as an operand of op 'test.c'}}
def : Pat<(AOp $x, $a), (COp $a, $x)>;

// expected-error@+1 {{symbol 'a__1' has no value 1}}
def : Pat<(AOp $x, $a), (COp $x, $a__1)>;

// expected-error@+1 {{symbol 'r__3': op 'test.a' has only 1 results}}
def : Pat<(AOp:$r $x, $a), (COp $r__3, $a)>;

// expected-error@+1 {{location directive takes bound symbols and at most one string}}
def : Pat<(AOp $x, $a), (COp $x, $a, (location 3))>;

// expected-error@+1 {{either directive must take exactly two arguments}}
def : Pat<(DOp (either $x, $y, $z)), (FOp $x)>;

// expected-error@+1 {{cannot bind 'r' to a NativeCodeCall that returns no value}}
def : Pattern<(AOp $x, $a), [(NativeCodeCallVoid<"foo($0)">:$r $a), (COp $x, $a)]>;

// expected-error@+1 {{a NativeCodeCall used as an argument of op 'test.c' must return one value}}
def : Pat<(AOp $x, $a), (COp $x, (NativeCodeCall<"foo($0)", 2> $a))>;

// expected-error@+1 {{building properties (op 'test.prop') is not supported yet}}
def : Pat<(EOp $x), (PropOp $x, $x)>;

// expected-error@+1 {{returnType takes bound symbols, strings of C++ and NativeCodeCalls}}
def : Pat<(EOp $x), (DOp (BOp (returnType 32)), $x)>;

// expected-error@+1 {{'HasNoUseOf' is not an op (source pattern)}}
def : Pat<(HasNoUseOf $x), (BOp)>;
