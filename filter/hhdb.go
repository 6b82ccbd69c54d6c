package filter

import (
	"strings"

	"github.com/cqlgo/cql/query"
)

// hhdb filters read the metadata HHdbVI keeps in a study's PGN (see
// query/parse_hhdb.go for which fields are implemented and why):
//
//   - the Black tag: "(+0016.32d4g7) TT U2" is the stipulation (+ win, =
//     draw), the GBR code 0016.32 (one digit each for queens, rooks, bishops
//     and knights: the white count plus three times the black; then the white
//     and black pawns), the kings' squares, and then the study's codes (TT
//     theme tourney, U2 cooked after move 1, (c) correction, ...);
//   - the White tag: the composers;
//   - the comment before the first move, which holds the EG diagram number
//     ("(EG#20923).");
//   - the comment after a move: <cook>, <eg>, <main>, <or>, <minor_dual>
//     say something about that move.
//
// Nothing is allocated: the tags are scanned in place.

// hhdbCode is a study code of the Black field (TT, U2, (c), ...).
type hhdbCode string

func (c hhdbCode) match(e *Evaluator) bool {
	_, rest, _ := strings.Cut(e.g.Tag("Black"), " ")
	for rest != "" {
		var w string
		w, rest, _ = strings.Cut(rest, " ")
		if w == string(c) {
			return true
		}
	}
	return false
}

// hhdbMark is <cook>, <eg>, <main>, <or> or <minor_dual>: the comment after
// the move that led to the current position carries it.
type hhdbMark string

func (m hhdbMark) match(e *Evaluator) bool {
	return e.cur > 0 && strings.Contains(e.g.Comment(e.cur), string(m))
}

// hhdbMainline is hhdb mainline (or, negated, hhdb variation): the current
// position is on the study's main line, where a variation whose first move
// is tagged <main> is an alternative main line.
type hhdbMainline struct{ variation bool }

func (n hhdbMainline) match(e *Evaluator) bool {
	nodes := e.g.Nodes
	main := true
	for i := e.cur; nodes[i].Parent >= 0; i = nodes[i].Parent {
		if nodes[nodes[i].Parent].FirstChild != i && !strings.Contains(e.g.Comment(i), "<main>") {
			main = false
			break
		}
	}
	return main != n.variation
}

// hhdbGBR is a string field of the Black tag's first word, "(+0016.32d4g7)":
// the stipulation "+", the GBR code "0016.32", its pieces "0016" and pawns
// "32", the kings "d4g7". A Black tag not of that form gives no value.
type hhdbGBR string

func (f hhdbGBR) str(e *Evaluator) (string, bool) {
	w, _, _ := strings.Cut(e.g.Tag("Black"), " ")
	// ( s dddd . dd k k ) with s + or =, the kings' squares being letter-digit pairs
	if len(w) != 14 || w[0] != '(' || w[13] != ')' || (w[1] != '+' && w[1] != '=') || w[6] != '.' ||
		!digits(w[2:6]) || !digits(w[7:9]) || !isSquare(w[9:11]) || !isSquare(w[11:13]) {
		return "", false
	}
	switch f {
	case "stipulation":
		return w[1:2], true
	case "gbr":
		return w[2:9], true
	case "gbr pieces":
		return w[2:6], true
	case "gbr pawns":
		return w[7:9], true
	case "gbr kings":
		return w[9:13], true
	}
	return "", false
}
func (f hhdbGBR) match(e *Evaluator) bool { _, ok := f.str(e); return ok }

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isSquare(s string) bool { return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' }

// hhdbFirstComment is hhdb firstcomment: the comment before the first move.
type hhdbFirstComment struct{}

func (hhdbFirstComment) str(e *Evaluator) (string, bool) {
	c := e.g.Comment(0)
	return c, c != ""
}
func (n hhdbFirstComment) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// hhdbEGDiagram is hhdb egdiagram: the number after "EG#" in the comment
// before the first move.
type hhdbEGDiagram struct{}

func (hhdbEGDiagram) num(e *Evaluator) (int, bool) {
	_, after, ok := strings.Cut(e.g.Comment(0), "EG#")
	if !ok {
		return 0, false
	}
	n, k := 0, 0
	for ; k < len(after) && k < 9 && after[k] >= '0' && after[k] <= '9'; k++ {
		n = n*10 + int(after[k]-'0')
	}
	return n, k > 0
}
func (n hhdbEGDiagram) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// hhdb compiles an hhdb filter; the parser has checked the field.
func (c *compiler) hhdb(n *query.Builtin) (node, error) {
	field := n.Args[0].(*query.StringLit).Value
	switch field {
	case "<main>", "<or>", "mainline", "variation":
		// As in CQL (chessql's tables of cql -parse): these look at variations.
		if !c.q.variations {
			return nil, errorf(n, "hhdb %s needs variations: cql(variations) or --variations", field)
		}
	}
	switch field {
	case "<cook>", "<eg>", "<main>", "<or>", "<minor_dual>":
		return hhdbMark(field), nil
	case "mainline", "variation":
		return hhdbMainline{variation: field == "variation"}, nil
	case "stipulation", "gbr", "gbr pieces", "gbr pawns", "gbr kings":
		return hhdbGBR(field), nil
	case "composer":
		return tagStr("White"), nil
	case "firstcomment":
		return hhdbFirstComment{}, nil
	case "egdiagram":
		return hhdbEGDiagram{}, nil
	}
	return hhdbCode(field), nil
}
