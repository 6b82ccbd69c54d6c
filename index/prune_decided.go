package index

import (
	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cqlgo/cql/query"
)

// Decided returns the games that certainly match prog, by the summaries alone: for each,
// some position the query visits satisfies the body for certain. A run that needs only
// the number of matching games (run.MatchesOnly) counts them without replaying them.
// nil means none.
//
// Only a body whose evaluation has no effect (no message, no variable, no file, no
// failure; see pure) is decided, and only by facts that hold at one position:
//   - `true`: every game (its first position);
//   - `mate`, `stalemate`, `check`: the flag of the positions searched (main line or all);
//   - `move` (played or previous) with only `o-o`, `o-o-o`, `castle` or `enpassant`:
//     such a move was played, in a game without variations unless the query searches
//     variations (the flags are of all moves, and a main-line query does not visit a
//     variation's positions);
//   - a piece designator without empty squares (`Ka8`, `[QR]f7`): a piece of it stood
//     on one of its squares (the occupancy lists, again in a game without variations
//     unless the query searches them);
//   - `X attacks k` (or `k attackedby X`), X pieces of the other colour, both on any
//     square: the king-attack lists (again in a game without variations unless the
//     query searches them);
//   - `or` and transforms: any part;
//   - the position-local part of the query (see prune_summary.go) certainly true for a
//     material signature the game reached (again in a game without variations unless
//     the query searches them), or for the game's tags.
//
// `and` and blocks decide nothing (their parts may hold at different positions) unless
// every other part is `true`. Games with problems are never decided: they are replayed,
// so that their problems are reported.
func (ix *Index) Decided(prog *query.Program, variations bool) (*roaring.Bitmap, error) {
	return ix.newPruner(variations).decided(prog)
}

// Analyse is Candidates and, when decide is set, Decided, in one pass over the summaries.
func (ix *Index) Analyse(prog *query.Program, variations, decide bool) (cand, decided *roaring.Bitmap, err error) {
	if len(query.MatchedNumberNodes(prog)) > 0 {
		// A value where a match is tested stops the run wherever the scan first reaches it
		// (CQL's rule), maybe in a game the summaries would skip: replay every game.
		return nil, nil, nil
	}
	p := ix.newPruner(variations)
	if cand, err = p.candidates(prog); err != nil || !decide {
		return cand, nil, err
	}
	decided, err = p.decided(prog)
	return cand, decided, err
}

func (p *pruner) decided(prog *query.Program) (*roaring.Bitmap, error) {
	if prog == nil || prog.Body == nil || !pure(prog.Body) {
		return nil, nil
	}
	if h := prog.Header; h != nil && (h.MatchCount != nil || h.GameNumber != nil || h.Result != "" || h.SortMatchCount) {
		return nil, nil
	}
	for _, sym := range prog.Symbols {
		if sym != nil && (sym.Persistent || sym.Kind == query.VarDictionary) {
			return nil, nil
		}
	}
	c := or(p.certain(prog.Body), p.summaryCertain(prog.Body))
	if p.err != nil {
		return nil, p.err
	}
	var bm *roaring.Bitmap
	if c.all {
		bm = roaring.New()
		bm.AddRange(0, uint64(p.ix.Meta.Games))
	} else {
		bm = c.bm.Clone()
	}
	bm.AndNot(p.get(modeAll, flagErrors))
	return bm, p.err
}

// certain returns the games in which n certainly holds at some position searched.
func (p *pruner) certain(n query.Node) cond {
	none := cond{bm: roaring.New()}
	switch n := n.(type) {
	case *query.BoolLit:
		if n.Value {
			return allGames
		}
	case *query.Block:
		return p.certainAll(n.Filters)
	case *query.Binary:
		switch n.Op {
		case query.OpAnd:
			return p.certainAll([]query.Node{n.X, n.Y})
		case query.OpOr:
			return or(p.certain(n.X), p.certain(n.Y))
		case query.OpAttacks:
			return p.certainKingAttack(n.X, n.Y)
		case query.OpAttackedBy:
			return p.certainKingAttack(n.Y, n.X)
		}
	case *query.Keyword:
		if name, ok := keywordFlags[n.Kind]; ok {
			return p.flag(p.mode, name)
		}
	case *query.Transform:
		if n.Count || len(n.Variants) == 0 {
			return none
		}
		c := none
		for _, v := range n.Variants {
			c = or(c, p.certain(v))
		}
		return c
	case *query.Move:
		return p.certainMove(n)
	case *query.PieceDesignator:
		// A piece of the designator stood on one of its squares: the occupancy lists, of
		// all positions (sound for pruning as they are: p.set).
		if n.Pieces == 0 || n.Squares == 0 || n.Pieces.Has(query.Empty) {
			return none
		}
		return p.visited(p.set(n))
	}
	return none
}

// certainAll: the filters all hold at one position. Only `true` is known to hold at
// every position, so at most one filter may be anything else.
func (p *pruner) certainAll(fs []query.Node) cond {
	var rest []query.Node
	for _, f := range fs {
		if b, ok := f.(*query.BoolLit); ok && b.Value {
			continue
		}
		rest = append(rest, f)
	}
	switch len(rest) {
	case 0:
		return allGames
	case 1:
		return p.certain(rest[0])
	case 2:
		// `wtm move o-o-o`: the side to move's castling, by the lists of each side's
		for i, f := range rest {
			m, ok := rest[1-i].(*query.Move)
			if side := p.sideToMove(f); ok && side >= 0 && p.side < 0 {
				defer p.setSide(side)()
				return p.certainMove(m)
			}
		}
	}
	return cond{bm: roaring.New()}
}

