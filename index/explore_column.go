package index

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	badger "github.com/dgraph-io/badger/v4"
)

// The explorer's column (keyExplore) holds, per game, what the opening explorer counts of
// it, exploreWidth bytes uncompressed, summaryGames games a value, under the same keys as
// the tag column: be16 of result<<14 | year (result 0: none or another, 1: 1-0, 2: ½-½,
// 3: 0-1; year 0: none, at most 16383), be16 of the WhiteElo tag's number and be16 of the
// BlackElo tag's (0: none, at most 65535). The tag column holds the same facts, but
// zstd-compressed 39 bytes a game: the start position of masters-463k decoded 18 MB of
// it, 110 ms of the explorer's 190; this column is 2.8 MB there and read as it is.
//
// A build writes it (Meta.ExploreColumn) from the tag column's entries as it writes them,
// so an add rewrites it with the tag column. An index built before it has none: the
// explorer then reads the tag column.
const (
	keyExplore   = "E"
	exploreWidth = 6
)

// exploreKey is the key of the column value of the games from first on.
func exploreKey(first uint32) []byte { return binary.BigEndian.AppendUint32([]byte(keyExplore), first) }

// exploreValue makes the explorer column's value of tag column entries tags.
func exploreValue(tags []byte) []byte {
	n := len(tags) / summaryWidth
	v := make([]byte, n*exploreWidth)
	for i := range n {
		encodeExplore(v[i*exploreWidth:], tags[i*summaryWidth:])
	}
	return v
}

// encodeExplore writes the explorer's entry of tag column entry b into dst.
func encodeExplore(dst, b []byte) {
	var res uint16
	switch b[sumResult] {
	case resWhite:
		res = 1
	case resDraw:
		res = 2
	case resBlack:
		res = 3
	}
	year := int32(binary.BigEndian.Uint32(b[sumYear:]))
	year = min(max(year, 0), 1<<14-1)
	binary.BigEndian.PutUint16(dst, res<<14|uint16(year))
	for side, at := range [2]int{sumWElo, sumBElo} {
		r := int32(binary.BigEndian.Uint32(b[at:]))
		binary.BigEndian.PutUint16(dst[2+2*side:], uint16(min(max(r, 0), 1<<16-1)))
	}
}

// addExplore counts the game of explorer entry e.
func (s *Stats) addExplore(e []byte) {
	s.Games++
	v := binary.BigEndian.Uint16(e)
	switch v >> 14 {
	case 1:
		s.White++
	case 2:
		s.Draws++
	case 3:
		s.Black++
	}
	if y := int(v & (1<<14 - 1)); y > s.LastYear {
		s.LastYear = y
	}
	for _, r := range [2]uint16{binary.BigEndian.Uint16(e[2:]), binary.BigEndian.Uint16(e[4:])} {
		if r > 0 {
			s.RatingSum += int64(r)
			s.Ratings++
		}
	}
}

// exploreReader reads games' explorer entries in increasing game order: from the
// explorer's column, through one iterator (a Get a value cost twice as much: the start
// position reads every value), or from the tag column in an index without it.
type exploreReader struct {
	ix    *Index
	it    *badger.Iterator
	tc    *tagColumn
	first uint32 // of col
	col   []byte // the value holding the last entry read
	entry [exploreWidth]byte
}

var errExploreShort = errors.New("value too short")

// get returns game id's entry (valid until the next call).
func (r *exploreReader) get(id uint32) ([]byte, error) {
	if r.it == nil {
		b, err := r.tc.entry(id)
		if err != nil {
			return nil, err
		}
		encodeExplore(r.entry[:], b)
		return r.entry[:], nil
	}
	if r.col == nil || id < r.first || uint64(id-r.first) >= uint64(len(r.col)/exploreWidth) {
		first := id &^ (summaryGames - 1)
		key := exploreKey(first)
		if r.it.Valid() && bytes.Compare(r.it.Item().Key(), key) < 0 {
			r.it.Next() // the next value is often the one wanted
		}
		if !r.it.Valid() || !bytes.Equal(r.it.Item().Key(), key) {
			r.it.Seek(key)
		}
		var err error
		if !r.it.Valid() || !bytes.Equal(r.it.Item().Key(), key) {
			err = errors.New("not found") // a damaged block
		} else {
			r.col, err = r.it.Item().ValueCopy(r.col[:0])
		}
		if err == nil && (len(r.col)%exploreWidth != 0 || uint64(id-first) >= uint64(len(r.col)/exploreWidth)) {
			err = errExploreShort
		}
		if err != nil {
			r.col = nil
			return nil, r.ix.damage(fmt.Sprintf("the explorer's column of game %d", id), err)
		}
		r.first = first
	}
	at := int(id-r.first) * exploreWidth
	return r.col[at : at+exploreWidth], nil
}
