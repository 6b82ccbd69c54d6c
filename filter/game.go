package filter

import (
	"strings"

	"github.com/cqlgo/cql/pgn"
)

// gameInfo holds the tag values the query needs, read once per game.
type gameInfo struct {
	white, black, event, site, date, eventDate, eco, result string
	whiteElo, blackElo                                      int
	whiteEloOK, blackEloOK                                  bool
	year                                                    int
	yearOK                                                  bool
	number                                                  int
}

func (gi *gameInfo) read(g *pgn.Game) {
	*gi = gameInfo{number: g.Number}
	for i := range g.Tags {
		t := &g.Tags[i]
		switch t.Name {
		case "White":
			gi.white = t.Value
		case "Black":
			gi.black = t.Value
		case "Event":
			gi.event = t.Value
		case "Site":
			gi.site = t.Value
		case "Date":
			gi.date = t.Value
		case "EventDate":
			gi.eventDate = t.Value
		case "ECO":
			gi.eco = t.Value
		case "Result":
			gi.result = t.Value
		case "WhiteElo":
			gi.whiteElo, gi.whiteEloOK = atoi(t.Value)
		case "BlackElo":
			gi.blackElo, gi.blackEloOK = atoi(t.Value)
		}
	}
	if gi.result == "" {
		gi.result = g.Result
	}
	gi.date, gi.eventDate = scidDate(gi.date), scidDate(gi.eventDate)
	// The year is the first field of the date, "1999.??.??"; "????" has none.
	if len(gi.date) >= 4 {
		gi.year, gi.yearOK = atoi(gi.date[:4])
	}
}

const unknownDate = "????.??.??"

// scidDate is a PGN date as CQL reads it: CQL stores dates the way SCID
// does (orig/date.cpp) and gives them back as "yyyy.mm.dd", with question
// marks for a part that is missing, not a number, or out of range (a year
// above 2047, a month above 12, a day above 31; after a bad month the day is
// dropped too). So a missing tag is "????.??.??" and "1968" is "1968.??.??".
// A date already in that form is returned as it is (no allocation).
func scidDate(tag string) string {
	var buf [10]byte
	rest := tag
	year, rest := dateField(rest, 2047)
	month, rest := dateField(rest, 12)
	day := -1
	if month >= 0 {
		day, _ = dateField(rest, 31)
	} else {
		month = 0
	}
	putDatePart(buf[0:4], year)
	buf[4] = '.'
	putDatePart(buf[5:7], month)
	buf[7] = '.'
	putDatePart(buf[8:10], day)
	switch string(buf[:]) {
	case tag:
		return tag
	case unknownDate:
		return unknownDate // a missing tag: common, and no allocation
	}
	return string(buf[:])
}

// dateField reads one dot-separated part of a date as C's strtoul does
// (leading blanks and a sign, then digits; nothing: 0) and returns it, or
// -1 when it is above max, and the text after the next dot.
func dateField(s string, max int) (int, string) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] >= '\t' && s[i] <= '\r') {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	v := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		if v <= max {
			v = v*10 + int(s[i]-'0')
		}
	}
	if v > max || neg && v != 0 {
		v = -1
	}
	if j := strings.IndexByte(s, '.'); j >= 0 {
		return v, s[j+1:]
	}
	return v, ""
}

// putDatePart writes v in len(b) digits with leading zeros, or question
// marks when v <= 0.
func putDatePart(b []byte, v int) {
	if v <= 0 {
		for i := range b {
			b[i] = '?'
		}
		return
	}
	for i := len(b) - 1; i >= 0; i-- {
		b[i] = byte('0' + v%10)
		v /= 10
	}
}

