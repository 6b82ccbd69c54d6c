package filter

import (
	"strconv"
	"strings"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// CQL's automatic comments, as CQL build 9.493 writes them (pathnode.cpp,
// sequencebase.cpp, echonode.cpp, qpos.cpp of its source distribution): a
// matching line writes "Start line that ends at <id>" at its first position
// and "End line of length N that starts at <id>" at its last, unless the
// line or the run is quiet; a matching path
// writes "Start path that ends at <id>" at its start and "End path of
// length N that starts at <id>" (with max: " Max value: M") at the end of
// its best path, unless the path or the run is quiet; its title at the
// start; with piecepath "Focus path: " and the moves of each focused piece
// (Ng1-f3-g5, a capture as (xg5)); with verbose "move i of N" (after
// "title: " when titled) at each counted move of the best path; with
// keepallbest the same for each path as good as the best, whose end also
// gets "alternative". Echo writes its variables' names at the source and
// target, "-->" and the source's id at the target, "<--" and the target's
// id at the source, and "LCA" at their latest common ancestor when it is
// neither. A position's id reads "move N(wtm)" or "move N(btm)" (N its move
// number), followed on a variation by "[k]", k its position id; naming such
// a position also comments it "id:k". Comments are recorded like those of
// comment filters: written only when the current position matches.

// autoComment records text as a comment of node i.
func (e *Evaluator) autoComment(i int32, text string) {
	e.pending = append(e.pending, Annotation{Node: i, Text: text})
}

// idString is CQL's name of position i in its comments.
func (e *Evaluator) idString(i int32) string {
	nodes := e.g.Nodes
	p := &nodes[i].Pos
	b := make([]byte, 0, 24)
	b = append(b, "move "...)
	b = strconv.AppendInt(b, int64(cqlMoveNumber(nodes, i)), 10)
	if p.SideToMove() == chess.Black {
		b = append(b, "(btm)"...)
	} else {
		b = append(b, "(wtm)"...)
	}
	if depthOf(nodes, i) > 0 {
		id := strconv.Itoa(int(e.tree().id[i]))
		b = append(b, '[')
		b = append(b, id...)
		b = append(b, ']')
		e.autoComment(i, "id:"+id)
	}
	return string(b)
}

// cqlMoveNumber is the move number CQL 9.493 gives position i (qpos.cpp
// getMoveNumber): counted from 1 at the game's start whatever its FEN's
// full-move number, a move being a white move and the black reply, so in
// a game whose first move is black's the white-to-move positions count
// one more (FEN "... b - - 0 40", 40...Kd7: move 2(wtm)).
func cqlMoveNumber(nodes []pgn.Node, i int32) int {
	ply := int(nodes[i].Ply)
	if nodes[0].Pos.SideToMove() == chess.Black && nodes[i].Pos.SideToMove() == chess.White {
		ply++
	}
	return ply/2 + 1
}

// notate writes the comments of a matching path from start to finish with
// count counted moves (and max value mx).
func (n *pathNode) notate(e *Evaluator, start, finish int32, count, mx int) {
	if n.title != "" {
		e.autoComment(start, n.title)
	}
	if n.piecePath {
		if s := n.piecePathString(e, start, finish); s != "" {
			e.autoComment(start, "Focus path: "+s)
		}
	}
	if n.verbose {
		n.verboseComments(e, start, finish, count)
	}
	if n.quiet || e.q.header.Quiet {
		return
	}
	end := "End path of length " + strconv.Itoa(count) + " that starts at " + e.idString(start)
	if n.max != nil {
		end += " Max value: " + strconv.Itoa(mx)
	}
	e.autoComment(finish, end)
	e.autoComment(start, "Start path that ends at "+e.idString(finish))
}

// pathNodes returns the nodes after start up to finish, in order (finish
// is a descendant of start).
func pathNodes(e *Evaluator, start, finish int32) []int32 {
	var out []int32
	for i := finish; i != start && i >= 0; i = e.g.Nodes[i].Parent {
		out = append(out, i)
	}
	for a, b := 0, len(out)-1; a < b; a, b = a+1, b-1 {
		out[a], out[b] = out[b], out[a]
	}
	return out
}

// verboseComments writes "move i of count" at the tail of each counted move
// from start to finish.
func (n *pathNode) verboseComments(e *Evaluator, start, finish int32, count int) {
	focus := n.startFocus(e, start)
	k := 0
	for _, c := range pathNodes(e, start, finish) {
		in := true
		if n.hasFocus() {
			e.at(e.g.Nodes[c].Parent)
			in, focus = n.inFocus(e, e.g.Nodes[c].Move, focus)
		}
		if !in {
			continue
		}
		k++
		text := "move " + strconv.Itoa(k) + " of " + strconv.Itoa(count)
		if n.title != "" {
			text = n.title + ": " + text
		}
		e.autoComment(c, text)
	}
	e.at(start)
}

// startFocus is the set of focused squares at the start (every square
// without focus).
func (n *pathNode) startFocus(e *Evaluator, start int32) chess.Bitboard {
	e.at(start)
	switch {
	case n.singleColor:
		return e.pos.ByColor(e.pos.SideToMove())
	case n.focus != nil:
		return n.focus.set(e) & e.pos.Occupied()
	}
	return all
}

// piecePathString follows each focused piece from start to finish: its
// letter and square, then "-sq" for each square it moves to, or "(xsq)"
// when it is taken on sq. Pieces that do not move are left out.
func (n *pathNode) piecePathString(e *Evaluator, start, finish int32) string {
	moves := pathNodes(e, start, finish)
	focus := n.startFocus(e, start)
	var parts []string
	for bb := focus; bb != 0; {
		sq := bb.First()
		bb &^= chess.SquareBB(sq)
		b := []byte{e.g.Nodes[start].Pos.PieceAt(sq).Letter()}
		b = append(b, sq.String()...)
		at := sq
		for _, c := range moves {
			m := e.g.Nodes[c].Move
			if m == chess.NoMove || m.IsNull() {
				continue
			}
			from, to := m.From(), m.To()
			if m.IsCastle() {
				switch at {
				case from:
					at = m.KingTo()
				case to:
					at = chess.SquareAt(3, from.Rank())
					if to > from {
						at = chess.SquareAt(5, from.Rank())
					}
				default:
					continue
				}
				b = append(b, '-')
				b = append(b, at.String()...)
				continue
			}
			capSq := m.TakenSquare()
			if from == at {
				at = to
				b = append(b, '-')
				b = append(b, at.String()...)
			} else if capSq == at {
				b = append(b, "(x"...)
				b = append(b, at.String()...)
				b = append(b, ')')
				break
			}
		}
		if len(b) > 3 {
			parts = append(parts, string(b))
		}
	}
	e.at(start)
	return strings.Join(parts, " ")
}

// depthOf is the number of secondary moves on the way from the initial
// position to node i (CQL's depth).
func depthOf(nodes []pgn.Node, i int32) int {
	d := 0
	for ; nodes[i].Parent >= 0; i = nodes[i].Parent {
		if nodes[nodes[i].Parent].FirstChild != i {
			d++
		}
	}
	return d
}

// nestSlot allocates a nestban slot for a line or path.
func (c *compiler) nestSlot() int {
	c.q.nestSlots++
	return c.q.nestSlots - 1
}

// nestHas reports whether node i lies inside an earlier match of the
// nestban line or path k in this game.
func (e *Evaluator) nestHas(k int, i int32) bool {
	s := e.nest[k]
	w := int(i) >> 6
	return w < len(s) && s[w]&(1<<(uint(i)&63)) != 0
}

// nestAdd bans node i for the nestban line or path k for the rest of the game.
func (e *Evaluator) nestAdd(k int, i int32) {
	w := int(i) >> 6
	if w >= len(e.nest[k]) {
		e.nest[k] = append(e.nest[k], make([]uint64, w+1-len(e.nest[k]))...)
	}
	e.nest[k][w] |= 1 << (uint(i) & 63)
}

// notate writes echo's comments for the matching pair source s, target t.
func (n *echoNode) notate(e *Evaluator, s, t int32) {
	if l := e.lca(s, t); l != s && l != t {
		e.autoComment(l, "LCA")
	}
	e.autoComment(s, n.srcName)
	e.autoComment(t, n.dstName)
	e.autoComment(t, "-->"+e.idString(s))
	e.autoComment(s, "<--"+e.idString(t))
}
