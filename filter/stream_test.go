package filter

import (
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// TestPositionLocal: which queries read nothing but the current position (their answer
// at a position cannot depend on the game around it), and which do not.
func TestPositionLocal(t *testing.T) {
	for _, c := range []struct {
		src   string
		local bool
	}{
		{"true", true},
		{"Q attacks k", true},
		{"square x in h1-8 {R attacks x x attacks K}", true},
		{"square all x in [a1,b1] {not k attacks x}", true},
		{"#P > 7 and (check or mate or stalemate) and wtm", true},
		{"power A > power a", true},
		{"#(~[Pp] & [a1,h8]) == 2", true},
		{"piece x in [Qq] {x attacks k}", false}, // piece identities follow the game
		{"ply > 3", false},
		{"initial", false},
		{"terminal", false},
		{"movenumber == 3", false},
		{"year > 2000", false},
		{"result 1-0", false},
		{"move o-o", false},
		{"#P + 1 > 3", false}, // arithmetic may overflow: a failure is an effect
		{"x = 3 x > 2", false},
		{"check comment (\"c\")", false},
		{"square x in h1-8 {y = x}", false},
		{"line --> check --> check", false},
		{"fen \"8/8/8/8/8/8/8/8\"", true}, // a board pattern: piece designators
	} {
		if got := compileSrc(t, c.src).PositionLocal(); got != c.local {
			t.Errorf("%q: PositionLocal %v, want %v", c.src, got, c.local)
		}
	}
}

// TestMatchPosition: a position-local query asked position by position, the moves played
// in place at the one node of a game, matches where Game matches on the parsed game.
func TestMatchPosition(t *testing.T) {
	games := readGames(t, `[Event "a"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event "b"]

1. d4 d5 2. c4 (2. Nf3 Nf6) 2... dxc4 3. e4 e5 4. Bxc4 exd4 5. Qb3 Qe7 6. Bxf7+ Kd8 *
`)
	for _, src := range []string{"check", "Q attacks k", "[Pp] attacks [Pp]", "square x in [c4,d4,f7] {x attackedby B}", "#p < 8 and wtm"} {
		q := compileSrc(t, src)
		if !q.PositionLocal() {
			t.Fatalf("%q: not position-local", src)
		}
		ev, ev2 := q.NewEvaluator(), q.NewEvaluator()
		total := 0
		for _, g := range games {
			var want []int32
			for _, i := range ev.Game(g) {
				want = append(want, g.Nodes[i].Ply)
			}
			var one pgn.Game
			one.AddRoot(&g.Nodes[0].Pos)
			ev2.BeginPositions(&one)
			var got []int32
			for i := range g.Nodes {
				if g.Nodes[i].Variation {
					continue
				}
				one.Nodes[0].Pos = g.Nodes[i].Pos
				if ev2.MatchPosition() {
					got = append(got, g.Nodes[i].Ply)
				}
			}
			ev2.EndPositions()
			total += len(want)
			if !equalPlies(got, want) {
				t.Errorf("%q game %s: matches at plies %v position by position, %v by Game", src, g.Tag("Event"), got, want)
			}
		}
		if total == 0 {
			t.Errorf("%q: no match at all", src)
		}
	}
}

func equalPlies(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
