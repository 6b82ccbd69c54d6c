package filter

import "testing"

// TestPieceVariantsAgree compares transforms of piece designators read as bitboards
// (pieceVariants) with each variant's filters called in turn, at every position of real
// games.
func TestPieceVariantsAgree(t *testing.T) {
	games := loadGames(t, "masters-10k.pgn", 300, false)
	for _, src := range []string{
		"shift {Ka1 Bb2}",
		"shift Ka1",
		"flipcolor {Kg1 Rf1 Pf2 Pg2 Ph2}",
		"flip {Kg1 Rf1}",
		"shifthorizontal {Pe4 pe5}",
		"shiftvertical {Pd4 pd5 Nf3}",
		"rotate90 {Qd1 Ke1}",
		"dihedral {Ra1-8 kh1-8}",
		"shift {Ke1 Ra1 Rh1}",
	} {
		q := mustCompile(t, mustParseQ(t, src))
		var tn *transformNode
		switch b := q.body.(type) {
		case *transformNode:
			tn = b
		case *transformSet:
			tn = b.transformNode
		default:
			t.Fatalf("%s: compiled to %T", src, q.body)
		}
		if tn.pieces == nil {
			t.Fatalf("%s: not read as bitboards", src)
		}
		e := q.NewEvaluator()
		matched := 0
		for _, g := range games {
			e.startGame(g)
			for i := range g.Nodes {
				e.at(int32(i))
				fast := tn.pieces.match(e)
				slow := false
				for _, v := range tn.variants {
					if v.match(e) {
						slow = true
						break
					}
				}
				if fast != slow {
					t.Fatalf("%s, game %d node %d: bitboards %v, variants %v", src, g.Number, i, fast, slow)
				}
				if fast {
					matched++
				}
			}
		}
		if matched == 0 {
			t.Errorf("%s: nothing matched, the comparison says little", src)
		}
		t.Logf("%s: agree, %d positions", src, matched)
	}
}
