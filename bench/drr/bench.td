// The greedy-driver benchmark's four patterns (bench/rewrite/gen.py, written there in PDL)
// as DRR rules, over its ops declared with ODS.
include "tessera/OpBase.td"
include "tessera/PatternBase.td"

def Bench_Dialect : Dialect { let name = "bench"; }
class Unary<string mnemonic> : Op<Bench_Dialect, mnemonic> {
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
}
def StartOp : Op<Bench_Dialect, "start"> { let results = (outs AnyType:$output); }
def SinkOp : Op<Bench_Dialect, "sink"> { let arguments = (ins AnyType:$input); }
def AOp : Unary<"a">;
def A2Op : Unary<"a2">;
def BOp : Unary<"b">;
def COp : Unary<"c">;
def DOp : Unary<"d">;
def FOp : Unary<"f">;
def GOp : Unary<"g">;
def HOp : Unary<"h">;
def H2Op : Unary<"h2">;
def IOp : Unary<"i">;
def JOp : Unary<"j">;
def KOp : Unary<"k">;
def LOp : Unary<"l">;

// Benefit 1 each, as the PDL patterns have (b_of_c matches two ops).
def rename_a : Pat<(AOp $x), (A2Op $x)>;
def b_of_c : Pat<(BOp (COp:$c $y)), (DOp $c), [], [], (addBenefit -1)>;
def forward_f : Pat<(FOp $x), (replaceWithValue $x)>;
def rename_h : Pat<(HOp $x), (H2Op $x)>;
