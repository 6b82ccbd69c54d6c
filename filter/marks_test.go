package filter

import (
	"slices"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

func compileMarks(tb testing.TB, src string, marks bool) *Query {
	tb.Helper()
	p, err := query.Parse("", []byte(src))
	if err != nil {
		tb.Fatalf("%s: %v", src, err)
	}
	q, err := CompileWith(p, Options{Marks: marks, NoAutoComments: true})
	if err != nil {
		tb.Fatalf("%s: %v", src, err)
	}
	return q
}

// TestMarkedSquares checks the marked squares of hand-checked positions: each board was
// set up so that the squares follow from the rules of chess and the value CQL gives the
// filter (attacks: the attacking pieces; square x in S body: the x for which body holds).
func TestMarkedSquares(t *testing.T) {
	cases := []struct {
		fen, src string
		want     []string // nil: the position must not match
	}{
		// The queen on e1 sees the king on e8 up the open e-file.
		{"4k3/8/8/8/8/8/8/4Q1K1 w - - 0 1", "Q attacks k", []string{"e1"}},
		// attackedby's value is the attacked squares: the king.
		{"4k3/8/8/8/8/8/8/4Q1K1 w - - 0 1", "k attackedby Q", []string{"e8"}},
		// The manual's seed example: Ra7-h7 and Bh7-g6-f5; Rd3-h3 and qh3-g4-f5.
		{"1k6/R6B/7n/5K2/7N/3R3q/8/8 w - - 0 1", "square x in h1-8 {R attacks x x attacks K}", []string{"h3", "h7"}},
		{"1k6/R6B/7n/5K2/7N/3R3q/8/8 w - - 0 1", "square x in h1-8 {R attacks x x attacks K}", []string{"h3", "h7"}},
		// Both pieces check the king (a8-e8 along the rank, e1-e8 up the file).
		{"R3k3/8/8/8/8/8/8/4Q1K1 b - - 0 1", "piece x in [RQ] {x attacks k}", []string{"a8", "e1"}},
		// Every filter of the body marks its squares; `not` marks nothing.
		{"6k1/8/8/8/8/8/8/5RK1 w - - 0 1", "Kg1 Rf1 not q", []string{"f1", "g1"}},
		// The failed left side of `or` leaves no marks (Ra1 held, Kh8 did not).
		{"r3k3/8/8/8/8/8/8/R5K1 w - - 0 1", "{Ra1 Kh8} or Kg1", []string{"g1"}},
		{"r3k3/8/8/8/8/8/8/R5K1 w - - 0 1", "Ra1 and ke8", []string{"a1", "e8"}},
		// flipcolor: the colour-swapped variant matched, with its queen on e1.
		{"4K3/8/8/8/8/8/8/4q1k1 b - - 0 1", "flipcolor {Q attacks k}", []string{"e1"}},
		// Back-rank mate: mate has no squares, the rook giving it does.
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "mate", []string{}},
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "mate Ra8", []string{"a8"}},
		// square all matches (the king attacks f1) but marks nothing.
		{"6k1/8/8/8/8/8/8/5RK1 w - - 0 1", "square all x in g1 {x attacks f1}", []string{}},
		// Variables bound at the top: their squares.
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "x = R attacks k mate", []string{"a8"}},
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "piece y = Kg1 mate", []string{"g1"}},
		// Comparisons mark nothing.
		{"6k1/8/8/8/8/8/8/5RK1 w - - 0 1", "#R == 1", []string{}},
		{"6k1/8/8/8/8/8/8/5RK1 w - - 0 1", "Q attacks k", nil},
	}
	for _, c := range cases {
		g := fenGame(t, c.fen)
		e := compileMarks(t, c.src, true).NewEvaluator()
		matches := e.Game(g)
		if c.want == nil {
			if len(matches) != 0 {
				t.Errorf("%s on %s: matched, want no match", c.src, c.fen)
			}
			continue
		}
		if len(matches) != 1 {
			t.Errorf("%s on %s: no match", c.src, c.fen)
			continue
		}
		if got, want := e.Marked(0), bb(t, c.want...); got != want {
			t.Errorf("%s on %s: marked %v, want %v", c.src, c.fen, got, want)
		}
	}
}

// TestMarkedAlongGame checks that each matching node keeps its own marks.
func TestMarkedAlongGame(t *testing.T) {
	// 1. e4 e5 2. Qh5 (the queen attacks f7) Nc6 3. Qxf7+ (the queen checks from f7).
	g := lineGame(t, chess.StartFEN, "e2e4", "e7e5", "d1h5", "b8c6", "h5f7")
	e := compileMarks(t, "Q attacks [f7,e8]", true).NewEvaluator()
	matches := e.Game(g)
	if !slices.Equal(matches, []int32{3, 4, 5}) {
		t.Fatalf("matches %v, want [3 4 5]", matches)
	}
	for i, want := range []string{"h5", "h5", "f7"} {
		if got := e.Marked(int32(i + 3)); got != bb(t, want) {
			t.Errorf("node %d: marked %v, want %s", i+3, got, want)
		}
	}
	// Compiled without marks, nothing is reported.
	e = compileMarks(t, "Q attacks [f7,e8]", false).NewEvaluator()
	e.Game(g)
	if got := e.Marked(5); got != 0 {
		t.Errorf("without marks: marked %v", got)
	}
}

// TestMarksKeepMatches runs queries compiled with and without marks over real games:
// the matching positions and the comments must be the same, so that exporting squares
// never changes what matches.
func TestMarksKeepMatches(t *testing.T) {
	games := loadGames(t, "lichess-10k.pgn", 150, true)
	queries := append(slices.Clone(typicalQueries),
		"square all x in [Pp] {x attacks .}",
		"{Q attacks k comment(\"q\")} or {R attacks k comment(\"r\")}",
		"flipcolor {move from Q to _ comment(\"qmove\")}",
		"shift {Ka1 or Kh1}",
		"not check or move legal to k",
		"square x in [a-h4] {comment(x) x attackedby N}",
		"piece all x in [RQ] {x attacks .}",
		"move previous from N",
		"x = Q attacks k  #x > 0",
		"piece y = K  y attacks .",
	)
	for _, src := range queries {
		plain := compileMarks(t, src, false).NewEvaluator()
		marked := compileMarks(t, src, true).NewEvaluator()
		for _, g := range games {
			want := slices.Clone(plain.Game(g))
			wantNotes := slices.Clone(plain.Annotations())
			got := marked.Game(g)
			if !slices.Equal(got, want) {
				t.Errorf("%s, game %d: with marks %v, without %v", src, g.Number, got, want)
				break
			}
			if !slices.Equal(marked.Annotations(), wantNotes) {
				t.Errorf("%s, game %d: comments differ with marks", src, g.Number)
				break
			}
		}
	}
}

// TestMarksNoAllocations: recording marks allocates nothing once the buffers have grown.
func TestMarksNoAllocations(t *testing.T) {
	games := loadGames(t, "lichess-10k.pgn", 20, true)
	for _, src := range typicalQueries {
		e := compileMarks(t, src, true).NewEvaluator()
		for _, g := range games {
			e.Game(g)
		}
		allocs := testing.AllocsPerRun(10, func() {
			for _, g := range games {
				e.Game(g)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per run of %d games", src, allocs, len(games))
		}
	}
}
