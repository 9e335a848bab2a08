#!/usr/bin/env python3
"""Writes a function of N arith ops in custom form (a mix of integer and float arithmetic,
comparisons, selects, casts and constants, each using earlier values) to stdout, for
bench/ods/custom.sh. Deterministic for a given N."""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
out = sys.stdout
out.write("func.func @bench(%a: i32, %b: i32, %x: f32, %y: f32) -> i32 {\n")
ints, floats, bools = ["%a", "%b"], ["%x", "%y"], []
for i in range(n):
    k = i % 10
    ia, ib = ints[(i * 7) % len(ints)], ints[(i * 13 + 1) % len(ints)]
    fa, fb = floats[(i * 5) % len(floats)], floats[(i * 11 + 1) % len(floats)]
    name = f"%v{i}"
    if k == 0:
        out.write(f"  {name} = arith.constant {i % 1000} : i32\n"); ints.append(name)
    elif k == 1:
        out.write(f"  {name} = arith.addi {ia}, {ib} : i32\n"); ints.append(name)
    elif k == 2:
        out.write(f"  {name} = arith.muli {ia}, {ib} overflow<nsw> : i32\n"); ints.append(name)
    elif k == 3:
        out.write(f"  {name} = arith.cmpi slt, {ia}, {ib} : i32\n"); bools.append(name)
    elif k == 4 and bools:
        c = bools[(i * 3) % len(bools)]
        out.write(f"  {name} = arith.select {c}, {ia}, {ib} : i32\n"); ints.append(name)
    elif k == 5:
        out.write(f"  {name} = arith.addf {fa}, {fb} fastmath<fast> : f32\n"); floats.append(name)
    elif k == 6:
        out.write(f"  {name} = arith.mulf {fa}, {fb} : f32\n"); floats.append(name)
    elif k == 7:
        out.write(f"  {name} = arith.sitofp {ia} : i32 to f32\n"); floats.append(name)
    elif k == 8:
        out.write(f"  {name} = arith.cmpf olt, {fa}, {fb} : f32\n"); bools.append(name)
    else:
        out.write(f"  {name} = arith.xori {ia}, {ib} : i32\n"); ints.append(name)
    # Keep the pools small so uses stay local (as in real code) and memory stays flat.
    for pool in (ints, floats, bools):
        if len(pool) > 64:
            del pool[2:34]
out.write(f"  return {ints[-1]} : i32\n}}\n")
