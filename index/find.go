package index

import (
	"bytes"
	"context"
	"fmt"

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
// rights and en-passant square; the move counters are ignored) in the indexed games,
// variations included, in index order: transpositions are found, since positions are
// compared, not move sequences. The candidates are the games in which every piece of the
// position stood on its square; they are parsed and their positions compared.
func (ix *Index) Find(ctx context.Context, fen string, threads int) ([]Occurrence, error) {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	want := epd(&pos, nil)
	p := pruner{ix: ix, mode: modeAll, cache: map[string]*roaring.Bitmap{}}
	c := allGames
	for k, pc := range queryPieces {
		bb := uint64(pos.Pieces(pc.c, pc.t))
		for bb != 0 {
			sq := 0
			for bb&(1<<sq) == 0 {
				sq++
			}
			bb &= bb - 1
			c = and(c, p.flag(modeAll, occName(query.Piece(k), sq)))
		}
	}
	if p.err != nil {
		return nil, p.err
	}
	var cand *roaring.Bitmap
	if !c.all {
		cand = c.bm
	}
	occupied := pos.Occupied()
	var out []Occurrence
	err = scanGames(ctx, ix, cand, pgn.Options{Variations: true, Workers: max(threads, 1)},
		func(_ int, g *pgn.Game) []Occurrence {
			var found []Occurrence
			var buf []byte
			for i := range g.Nodes {
				n := &g.Nodes[i]
				if n.Pos.Occupied() != occupied {
					continue
				}
				if buf = epd(&n.Pos, buf[:0]); !bytes.Equal(buf, want) {
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

// epd appends the first four fields of the position's FEN.
func epd(p *chess.Position, dst []byte) []byte {
	start := len(dst)
	dst = p.AppendFEN(dst)
	fields := 0
	for i := start; i < len(dst); i++ {
		if dst[i] == ' ' {
			if fields++; fields == 4 {
				return dst[:i]
			}
		}
	}
	return dst
}

// String writes an occurrence as one line.
func (o Occurrence) String() string {
	v := ""
	if o.Variation {
		v = " (variation)"
	}
	return fmt.Sprintf("%s: game %d, ply %d%s: %s - %s, %s", o.File, o.Game, o.Ply, v, o.White, o.Black, o.Date)
}
