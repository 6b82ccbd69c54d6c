package filter

import (
	"slices"

	"github.com/cqlgo/cql/chess"
)

// speculate is CQLi's speculative move filter (`move legal ... : F`): for each
// move of l that matches the parameters, F is evaluated at the position after
// it, a copy of the current one; the moves after which F matched are the
// filter's. F is made of filters of the position alone (compile.go checks),
// so only e.pos changes; the caches of the current node (legal and
// pseudolegal moves, attack sets) are dropped before and after, as they are
// the real position's.
func (n *moveNode) speculate(e *Evaluator, l *chess.MoveList, initial bool, fromSet, toSet, capSet chess.Bitboard) moveAcc {
	var acc moveAcc
	moves := slices.Clone(l.Moves()) // the target may generate the imagined position's moves into l
	real := e.pos
	defer func() {
		e.pos = real
		e.legalAt, e.pseudoAt, e.atkAt = -2, -2, -2
	}()
	for _, m := range moves {
		if n.underpromotionAlias(m) || initial && m.IsEnPassant() {
			continue
		}
		var one moveAcc
		n.test(e, real, m, fromSet, toSet, capSet, &one)
		if one.n == 0 {
			continue
		}
		acc.considered++
		img := *real
		img.Play(m)
		e.pos = &img
		e.legalAt, e.pseudoAt, e.atkAt = -2, -2, -2
		e.imag = append(e.imag, imagFrame{move: m, from: real})
		ok := n.target.match(e)
		e.imag = e.imag[:len(e.imag)-1]
		e.pos = real
		e.legalAt, e.pseudoAt, e.atkAt = -2, -2, -2
		if e.err != nil {
			return acc
		}
		if !ok {
			acc.allFailed = true
			continue
		}
		acc.n += one.n
		acc.from |= one.from
		acc.to |= one.to
		acc.captured |= one.captured
	}
	return acc
}
