#!/usr/bin/env bash
# Runs the real cql command on the benchmark corpus and prints games/s for each query.
# Usage: bench/query.sh [FILE] [THREADS]   (default ../shared/data/masters-463k.pgn.zst, all cores)
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-../shared/data/masters-463k.pgn.zst}
threads=${2:-$(nproc)}
CGO_ENABLED=0 go build -o /tmp/cql-bench ./cmd/cql
games=$(/tmp/cql-bench --count --quiet --threads "$threads" 'initial' "$file" 2>/dev/null || true)
echo "file: $file ($games games), threads: $threads, $(nproc) cores"
printf '%-45s %9s %8s %10s %8s\n' query matched seconds games/s maxRSS
for q in 'true' 'mate' 'Q attacks k' 'power A >= power a + 5' 'square x in h1-8 {R attacks x x attacks K}' 'move promote N' 'stalemate'; do
	start=$(date +%s.%N)
	out=$( { /usr/bin/time -f '%M' /tmp/cql-bench --count --quiet --threads "$threads" "$q" "$file" 2>/tmp/cql-bench.err || true; } )
	end=$(date +%s.%N)
	rss=$(tail -n1 /tmp/cql-bench.err)
	awk -v q="$q" -v m="$out" -v s="$start" -v e="$end" -v g="$games" -v r="$rss" \
		'BEGIN { printf "%-45s %9s %8.2f %10.0f %6.0fMB\n", q, m, e - s, g / (e - s), r / 1024 }' 
done
