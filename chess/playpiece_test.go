package chess

import "testing"

// perftPlayPiece counts like Perft, but plays each move that is neither castling, en
// passant nor a promotion with PlayPiece, and checks there that the position equals
// Play's.
func perftPlayPiece(t *testing.T, p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var l MoveList
	p.LegalMoves(&l)
	var n uint64
	for _, m := range l.Moves() {
		want := *p
		want.Play(m)
		q := *p
		if m.IsCastle() || m.IsEnPassant() || m.Promotion() != NoPieceType {
			q.Play(m)
		} else {
			q.PlayPiece(m.From(), m.To())
			r := q
			r.checkers = r.Checkers() // what PlayPiece leaves to be asked
			if r != want {
				t.Fatalf("%s: PlayPiece(%v, %v) gives %s, Play %s", p.FEN(), m.From(), m.To(), q.FEN(), want.FEN())
			}
		}
		n += perftPlayPiece(t, &q, depth-1)
	}
	return n
}

// TestPlayPiecePerft: the published perft counts (perftCases), with PlayPiece playing the
// plain moves (so that the move generator works from positions whose checkers it computes
// when asked), and every position equal to the one Play makes.
func TestPlayPiecePerft(t *testing.T) {
	checkPerftCases(t, 500_000, 50_000, func(p *Position, depth int) uint64 { return perftPlayPiece(t, p, depth) })
}
