package filter

import (
	"strings"
	"testing"
)

// CQL 6.2's legal and pseudolegal filters (the manual's legal page): a
// legal move of the current position, played or not, fits the --
// filter, whose target may only be o-o, o-o-o, castle or enpassant.
// Hand-checked on the Greek gift game: White may castle short at plies
// 12, 14 and 16 (f1 and g1 empty from ply 11, rights kept, never in check
// then), Black only at ply 11 (it castles); nobody can castle long; at ply
// 13 Black is in check from the bishop on h7, so no pawn move is legal but
// all are pseudolegal. 1.e4 a6 2.e5 d5 allows exd6 en passant at ply 4.
func TestLegalMoveFilter(t *testing.T) {
	gg := readGames(t, greekGift)[0]
	ep := readGames(t, "1. e4 a6 2. e5 d5 3. Nf3 *\n")[0]
	for _, c := range []struct {
		cql  string
		game string
		want string
	}{
		{"legal --(o-o)", "gg", plies(gg, 11, 12, 14, 16)},
		{"legal ――(o-o)", "gg", plies(gg, 11, 12, 14, 16)},
		{"legal K--g1", "gg", plies(gg, 12, 14, 16)},
		{"legal --(castle)", "gg", plies(gg, 11, 12, 14, 16)},
		{"legal --(o-o-o)", "gg", ""},
		{"ply == 13 legal p--", "gg", ""},
		{"ply == 13 pseudolegal p--", "gg", plies(gg, 13)},
		{"ply == 13 legal k--", "gg", plies(gg, 13)},
		{"legal --(enpassant)", "ep", plies(ep, 4)},
		{"legal P--d6", "ep", plies(ep, 4)},
		{"legal P--a6", "ep", ""},
	} {
		g := gg
		if c.game == "ep" {
			g = ep
		}
		if got := runQuery(t, c.cql, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
	for _, c := range []struct{ src, msg string }{
		{"legal --(mate)", "1:10: the target of a move filter after 'legal' must be o-o, o-o-o, castle or enpassant"},
		{"pseudolegal 3", "1:13: 'pseudolegal' takes a move filter"},
		// CQL 9.493's match_legal_dash: "'legal' and 'pseudolegal' are not supported with
		// capturing dashnodes '[x]'", and a promotion makes the target no PastMoveNode.
		{"legal P×d6", "1:7: 'legal' takes a -- filter: CQL does not support legal with the capturing move filters × and [x]"},
		{"pseudolegal P[x]d6", "1:13: 'pseudolegal' takes a -- filter"},
		{"legal --=q", "1:7: 'legal' takes a -- filter without a promotion"},
	} {
		if got := runQueryOrErr(t, c.src, gg); !strings.Contains(got, c.msg) {
			t.Errorf("%s: got %q, want %q", c.src, got, c.msg)
		}
	}
}
