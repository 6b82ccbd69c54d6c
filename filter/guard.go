package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// A guard is a condition on the position that every match of a query needs, found when the
// query is compiled: the program's body starts with check or mate (as the mate patterns of
// the theme library do), so no position whose side to move is not in check can match, and
// nothing of the query runs there (the body fails at its first filter, before any side
// effect). Evaluator.Game skips such positions without evaluating the body; whether a
// position is in check is found once per position in a Checks, which the evaluators of
// several queries evaluated on one game may share (a tag pass).

// needsCheck reports whether n can only match a position in check, failing at once there
// without side effects: check, mate, or a sequence whose first filter is one of them.
func needsCheck(n node) bool {
	switch n := n.(type) {
	case checkNode, mateNode:
		return true
	case *seqNode:
		return len(n.items) > 0 && needsCheck(n.items[0])
	case *seqSet:
		return len(n.items) > 0 && needsCheck(n.items[0])
	case *seqNum:
		return len(n.items) > 0 && needsCheck(n.items[0])
	case *seqPos:
		return len(n.items) > 0 && needsCheck(n.items[0])
	}
	return false
}

// NeedsCheck reports whether the query matches only positions whose side to move is in
// check (its body starts with check or mate): Evaluator.Game evaluates it only there.
func (q *Query) NeedsCheck() bool { return q.needCheck }

// Checks records which positions of one game are in check, and each position's material
// key (materialKey), all found when first asked. The evaluators of several queries on the
// same game may share one (Evaluator.ShareChecks), which their runner resets before each
// game; used by one goroutine at a time.
type Checks struct {
	g    *pgn.Game
	in   []uint64 // a bit per node of g
	main []int32  // the main-line nodes in check, in order
	kg   *pgn.Game
	keys []uint64 // per node of kg, its materialKey
}

// Reset forgets the game: the next one is another.
func (c *Checks) Reset() { c.g, c.kg = nil, nil }

// keysOf returns the material keys of g's nodes, found once per game.
func (c *Checks) keysOf(g *pgn.Game) []uint64 {
	if c.kg == g {
		return c.keys
	}
	c.kg = g
	if cap(c.keys) < len(g.Nodes) {
		c.keys = make([]uint64, len(g.Nodes), len(g.Nodes)+len(g.Nodes)/2)
	}
	c.keys = c.keys[:len(g.Nodes)]
	for i := range g.Nodes {
		c.keys[i] = materialKey(&g.Nodes[i].Pos)
	}
	return c.keys
}

// materialKey packs the number of pieces of each of the 12 kinds (4 bits each, kind
// kindIndex) and the side to move (bit 48) of pos; keyTooMany (bit 63) when a kind has
// more than 15 pieces (a set-up position), which the key cannot say.
func materialKey(pos *chess.Position) uint64 {
	var k uint64
	for c := chess.White; c <= chess.Black; c++ {
		for t := chess.Pawn; t <= chess.King; t++ {
			n := uint64(pos.Pieces(c, t).Count())
			if n > 15 {
				return keyTooMany
			}
			k |= n << (4 * kindIndex(c, t))
		}
	}
	if pos.SideToMove() == chess.Black {
		k |= 1 << 48
	}
	return k
}

const keyTooMany = 1 << 63

// nibbleSum adds up the 12 nibbles of a material key's counts (at most 12 × 15): the odd
// and even nibbles into bytes, then the bytes.
func nibbleSum(k uint64) int {
	k &= 1<<48 - 1
	k = k&0x0f0f0f0f0f0f0f0f + k>>4&0x0f0f0f0f0f0f0f0f
	return int(k * 0x0101010101010101 >> 56)
}

func kindIndex(c chess.Color, t chess.PieceType) uint {
	return uint(c)*6 + uint(t-chess.Pawn)
}

// of finds the positions of g in check, once per game.
func (c *Checks) of(g *pgn.Game) {
	if c.g == g {
		return
	}
	c.g = g
	n := (len(g.Nodes) + 63) / 64
	if cap(c.in) < n {
		c.in = make([]uint64, n)
	}
	c.in = c.in[:n]
	clear(c.in)
	c.main = c.main[:0]
	for i := range g.Nodes {
		if g.Nodes[i].Pos.InCheck() {
			c.in[i>>6] |= 1 << (i & 63)
			if !g.Nodes[i].Variation {
				c.main = append(c.main, int32(i))
			}
		}
	}
}

