package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// retiFilterScripts are the single-filter scripts of elma16/reti's
// scripts/benchmark_filters.py (FILTER_SPECS: name, body, and "all" for
// CQL 6.1 and CQLi or "cqli" for CQLi only), each run there as "cql()\n" + body.
var retiFilterScripts = []struct{ name, body, compat string }{
	{"baseline", `true`, "all"},
	{"check", `check`, "all"},
	{"mate", `mate`, "all"},
	{"stalemate", `stalemate`, "all"},
	{"btm", `btm`, "all"},
	{"wtm", `wtm`, "all"},
	{"initial", `initial`, "all"},
	{"terminal", `terminal`, "all"},
	{"piece_count_pawns", `[Pp] == 4`, "all"},
	{"piece_count_all", `#[Aa] == 10`, "all"},
	{"piece_count_queens", `[Qq] == 0`, "all"},
	{"piece_count_rooks", `[Rr] == 2`, "all"},
	{"passedpawns", `#passedpawns >= 1`, "all"},
	{"isolatedpawns", `#isolatedpawns >= 1`, "all"},
	{"doubledpawns", `#doubledpawns >= 1`, "all"},
	{"connectedpawns", `#connectedpawns >= 2`, "all"},
	{"attacks_basic", `K attacks k`, "all"},
	{"attackedby_basic", `k attackedby [Rr]`, "all"},
	{"ray_rook", `ray(R . k)`, "all"},
	{"ray_bishop", `ray(diagonal B . k)`, "all"},
	{"pin", `pin from [RNBQ] through [rnbq] to k`, "all"},
	{"xray", `xray(R . k)`, "all"},
	{"between", `#between(K k) >= 3`, "all"},
	{"up", `#up(K) >= 1`, "all"},
	{"down", `#down(K) >= 1`, "all"},
	{"left", `#left(K) >= 1`, "all"},
	{"right", `#right(K) >= 1`, "all"},
	{"northeast", `#northeast(K) >= 1`, "all"},
	{"diagonal", `#diagonal(K) >= 1`, "all"},
	{"orthogonal", `#orthogonal(K) >= 1`, "all"},
	{"horizontal", `#horizontal(K) >= 1`, "all"},
	{"vertical", `#vertical(K) >= 1`, "all"},
	{"dark", `dark K`, "all"},
	{"light", `light K`, "all"},
	{"file_rank", `file(K) == 4`, "all"},
	{"makesquare", `makesquare("e4") in [Pp]`, "all"},
	{"power", `power([Aa]) > power([aa])`, "all"},
	{"movenumber", `movenumber >= 40`, "all"},
	{"ply", `ply >= 80`, "all"},
	{"halfmoveclock", `halfmoveclock >= 10`, "cqli"},
	{"currentfen", `currentfen ~~ ".*K.*R.*k.*r.*"`, "cqli"},
	{"standardfen", `standardfen ~~ ".*K.*R.*k.*r.*"`, "cqli"},
	{"result_white", `result 1-0`, "all"},
	{"result_draw", `result 1/2-1/2`, "all"},
	{"gamenumber", `gamenumber <= 1000`, "all"},
	{"type", `type(e4) == 1`, "all"},
	{"colortype", `colortype(e4) >= 0`, "all"},
	{"find_mate", `find(mate)`, "all"},
	{"find_check", `find(check)`, "all"},
	{"find_all", `find all { Q attacks k }`, "all"},
	{"line_short", `line --> check --> mate`, "all"},
	{"line_captures", `line --> move capture [Qq] --> .`, "all"},
	{"line_consec_knight", `line --> move from [Nn] --> move from [Nn] --> .`, "all"},
	{"move_any", `move from [Nn] to .`, "all"},
	{"move_capture", `move capture [Pp]`, "all"},
	{"move_promotion", `move promote [Qq]`, "all"},
	{"move_enpassant", `move enpassant`, "all"},
	{"move_castles", `move primary o-o`, "all"},
	{"flipcolor", `flipcolor { mate K attacks [rnbq] }`, "all"},
	{"flipvertical", `flipvertical { Ka1 }`, "all"},
	{"fliphorizontal", `fliphorizontal { Ka1 }`, "all"},
	{"flip", `flip { Ka1 Bb2 }`, "all"},
	{"shift", `shift { Ka1 Bb2 }`, "all"},
	{"rotate90", `rotate90 { Ka1 Bb2 }`, "all"},
	{"rotate45", `rotate45 { Ka1 Bb2 }`, "cqli"},
	{"sort_power", `sort "power" power([Aa])`, "all"},
	{"zobristkey", `zobristkey`, "cqli"},
	{"promotedpieces", `#promotedpieces >= 1`, "cqli"},
	{"str_concat", `str(movenumber) + "x" ~~ ".*x"`, "cqli"},
	{"lowercase", `lowercase("HELLO") == "hello"`, "cqli"},
	{"uppercase", `uppercase("hello") == "HELLO"`, "cqli"},
	{"mainline", `mainline`, "all"},
	{"depth", `depth == 0`, "cqli"},
	{"positionid", `positionid >= 0`, "cqli"},
	{"sqrt", `sqrt(64) == 8`, "all"},
	{"abs", `abs(-1) == 1`, "all"},
	{"max_min", `max(1 2) == 2`, "cqli"},
	{"square_iter", `square all S in [Pp] { rank(S) >= 5 }`, "all"},
	{"piece_iter", `piece all X in [Rr] { file(X) == file(K) }`, "all"},
	{"if_filter", `if check then mate`, "all"},
	{"legalposition", `legalposition`, "cqli"},
	{"reachableposition", `reachableposition`, "cqli"},
	{"pieceid", `pieceid(e1) >= 0`, "cqli"},
	{"sidetomove", `sidetomove == 1`, "cqli"},
}

