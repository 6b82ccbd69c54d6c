package filter

import "testing"

// TestProblemMates checks puremate, modelmate, idealmate and idealstalemate
// on hand-checked positions; each comment gives the reasoning, square by
// square, from the manual's definitions (see mate.go).
func TestProblemMates(t *testing.T) {
	const (
		// Wikipedia's pure mate (Kc7 Bf7 Nf3 against kd5 pc5 ne4): Bf7 checks
		// once; c6 d6 by Kc7, e6 by Bf7, c4 by Bf7 through the king, e5 d4 by
		// Nf3; pc5 and ne4 are not attacked. Every piece takes part: ideal.
		wiki = "8/2K2B2/8/2pk4/4n3/5N2/8/8 b - - 0 1"
		// The manual's counter-example: Qh7 is attacked three times (Bg6 Rh2 Ng5).
		manualImpure = "7k/7Q/6B1/6N1/8/8/7R/7K b - - 0 1"
		// The same with Qh7 guarded once, by Bg6: pure; Kh1 idle, so model, not ideal.
		queenBishop = "7k/7Q/6B1/8/8/8/8/7K b - - 0 1"
		// Rh2 adds a second guard of h7: not pure.
		queenTwice = "7k/7Q/6B1/8/8/8/7R/7K b - - 0 1"
		// Back rank: Ra8 checks, covers g8; pg7 ph7 unattacked. Ka1 idle.
		backRank = "R6k/6pp/8/8/8/8/8/K7 b - - 0 1"
		// The same with an idle knight on a3: pure, not model.
		idleKnight = "R6k/6pp/8/8/8/N7/8/K7 b - - 0 1"
		// Nd4 stands between rd1 and d8, a square between checker and king, but
		// CQL counts a white piece in such a line only when the black line piece
		// is a possible refuter (a pseudolegal move to a refutation square), and
		// rd1 has none: Nd4 does not take part, so no model mate.
		blockingKnight = "R6k/6pp/8/8/3N4/8/K7/3r4 b - - 0 1"
		// Double check Ra8 + Nf7: neither check is needed (nothing could take
		// or block either checker alone): mate, not pure.
		needlessDouble = "R6k/5Npp/8/8/8/8/8/K7 b - - 0 1"
		// Double check Ra8 + Bb2 with qd5: without the bishop's check Qxa8,
		// without the rook's check Qd4 or Qe5 would answer: both needed, pure.
		neededDouble = "R6k/7p/8/3q4/8/8/1B6/K7 b - - 0 1"
		// The same with ne4 instead: it could block the bishop (Nc3, Nf6) but
		// not answer the rook, so the bishop's check is needless: not pure.
		halfNeededDouble = "R6k/7p/8/8/4n3/8/1B6/K7 b - - 0 1"
		// Ba1 checks along the long diagonal; g7 by Ba1, g8 by Nh6; re8 could
		// interpose on e5 but Rd8 pins it: Rd8 takes part (pins a potential
		// refuter), re8 and Kb1 do not.
		pinnedRefuter = "3Rr2k/7p/7N/8/8/8/8/BK6 b - - 0 1"
		// CQL's definitions (build 9.493) where the manual's wording misleads:
		// Nb6 checks ka8; a7 b7 guarded once by Rc7; the self-blocker qb8 is
		// guarded once (Qe8, which pins it) and could take the checker were it
		// not pinned: pure. Participants: Nb6, Rc7, Qe8 (guards; also pins the
		// possible refuter qb8), Pg2 (pinned by ra2), ka8, qb8. Bg3 is idle: no
		// model mate. (masters-10k, the one position where the manual's reading
		// refused.)
		pinnedSelfBlocker = "kq2Qb2/2R5/bNp2p1p/5Pp1/4P3/1PP3BP/r5PK/8 b - - 2 42"
		// The same idea in a stalemate (lichess-10k): White is stalemated; g2 h2
		// guarded once by rd2; Bg1 is pinned by re1 and guarded by it alone:
		// pure. Participants: every white piece, rd2, re1; both black rooks
		// take part: model; kh5 pf6 ph4 do not: not ideal.
		pinnedStaleBlocker = "8/8/5p2/7k/7p/7P/3r4/4r1BK w - - 14 57"
		// Black participants on lines through them (CQL's cql_BlackParticipants,
		// checked by hand): back-rank mate by Ra8, g8 guarded once, pg7 ph7
		// unguarded; be5 cannot reach the eighth rank (pd6, pg7 block it) and nc3
		// cannot either: pure. nc3 stands alone on be5's diagonal to Ka1 (a → X →
		// K) and pd6 alone on its diagonal to b8, a square between checker and
		// king (a → X → refutation square): both take part; be5 and Ka1 do not,
		// so model (Ra8 is White's only piece but king) and not ideal.
		blackLines = "R6k/6pp/3p4/4b3/8/2n5/8/K7 b - - 0 1"
		// Not mate at all (white to move).
		notMate = "R6k/6pp/8/8/8/8/8/K7 w - - 0 1"
		// Stalemate: Kc7 covers b7 b8, Bb6 covers a7, each once; every piece takes part.
		idealStale = "k7/2K5/1B6/8/8/8/8/8 b - - 0 1"
		// Stalemate by Qc7 alone, Ke1 idle: model, not ideal.
		modelStale = "k7/2Q5/8/8/8/8/8/4K3 b - - 0 1"
	)
	cases := []struct {
		fen, src string
		want     []string
	}{
		{wiki, "puremate", []string{"c7", "f7", "f3", "d5", "c5", "e4"}},
		{wiki, "modelmate", []string{"c7", "f7", "f3", "d5", "c5", "e4"}},
		{wiki, "idealmate", []string{"c7", "f7", "f3", "d5", "c5", "e4"}},
		{wiki, "purestalemate", nil},
		{manualImpure, "mate", nil}, // checked below to be a mate
		{manualImpure, "puremate", nil},
		{queenBishop, "puremate", []string{"h7", "g6", "h8"}},
		{queenBishop, "modelmate", []string{"h7", "g6", "h8"}},
		{queenBishop, "idealmate", nil},
		{queenTwice, "puremate", nil},
		{backRank, "puremate", []string{"a8", "h8", "g7", "h7"}},
		{backRank, "modelmate", []string{"a8", "h8", "g7", "h7"}},
		{backRank, "idealmate", nil},
		{idleKnight, "puremate", []string{"a8", "h8", "g7", "h7"}},
		{idleKnight, "modelmate", nil},
		{blockingKnight, "puremate", []string{"a8", "h8", "g7", "h7"}},
		{blockingKnight, "modelmate", nil},
		{needlessDouble, "puremate", nil},
		{neededDouble, "puremate", []string{"a8", "b2", "h8", "h7"}},
		{neededDouble, "modelmate", []string{"a8", "b2", "h8", "h7"}},
		{neededDouble, "idealmate", nil},
		{halfNeededDouble, "puremate", nil},
		{pinnedRefuter, "puremate", []string{"a1", "h6", "d8", "h8", "h7"}},
		{pinnedRefuter, "modelmate", []string{"a1", "h6", "d8", "h8", "h7"}},
		{notMate, "puremate", nil},
		{blackLines, "puremate", []string{"a8", "h8", "g7", "h7", "c3", "d6"}},
		{blackLines, "modelmate", []string{"a8", "h8", "g7", "h7", "c3", "d6"}},
		{blackLines, "idealmate", nil},
		{pinnedSelfBlocker, "puremate", []string{"b6", "c7", "e8", "g2", "a8", "b8"}},
		{pinnedSelfBlocker, "modelmate", nil},
		{pinnedStaleBlocker, "purestalemate", []string{"h1", "g1", "h3", "d2", "e1"}},
		{pinnedStaleBlocker, "modelstalemate", []string{"h1", "g1", "h3", "d2", "e1"}},
		{pinnedStaleBlocker, "idealstalemate", nil},
		{idealStale, "idealstalemate", []string{"a8", "c7", "b6"}},
		{idealStale, "modelstalemate", []string{"a8", "c7", "b6"}},
		{idealStale, "puremate", nil},
		{modelStale, "idealstalemate", nil},
		{modelStale, "modelstalemate", []string{"c7", "a8"}},
		// Colour reversal: the back-rank mate of White by Black.
		{"k7/8/8/8/8/8/6PP/r6K w - - 0 1", "puremate", []string{"a1", "h1", "g2", "h2"}},
		{"k7/8/8/8/8/8/6PP/r6K w - - 0 1", "flipcolor modelmate", []string{"a1", "h1", "g2", "h2"}},
	}
	for _, fen := range []string{wiki, manualImpure, queenBishop, queenTwice, backRank, idleKnight,
		blockingKnight, needlessDouble, neededDouble, halfNeededDouble, pinnedRefuter, pinnedSelfBlocker, blackLines} {
		if !matchesQuery(t, fen, "mate") {
			t.Errorf("%s: not a mate; the test position is wrong", fen)
		}
	}
	for _, fen := range []string{idealStale, modelStale, pinnedStaleBlocker} {
		if !matchesQuery(t, fen, "stalemate") {
			t.Errorf("%s: not a stalemate; the test position is wrong", fen)
		}
	}
	for _, c := range cases {
		if c.src == "mate" {
			continue
		}
		if got := parsedValue(t, c.fen, c.src); got != bb(t, c.want...) {
			t.Errorf("%s on %s: got %v, want %v", c.src, c.fen, got, c.want)
		}
		if got, want := matchesQuery(t, c.fen, c.src), c.want != nil; got != want {
			t.Errorf("%s on %s: matches %v, want %v", c.src, c.fen, got, want)
		}
	}
}

