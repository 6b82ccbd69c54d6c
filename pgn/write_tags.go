package pgn

import (
	"strconv"
	"strings"
)

// AppendGameCQL is AppendGame with the tag section CQL 6.2 (build 9.493) writes
// for a game it outputs, so that a user comparing its output with CQL's sees the
// same headers. CQL reads the tags into a Scid game record and writes that record
// back, so the section is rebuilt rather than copied:
//
//   - the Seven Tag Roster always comes first, in roster order; a missing tag
//     is "?" (Date "????.??.??"), an empty one stays empty (Date excepted);
//   - Result is the move text's terminator;
//   - White and Black are tidied as Scid tidies player names (one space after
//     a comma, no leading spaces, no trailing spaces or dots, "van der" ->
//     "Van der"), and a trailing " (2750)" becomes the player's rating;
//   - Date and EventDate are rewritten as yyyy.mm.dd from their numbers ("?"
//     for a part that is missing or out of range); EventDate is dropped when
//     it has no year, month or day;
//   - the first rating tag of each player (WhiteElo, WhiteRating, WhiteRapid,
//     WhiteICCF, WhiteUSCF, WhiteDWZ, WhiteBCF; Black...) is written after
//     Result as a number capped at 4000, or dropped when it is 0 or not a
//     number; later rating tags stay as other tags;
//   - ECO is rewritten from its code ("c2" -> "C20") or dropped when it is not
//     one; ScidFlags is dropped;
//   - the other tags follow in file order, a repeated tag once, at its first
//     place, with its last value;
//   - FEN comes last, rewritten from the position with all six fields.
//
// The facts come from running CQL 9.493 on hand-written games
// (pgn/testdata/cqltags.pgn and its expected output). Not copied: Scid drops a
// tag whose line runs 255 bytes past its opening quote (a value of 253 bytes or
// more), and CQL's writer overflows its 255-byte line buffer well before that;
// we keep such tags whole.
func AppendGameCQL(dst []byte, g *Game) []byte {
	return AppendGameCQLStyle(dst, g, nil)
}

// AppendGameCQLStyle is AppendGameCQL with the move text in style st (nil: the default).
func AppendGameCQLStyle(dst []byte, g *Game, st *Style) []byte {
	result := GameResult(g)
	dst = appendCQLTags(dst, g.Tags, result)
	dst = append(dst, '\n')
	return appendMoveText(dst, g, result, st)
}

// GameResult is the result CQL gives a game (its result filter, the Result tag
// it writes): the move text's terminator, else the Result tag, else "*".
func GameResult(g *Game) string {
	result := g.Result
	if result == "" {
		result = g.Tag("Result")
	}
	if resultString([]byte(result)) == "" {
		result = "*"
	}
	return result
}

// ratingTypes are Scid's rating kinds, in its order: a tag White+kind or
// Black+kind is a rating.
var ratingTypes = [...]string{"Elo", "Rating", "Rapid", "ICCF", "USCF", "DWZ", "BCF"}

// ratingTags are the tag names of the ratings, by side and kind.
var ratingTags = func() (t [2][len(ratingTypes)]string) {
	for i, r := range ratingTypes {
		t[0][i], t[1][i] = "White"+r, "Black"+r
	}
	return t
}()

// maxElo is the largest rating Scid keeps (it stores ratings in 12 bits).
const maxElo = 4000

// scidHeader is the part of a Scid game record that the tags fill.
type scidHeader struct {
	event, site, round string
	// the White and Black tags as read: Scid's tidied names are made from them
	// when asked for (playerName), since most readers want only the ratings
	player          [2]string
	date, eventDate scidDate
	eco             string // "" when none
	elo             [2]uint32
	eloType         [2]int
	fen             string
	hasFEN          bool
}

// scidDate is a date as Scid keeps it: 0 for an unknown part.
type scidDate struct{ year, month, day uint32 }

func (d scidDate) zero() bool { return d == scidDate{} }

