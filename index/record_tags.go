package index

import (
	"encoding/binary"
	"fmt"
	"strconv"

	"github.com/cqlgo/cql/pgn"
)

// A record's tags: each tag's name is a code byte, a standard name's number (most games
// name only these) or tagLiteral with the name's text in the record; tagFromColumn says
// that the value is not in the record, being the one the game's tag column entry keeps.
const (
	tagLiteral    = 0x7f
	tagFromColumn = 0x80
)

// standardTags are the names with a code; the first ones are those the tag column keeps
// (see columnValue). New names go at the end: a code's meaning is part of the format.
var standardTags = [...]string{
	"White", "Black", "ECO", "Date", "WhiteElo", "BlackElo", "Result",
	"Event", "Site", "Round", "EventDate", "PlyCount", "Annotator", "FEN", "SetUp",
	"TimeControl", "Termination", "WhiteTitle", "BlackTitle", "Opening", "Variation",
	"WhiteFideId", "BlackFideId", "UTCDate", "UTCTime", "WhiteRatingDiff", "BlackRatingDiff",
	"Variant", "EventType", "EventRounds", "EventCountry", "Board", "Mode", "Source",
	"SourceDate", "WhiteTeam", "BlackTeam", "WhiteClock", "BlackClock", "Time", "Link",
}

// Codes of the names whose value the tag column keeps.
const (
	tagWhite = iota
	tagBlack
	tagECO
	tagDate
	tagWhiteElo
	tagBlackElo
	tagResult
)

// tagFEN is the FEN tag's code.
const tagFEN = 13

// tagSlots finds a name's code by a hash of its length and first and last bytes, with
// linear probing: a map keyed by the name was a tenth of a build's record encoding.
var tagSlots = func() (t [256]byte) {
	for i := range t {
		t[i] = tagLiteral
	}
	for i, n := range standardTags {
		h := tagHash(n)
		for t[h] != tagLiteral {
			h++
		}
		t[h] = byte(i)
	}
	return t
}()

func tagHash(name string) uint8 {
	return uint8(len(name)*29 + int(name[0])*7 + int(name[len(name)-1]))
}

func tagCode(name string) byte {
	if name == "" {
		return tagLiteral
	}
	for h := tagHash(name); ; h++ {
		c := tagSlots[h]
		if c == tagLiteral || standardTags[c] == name {
			return c
		}
	}
}

// columnKeeps says whether the tag column keeps value as the value of the tag of code c
// (at most tagResult) when it is the last tag of its name: an Elo as a number (so only a
// value that is the number's decimal text comes back the same), the result by code.
func columnKeeps(c byte, v string) bool {
	switch c {
	case tagWhiteElo, tagBlackElo:
		n := tagNumber(v)
		return n >= 0 && strconv.Itoa(n) == v
	case tagResult:
		_, ok := tagResultCodes[v]
		return ok
	}
	return true
}

// appendTags appends the tag section of a record (see the layout in movestream.go). A tag
// whose value the tag column keeps for the game is left out: the column keeps the last
// tag of a name (tagSummary reads tags as the evaluator does).
func appendTags(dst []byte, tags []pgn.Tag) []byte {
	var buf [32]byte
	codes := buf[:0]
	if len(tags) > len(buf) {
		codes = make([]byte, 0, len(tags))
	}
	for i := range tags {
		codes = append(codes, tagCode(tags[i].Name))
	}
	// From the last tag back: the codes up to tagResult met so far (a standard name has
	// one code, so a later tag of the same name has the same code).
	var later uint8
	for i := len(tags) - 1; i >= 0; i-- {
		if c := codes[i]; c <= tagResult {
			if later&(1<<c) == 0 && columnKeeps(c, tags[i].Value) {
				codes[i] |= tagFromColumn
			}
			later |= 1 << c
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(tags)))
	for i, c := range codes {
		dst = append(dst, c)
		if c == tagLiteral {
			dst = binary.AppendUvarint(dst, uint64(len(tags[i].Name)))
		}
		if c&tagFromColumn == 0 {
			dst = binary.AppendUvarint(dst, uint64(len(tags[i].Value)))
		}
	}
	for i, c := range codes {
		if c == tagLiteral {
			dst = append(dst, tags[i].Name...)
		}
		if c&tagFromColumn == 0 {
			dst = append(dst, tags[i].Value...)
		}
	}
	return dst
}

// columnTags is what a record leaves to the tag column: the game's entry there (nil when
// there is none) and the string table its ids name.
type columnTags struct {
	entry []byte
	strs  *stringView
}

// resultTexts are the tag column's result codes as text (resOther has none).
var resultTexts = [...]string{resWhite: "1-0", resBlack: "0-1", resDraw: "1/2-1/2", resStar: "*"}

