// `either`: two operands matched in either order; a rule lowers to one pattern per order
// (the written order first, as upstream's generated matcher tries it).
include "test_dialect.td"

// d(x, b()) and d(b(), x) both become e(x).
def DOfB : Pat<(DOp (either $x, (BOp))), (EOp $x)>;

// Nested ops under either: pair(f(a), same(s)) and pair(same(s), f(a)) are replaced by a, s.
def PairOfFAndSame : Pattern<(PairOp (either (FOp $a), (SameOp $s))),
                             [(replaceWithValue $a), (replaceWithValue $s)]>;
