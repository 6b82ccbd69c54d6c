package pgn

import (
	"strconv"
	"strings"

	"github.com/cqlgo/cql/chess"
)

// CQLHeader is a game's tag section as CQL 6.2 (build 9.493) holds it: CQL
// reads the tags into a Scid game record (scidHeader.read), and its
// tag-reading filters (tag, player, elo, year, date, eco, event, site,
// result) see that record, not the tags as the file has them: tidied player
// names ("Smith,John" is "Smith, John"), a rating taken from " (2850)" after a
// name or from the first rating tag of any kind, dates rewritten from their
// numbers, ECO codes re-coded, the result of the move text, the last copy of a
// repeated tag, and values as the file writes them, escapes included (Scid
// keeps `\"` and `\\` as they are: CQL's `"\\" in event` matches [Event
// "a \\ b"]). AppendGameCQL writes the same record back. The values read
// (Player, Event, Site, Round, Tag) are UTF-8, bytes that are not read as
// Latin-1 (TextUTF8), as the text outputs show them; AppendGameCQL writes the
// file's bytes, as CQL does.
//
// The header keeps g.Tags (no copy): read what is needed before the tags
// change.
type CQLHeader struct {
	h      scidHeader
	tags   []Tag
	result string
	// the last Date and EventDate tags as read, which are the dates' text
	// when they are in CQL's form already (no string to make)
	date, eventDate string
}

// ReadCQLHeader reads g's tags as CQL does.
func ReadCQLHeader(g *Game) CQLHeader {
	c := CQLHeader{h: newScidHeader(), tags: g.Tags, result: GameResult(g)}
	for _, t := range g.Tags {
		c.h.read(t)
		switch t.Name {
		case "Date":
			c.date = t.Value
		case "EventDate":
			c.eventDate = t.Value
		}
	}
	return c
}

// Player is the tidied name of White (side 0) or Black (side 1): "?" without
// the tag, "" when it is empty.
func (c *CQLHeader) Player(side int) string { return TextUTF8(escapeTag(c.h.name(side))) }

// Event, Site and Round are those tags' values ("?" without the tag).
func (c *CQLHeader) Event() string { return TextUTF8(escapeTag(c.h.event)) }
func (c *CQLHeader) Site() string  { return TextUTF8(escapeTag(c.h.site)) }
func (c *CQLHeader) Round() string { return TextUTF8(escapeTag(c.h.round)) }

// unknownDate is a date with no known part, as CQL prints it.
const unknownDate = "????.??.??"

// Date is the Date tag as "yyyy.mm.dd", '?' for the parts that are unknown
// (all of them without the tag).
func (c *CQLHeader) Date() string { return dateString(c.h.date, c.date) }

// EventDate is Date for the EventDate tag.
func (c *CQLHeader) EventDate() string { return dateString(c.h.eventDate, c.eventDate) }

// dateString is d's text; tag is the tag d was read from, returned when it is
// that text.
func dateString(d scidDate, tag string) string {
	if d.zero() {
		return unknownDate
	}
	var buf [20]byte
	text := d.text(&buf)
	if string(text) == tag {
		return tag
	}
	return string(text)
}

// Year is the Date tag's year, 0 when unknown.
func (c *CQLHeader) Year() int { return int(c.h.date.year) }

// ECO is the ECO tag re-coded as Scid keeps it ("c2" is "C20"), "" when
// there is none or it is not a code.
func (c *CQLHeader) ECO() string { return c.h.eco }

// Elo is the rating of White (side 0) or Black (side 1), 0 when there is none.
func (c *CQLHeader) Elo(side int) int { return int(c.h.elo[side]) }

// Result is the game's result: its move text's terminator (the Result tag
// only when the move text has none).
func (c *CQLHeader) Result() string { return c.result }

// FEN is the start position of a game with a FEN tag, with all six fields as
// Scid prints it; ok is false without the tag.
func (c *CQLHeader) FEN() (fen string, ok bool) {
	if !c.h.hasFEN {
		return "", false
	}
	var buf [96]byte
	return string(scidFEN(buf[:0], c.h.fen)), true
}

