#!/usr/bin/env bash
# Issue 33's budget for a tag pass: N built-in themes (default 60: the first 60 of
# `cql themes list`, sorted by name) in one `cql tags` pass, against one `cql --count true`
# scan and against N separate `cql --count THEME` runs, in CPU time (user+sys of
# /usr/bin/time; the machine is shared, so wall time is only printed). The tag pass and the
# `true` scan alternate for ROUNDS rounds (order swapped every round); the N separate runs
# are made after them in the first SEP_ROUNDS rounds (default 1: they are N times longer).
# THREADS (default 1) is every run's --threads.
#   bash bench/tags.sh [CQL_BINARY] [INPUT] [ROUNDS] [N]
# e.g. bash bench/tags.sh /tmp/cql ../shared/data/masters-463k.pgn.zst 2 60
# Prints each run's CPU seconds, then the ratios tags/true and tags/separate (medians).
set -euo pipefail
cql=${1:-cql} input=${2:-../shared/data/masters-463k.pgn.zst} rounds=${3:-2} n=${4:-60}
threads=${THREADS:-1} sep_rounds=${SEP_ROUNDS:-1}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$cql" themes list | awk '{print $1}' | sort | head -n "$n" >"$dir/names"
[[ $(wc -l <"$dir/names") == "$n" ]] || { echo "fewer than $n themes" >&2; exit 1; }
args=()
while read -r t; do
  args+=(--theme "$t")
  "$cql" themes show "$t" >"$dir/$t.cql"
done <"$dir/names"
times=$dir/times
cpu() { # LABEL COMMAND...: appends "LABEL wall cpu" to $times
  local label=$1; shift
  /usr/bin/time -f "$label %e %U %S" -a -o "$times" "$@" >/dev/null 2>"$dir/err" || {
    st=$?; [[ $st == 1 ]] || { cat "$dir/err" >&2; exit $st; }; }
}
for i in $(seq 1 "$rounds"); do
  if (( i % 2 )); then order="tags true"; else order="true tags"; fi
  for b in $order; do
    case $b in
      tags) cpu "$i tags" "$cql" tags --threads "$threads" --no-summary --group-by theme --group-out /dev/null "${args[@]}" "$input" ;;
      true) cpu "$i true" "$cql" --count --threads "$threads" --no-summary true "$input" ;;
    esac
  done
  (( i <= sep_rounds )) || continue
  while read -r t; do
    cpu "$i sep-$t" "$cql" --count --threads "$threads" --no-summary "$dir/$t.cql" "$input"
  done <"$dir/names"
done
python3 - "$times" "$n" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    if line.startswith("Command exited"):  # /usr/bin/time's note of exit 1 (no game matched)
        continue
    i, label, wall, u, s = line.split()
    runs.setdefault(i, {}).setdefault("sep" if label.startswith("sep-") else label, []).append((float(wall), float(u) + float(s)))
r_true, r_sep = [], []
for i in sorted(runs, key=int):
    d = runs[i]
    tags, true = d["tags"][0][1], d["true"][0][1]
    line = f"round {i}: tags {tags:.2f}s CPU (wall {d['tags'][0][0]:.2f}), true {true:.2f}s (wall {d['true'][0][0]:.2f}); tags/true {tags/true:.2f}"
    r_true.append(tags / true)
    if "sep" in d:
        sep = sum(c for _, c in d["sep"])
        line += f"; {len(d['sep'])} separate runs {sep:.2f}s CPU, tags/separate {tags/sep:.3f}"
        r_sep.append(tags / sep)
    print(line)
sep = f"tags/separate {statistics.median(r_sep):.3f} (budget 0.1, {len(r_sep)} rounds)" if r_sep else "no separate runs"
print(f"median over {len(r_true)} rounds: tags/true {statistics.median(r_true):.2f} (budget 4); {sep}; {sys.argv[2]} themes")
PY
