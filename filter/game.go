package filter

import (
	"strings"

	"github.com/cqlgo/cql/pgn"
)

// gameInfo holds the tag values the query needs, read once per game before
// the query runs, from the header as CQL 9.493 reads it (pgn.CQLHeader): its
// filters see the tidied Scid record, and a settag changes only the tags
// written out (CQL's tag reads the game's own value: `settag ("Foo" "x") tag
// "Foo" == "x"` matches only games whose Foo tag was "x").
type gameInfo struct {
	// the header, for the player names: tidying one may make a string, so
	// they are read when first asked for (the header keeps the tags' values
	// as read, and settag does not change them)
	h                            pgn.CQLHeader
	players                      [2]string
	playersRead                  [2]bool
	event, site, date, eventDate string
	eco, result                  string
	whiteElo, blackElo           int // 0: none
	year                         int // 0: unknown
	// tags[i] is the value of the query's i'th tag name (Query.tagNames)
	tags   []string
	tagsOK []bool
}

func (gi *gameInfo) read(g *pgn.Game, names []string) {
	h := pgn.ReadCQLHeader(g)
	tags, tagsOK := gi.tags[:0], gi.tagsOK[:0]
	for _, name := range names {
		v, ok := h.Tag(name)
		tags, tagsOK = append(tags, v), append(tagsOK, ok)
	}
	*gi = gameInfo{
		h:     h,
		event: h.Event(), site: h.Site(), date: h.Date(), eventDate: h.EventDate(),
		eco: h.ECO(), result: h.Result(),
		whiteElo: h.Elo(0), blackElo: h.Elo(1), year: h.Year(),
		tags: tags, tagsOK: tagsOK,
	}
}

// player is the tidied name of White (0) or Black (1).
func (gi *gameInfo) player(side int) string {
	if !gi.playersRead[side] {
		gi.players[side], gi.playersRead[side] = gi.h.Player(side), true
	}
	return gi.players[side]
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
		return gi.player(0)
	case fieldBlack:
		return gi.player(1)
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
// the tag contains the text. With both players (`player "x"`), the text is
// looked for in playersStr's White\nBlack (a backslash and an n between), as CQL builds it.
type infoContains struct {
	fields []infoField
	text   string
}

func (n *infoContains) match(e *Evaluator) bool {
	if len(n.fields) == 2 {
		s, ok := playersStr{}.str(e)
		return ok && strings.Contains(s, n.text)
	}
	return strings.Contains(e.info.field(n.fields[0]), n.text)
}

// resultNode is `result 1-0`: the game's result is exactly this.
type resultNode string

func (r resultNode) match(e *Evaluator) bool { return e.info.result == string(r) }

// tagNode is `tag "Name"`: the value of a tag as CQL reads it
// (pgn.CQLHeader.Tag), a string filter; the number of the name in
// Query.tagNames.
type tagNode int

func (t tagNode) str(e *Evaluator) (string, bool) { return e.info.tags[t], e.info.tagsOK[t] }
func (t tagNode) match(e *Evaluator) bool         { return e.info.tagsOK[t] }

// eloNode is `elo white`, `elo black`, or `elo`: the larger of the two, as the CQL manual says.
type eloNode uint8

const (
	eloWhite eloNode = iota
	eloBlack
	eloMax
)

func (n eloNode) num(e *Evaluator) (int, bool) {
	var elo int
	switch n {
	case eloWhite:
		elo = e.info.whiteElo
	case eloBlack:
		elo = e.info.blackElo
	default:
		elo = max(e.info.whiteElo, e.info.blackElo)
	}
	return elo, elo > 0 // CQL's elo has a value from 1 up
}
func (n eloNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

type yearNode struct{}

func (yearNode) num(e *Evaluator) (int, bool) { return e.info.year, e.info.year > 0 }
func (yearNode) match(e *Evaluator) bool      { return e.info.year > 0 }

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
