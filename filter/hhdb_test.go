package filter

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// The hhdb fields of game 1 of cql-sample.pgn, read by hand from its tags and
// first comment: [White "Rusz=A"], [Black "(+0016.32d4g7)"], {(EG#20923).}.
// Its variation 6.Be3 {<or>} (against the main line's 6.Be5) is an <or> line.
func TestHHdbGameOne(t *testing.T) {
	games := sampleGames(t, true)
	g := games[0]
	for _, c := range []struct{ src, want string }{
		{`initial hhdb stipulation == "+"`, "[start]"},
		{`initial hhdb gbr == "0016.32"`, "[start]"},
		{`initial hhdb gbr pieces == "0016" hhdb gbr pawns == "32" hhdb gbr kings == "d4g7"`, "[start]"},
		{`initial hhdb composer == "Rusz=A"`, "[start]"},
		{`initial hhdb firstcomment == "(EG#20923)."`, "[start]"},
		{`initial hhdb egdiagram == 20923`, "[start]"},
		// No study code: not a theme tourney, not cooked, not a correction.
		{`initial (hhdb TT or hhdb U2 or hhdb "(c)" or hhdb twin)`, ""},
		{`cql(variations) hhdb "<or>" move previous from B`, "[d4c5 g8f6 g6h7 g7h8 c3f6 h8h7 f6d4 c8e7 c5d6 e7g6 d4e3]"},
	} {
		if got := runQuery(t, c.src, g); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
	// Game 3: [Black "(+0334.46a6h8) TT"], a theme tourney.
	if got := runQuery(t, `initial hhdb TT hhdb theme_tourney hhdb theme_tournament hhdb gbr == "0334.46"`, games[2]); got != "[start]" {
		t.Errorf("game 3: %s", got)
	}
}

// Counts over cql-sample.pgn against counts of the raw text (grep): Black
// fields with each code, stipulations, EG numbers above 20000, and the
// <or>/<eg>/<main>/<cook> comments, one position each.
func TestHHdbSampleCounts(t *testing.T) {
	data, err := os.ReadFile(testdata.File(t, "cql-sample.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	var blackCodes = map[string]int{}
	var eg, plus, draw int
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, `[Black "`); ok {
			v = strings.TrimSuffix(strings.TrimSpace(v), `"]`)
			f := strings.Fields(v)
			if strings.HasPrefix(v, "(+") {
				plus++
			}
			if strings.HasPrefix(v, "(=") {
				draw++
			}
			for _, c := range f[1:] {
				blackCodes[c]++
			}
		}
		for rest := line; ; {
			_, after, ok := strings.Cut(rest, "EG#")
			if !ok {
				break
			}
			var n int
			fmt.Sscanf(after, "%d", &n)
			if n > 20000 {
				eg++
			}
			rest = after
		}
	}
	text := string(data)
	games := sampleGames(t, true)
	for _, c := range []struct {
		src   string
		games int // matching games
	}{
		{`hhdb TT`, blackCodes["TT"]},
		{`hhdb U2`, blackCodes["U2"]},
		{`hhdb dual_after_move_1`, blackCodes["U2"]},
		{`hhdb "(c)"`, blackCodes["(c)"]},
		{`hhdb correction`, blackCodes["(c)"]},
		{`hhdb "(v)"`, blackCodes["(v)"]},
		{`hhdb TW`, blackCodes["TW"]},
		{`hhdb stipulation == "+"`, plus},
		{`hhdb stipulation == "="`, draw},
		{`initial hhdb egdiagram > 20000`, eg},
	} {
		if got := countGames(t, c.src, games); got != c.games || c.games == 0 {
			t.Errorf("%s: %d games, want %d", c.src, got, c.games)
		}
	}
	for _, mark := range []string{"<or>", "<eg>", "<main>", "<cook>"} {
		want := strings.Count(text, mark) // each in a comment of its own move
		if got := countPositions(t, `cql(variations) hhdb "`+mark+`"`, games); got != want || want == 0 {
			t.Errorf("%s: %d positions, want %d", mark, got, want)
		}
	}
}

// hhdb mainline follows <main>: a variation whose first move is tagged
// <main> is an alternative main line, its positions too; hhdb variation is
// the rest.
func TestHHdbMainline(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader("1. e4 (1. d4 {<main>} d5 (2... Nf6)) (1. c4 c5) e5 *\n"), "m.pgn", pgn.Options{Variations: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := runQuery(t, "cql(variations) hhdb mainline", games[0]), "[d2d4 d7d5] [d2d4] [e2e4 e7e5] [e2e4] [start]"; got != want {
		t.Errorf("mainline: got %s, want %s", got, want)
	}
	if got, want := runQuery(t, "cql(variations) hhdb variation", games[0]), "[c2c4 c7c5] [c2c4] [d2d4 g8f6]"; got != want {
		t.Errorf("variation: got %s, want %s", got, want)
	}
}

// hhdb keywords are no reserved words; unknown and unimplemented ones are
// errors at their place.
func TestHHdbErrors(t *testing.T) {
	for _, src := range []string{`hhdb "<main>"`, `hhdb "<or>"`, `hhdb mainline`, `hhdb variation`} {
		p, err := query.Parse("q", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Compile(p); err == nil || !strings.Contains(err.Error(), "needs variations") {
			t.Errorf("%s without variations: error %v", src, err)
		}
	}
	if !startMatches(t, `sound = 2 TT = 3 sound + TT == 5`) {
		t.Error("hhdb keywords as variable names")
	}
	for _, c := range []struct{ src, want string }{
		{`hhdb sound`, "1:6: hhdb sound is not supported yet"},
		{`hhdb gbr material`, "1:6: hhdb gbr material is not supported yet"},
		{`hhdb max prize`, "1:6: hhdb max is not supported yet"},
		{`hhdb sounds`, `1:6: unknown hhdb keyword "sounds"`},
		{`hhdb (c)`, "1:6: expected an hhdb keyword"},
		{`hhdb`, "expected an hhdb keyword"},
		{`hhdb stipulation > 3`, "string"},
	} {
		_, err := query.Parse("q", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
	}
}

func sampleGames(t *testing.T, variations bool) []*pgn.Game {
	t.Helper()
	f, err := os.Open(testdata.File(t, "cql-sample.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := pgn.ReadAll(f, "cql-sample.pgn", pgn.Options{Variations: variations})
	if err != nil {
		t.Fatal(err)
	}
	return games
}

func countGames(t *testing.T, src string, games []*pgn.Game) int {
	t.Helper()
	e := compileText(t, src).NewEvaluator()
	n := 0
	for _, g := range games {
		if len(e.Game(g)) > 0 {
			n++
		}
	}
	return n
}

func countPositions(t *testing.T, src string, games []*pgn.Game) int {
	t.Helper()
	e := compileText(t, src).NewEvaluator()
	n := 0
	for _, g := range games {
		n += len(e.Game(g))
	}
	return n
}
