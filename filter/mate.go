package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// The problemist's mates of CQL 6.2: puremate, modelmate, idealmate and
// their stalemate twins (manual pages puremate.html and purestalemate.html).
// Each filter's value is the set of participating pieces, empty when the
// position is not such a (stale)mate. The side to move is the mated side s,
// the other side o is the mating side.
//
// Pure stalemate (the manual's four conditions): s is stalemated; every empty
// square next to s's king is attacked exactly once by o; every o piece next
// to it is attacked exactly once by o; no s piece next to it, pinned or not,
// is attacked by o. Participants: every s piece; the o pieces that are
// pinned, pin an s piece, or attack a square next to s's king.
//
// Pure mate follows the manual's rule "no unnecessary attack by the mating
// side on a square adjacent to the mated king or the king itself", spelled
// out with the same conditions as the pure stalemate (the manual's example:
// Kh1 Qh7 Bg6 Rh2 Ng5 against kh8 is no pure mate, the queen on h7 being
// attacked three times), plus the attack on the king itself: a single check,
// or a double check in which each check is necessary, that is, without it s
// could capture the other checker or interpose against it. A square behind
// the mated king on a checking line counts as attacked (the king does not
// shield it: it cannot go there).
//
// Pure mate participants, from the manual: o pieces that check, attack a
// square next to s's king, are pinned, or (without double check) pin a
// potential refuter or are the one piece between a refuter and a refutation
// square it would otherwise attack; s pieces that are the king, next to the
// king, the one piece between an s line piece and o's king, or (without
// double check) the one piece between an s line piece and a refutation
// square. Refutation squares are o's king, the checkers and the squares
// between a checker and s's king; a potential refuter is an s piece (not the
// king) with a pseudolegal move to one of them.
//
// A model (stale)mate is a pure one in which every o piece other than king
// and pawns participates; an ideal one, a pure one in which every piece on
// the board participates.
type problemMateNode struct {
	stalemate bool
	economy   mateEconomy
}

// mateEconomy says which pieces must participate beyond purity.
type mateEconomy uint8

const (
	economyPure  mateEconomy = iota
	economyModel             // every mating piece but king and pawns
	economyIdeal             // every piece on the board
)

func newProblemMateNode(k query.GeoKind) problemMateNode {
	switch k {
	case query.GeoPureStalemate:
		return problemMateNode{stalemate: true}
	case query.GeoModelStalemate:
		return problemMateNode{stalemate: true, economy: economyModel}
	case query.GeoIdealStalemate:
		return problemMateNode{stalemate: true, economy: economyIdeal}
	case query.GeoModelMate:
		return problemMateNode{economy: economyModel}
	case query.GeoIdealMate:
		return problemMateNode{economy: economyIdeal}
	}
	return problemMateNode{}
}

func (n problemMateNode) set(e *Evaluator) chess.Bitboard {
	pos := e.pos
	var p chess.Bitboard
	if n.stalemate {
		p = pureStalemate(pos)
	} else {
		p = pureMate(pos)
	}
	if p == 0 {
		return 0
	}
	switch n.economy {
	case economyModel:
		officers := pos.ByColor(pos.SideToMove().Other()) &^ (pos.ByType(chess.King) | pos.ByType(chess.Pawn))
		if officers&^p != 0 {
			return 0
		}
	case economyIdeal:
		if pos.Occupied()&^p != 0 {
			return 0
		}
	}
	return p
}
func (n problemMateNode) match(e *Evaluator) bool { return n.set(e) != 0 }

// pureStalemate returns the participants of a pure stalemate, else 0.
func pureStalemate(pos *chess.Position) chess.Bitboard {
	if pos.InCheck() || pos.HasLegalMove() {
		return 0
	}
	s := pos.SideToMove()
	o := s.Other()
	occ := pos.Occupied()
	own, their := pos.ByColor(s), pos.ByColor(o)
	participants := own
	for b := chess.KingAttacks(pos.King(s)); b != 0; {
		sq := b.PopFirst()
		a := pos.AttackersTo(sq, occ) & their
		if own.Has(sq) {
			if a != 0 {
				return 0
			}
			continue
		}
		if a == 0 || a.More() { // empty squares and o pieces: exactly once
			return 0
		}
		participants |= a
	}
	return participants | pos.Pinned(o) | pinnersOf(pos, s)
}

// pureMate returns the participants of a pure mate, else 0.
func pureMate(pos *chess.Position) chess.Bitboard {
	if !pos.InCheck() || pos.HasLegalMove() {
		return 0
	}
	s := pos.SideToMove()
	o := s.Other()
	ksq := pos.King(s)
	see := pos.Occupied() &^ chess.SquareBB(ksq)
	own, their := pos.ByColor(s), pos.ByColor(o)
	field := chess.KingAttacks(ksq)
	participants := chess.SquareBB(ksq) | own&field
	for b := field; b != 0; {
		sq := b.PopFirst()
		a := pos.AttackersTo(sq, see) & their
		if own.Has(sq) {
			if a != 0 {
				return 0
			}
			continue
		}
		if a == 0 || a.More() {
			return 0
		}
		participants |= a
	}
	checkers := pos.Checkers()
	participants |= checkers | pos.Pinned(o) | lineShields(pos, s, chess.SquareBB(pos.King(o)))
	if checkers.More() {
		x := checkers.First()
		y := (checkers &^ chess.SquareBB(x)).First()
		if checkers.Count() > 2 || !checkNeeded(pos, x, y) || !checkNeeded(pos, y, x) {
			return 0
		}
		return participants
	}
	refutation := chess.SquareBB(pos.King(o)) | checkers | chess.Between(checkers.First(), ksq)
	// White pieces pinning a potential refuter.
	pinned := pos.Pinned(s)
	for b := pinnersOf(pos, s); b != 0; {
		p := b.PopFirst()
		x := chess.Between(ksq, p) & pinned
		if pseudoTargets(pos, x.First())&refutation != 0 {
			participants |= chess.SquareBB(p)
		}
	}
	// The one piece, of either colour, between an s line piece (or a pawn's
	// double step) and a refutation square.
	return participants | lineShields(pos, s, refutation)
}

