package index

import (
	"fmt"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/pgn"
)

// countPositions replays the main line of a record without a game tree: g gets the start
// position as its one node, each move is played in place there, and ev (a position-local
// query, filter.Query.PositionLocal) is asked at every position. It returns how many
// positions matched: the length of what ev.Game would return on the replayed game. A
// record stored as text is not replayed (ok false, at untouched): the caller replays it
// as usual, so that its problems are reported; nor is a game where the query stops the run
// (ok false): replayed into a tree, it stops the run with the place a scan names. at is
// updated as replay updates it.
//
// With fens non-nil, the FEN line of each matching position is appended to *fens.
func (rp *replayer) countPositions(body []byte, g *pgn.Game, at *place, ev *filter.Evaluator, fens *[]byte) (n int, ok bool, err error) {
	r := byteReader{b: body}
	offset := at.end + r.varint()
	length := r.uvarint()
	line := at.line + int(r.varint())
	flags := r.byte()
	if r.bad || length > 1<<40 {
		return 0, false, errBadRecord
	}
	if flags&recText != 0 {
		return 0, false, nil
	}
	at.end, at.line = offset+int64(length), line
	if result := r.byte(); int(result) >= len(resultCodes) {
		return 0, false, errBadRecord
	}
	ntags := r.uvarint()
	if ntags > uint64(len(r.b)) {
		return 0, false, errBadRecord
	}
	fen, err := rp.skipTags(&r, int(ntags), flags&recFEN != 0)
	if err != nil {
		return 0, false, err
	}
	start := chess.StartPosition()
	if flags&recFEN != 0 {
		if start, err = pgn.ParseFENTag(fen); err != nil {
			return 0, false, fmt.Errorf("%w: %v", errBadRecord, err)
		}
	}
	if flags&rec960 != 0 {
		start.SetChess960(true)
	}
	toks := r.bytes(r.uvarint())
	if r.bad {
		return 0, false, errBadRecord
	}
	slots := startSlots
	if flags&recFEN != 0 {
		if slots, ok = newSlots(&start); !ok {
			return 0, false, errBadRecord
		}
	}
	g.Reset()
	g.AddRoot(&start)
	pos := &g.Nodes[0].Pos
	ev.BeginPositions(g)
	defer ev.EndPositions()
	match := func() {
		if ev.MatchPosition() {
			n++
			if fens != nil {
				*fens = append(rp.fen.Append(*fens, pos), '\n')
			}
		}
	}
	match()
	depth := 0 // of variations, which are skipped
	for i := 0; i < len(toks); {
		c := toks[i]
		if c == codeEscape && i+1 < len(toks) && toks[i+1] >= codeToken {
			i += 2
			switch toks[i-1] {
			case codeOpen:
				depth++
			case codeClose:
				if depth == 0 {
					return 0, false, errBadRecord
				}
				depth--
			case codeNote:
			case codeNull:
				if depth == 0 {
					pos.Play(chess.NullMove)
					match()
				}
			default:
				return 0, false, errBadRecord
			}
			continue
		}
		if depth > 0 {
			i += codeLen(c)
			continue
		}
		k, ok := playCode(toks[i:], pos, &slots)
		if !ok {
			return 0, false, fmt.Errorf("%w: move code %#02x cannot be played", errBadRecord, c)
		}
		i += k
		match()
	}
	if depth != 0 {
		return 0, false, errBadRecord
	}
	if ev.Err() != nil {
		// The query stops the run here (a value where a match is tested): not counted, so the
		// game is replayed into a tree and evaluated as a scan does, which reports it with
		// its place.
		return 0, false, nil
	}
	return n, true, nil
}