func appendCQLTags(dst []byte, tags []Tag, result string) []byte {
	var scratch [20]byte // a date's or a rating's text
	h := newScidHeader()
	// other[i] says that tags[i] is one of the other tags, written after the record's.
	var few [32]bool
	other := few[:0]
	if len(tags) > len(few) {
		other = make([]bool, 0, len(tags))
	}
	for _, t := range tags {
		other = append(other, h.read(t))
	}
	dst = appendTag(dst, "Event", h.event)
	dst = appendTag(dst, "Site", h.site)
	dst = appendTag(dst, "Date", h.date.text(&scratch))
	dst = appendTag(dst, "Round", h.round)
	dst = appendTag(dst, "White", h.name(0))
	dst = appendTag(dst, "Black", h.name(1))
	dst = appendTag(dst, "Result", result)
	for side := range h.elo {
		if h.elo[side] > 0 {
			dst = appendTag(dst, ratingTags[side][h.eloType[side]], strconv.AppendUint(scratch[:0], uint64(h.elo[side]), 10))
		}
	}
	if h.eco != "" {
		dst = appendTag(dst, "ECO", h.eco)
	}
	if !h.eventDate.zero() {
		dst = appendTag(dst, "EventDate", h.eventDate.text(&scratch))
	}
	// A repeated tag is written once, at its first place, with its last value.
next:
	for i, t := range tags {
		if !other[i] {
			continue
		}
		for j := 0; j < i; j++ {
			if other[j] && tags[j].Name == t.Name {
				continue next
			}
		}
		v := t.Value
		for j := i + 1; j < len(tags); j++ {
			if other[j] && tags[j].Name == t.Name {
				v = tags[j].Value
			}
		}
		dst = appendTag(dst, t.Name, v)
	}
	if h.hasFEN {
		var buf [96]byte // room for a FEN: no allocation
		dst = appendTag(dst, "FEN", scidFEN(buf[:0], h.fen))
	}
	return dst
}

// read takes one tag into the record as Scid's PGN reader does, or says that it
// is one of the other tags.
func (h *scidHeader) read(t Tag) (other bool) {
	switch t.Name {
	case "White", "Black":
		side := 0
		if t.Name == "Black" {
			side = 1
		}
		h.player[side] = t.Value
		// A rating needs a ')': most names are not tidied here.
		if strings.IndexByte(t.Value, ')') >= 0 {
			if _, elo, ok := playerName(t.Value); ok {
				h.elo[side] = elo
				h.eloType[side] = 0
			}
		}
	case "Event":
		h.event = t.Value
	case "Site":
		h.site = t.Value
	case "Round":
		h.round = t.Value
	case "Result":
		// The move text's terminator decides the result CQL writes.
	case "Date":
		h.date = parseScidDate(t.Value)
	case "EventDate":
		h.eventDate = parseScidDate(t.Value)
	case "ECO":
		h.eco = scidECO(t.Value)
	case "ScidFlags":
		// Kept by Scid but not written by CQL.
	case "FEN":
		h.fen, h.hasFEN = t.Value, true
	default:
		return !h.rating(t)
	}
	return false
}

// newScidHeader is the record before the tags are read: the Seven Tag Roster's
// strings are "?".
func newScidHeader() scidHeader {
	return scidHeader{event: "?", site: "?", round: "?", player: [2]string{"?", "?"}}
}

// name is the tidied name of White (side 0) or Black.
func (h *scidHeader) name(side int) string {
	name, _, _ := playerName(h.player[side])
	return name
}

// playerName is a White or Black tag's value as Scid keeps it: tidied
// (standardPlayerName), without a trailing " (2750)", which is the player's
// rating (capped at maxElo; ok says there is one).
func playerName(tag string) (name string, elo uint32, ok bool) {
	name = standardPlayerName(tag)
	if n := len(name); n > 7 && name[n-7:n-5] == " (" && name[n-1] == ')' && allDigits(name[n-5:n-1]) {
		return name[:n-7], min(scidUnsigned(name[n-5:n-1]), maxElo), true
	}
	return name, 0, false
}