// certainKingAttack: x, pieces of one colour anywhere, attacks y, the other colour's king
// anywhere, exactly when the king-attack lists say so (they are of all positions).
func (p *pruner) certainKingAttack(x, y query.Node) cond {
	xd, ok := x.(*query.PieceDesignator)
	yd, ok2 := y.(*query.PieceDesignator)
	if !ok || !ok2 || xd.Squares != query.AllSquares || yd.Squares != query.AllSquares {
		return cond{bm: roaring.New()}
	}
	c := p.kingAttack(x, y)
	if c.all {
		return cond{bm: roaring.New()}
	}
	return p.visited(c)
}

// certainMove: a castling or en-passant move, and nothing else asked of it.
func (p *pruner) certainMove(n *query.Move) cond {
	none := cond{bm: roaring.New()}
	if n.Select != query.MovePlayed && n.Select != query.MovePrevious || n.Value == query.MoveValueCount ||
		n.From != nil || n.To != nil || n.Capture != nil || n.EnPassantSquare != nil || n.Promote != 0 ||
		n.Null || n.Primary || n.Secondary || n.Comment != nil {
		return none
	}
	var c cond
	switch {
	case n.EnPassant && (n.OO || n.OOO || n.Castle):
		return none // an en-passant capture is no castling move
	case n.EnPassant:
		if p.side >= 0 {
			return none // the lists do not say which side took en passant
		}
		c = p.flag(modeAll, flagEP)
	case n.OO && n.OOO:
		return none
	case n.OO:
		c = p.castled(n, false)
	case n.OOO:
		c = p.castled(n, true)
	case n.Castle:
		c = or(p.castled(n, false), p.castled(n, true))
	default:
		return none
	}
	return p.visited(c)
}

// visited narrows a condition from the all-positions facts to the games whose positions
// with those facts the query visits: all games when it searches variations, else the
// games without variations.
func (p *pruner) visited(c cond) cond {
	if p.mode == modeAll || c.all {
		return c
	}
	bm := c.bm.Clone()
	bm.AndNot(p.get(modeAll, flagVariations))
	return cond{bm: bm}
}

// summaryCertain returns the games for which the position-local part of body is certainly
// true by a material signature they reached or by their tags.
func (p *pruner) summaryCertain(body query.Node) cond {
	probe := summaryEnv{}
	c := cond{bm: roaring.New()}
	if t := probe.logical(body); t.certain {
		return allGames
	} else if !t.possible {
		return c
	}
	if probe.usesMat {
		c = or(c, p.visited(p.materialCertain(body)))
	}
	if probe.usesTags {
		c = or(c, p.tagCertain(body))
	}
	return c
}

func (p *pruner) materialCertain(body query.Node) cond {
	bm := roaring.New()
	for _, key := range p.signatures(body).certain {
		bm.Or(p.get(key[1], string(key[2:])))
	}
	return cond{bm: bm}
}

func (p *pruner) tagCertain(body query.Node) cond {
	t := p.tagSets(body)
	if t == nil {
		return cond{bm: roaring.New()}
	}
	return cond{bm: t.certain}
}

// pure reports whether evaluating n has no effect but its value: no message or comment,
// no variable, no file, no runtime failure (no division), nothing kept between positions.
func pure(n query.Node) bool {
	switch n := n.(type) {
	case nil:
		return true
	case *query.BoolLit, *query.NumberLit, *query.PieceDesignator, *query.Result, *query.Elo:
		return true
	case *query.Block:
		for _, f := range n.Filters {
			if !pure(f) {
				return false
			}
		}
		return true
	case *query.Binary:
		switch n.Op {
		case query.OpAnd, query.OpOr, query.OpInter, query.OpUnion, query.OpAttacks, query.OpAttackedBy,
			query.OpAdd, query.OpSub, query.OpMul:
			return pure(n.X) && pure(n.Y)
		}
	case *query.Unary:
		switch n.Op {
		case query.OpNot, query.OpComplement, query.OpNeg, query.OpCount, query.OpAbs, query.OpPower:
			return pure(n.X)
		}
	case *query.Compare:
		for _, o := range n.Operands {
			if !pure(o) {
				return false
			}
		}
		return true
	case *query.Keyword:
		switch n.Kind {
		case query.KwCheck, query.KwMate, query.KwStalemate, query.KwWtm, query.KwBtm, query.KwSideToMove,
			query.KwWhite, query.KwBlack, query.KwInitial, query.KwTerminal, query.KwMainline, query.KwVariation,
			query.KwPly, query.KwMoveNumber, query.KwYear:
			return true
		}
	case *query.Move:
		return pure(n.From) && pure(n.To) && pure(n.Capture) && pure(n.EnPassantSquare) && n.Comment == nil
	case *query.Transform:
		for _, v := range n.Variants {
			if !pure(v) {
				return false
			}
		}
		return pure(n.Body)
	case *query.If:
		return pure(n.Cond) && pure(n.Then) && pure(n.Else)
	}
	return false
}
