package filter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// containsNode is `"x" in S` on strings, also the implicit search
// (`event "Baden"`, `tag "X" "y"`): S has a value containing x.
type containsNode struct{ sub, in strNode }

func (n *containsNode) match(e *Evaluator) bool {
	x, ok := n.sub.str(e)
	if !ok {
		return false
	}
	s, ok := n.in.str(e)
	return ok && strings.Contains(s, x)
}

// playerStr is `player white` / `player black` / `player` as a string.
type playerStr struct{ fields []infoField }

func (n *playerStr) str(e *Evaluator) (string, bool) {
	for _, f := range n.fields {
		if s := e.info.field(f); s != "" {
			return s, true
		}
	}
	return "", false
}
func (n *playerStr) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// playersStr is plain `player`: White, then a backslash and an n (CQL builds it as CQL text
// with the quoted "\n", two characters: #player is 25 for "Smith, John" and "Van der
// Berg" in CQL 9.493), then Black. It allocates, once per use.
type playersStr struct{}

func (playersStr) str(e *Evaluator) (string, bool) {
	w, b := e.info.field(fieldWhite), e.info.field(fieldBlack)
	if w == "" || b == "" {
		return "", false // CQL's + of two strings has no value when one has none
	}
	return w + `\n` + b, true
}
func (playersStr) match(e *Evaluator) bool { _, ok := playersStr{}.str(e); return ok }

// fenNode is `fen`, the current position as CQL 9.493 writes it
// (currentfen.cpp): castling rights from the board alone, kept where the
// king and the rook stand on their squares here and in every position
// before (a FEN tag's rights are not read), the en passant square after
// every double pawn step, and the counters always "0 1". It allocates; it is
// meant for comments and string comparisons, not for hot loops.
type fenNode struct{}

func (fenNode) str(e *Evaluator) (string, bool) { return cqlFEN(e.g.Nodes, e.cur), true }

// castlings are the castling letters of a FEN with the squares of the king
// and the rook that keep them.
var castlings = [4]struct {
	letter     byte
	king, rook chess.Piece
	ks, rs     chess.Square
}{
	{'K', chess.WhiteKing, chess.WhiteRook, chess.E1, chess.H1},
	{'Q', chess.WhiteKing, chess.WhiteRook, chess.E1, chess.A1},
	{'k', chess.BlackKing, chess.BlackRook, chess.E8, chess.H8},
	{'q', chess.BlackKing, chess.BlackRook, chess.E8, chess.A8},
}

// cqlFEN is the FEN CQL writes for node i of a game (see fenNode).
func cqlFEN(nodes []pgn.Node, i int32) string {
	p := &nodes[i].Pos
	b := p.AppendFEN(make([]byte, 0, 90))
	if k := slices.Index(b, ' '); k >= 0 {
		b = b[:k] // the board
	}
	b = append(b, ' ', "wb"[p.SideToMove()], ' ')
	n := len(b)
	for _, c := range castlings {
		kept := true
		for j := i; j >= 0 && kept; j = nodes[j].Parent {
			q := &nodes[j].Pos
			kept = q.PieceAt(c.ks) == c.king && q.PieceAt(c.rs) == c.rook
		}
		if kept {
			b = append(b, c.letter)
		}
	}
	if len(b) == n {
		b = append(b, '-')
	}
	b = append(b, ' ')
	ep := "-"
	if m := nodes[i].Move; nodes[i].Parent >= 0 && !m.IsNull() && p.PieceAt(m.To()).Type() == chess.Pawn {
		if d := m.To().Rank() - m.From().Rank(); d == 2 || d == -2 {
			ep = chess.Square((int(m.From()) + int(m.To())) / 2).String()
		}
	}
	b = append(b, ep...)
	return string(append(b, " 0 1"...))
}

func (fenNode) match(*Evaluator) bool { return true }

func (n *commentNode) what() string {
	if n.message {
		return "message (the texts of the game's comments and messages)"
	}
	return "comment (the texts of the game's comments and messages)"
}

// commentNode is `comment (...)` or `message (...)`: it records its arguments'
// values as text for the current position and matches. The runner writes a
// comment into the output game (only at matching positions) and prints a
// message on standard error. Building the text allocates, but only here.
type commentNode struct {
	args    []node
	message bool
	quiet   bool // message quiet
	at      query.Pos
}

