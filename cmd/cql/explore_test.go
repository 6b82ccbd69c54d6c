package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// explore through the command line: text and JSON, --fen and --moves, several indexes
// (their counts added: two indexes of two files answer as one index of both), and its
// errors.
func TestIndexExploreCLI(t *testing.T) {
	tmp := t.TempDir()
	a, b, both := filepath.Join(tmp, "a"), filepath.Join(tmp, "b"), filepath.Join(tmp, "both")
	masters := testdata.File(t, "masters-10k.pgn")
	sample := testdata.File(t, "cql-sample.pgn")
	for _, c := range [][]string{{a, masters}, {b, sample}, {both, masters, sample}} {
		if st, _, errs := runCLI(t, append([]string{"index", "build", "-x"}, c...)...); st != 0 {
			t.Fatalf("build %s: %d %s", c[0], st, errs)
		}
	}
	type stats struct {
		Games, White, Draws, Black int
		AverageRating, LastYear    int
	}
	type answer struct {
		FEN   string
		Total stats
		Moves []struct {
			SAN, UCI string
			stats
		}
	}
	explore := func(args ...string) answer {
		t.Helper()
		st, out, errs := runCLI(t, append([]string{"index", "explore", "--json"}, args...)...)
		if st != 0 {
			t.Fatalf("%q: status %d: %s", args, st, errs)
		}
		var v answer
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%q: %v: %s", args, err, out)
		}
		return v
	}
	for _, moves := range []string{"", "1. e4 c5", "1. d4 Nf6 2. c4 e6"} {
		one := explore("-x", both, "--moves", moves)
		two := explore("-x", a, "-x", b, "--moves", moves)
		if one.Total != two.Total || len(one.Moves) != len(two.Moves) || len(one.Moves) < 3 {
			t.Fatalf("%q: one index %+v, two %+v", moves, one, two)
		}
		for i := range one.Moves {
			if one.Moves[i] != two.Moves[i] {
				t.Fatalf("%q: move %d: %+v vs %+v", moves, i, one.Moves[i], two.Moves[i])
			}
		}
		byFEN := explore("-x", both, "--fen", one.FEN)
		if byFEN.Total != one.Total {
			t.Fatalf("%q: by FEN %+v, by moves %+v", moves, byFEN.Total, one.Total)
		}
		sum := 0
		for _, m := range one.Moves {
			sum += m.Games
		}
		if sum > one.Total.Games || sum < one.Total.Games*9/10 {
			t.Fatalf("%q: moves' games %d of %d", moves, sum, one.Total.Games)
		}
	}
	// masters-10k: 10,819 games, each from the start position
	if v := explore("-x", a, "--moves", ""); v.Total.Games != 10819 || v.Moves[0].SAN != "e4" && v.Moves[0].SAN != "d4" {
		t.Fatalf("start position: %+v", v.Total)
	}
	st, out, _ := runCLI(t, "index", "explore", "-x", a, "--moves", "1. e4 c5")
	if st != 0 || !strings.Contains(out, "move         games   share   white    draw   black  rating  year\nNf3 ") || !strings.Contains(out, "\nall ") {
		t.Fatalf("text: %d\n%s", st, out)
	}
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"-x", a}, 2, "give the position"},
		{[]string{"--moves", "e4"}, 2, "-x DIR"},
		{[]string{"-x", a, "--moves", "e4", "--fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1"}, 2, "not both"},
		{[]string{"-x", a, "--moves", "1. e4 e4"}, 2, `move 1 (Black) "e4"`},
		{[]string{"-x", a, "--fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1"}, 1, ""},
	} {
		st, out, errs := runCLI(t, append([]string{"index", "explore"}, c.args...)...)
		if st != c.status || !strings.Contains(errs, c.want) {
			t.Errorf("%q: status %d, %q %q", c.args, st, out, errs)
		}
	}
}
