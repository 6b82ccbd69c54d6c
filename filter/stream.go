package filter

import (
	"slices"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// A position-local query reads the current position and nothing else: not the game tree
// (moves, ply, parents, variations), not the tags, no variable but the loop variables of
// its square iterations, and it has no effect (no comment, message, assignment, sort or
// failure). Its answer at a position depends on the position alone, so a replay may play
// a game's moves into one position in place and ask at each step (MatchPosition) instead
// of building a game tree and calling Game: an index replaying every game for a count
// then saves the copy and linking of a node per move.

// PositionLocal reports whether the query's body is position-local (see above), so that
// its main-line matches may be counted with BeginPositions and MatchPosition.
func (q *Query) PositionLocal() bool { return q.positionLocal }

// positionLocal reports whether n is built only of filters that read the current
// position, and of the loop variables in loopVars. It is a whitelist: a construct it does
// not know is not position-local.
func positionLocal(n query.Node, loopVars []*query.Symbol) bool {
	switch n := n.(type) {
	case *query.PieceDesignator, *query.NumberLit, *query.BoolLit:
		return true
	case *query.Block:
		for _, f := range n.Filters {
			if !positionLocal(f, loopVars) {
				return false
			}
		}
		return true
	case *query.Unary:
		switch n.Op {
		case query.OpNot, query.OpComplement, query.OpCount, query.OpPower:
			return positionLocal(n.X, loopVars)
		}
		return false // -, abs: may overflow, which is a failure
	case *query.Binary:
		switch n.Op {
		case query.OpAnd, query.OpOr, query.OpInter, query.OpUnion, query.OpIn, query.OpAttacks, query.OpAttackedBy:
			return positionLocal(n.X, loopVars) && positionLocal(n.Y, loopVars)
		}
		return false // arithmetic may overflow; assignments have effects
	case *query.Compare:
		for _, o := range n.Operands {
			if !positionLocal(o, loopVars) {
				return false
			}
		}
		return true
	case *query.Keyword:
		switch n.Kind {
		case query.KwCheck, query.KwMate, query.KwStalemate, query.KwWtm, query.KwBtm,
			query.KwSideToMove, query.KwWhite, query.KwBlack,
			query.KwHalfmoveClock, query.KwCurrentFen, query.KwZobristKey, query.KwLegalPosition, query.KwReachablePosition:
			return true
		}
		return false // ply, initial, terminal, tags ...: the game, not the position
	case *query.Square:
		// square x in S body: x holds one square. piece x needs piece identities.
		if n.Piece || n.Var == nil || !positionLocal(n.In, loopVars) {
			return false
		}
		return positionLocal(n.Body, append(slices.Clip(loopVars), n.Var))
	case *query.Var:
		return n.Sym != nil && slices.Contains(loopVars, n.Sym)
	case *query.Builtin:
		switch n.Name {
		case "currentmutation":
			return true
		case "imagine": // CQLi's: its target at a changed copy of the position
			return positionLocal(n.Args[len(n.Args)-1], loopVars)
		}
	}
	return false
}

// BeginPositions starts a game of a position-local query (PositionLocal) whose positions
// the caller makes in place at g.Nodes[0] (g has that one node), calling MatchPosition at
// each. Nothing of g but that position is read.
func (e *Evaluator) BeginPositions(g *pgn.Game) {
	e.matches = e.matches[:0]
	e.pending = e.pending[:0]
	e.messages = e.messages[:0]
	e.err = nil
	e.startGame(g)
	e.at(0)
}

// MatchPosition evaluates the body at g.Nodes[0] as it is now (see BeginPositions): the
// caches of the previous position (attacks, legal moves) are dropped first.
func (e *Evaluator) MatchPosition() bool {
	e.legalAt, e.pseudoAt, e.atkAt = -1, -1, -1
	if e.q.matGuard != nil && !e.q.matGuard.holds(e.pos) {
		return false // the body fails at a filter of its guard (guard.go)
	}
	return e.q.body.match(e)
}

// EndPositions ends the game begun by BeginPositions.
func (e *Evaluator) EndPositions() {
	e.g = nil
	e.pos = nil
}
