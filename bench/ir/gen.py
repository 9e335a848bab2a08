#!/usr/bin/env python3
"""Generate a large generic-form MLIR file of unregistered ops for the IR benchmark.

Usage: gen.py [--kind KIND] OPS [OUT]   (OUT defaults to stdout; KIND defaults to mixed)

Kinds (each deterministic for a given OPS; the op count, the implicit module included, is
close to OPS):
  mixed   "bench.func" ops, each holding one region whose entry block has arguments and a
          chain of ops using earlier values; some ops carry nested regions with several
          blocks, block arguments and branches between them. Ops carry a mix of discardable
          attributes (integers, strings, floats, arrays, dictionaries, an affine map that
          becomes an alias) and properties.
  chain   a flat chain of unregistered ops at the top level, each using the previous result
          and carrying six attributes (integers, a string, a float, an array, a symbol), about
          a third of the values unique to the op.
  nested  deeply nested regions: towers of "bench.scope" ops 100 levels deep, each level
          holding a few ops that use values from the enclosing levels.
  dense   ops carrying big element attributes: a 16-element dense integer tensor, a
          16-element float array, and every eighth op a 256-byte hex-form dense tensor, every seventh a splat.
"""

import random
import sys

TYPES = ["i32", "i64", "f32", "index", "tensor<4x8xf32>", "memref<16xi8>", "!bench.handle"]
STRINGS = ["alpha", "beta", "gamma delta", "with \\\"quote\\\"", "tab\\09x", "", "x_y.z"]
FLOATS = ["1.5", "-0.25", "3.0e10", "0.1", "2.718281828", "1.0e-5", "0x7FC00000"]