// rating takes a player's first rating tag (one while the player has no rating).
func (h *scidHeader) rating(t Tag) bool {
	for side, prefix := range [2]string{"White", "Black"} {
		kind, ok := strings.CutPrefix(t.Name, prefix)
		if !ok || h.elo[side] != 0 {
			continue
		}
		for i, r := range ratingTypes {
			if kind == r {
				h.elo[side] = min(scidUnsigned(t.Value), maxElo)
				h.eloType[side] = i
				return true
			}
		}
	}
	return false
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// standardPlayerName tidies a player's name as Scid does: one space after each
// comma, no spaces at the start or after a comma, no spaces, tabs or dots at the
// end, and "van ", "Van Der ", "Van Den ", "Van De " capitalised "Van d...".
func standardPlayerName(s string) string {
	if tidyName(s) {
		return s
	}
	b := make([]byte, 0, len(s)+2)
	afterComma, start := false, true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ',':
			b = append(b, ',')
			afterComma, start = true, false
		case ' ':
			if !afterComma && !start {
				b = append(b, ' ')
			}
		default:
			start = false
			if afterComma {
				b = append(b, ' ')
			}
			b = append(b, c)
			afterComma = false
		}
	}
	b = []byte(strings.TrimRight(string(b), ". \t"))
	if len(b) > 0 && (b[0] == 'v' || b[0] == 'V') {
		if strings.HasPrefix(string(b), "van ") {
			b[0] = 'V'
		}
		for _, p := range []string{"Van Der ", "Van Den ", "Van De "} {
			if strings.HasPrefix(string(b), p) {
				b[4] = 'd'
				break
			}
		}
	}
	return string(b)
}

// scidUnsigned is C's strtoul(s, NULL, 10) kept in 32 bits, which Scid reads
// ratings and dates with: leading white space and a sign are skipped, the
// digits read up to the first other byte, a negative value wraps around, and
// no digits give 0.
func scidUnsigned(s string) uint32 {
	i := 0
	for i < len(s) && isCSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	var v uint64
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		d := uint64(s[i] - '0')
		if v > (^uint64(0)-d)/10 {
			v = ^uint64(0) // strtoul saturates
			neg = false
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			break
		}
		v = v*10 + d
	}
	if neg {
		v = -v
	}
	return uint32(v)
}

// parseScidDate reads "yyyy.mm.dd" as Scid does: each part is the number it
// starts with; a year over 2047 is unknown, and a month over 12 or a day over
// 31 leaves it and what follows unknown.
func parseScidDate(s string) scidDate {
	var d scidDate
	next := func() {
		if i := strings.IndexByte(s, '.'); i >= 0 {
			s = s[i+1:]
		} else {
			s = ""
		}
	}
	if d.year = scidUnsigned(s); d.year > 2047 {
		d.year = 0
	}
	next()
	m := scidUnsigned(s)
	if m > 12 {
		return d
	}
	d.month = m
	next()
	if day := scidUnsigned(s); day <= 31 {
		d.day = day
	}
	return d
}

// text writes the date as yyyy.mm.dd into buf, "?" for the unknown parts (the
// parts fit: a year is at most 2047, a month 12, a day 31).
func (d scidDate) text(buf *[20]byte) []byte {
	part := func(at int, v uint32, width int) {
		for i := at + width - 1; i >= at; i-- {
			buf[i] = '0' + byte(v%10)
			v /= 10
		}
	}
	copy(buf[:10], "????.??.??")
	if d.year != 0 {
		part(0, d.year, 4)
	}
	if d.month != 0 {
		part(5, d.month, 2)
	}
	if d.day != 0 {
		part(8, d.day, 2)
	}
	return buf[:10]
}

// scidECO reads an ECO code as Scid does and writes it back: a letter A-E (either
// case), up to two digits ("C" is C00, "C2" is C20), then Scid's optional
// extension, a lower-case letter and a digit 1-4. Anything else is no code ("").
func scidECO(s string) string {
	if s == "" {
		return ""
	}
	c := s[0]
	if c >= 'a' && c <= 'e' {
		c -= 'a' - 'A'
	}
	if c < 'A' || c > 'E' {
		return ""
	}
	var buf [5]byte
	code := append(buf[:0], c, '0', '0')
	for i := 1; i <= 2 && i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return ""
		}
		code[i] = s[i]
	}
	if len(s) > 3 && s[3] >= 'a' && s[3] <= 'z' {
		code = append(code, s[3])
		if len(s) > 4 && s[4] >= '1' && s[4] <= '4' {
			code = append(code, s[4])
		}
	}
	if string(code) == s {
		return s // most tags: no string to make
	}
	return string(code)
}

