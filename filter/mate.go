package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// The problemist's mates of CQL 6.2: puremate, modelmate, idealmate and
// their stalemate twins. They follow CQL's own definitions, the CQL script of
// mate functions in CQL's source (build 9.493, src/matefunction.h; the test
// TestProblemMatesAgainstCQL compares with it when given it). Each filter's
// value is the set of participating pieces, empty when the position is not
// such a (stale)mate. The side to move is the mated side s, the other side o
// is the mating side; "guarded" counts o pieces attacking a square of the
// king's field, a line piece's guard running on through the king.
//
// Pure stalemate: every empty square or o piece next to s's king is attacked
// exactly once by o; a pinned s piece there exactly once, an unpinned one not
// at all. Participants: every s piece; the o pieces that are pinned, pin an s
// piece, or attack a square next to s's king.
//
// Pure mate: every flight (empty or o) next to the king is guarded exactly
// once; every s piece there (self-blocker) is unguarded, or, in a single
// check, guarded once, pinned, and with a pseudolegal move to the checker or
// between it and the king (or an en passant capture); in a double check each
// checker is necessary: an unpinned s piece other than the king attacks the
// other checker or a square between it and the king.
//
// Pure mate participants: o pieces that check, guard the king's field or are
// pinned, and in a single check those that pin a possible refuter or stand
// alone on a possible refuter's line to a refutation square; s pieces that
// are the king, next to it, alone on an s line piece's line to o's king, or
// in a single check alone on one to a refutation square. Refutation squares
// are o's king, the checkers and the squares between a checker and s's king;
// a possible refuter is an s piece with a pseudolegal move to one of them.
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
	pinned := pos.Pinned(s)
	participants := own
	for b := chess.KingAttacks(pos.King(s)); b != 0; {
		sq := b.PopFirst()
		a := pos.AttackersTo(sq, occ) & their
		participants |= a
		if own.Has(sq) && !pinned.Has(sq) {
			if a != 0 { // an unpinned self-blocker is not attacked at all
				return 0
			}
			continue
		}
		if a == 0 || a.More() { // flights and pinned self-blockers: exactly once
			return 0
		}
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
	// A line piece's guard runs on through the king to the square behind it.
	see := pos.Occupied() &^ chess.SquareBB(ksq)
	own, their := pos.ByColor(s), pos.ByColor(o)
	field := chess.KingAttacks(ksq)
	checkers := pos.Checkers()
	single := !checkers.More()
	refutation := chess.SquareBB(pos.King(o)) | checkers | betweenSet(checkers, ksq)
	pinned := pos.Pinned(s)
	participants := chess.SquareBB(ksq) | own&field | checkers | pos.Pinned(o)
	for b := field; b != 0; {
		sq := b.PopFirst()
		a := pos.AttackersTo(sq, see) & their
		participants |= a
		if !own.Has(sq) { // a flight, empty or held by o: guarded exactly once
			if a == 0 || a.More() {
				return 0
			}
			continue
		}
		// A self-blocker is unguarded, or, in a single check, guarded once,
		// pinned, and able to capture the checker or interpose (or capture
		// en passant) were it not pinned.
		if a == 0 {
			continue
		}
		if !single || a.More() || !pinned.Has(sq) ||
			pseudoTargets(pos, sq)&(checkers|betweenSet(checkers, ksq)) == 0 && !canEnPassant(pos, sq) {
			return 0
		}
	}
	if !single {
		// Each check is necessary: some unpinned s piece other than the king
		// attacks another checker or a square between it and the king.
		defenders := own &^ chess.SquareBB(ksq) &^ (pinned | pos.Pinned(o))
		for b := checkers; b != 0; {
			c := b.PopFirst()
			rest := checkers &^ chess.SquareBB(c)
			if !attacksAny(pos, defenders, rest|betweenSet(rest, ksq)) {
				return 0
			}
		}
		return participants | lineShields(pos, own, own, chess.SquareBB(pos.King(o)))
	}
	// Possible refuters: s pieces with a pseudolegal move to a refutation square.
	var refuters chess.Bitboard
	for b := own; b != 0; {
		sq := b.PopFirst()
		if pseudoTargets(pos, sq)&refutation != 0 {
			refuters |= chess.SquareBB(sq)
		}
	}
	// o pieces pinning a possible refuter.
	for b := pinnersOf(pos, s); b != 0; {
		p := b.PopFirst()
		if chess.Between(ksq, p)&refuters != 0 {
			participants |= chess.SquareBB(p)
		}
	}
	// o pieces alone between a refuter's line and a refutation square; s
	// pieces alone between an s line piece and o's king or a refutation square.
	return participants | lineShields(pos, refuters, their, refutation) |
		lineShields(pos, own, own, refutation|chess.SquareBB(pos.King(o)))
}

// betweenSet returns the squares strictly between a square of from and to on a line.
func betweenSet(from chess.Bitboard, to chess.Square) chess.Bitboard {
	var r chess.Bitboard
	for b := from; b != 0; {
		r |= chess.Between(b.PopFirst(), to)
	}
	return r
}

// attacksAny reports whether a piece of pieces attacks a square of targets.
func attacksAny(pos *chess.Position, pieces, targets chess.Bitboard) bool {
	occ := pos.Occupied()
	for b := targets; b != 0; {
		if pos.AttackersTo(b.PopFirst(), occ)&pieces != 0 {
			return true
		}
	}
	return false
}

// canEnPassant reports whether a pawn on sq of the side to move could capture
// en passant, pins aside.
func canEnPassant(pos *chess.Position, sq chess.Square) bool {
	ep := pos.EnPassant()
	pc := pos.PieceAt(sq)
	return ep != chess.NoSquare && pc.Type() == chess.Pawn &&
		chess.PawnAttacks(pc.Color(), sq).Has(ep)
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

// lineShields returns the pieces of shields that are the only piece between a
// rook, bishop or queen of from and a square of targets on its line (CQL's
// from → shields → targets).
func lineShields(pos *chess.Position, from, shields, targets chess.Bitboard) chess.Bitboard {
	occ := pos.Occupied()
	var r chess.Bitboard
	for b := from & (pos.ByType(chess.Bishop) | pos.ByType(chess.Rook) | pos.ByType(chess.Queen)); b != 0; {
		sq := b.PopFirst()
		pc := pos.PieceAt(sq)
		for t := chess.EmptyBoardAttacks(pc.Color(), pc.Type(), sq) & targets; t != 0; {
			between := chess.Between(sq, t.PopFirst()) & occ
			if between != 0 && !between.More() {
				r |= between & shields
			}
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
