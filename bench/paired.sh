#!/usr/bin/env bash
# Paired runs of two cql binaries on the same command, alternating (order swapped every
# round), for a noisy shared machine: prints each pair's wall and CPU (user+sys) seconds and
# the median new/old ratios.
#   bash bench/paired.sh OLD_BINARY NEW_BINARY [ROUNDS] -- ARGS...
# e.g. bash bench/paired.sh /tmp/cql-old /tmp/cql-new 10 -- --count true ../shared/data/masters-463k.pgn.zst
set -euo pipefail
old=$1 new=$2 rounds=${3:-10}
shift 3; [[ ${1:-} == -- ]] && shift
times=$(mktemp)
trap 'rm -f "$times"' EXIT
for i in $(seq 1 "$rounds"); do
  if (( i % 2 )); then order="old new"; else order="new old"; fi
  for b in $order; do
    bin=$old; [[ $b == new ]] && bin=$new
    /usr/bin/time -f "$i $b %e %U %S" -a -o "$times" "$bin" "$@" >/dev/null 2>&1 || true
  done
done
python3 - "$times" <<'PY'
import statistics, sys
d = {}
for line in open(sys.argv[1]):
    i, b, e, u, s = line.split()
    d.setdefault(i, {})[b] = (float(e), float(u) + float(s))
cpu = sorted(d[i]["new"][1] / d[i]["old"][1] for i in d)
wall = sorted(d[i]["new"][0] / d[i]["old"][0] for i in d)
print("new/old CPU ratios:", " ".join(f"{x:.3f}" for x in cpu), f"median {statistics.median(cpu):.3f}")
print("new/old wall ratios:", " ".join(f"{x:.3f}" for x in wall), f"median {statistics.median(wall):.3f}")
PY