// columnValue is the value the column keeps for the tag of code c.
func (rp *replayer) columnValue(c byte, col columnTags) (string, error) {
	if len(col.entry) < summaryWidth || col.strs == nil {
		return "", fmt.Errorf("%w: a tag is in the tag column, which is missing", errBadRecord)
	}
	e := col.entry
	switch c {
	case tagWhite, tagBlack, tagECO, tagDate:
		s, err := col.strs.get(binary.BigEndian.Uint32(e[sumStrs+4*int(c):]))
		if err != nil {
			return "", fmt.Errorf("%w: tag column: %v", errBadRecord, err)
		}
		return s, nil
	case tagWhiteElo, tagBlackElo:
		at := sumWElo
		if c == tagBlackElo {
			at = sumBElo
		}
		n := int32(binary.BigEndian.Uint32(e[at:]))
		if n < 0 {
			return "", fmt.Errorf("%w: the tag column has no Elo", errBadRecord)
		}
		return rp.number(int(n)), nil
	case tagResult:
		if r := e[sumResult]; int(r) < len(resultTexts) {
			return resultTexts[r], nil
		}
		return "", fmt.Errorf("%w: the tag column has no result", errBadRecord)
	}
	return "", fmt.Errorf("%w: tag code %d is not in the tag column", errBadRecord, c)
}

// number returns n's decimal text; those of small numbers are made once per replayer.
func (rp *replayer) number(n int) string {
	const cached = 4096
	if n >= cached {
		return strconv.Itoa(n)
	}
	if rp.numbers == nil {
		rp.numbers = make([]string, cached)
	}
	if rp.numbers[n] == "" {
		rp.numbers[n] = strconv.Itoa(n)
	}
	return rp.numbers[n]
}

// tags reads n tags into g: their codes and lengths, then the bytes of the literal names
// and values, which become one string that each of them is a piece of (one allocation a
// game); the values the record leaves to the column come from col.
func (rp *replayer) tags(r *byteReader, n int, g *pgn.Game, col columnTags) error {
	if n == 0 {
		return nil
	}
	codes, lens := rp.tagCodes[:0], rp.tagLens[:0]
	total := uint64(0)
	for i := 0; i < n; i++ {
		c := r.byte()
		nl, vl := uint64(0), uint64(0)
		if c&^tagFromColumn == tagLiteral {
			nl = r.uvarint()
		} else if int(c&^tagFromColumn) >= len(standardTags) {
			return errBadRecord
		}
		if c&tagFromColumn == 0 {
			vl = r.uvarint()
		}
		codes = append(codes, c)
		lens = append(lens, nl, vl)
		total += nl + vl
		if r.bad || total > uint64(len(r.b)) {
			return errBadRecord
		}
	}
	rp.tagCodes, rp.tagLens = codes, lens
	s := string(r.bytes(total))
	if cap(g.Tags) < n {
		g.Tags = make([]pgn.Tag, 0, n)
	}
	at := uint64(0)
	for i, c := range codes {
		nl, vl := lens[2*i], lens[2*i+1]
		var t pgn.Tag
		if code := c &^ tagFromColumn; code == tagLiteral {
			t.Name = s[at : at+nl]
			at += nl
		} else {
			t.Name = standardTags[code]
		}
		if c&tagFromColumn != 0 {
			v, err := rp.columnValue(c&^tagFromColumn, col)
			if err != nil {
				return err
			}
			t.Value = v
		} else {
			t.Value = s[at : at+vl]
			at += vl
		}
		g.Tags = append(g.Tags, t)
	}
	return nil
}

// skipTags reads past n tags; with fen set it returns the value of the first FEN tag (as
// pgn.Game.Tag finds it), which is then copied. (A FEN is never left to the column.)
func (rp *replayer) skipTags(r *byteReader, n int, fen bool) (string, error) {
	if !fen { // only the lengths: most records
		total := uint64(0)
		for i := 0; i < n; i++ {
			c := r.byte()
			if c&^tagFromColumn == tagLiteral {
				total += r.uvarint()
			}
			if c&tagFromColumn == 0 {
				total += r.uvarint()
			}
		}
		if r.bad || total > uint64(len(r.b)) {
			return "", errBadRecord
		}
		r.b = r.b[total:]
		return "", nil
	}
	lens := rp.tagLens[:0]
	codes := rp.tagCodes[:0]
	total := uint64(0)
	for i := 0; i < n; i++ {
		c := r.byte()
		nl, vl := uint64(0), uint64(0)
		if c&^tagFromColumn == tagLiteral {
			nl = r.uvarint()
		}
		if c&tagFromColumn == 0 {
			vl = r.uvarint()
		}
		codes = append(codes, c)
		lens = append(lens, nl, vl)
		total += nl + vl
	}
	rp.tagLens, rp.tagCodes = lens, codes
	if r.bad || total > uint64(len(r.b)) {
		return "", errBadRecord
	}
	b := r.bytes(total)
	at := uint64(0)
	for i, c := range codes {
		nl, vl := lens[2*i], lens[2*i+1]
		if c == tagFEN || c == tagLiteral && string(b[at:at+nl]) == "FEN" {
			return string(b[at+nl : at+nl+vl]), nil
		}
		at += nl + vl
	}
	return "", nil
}