class Gen:
    def __init__(self, out, target):
        self.out = out
        self.target = target
        self.count = 1  # the implicit builtin.module
        self.rng = random.Random(target)
        self.next_func = 0

    def attr_value(self, depth=0):
        r = self.rng.randrange(9 if depth < 2 else 6)
        if r == 0:
            w = self.rng.choice([8, 16, 32, 64])
            lim = min(1 << (w - 1), 1 << 20)
            return "%d : i%d" % (self.rng.randrange(-lim, lim), w)
        if r == 1:
            return str(self.rng.randrange(0, 1 << 40))
        if r == 2:
            return '"%s"' % self.rng.choice(STRINGS)
        if r == 3:
            f = self.rng.choice(FLOATS)
            t = "f32" if f.startswith("0x") else self.rng.choice(["f32", "f64", "f16"])
            return "%s : %s" % (f, t)
        if r == 4:
            return self.rng.choice(["true", "false", "unit", "i32", "@sym%d" % self.rng.randrange(50)])
        if r == 5:
            return "array<i32: %s>" % ", ".join(str(self.rng.randrange(100)) for _ in range(self.rng.randrange(1, 5)))
        if r == 6:
            return "[%s]" % ", ".join(self.attr_value(depth + 1) for _ in range(self.rng.randrange(0, 4)))
        if r == 7:
            keys = sorted(self.rng.sample(["a", "b", "c", "d", "e", "k1", "k2"], self.rng.randrange(1, 4)))
            return "{%s}" % ", ".join("%s = %s" % (k, self.attr_value(depth + 1)) for k in keys)
        return "affine_map<(d0, d1) -> (d0 + d1 * %d, d1)>" % self.rng.randrange(1, 4)

    def attr_dict(self, names, prefix):
        n = self.rng.randrange(0, 4)
        if n == 0:
            return ""
        keys = sorted(self.rng.sample(names, n))
        return prefix + "{%s}" % ", ".join("%s = %s" % (k, self.attr_value()) for k in keys)

    def op(self, ind, vals, name, nres, region=None):
        """One op using up to three of `vals` (list of (name, type)); returns its results."""
        self.count += 1
        ops = [self.rng.choice(vals) for _ in range(min(len(vals), self.rng.randrange(0, 4)))]
        rtypes = [self.rng.choice(TYPES) for _ in range(nres)]
        res = ""
        rid = None
        if nres == 1:
            rid = "%%v%d" % self.count
            res = rid + " = "
        elif nres > 1:
            rid = "%%v%d" % self.count
            res = "%s:%d = " % (rid, nres)
        props = self.attr_dict(["p", "q", "size"], " <")
        if props:
            props += ">"
        attrs = self.attr_dict(["value", "name", "flags", "scale", "meta", "z"], " ")
        w = self.out.write
        w("%s%s\"%s\"(%s)%s" % (ind, res, name, ", ".join(o for o, _ in ops), props))
        if region is not None:
            w(" (")
            region(ind)
            w(")")
        w("%s : (%s) -> " % (attrs, ", ".join(t for _, t in ops)))
        if nres == 1:
            w("%s\n" % rtypes[0])
        else:
            w("(%s)\n" % ", ".join(rtypes))
        if nres == 1:
            return [(rid, rtypes[0])]
        return [("%s#%d" % (rid, i), t) for i, t in enumerate(rtypes)]

    def nested_region(self, ind, outer):
        """A region with 2-3 blocks: entry branches to the others with block arguments."""
        w = self.out.write
        inner = ind + "  "
        nblocks = self.rng.randrange(2, 4)
        w("{\n")
        arg_types = [[self.rng.choice(TYPES) for _ in range(self.rng.randrange(0, 3))] for _ in range(nblocks)]
        for b in range(nblocks):
            args = ["%%b%d_%d" % (b, i) for i in range(len(arg_types[b]))]
            w("%s^bb%d%s:\n" % (ind, b,
                               "(%s)" % ", ".join("%s: %s" % (a, t) for a, t in zip(args, arg_types[b])) if args else ""))
            vals = outer + list(zip(args, arg_types[b]))
            for _ in range(self.rng.randrange(1, 4)):
                vals = vals + self.op(inner, vals, "bench.inner", self.rng.randrange(0, 2))
            self.count += 1
            if b + 1 < nblocks:
                # Branch to the next block, forwarding values of the right types when available.
                fwd = []
                for t in arg_types[b + 1]:
                    cands = [v for v in vals if v[1] == t]
                    if not cands:
                        cands = [("%%c%d" % self.count, t)]
                        self.count += 1
                        w('%s%%c%d = "bench.const"() {value = 0 : i64} : () -> %s\n' % (inner, self.count - 1, t))
                    fwd.append(self.rng.choice(cands))
                w('%s"bench.br"(%s)[^bb%d] : (%s) -> ()\n' % (
                    inner, ", ".join(v for v, _ in fwd), b + 1, ", ".join(t for _, t in fwd)))
            else:
                w('%s"bench.yield"() : () -> ()\n' % inner)
        w("%s}" % ind)

    def func(self):
        w = self.out.write
        self.count += 1
        f = self.next_func
        self.next_func += 1
        arg_types = [self.rng.choice(TYPES) for _ in range(self.rng.randrange(1, 4))]
        w('"bench.func"() <{sym_name = "f%d", function_type = (%s) -> ()}> ({\n' % (f, ", ".join(arg_types)))
        args = ["%%a%d" % i for i in range(len(arg_types))]
        w("^bb0(%s):\n" % ", ".join("%s: %s" % (a, t) for a, t in zip(args, arg_types)))
        vals = list(zip(args, arg_types))
        for _ in range(self.rng.randrange(20, 60)):
            if self.rng.randrange(8) == 0:
                captured = vals[-4:]
                vals = vals + self.op("  ", vals, "bench.loop", self.rng.randrange(0, 2),
                                      region=lambda ind, c=captured: self.nested_region("  ", c))
            else:
                vals = vals + self.op("  ", vals, "bench.op", self.rng.randrange(0, 3))
            if len(vals) > 64:
                vals = vals[-32:]
        self.count += 1
        w('  "bench.return"() : () -> ()\n')
        w("}) : () -> ()\n")

    def run(self):
        while self.count < self.target:
            self.func()


