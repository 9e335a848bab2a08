#!/usr/bin/env python3
"""Writes N PDLL patterns (default 10,000) mixing the language's constructs: native and PDLL
constraints and rewrites, operation expressions with operands, attributes and results, tuples,
member access, `replace` and `rewrite` bodies. Usage: gen.py [N] > patterns.pdll"""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
out = ["Constraint HasOneUse(value: Value);", "Rewrite Build(value: Value) -> Op;", ""]
for i in range(n):
    k = i % 4
    if k == 0:
        out.append(f"""Pattern P{i} with benefit({i % 100}) {{
  let root = op<d{i % 7}.op{i}>(a: Value, b: ValueRange) {{value = attr<"{i} : i32">}} -> (t: Type);
  HasOneUse(a);
  replace root with op<d{i % 7}.new{i}>(a, b) -> (t);
}}""")
    elif k == 1:
        out.append(f"""Constraint C{i}(op: Op<d.c{i}>) -> (first: Value, all: ValueRange) {{
  return (op.0, op);
}}
Pattern P{i} => replace op<d.c{i}>(x: Value) with (x);""")
    elif k == 2:
        out.append(f"""Pattern P{i} {{
  let inner = op<d.inner{i}>(v: Value);
  let root = op<d.outer{i}>(inner) -> (types: TypeRange);
  rewrite root with {{
    let made = Build(v);
    replace root with op<d.result{i}>(made, v) -> (types);
  }};
}}""")
    else:
        out.append(f"""Pattern P{i} with recursion {{
  let t = (a = op<d.x{i}>, b = type<"i{i % 64 + 1}">);
  erase t.a;
}}""")
print("\n".join(out))
