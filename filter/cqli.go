package filter

import (
	"github.com/cqlgo/cql/chess"
)

// CQLi's board-state filters (cql64.com/manual, "Board State Filters";
// docs/cqli.md says what each computes and where the manual left us a choice).

// halfmoveClockNode is `halfmoveclock`: the halfmoves since the last capture
// or pawn move, counted from the game's start position (a FEN tag's fifth
// field, 0 without one), as the FEN of the position writes it.
type halfmoveClockNode struct{}

func (halfmoveClockNode) num(e *Evaluator) (int, bool) { return e.pos.HalfmoveClock(), true }
func (halfmoveClockNode) match(*Evaluator) bool        { return true }

// currentFenNode is `currentfen`: the position's FEN with all six fields, the
// en passant square written only when a pawn of the side to move stands
// beside the pawn that just made a double step (as Polyglot, Stockfish and
// lichess write it), the counters the game's own.
type currentFenNode struct{}

func (currentFenNode) str(e *Evaluator) (string, bool) {
	e.fenBuf = e.fenW.Append(e.fenBuf[:0], e.pos)
	return string(e.fenBuf), true
}
func (currentFenNode) match(*Evaluator) bool { return true }

// standardFenNode is `standardfen`: currentfen with the en passant square
// of the PGN standard (16.1.3.4): the square behind a pawn that just made a
// double step, whether or not a pawn could take there.
type standardFenNode struct{}

func (standardFenNode) str(e *Evaluator) (string, bool) {
	b := e.fenW.Append(e.fenBuf[:0], e.pos)
	e.fenBuf = b
	nd := &e.g.Nodes[e.cur]
	if e.pos.EnPassant() != chess.NoSquare || nd.Parent < 0 || nd.Move.IsNull() || nd.Move == chess.NoMove {
		return string(b), true
	}
	from, to := nd.Move.From(), nd.Move.To()
	if e.pos.PieceAt(to).Type() != chess.Pawn || (to-from != 16 && from-to != 16) {
		return string(b), true
	}
	// The fourth field is "-": put the square in its place.
	ep := chess.Square((from + to) / 2).String()
	spaces := 0
	for i, c := range b {
		if c == ' ' {
			spaces++
			if spaces == 3 {
				out := make([]byte, 0, len(b)+1)
				out = append(append(append(out, b[:i+1]...), ep...), b[i+2:]...)
				return string(out), true
			}
		}
	}
	return string(b), true
}
func (standardFenNode) match(*Evaluator) bool { return true }

// zobristNode is `zobristkey`: the position's Polyglot key (polyglotKey), as
// a signed 64-bit number (the key's bits; str gives it in decimal).
type zobristNode struct{}

func (zobristNode) num(e *Evaluator) (int, bool) { return int(int64(polyglotKey(e.pos))), true }
func (zobristNode) match(*Evaluator) bool        { return true }

// polyglotKey is the key Polyglot's opening books file a position under
// (book_format.html): the pieces, the castling rights (a right's rook
// beyond its king towards the h-file is K or k), the en passant file when a
// pawn of the side to move stands beside the pawn that just made a double
// step (chess.Position keeps the square exactly then), and White to move.
func polyglotKey(p *chess.Position) uint64 {
	var key uint64
	for occ := p.Occupied(); occ != 0; {
		s := occ.PopFirst()
		pc := p.PieceAt(s)
		kind := 2*(int(pc.Type())-1) + int(1-pc.Color()) // black pawn 0, white pawn 1 ... white king 11
		key ^= polyglotRandom[64*kind+int(s)]
	}
	for rooks := p.CastlingRooks(); rooks != 0; {
		r := rooks.PopFirst()
		c := p.PieceAt(r).Color()
		bit := 2 * int(c)
		if r.File() < p.King(c).File() {
			bit++ // queen side
		}
		key ^= polyglotRandom[768+bit]
	}
	if ep := p.EnPassant(); ep != chess.NoSquare {
		key ^= polyglotRandom[772+ep.File()]
	}
	if p.SideToMove() == chess.White {
		key ^= polyglotRandom[780]
	}
	return key
}

// promotedNode is `promotedpieces`: the squares of the pieces that were
// pawns at the game's start (no piece of a FEN start position counts as
// promoted), followed through the game as piece identities are.
type promotedNode struct{}

func (promotedNode) set(e *Evaluator) chess.Bitboard { return e.promotedAt() }
func (promotedNode) match(e *Evaluator) bool         { return e.promotedAt() != 0 }

// promotedAt returns the promoted pieces of the current node, filling the
// game's table on first use.
func (e *Evaluator) promotedAt() chess.Bitboard {
	if !e.promotedDone {
		n := len(e.g.Nodes)
		if cap(e.promoted) < n {
			e.promoted = make([]chess.Bitboard, n, n+n/2)
		}
		e.promoted = e.promoted[:n]
		fillPromoted(e.g.Nodes, e.promoted)
		e.promotedDone = true
	}
	if int(e.cur) >= len(e.promoted) {
		return 0 // an imagined position past the game's nodes
	}
	return e.promoted[e.cur]
}
