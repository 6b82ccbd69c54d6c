package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// dashNode is CQL 6.2's F--G and F×G outside a path: some move played from
// the current position (a visited child) goes from a square of F to a square
// of G (both evaluated here; a castling move goes to the king's square), is a
// capture for ×, promotes as asked, and the target filter matches in the
// position after it. Null moves never match.
type dashNode struct {
	from, to setNode // nil: any square
	capture  bool
	promote  uint8 // bit t: promotion to piece type t; 0: no constraint
	target   node  // nil: none
}

func (n *dashNode) match(e *Evaluator) bool {
	fromSet, toSet := all, all
	if n.from != nil {
		fromSet = n.from.set(e)
	}
	if n.to != nil {
		toSet = n.to.set(e)
	}
	save := e.cur
	nodes := e.g.Nodes
	pos := e.pos
	for c := nodes[save].FirstChild; c >= 0; c = nodes[c].NextSibling {
		if !e.visible(c) {
			continue
		}
		m := nodes[c].Move
		if m == chess.NoMove || m.IsNull() {
			continue
		}
		to := m.To()
		if m.IsCastle() {
			to = m.KingTo()
		}
		if !fromSet.Has(m.From()) || !toSet.Has(to) {
			continue
		}
		if n.capture && !m.IsEnPassant() && (m.IsCastle() || !pos.Occupied().Has(to)) {
			continue
		}
		if n.promote != 0 && n.promote&(1<<m.Promotion()) == 0 {
			continue
		}
		if n.target != nil {
			e.at(c)
			ok := n.target.match(e)
			e.at(save)
			if !ok {
				continue
			}
		}
		return true
	}
	return false
}

func (c *compiler) dash(n *query.Dash) (node, error) {
	d := &dashNode{capture: n.Capture}
	var err error
	if n.From != nil {
		if d.from, err = c.set(n.From); err != nil {
			return nil, err
		}
	}
	if n.To != nil {
		if d.to, err = c.set(n.To); err != nil {
			return nil, err
		}
	}
	if n.Target != nil {
		if d.target, err = c.compile(n.Target); err != nil {
			return nil, err
		}
	}
	for k := query.WhiteKing; k < query.Empty; k++ {
		if n.Promote.Has(k) {
			d.promote |= 1 << chessPiece(k).Type()
		}
	}
	return d, nil
}