func (n *commentNode) match(e *Evaluator) bool {
	var b []byte
	for _, a := range n.args {
		// The texts of a game's comments and messages together are bounded as one
		// string is: a 64 MiB string commented at every position, or in a loop, would
		// hold that much again each time.
		if b = appendValue(b, a, e); e.tooLong(n.at, n.what(), e.noteBytes+len(b)) {
			return false
		}
	}
	e.noteBytes += len(b)
	if n.message {
		// A message is printed when it is evaluated (the CQL manual: it is
		// meant for finding out why a game does not match), so it is kept
		// whether or not the position and the game match.
		m := Annotation{Node: e.cur, Text: string(b), Message: true, Quiet: n.quiet,
			MoveNumber: cqlMoveNumber(e.g.Nodes, e.cur), WhiteToMove: e.pos.SideToMove() == chess.White, PositionID: -1}
		if e.g.Nodes[e.cur].Variation {
			m.PositionID = int(e.tree().id[e.cur])
			if !n.quiet {
				e.idString(e.cur) // CQL names the position, which comments it "id:k"
			}
		}
		e.messages = append(e.messages, m)
		return true
	}
	e.pending = append(e.pending, Annotation{Node: e.cur, Text: string(b)})
	return true
}

// textVar is a variable given to comment, message or str: unbound, CQL 9.493
// writes "<unbound: name>" (stringconverter.cpp).
type textVar struct {
	node
	v    int
	name string
}

// textArg compiles an argument of comment, message or str.
func (c *compiler) textArg(a query.Node) (node, error) {
	x, err := c.compile(a)
	if err != nil {
		return nil, err
	}
	if v, ok := a.(*query.Var); ok && v.Sym != nil && v.Sym.Index >= 0 {
		if v.Sym.Kind == query.VarDictionary {
			return textDict{node: x, v: v.Sym.Index, name: v.Name, key: v.Sym.KeyType, val: v.Sym.ValueType}, nil
		}
		return textVar{node: x, v: v.Sym.Index, name: v.Name}, nil
	}
	switch a.Type() {
	case query.TypeNone:
		// A logical filter is written <true> or <false> even when its
		// compiled node has a set (move legal from K, move previous
		// from .: CQL's NonemptyNode around the move's set).
		return textLogical{x}, nil
	case query.TypePosition:
		// A position is written as one even when its compiled node also
		// counts (find check: "move 1(btm)", not 1).
		if p, ok := x.(posNode); ok {
			return textPos{p}, nil
		}
	}
	return x, nil
}

// textLogical is a logical filter given to comment, message or str: only
// its match shows.
type textLogical struct{ node }

// textPos is a position filter given to comment, message or str.
type textPos struct{ posNode }

// textDict is a dictionary given to comment, message or str: CQL 9.493
// writes its entries (dictionary.cpp toString), in key order, each value
// with its type ("<NumValue>1: <SquareMask>g4"). A position key or value,
// which CQL writes as a memory address, is written as its position id.
type textDict struct {
	node
	v        int
	name     string
	key, val query.Type
}

func (x textDict) appendTo(b []byte, e *Evaluator) []byte {
	d := e.vars[x.v].dict
	b = append(b, "Dictionary "...)
	b = append(b, x.name...)
	b = append(b, " with "...)
	b = strconv.AppendInt(b, int64(len(d)), 10)
	b = append(b, " entries: \n"...)
	keys := make([]dictKey, 0, len(d))
	for k := range d {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(p, q dictKey) int {
		switch x.key {
		case query.TypeString:
			return strings.Compare(p.s, q.s)
		case query.TypeNumber, query.TypePosition:
			return p.n - q.n
		}
		switch {
		case p.bb < q.bb:
			return -1
		case p.bb > q.bb:
			return 1
		}
		return 0
	})
	for _, k := range keys {
		b = appendAny(b, e, x.key, slot{s: k.s, n: k.n, bb: k.bb})
		b = append(b, ": "...)
		b = appendAny(b, e, x.val, d[k])
		b = append(b, '\n')
	}
	return b
}

