package themes

import "testing"

// The tactics cases: each names the move that makes the motif and what was checked on the
// board by hand (lines open, squares attacked, pieces defended).

var tacticCases = []themeCase{
	{"fork", "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", "1. Nc7+", true,
		"Nc7 attacks Ke8 and Ra8 (5 > 3); nothing of Black's attacks c7"},
	{"fork", "4k3/8/8/2n1b3/8/2PP4/8/4K3 w - - 0 1", "1. d4", true,
		"the pawn on d4 attacks Nc5 and Be5; Be5 attacks it but Pc3 protects it and no black pawn does"},
	{"fork", "4k3/8/8/1p1p4/8/8/8/1N2K3 w - - 0 1", "1. Nc3", false,
		"Nc3 attacks the pawns on b5 and d5 only: pawns are not fork targets"},
	{"fork", "r2bk3/8/8/1N6/8/8/8/4K3 w - - 0 1", "1. Nc7+", false,
		"Nc7 attacks Ke8 and Ra8, but Bd8 takes it and nothing protects it"},

	{"absolute-pin", "4k3/3r4/8/1B6/8/8/8/4K3 w - - 0 1", "", true,
		"Bb5-c6-d7-e8: Rd7 pinned to the king, attacked by the bishop (3 < 5)"},
	{"absolute-pin", "4k3/8/8/8/8/2b5/3Q4/4K3 w - - 0 1", "", true,
		"colours reversed: Bc3-d2-e1 pins the queen to Ke1"},
	{"absolute-pin", "4k3/3n4/8/1B6/8/8/8/4K3 w - - 0 1", "", false,
		"Nd7 is pinned, but the king defends it and only an equal bishop attacks it"},

	{"relative-pin", "3qk3/8/5n2/4P1B1/8/8/8/4K3 w - - 0 1", "", true,
		"Bg5-f6-e7-d8: Nf6 shields the queen, and Pe5 attacks it"},
	{"relative-pin", "4k3/3q4/8/3b4/2P5/8/8/3RK3 w - - 0 1", "", true,
		"Rd1 up the d-file: Bd5 shields Qd7 and is attacked by Pc4"},
	{"relative-pin", "3qk3/6p1/5n2/6B1/8/8/8/4K3 w - - 0 1", "", false,
		"Bg5 pins Nf6 to Qd8, but g7 and the queen defend it and nothing smaller attacks it"},

	{"skewer", "r7/8/2k5/8/8/8/8/1B2K3 w - - 0 1", "1. Be4+", true,
		"Be4-d5-c6 checks the king; behind it b7 is empty and Ra8 undefended; nothing attacks e4"},
	{"skewer", "8/1qk5/8/8/8/8/8/4K2R w - - 0 1", "1. Rh7+", true,
		"Rh7 checks Kc7 along rank 7; behind it the queen on b7 (9 > 5)"},
	{"skewer", "8/1kq5/8/8/8/8/8/4K2R w - - 0 1", "1. Rh7", false,
		"the queen stands in front of the king: a pin, not a skewer"},

	{"discovered-attack", "4k3/8/5q2/8/3N4/8/1B6/4K3 w - - 0 1", "1. Nb5", true,
		"Nd4 leaves the b2-f6 diagonal (c3, e5 empty): Bb2 attacks the queen"},
	{"discovered-attack", "4r1k1/8/8/4n3/8/8/4Q3/6K1 b - - 0 1", "1... Ng4", true,
		"colours reversed: Ne5 leaves the e-file, Re8 attacks Qe2 (9 > 5)"},
	{"discovered-attack", "4r1k1/8/8/4n3/8/8/4N3/5K2 b - - 0 1", "1... Ng4", false,
		"the opened rook only hits Ne2, worth less and defended by Kf1"},

	{"discovered-check", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "1. Nc5+", true,
		"Ne4 leaves the e-file, Re1 checks; Nc5 does not attack e8"},
	{"discovered-check", "4k3/1b6/8/3p4/8/8/8/7K b - - 0 1", "1... d4+", true,
		"the d-pawn leaves the b7-h1 diagonal (c6 e4 f3 g2 empty): Bb7 checks"},
	{"discovered-check", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "1. Nd6+", false,
		"Nd6 checks as well: a double check"},

	{"double-check", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "1. Nd6+", true,
		"Nd6 attacks e8 and the rook checks up the opened e-file"},
	{"double-check", "6k1/1b6/8/8/4n3/8/8/7K b - - 0 1", "1... Ng3+", true,
		"Ng3 attacks h1 and Bb7 checks down the opened diagonal"},
	{"double-check", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "1. Nc5+", false,
		"only the rook checks"},

	{"x-ray", "6k1/8/8/3n4/8/2Nq4/8/3R2K1 w - - 0 1", "1. Nxd5 Qxd5 2. Rxd5", true,
		"three captures on d5; the rook takes from d1 through d3, where the queen came from"},
	{"x-ray", "3r2k1/8/2nQ4/8/3N4/8/8/6K1 b - - 0 1", "1... Nxd4 2. Qxd4 Rxd4", true,
		"colours reversed: Rd8 takes on d4 through d6, where the white queen stood"},
	{"x-ray", "6k1/8/8/R2n4/8/2Nq4/8/6K1 w - - 0 1", "1. Nxd5 Qxd5 2. Rxd5", false,
		"the rook recaptures along rank 5, not through d3"},

	{"hanging-piece", "1n2k3/8/8/8/8/8/8/R3K3 b - - 0 1", "1... Na6", true,
		"Na6 stands on the open a-file in front of Ra1, and nothing defends a6"},
	{"hanging-piece", "4k2r/8/8/8/8/8/8/2B1K3 w - - 0 1", "1. Bh6", true,
		"Bh6 is attacked by Rh8 (h7 empty) and undefended"},
	{"hanging-piece", "1n2k3/1p6/8/8/8/8/8/R3K3 b - - 0 1", "1... Na6", false,
		"the pawn on b7 defends a6"},

	{"trapped-piece", "r3k3/B1p5/1p6/8/8/8/8/4K3 w - - 0 1", "", true,
		"Ba7 attacked by the rook next to it and undefended; b8 is on the rook's rank, b6 defended by c7"},
	{"trapped-piece", "4k3/8/8/8/8/6P1/5PK1/7n b - - 0 1", "", true,
		"Nh1 attacked by the king next to it; its moves f2 and g3 take pawns guarded by the king and f2"},
	{"trapped-piece", "r3k3/B7/1p6/8/8/8/8/4K3 w - - 0 1", "", false,
		"without the c7 pawn Bxb6 is safe"},

	{"overloaded-defender", "4k3/3q4/2n1b3/8/3N4/8/8/4K3 w - - 0 1", "", true,
		"Nd4 attacks Nc6 and Be6; the queen on d7 alone defends each"},
	{"overloaded-defender", "4k3/8/8/8/3p4/2N1B3/3Q4/4K3 b - - 0 1", "", true,
		"colours reversed: the d4 pawn attacks Nc3 and Be3, each defended only by Qd2"},
	{"overloaded-defender", "4k3/8/8/8/3p4/2N1B3/1P1Q4/4K3 b - - 0 1", "", false,
		"Pb2 also defends c3: the queen has one duty"},

	{"deflection", "2r3k1/5ppp/8/2b5/8/Q7/5PPP/3R2K1 w - - 0 1", "1. Rd8+ Rxd8 2. Qxc5", true,
		"Rc8 guarded c5 down the c-file; it takes on d8 and the queen takes the bishop"},
	{"deflection", "3r2k1/5ppp/q7/8/2B5/8/5PPP/2R3K1 b - - 0 1", "1... Rd1+ 2. Rxd1 Qxc4", true,
		"colours reversed: Rc1 guarded c4; after Rxd1 the queen takes the bishop"},
	{"deflection", "2r3k1/4nppp/8/8/8/Q7/5PPP/3R2K1 w - - 0 1", "1. Rd8+ Rxd8 2. Qxe7", false,
		"the rook on c8 never guarded e7"},

	{"decoy", "6k1/5pp1/8/8/8/8/8/3Q2KR w - - 0 1", "1. Rh8+ Kxh8 2. Qh5+", true,
		"the king is drawn to h8 and checked there down the h-file (h6 h7 empty)"},
	{"decoy", "3q2k1/6pp/8/8/4N3/8/8/3R2K1 w - - 0 1", "1. Rd7 Qxd7 2. Nf6+", true,
		"the queen is drawn to d7; Nf6 checks g8 and attacks d7"},
	{"decoy", "6k1/5pp1/8/8/8/8/8/3Q2KR w - - 0 1", "1. Rh8+ Kxh8 2. Qd4", false,
		"the king took on h8 but Qd4 neither checks (g7 blocks) nor forks"},

	{"interference", "7k/8/8/r3n3/8/1B6/8/4R1K1 w - - 0 1", "1. Bd5", true,
		"Bd5 stands between Ra5 and Ne5; Re1 attacks the knight, which nothing defends now"},
	{"interference", "4r1k1/8/1b6/8/R3N3/8/8/7K b - - 0 1", "1... Bd4", true,
		"colours reversed: Bd4 cuts Ra4 from Ne4, attacked by Re8"},
	{"interference", "4r1k1/8/1b6/8/R3N3/3P4/8/7K b - - 0 1", "1... Bd4", false,
		"Pd3 still defends e4"},

	{"clearance", "6k1/5ppp/8/4N3/8/8/4Q3/6K1 w - - 0 1", "1. Nxf7 Kxf7 2. Qe7+", true,
		"the knight leaves e5 with a capture; the queen goes through e5 to e7 with check"},
	{"clearance", "6k1/4q3/8/8/4n3/8/5PPP/6K1 b - - 0 1", "1... Nxf2 2. Kxf2 Qe2+", true,
		"colours reversed: Ne4 clears the e-file, Qe7-e2 check"},
	{"clearance", "6k1/5ppp/8/4N3/8/8/4Q3/6K1 w - - 0 1", "1. Nxf7 Kxf7 2. Qf3+", false,
		"the queen's check does not use e5"},

	{"zwischenzug", "6k1/6pp/1b6/8/3N4/2P5/8/R6K b - - 0 1", "1... Bxd4 2. Ra8+ Kf7 3. cxd4", true,
		"cxd4 was possible at once; Ra8+ first (rank 8 open), then the recapture"},
	{"zwischenzug", "r6k/8/2p5/3n4/8/1B6/6PP/6K1 w - - 0 1", "1. Bxd5 Ra1+ 2. Kf2 cxd5", true,
		"colours reversed: ...cxd5 was possible at once; ...Ra1+ first"},
	{"zwischenzug", "6k1/6pp/1b6/8/3N4/2P5/8/R6K b - - 0 1", "1... Bxd4 2. Ra7 h6 3. cxd4", false,
		"the in-between move Ra7 is no check"},

	{"sacrifice", "3q2k1/5ppp/3p4/4p3/8/5N2/5PPP/3Q2K1 w - - 0 1", "1. Nxe5 dxe5 2. h3 h6 3. g3 g6", true,
		"balance +1 before; knight for pawn leaves -1 for the five plies after dxe5"},
	{"sacrifice", "3q2k1/5ppp/5n2/8/4P3/3P4/5PPP/3Q2K1 b - - 0 1", "1... Nxe4 2. dxe4 h6 3. h3 g6 4. g3", true,
		"colours reversed: Black +1 before, -1 from dxe4 through g3"},
	{"sacrifice", "3q2k1/5pp1/3p3p/4p3/8/5N2/5PPP/3Q2K1 w - - 0 1", "1. Nxe5 dxe5 2. Qxd8+ Kh7 3. Qd3+ g6 4. h3", false,
		"the opened d-file wins the queen back at once"},

	{"quiet-move-before-mate", "7k/R7/5K2/8/8/8/8/8 w - - 0 1", "1. Kg6 Kg8 2. Ra8# 1-0", true,
		"Kg6 captures and checks nothing; Ra8 mates two plies later (f7 g7 h7 by the king)"},
	{"quiet-move-before-mate", "8/8/8/8/8/5k2/r7/7K b - - 0 1", "1... Kg3 2. Kg1 Ra1# 0-1", true,
		"colours reversed: Kg3 quiet, Kg1 forced, Ra1 mate"},
	{"quiet-move-before-mate", "7k/R7/5K2/8/8/8/8/8 w - - 0 1", "1. Kg6 Kg8 2. Rb7 Kf8 3. Kf6 Ke8 1-0", false,
		"quiet moves, but no mate follows"},

	{"greek-gift", "r1bq1rk1/pppn1ppp/4p3/3pP3/1b1P4/2NB1N2/PPP2PPP/R1BQK2R w KQ - 0 1", "1. Bxh7+ Kxh7", true,
		"Bd3 takes h7 with check (e4 f5 g6 empty), the king on g8 takes it"},
	{"greek-gift", "4k3/8/3b4/8/8/8/5PPP/5RK1 b - - 0 1", "1... Bxh2+ 2. Kxh2", true,
		"colours reversed: Bd6xh2+ against Kg1, Kxh2"},
	{"greek-gift", "4k3/8/3b4/8/8/8/5PPP/5RK1 b - - 0 1", "1... Bxh2+ 2. Kh1", false,
		"the king declines the bishop"},

	{"exchange-sacrifice", "6k1/1p3ppp/2n5/8/8/8/5PPP/2R3K1 w - - 0 1", "1. Rxc6 bxc6 2. h3 h6 3. g3 g6 4. Kh2", true,
		"rook for knight: +1 before, -1 after bxc6 and still five plies later"},
	{"exchange-sacrifice", "2r3k1/5ppp/8/8/8/2N5/1P3PPP/6K1 b - - 0 1", "1... Rxc3 2. bxc3 h6 3. h3 g6 4. g3 Kg7", true,
		"colours reversed: ...Rxc3 bxc3, Black +1 before, -1 five plies later"},
	{"exchange-sacrifice", "6k1/p4ppp/8/8/8/8/5PPP/1R4K1 w - - 0 1", "1. Rb6 axb6 2. h3 h6 3. g3 g6 4. Kh2", false,
		"the rook is given for nothing: 5 points down, not an exchange"},
}

func TestTacticThemes(t *testing.T) { runCases(t, tacticCases) }
