package query

import (
	"math/bits"
	"strconv"
	"strings"
)

// Sprint returns a compact S-expression for n, for tests and debugging.
// Piece designators print in a canonical form (`R`, `[Qq]h1-8`, `.`, `[]`),
// so ASCII and Unicode spellings of the same filter print the same.
func Sprint(n Node) string {
	var b strings.Builder
	sprint(&b, n)
	return b.String()
}

// String returns the program as an S-expression: the header parameters (if
// any) and the body.
func (p *Program) String() string {
	var b strings.Builder
	if h := p.Header; h != nil {
		b.WriteString("(cql")
		for _, in := range h.Input {
			b.WriteString(" input " + strconv.Quote(in))
		}
		if h.Output != "" {
			b.WriteString(" output " + strconv.Quote(h.Output))
		}
		if h.MatchCount != nil {
			b.WriteString(" matchcount " + rangeString(*h.MatchCount))
		}
		if h.GameNumber != nil {
			b.WriteString(" gamenumber " + rangeString(*h.GameNumber))
		}
		if h.Result != "" {
			b.WriteString(" result " + h.Result)
		}
		for _, f := range []struct {
			on   bool
			name string
		}{{h.Variations, "variations"}, {h.Silent, "silent"}, {h.Quiet, "quiet"}, {h.SortMatchCount, "sort"}} {
			if f.on {
				b.WriteString(" " + f.name)
			}
		}
		if h.MatchString != nil {
			b.WriteString(" matchstring " + strconv.Quote(*h.MatchString))
		}
		b.WriteString(") ")
	}
	sprint(&b, p.Body)
	return b.String()
}

func rangeString(r Range) string {
	bound := func(v int, x *Var) string {
		if x != nil {
			return x.Name
		}
		return strconv.Itoa(v)
	}
	if r.Min == r.Max && r.MinVar == r.MaxVar {
		return bound(r.Min, r.MinVar)
	}
	return bound(r.Min, r.MinVar) + " " + bound(r.Max, r.MaxVar)
}

