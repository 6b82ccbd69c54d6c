package query

// CQL 6.2's current-move filters: the standalone enpassant, enpassantsquare,
// castle, o-o, o-o-o and nullmove (gadycosteff.com/cql/currentmove.html: each asks about
// the move that led to the current position), `currentmove F--G`, and
// `loop body`.

// CurrentMove is `currentmove D` where D is a -- or × filter: D matches the
// move that led to the current position (evaluated in the position before
// it). Logical; false at the initial position.
type CurrentMove struct {
	At
	Move *Dash
}

// Type is logical.
func (*CurrentMove) Type() Type { return TypeNone }
func (*CurrentMove) node()      {}

// Loop is `loop body`: body is evaluated until it fails; it matches when
// body matched at least once. Logical.
type Loop struct {
	At
	Body Node
}

// Type is logical.
func (*Loop) Type() Type { return TypeNone }
func (*Loop) node()      {}

// parseCurrentMoveWord parses a current-move filter starting with the
// current word, or returns nil when the word is not one.
func (p *parser) parseCurrentMoveWord(w string) Node {
	pos := p.tok.pos
	prev := func() *Move { return &Move{At: At{pos}, Select: MovePrevious, Value: MoveValueNone} } // logical, as in CQL
	switch w {
	case "enpassant":
		p.next()
		m := prev()
		m.EnPassant = true
		return m
	case "enpassantsquare":
		// The square of the pawn the current move took en passant (CQL
		// 9.493's value: e5 after exd6 e.p.), the empty set after any other
		// move: a set, as `move previous enpassant` with the captured squares.
		p.next()
		m := prev()
		m.EnPassant = true
		m.Value = MoveValueCapture
		return m
	case "castle":
		p.next()
		m := prev()
		m.Castle = true
		return m
	case "o-o", "O-O":
		p.next()
		m := prev()
		m.OO = true
		return m
	case "o-o-o", "O-O-O":
		p.next()
		m := prev()
		m.OOO = true
		return m
	case "nullmove":
		p.next()
		m := prev()
		m.Null = true
		return m
	case "currentmove":
		p.next()
		x := p.parseDashLevel() // CQL: match_mulop_x
		d, ok := x.(*Dash)
		if !ok {
			p.errorf(x.Pos(), "'currentmove' takes a move filter written with -- or × (like currentmove R--e4)")
			return &BoolLit{At: At{pos}}
		}
		return &CurrentMove{At: At{pos}, Move: d}
	case "path":
		return p.parsePath()
	case "legal", "pseudolegal":
		return p.parseLegal(w == "pseudolegal")
	case "countmoves":
		return p.parseCountMoves()
	case "loop":
		p.next()
		return &Loop{At: At{pos}, Body: p.parseArg()}
	}
	return nil
}

// MoveKind restricts a legal or pseudolegal move filter to one kind of move
// (the manual's targets o-o, o-o-o, castle, enpassant).
type MoveKind uint8

const (
	AnyMoveKind MoveKind = iota
	KindOO
	KindOOO
	KindCastle
	KindEnPassant
)

var moveKindNames = [...]string{"", "o-o", "o-o-o", "castle", "enpassant"}

// Legal is CQL 6.2's `legal D` or `pseudolegal D`, D a -- filter with no
// target or one of o-o, o-o-o, castle, enpassant: the set of destination
// squares of the legal (or pseudolegal) moves of the current position,
// played or not, that fit D (CQL 9.493's MoveLegalNode built by
// match_legal_dash returns its to-squares), so it matches when one fits and
// `legal -- == 3` counts the squares.
type Legal struct {
	At
	Pseudo bool
	Move   *Dash
	Kind   MoveKind
}

// Type is a set.
func (*Legal) Type() Type { return TypeSet }
func (*Legal) node()      {}

func (p *parser) parseLegal(pseudo bool) Node {
	pos := p.tok.pos
	word := p.tok.text
	p.next()
	x := p.parseDashLevel() // CQL: match_mulop_x, so legal b|q-- is legal (b|q)--
	d, ok := x.(*Dash)
	if !ok {
		p.errorf(x.Pos(), "'%s' takes a move filter written with -- or × (like %s K--g1 or %s --(o-o))", word, word, word)
	}
	if d.Capture {
		p.errorf(d.Pos(), "'%s' takes a -- filter: CQL does not support %s with the capturing move filters × and [x]", word, word)
	}
	if d.Promote != 0 || d.PromoteBy != nil {
		p.errorf(d.Pos(), "'%s' takes a -- filter without a promotion: CQL allows no '=' there (its only targets are o-o, o-o-o, castle and enpassant)", word)
	}
	n := &Legal{At: At{pos}, Pseudo: pseudo, Move: d}
	if d.Target != nil {
		m, isMove := d.Target.(*Move)
		switch {
		case isMove && m.Select == MovePrevious && m.OO:
			n.Kind = KindOO
		case isMove && m.Select == MovePrevious && m.OOO:
			n.Kind = KindOOO
		case isMove && m.Select == MovePrevious && m.Castle:
			n.Kind = KindCastle
		case isMove && m.Select == MovePrevious && m.EnPassant:
			n.Kind = KindEnPassant
		default:
			p.errorf(d.Target.Pos(), "the target of a move filter after '%s' must be o-o, o-o-o, castle or enpassant", word)
		}
		d.Target = nil
	}
	return n
}

// CountMoves is CQL 6.2's `countmoves D` (D a -- or × filter: how many moves
// played from the current position fit D, its target included) or
// `countmoves legal D` / `countmoves pseudolegal D` (how many legal moves fit;
// CQL 9.493's MoveLegalNode counts destination squares per origin, so the
// four promotions of one pawn to one square count once). Exactly one of
// Move and Legal is set. Numeric; it always matches, with 0 when nothing fits.
type CountMoves struct {
	At
	Move  *Dash
	Legal *Legal
}

// Type is numeric.
func (*CountMoves) Type() Type { return TypeNumber }
func (*CountMoves) node()      {}

// parseCountMoves parses `countmoves` and its argument, which binds as
// tightly as any other prefix filter's (CQL parses it at multiplication
// operand level, so countmoves -- == 3 compares the count).
func (p *parser) parseCountMoves() Node {
	pos := p.tok.pos
	p.next()
	x := p.parseDashLevel() // CQL: match_mulop_x
	switch x := x.(type) {
	case *Dash:
		return &CountMoves{At: At{pos}, Move: x}
	case *Legal:
		return &CountMoves{At: At{pos}, Legal: x}
	}
	p.errorf(x.Pos(), "'countmoves' takes a move filter written with -- or ×, or legal/pseudolegal and one (like countmoves R-- or countmoves legal --)")
	return &NumberLit{At: At{pos}}
}
