package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// fillPromoted sets out[i] to the squares of node i's pieces that were pawns
// at the game's start: none at the root; a move carries its piece's mark
// from its square to its destination, a promotion marks its piece, and a
// capture takes the taken piece's mark with it. Castling moves a king and a
// rook, which were never pawns (a promoted rook has no castling right).
func fillPromoted(nodes []pgn.Node, out []chess.Bitboard) {
	var done []bool // allocated only if a node comes before its parent
	for i := range nodes {
		if done != nil && done[i] {
			continue // filled with a chain below
		}
		switch p := nodes[i].Parent; {
		case p < 0:
			out[i] = 0
		case int(p) < i:
			out[i] = stepPromoted(out[p], nodes[i].Move)
		default: // a parent parsed after its child: fill the chain from a filled ancestor
			if done == nil {
				done = make([]bool, len(nodes))
				for j := 0; j < i; j++ {
					done[j] = true
				}
			}
			fillPromotedChain(nodes, out, done, int32(i))
		}
		if done != nil {
			done[i] = true
		}
	}
}

func fillPromotedChain(nodes []pgn.Node, out []chess.Bitboard, done []bool, i int32) {
	var chain []int32
	for j := i; j >= 0 && !done[j]; j = nodes[j].Parent {
		chain = append(chain, j)
	}
	for k := len(chain) - 1; k >= 0; k-- {
		j := chain[k]
		if p := nodes[j].Parent; p < 0 {
			out[j] = 0
		} else {
			out[j] = stepPromoted(out[p], nodes[j].Move)
		}
		done[j] = true
	}
}

// stepPromoted is the promoted set after move m from a position whose set is b.
func stepPromoted(b chess.Bitboard, m chess.Move) chess.Bitboard {
	if b == 0 && m.Promotion() == chess.NoPieceType {
		return 0 // the usual case: no promoted piece yet, none now
	}
	if m == chess.NoMove || m.IsNull() || m.IsCastle() {
		return b
	}
	from, to := chess.SquareBB(m.From()), chess.SquareBB(m.To())
	moved := b&from != 0 || m.Promotion() != chess.NoPieceType
	b &^= from | to | chess.SquareBB(m.TakenSquare())
	if moved {
		b |= to
	}
	return b
}
