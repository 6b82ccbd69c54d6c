#!/usr/bin/env bash
# Scale benchmark (issue 35): makes corpora of N copies of masters-463k (copy 1 is the file
# itself; copy k > 1 has a tag [Copy "k"] after each game's Event tag, so the copies are
# distinct games for any comparison of tags, and every game stays a real, legal game), and
# measures at each size, in one run: the scan, the index build (wall, CPU, peak RSS by
# /usr/bin/time -v), the index's size, the latency of a fixed query set through the index
# (p50 and p95; `cql --count`, whole process), the time to the first byte of output of
# queries through the index, the peak RSS of queries that write every game and of a
# sorting one, and the explorer.
#
# Usage: bench/scale.sh COPIES...   (e.g. bench/scale.sh 1 4.3 for 463k and 2M games;
#        a fractional copy count takes the first games of the last copy)
# Environment: SRC (default ../shared/data/masters-463k.pgn.zst), THREADS (default all
# cores), WORK (default ${TMPDIR:-/tmp}/cql-scale: corpora and indexes, several GB),
# EXAMPLES (CQL's example scripts, default /work/peers/exalpha), EVERY (run every EVERY-th of
# them too, default 0: none; an unprunable script reads every game, and on this shared
# 2-core machine one took 42 s at 463k games, 8piecesinline.cql more than 9 minutes),
# KEEP=1 keeps the corpora and indexes of an earlier run, FAST=1 leaves out what reads every
# game (the two unprunable queries wtm move o-o-o and btm move o-o, writing every game, the
# sorting query: at 10 million games each takes 10-30 minutes on this machine).
set -euo pipefail
cd "$(dirname "$0")/.."
src=${SRC:-../shared/data/masters-463k.pgn.zst}
threads=${THREADS:-$(nproc)}
work=${WORK:-${TMPDIR:-/tmp}/cql-scale}
examples=${EXAMPLES:-/work/peers/exalpha}
mkdir -p "$work"
bin=$work/cql
CGO_ENABLED=0 go build -o "$bin" ./cmd/cql
games1=$(zstdcat "$src" | grep -c '^\[Event ')

