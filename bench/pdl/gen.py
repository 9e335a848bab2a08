#!/usr/bin/env python3
"""Writes N PDL patterns to stdout: a mix of what real pattern sets hold (shared root names,
operand/result counts, constant attributes and types, defining ops, native constraints,
variadic operands, a few two-root patterns), deterministic for a given N and seed."""
import random
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 12)
names = [f"test.op{i}" for i in range(max(4, n // 8))]
types = ["i1", "i8", "i16", "i32", "i64", "f16", "f32", "f64", "index"]
out = ["module {"]
for p in range(n):
    lines = []
    name = rng.choice(names)
    kind = rng.random()
    lines.append(f"  pdl.pattern : benefit({rng.randint(1, 5)}) {{")
    if kind < 0.1:
        # Two roots sharing an operand.
        lines.append("    %x = pdl.operand")
        lines.append(f'    %a = pdl.operation "{name}"(%x : !pdl.value)')
        lines.append(f'    %b = pdl.operation "{rng.choice(names)}"(%x : !pdl.value)')
        lines.append('    pdl.rewrite with "rw"(%a, %b : !pdl.operation, !pdl.operation)')
        lines.append("  }")
        out.extend(lines)
        continue
    operands = []
    nops = rng.randint(0, 3)
    for i in range(nops):
        r = rng.random()
        if r < 0.3:
            t = rng.choice(types)
            lines.append(f"    %t{i} = pdl.type : {t}")
            lines.append(f"    %v{i} = pdl.operand : %t{i}")
            operands.append((f"%v{i}", "!pdl.value"))
        elif r < 0.5:
            lines.append(f"    %d{i} = pdl.operation \"{rng.choice(names)}\" -> (%dt{i} : !pdl.type)")
            lines.insert(len(lines) - 1, f"    %dt{i} = pdl.type")
            lines.append(f"    %v{i} = pdl.result 0 of %d{i}")
            operands.append((f"%v{i}", "!pdl.value"))
        elif r < 0.6 and i == nops - 1:
            lines.append(f"    %v{i} = pdl.operands")
            operands.append((f"%v{i}", "!pdl.range<value>"))
        else:
            lines.append(f"    %v{i} = pdl.operand")
            operands.append((f"%v{i}", "!pdl.value"))
    attrs = []
    if rng.random() < 0.4:
        lines.append(f"    %a0 = pdl.attribute = {rng.randint(0, 3)} : i32")
        attrs.append('"value" = %a0')
    rtypes = []
    for i in range(rng.randint(0, 2)):
        if rng.random() < 0.5:
            lines.append(f"    %r{i} = pdl.type : {rng.choice(types)}")
        else:
            lines.append(f"    %r{i} = pdl.type")
        rtypes.append(f"%r{i}")
    ops = ""
    if operands:
        ops = "(" + ", ".join(v for v, _ in operands) + " : " + ", ".join(t for _, t in operands) + ")"
    attr = (" {" + ", ".join(attrs) + "}") if attrs else ""
    res = ""
    if rtypes:
        res = " -> (" + ", ".join(rtypes) + " : " + ", ".join("!pdl.type" for _ in rtypes) + ")"
    lines.append(f'    %root = pdl.operation "{name}"{ops}{attr}{res}')
    if rng.random() < 0.2:
        neg = " {isNegated = true}" if rng.random() < 0.3 else ""
        lines.append(f'    pdl.apply_native_constraint "c{rng.randint(0, 3)}"(%root : !pdl.operation){neg}')
    if rng.random() < 0.5:
        lines.append("    pdl.rewrite %root {")
        lines.append(f'      %new = pdl.operation "{rng.choice(names)}"')
        lines.append("      pdl.replace %root with %new")
        lines.append("    }")
    else:
        lines.append('    pdl.rewrite %root with "rw"')
    lines.append("  }")
    out.extend(lines)
out.append("}")
print("\n".join(out))
