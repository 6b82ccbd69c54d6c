#!/usr/bin/env bash
# Builds a position index of the benchmark corpus and times queries through it against the
# scan of the same file, in the same session. Both wall time and CPU time (user + system)
# are printed: on a shared machine CPU time is the steadier measure; ratios matter.
# Usage: bench/index.sh [FILE] [THREADS]   (default ../shared/data/masters-463k.pgn.zst, all cores)
# KEEP_INDEX=1 reuses an index built by an earlier run.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-../shared/data/masters-463k.pgn.zst}
threads=${2:-$(nproc)}
tmp=${TMPDIR:-/tmp}
idx=$tmp/cql-bench.idx
bin=$tmp/cql-bench
CGO_ENABLED=0 go build -o "$bin" ./cmd/cql
# measure CMD...: sets wall and cpu (seconds); the command's stdout is in $tmp/cql-bench.out
measure() {
	/usr/bin/time -f '%e %U %S' -o "$tmp/cql-bench.time" "$@" >"$tmp/cql-bench.out" 2>"$tmp/cql-bench.err" || true
	read -r wall user sys < <(tail -n1 "$tmp/cql-bench.time")
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
echo "file: $file ($(stat -c %s "$file") bytes), threads: $threads, $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "$bin" --count --threads "$threads" true "$file"
scanWall=$wall scanCPU=$cpu
echo "plain scan (cql --count true): wall ${scanWall}s, cpu ${scanCPU}s"
# scanAround CMD...: runs CMD between two plain scans and compares it with their mean (the
# host's speed drifts: a build is compared with the scans on either side of it).
scanAround() {
	measure "$bin" --count --threads "$threads" true "$file"
	local w1=$wall c1=$cpu
	measure "$@"
	local bw=$wall bc=$cpu
	measure "$bin" --count --threads "$threads" true "$file"
	scanWall=$(awk -v a="$w1" -v b="$wall" 'BEGIN { printf "%.2f", (a + b) / 2 }')
	scanCPU=$(awk -v a="$c1" -v b="$cpu" 'BEGIN { printf "%.2f", (a + b) / 2 }')
	wall=$bw cpu=$bc
}
if [ -z "${KEEP_INDEX:-}" ]; then
	rm -rf "$idx.np"
	scanAround "$bin" index build --no-positions --threads "$threads" -x "$idx.np" "$file"
	size=$(du -sb "$idx.np" | cut -f1)
	echo "index build --no-positions: wall ${wall}s ($(ratio "$wall" "$scanWall")x), cpu ${cpu}s ($(ratio "$cpu" "$scanCPU")x) against scans around it of ${scanWall}s, ${scanCPU}s cpu; $size bytes ($(ratio "$size" "$(stat -c %s "$file")")x the file)"
	rm -rf "$idx" "$idx.np"
	scanAround "$bin" index build --threads "$threads" -x "$idx" "$file"
	size=$(du -sb "$idx" | cut -f1)
	echo "index build: wall ${wall}s ($(ratio "$wall" "$scanWall")x), cpu ${cpu}s ($(ratio "$cpu" "$scanCPU")x) against scans around it of ${scanWall}s, ${scanCPU}s cpu; $size bytes ($(ratio "$size" "$(stat -c %s "$file")")x the file)"
	"$bin" index info -x "$idx" | sed -n 1,3p # sed reads it all: head could stop info with SIGPIPE, and pipefail the script
fi
printf '%-45s %9s %8s %8s %7s %8s %8s %7s\n' query matched scan index ratio scanCPU idxCPU ratio
queries=('true' 'Q attacks k' 'square x in h1-8 {R attacks x x attacks K}' 'mate' 'stalemate' 'move o-o-o' 'move promote N' 'Ka8' 'mate Pa7'
	'#[QqBbNn] == 0 and #[Rr] > 0' '#R == 1 and #P == 1 and #r == 1 and #p == 0 and #[QBNqbn] == 0'
	'player white "Carlsen"' 'eco "B90"' 'ply > 250')
for q in "${queries[@]}"; do
	measure "$bin" --count --threads "$threads" "$q" "$file"; m=$(cat "$tmp/cql-bench.out") sw=$wall sc=$cpu
	measure "$bin" --count --threads "$threads" --index "$idx" "$q"; mi=$(cat "$tmp/cql-bench.out")
	[ "$m" = "$mi" ] || echo "MISMATCH: $q scan $m index $mi"
	printf '%-45s %9s %8s %8s %7s %8s %8s %7s\n' "$q" "$m" "$sw" "$wall" "$(ratio "$wall" "$sw")" "$sc" "$cpu" "$(ratio "$cpu" "$sc")"
done
# Unprunable queries with their output written (pgn, the default, and fen) to a pipe (a
# file of gigabytes makes the system time of the writes swing by seconds on a VM): the
# outputs must be identical, byte for byte (their checksums are compared). The index was
# built from the same path to the file, which the pgn output's header comment names.
# piped CMD...: like measure, the output's checksum and size in sum and bytes.
piped() {
	/usr/bin/time -f '%e %U %S' -o "$tmp/cql-bench.time" "$@" 2>"$tmp/cql-bench.err" | tee >(wc -c >"$tmp/cql-bench.bytes") | md5sum >"$tmp/cql-bench.sum" || true
	read -r wall user sys < <(tail -n1 "$tmp/cql-bench.time")
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
	sleep 0.2 # the byte count's subshell
	sum=$(cut -d' ' -f1 "$tmp/cql-bench.sum") bytes=$(cat "$tmp/cql-bench.bytes")
}
printf '%-45s %6s %10s %8s %8s %7s %8s %8s %7s\n' query format bytes scan index ratio scanCPU idxCPU ratio
for q in 'true' 'Q attacks k' 'square x in h1-8 {R attacks x x attacks K}'; do
	for format in pgn fen; do
		piped "$bin" --threads "$threads" --format "$format" "$q" "$file"; ssum=$sum sw=$wall sc=$cpu
		piped "$bin" --threads "$threads" --format "$format" --index "$idx" "$q"
		[ "$ssum" = "$sum" ] || echo "MISMATCH: $q --format $format"
		printf '%-45s %6s %10s %8s %8s %7s %8s %8s %7s\n' "$q" "$format" "$bytes" "$sw" "$wall" "$(ratio "$wall" "$sw")" "$sc" "$cpu" "$(ratio "$cpu" "$sc")"
	done
done
rm -f "$tmp/cql-bench.sum" "$tmp/cql-bench.bytes"
# Exact-position lookups: a rare position, an opening after three moves, the position
# after 1. e4 (196,613 occurrences in masters-463k) and the start position (every game):
# the whole command, opening the index and writing the listing included.
for fen in 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3' '8/8/8/4k3/8/8/2R5/4K3 w - - 0 1' \
	'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'; do
	measure "$bin" index find -x "$idx" --fen "$fen"
	echo "index find --fen '$fen': $(wc -l <"$tmp/cql-bench.out") occurrences, wall ${wall}s, cpu ${cpu}s"
	measure "$bin" index find --count -x "$idx" --fen "$fen"
	echo "  --count: $(cat "$tmp/cql-bench.out"), wall ${wall}s, cpu ${cpu}s"
done
rm -f "$tmp/cql-bench.out"
