package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// noID marks an empty square in an identity table, and noSq a piece that is
// no longer on the board.
const (
	noID = 0
	noSq = 64
)

// idTable says which piece (by identity) stands on each square at one node of
// a game, and where each piece stands. Identities are 1..n, assigned to the
// pieces of the game's start position in square order; a piece keeps its
// identity through moves, castling and promotion until it is captured.
type idTable struct {
	at [64]uint8 // square -> identity, noID when empty
	sq [65]uint8 // identity -> square, noSq when captured (index 0 unused)
	n  uint8     // number of identities handed out
	_  [6]uint8  // keep the struct a multiple of 8 bytes
}

// squareOf returns the square of piece id, and false when it is not on the board.
func (t *idTable) squareOf(id uint8) (chess.Square, bool) {
	if id == noID || int(id) >= len(t.sq) || t.sq[id] == noSq {
		return chess.NoSquare, false
	}
	return chess.Square(t.sq[id]), true
}

// initFrom numbers the pieces of pos in square order.
func (t *idTable) initFrom(pos *chess.Position) {
	for i := range t.sq {
		t.sq[i] = noSq
	}
	t.n = 0
	occ := pos.Occupied()
	for s := chess.Square(0); s < 64; s++ {
		if occ.Has(s) {
			t.n++
			t.at[s] = t.n
			t.sq[t.n] = uint8(s)
		} else {
			t.at[s] = noID
		}
	}
}

// play updates the table for move m played in pos (the position before m).
func (t *idTable) play(pos *chess.Position, m chess.Move) {
	if m == chess.NoMove || m.IsNull() {
		return
	}
	from, to := m.From(), m.To()
	if m.IsCastle() {
		// Castling is encoded king -> own rook; both land on fixed files of
		// the back rank. Read both identities before writing, because in
		// Chess960 a destination may be the other piece's origin.
		kid, rid := t.at[from], t.at[to]
		kdst := m.KingTo()
		rdst := chess.SquareAt(5, kdst.Rank()) // f-file
		if kdst.File() == 2 {
			rdst = chess.SquareAt(3, kdst.Rank()) // d-file
		}
		t.at[from], t.at[to] = noID, noID
		t.at[kdst], t.at[rdst] = kid, rid
		if kid != noID {
			t.sq[kid] = uint8(kdst)
		}
		if rid != noID {
			t.sq[rid] = uint8(rdst)
		}
		return
	}
	victim := m.TakenSquare()
	if v := t.at[victim]; v != noID {
		t.sq[v] = noSq
		t.at[victim] = noID
	}
	id := t.at[from]
	t.at[from] = noID
	t.at[to] = id
	if id != noID {
		t.sq[id] = uint8(to)
	}
}

// buildIdentities fills tabs with one table per node of g, following every
// move from its parent. Nodes usually come in parse order (parent first); a
// node whose parent comes later is filled by walking up to a filled ancestor.
func buildIdentities(g *pgn.Game, tabs []idTable, done []bool) {
	for i := range done {
		done[i] = false
	}
	for i := range g.Nodes {
		fillIdentity(g, tabs, done, int32(i))
	}
}

func fillIdentity(g *pgn.Game, tabs []idTable, done []bool, i int32) {
	for !done[i] {
		// Find the highest unfilled ancestor whose parent is filled (or root).
		j := i
		for {
			p := g.Nodes[j].Parent
			if p < 0 || done[p] {
				break
			}
			j = p
		}
		p := g.Nodes[j].Parent
		if p < 0 {
			tabs[j].initFrom(&g.Nodes[j].Pos)
		} else {
			tabs[j] = tabs[p]
			tabs[j].play(&g.Nodes[p].Pos, g.Nodes[j].Move)
		}
		done[j] = true
	}
}