// checkNeeded reports whether the check of x is necessary in a double check
// by x and y: without it, the mated side could capture y or interpose between
// y and its king by a move of a piece other than the king.
func checkNeeded(pos *chess.Position, x, y chess.Square) bool {
	s := pos.SideToMove()
	ksq := pos.King(s)
	occ := pos.Occupied()
	their := pos.ByColor(s.Other())
	targets := chess.SquareBB(y) | chess.Between(y, ksq)
	for b := pos.ByColor(s) &^ pos.ByType(chess.King); b != 0; {
		from := b.PopFirst()
		for t := pseudoTargets(pos, from) & targets; t != 0; {
			to := t.PopFirst()
			after := occ&^chess.SquareBB(from) | chess.SquareBB(to)
			if pos.AttackersTo(ksq, after)&their&^chess.SquareBB(x)&^chess.SquareBB(to) == 0 {
				return true
			}
		}
	}
	// En passant capture of a pawn checker that has just made its double step.
	if ep := pos.EnPassant(); ep != chess.NoSquare && pos.PieceAt(y).Type() == chess.Pawn && ep.File() == y.File() {
		for b := chess.PawnAttacks(s.Other(), ep) & pos.Pieces(s, chess.Pawn); b != 0; {
			from := b.PopFirst()
			after := occ&^chess.SquareBB(from)&^chess.SquareBB(y) | chess.SquareBB(ep)
			if pos.AttackersTo(ksq, after)&their&^chess.SquareBB(x)&^chess.SquareBB(y) == 0 {
				return true
			}
		}
	}
	return false
}

// pseudoTargets returns the squares the piece on sq could move to, checks
// and pins aside (captures of the enemy king included).
func pseudoTargets(pos *chess.Position, sq chess.Square) chess.Bitboard {
	pc := pos.PieceAt(sq)
	if pc == chess.NoPiece {
		return 0
	}
	c := pc.Color()
	if pc.Type() != chess.Pawn {
		return pos.AttacksFrom(sq) &^ pos.ByColor(c)
	}
	enemy := pos.ByColor(c.Other())
	if ep := pos.EnPassant(); ep != chess.NoSquare {
		enemy |= chess.SquareBB(ep)
	}
	t := chess.PawnAttacks(c, sq) & enemy
	occ := pos.Occupied()
	step, start := 8, 1
	if c == chess.Black {
		step, start = -8, 6
	}
	one := chess.Square(int(sq) + step)
	if one < chess.NoSquare && !occ.Has(one) {
		t |= chess.SquareBB(one)
		if two := chess.Square(int(one) + step); sq.Rank() == start && !occ.Has(two) {
			t |= chess.SquareBB(two)
		}
	}
	return t
}

// lineShields returns the pieces (of either colour) that are the only piece
// between a line piece of s and a square of targets on its line, or between
// a pawn of s on its starting rank and a target two steps ahead.
func lineShields(pos *chess.Position, s chess.Color, targets chess.Bitboard) chess.Bitboard {
	occ := pos.Occupied()
	q := pos.ByType(chess.Queen)
	var r chess.Bitboard
	for b := pos.ByColor(s) & (pos.ByType(chess.Bishop) | pos.ByType(chess.Rook) | q); b != 0; {
		from := b.PopFirst()
		pc := pos.PieceAt(from)
		for t := chess.EmptyBoardAttacks(s, pc.Type(), from) & targets; t != 0; {
			between := chess.Between(from, t.PopFirst()) & occ
			if between != 0 && !between.More() {
				r |= between
			}
		}
	}
	step, start := 8, 1
	if s == chess.Black {
		step, start = -8, 6
	}
	for b := pos.Pieces(s, chess.Pawn); b != 0; {
		from := b.PopFirst()
		if from.Rank() != start {
			continue
		}
		one := chess.Square(int(from) + step)
		two := chess.Square(int(one) + step)
		if targets.Has(two) && occ.Has(one) && !occ.Has(two) {
			r |= chess.SquareBB(one)
		}
	}
	return r
}

// pinnersOf returns the line pieces of the other side that pin a piece of c
// to c's king.
func pinnersOf(pos *chess.Position, c chess.Color) chess.Bitboard {
	ksq := pos.King(c)
	q := pos.ByType(chess.Queen)
	snipers := (chess.RookAttacks(ksq, 0)&(pos.ByType(chess.Rook)|q) |
		chess.BishopAttacks(ksq, 0)&(pos.ByType(chess.Bishop)|q)) & pos.ByColor(c.Other())
	var r chess.Bitboard
	for snipers != 0 {
		p := snipers.PopFirst()
		if b := chess.Between(ksq, p) & pos.Occupied(); b != 0 && !b.More() && b&pos.ByColor(c) != 0 {
			r |= chess.SquareBB(p)
		}
	}
	return r
}
