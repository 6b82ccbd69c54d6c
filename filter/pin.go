package filter

import (
	"math/bits"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// pinNode is pin [from X] [through Y] [to Z]. A pin is a line piece (the
// pinning piece, in X), a piece of the other colour it attacks (the pinned
// piece, in Y), and a square in Z that the line piece would attack if the
// pinned piece were not there, empty or holding a piece of the pinned
// piece's colour. Defaults: X and Y any piece, Z the kings. The value is the
// pinned pieces, or the pinning pieces (from written first), or the squares
// pinned to (to written first).
type pinNode struct {
	from, through, to setNode // nil: the default
	value             query.PinValue
	// anyTarget: from and through are unset and to is every square (`pin to
	// .`), so match is anyPin on the position's own sets, with no argument
	// to evaluate.
	anyTarget bool
}

// newPinNode builds the pin filter of the three sets (nil: the default).
func newPinNode(from, through, to setNode, value query.PinValue) *pinNode {
	all, _ := to.(constSet)
	return &pinNode{from: from, through: through, to: to, value: value,
		anyTarget: from == nil && through == nil && all == constSet(^chess.Bitboard(0))}
}

// args evaluates the pinner, pinned and target sets. A fixed set of
// squares (pin to .) needs no call.
func (n *pinNode) args(e *Evaluator) (from, through, to chess.Bitboard) {
	occ := e.pos.Occupied()
	from, through = occ, occ
	if n.from != nil {
		from &= n.from.set(e)
	}
	if n.through != nil {
		through &= n.through.set(e)
	}
	switch c := n.to.(type) {
	case nil:
		to = e.pos.ByType(chess.King)
	case constSet:
		to = chess.Bitboard(c)
	default:
		to = c.set(e)
	}
	return from, through, to
}

func (n *pinNode) set(e *Evaluator) chess.Bitboard {
	from, through, to := n.args(e)
	return find(e.pos, from, through, to, n.value, false)
}

// match needs only whether there is a pin: the value kinds are all empty or
// all non-empty together, so it stops at the first pin found.
func (n *pinNode) match(e *Evaluator) bool {
	if n.anyTarget {
		pos := e.pos
		q := pos.ByType(chess.Queen)
		rooks, bishops := pos.ByType(chess.Rook)|q, pos.ByType(chess.Bishop)|q
		return anyPin(pos, rooks|bishops, pos.Occupied(), ^chess.Bitboard(0), rooks, bishops) != 0
	}
	from, through, to := n.args(e)
	return find(e.pos, from, through, to, n.value, true) != 0
}

// pins is the pin search for pinners in from, pinned pieces in through and
// targets in to, with n's value kind.
func (n *pinNode) pins(pos *chess.Position, from, through, to chess.Bitboard) chess.Bitboard {
	return find(pos, from, through, to, n.value, false)
}

// find is the pin search; with first set it may return any non-empty part
// of the value as soon as it knows there is a pin.
func find(pos *chess.Position, from, through, to chess.Bitboard, value query.PinValue, first bool) chess.Bitboard {
	occ := pos.Occupied()
	q := pos.ByType(chess.Queen)
	rooks, bishops := pos.ByType(chess.Rook)|q, pos.ByType(chess.Bishop)|q
	from &= rooks | bishops
	if from == 0 || through == 0 || to == 0 {
		return 0
	}
	if to&^occ == 0 {
		return fromTargets(pos, from, through, to, rooks, bishops, value, first)
	}
	if first && ^occ&^to == 0 {
		return anyPin(pos, from, through, to, rooks, bishops)
	}
	return fromPinners(pos, from, through, to, rooks, bishops, value, first)
}

// anyPin is the match path of fromPinners when every empty square is a
// target (pin to .): then a candidate is pinned along d when the square one
// step beyond it is a target. The sixteen slides (eight directions, two
// colours of pinners) go in three groups by how often they find a pin in
// master games (the first 2,000 of masters-10k.pgn): White's rooks up and
// bishops up-right, Black's rooks down and bishops down-right find one in
// 68% of positions; White's bishops up-left, Black's down-left and both
// sides' rooks right in 9% more; the last eight in 13% more, and 19% of
// positions have no pin. Within a group there is no branch, so the
// processor overlaps the slides.
func anyPin(pos *chess.Position, from, through, to, rooks, bishops chess.Bitboard) chess.Bitboard {
	empty := ^pos.Occupied()
	w, b := pos.ByColor(chess.White), pos.ByColor(chess.Black)
	wr, wb := from&w&rooks, from&w&bishops // White's pinners
	br, bb := from&b&rooks, from&b&bishops
	wc, bc := b&through, w&through // candidates pinned by White, by Black
	wt, bt := to&^w, to&^b         // White's targets, Black's
	x := fill(wr, empty&landN, 8)&landN&wc&rotl(wt, 64-8)&landS |
		fill(wb, empty&landNE, 9)&landNE&wc&rotl(wt, 64-9)&landSW |
		fill(br, empty&landS, 64-8)&landS&bc&rotl(bt, 8)&landN |
		fill(bb, empty&landSE, 64-7)&landSE&bc&rotl(bt, 7)&landNW
	if x != 0 {
		return x
	}
	x = fill(wb, empty&landNW, 7)&landNW&wc&rotl(wt, 64-7)&landSE |
		fill(bb, empty&landSW, 64-9)&landSW&bc&rotl(bt, 9)&landNE |
		fill(wr, empty&landE, 1)&landE&wc&rotl(wt, 64-1)&landW |
		fill(br, empty&landE, 1)&landE&bc&rotl(bt, 64-1)&landW
	if x != 0 {
		return x
	}
	return fill(wr, empty&landS, 64-8)&landS&wc&rotl(wt, 8)&landN |
		fill(wr, empty&landW, 64-1)&landW&wc&rotl(wt, 1)&landE |
		fill(wb, empty&landSW, 64-9)&landSW&wc&rotl(wt, 9)&landNE |
		fill(wb, empty&landSE, 64-7)&landSE&wc&rotl(wt, 7)&landNW |
		fill(br, empty&landN, 8)&landN&bc&rotl(bt, 64-8)&landS |
		fill(br, empty&landW, 64-1)&landW&bc&rotl(bt, 1)&landE |
		fill(bb, empty&landNE, 9)&landNE&bc&rotl(bt, 64-9)&landSW |
		fill(bb, empty&landNW, 7)&landNW&bc&rotl(bt, 64-7)&landSE
}

// fromTargets finds pins by looking out from each occupied target square for
// line pieces of the other colour with exactly one piece in between: the
// common case (to squares are kings), a few table lookups per target.
func fromTargets(pos *chess.Position, from, through, to, rooks, bishops chess.Bitboard, value query.PinValue, first bool) chess.Bitboard {
	occ := pos.Occupied()
	var r chess.Bitboard
	for b := to; b != 0; {
		t := b.PopFirst()
		c := pos.PieceAt(t).Color()
		enemy := from & pos.ByColor(c.Other())
		snipers := enemy & (chess.RookAttacks(t, 0)&rooks | chess.BishopAttacks(t, 0)&bishops)
		for snipers != 0 {
			p := snipers.PopFirst()
			mid := chess.Between(t, p) & occ
			if mid == 0 || mid.More() || mid&through == 0 || mid&pos.ByColor(c) == 0 {
				continue
			}
			switch value {
			case query.PinFrom:
				r |= chess.SquareBB(p)
			case query.PinTo:
				r |= chess.SquareBB(t)
			default:
				r |= mid
			}
			if first {
				return r
			}
		}
	}
	return r
}

// fromPinners finds pins set-wise, with no loop over pieces and no branch
// per direction, so that the processor overlaps the sixteen fills (eight
// directions, two colours of pinners). Along a direction d, the pinned
// pieces are the candidates (pieces of the other colour, in through) that a
// line piece's slide along d reaches and whose run beyond along d (the
// empty squares, then the first piece) holds a target. When every empty
// square is a target, the first square beyond decides; otherwise a slide
// back from the targets marks the squares with a target in their run. From
// the pinned pieces along d, a slide along d gives their targets and a
// slide back their pinners.
func fromPinners(pos *chess.Position, from, through, to, rooks, bishops chess.Bitboard, value query.PinValue, first bool) chess.Bitboard {
	empty := ^pos.Occupied()
	var r chess.Bitboard
	for c := chess.White; c <= chess.Black; c++ {
		mine := from & pos.ByColor(c)
		enemy := pos.ByColor(c.Other())
		cand := enemy & through
		if mine == 0 || cand == 0 {
			continue
		}
		targets := to & (empty | enemy)
		// rX: the squares with a target in their run beyond along direction
		// X. When every empty square is a target, the first square beyond
		// decides (the targets stepped back); otherwise a slide back from the
		// targets finds them. Rook lines first: a match stops at the first pin.
		stepOnly := empty&^targets == 0
		rk, bs := mine&rooks, mine&bishops
		var pinned [8]chess.Bitboard
		if rk != 0 {
			var rN, rS, rE, rW chess.Bitboard
			if stepOnly {
				rN, rS = rotl(targets, 64-8)&landS, rotl(targets, 8)&landN
				rE, rW = rotl(targets, 64-1)&landW, rotl(targets, 1)&landE
			} else {
				rN, rS = fill(targets, empty&landS, 64-8)&landS, fill(targets, empty&landN, 8)&landN
				rE, rW = fill(targets, empty&landW, 64-1)&landW, fill(targets, empty&landE, 1)&landE
			}
			pinned[chess.North] = fill(rk, empty&landN, 8) & landN & cand & rN
			pinned[chess.South] = fill(rk, empty&landS, 64-8) & landS & cand & rS
			pinned[chess.East] = fill(rk, empty&landE, 1) & landE & cand & rE
			pinned[chess.West] = fill(rk, empty&landW, 64-1) & landW & cand & rW
			if first {
				if all := pinned[0] | pinned[1] | pinned[2] | pinned[3]; all != 0 {
					return all
				}
			}
		}
		if bs != 0 {
			var rNE, rSW, rNW, rSE chess.Bitboard
			if stepOnly {
				rNE, rSW = rotl(targets, 64-9)&landSW, rotl(targets, 9)&landNE
				rNW, rSE = rotl(targets, 64-7)&landSE, rotl(targets, 7)&landNW
			} else {
				rNE, rSW = fill(targets, empty&landSW, 64-9)&landSW, fill(targets, empty&landNE, 9)&landNE
				rNW, rSE = fill(targets, empty&landSE, 64-7)&landSE, fill(targets, empty&landNW, 7)&landNW
			}
			pinned[chess.NorthEast] = fill(bs, empty&landNE, 9) & landNE & cand & rNE
			pinned[chess.SouthWest] = fill(bs, empty&landSW, 64-9) & landSW & cand & rSW
			pinned[chess.NorthWest] = fill(bs, empty&landNW, 7) & landNW & cand & rNW
			pinned[chess.SouthEast] = fill(bs, empty&landSE, 64-7) & landSE & cand & rSE
		}
		all := pinned[0] | pinned[1] | pinned[2] | pinned[3] | pinned[4] | pinned[5] | pinned[6] | pinned[7]
		if all == 0 {
			continue
		}
		if first || value == query.PinThrough {
			if first {
				return all
			}
			r |= all
			continue
		}
		for d, q := range pinned {
			if q == 0 {
				continue
			}
			if value == query.PinTo {
				st := &lineSteps[d]
				r |= fill(q, empty&st.land, st.rot) & st.land & targets
				continue
			}
			back := &lineSteps[d^1]
			pinners := rk
			if back.line == 0 {
				pinners = bs
			}
			r |= fill(q, empty&back.land, back.rot) & back.land & pinners
		}
	}
	return r
}

// lineStep is one direction of the board for set-wise slides: a step
// rotates the board's bits left by rot (a step down the bit order is a
// rotation by 64 minus the step) and keeps only land, the squares a step
// can reach without wrapping round an edge (a step east never lands on the
// a-file, a step north never on the first rank). Rotations instead of
// shifts make one branch-free slide for all eight directions. The order is
// chess.Direction's, so the opposite of direction d is d^1.
type lineStep struct {
	rot  int
	line uint8 // 1 along ranks and files, 0 along diagonals
	land chess.Bitboard
}

const (
	pinFileA chess.Bitboard = 0x0101010101010101
	pinFileH chess.Bitboard = 0x8080808080808080
	pinRank1 chess.Bitboard = 0xFF
	pinRank8 chess.Bitboard = 0xFF << 56
)

// The squares a step in each direction can land on.
const (
	landN  = ^pinRank1
	landS  = ^pinRank8
	landE  = ^pinFileA
	landW  = ^pinFileH
	landNE = ^(pinFileA | pinRank1)
	landSW = ^(pinFileH | pinRank8)
	landNW = ^(pinFileH | pinRank1)
	landSE = ^(pinFileA | pinRank8)
)

var lineSteps = [8]lineStep{
	chess.North:     {8, 1, landN},
	chess.South:     {64 - 8, 1, landS},
	chess.East:      {1, 1, landE},
	chess.West:      {64 - 1, 1, landW},
	chess.NorthEast: {9, 0, landNE},
	chess.SouthWest: {64 - 9, 0, landSW},
	chess.NorthWest: {7, 0, landNW},
	chess.SouthEast: {64 - 7, 0, landSE},
}

// fill is chess.Slide by a Kogge-Stone fill along the direction of rotation
// s: the squares reached from each square of gen through the squares of
// pro (which must be within the direction's land) up to and including the
// first square not in pro, before the last step's mask with land (left to
// the caller so that fill stays inlinable).
func fill(gen, pro chess.Bitboard, s int) chess.Bitboard {
	gen |= pro & rotl(gen, s)
	pro &= rotl(pro, s)
	gen |= pro & rotl(gen, 2*s)
	pro &= rotl(pro, 2*s)
	gen |= pro & rotl(gen, 4*s)
	return rotl(gen, s)
}

func rotl(b chess.Bitboard, k int) chess.Bitboard {
	return chess.Bitboard(bits.RotateLeft64(uint64(b), k))
}
