package filter

import (
	"math/bits"
	"strings"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// reverseFEN is the colour-reversed position: ranks mirrored, colours and
// the side to move swapped (castling rights and the en-passant square too).
func reverseFEN(fen string) string {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swapCase := func(s string) string {
		b := []byte(s)
		for i, c := range b {
			switch {
			case c >= 'a' && c <= 'z':
				b[i] = c - 'a' + 'A'
			case c >= 'A' && c <= 'Z':
				b[i] = c - 'A' + 'a'
			}
		}
		return string(b)
	}
	f[0] = swapCase(strings.Join(ranks, "/"))
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	if f[2] != "-" {
		f[2] = swapCase(f[2])
	}
	if f[3] != "-" {
		f[3] = f[3][:1] + string('1'+'8'-f[3][1])
	}
	return strings.Join(f, " ")
}

// mirror reflects a set of squares about the horizontal bisector.
func mirror(b chess.Bitboard) chess.Bitboard { return chess.Bitboard(bits.ReverseBytes64(uint64(b))) }

// TestReverseColorOnReversedPositions: for a filter F and a position P,
// `reversecolor F` on the colour-reversed position gives the mirror image of
// F's value on P, and `flipcolor F` matches P exactly when it matches the
// reversed position (the property; the manual defines reversecolor
// by exactly this swap). Checked on positions of real games.
func TestReverseColorOnReversedPositions(t *testing.T) {
	games := loadGames(t, "masters-10k.pgn", 15, false)
	queries := []string{
		"pin", "pin from Q", "pin to .", "ray (Q a k)", "xray (R a k)", "between(Q k)", "passedpawns",
		"connectedpawns", "isolatedpawns", "doubledpawns", "light B", "dark [Bb]", "Q attacks k",
		"square x in A x attacks k", "move legal from N", "makesquare (file K rank k)",
		"if wtm then A else a",
	}
	type pair struct{ plain, reversed *Query }
	var qs []pair
	for _, src := range queries {
		qs = append(qs, pair{compileSrc(t, src), compileSrc(t, "reversecolor {"+src+"}")})
	}
	flip := compileSrc(t, "flipcolor {pin through q} flipcolor {wtm passedpawns > 1}")
	n := 0
	for _, g := range games {
		for i := range g.Nodes {
			pos := &g.Nodes[i].Pos
			rfen := reverseFEN(pos.FEN())
			rg := fenGame(t, rfen)
			for k, q := range qs {
				a := evalSet(q.plain, g, i)
				b := evalSet(q.reversed, rg, 0)
				if b != mirror(a) {
					t.Fatalf("%s at %s: %v; reversecolor at %s: %v, want %v", queries[k], pos.FEN(), a, rfen, b, mirror(a))
				}
			}
			if x, y := len(flip.NewEvaluator().Game(fenGame(t, pos.FEN()))), len(flip.NewEvaluator().Game(rg)); x != y {
				t.Fatalf("flipcolor at %s: %d, reversed %d", pos.FEN(), x, y)
			}
			n++
		}
	}
	if n < 500 {
		t.Fatalf("only %d positions", n)
	}
}

func evalSet(q *Query, g *pgn.Game, i int) chess.Bitboard {
	e := q.NewEvaluator()
	e.startGame(g)
	e.at(int32(i))
	return q.body.(setNode).set(e)
}
