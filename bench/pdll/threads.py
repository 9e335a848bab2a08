#!/usr/bin/env python3
"""tessera-pdll -x=mlir on one thread (its default) and with --workers=2, against
mlir-pdll 19, on one generated input: ROUNDS rounds, the three runs of a round in random order,
wall and CPU (user+sys, from wait4) medians, and each tessera run's ratio to mlir-pdll's.
Medians, because a shared VM gives the odd slow run. Usage (after `bench/pdll/run.sh` or a
release build): bench/pdll/threads.py [N] [ROUNDS]"""
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
n = sys.argv[1] if len(sys.argv) > 1 else "10000"
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 40
upstream = os.environ.get("MLIR_PDLL", "/usr/lib/llvm-19/bin/mlir-pdll")
ours = os.path.join(root, "target", "release", "tessera-pdll")

with tempfile.NamedTemporaryFile("w", suffix=".pdll", delete=False) as f:
    subprocess.run([sys.executable, os.path.join(root, "bench", "pdll", "gen.py"), n], stdout=f, check=True)
    src = f.name
runs = {
    "one thread": [ours, "-x=mlir", "--default-benefit=zero", src],
    "two workers": [ours, "-x=mlir", "--default-benefit=zero", "--workers=2", src],
    "mlir-pdll": [upstream, "-x=mlir", src],
}
times = {k: ([], []) for k in runs}
devnull = os.open(os.devnull, os.O_WRONLY)
try:
    for _ in range(rounds):
        order = list(runs.items())
        random.shuffle(order)
        for label, argv in order:
            start = time.perf_counter()
            pid = os.fork()
            if pid == 0:
                os.dup2(devnull, 1)
                os.execv(argv[0], argv)
            _, status, usage = os.wait4(pid, 0)
            if status != 0:
                sys.exit(f"{label} failed")
            times[label][0].append(time.perf_counter() - start)
            times[label][1].append(usage.ru_utime + usage.ru_stime)
finally:
    os.unlink(src)
up_wall = statistics.median(times["mlir-pdll"][0])
up_cpu = statistics.median(times["mlir-pdll"][1])
print(f"{n} patterns, {rounds} rounds; medians")
for label, (wall, cpu) in times.items():
    w, c = statistics.median(wall), statistics.median(cpu)
    print(f"{label:12s} wall {w * 1000:6.1f} ms ({w / up_wall:.3f})  cpu {c * 1000:6.1f} ms ({c / up_cpu:.3f})")