// Tag is the value CQL's `tag "name"` filter reads; ok is false when it has
// none. For White, Black, Event, Site, Round and ECO an empty value is none;
// Date and EventDate always have one ("????.??.??" without the tag); FEN is
// the start position's (see FEN); any other tag has the value of its last
// copy, empty or not. CQL refuses Round, Result and the rating tags (White or
// Black followed by Elo, Rating, Rapid, ICCF, USCF, DWZ or BCF) as names; here
// they read as CQL writes them: Result the game's result, a player's rating
// under its tag's name, and a rating tag Scid did not take as the rating as an
// ordinary tag.
func (c *CQLHeader) Tag(name string) (string, bool) {
	switch name {
	case "White":
		return nonEmpty(c.Player(0))
	case "Black":
		return nonEmpty(c.Player(1))
	case "Event":
		return nonEmpty(c.Event())
	case "Site":
		return nonEmpty(c.Site())
	case "Round":
		return nonEmpty(c.Round())
	case "Date":
		return c.Date(), true
	case "EventDate":
		return c.EventDate(), true
	case "ECO":
		return nonEmpty(c.h.eco)
	case "FEN":
		return c.FEN()
	case "Result":
		return c.result, true
	case "ScidFlags":
		return "", false // Scid keeps it apart, and CQL does not read it
	}
	if !ratingName(name) {
		for i := len(c.tags) - 1; i >= 0; i-- {
			if c.tags[i].Name == name {
				return TextUTF8(escapeTag(c.tags[i].Value)), true
			}
		}
		return "", false
	}
	for side := range c.h.elo {
		if c.h.elo[side] > 0 && ratingTags[side][c.h.eloType[side]] == name {
			return strconv.Itoa(int(c.h.elo[side])), true
		}
	}
	// A rating tag that the record did not take: read the tags again to tell.
	h := newScidHeader()
	v, ok := "", false
	for _, t := range c.tags {
		if h.read(t) && t.Name == name {
			v, ok = t.Value, true
		}
	}
	return escapeTag(v), ok
}

// escapeTag is a tag's value as the file has it: the parser took the escapes
// \" and \\ out, and Scid keeps them. (A lone backslash, kept by the parser,
// comes back doubled: the file's text is not kept.)
func escapeTag(v string) string {
	if strings.IndexByte(v, '"') < 0 && strings.IndexByte(v, '\\') < 0 {
		return v
	}
	b := make([]byte, 0, len(v)+4)
	for i := 0; i < len(v); i++ {
		if v[i] == '"' || v[i] == '\\' {
			b = append(b, '\\')
		}
		b = append(b, v[i])
	}
	return string(b)
}

func nonEmpty(s string) (string, bool) { return s, s != "" }

// ratingName says that name is a rating tag's (WhiteElo, BlackUSCF, ...).
func ratingName(name string) bool {
	kind, ok := strings.CutPrefix(name, "White")
	if !ok {
		if kind, ok = strings.CutPrefix(name, "Black"); !ok {
			return false
		}
	}
	for _, r := range ratingTypes {
		if kind == r {
			return true
		}
	}
	return false
}

// CQLPlayerName is the name CQL reads from a White or Black tag's value:
// tidied, without a trailing " (2750)" (CQLHeader.Player for a game whose
// last White or Black tag has this value).
func CQLPlayerName(tag string) string {
	name, _, _ := playerName(tag)
	return TextUTF8(escapeTag(name))
}

// CQLECO is the code CQL reads from an ECO tag's value, "" when it is not one
// (CQLHeader.ECO for a game whose last ECO tag has this value).
func CQLECO(tag string) string { return scidECO(tag) }

// ParseFENTag reads a FEN tag's position as CQL does: a tag with only the
// placement and the side to move, or those and the castling rights, is
// completed as Scid completes it (castling rights guessed from kings and rooks
// on their start squares, no en passant square, counters 0 and 1); a tag with
// four to six fields is chess.ParseFEN's.
func ParseFENTag(fen string) (chess.Position, error) {
	if n := fieldCount(fen); n == 2 || n == 3 {
		var buf [96]byte
		fen = string(scidFEN(buf[:0], fen))
	}
	return chess.ParseFEN(fen)
}

// fieldCount is the number of space-separated fields of s.
func fieldCount(s string) int {
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		space := isCSpace(s[i])
		if !space && !in {
			n++
		}
		in = !space
	}
	return n
}