// inCheck reports whether node i of g has its side to move in check.
func (c *Checks) inCheck(g *pgn.Game, i int32) bool {
	c.of(g)
	return c.in[i>>6]&(1<<(i&63)) != 0
}

// mainLine returns the main-line nodes of g in check, in order.
func (c *Checks) mainLine(g *pgn.Game) []int32 {
	c.of(g)
	return c.main
}

// ShareChecks makes e use c, shared with other evaluators of the same games, for the
// positions in check; the caller resets c before each game it evaluates.
func (e *Evaluator) ShareChecks(c *Checks) {
	e.checks, e.sharedChecks = c, true
}

// A material guard is the other kind of guard: the pieces and the side to move that every
// match needs, read off the filters the body starts with when they cannot have an effect
// (piece designators, not of one, #designator compared with a number, wtm and btm, check
// and mate), through a compound and into each variant of a transform (flipcolor { btm ...
// } needs Black to move in one variant or White in the other). Where it fails, the body
// fails at one of those filters before anything else of it runs, so Evaluator.Game skips
// the position: the endgame classes, pawn structures and the "piece vs piece" themes then
// cost a few bit counts per position (a tag pass evaluates dozens of such queries).

// pieceCount holds when the number of pieces of the kinds on the squares is in [lo, hi].
type pieceCount struct {
	pieces  []chess.Piece
	squares chess.Bitboard
	lo, hi  int
	nibbles uint64 // the kinds' nibbles of a material key (materialKey), set by materialGuard
}

// guardAlt is one alternative of a guard: the side to move (-1 either) and the counts.
type guardAlt struct {
	side   int8
	counts []pieceCount
}

// matGuard holds when one of its alternatives does; a query without one has nil. keyed: all
// its counts are of whole-board pieces, so that it depends on the material key alone.
type matGuard struct {
	alts  []guardAlt
	keyed bool
}