# corpus COPIES: the corpus file of that many copies (made once)
corpus() {
	local copies=$1 out=$work/corpus-$1.pgn.zst
	if [ "$copies" = 1 ]; then
		echo "$src"
		return
	fi
	if [ ! -s "$out" ]; then
		local want k=1 whole
		want=$(awk -v c="$copies" -v g="$games1" 'BEGIN { printf "%d", c * g }')
		whole=$(awk -v w="$want" -v g="$games1" 'BEGIN { printf "%d", (w + g - 1) / g }')
		{
			zstdcat "$src"
			for ((k = 2; k <= whole; k++)); do
				{ zstdcat "$src" || true; } | awk -v k="$k" -v left=$((want - (k - 1) * games1)) '
					/^\[Event / { if (++n > left) exit; print; printf "[Copy \"%d\"]\n", k; next }
					{ print }'
			done
		} | zstd -q -1 -T1 -o "$out.tmp"
		mv "$out.tmp" "$out"
	fi
	echo "$out"
}

# timed FILE CMD...: runs CMD with /usr/bin/time -v into FILE; sets wall, cpu (s), rss (MB)
timed() {
	local f=$1
	shift
	/usr/bin/time -v -o "$f" "$@" >"$f.out" 2>"$f.err" || true
	wall=$(awk -F': ' '/Elapsed/ { n = split($2, a, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + a[i]; print s }' "$f")
	cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f", u + s }' "$f")
	rss=$(awk -F': ' '/Maximum resident/ { printf "%.0f", $2 / 1024 }' "$f")
}

# ttfb CMD...: milliseconds from the start of CMD to the first byte of its standard output
# (with --limit 100, which leaves the first byte as it is: without it the measure waited for
# the whole output to be drained, 20 minutes for true at 10M games)
ttfb() {
	local t0
	t0=$(date +%s%N)
	"$@" --limit 100 2>/dev/null | {
		head -c1 >/dev/null
		echo $((($(date +%s%N) - t0) / 1000000))
		cat >/dev/null
	}
}

# percentile P FILE: the P-th percentile (nearest rank) of the numbers in FILE
percentile() { sort -n "$2" | awk -v p="$1" '{ a[NR] = $1 } END { i = int((p * NR + 99) / 100); if (i < 1) i = 1; print a[i] }'; }

queries=('move o-o-o' 'wtm move o-o-o' 'btm move o-o' 'mate' 'stalemate' 'move promote N' 'Ka8' 'mate Pa7'
	'player white "Carlsen"' 'eco "B90"' 'ply > 250' '#R == 1 and #P == 1 and #r == 1 and #p == 0 and #[QBNqbn] == 0'
	'year < 1900 and mate' 'check')
if [ -n "${FAST:-}" ]; then
	queries=("${queries[@]:0:1}" "${queries[@]:3}")
fi
scripts=()
if [ "${EVERY:-0}" -gt 0 ]; then
	mapfile -t scripts < <(find "$examples" -name '*.cql' 2>/dev/null | sort | awk -v e="$EVERY" 'NR % e == 1')
fi
echo "scale benchmark: $src ($games1 games), copies: $*, threads $threads, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
echo "query set: ${#queries[@]} queries and ${#scripts[@]} of CQL's example scripts (every ${EVERY:-0}th of $examples)"
for copies in "$@"; do
	file=$(corpus "$copies")
	idx=$work/index-$copies.idx
	games=$(awk -v c="$copies" -v g="$games1" 'BEGIN { printf "%d", c * g }')
	echo "== $copies copies: $games games, $file ($(stat -L -c %s "$file") bytes)"
	timed "$work/scan" "$bin" --count --threads "$threads" true "$file"
	echo "scan (cql --count true): wall ${wall}s, cpu ${cpu}s, peak RSS ${rss} MB: $(cat "$work/scan.out") games"
	if [ -z "${KEEP:-}" ] || [ ! -e "$idx/CQLINDEX" ]; then
		rm -rf "$idx"
		timed "$work/build" "$bin" index build --threads "$threads" -x "$idx" "$file"
		echo "index build: wall ${wall}s, cpu ${cpu}s, peak RSS ${rss} MB; $(tail -n1 "$work/build.err")"
	fi
	echo "index size: $(du -sb "$idx" | cut -f1) bytes ($(du -sb "$idx/positions.table" | cut -f1) of it the exact-position table)"
	: >"$work/lat"
	: >"$work/lat.cpu"
	for q in "${queries[@]}"; do
		timed "$work/q" "$bin" --count --threads "$threads" --index "$idx" "$q"
		echo "$wall" >>"$work/lat"
		echo "$cpu" >>"$work/lat.cpu"
		printf '  %-70s %10s %7ss wall %7ss cpu %5s MB\n' "$q" "$(cat "$work/q.out")" "$wall" "$cpu" "$rss"
	done
	for s in "${scripts[@]}"; do
		timed "$work/q" "$bin" --count --threads "$threads" --index "$idx" "$s"
		echo "$wall" >>"$work/lat"
		echo "$cpu" >>"$work/lat.cpu"
		printf '  %-70s %10s %7ss wall %7ss cpu %5s MB\n' "$(basename "$s")" "$(head -c 20 "$work/q.out")" "$wall" "$cpu" "$rss"
	done
	# CPU (user + system) as well as wall: on a shared machine the wall time is mostly the load's
	echo "query latency over $(wc -l <"$work/lat") queries: p50 $(percentile 50 "$work/lat")s, p95 $(percentile 95 "$work/lat")s, max $(percentile 100 "$work/lat")s wall; CPU p50 $(percentile 50 "$work/lat.cpu")s, p95 $(percentile 95 "$work/lat.cpu")s; load $(cut -d' ' -f1-3 /proc/loadavg)"
	for q in 'true' 'mate' 'move o-o-o' 'ply > 250' 'stalemate' 'player white "Carlsen"' 'year < 1900 and mate'; do
		echo "  time to first byte, $q: $(ttfb "$bin" --threads "$threads" --index "$idx" "$q") ms"
	done
	if [ -z "${FAST:-}" ]; then
		timed "$work/q" "$bin" --threads "$threads" --index "$idx" -o /dev/null true
		echo "  peak RSS writing every game (true -o /dev/null): ${rss} MB, ${wall}s"
		timed "$work/q" "$bin" --threads "$threads" --index "$idx" -o /dev/null 'sort "material" power A'
		echo "  peak RSS of a sorting query (sort \"material\" power A, -o /dev/null): ${rss} MB, ${wall}s"
	fi
	for m in '' '1. e4 c5' '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Bg5 e6 7. f4 Qb6'; do
		best=
		for _ in 1 2 3 4 5; do
			timed "$work/q" "$bin" index explore -x "$idx" --moves "$m"
			best=$(awk -v a="$wall" -v b="${best:-999}" 'BEGIN { print (a < b) ? a : b }')
		done
		echo "  explore --moves \"$m\": best of 5 ${best}s, $(head -n1 "$work/q.out" | sed 's/.*: //')"
	done
done
