package filter

import (
	"fmt"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// A test's own model of CQL's transforms, written from the manual's
// definitions and independent of query/transform.go: a transform is a map on
// (file, rank) that may leave the board, with an optional colour swap.
type testXform struct {
	mapSq  func(f, r int) (int, int)
	swap   bool
	df, dr int // a shift: mapSq is nil
}

func dihedralModel() []testXform {
	maps := []func(f, r int) (int, int){
		func(f, r int) (int, int) { return f, r },
		func(f, r int) (int, int) { return 7 - f, r },
		func(f, r int) (int, int) { return f, 7 - r },
		func(f, r int) (int, int) { return 7 - f, 7 - r },
		func(f, r int) (int, int) { return r, f },
		func(f, r int) (int, int) { return 7 - r, 7 - f },
		func(f, r int) (int, int) { return r, 7 - f },
		func(f, r int) (int, int) { return 7 - r, f },
	}
	var out []testXform
	for _, m := range maps {
		out = append(out, testXform{mapSq: m})
	}
	return out
}

func shiftModel(horizontal, vertical bool) []testXform {
	var out []testXform
	for df := -7; df <= 7; df++ {
		for dr := -7; dr <= 7; dr++ {
			if !horizontal && df != 0 || !vertical && dr != 0 {
				continue
			}
			out = append(out, testXform{df: df, dr: dr})
		}
	}
	return out
}

// transformModel gives the images of each transform filter kind.
var transformModel = map[string][]testXform{
	"flip":            dihedralModel(),
	"fliphorizontal":  {dihedralModel()[0], dihedralModel()[2]},                                         // a1 <-> a8 (the manual's fliphorizontal a1)
	"flipvertical":    {dihedralModel()[0], dihedralModel()[1]},                                         // a1 <-> h1
	"rotate90":        {dihedralModel()[0], dihedralModel()[7], dihedralModel()[3], dihedralModel()[6]}, // the manual's rotate[90] turns a1 to h1
	"flipcolor":       {dihedralModel()[0], {mapSq: dihedralModel()[2].mapSq, swap: true}},
	"shift":           shiftModel(true, true),
	"shifthorizontal": shiftModel(true, false),
	"shiftvertical":   shiftModel(false, true),
}

// modelDesignator is a piece designator: pieces (CQL letters, with A, a, _)
// on squares.
type modelDesignator struct {
	text    string
	pieces  string // which square contents, as FEN letters, '_' for empty
	squares chess.Bitboard
}

// image maps a designator; ok is false when no square is left (CQL drops
// that copy). A shift moves each square and loses those that leave the
// board, except that CQL's shift keeps a full file in place under the
// vertical part (done first) and a full rank under the horizontal part, so
// the whole board maps to itself: `shift R[a1,h1]` is R on [a1,b2] where a
// king stands on g1 and rooks on a1 and b2 (CQL 9.493 prints [a1,b2]).
func (d modelDesignator) image(t testXform) (modelDesignator, bool) {
	out := d
	if t.swap {
		sw := []byte(d.pieces)
		for i, c := range sw {
			switch {
			case c >= 'A' && c <= 'Z':
				sw[i] = c - 'A' + 'a'
			case c >= 'a' && c <= 'z':
				sw[i] = c - 'a' + 'A'
			}
		}
		out.pieces = string(sw)
	}
	if t.mapSq == nil {
		out.squares = shiftLines(shiftLines(d.squares, 0, t.dr), t.df, 0)
		return out, out.squares != 0
	}
	out.squares = 0
	for s := chess.Square(0); s < 64; s++ {
		if d.squares.Has(s) {
			out.squares |= chess.SquareBB(chess.SquareAt(t.mapSq(s.File(), s.Rank())))
		}
	}
	return out, true
}

// shiftLines moves the squares of set by (df, dr), one of them 0, dropping
// those that leave the board and keeping in place every line along the
// shift (a rank when df != 0, a file when dr != 0) that is full.
func shiftLines(set chess.Bitboard, df, dr int) chess.Bitboard {
	full := func(s chess.Square) bool {
		for i := 0; i < 8; i++ {
			f, r := s.File(), i
			if df != 0 {
				f, r = i, s.Rank()
			}
			if !set.Has(chess.SquareAt(f, r)) {
				return false
			}
		}
		return true
	}
	var out chess.Bitboard
	for s := chess.Square(0); s < 64; s++ {
		if !set.Has(s) {
			continue
		}
		if full(s) {
			out |= chess.SquareBB(s)
			continue
		}
		if f, r := s.File()+df, s.Rank()+dr; f >= 0 && f < 8 && r >= 0 && r < 8 {
			out |= chess.SquareBB(chess.SquareAt(f, r))
		}
	}
	return out
}

func (d modelDesignator) eval(pos *chess.Position) chess.Bitboard {
	var set chess.Bitboard
	for s := chess.Square(0); s < 64; s++ {
		if !d.squares.Has(s) {
			continue
		}
		c := byte('_')
		if pc := pos.PieceAt(s); pc != chess.NoPiece {
			c = pc.Letter()
		}
		for i := 0; i < len(d.pieces); i++ {
			if d.pieces[i] == c {
				set |= chess.SquareBB(s)
			}
		}
	}
	return set
}

// TestComposedTransformsAreUnions checks, for every pair of transform
// filters T1 T2 and a set of designators D, that `T1 T2 D` is the union over
// all images t1(t2(D)) that stay on the board (the manual: a transform
// filter matches when some transformed version matches; nesting composes).
// The regression: `shift flip Kh8` lost the images whose sibling under the
// inner flip left the board, so it did not see a king on g1.
func TestComposedTransformsAreUnions(t *testing.T) {
	all := ^chess.Bitboard(0)
	designators := []modelDesignator{
		{"Kh8", "K", bb(t, "h8")},
		{"Rb2", "R", bb(t, "b2")},
		{"[Qq]a1-2", "Qq", bb(t, "a1", "a2")},
		{"Pe4", "P", bb(t, "e4")},
		{"_d1-2", "_", bb(t, "d1", "d2")},
		{"A[a1,h1]", "KQRBNP", bb(t, "a1", "h1")},
		{"k", "k", all},
		{"R[a1,h1]", "R", bb(t, "a1", "h1")},
		{"Pa-h2", "P", bb(t, "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2")},
		{"[Kk][a1-8,h4]", "Kk", bb(t, "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "h4")},
	}
	fens := []string{
		"k7/8/8/8/8/8/8/6K1 w - - 0 1", // the issue's lone king on g1
		seedFEN,
		"r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
	}
	kinds := []string{"flip", "flipcolor", "fliphorizontal", "flipvertical", "rotate90", "shift", "shifthorizontal", "shiftvertical"}
	for _, fen := range fens {
		g := fenGame(t, fen)
		pos := &g.Nodes[0].Pos
		for _, k1 := range kinds {
			for _, k2 := range kinds {
				if testing.Short() && k1 == "shift" && k2 == "shift" {
					continue
				}
				for _, d := range designators {
					var want chess.Bitboard
					for _, t2 := range transformModel[k2] {
						d2, ok := d.image(t2)
						if !ok {
							continue
						}
						for _, t1 := range transformModel[k1] {
							if d1, ok := d2.image(t1); ok {
								want |= d1.eval(pos)
							}
						}
					}
					src := fmt.Sprintf("%s %s %s", k1, k2, d.text)
					got := parsedSet(t, src, g)
					if got != want {
						t.Errorf("%s on %s: got %v, want %v", src, fen, got, want)
					}
				}
			}
		}
	}
}

// parsedSet parses src, which must be a set filter, and evaluates it at the
// first position of g.
func parsedSet(t testing.TB, src string, g *pgn.Game) chess.Bitboard {
	t.Helper()
	p, err := query.Parse("", []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	q := mustCompile(t, p)
	sn, ok := q.body.(setNode)
	if !ok {
		t.Fatalf("%s: body %T is not a set filter", src, q.body)
	}
	e := q.NewEvaluator()
	e.startGame(g)
	e.at(0)
	return sn.set(e)
}

// TestShiftFlipIssueExample is the issue's report: on a lone white king g1
// (black king a8), every one of these sees the king on g1.
func TestShiftFlipIssueExample(t *testing.T) {
	g := fenGame(t, "k7/8/8/8/8/8/8/6K1 w - - 0 1")
	cases := []struct {
		src  string
		want []string
	}{
		{"shift Kh8", []string{"g1"}},
		{"flip shift Kh8", []string{"g1"}},
		{"shift flip Kh8", []string{"g1"}},
		{"shift rotate90 Kh8", []string{"g1"}},
		{"shift fliphorizontal Ka8", []string{"g1"}},
		{"flipcolor shift kh1", []string{"g1", "a8"}}, // shift kh1 also reaches the black king on a8
		{"flip flipcolor kg8", []string{"g1"}},        // flipcolor gives Kg1; no flip of kg8 is a8
		{"flipcolor flip kb8", []string{"g1"}},        // flip kb8 holds kg8, whose colour flip is Kg1
	}
	for _, c := range cases {
		if got := parsedSet(t, c.src, g); got != bb(t, c.want...) {
			t.Errorf("%s: %v, want %v", c.src, got, c.want)
		}
	}
}

// TestFlipAxes: the manual's fliphorizontal and flipvertical pages:
// fliphorizontal a1 is [a1,a8] (reflection about the horizontal bisector),
// flipvertical a1 is [a1,h1] (about the vertical bisector), and
// fliphorizontal {Ka1 kh8} matches with the kings on a8 and h1.
func TestFlipAxes(t *testing.T) {
	empty := fenGame(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	for src, want := range map[string][]string{
		"fliphorizontal a1": {"a1", "a8"},
		"flipvertical a1":   {"a1", "h1"},
		"fliphorizontal d4": {"d4", "d5"},
		"flipvertical d4":   {"d4", "e4"},
	} {
		if got := parsedSet(t, src, empty); got != bb(t, want...) {
			t.Errorf("%s: got %v, want %v", src, got, want)
		}
	}
	kings := "7K/8/8/8/8/8/8/k7 w - - 0 1" // Kh8 ka1: a rotation, no reflection about one axis
	for _, c := range []struct {
		fen, src string
		want     bool
	}{
		{"k7/8/8/8/8/8/8/7K w - - 0 1", "fliphorizontal {Ka1 kh8}", false}, // Kh1 ka8: the flipvertical image
		{"K7/8/8/8/8/8/8/7k w - - 0 1", "fliphorizontal {Ka1 kh8}", true},  // Ka8 kh1
		{"k7/8/8/8/8/8/8/7K w - - 0 1", "flipvertical {Ka1 kh8}", true},    // Kh1 ka8
		{"K7/8/8/8/8/8/8/7k w - - 0 1", "flipvertical {Ka1 kh8}", false},
		{kings, "fliphorizontal {Ka1 kh8}", false},
	} {
		if got := matchesQuery(t, c.fen, c.src); got != c.want {
			t.Errorf("%s on %s: %v, want %v", c.src, c.fen, got, c.want)
		}
	}
}
