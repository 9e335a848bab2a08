// The location directive: the location of bound ops (fused when several), a NameLoc, or a
// fused location with a name as metadata. Checked with --mlir-print-debuginfo.
include "test_dialect.td"

def NamedOuter : Pat<(EOp:$e (FOp:$f $x)), (FOp (EOp $x, (returnType $x), (location $f)), (location "outer"))>;
def FusedTwo : Pat<(EOp:$e (SameOp:$s $x)), (FOp $x, (location $e, $s))>;
def FusedTagged : Pat<(EOp:$e (BOp:$b)), (FOp $b, (location $e, $b, "tag"))>;
