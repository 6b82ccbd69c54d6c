package themes

import "testing"

// Every mate case was checked by hand: the side to move is in check, has no flight square
// (each one named with what takes it away), and can neither capture the checker nor block.

var mateCases = []themeCase{
	{"back-rank-mate", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "", true,
		"Ra8+ along rank 8; f8 and h8 (x-ray through the king) by the rook; f7 g7 h7 own pawns"},
	{"back-rank-mate", "6k1/8/8/8/8/8/5PPP/3r2K1 w - - 0 1", "", true,
		"colours reversed: ...Rd1 mates Kg1 behind f2 g2 h2"},
	{"back-rank-mate", "R5k1/5p1p/6p1/8/8/8/1B6/6K1 b - - 0 1", "", false,
		"mate on the back rank, but g7 is empty and only guarded by Bb2 (c3-g7 open), not blocked"},
	{"back-rank-mate", "", "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5#", false,
		"Légal's mate: a knight mates, no rook or queen on the back rank"},

	{"smothered-mate", "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1", "", true,
		"Nf7+ attacks h8; g8 rook, g7 h7 pawns: every neighbour of h8 is Black's"},
	{"smothered-mate", "", "1. e4 c6 2. d4 d5 3. Nc3 dxe4 4. Nxe4 Nd7 5. Qe2 Ngf6 6. Nd6#", true,
		"Nd6+; d8 queen, f8 bishop, d7 knight, e7 f7 pawns; exd6 is illegal, e7 is pinned by Qe2"},
	{"smothered-mate", "6rk/5Np1/7Q/8/8/8/8/6K1 b - - 0 1", "", false,
		"Nf7# but h7 is empty (guarded by Qh6): not smothered"},

	{"anastasias-mate", "8/4N1pk/8/8/8/8/8/6KR b - - 0 1", "", true,
		"Rh1+ along the h-file; Ne7 guards g8 and g6; h8/h6 the rook; g7 own pawn beside the king"},
	{"anastasias-mate", "r6k/8/8/8/8/8/KP1n4/8 w - - 0 1", "", true,
		"colours reversed on the a-file: Ra8+ mates Ka2; Nd2 guards b1 b3; b2 own pawn"},
	{"anastasias-mate", "8/4N2k/8/8/8/8/1B6/6KR b - - 0 1", "", false,
		"mate (g7 guarded by Bb2) but no black piece beside the king on g7"},

	{"arabian-mate", "7k/7R/5N2/8/8/8/8/6K1 b - - 0 1", "", true,
		"Rh7+ next to Kh8, protected by Nf6, which also guards g8; g7 by the rook"},
	{"arabian-mate", "7k/8/8/8/8/2n5/r7/K7 w - - 0 1", "", true,
		"mirrored, colours reversed: ...Ra2+ mates Ka1, Nc3 protects a2 and guards b1; b2 by the rook"},
	{"arabian-mate", "7k/5P1R/8/8/8/3B4/8/6K1 b - - 0 1", "", false,
		"Rh7# protected by Bd3, g8 by Pf7: a bishop, not a knight"},

	{"bodens-mate", "2kr4/3p4/B7/8/5B2/8/8/6K1 b - - 0 1", "", true,
		"Ba6+ (b7 open) on a6-c8; Bf4 covers b8 and c7 on the crossing h2-b8 diagonal; d7 d8 own"},
	{"bodens-mate", "6k1/8/8/5b2/8/b7/3P4/2KR4 w - - 0 1", "", true,
		"colours reversed: ...Ba3+ mates Kc1; Bf5 covers b1 and c2; d1 d2 own"},
	{"bodens-mate", "6bk/8/8/8/8/3B4/1B6/6K1 b - - 0 1", "", false,
		"two bishops mate on parallel diagonals (a1-h8 and b1-h7): the double-bishop mate"},

	{"double-bishop-mate", "6bk/8/8/8/8/3B4/1B6/6K1 b - - 0 1", "", true,
		"Bb2+ on a1-h8 covers g7; Bd3 on the parallel b1-h7 covers h7; g8 own bishop (light, cannot block the dark diagonal)"},
	{"double-bishop-mate", "7k/1b6/3b4/8/8/8/8/6BK w - - 0 1", "", true,
		"colours reversed: ...Bb7+ mates Kh1 (g2 on the check line), Bd6 covers h2, g1 own bishop"},
	{"double-bishop-mate", "2kr4/3p4/B7/8/5B2/8/8/6K1 b - - 0 1", "", false,
		"the bishops' diagonals cross: Boden's mate"},

	{"dovetail-mate", "8/8/4p3/4kr2/3Q4/8/8/3RK3 b - - 0 1", "", true,
		"Qd4+ diagonally next to Ke5, protected by Rd1; e6 and f5 (a knight's jump from d4) own pieces; d5 d6 e4 f4 f6 by the queen"},
	{"dovetail-mate", "7k/8/8/3P2b1/2RK4/4q3/8/8 w - - 0 1", "", true,
		"colours reversed: ...Qe3+ next to Kd4, protected by Bg5; c4 and d5 White's own"},
	{"dovetail-mate", "8/8/8/2N1kr2/3Q4/8/8/3RK3 b - - 0 1", "", false,
		"Qd4# but e6 is empty, guarded by Nc5"},

	{"swallows-tail-mate", "3q1b2/4k3/4Q3/8/8/8/8/4R1K1 b - - 0 1", "", true,
		"Qe6+ in front of Ke7, protected by Re1; d8 f8 own; d6 f6 d7 f7 e8 by the queen"},
	{"swallows-tail-mate", "4r2k/8/8/2P5/3Kq3/2P5/8/8 w - - 0 1", "", true,
		"colours reversed, turned: ...Qe4+ beside Kd4, protected by Re8; c3 c5 White's pawns"},
	{"swallows-tail-mate", "3q4/4k3/4Q2B/8/8/8/8/4R1K1 b - - 0 1", "", false,
		"Qe6# but f8 is empty, guarded by Bh6"},

	{"epaulette-mate", "3rkr2/8/4Q3/8/8/8/8/6K1 b - - 0 1", "", true,
		"Qe6+ down the e-file; d8 f8 own rooks; d7 f7 e7 by the queen; nothing reaches e7 to block"},
	{"epaulette-mate", "7k/8/8/7P/5q1K/7P/8/8 w - - 0 1", "", true,
		"on the h-file, colours reversed: ...Qf4+ along rank 4; h3 h5 White's pawns; g3 g4 g5 by the queen"},
	{"epaulette-mate", "3rkr2/4Q3/8/8/8/8/8/4R1K1 b - - 0 1", "", false,
		"Qe7# protected by Re1: the queen is next to the king, not in front at a distance"},

	{"hook-mate", "3rk3/4R1P1/8/5N2/4P3/8/8/6K1 b - - 0 1", "", true,
		"Re7+ next to Ke8, protected by Nf5, itself protected by Pe4; d8 own rook, f8 by Pg7, d7 f7 by the rook"},
	{"hook-mate", "6k1/8/8/4p3/5n2/8/4r1p1/3RK3 w - - 0 1", "", true,
		"colours reversed: ...Re2+ protected by Nf4, protected by Pe5; d1 own, f1 by Pg2"},
	{"hook-mate", "3rk3/4R1P1/8/5N2/8/7B/8/6K1 b - - 0 1", "", false,
		"the same mate with the knight protected by Bh3, not a pawn"},

	{"opera-mate", "", "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8#", true,
		"Morphy's Opera game: Rd8+ next to Ke8, protected by Bg5 (f6, e7 empty); e7 by the bishop, f8 e6 own"},
	{"opera-mate", "6Rk/7p/8/8/2B5/8/8/6K1 b - - 0 1", "", true,
		"Rg8+ next to Kh8, protected by Bc4 (d5 e6 f7 open); g7 by the rook, h7 own pawn"},
	{"opera-mate", "7k/7R/5N2/8/8/8/8/6K1 b - - 0 1", "", false,
		"the rook next to the king is protected by a knight (Arabian mate), not a bishop"},
}

func TestMateThemes(t *testing.T) { runCases(t, mateCases) }
