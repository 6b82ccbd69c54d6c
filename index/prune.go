package index

import (
	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/query"
)

// Candidates returns the games that may match prog: a game outside the result provably
// cannot match, because its posting lists fail a necessary condition derived from the
// query; nil means that every game must be examined. variations says whether the query
// searches variations (then the all-positions lists are used, else the main line's).
// Games with problems are always candidates, so that their problems are reported as a
// scan reports them.
//
// The rule is soundness: only constructs whose truth at a position implies a fact stored
// for that position's game are analysed; `and`, blocks and sort take every part, `or`
// and transforms any part, if-then-else either branch; anything else gives no pruning.
// A program with persistent variables or dictionaries (state carried from game to game)
// is not pruned at all.
func (ix *Index) Candidates(prog *query.Program, variations bool) (*roaring.Bitmap, error) {
	return ix.newPruner(variations).candidates(prog)
}

func (ix *Index) newPruner(variations bool) *pruner {
	p := &pruner{ix: ix, mode: modeMain, cache: map[string]*roaring.Bitmap{}, side: -1}
	if variations {
		p.mode = modeAll
	}
	return p
}

func (p *pruner) candidates(prog *query.Program) (*roaring.Bitmap, error) {
	if prog == nil || prog.Body == nil {
		return nil, nil
	}
	if h := prog.Header; h != nil && h.MatchCount != nil && h.MatchCount.Min <= 0 {
		return nil, nil // a game with no matching position matches
	}
	for _, sym := range prog.Symbols {
		if sym != nil && (sym.Persistent || sym.Kind == query.VarDictionary) {
			// State kept from game to game: every game's evaluation counts, matching or not.
			return nil, nil
		}
	}
	c := and(p.filter(prog.Body), p.summaryCond(prog.Body))
	if p.err != nil {
		return nil, p.err
	}
	if c.all {
		return nil, nil
	}
	bm := c.bm.Clone()
	bm.Or(p.get(modeAll, flagErrors))
	return bm, p.err
}

// cond is a set of games: every game when all is set.
type cond struct {
	all bool
	bm  *roaring.Bitmap
}

var allGames = cond{all: true}

func and(a, b cond) cond {
	switch {
	case a.all:
		return b
	case b.all:
		return a
	}
	return cond{bm: roaring.And(a.bm, b.bm)}
}

func or(a, b cond) cond {
	if a.all || b.all {
		return allGames
	}
	return cond{bm: roaring.Or(a.bm, b.bm)}
}

type pruner struct {
	ix    *Index
	mode  byte
	cache map[string]*roaring.Bitmap
	err   error
	sigs  *signatureKeys // the body's evaluation per material signature, once computed
	tags  *tagGames      // and per game's tags
	// lo and hi, when hi > 0, limit the tags read to the games [lo, hi) (a ranged source's
	// range: the candidates outside it are wrong)
	lo, hi uint32
	// the string table and its CQL forms, once read (a ranged source's pruners share them)
	strs []string
	cs   *cqlStrings
	// side is the side to move at the position filter is analysing, when a `wtm` or `btm`
	// beside it (in the same block or `and`) says so; -1: not known
	side int8
}

// sideToMove returns the side a `wtm` or `btm` among parts (filters that hold at one
// position together: a block's, an `and`'s) asks to move, or the side already known.
func (p *pruner) sideToMove(parts ...query.Node) int8 {
	for _, f := range parts {
		if k, ok := f.(*query.Keyword); ok {
			switch k.Kind {
			case query.KwWtm:
				return int8(chess.White)
			case query.KwBtm:
				return int8(chess.Black)
			}
		}
	}
	return p.side
}

func (p *pruner) get(mode byte, name string) *roaring.Bitmap {
	key := string(bitmapKey(mode, name))
	if bm, ok := p.cache[key]; ok {
		return bm
	}
	bm, err := p.ix.bitmap(mode, name)
	if err != nil && p.err == nil {
		p.err = err
	}
	p.cache[key] = bm
	return bm
}

// keywordFlags are the keyword filters a game flag settles: the flag is set exactly when
// some visited position is such a position (both the necessary and the certain walks use it).
var keywordFlags = map[query.KeywordKind]string{query.KwCheck: flagCheck, query.KwMate: flagMate, query.KwStalemate: flagStalemate}

func (p *pruner) flag(mode byte, name string) cond { return cond{bm: p.get(mode, name)} }

// filter returns a condition every game with a position where n matches satisfies.
func (p *pruner) filter(n query.Node) cond {
	switch n := n.(type) {
	case *query.Block:
		defer p.setSide(p.sideToMove(n.Filters...))()
		c := allGames
		for _, f := range n.Filters {
			c = and(c, p.filter(f))
		}
		return c
	case *query.Binary:
		switch n.Op {
		case query.OpAnd:
			defer p.setSide(p.sideToMove(n.X, n.Y))()
			return and(p.filter(n.X), p.filter(n.Y))
		case query.OpOr:
			return or(p.filter(n.X), p.filter(n.Y))
		case query.OpAttacks, query.OpAttackedBy, query.OpInter:
			return p.set(n)
		case query.OpUnion:
			return or(p.set(n.X), p.set(n.Y))
		}
	case *query.If:
		if n.Else == nil {
			return allGames
		}
		return or(and(p.filter(n.Cond), p.filter(n.Then)), p.filter(n.Else))
	case *query.Keyword:
		if name, ok := keywordFlags[n.Kind]; ok {
			return p.flag(p.mode, name)
		}
	case *query.PieceDesignator:
		return p.set(n)
	case *query.Transform:
		if n.Count || len(n.Variants) == 0 {
			return allGames
		}
		c := cond{bm: roaring.New()}
		for _, v := range n.Variants {
			c = or(c, p.filter(v))
		}
		return c
	case *query.Sort:
		return p.filter(n.X)
	case *query.Move:
		return p.move(n)
	}
	return allGames
}

