package filter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// TestImagine: CQLi's imagine filter (docs/cqli.md row 18) on positions
// checked by hand.
func TestImagine(t *testing.T) {
	start := lineGame(t, startFEN, "e2e4")
	// 1.f3 e5 2.g4: Black to move; 2...Qh4 would be the fool's mate.
	fool := lineGame(t, startFEN, "f2f3", "e7e5", "g2g4")
	cases := []struct {
		g    string
		src  string
		want []int32
	}{
		// rnbqkbnr/pppppppp/8/8/8/8/PPPPP1PP/RNBQKBNR with a black queen on
		// h4: h4-g3-f2-e1 is open, White (to move at node 0) is in check.
		{"start", "imagine _f2 qh4 : check", []int32{0}},
		// With the f2 pawn in place the diagonal is shut.
		{"start", "imagine qh4 : check", nil},
		// After 1.e4 Black is to move: White's king attacked is no check.
		{"start", "imagine _f2 qh4 : wtm", []int32{0}},
		{"start", "imagine _f2 qh4 wtm : check", []int32{0, 1}},
		// The fool's mate imagined: the d8 queen on h4, White to move.
		{"fool", "imagine _d8 qh4 wtm : mate", []int32{3}},
		// Black to move there is no mate (and it is not check either).
		{"fool", "imagine _d8 qh4 : mate or check", nil},
		// A position nobody could play from: imagine does not match.
		{"start", "imagine _e1 : true", nil},
		{"start", "imagine Pa8 : true", nil},
		{"start", "imagine Ke4 : true", nil}, // two white kings
		// ... but moving the king keeps one: Ke4 with e1 emptied.
		{"start", "imagine _e1 Ke4 : {K == e4 and #K == 1}", []int32{0, 1}},
		// The real position is unchanged after imagine: imagine's target
		// sees the queen, the filter after it does not.
		{"start", "imagine Qd5 : Qd5\nnot Qd5 and #Q == 1", []int32{0, 1}},
		// Castling: with f1 and g1 emptied White may castle; a rook put on
		// h1 (even where one stood) is not the rook that has the right.
		{"start", "wtm imagine _f1 _g1 : move legal o-o", []int32{0}},
		{"start", "imagine _f1 _g1 Rh1 : move legal o-o", nil},
		{"start", "imagine _f1 _g1 Ke1 : move legal o-o", nil},
		// The moves of the imagined position, not the real one's: a knight
		// on d4 (empty at the start) has 6 legal moves there (b3, b5, c6,
		// e6, f3, f5: c2, e2 hold White's pawns).
		{"start", "wtm imagine Nd4 : {(move count legal from d4) == 6}", []int32{0}},
		// currentmutation: the mutations in effect, none at the game's
		// positions.
		{"start", `imagine Qd5 _e4 btm : {currentmutation == "Qd5 _e4 btm"}`, []int32{0, 1}},
		{"start", `currentmutation`, nil},
		{"start", `imagine _f2 : imagine qh4 : {currentmutation == "_f2 qh4" and check}`, []int32{0}},
		{"start", `imagine N[c3,f3] : {currentmutation == "Nc3 Nf3"}`, []int32{0, 1}},
		// A speculative move's change is the move, in UCI notation.
		{"start", `wtm move legal : {currentmutation == "g1f3"}`, []int32{0}},
		{"start", `wtm move legal : {currentmutation == "e2e5"}`, nil},
		{"start", `wtm move legal from Pg2 : imagine _g1 : {currentmutation == "g2g4 _g1"}`, []int32{0}},
		// Transforms turn the mutations: the flipped {wtm _f2 qh4} is
		// {btm _f7 Qh5}, which holds after 1.e4.
		{"start", "flipcolor {btm imagine _f7 Qh5 : check}", []int32{0, 1}},
		{"start", "btm imagine _f7 Qh5 : check", []int32{1}},
		// A name assigned first is CQL's variable.
		{"start", "imagine = 3 imagine > 2", []int32{0, 1}},
	}
	for _, c := range cases {
		g := start
		if c.g == "fool" {
			g = fool
		}
		got := append([]int32(nil), compileSrc(t, c.src).NewEvaluator().Game(g)...)
		if fmt.Sprint(got) != fmt.Sprint(c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("%s: matched positions %v, want %v", c.src, got, c.want)
		}
	}
}

