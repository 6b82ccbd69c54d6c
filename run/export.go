package run

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// The position records of jsonl and csv output. Text from the PGN file is written as UTF-8:
// bytes that are not UTF-8 are read as Latin-1 (the usual encoding of old databases), so a
// name such as "Nimzowitsch, Aron" or "Réti" keeps every letter and never becomes U+FFFD.

// Record says what a position record carries besides the position itself.
type Record struct {
	// Tags selects the tags to write, in this order; nil writes every tag of the game in
	// file order.
	Tags []string
	// Comments are the texts CQL's comment filters wrote at this position.
	Comments []string
	// Squares are the squares the query marked at this position (filter.Evaluator.Marked).
	Squares chess.Bitboard
	// CSVRaw writes csv text values as they are. Without it a value from the games or the
	// query (a tag, a comment, the file name) that a spreadsheet would run as a formula, one
	// starting with = + - @ tab or carriage return, gets a leading ' (OWASP's guard against
	// CSV injection); a number (-5, +1.5) and a lone - or + are left as they are.
	CSVRaw bool
}

// AppendJSONL appends node i of g as one JSON object: file, game, ply, move (the move
// number), side (w or b to move), fen, san (the move that led here, "" at the start), next
// (the following move on this line, "" at the end), variation when it is off the main line,
// squares (the squares the query marked, when there are some: ["e1","h7"]), result (the
// game's), tags (an object, every tag of the game in file order unless rec
// chooses), and comments (CQL's, when there are some).
func AppendJSONL(dst []byte, g *pgn.Game, i int32, rec *Record) []byte {
	n := &g.Nodes[i]
	dst = append(dst, `{"file":`...)
	dst = appendJSONString(dst, g.File)
	dst = append(dst, `,"game":`...)
	dst = strconv.AppendInt(dst, int64(g.Number), 10)
	dst = append(dst, `,"ply":`...)
	dst = strconv.AppendInt(dst, int64(n.Ply), 10)
	dst = append(dst, `,"move":`...)
	dst = strconv.AppendInt(dst, int64(n.Pos.FullmoveNumber()), 10)
	dst = append(dst, `,"side":"`...)
	dst = append(dst, sideLetter(&n.Pos))
	dst = append(dst, `","fen":"`...)
	dst = n.Pos.AppendFEN(dst)
	dst = append(dst, `","san":"`...)
	dst = appendSANBefore(dst, g, n)
	dst = append(dst, `","next":"`...)
	dst = appendSANAfter(dst, g, n)
	dst = append(dst, '"')
	if n.Variation {
		dst = append(dst, `,"variation":true`...)
	}
	if rec != nil && rec.Squares != 0 {
		dst = append(dst, `,"squares":[`...)
		for b, first := rec.Squares, true; b != 0; first = false {
			if !first {
				dst = append(dst, ',')
			}
			dst = appendSquare(append(dst, '"'), b.PopFirst())
			dst = append(dst, '"')
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"result":`...)
	dst = appendJSONString(dst, gameResult(g))
	dst = append(dst, `,"tags":{`...)
	first := true
	tag := func(name, value string) {
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = appendJSONString(dst, name)
		dst = append(dst, ':')
		dst = appendJSONString(dst, value)
	}
	if rec != nil && rec.Tags != nil {
		for _, name := range rec.Tags {
			tag(name, g.Tag(name))
		}
	} else {
		for _, t := range g.Tags {
			tag(t.Name, t.Value)
		}
	}
	dst = append(dst, '}')
	if rec != nil && len(rec.Comments) > 0 {
		dst = append(dst, `,"comments":[`...)
		for k, c := range rec.Comments {
			if k > 0 {
				dst = append(dst, ',')
			}
			dst = appendJSONString(dst, c)
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

// CSVTags are the tag columns of csv output when no tags are chosen: the Seven Tag Roster
// and the ratings and opening; the game's other tags go, in PGN syntax, to the last column.
var CSVTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo", "ECO"}

// CSVHeader returns the header line of csv output for the chosen tags (nil: CSVTags and
// the column of other tags).
func CSVHeader(tags []string) []byte {
	cols := []string{"file", "game", "ply", "move", "side", "fen", "san", "next", "variation", "squares", "result", "comments"}
	if tags == nil {
		cols = append(append(cols, CSVTags...), "OtherTags")
	} else {
		cols = append(cols, tags...)
	}
	var dst []byte
	for k, c := range cols {
		if k > 0 {
			dst = append(dst, ',')
		}
		dst = appendCSVField(dst, c)
	}
	return append(dst, '\n')
}

// AppendCSV appends node i of g as one CSV record (RFC 4180) with the columns of CSVHeader.
func AppendCSV(dst []byte, g *pgn.Game, i int32, rec *Record) []byte {
	n := &g.Nodes[i]
	text := appendCSVText
	if rec != nil && rec.CSVRaw {
		text = appendCSVField
	}
	dst = text(dst, g.File)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(g.Number), 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(n.Ply), 10)
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, int64(n.Pos.FullmoveNumber()), 10)
	dst = append(dst, ',', sideLetter(&n.Pos), ',')
	dst = n.Pos.AppendFEN(dst)
	dst = append(dst, ',')
	dst = appendSANBefore(dst, g, n) // SAN has no comma or quote
	dst = append(dst, ',')
	dst = appendSANAfter(dst, g, n)
	dst = append(dst, ',')
	if n.Variation {
		dst = append(dst, "true"...)
	}
	dst = append(dst, ',')
	if rec != nil { // the marked squares, space-separated: "e1 h7"
		for b, first := rec.Squares, true; b != 0; first = false {
			if !first {
				dst = append(dst, ' ')
			}
			dst = appendSquare(dst, b.PopFirst())
		}
	}
	dst = append(dst, ',')
	dst = appendCSVField(dst, gameResult(g)) // as jsonl's result: the move text's, else the tag's
	dst = append(dst, ',')
	if rec != nil && len(rec.Comments) > 0 {
		dst = text(dst, strings.Join(rec.Comments, " "))
	}
	tags := CSVTags
	if rec != nil && rec.Tags != nil {
		tags = rec.Tags
	}
	for _, name := range tags {
		dst = append(dst, ',')
		dst = text(dst, g.Tag(name))
	}
	if rec == nil || rec.Tags == nil {
		var other []byte
		for _, t := range g.Tags {
			if !contains(CSVTags, t.Name) {
				if len(other) > 0 {
					other = append(other, ' ')
				}
				other = append(other, '[')
				other = append(other, t.Name...)
				other = append(other, ` "`...)
				other = append(other, strings.ReplaceAll(t.Value, `"`, `\"`)...)
				other = append(other, `"]`...)
			}
		}
		dst = append(dst, ',')
		dst = text(dst, string(other))
	}
	return append(dst, '\n')
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// appendSquare appends the name of s ("e4") without allocating.
func appendSquare(dst []byte, s chess.Square) []byte {
	return append(dst, 'a'+byte(s.File()), '1'+byte(s.Rank()))
}

func sideLetter(p *chess.Position) byte {
	if p.SideToMove() == chess.White {
		return 'w'
	}
	return 'b'
}

func gameResult(g *pgn.Game) string {
	if g.Result != "" {
		return g.Result
	}
	return g.Tag("Result")
}

func appendSANBefore(dst []byte, g *pgn.Game, n *pgn.Node) []byte {
	if n.Parent >= 0 {
		dst = g.Nodes[n.Parent].Pos.AppendSANTo(dst, n.Move, &n.Pos)
	}
	return dst
}

func appendSANAfter(dst []byte, g *pgn.Game, n *pgn.Node) []byte {
	if n.FirstChild >= 0 {
		child := &g.Nodes[n.FirstChild]
		dst = n.Pos.AppendSANTo(dst, child.Move, &child.Pos)
	}
	return dst
}

// appendCSVText is appendCSVField with the guard against formulas (Record.CSVRaw).
func appendCSVText(dst []byte, s string) []byte {
	if runsAsFormula(s) {
		return appendCSVField(dst, "'"+s)
	}
	return appendCSVField(dst, s)
}

// runsAsFormula says whether a spreadsheet would read s as a formula: it starts with = + - @
// tab or carriage return and is not a number or a lone sign.
func runsAsFormula(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] {
	case '=', '@', '\t', '\r':
		return true
	case '+', '-':
		if len(s) == 1 {
			return false
		}
		_, err := strconv.ParseFloat(s, 64)
		return err != nil || strings.ContainsAny(s, "xXpPnNiI_") // hex floats, Inf, NaN, 1_000 are no plain numbers
	}
	return false
}

// appendCSVField appends s, quoted when it holds a comma, quote or line break, as UTF-8.
func appendCSVField(dst []byte, s string) []byte {
	if !strings.ContainsAny(s, ",\"\r\n") {
		return pgn.AppendUTF8(dst, s)
	}
	dst = append(dst, '"')
	dst = pgn.AppendUTF8(dst, strings.ReplaceAll(s, `"`, `""`))
	return append(dst, '"')
}

// appendJSONString appends s as a JSON string, UTF-8, with bytes that are not UTF-8 read
// as Latin-1.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c < 0x20:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = utf8.AppendRune(dst, rune(c)) // Latin-1
		} else {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return append(dst, '"')
}
