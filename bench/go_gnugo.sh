#!/usr/bin/env bash
# cql go status against GNU Go's dragon_status of all dragons, on the final positions of the 19x19
# games of the shared corpus: CPU seconds (user+sys, /usr/bin/time) of one process each over the
# same positions, GNU Go's pattern loading measured apart (a run with no position) and taken off.
#   bash bench/go_gnugo.sh [CQL_BINARY] [GNUGO_BINARY] [MAX_FILES]
# GNU Go 3.9.1 from source: see docs/go.md (git clone, ./configure --without-readline,
# make CFLAGS='-g -O2 -fcommon').
set -euo pipefail
cql=${1:-cql} gnugo=${2:-gnugo} max=${3:-40}
dir=$(cd "$(dirname "$0")/.." && pwd)
data=$dir/../shared/data/go
mapfile -t files < <(grep -l 'SZ\[19\]' "$data"/kgs/*.sgf "$data"/nngs/*.sgf | head -n "$max")
cmds=$(mktemp)
times=$(mktemp)
trap 'rm -f "$cmds" "$times"' EXIT
for f in "${files[@]}"; do printf 'loadsgf %s\ndragon_status\n' "$f"; done > "$cmds"
cpu() { awk '{print $1 + $2}' "$times"; }
/usr/bin/time -f '%U %S' -o "$times" "$gnugo" --mode gtp < /dev/null > /dev/null
base=$(cpu)
/usr/bin/time -f '%U %S' -o "$times" "$gnugo" --mode gtp < "$cmds" > /dev/null
g=$(cpu)
/usr/bin/time -f '%U %S' -o "$times" "$cql" go status --format jsonl --db "$dir/../shared/reference/gnugo" "${files[@]}" > /dev/null
c=$(cpu)
python3 - "${#files[@]}" "$base" "$g" "$c" <<'PY'
import sys
n, base, g, c = int(sys.argv[1]), *map(float, sys.argv[2:])
print(f"{n} positions (19x19, final): GNU Go dragon_status {g - base:.2f} s CPU (+{base:.2f} s start-up), "
      f"cql go status {c:.2f} s CPU; ratio {(g - base) / max(c, 1e-9):.1f}x")
PY
