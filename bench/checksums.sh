#!/usr/bin/env bash
# The cost of the index's checksums (issue 31): builds and pruned queries of a binary
# without them (OLD, an earlier cql) against this tree's, run alternately in the same
# session, each with its own index of FILE. CPU time (user + system) and wall time; the
# figures are medians, the ratios new / old.
# Usage: bench/checksums.sh OLD [FILE] [ROUNDS] [RUNS]
#   (default ../shared/data/masters-463k.pgn.zst, 3 build rounds, 11 runs of each query)
# ROUNDS 0 reuses the indexes of an earlier run with KEEP=1.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1
file=${2:-../shared/data/masters-463k.pgn.zst}
rounds=${3:-3}
runs=${4:-11}
tmp=${TMPDIR:-/tmp}/cql-checksums
mkdir -p "$tmp"
new=$tmp/cql-new
CGO_ENABLED=0 go build -o "$new" ./cmd/cql
# measure CMD...: prints "wall cpu" (seconds) of CMD, its output discarded
measure() {
	local TIMEFORMAT='%3R %3U %3S'
	{ time "$@" >/dev/null 2>"$tmp/err" || true; } 2>"$tmp/time"
	awk '{ printf "%s %.3f\n", $1, $2 + $3 }' "$tmp/time"
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
echo "file: $file, $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)"
: >"$tmp/build.old"
: >"$tmp/build.new"
for r in $(seq 1 "$rounds"); do
	for b in old new; do
		bin=$old
		[ $b = new ] && bin=$new
		rm -rf "$tmp/$b.idx"
		measure "$bin" index build --threads 2 -x "$tmp/$b.idx" "$file" >>"$tmp/build.$b"
	done
done
if [ "$rounds" -gt 0 ]; then
	ow=$(cut -d' ' -f1 "$tmp/build.old" | median) oc=$(cut -d' ' -f2 "$tmp/build.old" | median)
	nw=$(cut -d' ' -f1 "$tmp/build.new" | median) nc=$(cut -d' ' -f2 "$tmp/build.new" | median)
	echo "build ($rounds rounds): old wall ${ow}s cpu ${oc}s, new wall ${nw}s cpu ${nc}s: wall $(ratio "$nw" "$ow")x, cpu $(ratio "$nc" "$oc")x"
	paste -d' ' "$tmp/build.old" "$tmp/build.new" | awk '{ printf "  round %d: old %s s wall %s s cpu, new %s s wall %s s cpu\n", NR, $1, $2, $3, $4 }'
fi
printf '%-36s %8s %8s %7s %8s %8s %7s\n' query oldWall newWall ratio oldCPU newCPU ratio
queries=('mate' 'stalemate' 'move promote N' 'move o-o-o' 'year < 1900 and mate' 'player white "Carlsen"' 'eco "B90"' 'Ka8')
for q in "${queries[@]}"; do
	a=$("$old" --count --threads 2 --index "$tmp/old.idx" "$q" 2>/dev/null || true)
	b=$("$new" --count --threads 2 --index "$tmp/new.idx" "$q" 2>/dev/null || true)
	[ "$a" = "$b" ] || echo "MISMATCH: $q: old $a, new $b"
	: >"$tmp/q.old"
	: >"$tmp/q.new"
	for _ in $(seq "$runs"); do
		measure "$old" --count --threads 2 --index "$tmp/old.idx" "$q" >>"$tmp/q.old"
		measure "$new" --count --threads 2 --index "$tmp/new.idx" "$q" >>"$tmp/q.new"
	done
	ow=$(cut -d' ' -f1 "$tmp/q.old" | median) oc=$(cut -d' ' -f2 "$tmp/q.old" | median)
	nw=$(cut -d' ' -f1 "$tmp/q.new" | median) nc=$(cut -d' ' -f2 "$tmp/q.new" | median)
	printf '%-36s %8s %8s %7s %8s %8s %7s\n' "$q" "$ow" "$nw" "$(ratio "$nw" "$ow")" "$oc" "$nc" "$(ratio "$nc" "$oc")"
done
fen='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
: >"$tmp/q.old"
: >"$tmp/q.new"
for _ in $(seq "$runs"); do
	measure "$old" index find -x "$tmp/old.idx" --limit 100 --fen "$fen" >>"$tmp/q.old"
	measure "$new" index find -x "$tmp/new.idx" --limit 100 --fen "$fen" >>"$tmp/q.new"
done
ow=$(cut -d' ' -f1 "$tmp/q.old" | median) nw=$(cut -d' ' -f1 "$tmp/q.new" | median)
oc=$(cut -d' ' -f2 "$tmp/q.old" | median) nc=$(cut -d' ' -f2 "$tmp/q.new" | median)
printf '%-36s %8s %8s %7s %8s %8s %7s\n' "find 1. e4 --limit 100" "$ow" "$nw" "$(ratio "$nw" "$ow")" "$oc" "$nc" "$(ratio "$nc" "$oc")"
[ -n "${KEEP:-}" ] || rm -rf "$tmp"
