package index

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// Occurrence is one place where a position occurs.
type Occurrence struct {
	File      string
	Game      int // number in its file
	Ply       int
	Variation bool
	White     string
	Black     string
	Date      string
}

// Find lists every occurrence of the position of fen (placement, side to move, castling
// rights and an en-passant square where an en-passant capture is legal, as FIDE's
// repetition rule counts them; the move counters are ignored) in the indexed games,
// variations included, in index order: transpositions are found, since positions are
// compared, not move sequences. limit > 0 lists the occurrences of the first limit games
// only.
//
// With the exact-position table the candidates are the games the table lists for the
// position's hash; without it, the games in which every piece of the position stood on
// its square. Either way the candidates are replayed and their positions compared, so a
// hash collision is never listed.
func (ix *Index) Find(ctx context.Context, fen string, threads, limit int) ([]Occurrence, error) {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	var cand *roaring.Bitmap
	if ix.Meta.PositionTable {
		es, err := ix.lookupPositions(positionHash(&pos) >> (64 - hashBits))
		if err != nil {
			return nil, err
		}
		cand = roaring.New()
		for _, e := range es {
			if limit > 0 && int(cand.GetCardinality()) == limit && !cand.Contains(e.game) {
				continue
			}
			cand.Add(e.game)
		}
	} else {
		if cand, err = ix.occupancyCandidates(&pos); err != nil {
			return nil, err
		}
		if limit > 0 && cand != nil && cand.GetCardinality() > uint64(limit) {
			cut := roaring.New()
			it := cand.Iterator()
			for i := 0; i < limit && it.HasNext(); i++ {
				cut.Add(it.Next())
			}
			cand = cut
		}
	}
	if cand != nil && cand.IsEmpty() {
		return nil, nil
	}
	hash := positionHash(&pos)
	occupied := pos.Occupied()
	var out []Occurrence
	err = scanGames(ctx, ix, cand, pgn.Options{Variations: true, Workers: max(threads, 1)},
		func(_ int, g *pgn.Game) []Occurrence {
			var found []Occurrence
			for i := range g.Nodes {
				n := &g.Nodes[i]
				if n.Pos.Occupied() != occupied || positionHash(&n.Pos) != hash || !samePosition(&n.Pos, &pos) {
					continue
				}
				found = append(found, Occurrence{File: g.File, Game: g.Number, Ply: int(n.Ply), Variation: n.Variation,
					White: g.Tag("White"), Black: g.Tag("Black"), Date: g.Tag("Date")})
			}
			return found
		},
		func(found []Occurrence) error {
			out = append(out, found...)
			return nil
		})
	return out, err
}

// PositionCount is what the exact-position table says about a position without replaying
// anything: its occurrences and the games they are in. A 48-bit hash stands for the
// position, so a count may include another position's with probability about
// (distinct indexed positions) / 2^48.
type PositionCount struct {
	Occurrences, Games int
}

// CountPosition answers from the exact-position table alone; an index built with
// --no-positions has none (an error says so).
func (ix *Index) CountPosition(fen string) (PositionCount, error) {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return PositionCount{}, err
	}
	if !ix.Meta.PositionTable {
		return PositionCount{}, fmt.Errorf("index %s was built with --no-positions: it has no exact-position table to count from", ix.Dir)
	}
	es, err := ix.lookupPositions(positionHash(&pos) >> (64 - hashBits))
	if err != nil {
		return PositionCount{}, err
	}
	c := PositionCount{Occurrences: len(es)}
	for i, e := range es {
		if i == 0 || e.game != es[i-1].game {
			c.Games++
		}
	}
	return c, nil
}

// occupancyCandidates returns the games in which every piece of pos stood on its square.
func (ix *Index) occupancyCandidates(pos *chess.Position) (*roaring.Bitmap, error) {
	p := pruner{ix: ix, mode: modeAll, cache: map[string]*roaring.Bitmap{}}
	c := allGames
	for k, pc := range queryPieces {
		for bb := uint64(pos.Pieces(pc.c, pc.t)); bb != 0; bb &= bb - 1 {
			c = and(c, p.flag(modeAll, occName(query.Piece(k), bits.TrailingZeros64(bb))))
		}
	}
	if p.err != nil {
		return nil, p.err
	}
	if c.all {
		return nil, nil
	}
	return c.bm, nil
}

// String writes an occurrence as one line.
func (o Occurrence) String() string {
	v := ""
	if o.Variation {
		v = " (variation)"
	}
	return fmt.Sprintf("%s: game %d, ply %d%s: %s - %s, %s", o.File, o.Game, o.Ply, v, o.White, o.Black, o.Date)
}