class Chain:
    """A flat chain of ops, each with several attributes."""

    def __init__(self, out, target):
        self.out = out
        self.target = target
        self.count = 1
        self.rng = random.Random(target)

    def run(self):
        w = self.out.write
        rng = self.rng
        w('%v0 = "bench.source"() : () -> i32\n')
        self.count += 1
        prev = 0
        while self.count < self.target:
            n = self.count
            # Repeated values (small integers, a few strings) next to per-op unique ones.
            attrs = [
                "id = %d : i64" % n,
                "kind = %d : i32" % rng.randrange(8),
                'label = "%s"' % rng.choice(STRINGS),
                "scale = %s : f32" % rng.choice(FLOATS[:6]),
                "dims = [%d, %d, %d]" % (rng.randrange(4), rng.randrange(64), n % 1000),
                "callee = @fn%d" % rng.randrange(100),
            ]
            w('%%v%d = "bench.op"(%%v%d) {%s} : (i32) -> i32\n' % (n, prev, ", ".join(attrs)))
            prev = n
            self.count += 1


class Nested:
    """Towers of nested regions."""

    DEPTH = 100

    def __init__(self, out, target):
        self.out = out
        self.target = target
        self.count = 1
        self.rng = random.Random(target)
        self.next_val = 0

    def value(self):
        self.next_val += 1
        return "%%n%d" % self.next_val

    def level(self, depth, vals):
        w = self.out.write
        ind = "  " * depth
        for _ in range(self.rng.randrange(1, 4)):
            v = self.value()
            ops = [self.rng.choice(vals)] if vals else []
            w('%s%s = "bench.op"(%s) {depth = %d : i32} : (%s) -> i32\n' % (
                ind, v, ", ".join(ops), depth, ", ".join("i32" for _ in ops)))
            self.count += 1
            vals = vals[-8:] + [v]
        if depth < self.DEPTH and self.count < self.target:
            self.count += 1
            w('%s"bench.scope"() ({\n' % ind)
            self.level(depth + 1, vals)
            w('%s  "bench.end"() : () -> ()\n' % ind)
            self.count += 1
            w("%s}) {level = %d : i32} : () -> ()\n" % (ind, depth))

    def run(self):
        while self.count < self.target:
            self.level(0, [])


class Dense:
    """Ops carrying big dense and array attributes."""

    def __init__(self, out, target):
        self.out = out
        self.target = target
        self.count = 1
        self.rng = random.Random(target)

    def run(self):
        w = self.out.write
        rng = self.rng
        while self.count < self.target:
            n = self.count
            ints = ", ".join(str(rng.randrange(-1000, 1000)) for _ in range(16))
            floats = ", ".join(rng.choice(FLOATS[:6]) for _ in range(16))
            attrs = [
                "data = dense<[%s]> : tensor<16xi32>" % ints,
                "weights = array<f32: %s>" % floats,
            ]
            if n % 8 == 0:
                attrs.append('blob = dense<"0x%s"> : tensor<256xi8>' % "".join(
                    "%02X" % rng.randrange(256) for _ in range(256)))
            if n % 7 == 0:
                attrs.append("zeros = dense<0.0> : tensor<64x64xf32>")
            w('"bench.op"() {%s} : () -> ()\n' % ", ".join(attrs))
            self.count += 1


KINDS = {"mixed": Gen, "chain": Chain, "nested": Nested, "dense": Dense}


def main():
    args = sys.argv[1:]
    kind = "mixed"
    if len(args) >= 2 and args[0] == "--kind":
        kind = args[1]
        args = args[2:]
    if not args or kind not in KINDS:
        sys.exit(__doc__)
    target = int(args[0])
    out = open(args[1], "w") if len(args) > 1 else sys.stdout
    g = KINDS[kind](out, target)
    g.run()
    out.close()
    print("%d ops" % g.count, file=sys.stderr)


if __name__ == "__main__":
    main()
