package run

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/query"
)

// Three hand-written games: Black is mated after 4. Qxf7# in the first (4 Black-to-move
// positions), the second is a bare position with White to move, and the third is Loyd's
// ten-move stalemate (10 Black-to-move positions, check after 6. Qxd7+).
const threeGames = `[Event "Scholar's mate"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "Bare"]
[Result "*"]
[SetUp "1"]
[FEN "1k6/R6B/7n/5K2/7N/3R3q/8/8 w - - 0 1"]

*

[Event "Loyd"]
[White "C"]
[Black "D"]
[Result "1/2-1/2"]

1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3
8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6 1/2-1/2
`

// memFiles is a Files source reading named strings.
func memFiles(files map[string]string, names ...string) Files {
	return Files{Names: names, Open: func(name string) (io.ReadCloser, error) {
		s, ok := files[name]
		if !ok {
			return nil, errors.New(name + ": no such file")
		}
		return io.NopCloser(strings.NewReader(s)), nil
	}}
}

func compile(t testing.TB, src string) *filter.Query {
	t.Helper()
	prog, err := query.Parse("test", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	q, err := filter.Compile(prog)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func runString(t testing.TB, q *filter.Query, src Source, opt Options) (string, Stats) {
	t.Helper()
	var out bytes.Buffer
	st, err := Run(context.Background(), q, src, &out, opt)
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), st
}

func TestRunFormatsAndCounts(t *testing.T) {
	src := memFiles(map[string]string{"g.pgn": threeGames}, "g.pgn")
	mateFEN := "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\n"
	out, st := runString(t, compile(t, "mate"), src, Options{Format: "fen"})
	if out != mateFEN {
		t.Errorf("fen: got %q, want %q", out, mateFEN)
	}
	if st != (Stats{GamesRead: 3, GamesMatched: 1, PositionsMatched: 1}) {
		t.Errorf("stats %+v", st)
	}
	out, _ = runString(t, compile(t, "mate"), src, Options{Format: "pgn"})
	if !strings.Contains(out, "{cql: game 1 of g.pgn}") || !strings.Contains(out, "4. Qxf7# {CQL} 1-0") {
		t.Errorf("pgn output lacks the header or match comment:\n%s", out)
	}
	out, _ = runString(t, compile(t, "btm"), src, Options{Format: "pgn", Count: true})
	if out != "2\n" {
		t.Errorf("count btm: got %q", out)
	}
}

func TestRunMatchCount(t *testing.T) {
	src := memFiles(map[string]string{"g.pgn": threeGames}, "g.pgn")
	for _, c := range []struct {
		query, want string
	}{
		{"cql(matchcount 4) btm", "Scholar's mate"},
		{"cql(matchcount 10) btm", "Loyd"},
		{"cql(matchcount 5 9) btm", ""},
		{"cql(matchcount 0) mate", "Bare,Loyd"}, // no mate in the other two
	} {
		out, _ := runString(t, compile(t, c.query), src, Options{Format: "pgn", Threads: 2})
		var events []string
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, `[Event "`) {
				events = append(events, strings.TrimSuffix(strings.TrimPrefix(line, `[Event "`), `"]`))
			}
		}
		if got := strings.Join(events, ","); got != c.want {
			t.Errorf("%s: matched %q, want %q", c.query, got, c.want)
		}
	}
}

// Sorting by the number of matched positions puts Loyd's game (10) before the mate (4),
// and `sort min` turns that around; ties keep game order.
func TestRunSort(t *testing.T) {
	src := memFiles(map[string]string{"g.pgn": threeGames, "h.pgn": threeGames}, "g.pgn", "h.pgn")
	events := func(q string) string {
		out, _ := runString(t, compile(t, q), src, Options{Format: "pgn", Threads: 3})
		var ev []string
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "{cql: game") {
				ev = append(ev, line[:strings.IndexAny(line, ";}")])
			}
		}
		return strings.Join(ev, "|")
	}
	if got, want := events("cql(sort matchcount) btm"),
		"{cql: game 3 of g.pgn|{cql: game 3 of h.pgn|{cql: game 1 of g.pgn|{cql: game 1 of h.pgn"; got != want {
		t.Errorf("sort matchcount:\n got %s\nwant %s", got, want)
	}
	// The sort is evaluated only where the mate or stalemate holds: CQL
	// keeps the best value of every position where the sort was evaluated,
	// matching or not (`sort min "moves" movenumber mate or stalemate` gives
	// 1 to every game, checked with CQL 9.493, so input order).
	if got, want := events("{mate or stalemate} sort min \"moves\" movenumber"),
		"{cql: game 1 of g.pgn|{cql: game 1 of h.pgn|{cql: game 3 of g.pgn|{cql: game 3 of h.pgn"; got != want {
		t.Errorf("sort min:\n got %s\nwant %s", got, want)
	}
	if got, want := events("sort min \"moves\" movenumber mate or stalemate"),
		"{cql: game 1 of g.pgn|{cql: game 3 of g.pgn|{cql: game 1 of h.pgn|{cql: game 3 of h.pgn"; got != want {
		t.Errorf("sort min before the filters:\n got %s\nwant %s", got, want)
	}
}

// The same output for one worker and eight, on a real corpus, for every format.
func TestRunThreadsIdentical(t *testing.T) {
	file := testdata.File(t, "lichess-10k.pgn")
	cases := []struct{ query, format string }{
		{"cql(sort matchcount) Q attacks k", "pgn"},
		{`sort "power" power A check`, "jsonl"},
		{"stalemate", "epd"},
	}
	if testing.Short() {
		cases = cases[:1]
	}
	for _, c := range cases {
		qs, format := c.query, c.format
		q := compile(t, qs)
		{
			a, sa := runString(t, q, Files{Names: []string{file}}, Options{Format: format, Threads: 1})
			b, sb := runString(t, q, Files{Names: []string{file}}, Options{Format: format, Threads: 8})
			if a != b || sa != sb {
				t.Errorf("%s --format %s: 1 and 8 threads differ (%+v vs %+v)", qs, format, sa, sb)
			}
			if sa.GamesRead != 10000 {
				t.Errorf("%s: read %d games, want 10000", qs, sa.GamesRead)
			}
		}
	}
}

func TestRunReportsFailedFileAndGoesOn(t *testing.T) {
	var problems []string
	src := memFiles(map[string]string{"g.pgn": threeGames}, "missing.pgn", "g.pgn")
	src.OnError = func(err error) { problems = append(problems, err.Error()) }
	var out bytes.Buffer
	st, err := Run(context.Background(), compile(t, "mate"), src, &out, Options{Format: "fen", Count: true})
	if !errors.Is(err, ErrSourceFailed) {
		t.Errorf("error %v, want ErrSourceFailed", err)
	}
	if st.GamesMatched != 1 || out.String() != "1\n" || len(problems) != 1 || !strings.Contains(problems[0], "missing.pgn") {
		t.Errorf("stats %+v, output %q, problems %q", st, out.String(), problems)
	}
}

func TestRunRejectsFormat(t *testing.T) {
	_, err := Run(context.Background(), compile(t, "mate"), Files{}, io.Discard, Options{Format: "xml"})
	if err == nil || !strings.Contains(err.Error(), "xml") {
		t.Errorf("got %v", err)
	}
}
