package themes

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// A themeCase is a position (or a short game) checked by hand: want says whether the theme
// matches at some position of it, why says how that was checked.
type themeCase struct {
	theme string
	fen   string // the start position; "" is the initial position
	moves string // movetext played from it, may be ""
	want  bool
	why   string
}

// compileTheme parses and compiles the named theme.
func compileTheme(t testing.TB, name string) *filter.Query {
	t.Helper()
	th, ok := Lookup(name)
	if !ok {
		t.Fatalf("no theme %q", name)
	}
	return compileSource(t, name, th.Source)
}

// compileSource parses and compiles a query's text.
func compileSource(t testing.TB, name, src string) *filter.Query {
	t.Helper()
	p, err := query.Parse(name+".cql", []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	q, err := filter.Compile(p)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return q
}

// caseGame is the PGN game of a case: a [SetUp "1"] [FEN ...] game when it has a FEN.
func caseGame(t testing.TB, c themeCase) *pgn.Game {
	t.Helper()
	var b strings.Builder
	b.WriteString("[Event \"theme test\"]\n")
	if c.fen != "" {
		fmt.Fprintf(&b, "[SetUp \"1\"]\n[FEN \"%s\"]\n", c.fen)
	}
	// A movetext ending in a result gives the game that result (the result filter reads it).
	result := "*"
	for _, r := range []string{"1-0", "0-1", "1/2-1/2"} {
		if strings.HasSuffix(c.moves, " "+r) {
			result = r
		}
	}
	fmt.Fprintf(&b, "[Result \"%s\"]\n", result)
	moves := strings.TrimSuffix(c.moves, " "+result)
	fmt.Fprintf(&b, "\n%s %s\n", moves, result)
	games, err := pgn.ReadAll(strings.NewReader(b.String()), "case.pgn", pgn.Options{})
	if err != nil {
		t.Fatalf("%s: %v", b.String(), err)
	}
	if len(games) != 1 {
		t.Fatalf("%s: %d games", b.String(), len(games))
	}
	g := games[0]
	if len(g.Errors) > 0 || len(g.Warnings) > 0 {
		t.Fatalf("%s: %v %v", b.String(), g.Errors, g.Warnings)
	}
	plies := 0
	for _, f := range strings.Fields(moves) {
		if strings.TrimRight(strings.TrimLeft(f, "0123456789"), ".") != "" {
			plies++ // a move, not a move number such as "12." or "12..."
		}
	}
	if len(g.Nodes) != plies+1 {
		t.Fatalf("%s: %d positions read, want %d", b.String(), len(g.Nodes), plies+1)
	}
	return g
}

// runCases checks each case: the theme matches the game exactly when want says so.
func runCases(t *testing.T, cases []themeCase) {
	t.Helper()
	queries := map[string]*filter.Query{}
	for _, c := range cases {
		q := queries[c.theme]
		if q == nil {
			q = compileTheme(t, c.theme)
			queries[c.theme] = q
		}
		g := caseGame(t, c)
		got := len(q.NewEvaluator().Game(g)) > 0
		if got != c.want {
			t.Errorf("%s on %q %s: matched %v, want %v (%s)", c.theme, c.fen, c.moves, got, c.want, c.why)
		}
	}
}

// TestEveryThemeHasCases: each theme has at least two positions where it holds and one near
// miss where it does not among the cases of this package's tests.
func TestEveryThemeHasCases(t *testing.T) {
	yes, no := map[string]int{}, map[string]int{}
	for _, cs := range allCases {
		for _, c := range cs {
			if _, ok := Lookup(c.theme); !ok {
				t.Errorf("a case names theme %q, which is not in the library", c.theme)
			}
			if c.want {
				yes[c.theme]++
			} else {
				no[c.theme]++
			}
			if c.why == "" {
				t.Errorf("%s on %q: the case does not say how it was checked", c.theme, c.fen)
			}
		}
	}
	for _, th := range All() {
		if yes[th.Name] < 2 || no[th.Name] < 1 {
			t.Errorf("%s: %d positions where it holds, %d near misses; want at least 2 and 1", th.Name, yes[th.Name], no[th.Name])
		}
	}
}
