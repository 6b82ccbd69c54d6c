#!/usr/bin/env bash
# Builds a position index of the benchmark corpus and times queries through it against the
# scan of the same file, in the same session (ratios matter on a noisy machine).
# Usage: bench/index.sh [FILE] [THREADS]   (default ../shared/data/masters-463k.pgn.zst, all cores)
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-../shared/data/masters-463k.pgn.zst}
threads=${2:-$(nproc)}
idx=${TMPDIR:-/tmp}/cql-bench.idx
go build -o /tmp/cql-bench ./cmd/cql
secs() { local s e; s=$(date +%s.%N); "$@" >/tmp/cql-bench.out 2>/tmp/cql-bench.err || true; e=$(date +%s.%N); awk -v s="$s" -v e="$e" 'BEGIN { printf "%.2f", e - s }'; }
echo "file: $file ($(stat -c %s "$file") bytes), threads: $threads, $(nproc) cores"
scan=$(secs /tmp/cql-bench --count --threads "$threads" true "$file")
rm -rf "$idx"
build=$(secs /tmp/cql-bench index build --threads "$threads" -x "$idx" "$file")
size=$(du -sb "$idx" | cut -f1)
echo "plain scan (cql --count true): ${scan}s; index build: ${build}s ($(awk -v b="$build" -v s="$scan" 'BEGIN { printf "%.2f", b / s }')x the scan), $size bytes ($(awk -v a="$size" -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.2f", a / b }')x the .zst)"
printf '%-45s %9s %8s %8s %7s\n' query matched scan index ratio
for q in 'true' 'Q attacks k' 'square x in h1-8 {R attacks x x attacks K}' 'mate' 'stalemate' 'move o-o-o' 'move promote N' 'Ka8' 'mate Pa7'; do
	s=$(secs /tmp/cql-bench --count --threads "$threads" "$q" "$file"); m=$(cat /tmp/cql-bench.out)
	i=$(secs /tmp/cql-bench --count --threads "$threads" --index "$idx" "$q"); mi=$(cat /tmp/cql-bench.out)
	[ "$m" = "$mi" ] || echo "MISMATCH: $q scan $m index $mi"
	awk -v q="$q" -v m="$m" -v s="$s" -v i="$i" 'BEGIN { printf "%-45s %9s %8.2f %8.2f %7.3f\n", q, m, s, i, i / s }'
done