// cqlDialectRefuses are the benchmark's scripts CQL 9.493 refuses and CQLi runs, with the
// refusal we keep while the query is read as CQL (the default); --dialect cqli runs them
// as CQLi does: rotate45 of a designator that is not all 64 squares, and a string + at a
// filter's place (~~ binds tighter than +, so the script is str(...) + ("x" ~~ ".*x")).
var cqlDialectRefuses = map[string]string{
	"rotate45":   "inside rotate45, square designators must cover all 64 squares",
	"str_concat": "a string concatenation stands where a filter is matched",
}

// TestRetiFilterScriptsRun runs each of the 84 scripts over five lichess games: every one
// reads and runs (exit status 0 or 1), CQLi's filters among them, except the two that CQL
// refuses, which stop with CQL's message and run with --dialect cqli.
func TestRetiFilterScriptsRun(t *testing.T) {
	if len(retiFilterScripts) != 84 {
		t.Fatalf("%d scripts, want the benchmark's 84", len(retiFilterScripts))
	}
	pgnFile, err := filepath.Abs("../../testdata/pgn/lichess-5.pgn")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, s := range retiFilterScripts {
		t.Run(s.name, func(t *testing.T) {
			script := filepath.Join(dir, s.name+".cql")
			if err := os.WriteFile(script, []byte("cql()\n"+s.body+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			status := run([]string{"-i", pgnFile, "-o", filepath.Join(dir, s.name+".pgn"), script}, strings.NewReader(""), &stdout, &stderr)
			if want, refused := cqlDialectRefuses[s.name]; refused {
				if status != exitError || !strings.Contains(stderr.String(), want) {
					t.Fatalf("%s: status %d, stderr %q; want CQL's refusal %q", s.body, status, stderr.String(), want)
				}
				stderr.Reset()
				status = run([]string{"--dialect", "cqli", "-i", pgnFile, "-o", filepath.Join(dir, s.name+".pgn"), script}, strings.NewReader(""), &stdout, &stderr)
			}
			if status != exitMatch && status != exitNoMatch {
				t.Fatalf("%s: status %d, stderr %q", s.body, status, stderr.String())
			}
		})
	}
}
