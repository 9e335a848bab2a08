// A Toy rewrite in DRR, beside the PDLL ones: build.rs turns it into OUT_DIR/transpose.rs.

include "toy.td"
include "tessera/PatternBase.td"

// transpose(transpose(x)) -> x
def TransposeTransposeOptPattern
    : Pat<(Toy_TransposeOp (Toy_TransposeOp $x)), (replaceWithValue $x)>;
