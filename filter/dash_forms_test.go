package filter

import (
	"strings"
	"testing"
)

// TestDashPromotionString: `=` followed by a string filter (chessql records
// CQL accepting --="q", e2--="b5", --Qa4="Nty", v="Q" P--=v(btm) and a
// function parameter). CQL 9.493's PastMoveNode::match_position gives the
// meaning: the move is a promotion, the string is evaluated in the position
// before the move, "" or "." accepts any promotion, and otherwise the move
// fits when one of the string's letters, in either case, is the promoted
// piece's. Hand-checked game: from 8/P6k/8/8/8/8/8/K7 White plays a8=N
// (ply 0 is the only position with a promotion move; ply 1 has Kg6).
func TestDashPromotionString(t *testing.T) {
	g := readGames(t, "[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a8=N Kg6 *\n")[0]
	for _, c := range []struct {
		cql  string
		want string
	}{
		{`--="n"`, plies(g, 0)},
		{`--="N"`, plies(g, 0)},
		{`--="q"`, ""},
		{`--="Nty"`, plies(g, 0)}, // N is one of its letters
		{`--="qa5"`, ""},          // q, a, 5: no knight
		{`--=""`, plies(g, 0)},    // any promotion, but only a promotion
		{`--="."`, plies(g, 0)},
		{`P--="n"`, plies(g, 0)},
		{`p--="n"`, ""},
		{`--a8="rn"`, plies(g, 0)},
		{`--b8="n"`, ""},
		{`v="QN" --=v`, plies(g, 0)},
		{`v="QR" --=v`, ""},
		{`function F(T){--=T}F("N")`, plies(g, 0)},
		{`function F(T){P--=T(check)}F("n")`, ""}, // a8=N does not give check to h7
		{`function F(T){P--=T(not check)}F("n")`, plies(g, 0)},
		{`--=N`, plies(g, 0)}, // the piece designator form is unchanged
		{`--=(Q)`, ""},
	} {
		if got := runQuery(t, c.cql, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
	for _, c := range []struct{ src, msg string }{
		{`--=3`, "the promotion after '=' (a piece type like Q, or a string) must be a string filter, found a number"},
		{`--=Qa4`, "the promoted piece after '=' must be piece types only"},
	} {
		if got := runQueryOrErr(t, c.src, g); !strings.Contains(got, c.msg) {
			t.Errorf("%s: got %q, want %q", c.src, got, c.msg)
		}
	}
}

// TestDashOperandsBindLoosely: CQL's parser reads a move filter's sides at
// the attack-arrow level (toplevel.cpp match_mulop_x, dash-parse.cpp
// match_dash_right), so `--q|b` is --(q|b) and `b|q--` is (b|q)--, as
// chessql records CQL accepting them. Hand-checked on 1. e4 d5 2. exd5: the
// only capture is exd5 at ply 2, onto a black pawn; at ply 1 a black pawn
// moves.
func TestDashOperandsBindLoosely(t *testing.T) {
	g := readGames(t, "1. e4 d5 2. exd5 *\n")[0]
	for _, c := range []struct {
		cql  string
		want string
	}{
		{"--p|n", plies(g, 2)},
		{"--q|n", ""},
		{"--q|b", ""},
		{"P--q|p", plies(g, 2)},
		{"b|P--p", plies(g, 2)},
		{"b|p--", plies(g, 1)},
		{"b|q--", ""},
		{"×n|p", plies(g, 2)},
		{"P|p--d5|e4", plies(g, 0, 1, 2)},
	} {
		if got := runQuery(t, c.cql, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// TestLegalIsASet: `legal D` is the set of destination squares of the
// legal moves fitting D (CQL 9.493's match_legal_dash builds a
// MoveLegalNode that returns its to-squares, a set filter: chessql records
// CQL accepting legal -- == 3 and legal -- & legal --). Hand-checked: in the
// initial position White's moves go to the 16 squares of ranks 3 and 4 (the
// knights' a3 c3 f3 h3 among them), 20 moves in all; after 1. e4 Black's go
// to ranks 6 and 5; after 1... e5 White's also go to e2 b5 a6 h5 but
// not to e3 e4 e5 (18 squares); in 8/4P3/8/8/8/8/k7/4K3 w White reaches d1 f1 d2 e2 f2
// and e8.
func TestLegalIsASet(t *testing.T) {
	g := readGames(t, "1. e4 e5 *\n")[0]
	promo := readGames(t, "[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kd2 *\n")[0]
	for _, c := range []struct {
		cql  string
		game string
		want string
	}{
		{"legal -- == 16", "g", plies(g, 0, 1)},
		{"legal -- == 18", "g", plies(g, 2)},
		{"initial countmoves legal -- == 20", "g", plies(g, 0)},
		{"legal N-- == [a3,c3,f3,h3]", "g", plies(g, 0)},
		{"legal -- == legal [Pp]--", "g", plies(g, 0, 1)},
		{"# (legal -- & [a3,e4,e5]) == 2", "g", plies(g, 0)},
		{"legal -- & [a6,h5]", "g", plies(g, 1, 2)}, // at ply 2 by Bf1-a6 and Qd1-h5
		{"legal -- == [a-h3-4]", "g", plies(g, 0)},
		{"legal -- == [a-h5-6]", "g", plies(g, 1)},
		{"pseudolegal -- == 16", "g", plies(g, 0, 1)},
		{"legal -- == [d1,f1,d2,e2,f2,e8]", "promo", plies(promo, 0)},
		{"legal P-- == e8", "promo", plies(promo, 0)},
		{"legal -- & legal [Kk]--", "promo", plies(promo, 0, 1)},
		{"legal -- == legal [Kk]--", "promo", plies(promo, 1)}, // ply 1: Black has only its king
	} {
		gm := g
		if c.game == "promo" {
			gm = promo
		}
		if got := runQuery(t, c.cql, gm); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// The right side of a capture is the captured piece's square (CQL's
// QMove::validMove tests getCaptureSquare): for en passant the pawn taken
// on a4, not the empty a3 the capturing pawn lands on. The matches are
// CQL 9.493's on this game; cql had them the other way round (found on
// 9,998 lichess games: `path --(b) [x]a4-5+` 921 games, CQL 924).
func TestCaptureOfEnPassantIsTheTakenPawn(t *testing.T) {
	g := readOne(t, `[FEN "4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1"]

1... bxa3 2. Kd1 *
`)
	for _, c := range []struct {
		src  string
		want string
	}{
		{"pb4[x]a4", plies(g, 0)},
		{"pb4[x]a3", ""},
		{"pb4[x]P", plies(g, 0)},
		{"pb4[x]_", ""},
		{"path p[x]a4", plies(g, 0)},
		{"path p[x]a3", ""},
		// a move that is not a capture step goes to its destination
		{"p--a3", plies(g, 0)},
		{"p--a4", ""},
	} {
		if got := runQuery(t, c.src, g); !sameMatches(got, c.want) {
			t.Errorf("%s: matches %s, CQL %s", c.src, got, c.want)
		}
	}
}
