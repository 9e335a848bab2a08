// Optional and default-valued attributes: a rule binding or constraining one lowers to a
// pattern for ops that have it and one for ops that lack it (checked absent), where a
// default stands in and an optional one is left out of the ops built from it.
include "test_dialect.td"

// Carried over when present, left out when absent.
def CarryOptional : Pat<(OptOp $x, $m), (OptOutOp $x, $m)>;

// A default-valued attribute's default is what the rule sees when the op lacks it.
def DefaultLevel : Pat<(DefOp $x, $l), (OptOutOp $x, $l)>;

// A constant on a default-valued attribute holds for the default (absent) too.
def LevelSeven : Pat<(DefOp $x, ConstantAttr<I32Attr, "7">), (EOp $x), [], [], (addBenefit 1)>;

// A constrained optional attribute must be there, as upstream's matcher requires.
def OptOne : Pat<(OptOp (BOp:$b), ConstantAttr<I32Attr, "1">), (FOp $b), [], [], (addBenefit 1)>;

// A unit attribute is absent when false: its default builds no attribute, so the bound symbol
// is left out of the result where the op lacks it (upstream's verifyUnitAttr).
def UnitFlag : Pat<(UnitOp $x, $flag), (TwoUnitOp $x, ConstUnitAttr, $flag)>;
