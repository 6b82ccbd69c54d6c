package index

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/zstd"

	"github.com/cqlgo/cql/chess"
)

// The opening explorer answers, for one position, which moves the indexed games played
// from it and how those games went, from the exact-position table and the tag column
// alone: no game is replayed.
//
// The table lists every occurrence of a position as (game, ply, variation or not). The
// move a game played from position P at ply p is the move that leads to the position of
// its main line at ply p+1, which is a child of P: so for each legal move m of P, the
// games that played m from P are those with a main-line occurrence of P at some ply p and
// one of P·m at ply p+1. Each lookup reads one bucket of the table; the join is a merge of
// two lists sorted by game. Variations are left out, as an explorer of games counts the
// moves played, not the ones annotated.
//
// Like CountPosition, this trusts the table's 48-bit hashes: a count may include another
// position's occurrences with probability about (distinct indexed positions) / 2^48 (and
// a move's count would need two such coincidences in one game at consecutive plies).

// ExploreMove is one move played from the explored position, with what the games that
// played it have in common.
type ExploreMove struct {
	SAN, UCI string
	Stats
}

// Stats counts games: their results (by the Result tag; games with another result or
// none count in Games only), their players' ratings (the WhiteElo and BlackElo tags that
// hold a positive number) and the latest year (0: no game has a year).
type Stats struct {
	Games, White, Draws, Black int
	// RatingSum over Ratings ratings: the average is RatingSum/Ratings
	RatingSum, Ratings int64
	LastYear           int
}

// AverageRating is the mean of the ratings counted, rounded (0: none).
func (s *Stats) AverageRating() int {
	if s.Ratings == 0 {
		return 0
	}
	return int((s.RatingSum + s.Ratings/2) / s.Ratings)
}

// Exploration is the explorer's answer for one position: the games whose main line
// reaches it (Total; a game that reaches it twice counts once), and the moves played from
// it, most played first (ties by SAN). A game that played two different moves from it
// (at two repetitions) counts for each.
type Exploration struct {
	FEN   string
	Total Stats
	Moves []ExploreMove
}

// Explore answers for the position of fen (its move counters ignored) from the
// exact-position table; an index built with --no-positions has none, and says so.
func (ix *Index) Explore(ctx context.Context, fen string) (*Exploration, error) {
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	return ix.ExplorePosition(ctx, &pos)
}

// ExplorePosition is Explore given the position.
func (ix *Index) ExplorePosition(ctx context.Context, pos *chess.Position) (*Exploration, error) {
	if !ix.Meta.PositionTable {
		return nil, fmt.Errorf("index %s was built with --no-positions: the explorer needs its exact-position table (build it again without --no-positions)", ix.Dir)
	}
	ex := &Exploration{FEN: pos.FEN()}
	parent, err := ix.mainLine(positionHash(pos))
	if err != nil {
		return nil, err
	}
	// moveOf[i] is the index in moves of the move the game of parent[i] played next
	// (noMove: none, another position of the same hash, or the game ended there): each
	// main-line occurrence is followed by one move at most.
	var l chess.MoveList
	pos.LegalMoves(&l)
	moves := l.Moves()
	moveOf := make([]uint8, len(parent))
	for i := range moveOf {
		moveOf[i] = noMove
	}
	if len(parent) > 0 {
		for k, m := range moves {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			child := *pos
			child.Play(m)
			es, err := ix.mainLine(positionHash(&child))
			if err != nil {
				return nil, err
			}
			join(parent, es, moveOf, uint8(k))
		}
	}
	stats := make([]Stats, len(moves))
	count := func(er *exploreReader) error {
		for start := 0; start < len(parent); {
			id := parent[start].game
			end := start + 1
			for end < len(parent) && parent[end].game == id {
				end++
			}
			if start&4095 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			b, err := er.get(id)
			if err != nil {
				return err
			}
			ex.Total.addExplore(b)
		next:
			for i := start; i < end; i++ {
				k := moveOf[i]
				if k == noMove {
					continue
				}
				for j := start; j < i; j++ {
					if moveOf[j] == k {
						continue next // the game played it at an earlier repetition
					}
				}
				stats[k].addExplore(b)
			}
			start = end
		}
		return nil
	}
	er := &exploreReader{ix: ix}
	if ix.Meta.ExploreColumn {
		err = ix.view(func(txn *badger.Txn) error {
			er.it = txn.NewIterator(badger.IteratorOptions{Prefix: []byte(keyExplore)})
			defer er.it.Close()
			return count(er)
		})
	} else {
		dec, derr := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
		if derr != nil {
			return nil, derr
		}
		defer dec.Close()
		er.tc = &tagColumn{ix: ix, dec: dec}
		err = count(er)
	}
	if err != nil {
		return nil, err
	}
	for k, m := range moves {
		if stats[k].Games > 0 {
			ex.Moves = append(ex.Moves, ExploreMove{SAN: pos.SAN(m), UCI: pos.UCI(m), Stats: stats[k]})
		}
	}
	sortMoves(ex.Moves)
	return ex, nil
}