// appendAny writes a dictionary key or value as CQL's AnyValue::toString.
func appendAny(b []byte, e *Evaluator, t query.Type, v slot) []byte {
	switch t {
	case query.TypeString:
		return append(append(b, "<string>"...), v.s...)
	case query.TypeNumber:
		return strconv.AppendInt(append(b, "<NumValue>"...), int64(v.n), 10)
	case query.TypePosition:
		return strconv.AppendInt(append(b, "<QPos*>"...), int64(e.tree().id[v.n]), 10)
	}
	return appendSquares(append(b, "<SquareMask>"...), v.bb)
}

// appendValue appends a filter's value as CQL's comment, message and str
// write it: a string as it is, a number in decimal, a square as `e4` (a set
// of several as `[a1,h1]`), a piece variable as its piece and square
// (`Qe4`; nothing when its piece is gone), a position as CQL names it in
// comments (idString: "move 2(wtm)", in a variation "move 3(btm)[6]" with
// an "id:6" comment at it), and a filter without a value as <true> or
// <false>.
func appendValue(b []byte, a node, e *Evaluator) []byte {
	switch x := a.(type) {
	case textDict:
		return x.appendTo(b, e)
	case textVar:
		if !e.vars[x.v].bound {
			return append(append(append(b, "<unbound: "...), x.name...), '>')
		}
		return appendValue(b, x.node, e)
	case strNode:
		if s, ok := x.str(e); ok {
			return append(b, s...)
		}
		return append(b, "<false>"...)
	case numNode:
		if v, ok := x.num(e); ok {
			return strconv.AppendInt(b, int64(v), 10)
		}
		return append(b, "<false>"...)
	case boundPiece:
		return appendValue(b, x.v, e)
	case pieceVar:
		set := x.set(e)
		if set == 0 {
			return b // a piece no longer on the board: CQL 9.493 writes nothing
		}
		sq := set.First()
		if p := e.pos.PieceAt(sq); p != chess.NoPiece {
			b = append(b, p.Letter())
		}
		return append(b, sq.String()...)
	case setNode:
		return appendSquares(b, x.set(e))
	case posNode:
		if i, ok := x.position(e); ok {
			return append(b, e.idString(i)...) // "move 2(wtm)", as CQL's idString
		}
		return append(b, "<false>"...)
	}
	if a.match(e) {
		return append(b, "<true>"...)
	}
	return append(b, "<false>"...)
}

// Annotation is the text of a comment or message filter evaluated at a
// matching position.
type Annotation struct {
	Node    int32 // index into the game's Nodes
	Text    string
	Message bool // message: for standard error, not for the game
	Quiet   bool // message quiet: printed without the game number
	Late    bool // written after the position's match marker: made after the position matched (markLate), or kept by a sort (sort_comments.go)

	// Where a message was evaluated, for its prefix (the CQL manual: the
	// move number, the side to move, the game number, and in a variation
	// the position id; -1 on the main line).
	MoveNumber  int
	WhiteToMove bool
	PositionID  int
}

// condAssign is `x =? f`: when f matches (a set: is not empty) x takes its
// value; otherwise it fails and x keeps the value it had, as CQL's
// AssignSquareNode does.
type condAssign struct {
	v    int
	kind query.VarKind
	a    node
}

func (n *condAssign) match(e *Evaluator) bool {
	s := &e.vars[n.v]
	switch n.kind {
	case query.VarSet:
		if a, ok := n.a.(setNode); ok {
			b := a.set(e)
			if b == 0 {
				return false
			}
			s.bb, s.bound = b, true
			return true
		}
	case query.VarPiece:
		if a, ok := n.a.(setNode); ok {
			b := a.set(e) & e.pos.Occupied()
			if b == 0 || b.More() {
				return false
			}
			s.id, s.bound = e.pieceAt(b.First()), true
			return true
		}
	case query.VarNumber:
		if a, ok := n.a.(numNode); ok {
			v, ok := a.num(e)
			if ok {
				s.n, s.bound = v, true
			}
			return ok
		}
		if a, ok := n.a.(setNode); ok {
			b := a.set(e)
			if b == 0 {
				return false
			}
			s.n, s.bound = b.Count(), true
			return true
		}
	case query.VarString:
		if a, ok := n.a.(strNode); ok {
			v, ok := a.str(e)
			if ok {
				s.s, s.bound = v, true
			}
			return ok
		}
	case query.VarPosition:
		if a, ok := n.a.(posNode); ok {
			i, ok := a.position(e)
			if ok {
				s.n, s.bound = int(i), true
			}
			return ok
		}
	}
	return false
}

