// Rules of equal benefit on one root: upstream tries them by record name (SameToE first).
include "test_dialect.td"

def SameToE : Pat<(SameOp $x), (EOp $x)>;
def SameToF : Pat<(SameOp $x), (FOp $x)>;

