#!/usr/bin/env python3
"""Renumbers the node addresses (upstream) or ids (Tessera) of a PDLL AST dump by first
appearance, afresh after each `// -----` split marker, so dumps of the same tree compare
equal whatever the addresses were."""
import re
import sys

ids = {}


def renumber(match):
    return "@%d" % ids.setdefault(match.group(0), len(ids))


for line in sys.stdin:
    if line.startswith("// -----"):
        ids = {}
    sys.stdout.write(re.sub(r"0x[0-9a-f]+", renumber, line))
