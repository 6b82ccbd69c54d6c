#!/usr/bin/env bash
# PGN reading benchmarks on ../shared/data (see issue "PGN reading and writing"):
#   1. tokenizer throughput (Go benchmark, MB/s per core; target >= 400 MB/s);
#   2. read + parse + replay of every main-line position of masters-463k.pgn.zst
#      with `cql validate --main-line` on all cores (target >= 150,000 games/s),
#      with its peak memory (target < 200 MB);
#   3. pgn-extract -r on the same games, one core, when it is installed
#      (Debian package pgn-extract), and the ratio.
# Usage: bench/pgn.sh [PGN-FILE]   (default: ../shared/data/masters-463k.pgn.zst)
set -euo pipefail
cd "$(dirname "$0")/.."
data=${DATA:-../shared/data}
file=${1:-$data/masters-463k.pgn.zst}
[ -e "$file" ] || { echo "bench/pgn.sh: $file not found" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== tokenizer (go test -bench Tokenizer ./pgn)"
go test ./pgn -run '^$' -bench 'Tokenizer$' -benchtime 20x | grep -E '^Benchmark'

echo "== cql validate --main-line $file ($(nproc) cores)"
CGO_ENABLED=0 go build -o "$tmp/cql" ./cmd/cql
# Best of three runs; /usr/bin/time gives the peak resident set size.
best=""
for i in 1 2 3; do
	/usr/bin/time -f '%e %M' -o "$tmp/time" "$tmp/cql" validate --main-line "$file" >"$tmp/out" || true
	read -r secs kb < <(tail -1 "$tmp/time")
	if [ -z "$best" ] || awk "BEGIN{exit !($secs < $best)}"; then best=$secs; peak=$kb; fi
done
summary=$(tail -1 "$tmp/out")
games=${summary%% games*}
echo "$summary"
ours=$(awk "BEGIN{printf \"%.0f\", $games / $best}")
echo "time ${best}s, ${ours} games/s, peak memory $((peak / 1024)) MB"

pe=$(command -v pgn-extract || ls /usr/games/pgn-extract 2>/dev/null || true)
if [ -n "$pe" ]; then
	echo "== pgn-extract -r (one core)"
	case "$file" in
	*.zst) zstd -dc "$file" >"$tmp/in.pgn" ;;
	*.gz) gzip -dc "$file" >"$tmp/in.pgn" ;;
	*.bz2) bzip2 -dc "$file" >"$tmp/in.pgn" ;;
	*) cp "$file" "$tmp/in.pgn" ;;
	esac
	/usr/bin/time -f '%e %M' -o "$tmp/time" "$pe" -r -s "$tmp/in.pgn" >/dev/null 2>"$tmp/pe.err" || true
	read -r secs kb < <(tail -1 "$tmp/time")
	theirs=$(awk "BEGIN{printf \"%.0f\", $games / $secs}")
	echo "time ${secs}s (decompressed input), ${theirs} games/s, peak memory $((kb / 1024)) MB"
	awk "BEGIN{printf \"ratio: cql is %.1fx pgn-extract\n\", $ours / $theirs}"
else
	echo "== pgn-extract not installed (apt-get install pgn-extract): no comparison"
fi
