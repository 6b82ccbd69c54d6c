package filter

import (
	"math/bits"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// Geometry filters (query/geometry.go), evaluated set-wise with the shifts
// and fills of chess/rays.go and the attack tables: no loop over the 64
// squares; loops run over the pieces of small sets (pinners, targets).

// compileGeometry compiles a Geo node; ok is false for other nodes.
func (c *compiler) compileGeometry(n query.Node) (node, bool, error) {
	g, ok := n.(*query.Geo)
	if !ok {
		return nil, false, nil
	}
	x, err := c.geometry(g)
	return x, true, err
}

func (c *compiler) geometry(g *query.Geo) (node, error) {
	switch g.Kind {
	case query.GeoReverseColor, query.GeoNoTransform:
		return c.compile(g.Args[0]) // the checker already reversed the colours
	case query.GeoSqrt:
		a, err := c.num(g.Args[0])
		return sqrtNode{a}, err
	case query.GeoPassedPawns, query.GeoDoubledPawns, query.GeoIsolatedPawns, query.GeoConnectedPawns:
		return pawnsNode(g.Kind), nil
	case query.GeoPureStalemate, query.GeoModelStalemate, query.GeoIdealStalemate,
		query.GeoPureMate, query.GeoModelMate, query.GeoIdealMate:
		return newProblemMateNode(g.Kind), nil
	}
	var sets []setNode
	for _, a := range g.Args {
		if a == nil {
			sets = append(sets, nil)
			continue
		}
		var s setNode
		var err error
		if g.Kind == query.GeoMakeSquare && len(g.Args) == 1 {
			sn, err := c.str(a)
			if err != nil {
				return nil, err
			}
			return makeSquareNameNode{sn}, nil
		}
		if g.Kind == query.GeoMakeSquare {
			nn, err := c.num(a)
			if err != nil {
				return nil, err
			}
			sets = append(sets, numAsSet{nn})
			continue
		}
		if s, err = c.set(a); err != nil {
			return nil, err
		}
		sets = append(sets, s)
	}
	switch g.Kind {
	case query.GeoLight:
		return maskNode{sets[0], chess.LightSquares}, nil
	case query.GeoDark:
		return maskNode{sets[0], ^chess.LightSquares}, nil
	case query.GeoFile, query.GeoRank, query.GeoType, query.GeoColorType:
		return squareNumNode{kind: g.Kind, a: sets[0]}, nil
	case query.GeoPieceName, query.GeoTypeName:
		return squareNameNode{a: sets[0], upper: g.Kind == query.GeoTypeName}, nil
	case query.GeoPieceID:
		c.q.needIDs = true
		if c.cqli {
			if v, ok := sets[0].(boundPiece); ok {
				return cqliPieceVarIDNode(v.v), nil
			}
			return cqliPieceIDNode{sets[0]}, nil
		}
		if v, ok := sets[0].(boundPiece); ok {
			return pieceVarIDNode(v.v), nil
		}
		return pieceIDNode{sets[0]}, nil
	case query.GeoMakeSquare:
		return makeSquareNode{file: sets[0].(numAsSet).n, rank: sets[1].(numAsSet).n}, nil
	case query.GeoBetween:
		return betweenNode{sets[0], sets[1]}, nil
	case query.GeoRay:
		return &rayNode{args: sets, dirs: rayDirections(g.Dirs)}, nil
	case query.GeoXray:
		return &rayNode{args: sets, dirs: allDirections, xray: true, first: g.First}, nil
	case query.GeoPin:
		return newPinNode(sets[0], sets[1], sets[2], g.Value), nil
	}
	return nil, errorf(g, "%s is not supported yet", g.Kind)
}

// numAsSet carries a numeric argument through the argument list.
type numAsSet struct{ n numNode }

func (numAsSet) set(*Evaluator) chess.Bitboard { return 0 }
func (numAsSet) match(*Evaluator) bool         { return false }

// maskNode is light X or dark X.
type maskNode struct {
	a    setNode
	mask chess.Bitboard
}

func (n maskNode) set(e *Evaluator) chess.Bitboard { return n.a.set(e) & n.mask }
func (n maskNode) match(e *Evaluator) bool         { return n.set(e) != 0 }

// squareNumNode is file, rank, type or colortype of a one-square set; it does
// not match unless the set has exactly one square.
type squareNumNode struct {
	kind query.GeoKind
	a    setNode
}

// cqlType numbers piece types as CQL does: pawn 1, knight 2, bishop 3, rook 4,
// queen 5, king 6 (chess.PieceType has the same order).
func (n squareNumNode) num(e *Evaluator) (int, bool) {
	b := n.a.set(e)
	if b == 0 || b.More() {
		return 0, false
	}
	s := b.First()
	switch n.kind {
	case query.GeoFile:
		return s.File() + 1, true
	case query.GeoRank:
		return s.Rank() + 1, true
	}
	pc := e.pos.PieceAt(s)
	if pc == chess.NoPiece {
		return 0, true
	}
	v := int(pc.Type())
	if n.kind == query.GeoColorType && pc.Color() == chess.Black {
		v = -v
	}
	return v, true
}
func (n squareNumNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// squareNameNode is piecename X (the FEN letter of the piece on the one
// square of X, "_" when empty) or typename X (the same, upper case); it does
// not match unless X is one square. The strings are slices of a constant, so
// nothing is allocated.
type squareNameNode struct {
	a     setNode
	upper bool
}

// pieceNames holds each chess.Piece's CQL name at its index (pieces are
// colour<<3 | type; index 0 is the empty square).
const pieceNames = "_PNBRQK__pnbrqk_"

func (n squareNameNode) str(e *Evaluator) (string, bool) {
	b := n.a.set(e)
	if b == 0 || b.More() {
		return "", false
	}
	pc := e.pos.PieceAt(b.First())
	if n.upper {
		pc = chess.Piece(pc.Type())
	}
	return pieceNames[pc : pc+1], true
}
func (n squareNameNode) match(e *Evaluator) bool { _, ok := n.str(e); return ok }

// pieceIDNode is pieceid X: the identity of the piece on the one square of
// X; no match when X is not one square or the square is empty. CQL numbers
// the pieces of the game's start position from 0 in square order (a1, b1,
// ..., h8; markboardstatic.cpp), and a piece keeps its number through moves
// and promotion. Our identity tables count from 1 (0 is noID), hence the -1.
type pieceIDNode struct{ a setNode }

func (n pieceIDNode) num(e *Evaluator) (int, bool) {
	b := n.a.set(e)
	if b == 0 || b.More() {
		return 0, false
	}
	id := e.pieceAt(b.First())
	return int(id) - 1, id != noID
}
func (n pieceIDNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// pieceVarIDNode is pieceid x for a piece variable x: the id it is bound to,
// even once its piece has been captured (CQL's PieceIdNode reads the
// variable, not the board); an unbound x does not match.
type pieceVarIDNode int

func (v pieceVarIDNode) num(e *Evaluator) (int, bool) {
	s := &e.vars[v]
	return int(s.id) - 1, s.bound
}
func (v pieceVarIDNode) match(e *Evaluator) bool { _, ok := v.num(e); return ok }

// makeSquareNode is makesquare(file rank) with files and ranks from 1 to 8.
type makeSquareNode struct{ file, rank numNode }

func (n makeSquareNode) set(e *Evaluator) chess.Bitboard {
	f, ok1 := n.file.num(e)
	r, ok2 := n.rank.num(e)
	if !ok1 || !ok2 || f < 1 || f > 8 || r < 1 || r > 8 {
		return 0
	}
	return chess.SquareBB(chess.SquareAt(f-1, r-1))
}
func (n makeSquareNode) match(e *Evaluator) bool { return n.set(e) != 0 }

// makeSquareNameNode is makesquare "e4": the square named by a string of exactly a file
// letter and a rank digit; any other string gives the empty set, as in CQL.
type makeSquareNameNode struct{ name strNode }

func (n makeSquareNameNode) set(e *Evaluator) chess.Bitboard {
	s, ok := n.name.str(e)
	if !ok || len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return 0
	}
	return chess.SquareBB(chess.SquareAt(int(s[0]-'a'), int(s[1]-'1')))
}
func (n makeSquareNameNode) match(e *Evaluator) bool { return n.set(e) != 0 }

// sqrtNode is the integer square root; a negative argument does not match.
type sqrtNode struct{ a numNode }

func (n sqrtNode) num(e *Evaluator) (int, bool) {
	v, ok := n.a.num(e)
	if !ok || v < 0 {
		return 0, false
	}
	r := int(isqrt(uint64(v)))
	return r, true
}
func (n sqrtNode) match(e *Evaluator) bool { _, ok := n.num(e); return ok }

// isqrt is floor(sqrt(v)) by Newton's method on integers.
func isqrt(v uint64) uint64 {
	if v < 2 {
		return v
	}
	x := uint64(1) << ((bits.Len64(v) + 1) / 2) // an upper bound
	for {
		y := (x + v/x) / 2
		if y >= x {
			return x
		}
		x = y
	}
}

var allDirections = []chess.Direction{chess.North, chess.South, chess.East, chess.West,
	chess.NorthEast, chess.SouthWest, chess.NorthWest, chess.SouthEast}

// rayDirections expands a ray's direction words (none: all eight).
func rayDirections(ds []query.Direction) []chess.Direction {
	if len(ds) == 0 {
		return allDirections
	}
	var seen [8]bool
	var out []chess.Direction
	add := func(cs ...chess.Direction) {
		for _, d := range cs {
			if !seen[d] {
				seen[d] = true
				out = append(out, d)
			}
		}
	}
	for _, d := range ds {
		switch d {
		case query.DirUp:
			add(chess.North)
		case query.DirDown:
			add(chess.South)
		case query.DirRight:
			add(chess.East)
		case query.DirLeft:
			add(chess.West)
		case query.DirNortheast:
			add(chess.NorthEast)
		case query.DirNorthwest:
			add(chess.NorthWest)
		case query.DirSoutheast:
			add(chess.SouthEast)
		case query.DirSouthwest:
			add(chess.SouthWest)
		case query.DirVertical:
			add(chess.North, chess.South)
		case query.DirHorizontal:
			add(chess.East, chess.West)
		case query.DirMainDiagonal:
			add(chess.NorthEast, chess.SouthWest)
		case query.DirOffDiagonal:
			add(chess.NorthWest, chess.SouthEast)
		case query.DirOrthogonal:
			add(allDirections[:4]...)
		case query.DirDiagonal:
			add(allDirections[4:]...)
		case query.DirAnyDirection:
			add(allDirections...)
		}
	}
	return out
}

// betweenNode is between(X Y): the squares strictly between a square of X and
// a square of Y on a common rank, file or diagonal. A square s is such when,
// for some direction d, it lies beyond X along d and beyond Y along the
// opposite of d.
type betweenNode struct{ a, b setNode }

func (n betweenNode) set(e *Evaluator) chess.Bitboard {
	x, y := n.a.set(e), n.b.set(e)
	if x == 0 || y == 0 {
		return 0
	}
	var r chess.Bitboard
	if x.Count()*y.Count() <= 16 {
		// Few pairs: the between table, which is empty for squares not on a line.
		for b := x; b != 0; {
			s := b.PopFirst()
			for c := y; c != 0; {
				r |= chess.Between(s, c.PopFirst())
			}
		}
		return r
	}
	all := ^chess.Bitboard(0)
	for _, d := range allDirections {
		r |= chess.Slide(x, all, d) & chess.Slide(y, all, d.Opposite())
	}
	return r
}
func (n betweenNode) match(e *Evaluator) bool { return n.set(e) != 0 }

// rayNode is ray [dirs] (X1 ... Xn): squares s1..sn, si in Xi, in this order
// along one direction with only empty squares strictly between neighbours.
// Its value is the squares of Xn that end such a ray. xray (X1 ... Xn) is
// ray orthogonal ({X1&[RrQq]} ...) | ray diagonal ({X1&[BbQq]} ...), as the
// manual defines it.
type rayNode struct {
	args []setNode
	dirs []chess.Direction
	xray bool
	// first: the value is the squares of X1 that start a ray (CQL 6.2's chain
	// X1 → X2 → ... → Xn), not those of Xn that end one.
	first bool
}

func (n *rayNode) set(e *Evaluator) chess.Bitboard {
	start := n.args[0].set(e)
	if !n.first {
		return n.rays(e, start)
	}
	var r chess.Bitboard
	for b := start; b != 0; {
		sq := b.PopFirst()
		if n.rays(e, chess.SquareBB(sq)) != 0 {
			r |= chess.SquareBB(sq)
		}
	}
	return r
}

// rays is the squares of the last argument that end a ray from a square of start.
func (n *rayNode) rays(e *Evaluator, start chess.Bitboard) chess.Bitboard {
	pos := e.pos
	occ := pos.Occupied()
	var first [2]chess.Bitboard // starts of orthogonal and of diagonal rays
	if n.xray {
		q := pos.ByType(chess.Queen)
		first[0] = start & (pos.ByType(chess.Rook) | q)
		first[1] = start & (pos.ByType(chess.Bishop) | q)
	} else {
		first[0], first[1] = start, start
	}
	if first[0]|first[1] == 0 {
		return 0
	}
	// A ray ends in the last set on an empty-board line from its start: most
	// positions fail that test, which costs a table load per direction.
	last := n.args[len(n.args)-1].set(e)
	if last == 0 {
		return 0
	}
	// cur[i] is the set reached so far along n.dirs[i]. The first step looks
	// up each starting square's lines once; later steps follow the (usually
	// one or two) squares still on a ray with a table lookup each.
	var cur [8]chess.Bitboard
	var next chess.Bitboard
	nextDone := false
	live := false
	for b := first[0] | first[1]; b != 0; {
		sq := b.PopFirst()
		// One small-table load rules out most starts: no square of the last
		// set on any line through sq.
		if chess.EmptyBoardAttacks(chess.White, chess.Queen, sq)&last == 0 {
			continue
		}
		bit := chess.SquareBB(sq)
		var aligned [8]bool
		orthOK, diagOK := false, false
		for i, d := range n.dirs {
			if chess.Ray(sq, d)&last == 0 {
				continue
			}
			if d.Orthogonal() && first[0]&bit != 0 {
				aligned[i], orthOK = true, true
			} else if !d.Orthogonal() && first[1]&bit != 0 {
				aligned[i], diagOK = true, true
			}
		}
		if !orthOK && !diagOK {
			continue
		}
		if !nextDone {
			next, nextDone = last, true
			if len(n.args) > 2 {
				next = n.args[1].set(e)
			}
			if next == 0 {
				return 0
			}
		}
		var orth, diag chess.Bitboard
		if orthOK {
			orth = chess.RookAttacks(sq, occ) & next
		}
		if diagOK {
			diag = chess.BishopAttacks(sq, occ) & next
		}
		for i, d := range n.dirs {
			if !aligned[i] {
				continue
			}
			a := diag
			if d.Orthogonal() {
				a = orth
			}
			if a &= chess.Ray(sq, d); a != 0 {
				cur[i] |= a
				live = true
			}
		}
	}
	for k, arg := range n.args[2:] {
		if !live {
			return 0
		}
		next := last
		if k < len(n.args)-3 {
			next = arg.set(e)
		}
		live = false
		for i, d := range n.dirs {
			if cur[i] == 0 {
				continue
			}
			cur[i] = slideFrom(cur[i], occ, d) & next
			live = live || cur[i] != 0
		}
	}
	var r chess.Bitboard
	for i := range n.dirs {
		r |= cur[i]
	}
	return r
}

// slideFrom is chess.Slide for the squares of from: a table lookup per
// square for one or two squares, the set-wise fill for more.
func slideFrom(from, occ chess.Bitboard, d chess.Direction) chess.Bitboard {
	if from.Count() > 2 {
		return chess.Slide(from, ^occ, d)
	}
	var r chess.Bitboard
	for from != 0 {
		sq := from.PopFirst()
		if d.Orthogonal() {
			r |= chess.RookAttacks(sq, occ) & chess.Ray(sq, d)
		} else {
			r |= chess.BishopAttacks(sq, occ) & chess.Ray(sq, d)
		}
	}
	return r
}

func (n *rayNode) match(e *Evaluator) bool { return n.set(e) != 0 }

// pawnsNode is one of the pawn structure filters, for both colours. The
// manual defines them under notransform, so no transform changes them:
//
//	passedpawns:    flipcolor {P & ~down horizontal 0 1 p}  (no enemy pawn ahead on its file or a neighbour)
//	connectedpawns: flipcolor {P & horizontal 1 vertical 0 7 P}  (an own pawn on a neighbouring file)
//	isolatedpawns:  the pawns that are not connected
//	doubledpawns:   pawns with another own pawn on the same file
type pawnsNode query.GeoKind

func (n pawnsNode) set(e *Evaluator) chess.Bitboard {
	var r chess.Bitboard
	for c := chess.White; c <= chess.Black; c++ {
		own, their := e.pos.Pieces(c, chess.Pawn), e.pos.Pieces(c.Other(), chess.Pawn)
		if own == 0 {
			continue
		}
		switch query.GeoKind(n) {
		case query.GeoPassedPawns:
			// Squares behind (from this side's view) the files of their pawns and neighbours.
			zone := their | chess.Neighbours(their)
			blocked := chess.FrontSpan(c.Other(), zone)
			r |= own &^ blocked
		case query.GeoConnectedPawns:
			r |= own & chess.Neighbours(chess.FileFill(own))
		case query.GeoIsolatedPawns:
			r |= own &^ chess.Neighbours(chess.FileFill(own))
		case query.GeoDoubledPawns:
			r |= own & (chess.FrontSpan(chess.White, own) | chess.FrontSpan(chess.Black, own))
		}
	}
	return r
}
func (n pawnsNode) match(e *Evaluator) bool { return n.set(e) != 0 }