// set returns a condition for the set filter n being non-empty at some position.
func (p *pruner) set(n query.Node) cond {
	switch n := n.(type) {
	case *query.PieceDesignator:
		if n.Pieces == 0 || n.Squares == 0 || n.Pieces.Has(query.Empty) {
			return allGames
		}
		c := cond{bm: roaring.New()}
		for k := query.WhiteKing; k < query.Empty; k++ {
			if !n.Pieces.Has(k) {
				continue
			}
			if n.Squares == query.AllSquares {
				c = or(c, p.flag(modeAll, occAnyName(k)))
				continue
			}
			for sq := 0; sq < 64; sq++ {
				if n.Squares&(1<<sq) != 0 {
					c = or(c, p.flag(modeAll, occName(k, sq)))
				}
			}
		}
		return c
	case *query.Binary:
		switch n.Op {
		case query.OpAttacks:
			// A non-empty result needs both operands non-empty at the position.
			return and(and(p.set(n.X), p.set(n.Y)), p.kingAttack(n.X, n.Y))
		case query.OpAttackedBy:
			return and(and(p.set(n.X), p.set(n.Y)), p.kingAttack(n.Y, n.X))
		case query.OpInter:
			return and(p.set(n.X), p.set(n.Y))
		case query.OpUnion:
			return or(p.set(n.X), p.set(n.Y))
		}
	}
	return allGames
}

// kingAttack: when x is pieces of one colour and y the other colour's king, a piece of
// one of x's types must have attacked that king (the summaries' king-attack lists).
func (p *pruner) kingAttack(x, y query.Node) cond {
	xd, ok := x.(*query.PieceDesignator)
	yd, ok2 := y.(*query.PieceDesignator)
	if !ok || !ok2 || xd.Pieces == 0 || xd.Pieces.Has(query.Empty) {
		return allGames
	}
	var king chess.Color
	switch yd.Pieces {
	case query.PieceSet(1) << query.WhiteKing:
		king = chess.White
	case query.PieceSet(1) << query.BlackKing:
		king = chess.Black
	default:
		return allGames
	}
	c := cond{bm: roaring.New()}
	for k := query.WhiteKing; k < query.Empty; k++ {
		if !xd.Pieces.Has(k) {
			continue
		}
		if queryPieces[k].c == king {
			return allGames // a piece "attacks" (guards) its own king's square: not recorded
		}
		c = or(c, p.flag(modeAll, kingAttackName(king, queryPieces[k].t)))
	}
	return c
}

// setSide makes side the side to move known while a part is analysed; the function it
// returns puts the previous one back.
func (p *pruner) setSide(side int8) func() {
	old := p.side
	p.side = side
	return func() { p.side = old }
}

// castled is the list of the games where a castling move of n's kind (long: queen-side)
// was played, by the side that plays n's move when the side to move is known (p.side: the
// side to move plays the moves from the position, the other side played the previous
// move), else by either side.
func (p *pruner) castled(n *query.Move, long bool) cond {
	if p.side < 0 {
		if long {
			return p.flag(modeAll, flagOOO)
		}
		return p.flag(modeAll, flagOO)
	}
	mover := chess.Color(p.side)
	if n.Select == query.MovePrevious {
		mover = mover.Other()
	}
	return p.flag(modeAll, castleName(mover, long))
}

// move: a castling, en-passant or promotion move must have been played in the game
// (variations included: a position's played moves include its variations' first moves).
func (p *pruner) move(n *query.Move) cond {
	if n.Select != query.MovePlayed && n.Select != query.MovePrevious || n.Value == query.MoveValueCount || n.Null {
		return allGames
	}
	c := allGames
	switch {
	case n.OO && n.OOO:
		// both asked: a move cannot be both; leave it to the evaluator
	case n.OO:
		c = p.castled(n, false)
	case n.OOO:
		c = p.castled(n, true)
	case n.Castle:
		c = or(p.castled(n, false), p.castled(n, true))
	}
	if n.EnPassant {
		c = and(c, p.flag(modeAll, flagEP))
	}
	if n.Promote != 0 {
		pc := cond{bm: roaring.New()}
		for k := query.WhiteKing; k < query.Empty; k++ {
			if !n.Promote.Has(k) {
				continue
			}
			t := chessType[k]
			if t == chess.Pawn || t == chess.King {
				return c // not a promotion piece: no pruning from promote
			}
			pc = or(pc, p.flag(modeAll, promoName(t)))
		}
		if n.Promote.Has(query.Empty) {
			return c
		}
		c = and(c, pc)
	}
	return c
}

var chessType = [12]chess.PieceType{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn,
	chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn}
