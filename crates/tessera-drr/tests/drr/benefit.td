// Benefits: the number of ops a rule matches, adjusted by `addBenefit`. With several
// rules on one root, the highest benefit is tried first.
include "test_dialect.td"

// Benefit 1.
def EToF : Pat<(EOp $x), (FOp $x)>;
// Benefit 2: tried before EToF where it matches.
def EOfBToSame : Pat<(EOp (BOp:$b)), (SameOp $b)>;
// Benefit 2 + 4 = 6: beats both on e(f(x)).
def EOfFToD : Pat<(EOp (FOp $x)), (DOp $x, $x), [], [], (addBenefit 4)>;
// Benefit 3 - 3 = 0: never beats EToF.
def EOfSameOfB : Pat<(EOp (SameOp (BOp))), (BOp), [], [], (addBenefit -3)>;
