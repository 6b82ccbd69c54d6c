package chess

// Perft counts the leaf nodes of the legal move tree to the given depth, counting the moves
// of the last ply in bulk. It is the standard check of a move generator.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// An explicit stack of positions: escape analysis would move a recursive local to the heap.
	stack := make([]Position, depth)
	stack[0] = *p
	return perft(stack, depth)
}

func perft(stack []Position, depth int) uint64 {
	p := &stack[0]
	var l MoveList
	if depth == 1 {
		p.gen(&l, true)
		return uint64(l.n)
	}
	p.genLegal(&l)
	next := &stack[1]
	var n uint64
	for _, m := range l.moves[:l.n] {
		*next = *p
		next.Play(m)
		n += perft(stack[1:], depth-1)
	}
	return n
}

// PerftDivide returns the perft count below each legal move.
func PerftDivide(p *Position, depth int) ([]Move, []uint64) {
	var l MoveList
	p.LegalMoves(&l)
	moves := append([]Move(nil), l.Moves()...)
	counts := make([]uint64, len(moves))
	for i, m := range moves {
		next := *p
		next.Play(m)
		counts[i] = Perft(&next, depth-1)
	}
	return moves, counts
}
