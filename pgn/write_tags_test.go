package pgn

import (
	"os"
	"strings"
	"testing"
)

// tagSections splits PGN text into the tag sections of its games: each run of
// lines that start with '['.
func tagSections(text string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(line, "[") {
			cur.WriteString(line)
			continue
		}
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// The expected tag sections are CQL's own: testdata/cqltags.cql9493.pgn is the
// output of CQL 6.2 build 9.493 (`cql -i cqltags.pgn -o cqltags.cql9493.pgn q.cql`
// with q.cql `cql() true`) on the hand-written games of testdata/cqltags.pgn:
// missing and empty roster tags, tags out of order, repeated tags, player names
// with commas, dots, Dutch prefixes and " (2800)", rating tags of every kind and
// in the wrong form, odd dates and ECO codes, results that disagree with the
// move text, escapes, and FEN tags with missing or spaced-out fields.
func TestAppendGameCQLTagsMatchCQL(t *testing.T) {
	games, sections := cqlTagGames(t)
	for i, g := range games {
		got := tagSections(string(AppendGameCQL(nil, g)))
		if len(got) != 1 || got[0] != sections[i] {
			t.Errorf("game %d (%s): got\n%swant (CQL 9.493)\n%s", i+1, g.Tag("Event"), strings.Join(got, "|"), sections[i])
		}
	}
}

// The move text is written as AppendGameAsRead writes it: only the tags differ.
func TestAppendGameCQLMoveText(t *testing.T) {
	const text = "[White \"a\"]\n[Black \"b\"]\n\n{start} 1. e4 $1 (1. d4 d5) 1... e5 {end} 1-0\n"
	games, err := ReadAll(strings.NewReader(text), "t", Options{Variations: true})
	if err != nil || len(games) != 1 {
		t.Fatal(len(games), err)
	}
	asRead := string(AppendGameAsRead(nil, games[0]))
	cql := string(AppendGameCQL(nil, games[0]))
	_, moves, _ := strings.Cut(asRead, "\n\n")
	if !strings.HasSuffix(cql, "\n\n"+moves) {
		t.Errorf("move text differs:\n%s\nvs\n%s", cql, asRead)
	}
	if !strings.HasPrefix(cql, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n") {
		t.Errorf("tags:\n%s", cql)
	}
}

// scidFEN on the FEN tags of testdata/cqltags.pgn (the input on the left, what CQL
// 9.493 wrote back on the right).
func TestScidFEN(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"4k3/8/8/8/8/8/8/4K2R w K - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
		{"4k3/8/8/8/8/8/8/4K2R b - -", "4k3/8/8/8/8/8/8/4K2R b - - 0 1"},
		{"4k3/8/8/8/4P3/8/8/4K3 b - e3 5 40", "4k3/8/8/8/4P3/8/8/4K3 b - e3 5 40"},
		{"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"4k3/8/8/8/8/8/8/4K3  w  -  -  3  12", "4k3/8/8/8/8/8/8/4K3 w - - 3 12"},
		{"4k3/8/8/8/8/8/8/4K3 b - - 0 0", "4k3/8/8/8/8/8/8/4K3 b - - 0 1"},
		// Not a FEN Scid reads (CQL drops the tag and fails at the first move): kept.
		{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"},
		{"4k3/8/8", "4k3/8/8"},
	} {
		if got := string(scidFEN(nil, c.in)); got != c.want {
			t.Errorf("scidFEN(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// cqlTagGames reads the hand-written games of testdata/cqltags.pgn and the tag sections
// CQL 9.493 wrote for them (testdata/cqltags.cql9493.pgn), one a game.
func cqlTagGames(t *testing.T) ([]*Game, []string) {
	t.Helper()
	in, err := os.ReadFile("testdata/cqltags.pgn")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/cqltags.cql9493.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games, err := ReadAll(strings.NewReader(string(in)), "cqltags.pgn", Options{})
	if err != nil {
		t.Fatal(err)
	}
	sections := tagSections(string(want))
	if len(games) != len(sections) || len(games) < 40 {
		t.Fatalf("%d games read, %d tag sections in CQL's output", len(games), len(sections))
	}
	return games, sections
}