// holdsKey is holds for a guard that is keyed, from the position's material key.
func (g *matGuard) holdsKey(key uint64) bool {
	side := int8(key >> 48 & 1)
	for a := range g.alts {
		alt := &g.alts[a]
		if alt.side >= 0 && side != alt.side {
			continue
		}
		ok := true
		for c := range alt.counts {
			pc := &alt.counts[c]
			if n := nibbleSum(key & pc.nibbles); n < pc.lo || n > pc.hi {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// maxGuardAlts bounds the alternatives a guard keeps (a product of transforms): beyond it
// the part that would multiply them is left out (the guard is weaker, never wrong).
const maxGuardAlts = 16

const manyPieces = 64

// holds reports whether pos may match.
func (g *matGuard) holds(pos *chess.Position) bool {
	for a := range g.alts {
		alt := &g.alts[a]
		if alt.side >= 0 && pos.SideToMove() != chess.Color(alt.side) {
			continue
		}
		ok := true
		for c := range alt.counts {
			pc := &alt.counts[c]
			var b chess.Bitboard
			for _, p := range pc.pieces {
				b |= pos.Pieces(p.Color(), p.Type())
			}
			if n := (b & pc.squares).Count(); n < pc.lo || n > pc.hi {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// and is the conjunction of two guards' alternatives (nil a or b: no condition); ok is
// false when it would have too many alternatives.
func andGuards(a, b []guardAlt) ([]guardAlt, bool) {
	switch {
	case a == nil:
		return b, true
	case b == nil:
		return a, true
	case len(a)*len(b) > maxGuardAlts:
		return nil, false
	}
	var out []guardAlt
	for _, x := range a {
		for _, y := range b {
			side := x.side
			if y.side >= 0 {
				if side >= 0 && side != y.side {
					continue // White and Black to move: never
				}
				side = y.side
			}
			counts := append(append([]pieceCount(nil), x.counts...), y.counts...)
			out = append(out, guardAlt{side: side, counts: counts})
		}
	}
	if out == nil {
		out = []guardAlt{} // no alternative: the node never matches
	}
	return out, true
}

// pieceKinds returns the pieces and squares of a piece designator node (one without empty
// squares), ok false for any other node.
func pieceKinds(n any) ([]chess.Piece, chess.Bitboard, bool) {
	switch p := n.(type) {
	case *onePiece:
		return []chess.Piece{chess.MakePiece(p.color, p.typ)}, p.squares, true
	case *pieceSet:
		if p.empty {
			return nil, 0, false
		}
		return p.pieces, p.squares, true
	case *colorSet:
		var ps []chess.Piece
		for t := chess.Pawn; t <= chess.King; t++ {
			ps = append(ps, chess.MakePiece(p.color, t))
		}
		return ps, p.squares, true
	}
	return nil, 0, false
}

// guardOf returns a condition without which n fails with no effect: its alternatives (nil:
// none known, every position may match), and whether n itself has no effect when it
// matches either (pure: a compound goes on to its next filter).
func guardOf(n node) (alts []guardAlt, pure bool) {
	count := func(ps []chess.Piece, sq chess.Bitboard, lo, hi int) []guardAlt {
		return []guardAlt{{side: -1, counts: []pieceCount{{pieces: ps, squares: sq, lo: lo, hi: hi}}}}
	}
	switch n := n.(type) {
	case toMoveNode:
		return []guardAlt{{side: int8(n)}}, true
	case checkNode, mateNode:
		return nil, true
	case *onePiece, *pieceSet, *colorSet:
		if ps, sq, ok := pieceKinds(n); ok {
			return count(ps, sq, 1, manyPieces), true
		}
		return nil, true
	case notNode:
		if ps, sq, ok := pieceKinds(n.a); ok {
			return count(ps, sq, 0, 0), true
		}
		_, pure := guardOf(n.a)
		return nil, pure
	case *cmpPair:
		cn, ok1 := n.a.(countNode)
		k, ok2 := n.b.(constNum)
		if !ok1 || !ok2 {
			return nil, false
		}
		ps, sq, ok := pieceKinds(cn.a)
		if !ok {
			return nil, false
		}
		lo, hi := 0, manyPieces
		switch v := int(k); n.op {
		case cmpEQ:
			lo, hi = v, v
		case cmpLT:
			hi = v - 1
		case cmpLE:
			hi = v
		case cmpGT:
			lo = v + 1
		case cmpGE:
			lo = v
		default:
			return nil, true // != : no range
		}
		if lo > hi || hi < 0 {
			return []guardAlt{}, true // never
		}
		return count(ps, sq, max(lo, 0), hi), true
	case *seqNode:
		return seqGuard(n.items)
	case *seqSet:
		return seqGuard(n.items)
	case *seqNum:
		return seqGuard(n.items)
	case *seqPos:
		return seqGuard(n.items)
	case *transformNode:
		return transformGuard(n)
	case *transformSet:
		return transformGuard(n.transformNode)
	case *transformNum: // as a filter, transformNode's match
		return transformGuard(n.transformNode)
	}
	return nil, false
}

// seqGuard is a compound's guard: its filters' up to the first one with an effect, that one's
// included (the filters before it had none, so failing there fails with none).
func seqGuard(items []node) ([]guardAlt, bool) {
	var g []guardAlt
	for _, it := range items {
		a, pure := guardOf(it)
		if both, ok := andGuards(g, a); ok {
			g = both
		}
		if !pure {
			return g, false
		}
	}
	return g, true
}

// transformGuard is a transform's: one of its variants' (every variant needs one, or there
// is none). Matching the transform is matching a variant, so it is pure when they all are.
func transformGuard(n *transformNode) ([]guardAlt, bool) {
	var g []guardAlt
	pure, any := true, true
	for _, v := range n.variants {
		a, p := guardOf(v)
		pure = pure && p
		if a == nil {
			any = false
		}
		g = append(g, a...)
	}
	if !any || len(g) > maxGuardAlts {
		return nil, pure
	}
	return g, pure
}

// materialGuard is the guard of a query's body, nil when it has none (every position may
// match).
func materialGuard(body node) *matGuard {
	alts, _ := guardOf(body)
	if alts == nil {
		return nil
	}
	g := &matGuard{alts: alts, keyed: true}
	sides := [2]bool{}
	for _, a := range alts {
		if len(a.counts) == 0 {
			if a.side < 0 {
				return nil // every position may match
			}
			sides[a.side] = true
		}
		for c := range a.counts {
			pc := &a.counts[c]
			g.keyed = g.keyed && pc.squares == ^chess.Bitboard(0)
			for _, p := range pc.pieces {
				pc.nibbles |= 15 << (4 * kindIndex(p.Color(), p.Type()))
			}
		}
	}
	if sides[0] && sides[1] {
		return nil // flipcolor { btm ... }: either side to move may match
	}
	return g
}

// HasMaterialGuard reports whether the query has a material guard (see above): the
// positions without the pieces or the side to move its first filters need are skipped.
func (q *Query) HasMaterialGuard() bool { return q.matGuard != nil }
