package themes

import "testing"

// Special moves, endgame classes and pawn structures. Endgame and structure cases are static
// positions: the pieces were counted, the files read, and the square colours worked out
// (a square is dark when its file number plus rank number is even: a1, c1, f8).

var specialCases = []themeCase{
	{"underpromotion", "8/1P6/8/8/8/8/8/k3K3 w - - 0 1", "1. b8=N", true, "b7-b8 promotes to a knight"},
	{"underpromotion", "k3K3/8/8/8/8/8/1p6/8 b - - 0 1", "1... b1=R", true, "Black promotes to a rook"},
	{"underpromotion", "8/1P6/8/8/8/8/8/k3K3 w - - 0 1", "1. b8=Q", false, "a queen promotion"},

	{"en-passant", "", "1. e4 a6 2. e5 d5 3. exd6", true, "d7-d5 passes e5's capture square d6"},
	{"en-passant", "", "1. a3 e5 2. a4 e4 3. d4 exd3", true, "Black takes d4-pawn en passant on d3"},
	{"en-passant", "", "1. e4 d5 2. exd5", false, "an ordinary pawn capture"},

	{"castling-with-check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "1. O-O+", true, "the rook lands on f1 and checks up the open f-file"},
	{"castling-with-check", "r3k3/8/8/8/8/8/8/3K4 b q - 0 1", "1... O-O-O+", true, "the rook lands on d8, Kd1 is on the open d-file"},
	{"castling-with-check", "5k2/8/8/8/8/8/8/R3K3 w Q - 0 1", "1. O-O-O", false, "the rook on d1 sees no king"},

	{"castling-into-attack", "6k1/8/8/2b5/7q/8/5PPP/4K2R w K - 0 1", "1. O-O", true,
		"e1 f1 g1 unattacked, so castling is legal; then Bc5 hits f2 and Qh4 hits h2 and f2"},
	{"castling-into-attack", "r3k3/8/N7/8/8/8/7B/4K2Q b q - 0 1", "1... O-O-O", true,
		"c8 d8 e8 unattacked; then Na6 hits b8 c7, Bh2 c7 b8, Qh1 b7"},
	{"castling-into-attack", "6k1/8/8/8/7q/8/5PPP/4K2R w K - 0 1", "1. O-O", false,
		"only the queen bears on the castled king"},

	{"opposite-side-castling", "2kr3r/pppq1ppp/8/8/8/8/PPPQ1PPP/5RK1 w - - 0 1", "", true, "Kg1 against Kc8, queens on"},
	{"opposite-side-castling", "6k1/q7/8/8/8/8/8/1K1Q4 w - - 0 1", "", true, "Kb1 against Kg8, queens on"},
	{"opposite-side-castling", "6k1/q7/8/8/8/8/8/3Q2K1 w - - 0 1", "", false, "both kings on the king's wing"},
	{"opposite-side-castling", "2kr4/8/8/8/8/8/8/5RK1 w - - 0 1", "", false, "queens off"},

	{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", true, "Kh8 not in check; g8 g7 by the queen, h7 by the king"},
	{"stalemate", "8/8/8/8/8/1q6/2k5/K7 w - - 0 1", "", true, "Ka1 not in check; a2 b1 b2 covered"},
	{"stalemate", "7k/5Q2/6K1/8/8/8/p7/8 b - - 0 1", "", false, "the a-pawn can move"},
}

var endgameCases = []themeCase{
	{"pawn-endgame", "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1", "", true, "kings and a pawn each"},
	{"pawn-endgame", "8/5k2/8/8/6P1/6K1/8/8 w - - 0 1", "", true, "one pawn against a bare king"},
	{"pawn-endgame", "4k3/4p3/8/8/8/8/4P3/4KN2 w - - 0 1", "", false, "a knight is left"},

	{"rook-endgame", "4k3/r3p3/8/8/8/8/4P3/R3K3 w - - 0 1", "", true, "a rook and a pawn each"},
	{"rook-endgame", "8/8/4k3/8/8/2K5/r7/7R w - - 0 1", "", true, "a rook each, no pawns"},
	{"rook-endgame", "4k3/r7/8/8/8/8/8/R2RK3 w - - 0 1", "", false, "two rooks against one"},

	{"queen-endgame", "4k3/q3p3/8/8/8/8/4P3/Q3K3 w - - 0 1", "", true, "a queen and a pawn each"},
	{"queen-endgame", "8/6k1/8/8/8/8/1q6/3Q2K1 w - - 0 1", "", true, "a queen each"},
	{"queen-endgame", "4k3/q3p3/8/8/8/8/4P3/Q3KN2 w - - 0 1", "", false, "a knight besides the queen"},

	{"minor-piece-endgame", "4k3/4p1b1/8/8/8/8/4P3/2N1K3 w - - 0 1", "", true, "knight against bishop"},
	{"minor-piece-endgame", "4k3/8/2n5/8/8/8/8/2B1KB2 w - - 0 1", "", true, "two bishops against a knight"},
	{"minor-piece-endgame", "4k3/4p1b1/8/8/8/8/4P3/2N1K2R w - - 0 1", "", false, "a rook is left"},

	{"knight-endgame", "4k3/4p1n1/8/8/8/8/4P3/2N1K3 w - - 0 1", "", true, "a knight each"},
	{"knight-endgame", "8/8/3nk3/8/8/3NK3/8/8 w - - 0 1", "", true, "a knight each, no pawns"},
	{"knight-endgame", "4k3/4p1b1/8/8/8/8/4P3/2N1K3 w - - 0 1", "", false, "knight against bishop"},

	{"bishop-endgame", "4kb2/4p3/8/8/8/8/4P3/2B1K3 w - - 0 1", "", true, "c1 and f8 are both dark"},
	{"bishop-endgame", "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", "", true, "c8 and f1 are both light"},
	{"bishop-endgame", "4kb2/4p3/8/8/8/8/4P3/4KB2 w - - 0 1", "", false, "f8 dark, f1 light"},

	{"opposite-coloured-bishops", "4kb2/4p3/8/8/8/8/4P3/4KB2 w - - 0 1", "", true, "f1 light, f8 dark"},
	{"opposite-coloured-bishops", "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "", true, "c1 dark, c8 light"},
	{"opposite-coloured-bishops", "4kb2/4p3/8/8/8/8/4P3/2B1K3 w - - 0 1", "", false, "c1 and f8 both dark"},

	{"bishop-vs-knight", "4k3/4p1n1/8/8/8/8/4P3/2B1K3 w - - 0 1", "", true, "White's bishop, Black's knight"},
	{"bishop-vs-knight", "4k3/4p1b1/8/8/8/8/4P3/2N1K3 w - - 0 1", "", true, "White's knight, Black's bishop"},
	{"bishop-vs-knight", "4k3/4p1n1/8/8/8/8/4P3/2B1KN2 w - - 0 1", "", false, "White has bishop and knight"},

	{"rook-vs-bishop", "4k3/4pb2/8/8/8/8/4P3/R3K3 w - - 0 1", "", true, "White's rook, Black's bishop"},
	{"rook-vs-bishop", "4k3/r7/8/8/8/8/8/2B1K3 w - - 0 1", "", true, "Black's rook, White's bishop"},
	{"rook-vs-bishop", "4k3/4pn2/8/8/8/8/4P3/R3K3 w - - 0 1", "", false, "rook against knight"},

	{"rook-vs-knight", "4k3/4pn2/8/8/8/8/4P3/R3K3 w - - 0 1", "", true, "White's rook, Black's knight"},
	{"rook-vs-knight", "4k3/r7/8/8/8/8/8/2N1K3 w - - 0 1", "", true, "Black's rook, White's knight"},
	{"rook-vs-knight", "4k3/4pb2/8/8/8/8/4P3/R3K3 w - - 0 1", "", false, "rook against bishop"},

	{"queen-vs-rook", "4k3/r7/8/8/8/8/8/Q3K3 w - - 0 1", "", true, "White's queen, Black's rook"},
	{"queen-vs-rook", "4k3/q7/8/8/8/8/8/R3K3 w - - 0 1", "", true, "Black's queen, White's rook"},
	{"queen-vs-rook", "4k3/r7/8/8/8/8/8/Q3KR2 w - - 0 1", "", false, "queen and rook against rook"},

	{"double-rook-endgame", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "", true, "two rooks each"},
	{"double-rook-endgame", "3rr1k1/5ppp/8/8/8/8/5PPP/3RR1K1 w - - 0 1", "", true, "two rooks and three pawns each"},
	{"double-rook-endgame", "r3k2r/8/8/8/8/8/8/R3K1NR w - - 0 1", "", false, "White has a knight too"},

	{"rook-and-bishop-vs-rook", "4k3/r7/8/8/8/8/8/R1B1K3 w - - 0 1", "", true, "R+B against R, no pawns"},
	{"rook-and-bishop-vs-rook", "4k3/r1b5/8/8/8/8/8/R3K3 w - - 0 1", "", true, "Black has R+B"},
	{"rook-and-bishop-vs-rook", "4k3/r7/8/8/8/8/4P3/R1B1K3 w - - 0 1", "", false, "a pawn is on the board"},
}

var structureCases = []themeCase{
	{"isolated-queens-pawn", "r1bq1rk1/pp2bppp/2n1pn2/8/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 1", "", true,
		"White pawns a2 b2 d4 f2 g2 h2: none on c or e; Black has no d-pawn"},
	{"isolated-queens-pawn", "r1bq1rk1/pp3ppp/2nb1n2/3p4/8/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 1", "", true,
		"Black's d5 with no c- or e-pawn; White has no d-pawn"},
	{"isolated-queens-pawn", "r1bq1rk1/pp2bppp/2n1pn2/8/3P4/2NBPN2/PP3PPP/R1BQ1RK1 w - - 0 1", "", false,
		"Pe3 stands beside d4"},

	{"hanging-pawns", "r2q1rk1/pb2bppp/1pn1pn2/8/2PP4/P1N2N2/1B2BPPP/R2Q1RK1 w - - 0 1", "", true,
		"c4 d4, no White b- or e-pawn, no Black c- or d-pawn"},
	{"hanging-pawns", "r2q1rk1/p3bppp/2n2n2/2pp4/8/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 0 1", "", true,
		"Black's c5 d5 with no b- or e-pawn; White has no c- or d-pawn"},
	{"hanging-pawns", "r2q1rk1/pb2bppp/1pn1pn2/8/2PP4/P1N1PN2/1B2BPPP/R2Q1RK1 w - - 0 1", "", false,
		"Pe3 supports the pair"},

	{"carlsbad-structure", "r1bq1rk1/pp2bppp/2p2n2/3p4/3P4/2NBPN2/PP3PPP/R2QK2R w KQ - 0 1", "", true,
		"White d4 e3 without c-pawn; Black c6 d5 without e-pawn"},
	{"carlsbad-structure", "r1bqkb1r/pp3ppp/2n1pn2/3p4/3P4/2PB4/PP3PPP/RNBQK1NR w KQkq - 0 1", "", true,
		"reversed (Caro-Kann Exchange): Black d5 e6 without c-pawn; White c3 d4 without e-pawn"},
	{"carlsbad-structure", "r1bq1rk1/pp2bppp/2p1pn2/3p4/3P4/2NBPN2/PP3PPP/R2QK2R w KQ - 0 1", "", false,
		"Black still has its e-pawn on e6"},

	{"maroczy-bind", "r1bqkb1r/pp2pp1p/2np1np1/8/2PNP3/2N5/PP3PPP/R1BQKB1R w KQkq - 0 1", "", true,
		"c4 e4 without d-pawn; Black has d6, no c-pawn"},
	{"maroczy-bind", "r1bqkb1r/pp3ppp/2n2n2/2p1p3/8/3P2P1/PP2PPBP/RNBQK1NR w KQkq - 0 1", "", true,
		"reversed: Black c5 e5 without d-pawn; White has d3, no c-pawn"},
	{"maroczy-bind", "r1bqkb1r/pp2pp1p/2np1np1/8/2PPP3/2N5/PP3PPP/R1BQKB1R w KQkq - 0 1", "", false,
		"White's d-pawn is still on d4"},

	{"stonewall", "rnbqkbnr/ppp1pppp/8/3p4/3P1P2/2P1P3/PP4PP/RNBQKBNR b KQkq - 0 1", "", true, "c3 d4 e3 f4"},
	{"stonewall", "rnbqkbnr/pp4pp/2p1p3/3p1p2/2PP4/5NP1/PP2PPBP/RNBQK2R w KQkq - 0 1", "", true, "Black's c6 d5 e6 f5"},
	{"stonewall", "rnbqkbnr/ppp1pppp/8/3p4/3P4/2P1P3/PP3PPP/RNBQKBNR b KQkq - 0 1", "", false, "the f-pawn is still on f2"},

	{"doubled-pawns", "4k3/8/8/8/8/2P2P2/2P2P2/4K3 w - - 0 1", "", true, "two pawns on c and two on f"},
	{"doubled-pawns", "4k3/1p4p1/1p4p1/8/8/8/8/4K3 w - - 0 1", "", true, "Black: two on b, two on g"},
	{"doubled-pawns", "4k3/8/8/8/8/2P5/2P2P2/4K3 w - - 0 1", "", false, "one pair only"},

	{"tripled-pawns", "4k3/8/8/8/2P5/2P5/2P5/4K3 w - - 0 1", "", true, "c2 c3 c4"},
	{"tripled-pawns", "4k3/6p1/6p1/6p1/8/8/8/4K3 w - - 0 1", "", true, "g5 g6 g7"},
	{"tripled-pawns", "4k3/8/8/8/8/2P2P2/2P2P2/4K3 w - - 0 1", "", false, "two doubled files, none tripled"},

	{"isolated-pawns", "4k3/8/8/8/8/8/P1P1P3/4K3 w - - 0 1", "", true, "a2 c2 e2, no neighbour on b, d or f"},
	{"isolated-pawns", "4k3/p2p3p/8/8/8/8/8/4K3 w - - 0 1", "", true, "a7 d7 h7"},
	{"isolated-pawns", "4k3/8/8/8/8/8/PP2P3/4K3 w - - 0 1", "", false, "a2 b2 stand together; only e2 is isolated"},

	{"connected-passed-pawns", "4k3/8/8/3PP3/8/8/8/4K3 w - - 0 1", "", true, "d5 e5 side by side, no black pawns"},
	{"connected-passed-pawns", "4k3/8/8/8/1p6/p7/8/4K3 w - - 0 1", "", true, "b4 protects a3, no white pawns"},
	{"connected-passed-pawns", "4k3/8/8/3P1P2/8/8/8/4K3 w - - 0 1", "", false, "d5 and f5 are passed but a file apart"},

	{"protected-passed-pawn", "4k3/8/8/3P4/2P5/8/8/4K3 w - - 0 1", "", true, "d5 passed, protected by c4"},
	{"protected-passed-pawn", "4k3/8/8/8/3p4/4p3/8/4K3 w - - 0 1", "", true, "e3 passed, protected by d4"},
	{"protected-passed-pawn", "4k3/4p3/8/3P4/2P5/8/8/4K3 w - - 0 1", "", false, "e7 stops d5 being passed; the passed c4 is unprotected"},

	{"advanced-passed-pawn", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "", true, "b7"},
	{"advanced-passed-pawn", "4k3/8/8/8/8/8/6p1/4K3 w - - 0 1", "", true, "g2"},
	{"advanced-passed-pawn", "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1", "", false, "b6 is on the sixth"},
}

func TestSpecialMoveThemes(t *testing.T) { runCases(t, specialCases) }
func TestEndgameThemes(t *testing.T)     { runCases(t, endgameCases) }
func TestStructureThemes(t *testing.T)   { runCases(t, structureCases) }
