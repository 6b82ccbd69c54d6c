#!/usr/bin/env bash
# Cost of the export features as ratios of CPU times (user + system) measured in the same
# run, interleaved (the machine is shared: wall-clock times drift with the other load, CPU
# time much less).
# Usage: bench/export.sh [ROUNDS] [OLD_BINARY]
#   OLD_BINARY: a cql built before the richer jsonl records, to compare jsonl output with.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
old=${2:-}
big=../shared/data/masters-463k.pgn.zst
small=../shared/data/masters-10k.pgn
CGO_ENABLED=0 go build -o /tmp/cql-export ./cmd/cql
c=/tmp/cql-export
declare -A t
run() { # name command...
	local name=$1
	shift
	/usr/bin/time -f '%U %S' -o /tmp/cql-export.time "$@" >/dev/null 2>&1 || true
	t[$name]+="$(awk '{printf "%.3f ", $1 + $2}' /tmp/cql-export.time)"
}
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
for ((i = 0; i < rounds; i++)); do
	run count-mate $c --count mate "$big"
	run stats-mate $c --count --stats mate "$big"
	run count-true $c --count true "$big"
	run stats-true $c --count --stats true "$big"
	run pgn-10k $c --format pgn -g 1 2330 check "$small"
	run html-10k $c --format html -g 1 2330 check "$small"
	run count-check $c --count check "$small"
	run jsonl-check $c --format jsonl check "$small"
	if [ -n "$old" ]; then run jsonl-old "$old" --format jsonl check "$small"; fi
done
printf '%-12s %8s\n' what median-cpu-s
for k in "${!t[@]}"; do printf '%-12s %8s\n' "$k" "$(echo "${t[$k]}" | median)"; done | sort
m() { echo "${t[$1]}" | median; }
ratio() { awk -v a="$(m "$1")" -v b="$(m "$2")" -v l="$3" 'BEGIN{printf "%-40s %.2f\n", l, a/b}'; }
ratio stats-mate count-mate "--stats / --count, mate (463k)"
ratio stats-true count-true "--stats / --count, true (463k)"
ratio html-10k pgn-10k "html / pgn, ~10,000 positions"
ratio jsonl-check count-check "jsonl / --count, check (masters-10k)"
if [ -n "$old" ]; then ratio jsonl-check jsonl-old "jsonl new / old fields, check"; fi