// ---- direction filters ----

// dirNode is `up 1 3 S` and the other direction filters: the squares reached from S by
// min..max steps in one of the directions, ignoring pieces. The walk is compiled through the
// shared pattern core (package pattern), the same engine that serves other boards.
type dirNode struct {
	fwd  *pattern.DirectionFilter // the positive part of the range, nil if none
	back *pattern.DirectionFilter // the negative part, walked the opposite way, nil if none
	self bool                     // the range holds 0: the argument's own squares
	a    setNode
}

// oppositeDir is each pattern direction's reverse (up-down, left-right,
// northeast-southwest, northwest-southeast).
var oppositeDir = [8]pattern.Dir{pattern.Down, pattern.Up, pattern.Right, pattern.Left,
	pattern.SouthWest, pattern.SouthEast, pattern.NorthWest, pattern.NorthEast}

// newDirNode compiles a direction filter. The manual lets the range hold
// negative numbers, which step the opposite way (`up -2 d4` is d2), and so 0,
// the argument itself (`right -1 1 d4` is c4-e4); a compound direction is the
// union of its basic directions with the same range.
func newDirNode(d query.Direction, r query.Range, a setNode) (*dirNode, error) {
	dirs := patternDirs(d)
	lo, hi := r.Min, r.Max
	if lo > hi {
		return nil, fmt.Errorf("%s: range %d %d is empty", d, lo, hi)
	}
	n := &dirNode{a: a, self: lo <= 0 && hi >= 0}
	// No square lies more than 7 steps away, so each part is cut to 1..7
	// steps (a part wholly beyond 7 is empty).
	if near, far := max(lo, 1), min(hi, 7); near <= far {
		f, err := pattern.NewDirectionFilterDirs(d.String(), dirs, near, far)
		if err != nil {
			return nil, err
		}
		n.fwd = f
	}
	if near, far := max(-hi, 1), min(-lo, 7); near <= far {
		back := make([]pattern.Dir, len(dirs))
		for i, x := range dirs {
			back[i] = oppositeDir[x]
		}
		f, err := pattern.NewDirectionFilterDirs(d.String()+" reversed", back, near, far)
		if err != nil {
			return nil, err
		}
		n.back = f
	}
	return n, nil
}

// patternDirs lists the basic directions of a direction filter's direction.
func patternDirs(d query.Direction) []pattern.Dir {
	switch d {
	case query.DirOrthogonal:
		return []pattern.Dir{0, 1, 2, 3}
	case query.DirDiagonal:
		return []pattern.Dir{4, 5, 6, 7}
	case query.DirVertical:
		return []pattern.Dir{0, 1}
	case query.DirHorizontal:
		return []pattern.Dir{2, 3}
	case query.DirMainDiagonal:
		return []pattern.Dir{4, 7}
	case query.DirOffDiagonal:
		return []pattern.Dir{5, 6}
	case query.DirAnyDirection:
		return []pattern.Dir{0, 1, 2, 3, 4, 5, 6, 7}
	default:
		return []pattern.Dir{pattern.Dir(d)} // the two enumerations share their order
	}
}

func (n *dirNode) set(e *Evaluator) chess.Bitboard {
	from := uint64(n.a.set(e))
	var out uint64
	if n.self {
		out = from
	}
	if n.fwd != nil {
		out |= n.fwd.Squares(from)
	}
	if n.back != nil {
		out |= n.back.Squares(from)
	}
	return chess.Bitboard(out)
}
func (n *dirNode) match(e *Evaluator) bool { return n.set(e) != 0 }

// ---- sort ----

// sortNode is `sort [min] "label" N`: it records N's value at the current
// position (sortSite.record).
type sortNode struct {
	sortSite
	a numNode
}

