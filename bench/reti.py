#!/usr/bin/env python3
"""Per-filter ratios against CQL 9.493 on one thread: elma16/reti's 84-filter benchmark.

Each single-filter script of reti's scripts/benchmark_filters.py (the list kept in
cmd/cql/reti_scripts_test.go, retiFilterScripts; the CQLi-only ones are left out, CQL 9.493
has no such filters, unless named) is run as "cql()\\n" + body over FILE by CQL 9.493 built
single-threaded (cql-st, ../shared/tools/build-peers) and by cql --threads 1, each writing
its PGN output to a file, alternately, ROUNDS times; the figures are medians of CPU time
(user + system of the child), and the ratio is CQL's over ours (above 1: we are faster).
The outputs' game counts are compared.

Usage: bench/reti.py CQL-ST [FILE] [ROUNDS] [FILTER...]
  (default ../shared/data/masters-10k.pgn, 3 rounds, every filter)
"""
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)


def filters():
    src = open(os.path.join(root, "cmd/cql/reti_scripts_test.go")).read()
    body = src[src.index("var retiFilterScripts"):]
    body = body[: body.index("\n}\n")]
    out = []
    for m in re.finditer(r'\{"([^"]+)", `([^`]*)`, "(all|cqli)"\}', body):
        out.append((m.group(1), m.group(2), m.group(3)))
    return out


def cpu(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def games(path):
    try:
        with open(path, errors="replace") as f:
            return sum(1 for line in f if line.startswith("[Event "))
    except FileNotFoundError:
        return -1


def main():
    peer = os.path.abspath(sys.argv[1])
    pgn = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, "../shared/data/masters-10k.pgn"))
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    only = set(sys.argv[4:])
    tmp = tempfile.mkdtemp(prefix="cql-reti.")
    ours = os.path.join(tmp, "cql")
    subprocess.run(["go", "build", "-o", ours, "./cmd/cql"], cwd=root, check=True,
                   env=dict(os.environ, CGO_ENABLED="0"))
    print(f"file: {pgn}; {rounds} rounds; CPU seconds, medians; ratio = CQL 9.493 / cql")
    print(f"{'filter':24} {'CQL':>8} {'cql':>8} {'ratio':>7}  games")
    ratios = []
    for name, body, compat in filters():
        # CQLi-only filters run only when named (CQL 9.493 knows some, e.g. depth)
        if (only and name not in only) or (not only and compat != "all"):
            continue
        script = os.path.join(tmp, name + ".cql")
        with open(script, "w") as f:
            f.write("cql()\n" + body + "\n")
        po, oo = os.path.join(tmp, name + ".peer.pgn"), os.path.join(tmp, name + ".ours.pgn")
        pt, ot = [], []
        for _ in range(rounds):
            pt.append(cpu([peer, "-input", pgn, "-output", po, script]))
            ot.append(cpu([ours, "--threads", "1", "-o", oo, script, pgn]))
        p, o = statistics.median(pt), statistics.median(ot)
        r = p / o if o > 0 else float("inf")
        ratios.append((r, name))
        gp, go = games(po), games(oo)
        note = f"{go}" if gp == go else f"MISMATCH: CQL {gp}, cql {go}"
        print(f"{name:24} {p:8.3f} {o:8.3f} {r:7.1f}  {note}", flush=True)
    if ratios:
        ratios.sort()
        print(f"lowest ratios: " + ", ".join(f"{n} {r:.1f}x" for r, n in ratios[:6]))


if __name__ == "__main__":
    main()
