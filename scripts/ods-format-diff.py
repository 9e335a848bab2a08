#!/usr/bin/env python3
"""Mutates the assembly formats of MLIR 19's own .td files and compares the errors of
mlir-tblgen 19 with those of tessera-ods's format checker (examples/format_check) on each
mutated file: the first error mlir-tblgen reports must be among ours, and each must accept
what the other accepts. Mutations are picked at random (SEED) from a fixed list, at most N
formats per file.

    cargo build -p tessera-ods --example format_check
    SEED=7 N=12 scripts/ods-format-diff.py FILE.td...        # op formats (-gen-op-defs)
    GEN=-gen-attrdef-defs,-gen-typedef-defs scripts/ods-format-diff.py FILE.td...

A file with both ops and attribute/type definitions reports differences for the kind the
chosen generators do not check.
"""
import os
import random
import re
import subprocess
import sys
import tempfile
INC = os.environ.get("MLIR_INCLUDE", "/usr/lib/llvm-19/include")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
US = os.environ.get("FORMAT_CHECK", os.path.join(ROOT, "target/debug/examples/format_check"))
TBLGEN = os.environ.get("MLIR_TBLGEN", "/usr/lib/llvm-19/bin/mlir-tblgen")
OUT = tempfile.mkdtemp()
files = sys.argv[1:]
random.seed(int(os.environ.get("SEED", "7")))


def errors(stderr):
    return [l.split("error: ", 1)[1] for l in stderr.splitlines() if "error: " in l]


def run_up(path, d):
    """mlir-tblgen's errors, over every generator asked for."""
    msgs = []
    for gen in os.environ.get("GEN", "-gen-op-defs").split(","):
        p = subprocess.run([TBLGEN, gen, "-I", INC, "-I", d, path], capture_output=True, text=True)
        msgs += errors(p.stderr)
    return msgs


def run_us(path, d):
    p = subprocess.run([US, path, "-I", INC, "-I", d], capture_output=True, text=True)
    return errors(p.stderr)


muts=[
 ("dup param", lambda f: re.sub(r"(\$\w+)",r"\1 \1",f,count=1)),
 ("struct comma", lambda f: f.replace("struct(params)","struct(params) `,`",1)),
 ("params twice", lambda f: f.replace("params","params params",1)),
 ("ref top", lambda f: re.sub(r"(\$\w+)",r"ref(\1)",f,count=1)),
 ("qualified literal", lambda f: f.replace("`<`","qualified(`<`)",1)),
 ("struct in custom", lambda f: f.replace("params","custom<X>(params)",1)),
 ("drop attr-dict", lambda f: f.replace("attr-dict-with-keyword","",1) if "attr-dict-with-keyword" in f else f.replace("attr-dict","",1)),
 ("drop type()", lambda f: re.sub(r"type\(\$\w+\)","",f,count=1)),
 ("drop functional-type", lambda f: re.sub(r"functional-type\([^)]*\)","",f,count=1)),
 ("dup var", lambda f: re.sub(r"(\$\w+)",r"\1 \1",f,count=1)),
 ("drop var", lambda f: re.sub(r"(?<!\()\$\w+(?!\))","",f,count=1)),
 ("colon", lambda f: re.sub(r"(\$\w+)",r"\1 `:`",f,count=1)),
 ("drop anchor", lambda f: f.replace("^","",1)),
 ("drop ?", lambda f: f.replace(")?",")",1)),
 ("bad literal", lambda f: f.replace("`","`%` `",1) if "`" in f else f+" `%`"),
 ("type of type", lambda f: re.sub(r"type\((\$\w+)\)",r"type(type(\1))",f,count=1)),
 ("drop region", lambda f: re.sub(r"\$(body|region|bodyRegion|thenRegion|elseRegion|regions?)\b","",f,count=1)),
 ("regions", lambda f: f + " regions"),
 ("operands", lambda f: "operands " + f),
 ("unknown", lambda f: f + " $nonexistent"),
 ("custom in type", lambda f: re.sub(r"type\((\$\w+)\)",r"type(custom<X>(\1))",f,count=1)),
]
total=0; diffs=0
for path in files:
    src=open(path).read()
    d=os.path.dirname(path)
    spans=[]
    for m in re.finditer(r"assemblyFormat\s*=\s*(\[\{(.*?)\}\]|\"((?:[^\"\\]|\\.)*)\")", src, re.S):
        if m.group(2) is not None: spans.append((m.start(2), m.end(2)))
        else: spans.append((m.start(3), m.end(3)))
    random.shuffle(spans)
    for (a,b) in spans[:int(os.environ.get("N","12"))]:
        fmt=src[a:b]
        name, mut = random.choice(muts)
        new=mut(fmt)
        if new==fmt: continue
        out=os.path.join(OUT, os.path.basename(path))
        open(out,"w").write(src[:a]+new+src[b:])
        up = run_up(out, d)
        us = run_us(out, d)
        total+=1
        # Upstream stops at the first bad format; ours reports every one.
        ok = (not up and not us) or (up and us and up[0] in us)
        if not ok:
            diffs+=1
            print(f"DIFF {os.path.basename(path)} [{name}]: {new.strip()[:150]!r}\n  up: {up[:2]}\n  us: {us[:3]}")
print(f"{total} mutations, {diffs} differ")
