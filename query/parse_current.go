package query

// CQL 6.2's current-move filters: the standalone enpassant, castle, o-o,
// o-o-o and nullmove (gadycosteff.com/cql/currentmove.html: each asks about
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
	prev := func() *Move { return &Move{At: At{pos}, Select: MovePrevious} }
	switch w {
	case "enpassant":
		p.next()
		m := prev()
		m.EnPassant = true
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
		x := p.parseArg()
		d, ok := x.(*Dash)
		if !ok {
			p.errorf(x.Pos(), "'currentmove' takes a move filter written with -- or × (like currentmove R--e4)")
			return &BoolLit{At: At{pos}}
		}
		return &CurrentMove{At: At{pos}, Move: d}
	case "path":
		return p.parsePath()
	case "loop":
		p.next()
		return &Loop{At: At{pos}, Body: p.parseArg()}
	}
	return nil
}