// TestImagineRefused: what imagine does not take, with the reason.
func TestImagineRefused(t *testing.T) {
	for _, c := range []struct{ src, msg string }{
		{"imagine : check", "needs mutations"},
		{"imagine Qd5 check", "after imagine's mutations"},
		{"imagine [Qq]d5 : check", "kinds of square content"},
		{"imagine Q : check", "names no square"},
		{"imagine Qd5 : {ply > 3}", "not in the game"},
		{`imagine Qd5 : comment("x")`, "not in the game"},
	} {
		p, err := query.Parse("", []byte(c.src))
		if err == nil {
			_, err = Compile(p)
		}
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %v, want one saying %q", c.src, err, c.msg)
		}
	}
}

// TestImagineRandom: random mutations at the positions of a game. imagine
// matches exactly when the changed board, written as a FEN by hand here, is one
// chess.ParseFEN takes (one king a side, no pawn on the first or last rank),
// and then its currentfen has that FEN's placement and side to move; a target
// that generates moves (mate, move legal) runs without failing.
func TestImagineRandom(t *testing.T) {
	g := lineGame(t, startFEN, "e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8a5", "c6b7", "a5b5", "b7a8q")
	letters := "KQRBNPkqrbnp_"
	r := uint64(12345)
	next := func(n int) int {
		r ^= r << 13
		r ^= r >> 7
		r ^= r << 17
		return int(r % uint64(n))
	}
	valid, invalid := 0, 0
	for trial := 0; trial < 300; trial++ {
		node := next(len(g.Nodes))
		var board [64]byte
		pos := &g.Nodes[node].Pos
		for s := 0; s < 64; s++ {
			if pc := pos.PieceAt(chess.Square(s)); pc != 0 {
				board[s] = pieceNames[pc]
			}
		}
		side := "w"
		if pos.SideToMove() == chess.Black {
			side = "b"
		}
		var muts []string
		for k := 1 + next(4); k > 0; k-- {
			c := letters[next(len(letters))]
			s := next(64)
			sqName := string(rune('a'+s%8)) + string(rune('1'+s/8))
			muts = append(muts, string(c)+sqName)
			if c == '_' {
				board[s] = 0
			} else {
				board[s] = c
			}
		}
		if next(3) == 0 {
			muts = append(muts, "btm")
			side = "b"
		}
		// The FEN of the changed board, by hand.
		var fen strings.Builder
		for rank := 7; rank >= 0; rank-- {
			empty := 0
			for file := 0; file < 8; file++ {
				c := board[rank*8+file]
				if c == 0 {
					empty++
					continue
				}
				if empty > 0 {
					fen.WriteByte(byte('0' + empty))
					empty = 0
				}
				fen.WriteByte(c)
			}
			if empty > 0 {
				fen.WriteByte(byte('0' + empty))
			}
			if rank > 0 {
				fen.WriteByte('/')
			}
		}
		placement := fen.String()
		_, ferr := chess.ParseFEN(placement + " " + side + " - - 0 1")
		src := "imagine " + strings.Join(muts, " ") + " : {currentfen ~~ \"^" + placement + " " + side + " .*\" and (mate or not mate) and move count legal >= 0}"
		q := compileSrc(t, src)
		matched := false
		for _, i := range q.NewEvaluator().Game(g) {
			if int(i) == node {
				matched = true
			}
		}
		if matched != (ferr == nil) {
			t.Fatalf("node %d, %s: matched %v; the FEN %s %s: %v", node, src, matched, placement, side, ferr)
		}
		if ferr == nil {
			valid++
		} else {
			invalid++
		}
	}
	if valid < 50 || invalid < 50 {
		t.Errorf("%d changed boards one could play from, %d not: want both kinds, 50 or more each", valid, invalid)
	}
}