// atoi parses a non-negative decimal number without allocating.
func atoi(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// infoField names a string field of gameInfo.
type infoField uint8

const (
	fieldWhite infoField = iota
	fieldBlack
	fieldEvent
	fieldSite
	fieldDate
	fieldEventDate
	fieldEco
	fieldResult
)

func (gi *gameInfo) field(f infoField) string {
	switch f {
	case fieldWhite:
		return gi.white
	case fieldBlack:
		return gi.black
	case fieldEvent:
		return gi.event
	case fieldSite:
		return gi.site
	case fieldDate:
		return gi.date
	case fieldEventDate:
		return gi.eventDate
	case fieldEco:
		return gi.eco
	default:
		return gi.result
	}
}

// infoStr is a string-valued game property (`event`, `site`, ...). It has a
// value when the tag is present.
type infoStr infoField

func (f infoStr) str(e *Evaluator) (string, bool) {
	s := e.info.field(infoField(f))
	return s, s != ""
}
func (f infoStr) match(e *Evaluator) bool { _, ok := f.str(e); return ok }

// infoContains is `event "Baden"`, `player white "Carlsen"` and the like:
// the tag contains the text. With both set (`player "x"`), either may.
type infoContains struct {
	fields []infoField
	text   string
}

func (n *infoContains) match(e *Evaluator) bool {
	for _, f := range n.fields {
		if strings.Contains(e.info.field(f), n.text) {
			return true
		}
	}
	return false
}

// resultNode is `result 1-0`: the game's result is exactly this.
type resultNode string

func (r resultNode) match(e *Evaluator) bool { return e.info.result == string(r) }

// tagNode is `tag "Name"`: the value of any tag, a string filter.
type tagNode string

func (t tagNode) str(e *Evaluator) (string, bool) {
	for i := range e.g.Tags {
		if e.g.Tags[i].Name == string(t) {
			return e.g.Tags[i].Value, true
		}
	}
	return "", false
}
func (t tagNode) match(e *Evaluator) bool { _, ok := t.str(e); return ok }

// eloNode is `elo white`, `elo black`, or `elo`: the larger of the two, as the CQL manual says.
type eloNode uint8

const (
	eloWhite eloNode = iota
	eloBlack
	eloMax
)

func (n eloNode) num(e *Evaluator) (int, bool) {
	switch n {
	case eloWhite:
		return e.info.whiteElo, e.info.whiteEloOK
	case eloBlack:
		return e.info.blackElo, e.info.blackEloOK
	}
	w, wok := e.info.whiteElo, e.info.whiteEloOK
	b, bok := e.info.blackElo, e.info.blackEloOK
	switch {
	case wok && bok:
		return max(w, b), true
	case wok:
		return w, true
	}
	return b, bok
}
func (n eloNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

type yearNode struct{}

func (yearNode) num(e *Evaluator) (int, bool) { return e.info.year, e.info.yearOK }
func (yearNode) match(e *Evaluator) bool      { return e.info.yearOK }

type gameNumberNode struct{}

func (gameNumberNode) num(e *Evaluator) (int, bool) { return e.g.Number, true }
func (gameNumberNode) match(*Evaluator) bool        { return true }

// ---- position in the game tree ----

type plyNode struct{}

func (plyNode) num(e *Evaluator) (int, bool) { return int(e.g.Nodes[e.cur].Ply), true }
func (plyNode) match(*Evaluator) bool        { return true }

// moveNumberNode is the move number of the current position as CQL 9.493
// counts it (cqlMoveNumber): from 1 at the game's start, whatever the full-move
// number of a FEN tag says, so a study set up at move 40 has its first move at 1.
type moveNumberNode struct{}

func (moveNumberNode) num(e *Evaluator) (int, bool) { return cqlMoveNumber(e.g.Nodes, e.cur), true }
func (moveNumberNode) match(*Evaluator) bool        { return true }

type initialNode struct{}

func (initialNode) match(e *Evaluator) bool { return e.g.Nodes[e.cur].Parent < 0 }

// terminalNode matches a position with no following move (on the main line
// unless variations are searched).
type terminalNode struct{}

func (terminalNode) match(e *Evaluator) bool {
	nodes := e.g.Nodes
	for c := nodes[e.cur].FirstChild; c >= 0; c = nodes[c].NextSibling {
		if !nodes[c].Variation || e.q.variations {
			return false
		}
	}
	return true
}

type mainlineNode struct{}

func (mainlineNode) match(e *Evaluator) bool { return !e.g.Nodes[e.cur].Variation }

type variationNode struct{}

func (variationNode) match(e *Evaluator) bool { return e.g.Nodes[e.cur].Variation }
