package filter

import (
	"strings"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// hhdb filters read the metadata HHdbVI keeps in a study's PGN. Each has the
// meaning CQL 9.493's source gives it (hhdb-cql.cpp writes each keyword as a
// CQL filter; hhdbawardnode.cpp reads the awards):
//
//   - the Black tag, "(+0016.32d4g7) TT U2": the GBR code with the
//     stipulation's sign and the kings' squares, then the study's codes (TT
//     theme tourney, U2 dual after move 1, (c) correction, ...);
//   - the White tag: the composers, " NN" at the end dropped;
//   - the Event tag, "1/2.p Berger-170 MT#12": the award (ranks, sp for a
//     special award, .p prize, .hm honourable mention, .c commendation) and
//     the diagram number after '#';
//   - the comment before the first move: "stipulation: mate in 24.", the EG
//     diagram number "(EG#20923)", and the composers when the Black tag has
//     MC (too many composers for the White tag);
//   - the comment after a move: <cook ...>, <eg>, <main>, <or>,
//     <minor_dual ...> say something about that move;
//   - the game's text: a study with "<cook" anywhere is cooked.
//
// Nothing is allocated per position: the tags and comments are scanned in
// place, and hhdb search builds its string once per game.

// hhdbGame holds what the hhdb filters compute once per game, on first use.
type hhdbGame struct {
	cookedDone, cooked bool
	searchDone         bool
	search             string
	buf                []byte
}

// hhdbCode is a study code of the Black tag (TT, U2, (c), ...): CQL's
// `"TT" in player black`, a substring search.
type hhdbCode string

func (c hhdbCode) match(e *Evaluator) bool {
	return strings.Contains(e.info.field(fieldBlack), string(c))
}

// hhdbBlackAny is true when the Black tag contains "U" followed by one of
// digits: CQL's `player black ~~ "U[12]"` (dual), "U[345]", "U[1-5]".
func hhdbBlackAny(e *Evaluator, digits string) bool {
	b := e.info.field(fieldBlack)
	for i := 0; i+1 < len(b); i++ {
		if b[i] == 'U' && strings.IndexByte(digits, b[i+1]) >= 0 {
			return true
		}
	}
	return false
}

// hhdbDual is hhdb dual: a dual at or after move 1 (U1 or U2 in Black).
type hhdbDual struct{}

func (hhdbDual) match(e *Evaluator) bool { return hhdbBlackAny(e, "12") }

// hhdbCooked is hhdb cooked: the game has "<cook" somewhere. CQL searches
// the game's PGN text (qgame.cpp); here its tags and every comment, those of
// variations too, which the runner reads for such a query even when it
// searches the main line only (Query.ReadsAllComments). Searching the parsed
// game rather than its text keeps an index's answer (a replayed game has no
// text) the same as a scan's.
type hhdbCooked struct{}

func (hhdbCooked) match(e *Evaluator) bool {
	h := &e.hh
	if !h.cookedDone {
		h.cookedDone, h.cooked = true, gameHas(e, "<cook")
	}
	return h.cooked
}

// gameHas reports whether a tag or comment of the game contains s.
func gameHas(e *Evaluator, s string) bool {
	g := e.g
	for _, t := range g.Tags {
		if strings.Contains(t.Value, s) {
			return true
		}
	}
	for i := range g.Nodes {
		if strings.Contains(g.CQLComment(int32(i)), s) || strings.Contains(g.CommentBefore(int32(i)), s) {
			return true
		}
	}
	return false
}

// hhdbSound is hhdb sound, hhdbUnsound hhdb unsound, as CQL defines them:
// sound is neither (cooked and U1/U2) nor U3/U4/U5; unsound is cooked or any
// of U1..U5. They are not each other's negation: a cooked study without a U
// code is both, and so is one with U1 or U2 and no cook.
type hhdbSound struct{}

func (hhdbSound) match(e *Evaluator) bool {
	return !(hhdbCooked{}.match(e) && hhdbBlackAny(e, "12") || hhdbBlackAny(e, "345"))
}

type hhdbUnsound struct{}

func (hhdbUnsound) match(e *Evaluator) bool {
	return hhdbCooked{}.match(e) || hhdbBlackAny(e, "12345")
}

// hhdbMark is <cook>, <eg>, <main>, <or> or <minor_dual>: the comment after
// the move that led to the current position (before the first move at the
// start) has it. As in CQL, <cook> and <minor_dual> look for the mark's
// beginning, "<cook" and "<minor_dual", so that "<cook TW>" is a cook.
type hhdbMark string

func (m hhdbMark) match(e *Evaluator) bool {
	return strings.Contains(e.g.CQLComment(e.cur), string(m))
}

// hhdbMainline is hhdb mainline (or, negated, hhdb variation): the current
// position is on the study's main line, where a variation whose first move
// is tagged <main> is an alternative main line. CQL: no position from here
// back to the start was reached by a secondary move without <main>.
type hhdbMainline struct{ variation bool }

func (n hhdbMainline) match(e *Evaluator) bool {
	nodes := e.g.Nodes
	main := true
	for i := e.cur; nodes[i].Parent >= 0; i = nodes[i].Parent {
		if nodes[nodes[i].Parent].FirstChild != i && !strings.Contains(e.g.CQLComment(i), "<main>") {
			main = false
			break
		}
	}
	return main != n.variation
}

// hhdbGBR is hhdb gbr and its parts. hhdb gbr is the first match in the
// Black tag of CQL's `[+-=]\d{4}\.\d{2}[a-h][1-8][a-h][1-8]` ("+0016.32d4g7";
// [+-=] is a character range, '+' to '='); the parts are slices of it:
// material [1:-4] "0016.32", pieces [1:5] "0016", pawns [6:8] "32", kings
// [-4:] "d4g7".
type hhdbGBR string

func (f hhdbGBR) str(e *Evaluator) (string, bool) {
	w, ok := findGBR(e.info.field(fieldBlack))
	if !ok {
		return "", false
	}
	switch f {
	case "gbr":
		return w, true
	case "gbr material":
		return w[1:8], true
	case "gbr pieces":
		return w[1:5], true
	case "gbr pawns":
		return w[6:8], true
	case "gbr kings":
		return w[8:], true
	}
	return "", false
}
func (f hhdbGBR) match(e *Evaluator) bool { _, ok := f.str(e); return ok }

// findGBR returns the leftmost 12-byte match of the GBR pattern in s.
func findGBR(s string) (string, bool) {
	for i := 0; i+12 <= len(s); i++ {
		w := s[i : i+12]
		if w[0] >= '+' && w[0] <= '=' && digits(w[1:5]) && w[5] == '.' && digits(w[6:8]) &&
			isSquare(w[8:10]) && isSquare(w[10:12]) {
			return w, true
		}
	}
	return "", false
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isSquare(s string) bool { return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' }

// hhdbStipulation is hhdb stipulation: in the comment before the first move,
// the text after "stipulation: " up to the next '.' (CQL's
// `"stipulation: ([^.]+)\."`): "mate in 24".
type hhdbStipulation struct{}

func (hhdbStipulation) str(e *Evaluator) (string, bool) {
	c := e.g.CQLComment(0)
	const key = "stipulation: "
	for {
		k := strings.Index(c, key)
		if k < 0 {
			return "", false
		}
		c = c[k+len(key):]
		if end := strings.IndexByte(c, '.'); end > 0 {
			return c[:end], true
		}
	}
}
func (n hhdbStipulation) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// hhdbComposer is hhdb composer: the White tag without a trailing " NN";
// when the Black tag has MC (too many composers to list there), the comment
// before the first move up to its first '.'.
type hhdbComposer struct{}

func (hhdbComposer) str(e *Evaluator) (string, bool) {
	if strings.Contains(e.info.field(fieldBlack), "MC") {
		c := e.g.CQLComment(0)
		if end := strings.IndexByte(c, '.'); end > 0 {
			return c[:end], true
		}
		return "", false
	}
	w := e.info.field(fieldWhite)
	return strings.TrimSuffix(w, " NN"), true
}
func (n hhdbComposer) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// hhdbDiagram is hhdb diagram: the Event tag's text after its first '#' that
// is followed by a non-space, up to the next space (CQL's `"#([^ ]+)"`).
type hhdbDiagram struct{}

func (hhdbDiagram) str(e *Evaluator) (string, bool) {
	ev := e.info.event
	for {
		k := strings.IndexByte(ev, '#')
		if k < 0 {
			return "", false
		}
		ev = ev[k+1:]
		end := strings.IndexByte(ev, ' ')
		if end < 0 {
			end = len(ev)
		}
		if end > 0 {
			return ev[:end], true
		}
	}
}
func (n hhdbDiagram) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// hhdbSearch is hhdb search: the Event, White and Black tags and the comment
// before the first move (when there is one), one per line; the text to look
// for a word anywhere in a study's metadata. Text is read as the tags are (Latin-1
// bytes decoded, pgn.TextUTF8).
type hhdbSearch struct{}

func (hhdbSearch) str(e *Evaluator) (string, bool) {
	h := &e.hh
	if !h.searchDone {
		g := e.g
		b := append(h.buf[:0], e.info.event...)
		b = append(append(b, '\n'), e.info.field(fieldWhite)...)
		b = append(append(b, '\n'), e.info.field(fieldBlack)...)
		if c := pgn.TextUTF8(g.CQLComment(0)); c != "" {
			b = append(append(b, '\n'), c...)
		}
		h.buf, h.search, h.searchDone = b, string(b), true
	}
	return h.search, true
}
func (hhdbSearch) match(*Evaluator) bool { return true }

// hhdbFirstComment is hhdb firstcomment: the comment before the first move.
type hhdbFirstComment struct{}

func (hhdbFirstComment) str(e *Evaluator) (string, bool) {
	c := pgn.TextUTF8(e.g.CQLComment(0))
	return c, c != ""
}
func (n hhdbFirstComment) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// hhdbEGDiagram is hhdb egdiagram: the number after the first "EG#" followed
// by a digit in the comment before the first move.
type hhdbEGDiagram struct{}

func (hhdbEGDiagram) num(e *Evaluator) (int, bool) {
	c := e.g.CQLComment(0)
	for {
		_, after, ok := strings.Cut(c, "EG#")
		if !ok {
			return 0, false
		}
		n, k := 0, 0
		for ; k < len(after) && k < 9 && after[k] >= '0' && after[k] <= '9'; k++ {
			n = n*10 + int(after[k]-'0')
		}
		if k > 0 {
			return n, true
		}
		c = after
	}
}
func (n hhdbEGDiagram) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// hhdb compiles an hhdb filter; the parser has checked the field.
func (c *compiler) hhdb(n *query.Builtin) (node, error) {
	field := n.Args[0].(*query.StringLit).Value
	c.q.needInfo = true // the White, Black and Event tags, as CQL reads them
	switch field {
	case "<main>", "<or>", "mainline", "variation":
		// As in CQL (cql_assertvariations): these look at variations.
		if !c.q.variations {
			return nil, errorf(n, "hhdb %s needs variations: cql(variations) or --variations", field)
		}
	}
	if strings.HasPrefix(field, "award ") || strings.HasPrefix(field, "sort ") {
		return c.hhdbAward(field), nil
	}
	switch field {
	case "<cook>":
		return hhdbMark("<cook"), nil
	case "<minor_dual>":
		return hhdbMark("<minor_dual"), nil
	case "<eg>", "<main>", "<or>":
		return hhdbMark(field), nil
	case "mainline", "variation":
		return hhdbMainline{variation: field == "variation"}, nil
	case "cooked", "sound", "unsound":
		c.q.allComments = true
		switch field {
		case "sound":
			return hhdbSound{}, nil
		case "unsound":
			return hhdbUnsound{}, nil
		}
		return hhdbCooked{}, nil
	case "dual":
		return hhdbDual{}, nil
	case "gbr", "gbr material", "gbr pieces", "gbr pawns", "gbr kings":
		return hhdbGBR(field), nil
	case "stipulation":
		return hhdbStipulation{}, nil
	case "composer":
		return hhdbComposer{}, nil
	case "diagram":
		return hhdbDiagram{}, nil
	case "search":
		return hhdbSearch{}, nil
	case "firstcomment":
		return hhdbFirstComment{}, nil
	case "egdiagram":
		return hhdbEGDiagram{}, nil
	}
	return hhdbCode(field), nil
}
