package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/query"
)

// varDirNode is a direction filter whose range has a number variable as a
// bound (`up DeltaRank S`, CQL's chameleon example). CQL reads the bounds
// each time the filter is evaluated (Range::getMin/getMax) and stops with
// an error when a bound is unbound, past -7..7, or the minimum exceeds the
// maximum (DirectionParameter::neighborhood); the squares are those of the
// constant form with the bounds read then.
type varDirNode struct {
	at   query.Pos
	name string
	dirs []pattern.Dir
	rng  rangeBounds
	a    setNode
}

func (c *compiler) varDirNode(n *query.Dir, a setNode) (*varDirNode, error) {
	rng, err := c.rangeBounds(&n.Range)
	if err != nil {
		return nil, err
	}
	return &varDirNode{at: n.Pos(), name: n.Dir.String(), dirs: patternDirs(n.Dir), rng: rng, a: a}, nil
}

func (n *varDirNode) set(e *Evaluator) chess.Bitboard {
	lo, hi, ok := n.rng.bounds(e)
	if !ok {
		return 0
	}
	if lo < -7 || hi > 7 || lo > hi {
		e.fail(n.at, "the range %d %d of %s is invalid: each bound lies within -7 and 7 and the first is at most the second", lo, hi, n.name)
		return 0
	}
	from := uint64(n.a.set(e))
	var out uint64
	if lo <= 0 && hi >= 0 {
		out = from
	}
	for _, d := range n.dirs {
		out |= steps(from, d, lo, hi)
		out |= steps(from, oppositeDir[d], -hi, -lo)
	}
	return chess.Bitboard(out)
}

// steps is every square reached from a square of from by lo to hi steps
// (only those of at least 1 count) in direction d.
func steps(from uint64, d pattern.Dir, lo, hi int) uint64 {
	var out uint64
	x := from
	for i := 1; i <= hi && x != 0; i++ {
		x = pattern.Shift64(x, d)
		if i >= lo {
			out |= x
		}
	}
	return out
}

func (n *varDirNode) match(e *Evaluator) bool { return n.set(e) != 0 }