func (n *sortNode) num(e *Evaluator) (int, bool) {
	mark := len(e.pending)
	v, ok := n.a.num(e)
	n.record(e, mark, sortVal{v: v, ok: ok})
	return v, ok
}
func (n *sortNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// sortVal is one sort value; ok is false when none was recorded.
type sortVal struct {
	v  int
	s  string // the value of a string sort
	ok bool
}

// better reports whether a is a better value than b for this sort: larger, or
// smaller with min; any value beats none.
func (k SortKey) better(a, b sortVal) bool {
	if !a.ok || !b.ok {
		return a.ok && !b.ok
	}
	var c int
	switch {
	case k.String:
		c = strings.Compare(a.s, b.s)
	case a.v < b.v:
		c = -1
	case a.v > b.v:
		c = 1
	}
	if k.Min {
		return c < 0
	}
	return c > 0
}

// ---- find ----

// findNode is `find [all] [<--] [range] F`: F is evaluated at the current
// position and those after it in the game tree, in position-id order (the
// visited descendants; with <--, the current position and its ancestors, the
// nearest first). Without all or a range it is a position filter: the first
// position where F matched. With all or a range it is the number of such
// positions, and matches when that number is in the range (all: at least one).
type findNode struct {
	all, back bool
	counting  bool        // all or a range: a number, commented "Found i of n"
	comments  bool        // the automatic comments (not quiet)
	min, max  int         // max < 0: no upper bound
	vr        rangeBounds // a range with variable bounds; min and max unused
	a         node
	memo      int // a's values are remembered per node in Evaluator.finds[memo]; -1: not
}

// limits returns the range, reading variable bounds (vr.r set) now.
func (n *findNode) limits(e *Evaluator) (lo, hi int, ok bool) {
	if n.vr.r == nil {
		return n.min, n.max, true
	}
	lo, hi, ok = n.vr.bounds(e)
	if hi < 0 { // a negative maximum admits no count (a constant one means none)
		return 1, 0, ok
	}
	return lo, hi, ok
}

// search evaluates F along the search order. It stops at the first match
// unless every match must be counted, and returns the count and the first
// matching node.
func (n *findNode) search(e *Evaluator) (count int, first int32) {
	save := e.cur
	nodes := e.g.Nodes
	first = -1
	lo, hi, ok := n.limits(e)
	if !ok {
		return 0, -1
	}
	stopEarly := !n.all && hi < 0 && lo <= 1
	if n.memo >= 0 && !n.back && !e.q.variations {
		return n.searchMainLine(e, stopEarly, lo, hi, ok)
	}
	try := func(i int32) bool {
		if n.value(e, i) {
			count++
			if first < 0 {
				first = i
			}
			if n.comments {
				e.found = append(e.found, i)
			}
			return stopEarly
		}
		return false
	}
	mark := len(e.found)
	switch {
	case n.back:
		for i := save; i >= 0 && !try(i); i = nodes[i].Parent {
		}
	case !e.q.variations:
		for i := save; i >= 0 && !try(i); i = nodes[i].FirstChild {
		}
	default:
		t := e.tree()
		for k := t.id[save]; k < t.end[save] && !try(t.node[k]); k++ {
		}
	}
	e.at(save)
	if n.comments {
		n.comment(e, e.found[mark:], lo, hi, ok)
		e.found = e.found[:mark]
	}
	return count, first
}

// comment writes CQL's comments (findnode.cpp) at the positions found: a
// counting find "Found i of n" at each of its n positions when n is in its
// range, any other "Found" at the first.
func (n *findNode) comment(e *Evaluator, found []int32, lo, hi int, ok bool) {
	if !n.counting {
		if len(found) > 0 {
			e.autoComment(found[0], "Found")
		}
		return
	}
	c := len(found)
	if !ok || c < lo || hi >= 0 && c > hi {
		return
	}
	for k, i := range found {
		e.autoComment(i, "Found "+strconv.Itoa(k+1)+" of "+strconv.Itoa(c))
	}
}

func (n *findNode) position(e *Evaluator) (int32, bool) {
	c, first := n.search(e)
	return first, n.inRange(e, c) && first >= 0
}

func (n *findNode) num(e *Evaluator) (int, bool) {
	c, _ := n.search(e)
	return c, n.inRange(e, c)
}
func (n *findNode) match(e *Evaluator) bool { c, _ := n.search(e); return n.inRange(e, c) }

func (n *findNode) inRange(e *Evaluator, c int) bool {
	lo, hi, ok := n.limits(e)
	if !ok || c < lo {
		return false
	}
	return hi < 0 || c <= hi
}
