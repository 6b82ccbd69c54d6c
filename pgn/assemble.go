package pgn

import "github.com/cqlgo/cql/chess"

// Reset empties g, keeping its buffers, for a game assembled node by node (AddRoot,
// AddMove) rather than parsed: an index replays stored moves this way.
func (g *Game) Reset() {
	g.Length, g.Text, g.Cut, g.Skipped, g.Variant, g.StartChecks = 0, nil, false, false, "", chess.Checks{}
	g.Tags = g.Tags[:0]
	g.Nodes = g.Nodes[:0]
	g.notes = g.notes[:0]
	g.Errors = g.Errors[:0]
	g.Warnings = g.Warnings[:0]
	g.Result = ""
}

// AddRoot adds the start position as node 0 (to a Reset game) and returns 0.
func (g *Game) AddRoot(pos *chess.Position) int32 {
	i := g.grow()
	n := &g.Nodes[i]
	n.Pos, n.Move, n.Parent, n.FirstChild, n.NextSibling, n.Ply, n.Variation = *pos, chess.NoMove, -1, -1, -1, 0, false
	return i
}

// AddMove plays m (which must be legal, or the null move) from node parent's position as
// parent's last child, the way the parser adds a move, and returns the new node.
func (g *Game) AddMove(parent int32, m chess.Move, variation bool) int32 {
	i := g.grow()
	n, p := &g.Nodes[i], &g.Nodes[parent]
	n.Pos = p.Pos
	if m.IsPlain() { // most moves: fewer branches than Play, the checkers computed after
		n.Pos.PlayPiece(m.From(), m.To())
		n.Pos.ResolveCheckers()
	} else {
		n.Pos.Play(m)
	}
	n.Move, n.Parent, n.FirstChild, n.NextSibling, n.Ply, n.Variation = m, parent, -1, -1, p.Ply+1, variation
	if p.FirstChild < 0 {
		p.FirstChild = i
	} else {
		s := p.FirstChild
		for g.Nodes[s].NextSibling >= 0 {
			s = g.Nodes[s].NextSibling
		}
		g.Nodes[s].NextSibling = i
	}
	return i
}

// grow appends a node without a note; the caller sets the other fields.
func (g *Game) grow() int32 {
	k := len(g.Nodes)
	if k < cap(g.Nodes) {
		g.Nodes = g.Nodes[:k+1]
		g.Nodes[k].note = 0
	} else {
		g.Nodes = append(g.Nodes, Node{})
	}
	return int32(k)
}

// SetCommentBefore sets the comment before the move that led to node i.
func (g *Game) SetCommentBefore(i int32, c string) { g.noteOf(i).before = c }

// AddNAG appends a numeric annotation glyph to the move that led to node i.
func (g *Game) AddNAG(i int32, nag uint8) {
	nt := g.noteOf(i)
	nt.nags = append(nt.nags, nag)
}