// TestProblemMatesNoAlloc: the mate filters allocate nothing per position.
func TestProblemMatesNoAlloc(t *testing.T) {
	for _, src := range []string{"puremate", "modelmate", "idealmate", "idealstalemate"} {
		for _, fen := range []string{"R6k/7p/8/3q4/8/8/1B6/K7 b - - 0 1", "3Rr2k/7p/7N/8/8/8/8/BK6 b - - 0 1"} {
			n := compileSrc(t, src)
			g := fenGame(t, fen)
			ev := n.NewEvaluator()
			ev.Game(g)
			if a := testing.AllocsPerRun(20, func() { ev.Game(g) }); a > 0 {
				t.Errorf("%s on %s: %v allocations per game", src, fen, a)
			}
		}
	}
}

// TestProblemMatesOnCorpus: on the positions of master games, each mate
// filter matches only mates (stalemates), the participants are pieces and
// include the mated king and every checker, and ideal implies model implies
// pure.
func TestProblemMatesOnCorpus(t *testing.T) {
	games := loadGames(t, "masters-10k.pgn", 300, false)
	pure, mates := 0, 0
	for _, g := range games {
		for i := range g.Nodes {
			pos := &g.Nodes[i].Pos
			e := &Evaluator{pos: pos}
			p := pureMate(pos)
			if pos.IsCheckmate() {
				mates++
			}
			if p != 0 {
				pure++
				if !pos.IsCheckmate() {
					t.Fatalf("%s: puremate but no mate", pos.FEN())
				}
				if p&^pos.Occupied() != 0 || !p.Has(pos.King(pos.SideToMove())) || pos.Checkers()&^p != 0 {
					t.Fatalf("%s: participants %v", pos.FEN(), p)
				}
			}
			model := problemMateNode{economy: economyModel}.set(e)
			ideal := problemMateNode{economy: economyIdeal}.set(e)
			if model != 0 && model != p || ideal != 0 && ideal != model {
				t.Fatalf("%s: pure %v model %v ideal %v", pos.FEN(), p, model, ideal)
			}
			if s := pureStalemate(pos); s != 0 && !pos.IsStalemate() {
				t.Fatalf("%s: purestalemate but no stalemate", pos.FEN())
			}
		}
	}
	t.Logf("%d mates, %d pure mates", mates, pure)
}