func sprint(b *strings.Builder, n Node) {
	list := func(head string, args ...Node) {
		b.WriteString("(" + head)
		for _, a := range args {
			if a == nil {
				continue
			}
			b.WriteByte(' ')
			sprint(b, a)
		}
		b.WriteByte(')')
	}
	switch n := n.(type) {
	case nil:
		b.WriteString("<nil>")
	case *PieceDesignator:
		b.WriteString(DesignatorString(n.Pieces, n.Squares))
	case *NumberLit:
		b.WriteString(strconv.Itoa(n.Value))
	case *StringLit:
		b.WriteString(strconv.Quote(n.Value))
	case *BoolLit:
		b.WriteString(strconv.FormatBool(n.Value))
	case *Block:
		b.WriteByte('{')
		for i, f := range n.Filters {
			if i > 0 {
				b.WriteByte(' ')
			}
			sprint(b, f)
		}
		b.WriteByte('}')
	case *Unary:
		head := n.Op.String()
		if n.Op == OpNeg {
			head = "neg"
		}
		list(head, n.X)
	case *Binary:
		list(n.Op.String(), n.X, n.Y)
	case *Compare:
		b.WriteString("(cmp ")
		sprint(b, n.Operands[0])
		for i, l := range n.Links {
			b.WriteString(" " + l.Op.String() + " ")
			sprint(b, n.Operands[i+1])
		}
		b.WriteByte(')')
	case *MinMax:
		list(n.Op.String(), n.Args...)
	case *If:
		list("if", n.Cond, n.Then, n.Else)
	case *Keyword:
		b.WriteString(n.Kind.String())
	case *Result:
		b.WriteString("(result " + n.Value + ")")
	case *Player:
		b.WriteString("(player " + n.Color.String())
		if n.Match != nil {
			b.WriteString(" " + strconv.Quote(*n.Match))
		}
		b.WriteByte(')')
	case *Elo:
		b.WriteString("(elo " + n.Color.String() + ")")
	case *Tag:
		b.WriteString("(tag " + strconv.Quote(n.Name) + ")")
	case *Var:
		b.WriteString(n.Name)
	case *Assign:
		head := n.Op.String() + " " + n.Name
		if n.Piece {
			head = "piece " + head
		}
		if n.Atomic {
			head = "atomic " + head
		}
		list(head, n.Value)
	case *Square:
		head := "square"
		if n.Piece {
			head = "piece"
		}
		if n.All {
			head += " all"
		}
		list(head+" "+n.Name, n.In, n.Body)
	case *Move:
		b.WriteString("(move")
		switch n.Select {
		case MovePrevious:
			b.WriteString(" previous")
		case MoveLegal:
			b.WriteString(" legal")
		case MovePseudoLegal:
			b.WriteString(" pseudolegal")
		case MoveReverse:
			b.WriteString(" reverse")
		}
		for _, a := range []struct {
			name string
			x    Node
		}{{"from", n.From}, {"to", n.To}, {"capture", n.Capture}, {"enpassantsquare", n.EnPassantSquare}} {
			if a.x != nil {
				b.WriteString(" " + a.name + " ")
				sprint(b, a.x)
			}
		}
		if n.Promote != 0 {
			b.WriteString(" promote " + DesignatorString(n.Promote, AllSquares))
		}
		for _, f := range []struct {
			on   bool
			name string
		}{{n.Castle, "castle"}, {n.OO, "o-o"}, {n.OOO, "o-o-o"}, {n.EnPassant, "enpassant"}, {n.Null, "null"}, {n.Primary, "primary"}, {n.Secondary, "secondary"}} {
			if f.on {
				b.WriteString(" " + f.name)
			}
		}
		switch n.Value {
		case MoveValueTo:
			b.WriteString(" :to")
		case MoveValueCount:
			b.WriteString(" :count")
		case MoveValueCapture:
			b.WriteString(" :capture")
		case MoveValueNone:
			b.WriteString(" :none")
		}
		if n.Comment != nil {
			b.WriteByte(' ')
			sprint(b, n.Comment)
		}
		b.WriteByte(')')
	case *FromTo:
		if n.To {
			b.WriteString("to")
		} else {
			b.WriteString("from")
		}
	case *Dir:
		head := n.Dir.String()
		if n.Range != (Range{Min: 1, Max: 7}) {
			head += " " + rangeString(n.Range)
		}
		list(head, n.X)
	case *Geo:
		head := n.Kind.String()
		for _, d := range n.Dirs {
			head += " " + d.String()
		}
		if n.Kind == GeoPin {
			b.WriteString("(pin")
			for i, a := range n.Args {
				if a != nil {
					b.WriteString(" " + [...]string{"from", "through", "to"}[i] + " ")
					sprint(b, a)
				}
			}
			b.WriteString([...]string{"", " :from", " :to"}[n.Value] + ")")
			return
		}
		if n.First {
			b.WriteString("(" + head)
			for _, a := range n.Args {
				b.WriteString(" ")
				sprint(b, a)
			}
			b.WriteString(" :first)")
			return
		}
		list(head, n.Args...)
	case *Transform:
		head := n.Kind.String()
		switch {
		case n.Range != nil:
			head += " " + strconv.Itoa(n.Range.Min) + " " + strconv.Itoa(n.Range.Max)
		case n.Count:
			head += " count"
		}
		list(head, n.Body)
	case *Match:
		if n.PatternX != nil {
			list("~~", n.X, n.PatternX)
			break
		}
		list("~~ "+strconv.Quote(n.Pattern), n.X)
	case *Capture:
		if n.Name != "" {
			if n.Index {
				b.WriteString("\\-{" + n.Name + "}")
			} else {
				b.WriteString("\\{" + n.Name + "}")
			}
			break
		}
		if n.Index {
			b.WriteString("\\-" + strconv.Itoa(n.Group))
		} else {
			b.WriteString("\\" + strconv.Itoa(n.Group))
		}
	case *Index:
		if n.Slice {
			list("slice", n.X, n.I, n.J)
		} else {
			list("index", n.X, n.I)
		}
	case *Builtin:
		list(n.Name, n.Args...)
	case *Dictionary:
		if n.Local {
			b.WriteString("(local dictionary " + n.Name + ")")
		} else {
			b.WriteString("(dictionary " + n.Name + ")")
		}
	case *DictAssign:
		list("= "+n.Name+"[]", n.Key, n.Value)
	case *IndexAssign:
		list("=", n.Target, n.Value)
	case *DictIter:
		list(n.Name+" ∊ "+n.Dict, n.Body)
	case *Persistent:
		if n.Quiet {
			list("persistent quiet", n.Assign)
		} else {
			list("persistent", n.Assign)
		}
	case *Comment:
		head := "comment"
		if n.Message {
			head = "message"
		}
		if n.Quiet {
			head += " quiet"
		}
		list(head, n.Args...)
	case *Sort:
		head := "sort"
		if n.Min {
			head += " min"
		}
		if n.Label != "" {
			head += " " + strconv.Quote(n.Label)
		}
		list(head, n.X)
	case *Find:
		head := "find"
		if n.All {
			head += " all"
		}
		if n.Quiet {
			head += " quiet"
		}
		if n.Backward {
			head += " <--"
		}
		if n.Range != nil {
			head += " " + rangeString(*n.Range)
		}
		list(head, n.X)
	case *Echo:
		head := "echo"
		if n.Quiet {
			head += " quiet"
		}
		head += " " + n.SourceName + " " + n.TargetName
		if n.InAll {
			head += " in all"
		}
		list(head, n.X)
	case *Tree:
		list(n.Kind.String(), n.Args...)
	case *Colon:
		list(":", n.Position, n.X)
	case *Dash:
		head := "--"
		if n.Capture {
			head = "×"
		}
		if n.Promote != 0 {
			head += " =" + DesignatorString(n.Promote, AllSquares)
		}
		if n.PromoteBy != nil {
			var s strings.Builder
			sprint(&s, n.PromoteBy)
			head += " =" + s.String()
		}
		b.WriteString("(" + head)
		for _, x := range []Node{n.From, n.To, n.Target} {
			b.WriteByte(' ')
			if x == nil {
				b.WriteString("_")
			} else {
				sprint(b, x)
			}
		}
		b.WriteByte(')')
	case *CurrentMove:
		list("currentmove", n.Move)
	case *Legal:
		head := "legal"
		if n.Pseudo {
			head = "pseudolegal"
		}
		if n.Kind != AnyMoveKind {
			head += " " + moveKindNames[n.Kind]
		}
		list(head, n.Move)
	case *CountMoves:
		if n.Move != nil {
			list("countmoves", n.Move)
		} else {
			list("countmoves", n.Legal)
		}
	case *Loop:
		list("loop", n.Body)
	case *While:
		if n.Iterate {
			list("while-match", n.Test, n.Body)
		} else {
			list("while", n.Test, n.Body)
		}
	case *PastMove:
		if n.Secondary {
			b.WriteString("secondary")
		} else {
			b.WriteString("primary")
		}
	case *Path:
		b.WriteString("(path")
		for _, f := range []struct {
			on   bool
			name string
		}{{n.Quiet, "quiet"}, {n.FirstMatch, "firstmatch"}, {n.LastPosition, "lastposition"}, {n.Primary, "primary"},
			{n.SingleColor, "singlecolor"}, {n.KeepAllBest, "keepallbest"}, {n.Verbose, "verbose"}, {n.PiecePath, "piecepath"}, {n.NestBan, "nestban"}} {
			if f.on {
				b.WriteString(" " + f.name)
			}
		}
		if n.Title != "" {
			b.WriteString(" title " + strconv.Quote(n.Title))
		}
		if n.Range != nil {
			b.WriteString(" " + rangeString(*n.Range))
		}
		if n.Max != nil {
			b.WriteString(" max ")
			sprint(b, n.Max)
		}
		if n.Focus != nil {
			b.WriteString(" focus")
			if n.FocusCapture {
				b.WriteString(" capture")
			}
			b.WriteByte(' ')
			sprint(b, n.Focus)
		}
		sprintLine(b, n.Elems)
		b.WriteByte(')')
	case *ConsecutiveMoves:
		head := "consecutivemoves"
		if n.Range != nil {
			head += " " + rangeString(*n.Range)
		}
		list(head, n.X, n.Y)
	case *Line:
		b.WriteString("(line")
		for _, f := range []struct {
			on   bool
			name string
		}{{n.Quiet, "quiet"}, {n.FirstMatch, "firstmatch"}, {n.LastPosition, "lastposition"}, {n.Primary, "primary"}, {n.Secondary, "secondary"}, {n.SingleColor, "singlecolor"}, {n.NestBan, "nestban"}} {
			if f.on {
				b.WriteString(" " + f.name)
			}
		}
		if n.Range != nil {
			b.WriteString(" " + rangeString(*n.Range))
		}
		if n.Backward {
			b.WriteString(" <--")
		} else {
			b.WriteString(" -->")
		}
		sprintLine(b, n.Elems)
		b.WriteByte(')')
	default:
		b.WriteString("<?>")
	}
}