// noMove marks a main-line occurrence not followed by one of the position's moves.
const noMove = 255 // a position has at most 218 legal moves

// join sets moveOf[i] to k for each entry parent[i] (game, ply) for which child holds
// (game, ply+1); both are sorted by game. A short child list is joined by binary search,
// a long one by a merge.
func join(parent, child []occEntry, moveOf []uint8, k uint8) {
	p := 0
	binary := len(child)*16 < len(parent)
	for _, e := range child {
		if binary {
			lo := p
			p = lo + sort.Search(len(parent)-lo, func(i int) bool { return parent[lo+i].game >= e.game })
		} else {
			for p < len(parent) && parent[p].game < e.game {
				p++
			}
		}
		for q := p; q < len(parent) && parent[q].game == e.game; q++ {
			if parent[q].pv>>1+1 == e.pv>>1 {
				moveOf[q] = k
			}
		}
	}
}

// mainLine returns the table's main-line entries of hash (the full 64-bit hash), sorted
// by game, then ply.
func (ix *Index) mainLine(hash uint64) ([]occEntry, error) {
	es, err := ix.lookupPositions(hash >> (64 - hashBits))
	if err != nil {
		return nil, err
	}
	n := 0
	for _, e := range es {
		if e.pv&1 == 0 {
			es[n] = e
			n++
		}
	}
	return es[:n], nil
}

// PlayMoves plays moves (SAN or UCI, separated by spaces; move numbers such as "1." and
// "12..." and a final result are skipped) from the standard start position and returns
// the position they reach.
func PlayMoves(moves string) (chess.Position, error) {
	pos := chess.StartPosition()
	ply := 0
	for _, tok := range strings.Fields(moves) {
		tok = skipMoveNumber(tok)
		switch tok {
		case "", "1-0", "0-1", "1/2-1/2", "*":
			continue
		}
		m, err := pos.ParseSAN([]byte(tok))
		if err != nil {
			if u, uerr := pos.ParseUCI(tok); uerr == nil {
				m, err = u, nil
			}
		}
		if err != nil {
			return pos, fmt.Errorf("--moves: move %d (%s) %q: %w", ply/2+1, [2]string{"White", "Black"}[ply%2], tok, err)
		}
		pos.Play(m)
		ply++
	}
	return pos, nil
}

// skipMoveNumber drops a leading move number ("1.", "12...", "3…") from tok.
func skipMoveNumber(tok string) string {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i == len(tok) || (tok[i] != '.' && !strings.HasPrefix(tok[i:], "…")) {
		return tok // no number, or a result such as 1-0
	}
	rest := tok[i:]
	for {
		switch {
		case strings.HasPrefix(rest, "."):
			rest = rest[1:]
		case strings.HasPrefix(rest, "…"):
			rest = rest[len("…"):]
		default:
			return rest
		}
	}
}

// Merge adds o's counts (of the same position, from another index) to e's, and sorts the
// moves again.
func (e *Exploration) Merge(o *Exploration) {
	e.Total.merge(&o.Total)
	at := map[string]int{}
	for i, m := range e.Moves {
		at[m.UCI] = i
	}
	for _, m := range o.Moves {
		if i, ok := at[m.UCI]; ok {
			e.Moves[i].merge(&m.Stats)
		} else {
			at[m.UCI] = len(e.Moves)
			e.Moves = append(e.Moves, m)
		}
	}
	sortMoves(e.Moves)
}

func (s *Stats) merge(o *Stats) {
	s.Games += o.Games
	s.White += o.White
	s.Draws += o.Draws
	s.Black += o.Black
	s.RatingSum += o.RatingSum
	s.Ratings += o.Ratings
	s.LastYear = max(s.LastYear, o.LastYear)
}

// sortMoves puts the most played first, ties in SAN order.
func sortMoves(ms []ExploreMove) {
	slices.SortStableFunc(ms, func(a, b ExploreMove) int {
		if a.Games != b.Games {
			return b.Games - a.Games
		}
		return strings.Compare(a.SAN, b.SAN)
	})
}
