package filter

import (
	"fmt"
	"strings"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// all is the set of all 64 squares.
const all = ^chess.Bitboard(0)

// ---- logical filters ----

type constBool bool

func (c constBool) match(*Evaluator) bool { return bool(c) }

type notNode struct{ a node }

func (n notNode) match(e *Evaluator) bool { return !n.a.match(e) }

type andNode struct{ a, b node }

func (n andNode) match(e *Evaluator) bool { return n.a.match(e) && n.b.match(e) }

type orNode struct{ a, b node }

func (n orNode) match(e *Evaluator) bool { return n.a.match(e) || n.b.match(e) }

// seqNode is `{ f g h }` (and the program body): it matches when every
// filter matches, evaluated in order; its value is the last one's.
// With smart set it drops the comments made inside when it fails
// (compound_comments.go).
type seqNode struct {
	items []node
	smart bool
}

func (n *seqNode) match(e *Evaluator) bool {
	mark := len(e.pending)
	for _, it := range n.items {
		if !it.match(e) {
			if n.smart {
				e.dropComments(mark)
			}
			return false
		}
	}
	return true
}

// prefixMatch evaluates all but the last item.
func (n *seqNode) prefixMatch(e *Evaluator) bool {
	mark := len(e.pending)
	for _, it := range n.items[:len(n.items)-1] {
		if !it.match(e) {
			if n.smart {
				e.dropComments(mark)
			}
			return false
		}
	}
	return true
}

// seqSet is a compound whose last filter is a set filter.
type seqSet struct {
	seqNode
	last setNode
}

// set is the last filter's set when the others match. As a set (not a
// filter) CQL's compound keeps the comments made in it even when a filter
// before the last fails (CompoundNode::getSquares restores nothing).
func (n *seqSet) set(e *Evaluator) chess.Bitboard {
	for _, it := range n.items[:len(n.items)-1] {
		if !it.match(e) {
			return 0
		}
	}
	return n.last.set(e)
}

// match is seqNode's: as a filter each filter matches as a filter, the last
// one too (CompoundNode::match_position), so a transform there drops the
// comments of its copies that fail, where its set would keep them.
func (n *seqSet) match(e *Evaluator) bool { return n.seqNode.match(e) }

// seqNum is a compound whose last filter is numeric.
type seqNum struct {
	seqNode
	last numNode
}

func (n *seqNum) num(e *Evaluator) (int, bool) {
	mark := len(e.pending)
	if !n.prefixMatch(e) {
		return 0, false
	}
	v, ok := n.last.num(e)
	if !ok && n.smart {
		e.dropComments(mark)
	}
	return v, ok
}

// A compound matches when each of its filters matches, the last one too,
// as CQL's CompoundNode::match_position: seqNode.match. (A numeric filter may
// match without a value, e.g. hhdb prize on a special prize.)

// seqPos is a compound whose last filter is a position: `{x = 1
// currentposition}` is the current position (CQL's compound has its last
// filter's value whatever its type).
type seqPos struct {
	seqNode
	last posNode
}

func (n *seqPos) position(e *Evaluator) (int32, bool) {
	mark := len(e.pending)
	if !n.prefixMatch(e) {
		return -1, false
	}
	v, ok := n.last.position(e)
	if !ok && n.smart {
		e.dropComments(mark)
	}
	return v, ok
}

// seqStr is a compound whose last filter is a string.
type seqStr struct {
	seqNode
	last strNode
}

func (n *seqStr) str(e *Evaluator) (string, bool) {
	mark := len(e.pending)
	if !n.prefixMatch(e) {
		return "", false
	}
	v, ok := n.last.str(e)
	if !ok && n.smart {
		e.dropComments(mark)
	}
	return v, ok
}

// match is seqNode's: as a filter the last one matches as a filter too
// (CompoundNode::match_position), so {check uppercase "Qx"} never matches,
// uppercase being no position filter (CaseConvertNode::match_position).
func (n *seqStr) match(e *Evaluator) bool { return n.seqNode.match(e) }

// ifNode is `if T then A else B`; without else it matches when T fails.
type ifNode struct {
	test, then, els node // els may be nil
}

func (n *ifNode) match(e *Evaluator) bool {
	if n.test.match(e) {
		return n.then.match(e)
	}
	if n.els == nil {
		return true
	}
	return n.els.match(e)
}

// ifSet is an if whose branches are both set filters.
type ifSet struct {
	test      node
	then, els setNode
}

func (n *ifSet) set(e *Evaluator) chess.Bitboard {
	if n.test.match(e) {
		return n.then.set(e)
	}
	return n.els.set(e)
}
func (n *ifSet) match(e *Evaluator) bool { return n.set(e) != 0 }

// ifNum is an if whose branches are both numeric.
type ifNum struct {
	test      node
	then, els numNode
}

func (n *ifNum) num(e *Evaluator) (int, bool) {
	if n.test.match(e) {
		return n.then.num(e)
	}
	return n.els.num(e)
}
func (n *ifNum) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// ---- sets ----

// constSet is a fixed set of squares: `.`, `a1-8`, `[a1,h1]`.
type constSet chess.Bitboard

func (c constSet) set(*Evaluator) chess.Bitboard { return chess.Bitboard(c) }
func (c constSet) match(*Evaluator) bool         { return c != 0 }

// pieceSet is a piece designator: the squares of squares holding one of the
// pieces (empty squares too when empty is set).
type pieceSet struct {
	pieces  []chess.Piece
	empty   bool
	squares chess.Bitboard
}

func (p *pieceSet) set(e *Evaluator) chess.Bitboard {
	var b chess.Bitboard
	for _, pc := range p.pieces {
		b |= e.pos.Pieces(pc.Color(), pc.Type())
	}
	if p.empty {
		b |= ^e.pos.Occupied()
	}
	return b & p.squares
}
func (p *pieceSet) match(e *Evaluator) bool { return p.set(e) != 0 }

// colorSet is `A` or `a` (all pieces of one colour) on squares.
type colorSet struct {
	color   chess.Color
	squares chess.Bitboard
}

func (c *colorSet) set(e *Evaluator) chess.Bitboard { return e.pos.ByColor(c.color) & c.squares }
func (c *colorSet) match(e *Evaluator) bool         { return c.set(e) != 0 }

type unionNode struct{ a, b setNode }

func (n unionNode) set(e *Evaluator) chess.Bitboard { return n.a.set(e) | n.b.set(e) }
func (n unionNode) match(e *Evaluator) bool         { return n.set(e) != 0 }

type interNode struct{ a, b setNode }

func (n interNode) set(e *Evaluator) chess.Bitboard {
	a := n.a.set(e)
	if a == 0 {
		return 0
	}
	return a & n.b.set(e)
}
func (n interNode) match(e *Evaluator) bool { return n.set(e) != 0 }

type complementNode struct{ a setNode }

func (n complementNode) set(e *Evaluator) chess.Bitboard { return ^n.a.set(e) }
func (n complementNode) match(e *Evaluator) bool         { return n.set(e) != 0 }

// inNode is `X in Y`: every square of X is in Y.
type inNode struct{ a, b setNode }

func (n inNode) match(e *Evaluator) bool { return n.a.set(e)&^n.b.set(e) == 0 }

// attacksNode is `X attacks Y`: the squares of X holding a piece that
// attacks some square of Y (pins ignored, own pieces' squares included).
type attacksNode struct{ a, b setNode }

func (n attacksNode) set(e *Evaluator) chess.Bitboard {
	x := n.a.set(e) & e.pos.Occupied()
	if x == 0 {
		return 0
	}
	y := n.b.set(e)
	if y == 0 {
		return 0
	}
	return attacking(e, x, y)
}
func (n attacksNode) match(e *Evaluator) bool { return n.set(e) != 0 }

// attacking returns the squares of x (occupied) whose piece attacks a square
// of y. It walks whichever side is cheaper: one attack lookup per piece of
// x, or about three per target square of y.
func attacking(e *Evaluator, x, y chess.Bitboard) chess.Bitboard {
	pos := e.pos
	var r chess.Bitboard
	if 3*y.Count() < x.Count() {
		occ := pos.Occupied()
		for y != 0 {
			r |= pos.AttackersTo(y.PopFirst(), occ)
		}
		return r & x
	}
	for x != 0 {
		s := x.PopFirst()
		pc := pos.PieceAt(s)
		// The empty-board attacks rule most pieces out without a slider lookup.
		if chess.EmptyBoardAttacks(pc.Color(), pc.Type(), s)&y != 0 && e.attacksFrom(s)&y != 0 {
			r |= chess.SquareBB(s)
		}
	}
	return r
}

// attackedByNode is `X attackedby Y`: the squares of X attacked by a piece
// on a square of Y.
type attackedByNode struct{ a, b setNode }

func (n attackedByNode) set(e *Evaluator) chess.Bitboard {
	x := n.a.set(e)
	if x == 0 {
		return 0
	}
	return attackedBy(e, x, n.b.set(e))
}
func (n attackedByNode) match(e *Evaluator) bool { return n.set(e) != 0 }

// attackedBy returns the squares of x attacked by a piece on a square of y,
// walking the cheaper side as attacking does.
func attackedBy(e *Evaluator, x, y chess.Bitboard) chess.Bitboard {
	pos := e.pos
	occ := pos.Occupied()
	y &= occ
	if y == 0 || x == 0 {
		return 0
	}
	if 3*x.Count() < y.Count() {
		var r chess.Bitboard
		for b := x; b != 0; {
			t := b.PopFirst()
			if pos.AttackersTo(t, occ)&y != 0 {
				r |= chess.SquareBB(t)
			}
		}
		return r
	}
	// Pawns by shifting them all at once; the other pieces one by one, the empty-board
	// attacks ruling most of them out without a slider lookup.
	var r chess.Bitboard
	pawns := y & pos.ByType(chess.Pawn)
	if p := pawns & pos.ByColor(chess.White); p != 0 {
		r |= chess.PawnSetAttacks(chess.White, p)
	}
	if p := pawns & pos.ByColor(chess.Black); p != 0 {
		r |= chess.PawnSetAttacks(chess.Black, p)
	}
	for b := y &^ pawns; b != 0; {
		s := b.PopFirst()
		if pc := pos.PieceAt(s); chess.EmptyBoardAttacks(pc.Color(), pc.Type(), s)&x != 0 {
			r |= e.attacksFrom(s)
		}
	}
	return r & x
}

// ---- numbers ----

type constNum int

func (c constNum) num(*Evaluator) (int, bool) { return int(c), true }
func (constNum) match(*Evaluator) bool        { return true }

// matchedNumber is a number literal or number variable where a filter is
// matched (check 3, x = 2 x). CQL 9.493 stops the run when it evaluates one
// there (numbernode.cpp, numericvariable.cpp), so does the evaluator; its
// value is the number's, where a value is asked.
type matchedNumber struct {
	numNode
	at       query.Pos
	text     string
	variable bool
}

func (n matchedNumber) match(e *Evaluator) bool {
	if n.variable {
		e.fail(n.at, "the number variable %s stands where a filter is matched: CQL stops when it evaluates one as a position filter (\"attempt to match position of a filter consisting of a single numeric variable\"); compare it to test its value, like %s > 0", n.text, n.text)
	} else {
		e.fail(n.at, "the number %s stands where a filter is matched: CQL stops when it evaluates a number as a position filter (\"An attempt to match a position against the number: %s\"); compare it to test a value, like x == %s", n.text, n.text, n.text)
	}
	return false
}

// matchedValue is a filter CQL 9.493 evaluates only for its value, where a
// filter is matched (abs 3, max(#R #Q), black, "text", a string variable,
// currenttransform, sqrt 4, str(ply), fen, lca(x y); query.MatchedNumberNodes): CQL stops the run when it gets there, so does
// the evaluator; its value is kept where one is asked.
type matchedValue struct {
	node
	at  query.Pos
	msg string
}

func (m matchedValue) match(e *Evaluator) bool { e.fail(m.at, "%s", m.msg); return false }

type matchedNumValue struct {
	numNode
	at  query.Pos
	msg string
}

func (m matchedNumValue) match(e *Evaluator) bool { e.fail(m.at, "%s", m.msg); return false }

type matchedStrValue struct {
	strNode
	at  query.Pos
	msg string
}

func (m matchedStrValue) match(e *Evaluator) bool { e.fail(m.at, "%s", m.msg); return false }

// matchedValueNode wraps x, compiled from n, as a matched value.
func matchedValueNode(x node, n query.Node) node {
	what, cql := "this filter", ""
	switch n := n.(type) {
	case *query.Unary:
		what, cql = "abs", "Attempt to match an absolute value node"
		if n.Op == query.OpCount {
			what, cql = "#"+n.X.(*query.Var).Name, "Attempt to count the elements of a dictionary, but the value is never used"
		}
	case *query.Geo:
		what, cql = n.Kind.String(), "Attempt to match an absolute value node (which may have arisen from a 'type' filter)"
		switch n.Kind {
		case query.GeoSqrt:
			cql = "Attempt to match an sqrt value node"
		case query.GeoTypeName, query.GeoPieceName:
			cql = n.Kind.String() + " unexpectedly invoked for whether it matches"
		}
	case *query.Binary:
		what, cql = "a string concatenation", "Possible unwanted concatenation of two strings using '+'"
	case *query.Player:
		what, cql = "player (player white + player black)", "Possible unwanted concatenation of two strings using '+'"
	case *query.Builtin:
		what, cql = n.Name, "attempt to use 'str ...' but the string value it returns is ignored"
		if n.Name == "lastgamenumber" {
			cql = "'lastgamenumber' invoked in a context where it is used for whether it matches"
		}
		if query.IsHHdbStopWord(n) {
			what = "hhdb " + n.Args[0].(*query.StringLit).Value
			cql = "attempt to match position of a filter consisting of a single string variable"
			if n.Args[0].(*query.StringLit).Value == "search" {
				cql = "An attempt to concatenation two string using '+' was made, but the value of the new string would be discarded"
			}
		}
	case *query.Tree:
		what, cql = n.Kind.String(), "attempt to match position of "+n.Kind.String()+" filter"
		if n.Kind == query.TreePositionID {
			cql = "positionindex is asked if it matches a position"
		}
	case *query.MinMax:
		what, cql = n.Op.String(), "Attempt to match a position for filter of max or min filter"
	case *query.StringLit:
		what, cql = fmt.Sprintf("the string %q", n.Value), "Attempt to match the position to a string literal"
	case *query.Var:
		what, cql = "the string variable "+n.Name, "attempt to match position of a filter consisting of a single string var"
		if n.Type() == query.TypePosition {
			what, cql = "the position variable "+n.Name, "an attempt to match a position when filter is a position variable"
		}
	case *query.Keyword:
		what = n.Kind.String()
		switch n.Kind {
		case query.KwCurrentTransform:
			cql = "attempt to use 'currenttransform' for whether it matches rather than its string value"
		case query.KwSideToMove:
			cql = "unexpected call to tomove here"
		case query.KwFen:
			cql = "attempt to determine if 'currentfen' matches the current position"
		default:
			cql = "unexpected call to match_position on colorvaluenode"
		}
	}
	msg := fmt.Sprintf("%s stands where a filter is matched: CQL stops when it evaluates it as a position filter (%q); compare its value instead", what, cql)
	switch x := x.(type) {
	case numNode:
		return matchedNumValue{x, n.Pos(), msg}
	case strNode:
		return matchedStrValue{x, n.Pos(), msg}
	}
	return matchedValue{x, n.Pos(), msg}
}

// countNode is a set used as a number (`#X`, or X where a number is wanted).
type countNode struct{ a setNode }

func (n countNode) num(e *Evaluator) (int, bool) { return n.a.set(e).Count(), true }
func (countNode) match(*Evaluator) bool          { return true }

// powerNode is `power X`: the material on X (P=1, N=B=3, R=5, Q=9, K=0).
type powerNode struct{ a setNode }

func (n powerNode) num(e *Evaluator) (int, bool) { return power(e.pos, n.a.set(e)), true }
func (powerNode) match(*Evaluator) bool          { return true }

func power(pos *chess.Position, s chess.Bitboard) int {
	if s == 0 {
		return 0
	}
	return (pos.ByType(chess.Pawn) & s).Count() +
		3*((pos.ByType(chess.Knight)|pos.ByType(chess.Bishop))&s).Count() +
		5*(pos.ByType(chess.Rook)&s).Count() +
		9*(pos.ByType(chess.Queen)&s).Count()
}

// powerOfColor is `power A` or `power a`: the material of one side.
type powerOfColor chess.Color

func (c powerOfColor) num(e *Evaluator) (int, bool) {
	return power(e.pos, e.pos.ByColor(chess.Color(c))), true
}
func (powerOfColor) match(*Evaluator) bool { return true }

// addConst is `X + k` or `X - k` for a constant k.
type addConst struct {
	a  numNode
	op arithOp // opAdd or opSub
	k  int
	at query.Pos
}

func (n *addConst) num(e *Evaluator) (int, bool) {
	v, ok := n.a.num(e)
	if !ok {
		return 0, false
	}
	return arith(e, n.op, v, n.k, n.at)
}
func (n *addConst) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

type arithOp uint8

const (
	opAdd arithOp = iota
	opSub
	opMul
	opDiv
	opMod
)

// arithNode is `a op b`; division or remainder by zero does not match, and
// an overflow stops the run (see arith).
type arithNode struct {
	op   arithOp
	a, b numNode
	at   query.Pos
}

func (n *arithNode) num(e *Evaluator) (int, bool) {
	x, ok := n.a.num(e)
	if !ok {
		return 0, false
	}
	y, ok := n.b.num(e)
	if !ok {
		return 0, false
	}
	return arith(e, n.op, x, y, n.at)
}
func (n *arithNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

type negNode struct {
	a  numNode
	at query.Pos
}

func (n *negNode) num(e *Evaluator) (int, bool) {
	v, ok := n.a.num(e)
	if !ok {
		return 0, false
	}
	return negate(e, v, n.at)
}
func (n *negNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

type absNode struct {
	a  numNode
	at query.Pos
}

func (n *absNode) num(e *Evaluator) (int, bool) {
	v, ok := n.a.num(e)
	if !ok || v >= 0 {
		return v, ok
	}
	return negate(e, v, n.at)
}
func (n *absNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// minMaxNode is `max(a b ...)` or `min(a b ...)`; arguments without a value
// are skipped, and it matches when at least one has a value. With smart
// comments only the best arguments' comments stay (extremal).
type minMaxNode struct {
	max   bool
	smart bool
	args  []numNode
}

func (n *minMaxNode) num(e *Evaluator) (int, bool) {
	return extremal(e, n.args, n.max, n.smart)
}
func (n *minMaxNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// ---- comparisons ----

type cmpOp uint8

const (
	cmpEQ cmpOp = iota
	cmpNE
	cmpLT
	cmpLE
	cmpGT
	cmpGE
)

func (op cmpOp) holds(x, y int) bool {
	switch op {
	case cmpEQ:
		return x == y
	case cmpNE:
		return x != y
	case cmpLT:
		return x < y
	case cmpLE:
		return x <= y
	case cmpGT:
		return x > y
	default:
		return x >= y
	}
}

// cmpChain is `a op1 b op2 c ...` on numbers: every link must hold. Its value
// is the value of the first operand.
type cmpChain struct {
	ops   []cmpOp
	args  []numNode // len(ops)+1
	smart bool      // a failing comparison drops the comments made (relationalnode.cpp)
}

func (n *cmpChain) num(e *Evaluator) (int, bool) {
	mark := len(e.pending)
	first, ok := n.args[0].num(e)
	x := first
	for i := 0; ok && i < len(n.ops); i++ {
		var y int
		y, ok = n.args[i+1].num(e)
		ok = ok && n.ops[i].holds(x, y)
		x = y
	}
	if !ok {
		if n.smart {
			e.dropComments(mark)
		}
		return 0, false
	}
	return first, true
}
func (n *cmpChain) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// cmpPair is a comparison of two numbers, the usual chain.
type cmpPair struct {
	op    cmpOp
	smart bool // a failing comparison drops the comments made (relationalnode.cpp)
	a, b  numNode
}

func (n *cmpPair) num(e *Evaluator) (int, bool) {
	mark := len(e.pending)
	x, ok := n.a.num(e)
	if ok {
		var y int
		y, ok = n.b.num(e)
		ok = ok && n.op.holds(x, y)
	}
	if !ok {
		if n.smart {
			e.dropComments(mark)
		}
		return 0, false
	}
	return x, true
}
func (n *cmpPair) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// setEqNode is `X == Y` or `X != Y` between two sets: set (in)equality.
// With smart comments `==` drops the comments made when the sets differ
// (equalitynode.cpp) and `!=`, CQL's not of an equality, always drops them.
type setEqNode struct {
	a, b  setNode
	ne    bool
	smart bool
}

func (n *setEqNode) match(e *Evaluator) bool {
	mark := len(e.pending)
	ok := (n.a.set(e) == n.b.set(e)) != n.ne
	if n.smart && (n.ne || !ok) {
		e.dropComments(mark)
	}
	return ok
}

// strCmpNode compares two strings. Like CQL's RelationalNode of strings it
// has a string value: the left one, when the comparison holds (so
// `comment "q" == "q"` writes q and `sort "t" player == "w"` sorts by it).
type strCmpNode struct {
	op    cmpOp
	smart bool // a failing comparison drops the comments made (relationalnode.cpp)
	a, b  strNode
}

func (n *strCmpNode) str(e *Evaluator) (string, bool) {
	mark := len(e.pending)
	x, ok := n.a.str(e)
	if ok {
		var y string
		y, ok = n.b.str(e)
		ok = ok && n.op.holds(strings.Compare(x, y), 0)
	}
	if !ok {
		if n.smart {
			e.dropComments(mark)
		}
		return "", false
	}
	return x, true
}

func (n *strCmpNode) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

type constStr string

func (c constStr) str(*Evaluator) (string, bool) { return string(c), true }
func (constStr) match(*Evaluator) bool           { return true }

// ---- position state ----

type checkNode struct{}

func (checkNode) match(e *Evaluator) bool { return e.pos.InCheck() }

type mateNode struct{}

func (mateNode) match(e *Evaluator) bool { return e.pos.InCheck() && !e.hasLegalMove() }

type stalemateNode struct{}

func (stalemateNode) match(e *Evaluator) bool { return !e.pos.InCheck() && !e.hasLegalMove() }

// hasLegalMove uses the cached move list when there is one.
func (e *Evaluator) hasLegalMove() bool {
	if e.legalAt == e.cur {
		return e.legal.Len() > 0
	}
	return e.pos.HasLegalMove()
}

// toMoveNode is `wtm` / `btm`.
type toMoveNode chess.Color

func (c toMoveNode) match(e *Evaluator) bool { return e.pos.SideToMove() == chess.Color(c) }

// sideToMoveNode is `sidetomove`: 1 when White is to move, -1 for Black
// (the values of the constants `white` and `black`).
type sideToMoveNode struct{}

func (sideToMoveNode) num(e *Evaluator) (int, bool) {
	if e.pos.SideToMove() == chess.White {
		return 1, true
	}
	return -1, true
}
func (sideToMoveNode) match(*Evaluator) bool { return true }