func sprintLine(b *strings.Builder, es []LineElem) {
	for _, e := range es {
		b.WriteByte(' ')
		if e.X != nil {
			sprint(b, e.X)
		} else {
			b.WriteString("(alt")
			for _, alt := range e.Alts {
				b.WriteString(" [")
				sprintLine(b, alt)
				b.WriteString(" ]")
			}
			b.WriteByte(')')
		}
		switch {
		case e.Min == 1 && e.Max == 1:
		case e.Min == 0 && e.Max == -1:
			b.WriteByte('*')
		case e.Min == 1 && e.Max == -1:
			b.WriteByte('+')
		case e.Min == 0 && e.Max == 1:
			b.WriteByte('?')
		case e.Max == -1:
			b.WriteString("{" + strconv.Itoa(e.Min) + ",}")
		default:
			b.WriteString("{" + strconv.Itoa(e.Min) + "," + strconv.Itoa(e.Max) + "}")
		}
	}
}

const pieceLetters = "KQRBNPkqrbnp_"

// DesignatorString returns the canonical CQL spelling of a piece designator:
// piece letters (A and a for all pieces of a colour, bracketed when more
// than one) followed by squares (omitted for the whole board).
func DesignatorString(pieces PieceSet, squares SquareSet) string {
	if pieces == 0 || squares == 0 {
		return "[]"
	}
	if pieces == AnyContent && squares == AllSquares {
		return "."
	}
	var ps string
	if pieces != AnyContent {
		rest := pieces
		if rest&WhitePieces == WhitePieces {
			ps += "A"
			rest &^= WhitePieces
		}
		if rest&BlackPieces == BlackPieces {
			ps += "a"
			rest &^= BlackPieces
		}
		for p := Piece(0); p < NumPieces; p++ {
			if rest.Has(p) {
				ps += string(pieceLetters[p])
			}
		}
		if len(ps) > 1 {
			ps = "[" + ps + "]"
		}
	}
	if squares == AllSquares {
		return ps
	}
	return ps + SquaresString(squares)
}

