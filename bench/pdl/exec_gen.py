#!/usr/bin/env python3
"""Generates the PDL executor benchmark inputs (see README.md).

usage (bench/pdl/exec.sh runs it):
  gen.py patterns K      > P.mlir   K PDL patterns in one module: 10 real ones on the op
                                    names of the IR below, K - 10 decoys on names it never
                                    uses (K >= 10); K = 4 gives the four patterns of
                                    bench/rewrite (renames, a two-op match, a forward)
  gen.py ir N            > I.mlir   a chain of N unregistered ops, ten kinds in turn, of
                                    which four (40%) are rewritten by the real patterns
  gen.py combine P I     > F.mlir   `module @patterns` (P, compiled or not) and `module @ir`
                                    (I) in one file, for --test-pdl-bytecode-pass
"""
import sys

KINDS = ["c", "b", "a", "f", "g", "h", "i", "j", "k", "l"]


def one_op(name, root, operands, rewrite):
    """A pattern rooted at a `root` op with `operands` (fresh pdl.operand names) and one
    result, rewritten by the `rewrite` lines."""
    decls = "".join(f"    %{v} = pdl.operand\n" for v in operands)
    args = ", ".join(f"%{v}" for v in operands)
    kinds = ", ".join("!pdl.value" for _ in operands)
    body = "".join(f"      {line}\n" for line in rewrite)
    return (f"  pdl.pattern @{name} : benefit(1) {{\n    %type = pdl.type\n{decls}"
            f'    %root = pdl.operation "{root}"({args} : {kinds}) -> (%type : !pdl.type)\n'
            f"    pdl.rewrite %root {{\n{body}    }}\n  }}\n")


def rename(name, src, dst):
    return one_op(name, src, ["x"], [
        f'%new = pdl.operation "{dst}"(%x : !pdl.value) -> (%type : !pdl.type)',
        "pdl.replace %root with %new"])


B_OF_C = """  pdl.pattern @b_of_c : benefit(1) {
    %type = pdl.type
    %y = pdl.operand
    %c = pdl.operation "bench.c"(%y : !pdl.value) -> (%type : !pdl.type)
    %cv = pdl.result 0 of %c
    %root = pdl.operation "bench.b"(%cv : !pdl.value) -> (%type : !pdl.type)
    pdl.rewrite %root {
      %new = pdl.operation "bench.d"(%cv : !pdl.value) -> (%type : !pdl.type)
      pdl.replace %root with %new
    }
  }
"""

FORWARD_F = one_op("forward_f", "bench.f", ["x"], ["pdl.replace %root with (%x : !pdl.value)"])


def binary(kind):
    """A real pattern that is tried on every `bench.KIND` and fails: it wants two operands."""
    return one_op(f"{kind}_binary", f"bench.{kind}", ["x", "y"],
                  ["pdl.replace %root with (%x : !pdl.value)"])


def patterns(k):
    out = ["module {\n", rename("rename_a", "bench.a", "bench.a2"), B_OF_C, FORWARD_F,
           rename("rename_h", "bench.h", "bench.h2")]
    if k > 4:
        if k < 10:
            sys.exit("K is 4, or at least 10")
        out += [binary(kind) for kind in ["g", "i", "j", "k", "l", "c"]]
        out += [rename(f"decoy_{i}", f"bench.decoy{i}", f"bench.decoy{i}_done")
                for i in range(k - 10)]
    out.append("}\n")
    return "".join(out)


def ir(n):
    out = ["module {\n", '  %0 = "bench.start"() : () -> i32\n']
    for i in range(1, n):
        kind = KINDS[(i - 1) % len(KINDS)]
        out.append(f'  %{i} = "bench.{kind}"(%{i - 1}) : (i32) -> i32\n')
    out.append(f'  "bench.sink"(%{n - 1}) : (i32) -> ()\n}}\n')
    return "".join(out)


def body(text):
    """The ops of a one-module file: what is between its first `{` and last `}`."""
    return text[text.index("{") + 1:text.rindex("}")]


def main():
    what = sys.argv[1]
    if what == "patterns":
        sys.stdout.write(patterns(int(sys.argv[2])))
    elif what == "ir":
        sys.stdout.write(ir(int(sys.argv[2])))
    elif what == "combine":
        p = body(open(sys.argv[2]).read())
        i = body(open(sys.argv[3]).read())
        sys.stdout.write("module {\nmodule @patterns {" + p + "}\nmodule @ir {" + i + "}\n}\n")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
