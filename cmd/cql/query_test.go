package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

const (
	games = "../../testdata/query/games.pgn"
	elo   = "../../testdata/query/elo.pgn"
)

// The expected outputs are checked by hand: the FEN after 4. Qxf7# of the scholar's mate,
// the seed position whose square filter is {h3, h7}, and Loyd's stalemate after 10. Qe6.
func TestQueryCLI(t *testing.T) {
	mateFEN := "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\n"
	seedFEN := "1k6/R6B/7n/5K2/7N/3R3q/8/8 w - - 0 1\n"
	runCases(t, []cliCase{
		{name: "mate fen", args: []string{"mate", games, "--format", "fen"}, wantOut: mateFEN},
		{name: "mate count", args: []string{"--count", "mate", games}, wantOut: "1\n"},
		{name: "stalemate", args: []string{"stalemate", games, "--format", "epd"},
			wantOut: "5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ -\n"},
		{name: "seed braces", args: []string{"(square x in h1-8 {R attacks x x attacks K}) == [h3,h7]", games, "--format", "fen"}, wantOut: seedFEN},
		// Without braces the body is `R attacks x` and x is unbound after it: CQL 9.493 stops (issue 38).
		{name: "seed brace-less", args: []string{"square x in h1-8 R attacks x x attacks K", games, "--format", "fen"}, wantStatus: exitError,
			errHas: []string{"query 1:30: the square variable 'x' has no value here (CQL: \"attempt to access unbound square variable: x\")"}},
		{name: "seed wrong set", args: []string{"(square x in h1-8 {R attacks x x attacks K}) == [h3]", games}, wantStatus: exitNoMatch},
		{name: "pgn output marks the move", args: []string{"mate", games},
			outHas: []string{"4. Qxf7# {CQL} 1-0", `[Event "Scholar's mate"]`}, errHas: []string{"3 games read, 1 matched (1 position)"}},
		{name: "initial position comment comes first", args: []string{"initial and wtm and R", games},
			outHas: []string{"{cql: game 2 of " + games + " CQL} *"}},
		{name: "script with -i and matchstring", args: []string{"-i", games, "../../testdata/query/mate.cql"},
			outHas: []string{"4. Qxf7# {mate here} 1-0"}},
		{name: "script with -f", args: []string{"-f", "../../testdata/query/mate.cql", games, "--silent"},
			outHas: []string{"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"}},
		{name: "cql single-dash flags", args: []string{"-cql", "mate", "-input", games, "-gamenumber", "1", "--count"}, wantOut: "1\n"},
		{name: "gamenumber excludes", args: []string{"-gamenumber", "2-3", "mate", games}, wantStatus: exitNoMatch},
		// Black is to move in 4 positions of the scholar's mate and 10 of Loyd's stalemate.
		{name: "matchcount", args: []string{"--matchcount", "4", "btm", games, "--format", "epd"}, outHas: []string{"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq -"}},
		{name: "matchcount range", args: []string{"--matchcount", "4-10", "btm", games, "--count"}, wantOut: "2\n"},
		// In check: after 4. Qxf7#, the seed position (the queen on h3 checks Kf5), after 6. Qxd7+.
		{name: "check given with --cql", args: []string{"--cql", "check", games, "--count"}, wantOut: "3\n"},
		{name: "jsonl", args: []string{"mate", games, "--format", "jsonl"},
			wantOut: `{"file":"` + games + `","game":1,"ply":7,"move":4,"side":"b","fen":"` + mateFEN[:len(mateFEN)-1] + `","san":"Qxf7#","next":"","result":"1-0","tags":{"Event":"Scholar's mate","Site":"?","Date":"????.??.??","Round":"?","White":"A","Black":"B","Result":"1-0"}}` + "\n"},
		{name: "no match", args: []string{"stalemate and wtm", games}, wantStatus: exitNoMatch},
		{name: "query error has a caret", args: []string{"mate attacks", games}, wantStatus: exitError, errHas: []string{"query:1:"}},
		{name: "unknown keyword suggestion", args: []string{"atacks", games}, wantStatus: exitError, errHas: []string{"did you mean 'attacks'"}},
		// CQLi's zobristkey is Polyglot's key: 0x463b96181691fc9c at the start position.
		{name: "zobristkey of the start position", args: []string{"initial zobristkey == 5060803636482931868", games, "--gamenumber", "1", "--count"}, wantOut: "1\n"},
		{name: "missing file", args: []string{"mate", "no-such.pgn"}, wantStatus: exitError, errHas: []string{"no-such.pgn"}},
		{name: "no input", args: []string{"mate"}, wantStatus: exitError, errHas: []string{"no input"}},
		{name: "bad format", args: []string{"mate", games, "--format", "xml"}, wantStatus: exitError, errHas: []string{"unknown --format"}},
		// Direction filters go through the pattern core; the seed's white king stands on f5.
		{name: "up", args: []string{"up K == [f6,f7,f8]", games, "--format", "fen"}, wantOut: seedFEN},
		{name: "diagonal 1", args: []string{"diagonal 1 1 K == [e4,g4,e6,g6]", games, "--format", "fen"}, wantOut: seedFEN},
		{name: "left 2 3", args: []string{"left 2 3 K == [c5,d5]", games, "--format", "fen"}, wantOut: seedFEN},
		// comment and message filters: 4. Qxf7# came from h5; 6. Qxd7+ from c7.
		{name: "comment text at the matched move", args: []string{`mate comment ("mated by " from)`, games},
			outSub: []string{"Qxf7# {mated by h5 CQL} 1-0"}},
		{name: "comment quiet", args: []string{`mate comment ("mated by " from)`, games, "--quiet"},
			outSub: []string{"Qxf7# {mated by h5} 1-0"}},
		{name: "comment silent", args: []string{`mate comment ("mated by " from)`, games, "--silent"},
			outHas: []string{"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"}},
		{name: "comments of unmatched positions are dropped", args: []string{`comment ("seen") mate`, games, "--quiet"},
			outSub: []string{"Qxf7# {seen} 1-0"}},
		// Messages go to standard output as in CQL when the games do not (--count, -o), else
		// to standard error; 4. Qxf7# and 6. Qxd7+ leave Black to move.
		{name: "message", args: []string{`check not initial message ("check from " from)`, games, "--count"},
			wantOut: "Game: 1 move 4(btm): check from h5\nGame: 3 move 6(btm): check from c7\n2\n"},
		{name: "message beside PGN output", args: []string{`check not initial message ("check from " from)`, games},
			outSub: []string{"4. Qxf7# {CQL} 1-0"}, errHas: []string{"Game: 1 move 4(btm): check from h5\nGame: 3 move 6(btm): check from c7\n"}},
		// elo alone is the larger of the two ratings (2700 and 2650 in the two games).
		{name: "elo is the larger rating", args: []string{"--count", "elo > 2600", elo}, wantOut: "2\n"},
		{name: "elo max excludes", args: []string{"--count", "elo > 2680", elo}, wantOut: "1\n"},
		{name: "elo black", args: []string{"--count", "elo black > 2600", elo}, wantOut: "1\n"},
		{name: "year", args: []string{"--count", "year == 2021", elo}, wantOut: "1\n"},
		{name: "stdin", args: []string{"mate", "-", "--count"}, stdinFile: games, wantOut: "1\n"},
	})
}

func TestOutputFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.pgn")
	var so, se bytes.Buffer
	if st := run([]string{"mate", games, "-o", out}, nil, &so, &se); st != exitMatch {
		t.Fatalf("status %d: %s", st, se.String())
	}
	b, err := os.ReadFile(out)
	if err != nil || !bytes.Contains(b, []byte("Qxf7# {CQL}")) {
		t.Fatalf("output file: %v\n%s", err, b)
	}
	if so.Len() != 0 {
		t.Errorf("stdout not empty with -o: %s", so.String())
	}
}

// A run that fails leaves an earlier output file alone, and an input is never overwritten.
func TestOutputFileSafety(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pgn")
	if err := os.WriteFile(out, []byte("earlier result\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var so, se bytes.Buffer
	if st := run([]string{"mate", "no-such.pgn", "-o", out}, nil, &so, &se); st != exitError {
		t.Fatalf("status %d, want %d", st, exitError)
	}
	if b, _ := os.ReadFile(out); string(b) != "earlier result\n" {
		t.Errorf("failed run changed the output file: %q", b)
	}
	in := filepath.Join(dir, "in.pgn")
	data, _ := os.ReadFile(games)
	os.WriteFile(in, data, 0o644)
	se.Reset()
	if st := run([]string{"mate", in, "-o", in}, nil, &so, &se); st != exitError || !bytes.Contains(se.Bytes(), []byte("also an input")) {
		t.Errorf("status %d, stderr %s", st, se.String())
	}
	if b, _ := os.ReadFile(in); !bytes.Equal(b, data) {
		t.Error("input was overwritten")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// sort orders the output games by the largest value over their matching positions, and the
// header comment shows it. Material balance, counted by hand: Loyd's game ends with White 39
// against Black 29 (10), the seed position has R+R+B+N = 16 against n+q = 12 (4), and the
// scholar's mate is one pawn up after 4. Qxf7# (1).
func TestSortOutput(t *testing.T) {
	var so, se bytes.Buffer
	if st := run([]string{`sort "material" power A - power a`, games, "--quiet"}, nil, &so, &se); st != exitMatch {
		t.Fatalf("status %d: %s", st, se.String())
	}
	out := so.String()
	last := -1
	for _, want := range []string{"game 3 of " + games + "; material 10}", "game 2 of " + games + "; material 4}", "game 1 of " + games + "; material 1}"} {
		i := strings.Index(out, want)
		if i < 0 || i < last {
			t.Fatalf("%q missing or out of order in:\n%s", want, out)
		}
		last = i
	}
}

// The output must not depend on the number of threads.
func TestThreadsAgree(t *testing.T) {
	file := testdata.File(t, "lichess-10k.pgn")
	queries := []string{"mate", "power A >= power a + 5", "Q attacks k", "move promote N"}
	if testing.Short() {
		queries = queries[:1]
	}
	for _, q := range queries {
		var first []byte
		for _, threads := range []string{"1", "8"} {
			var so, se bytes.Buffer
			st := run([]string{q, file, "--threads", threads, "--quiet"}, nil, &so, &se)
			if st != exitMatch {
				t.Fatalf("%s with %s threads: status %d: %s", q, threads, st, se.String())
			}
			if first == nil {
				first = so.Bytes()
			} else if !bytes.Equal(first, so.Bytes()) {
				t.Errorf("%s: output differs between 1 and 8 threads", q)
			}
		}
	}
}