// SquaresString spells a square set: `e4`, `a-h1-8` for a rectangle, or a
// bracketed list of rectangles row by row, e.g. `[a1,h1]`.
func SquaresString(s SquareSet) string {
	if f0, f1, r0, r1, ok := rectangle(s); ok {
		return rectString(f0, f1, r0, r1)
	}
	// Split into maximal horizontal runs per rank, then merge runs that
	// repeat on consecutive ranks.
	var parts []string
	remaining := s
	for remaining != 0 {
		sq := bits.TrailingZeros64(uint64(remaining))
		f0, r0 := sq%8, sq/8
		f1 := f0
		for f1+1 < 8 && remaining&(1<<SquareAt(f1+1, r0)) != 0 {
			f1++
		}
		row := SquareSet(0)
		for f := f0; f <= f1; f++ {
			row |= 1 << SquareAt(f, r0)
		}
		r1 := r0
		for r1+1 < 8 && remaining&(row<<(8*(r1+1-r0))) == row<<(8*(r1+1-r0)) {
			r1++
		}
		for r := r0; r <= r1; r++ {
			remaining &^= row << (8 * (r - r0))
		}
		parts = append(parts, rectString(f0, f1, r0, r1))
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func rectangle(s SquareSet) (f0, f1, r0, r1 int, ok bool) {
	if s == 0 {
		return 0, 0, 0, 0, false
	}
	f0, r0, f1, r1 = 7, 7, 0, 0
	for sq := 0; sq < 64; sq++ {
		if s&(1<<sq) != 0 {
			f0, f1 = min(f0, sq%8), max(f1, sq%8)
			r0, r1 = min(r0, sq/8), max(r1, sq/8)
		}
	}
	var rect SquareSet
	for r := r0; r <= r1; r++ {
		for f := f0; f <= f1; f++ {
			rect |= 1 << SquareAt(f, r)
		}
	}
	return f0, f1, r0, r1, rect == s
}

func rectString(f0, f1, r0, r1 int) string {
	s := string(rune('a' + f0))
	if f1 != f0 {
		s += "-" + string(rune('a'+f1))
	}
	s += string(rune('1' + r0))
	if r1 != r0 {
		s += "-" + string(rune('1'+r1))
	}
	return s
}