// scidFEN is a FEN tag as CQL writes it back: the position Scid reads from it,
// printed with all six fields. Scid fills what the tag leaves out: castling
// rights from the kings and rooks on their start squares when the field is
// missing, "-" for a missing en passant square, 0 and 1 for missing counters.
// A tag Scid cannot read (Chess960 castling letters, say) is written as it is:
// CQL drops it and fails at the game's first move, where our game is readable.
// The FEN is appended to dst.
func scidFEN(dst []byte, fen string) []byte {
	var board [64]byte // a8 = 0 ... h1 = 63, as a FEN lists them
	i, n := 0, 0
	for n < 64 {
		if i == len(fen) {
			return append(dst, fen...)
		}
		switch c := fen[i]; {
		case c == '/':
			if n%8 != 0 {
				return append(dst, fen...)
			}
		case c >= '1' && c <= '8':
			n += int(c - '0')
		case strings.IndexByte("KQRBNPkqrbnp", c) >= 0:
			board[n] = c
			n++
		default:
			return append(dst, fen...)
		}
		i++
	}
	kings := [2]int{}
	for _, c := range board {
		switch c {
		case 'K':
			kings[0]++
		case 'k':
			kings[1]++
		}
	}
	if kings != [2]int{1, 1} {
		return append(dst, fen...)
	}
	skip := func() {
		for i < len(fen) && isCSpace(fen[i]) {
			i++
		}
	}
	skip()
	if i == len(fen) || fen[i] != 'w' && fen[i] != 'b' {
		return append(dst, fen...)
	}
	black := fen[i] == 'b'
	i++
	var castle [4]bool // K Q k q
	skip()
	switch {
	case i == len(fen):
		// No castling field: Scid guesses from the start squares.
		castle[0] = board[60] == 'K' && board[63] == 'R'
		castle[1] = board[60] == 'K' && board[56] == 'R'
		castle[2] = board[4] == 'k' && board[7] == 'r'
		castle[3] = board[4] == 'k' && board[0] == 'r'
	case fen[i] == '-':
		i++
	default:
		for ; i < len(fen) && !isCSpace(fen[i]); i++ {
			k := strings.IndexByte("KQkq", fen[i])
			if k < 0 {
				return append(dst, fen...)
			}
			castle[k] = true
		}
	}
	ep := "-"
	skip()
	switch {
	case i == len(fen):
	case fen[i] == '-':
		i++
	default:
		if fen[i] < 'a' || fen[i] > 'h' || i+1 == len(fen) || fen[i+1] != '3' && fen[i+1] != '6' {
			return append(dst, fen...)
		}
		ep = fen[i : i+2]
		i += 2
	}
	var halfmove, ply uint16
	skip()
	if i < len(fen) {
		halfmove = uint16(cAtoi(fen[i:]))
	}
	for i < len(fen) && !isCSpace(fen[i]) {
		i++
	}
	skip()
	if i < len(fen) {
		if m := cAtoi(fen[i:]); m >= 1 {
			ply = uint16((m - 1) * 2)
		}
	}
	if black {
		ply++
	}

	b := dst
	for r := 0; r < 8; r++ {
		if r > 0 {
			b = append(b, '/')
		}
		empty := byte(0)
		for _, c := range board[8*r : 8*r+8] {
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, '0'+empty)
				empty = 0
			}
			b = append(b, c)
		}
		if empty > 0 {
			b = append(b, '0'+empty)
		}
	}
	if black {
		b = append(b, " b "...)
	} else {
		b = append(b, " w "...)
	}
	if castle == [4]bool{} {
		b = append(b, '-')
	}
	for k, ok := range castle {
		if ok {
			b = append(b, "KQkq"[k])
		}
	}
	b = append(b, ' ')
	b = append(b, ep...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(halfmove), 10)
	b = append(b, ' ')
	return strconv.AppendInt(b, int64(ply/2+1), 10)
}

// isCSpace is C's isspace.
func isCSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// cAtoi is C's atoi within 32 bits: leading white space, a sign, then digits.
func cAtoi(s string) int32 {
	i := 0
	for i < len(s) && isCSpace(s[i]) {
		i++
	}
	neg := i < len(s) && s[i] == '-'
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	var v int64
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		if v < 1<<32 {
			v = v*10 + int64(s[i]-'0')
		}
	}
	if neg {
		v = -v
	}
	return int32(v)
}

// tidyName says that standardPlayerName leaves s as it is (most names).
func tidyName(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[0] == 'v' || s[0] == 'V' || strings.IndexByte(s, ',') >= 0 {
		return false
	}
	switch s[len(s)-1] {
	case ' ', '.', '\t':
		return false
	}
	return true
}
