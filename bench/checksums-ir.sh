#!/usr/bin/env bash
# The cost of the index's checksums (issue 31) in instructions, which a shared, noisy
# machine cannot blur: pruned queries and find through one index of FILE, run under
# callgrind by OFF (bench/checksums-off.sh: every read-path check off) and by this tree's
# cql, ROUNDS times each, medians of the instructions executed (Ir) and their ratio; then
# the share of a build's instructions spent computing checksums (CRC-32C of records,
# names blocks and buckets, Badger's block checksums), from callgrind's inclusive counts
# of an index build of BUILDFILE. Go's asynchronous preemption is off (its signals stop
# callgrind); --threads 1.
# Usage: bench/checksums-ir.sh OFF [FILE] [ROUNDS] [BUILDFILE]
#   (defaults: ../shared/data/masters-463k.pgn.zst, 3, ../shared/data/masters-10k.pgn)
set -euo pipefail
cd "$(dirname "$0")/.."
off=$(realpath "$1")
file=${2:-../shared/data/masters-463k.pgn.zst}
rounds=${3:-3}
buildfile=${4:-../shared/data/masters-10k.pgn}
tmp=${TMPDIR:-/tmp}/cql-checksums-ir
mkdir -p "$tmp"
new=$tmp/cql-new
CGO_ENABLED=0 go build -o "$new" ./cmd/cql
export GODEBUG=asyncpreemptoff=1
# ir CMD...: the instructions CMD executes, its output discarded
ir() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
		awk '/Collected :/ { print $NF }'
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
ix=$tmp/index
[ -f "$ix/CQLINDEX" ] || "$new" index build --threads 2 -x "$ix" "$file"
echo "index of $file; $rounds rounds; instructions (Ir), medians"
printf '%-44s %14s %14s %7s\n' command off new new/off
run() { # run LABEL ARGS...: ARGS after the binary
	local label=$1
	shift
	local a b
	a=$("$off" "$@" 2>/dev/null || true)
	b=$("$new" "$@" 2>/dev/null || true)
	[ "$a" = "$b" ] || echo "MISMATCH: $label: off $a, new $b"
	: >"$tmp/o"
	: >"$tmp/n"
	for _ in $(seq "$rounds"); do
		ir "$off" "$@" >>"$tmp/o"
		ir "$new" "$@" >>"$tmp/n"
	done
	local o n
	o=$(median <"$tmp/o") n=$(median <"$tmp/n")
	printf '%-44s %14s %14s %7s\n' "$label" "$o" "$n" "$(awk -v a="$n" -v b="$o" 'BEGIN { printf "%.3f", a / b }')"
}
for q in 'mate' 'stalemate' 'move promote N' 'move o-o-o' 'year < 1900 and mate' 'player white "Carlsen"' 'eco "B90"' 'Ka8'; do
	run "--count '$q'" --count --threads 1 --index "$ix" "$q"
done
run "--index 'mate' (PGN out)" --threads 1 --index "$ix" 'mate'
fen='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
run "index find 1. e4 --limit 100" index find --threads 1 -x "$ix" --limit 100 --fen "$fen"
run "index find 1. e4 --count" index find --threads 1 -x "$ix" --count --fen "$fen"
# A build's checksums: the instructions spent in hash/crc32 (ours and Badger's CRC-32C of
# blocks, records, names blocks and buckets), self cost (callgrind's inclusive counts are
# unreliable across Go's stack switches). Badger computes its block checksums on every
# write whatever the options, so this is the most the index's checksums can add.
rm -rf "$tmp/build.idx"
valgrind --tool=callgrind --callgrind-out-file="$tmp/build.out" "$new" index build --threads 1 -x "$tmp/build.idx" "$buildfile" >/dev/null 2>&1
callgrind_annotate --auto=no --threshold=100 "$tmp/build.out" 2>/dev/null >"$tmp/build.txt"
total=$(awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }' "$tmp/build.txt")
crc=$(awk '/^ *[0-9,]+ .*:hash\/crc32\./ { gsub(",", "", $1); s += $1 } END { print s + 0 }' "$tmp/build.txt")
echo "build of $buildfile: $total instructions, $crc in hash/crc32: $(awk -v a="$crc" -v b="$total" 'BEGIN { printf "%.2f%%", 100 * a / b }')"
