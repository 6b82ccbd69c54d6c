package index

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/zstd"

	"github.com/cqlgo/cql/pgn"
)

// Verify re-reads every source and compares it with the index: size and content hash,
// then every game (number, place and text) as a scan reads it. It returns one line
// per disagreement; an error means the check itself could not run.
func (ix *Index) Verify(ctx context.Context, open func(string) (io.ReadCloser, error), threads int) ([]string, error) {
	if open == nil {
		open = pgn.Open
	}
	var problems []string
	recs, err := ix.allRecords()
	if err != nil {
		return nil, err
	}
	for fileID, s := range ix.Sources {
		now, hashed, err := describe(ctx, s.Abs)
		if err == nil {
			now.SHA256, err = hashed()
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", s.Path, err))
			continue
		}
		if now.Size != s.Size || now.SHA256 != s.SHA256 { // a new time alone is no change
			problems = append(problems, fmt.Sprintf("%s: changed since indexed (size %d -> %d, sha256 %s -> %s)", s.Path, s.Size, now.Size, s.SHA256, now.SHA256))
			continue
		}
		rc, err := open(s.Abs)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", s.Path, err))
			continue
		}
		want := recs[fileID]
		n := 0
		type encoded struct {
			place gamePlace
			body  []byte
		}
		writers := make([]recordWriter, max(threads, 1))
		var at place
		err = pgn.ScanParallel(ctx, rc, s.Path, pgn.Options{Variations: true, Workers: max(threads, 1)},
			func(w int, g *pgn.Game) encoded { return encoded{placeOf(g), writers[w].encode(nil, g)} },
			func(e encoded) error {
				if n%chunkGames == 0 {
					at = place{}
				}
				rec := appendRecord(nil, e.place, &at, e.body)
				if n < len(want) && !bytes.Equal(rec, want[n]) {
					problems = append(problems, fmt.Sprintf("%s: game %d differs from the index", s.Path, n+1))
				}
				n++
				return nil
			})
		rc.Close()
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", s.Path, err))
			continue
		}
		if n != len(want) || n != s.Games {
			problems = append(problems, fmt.Sprintf("%s: %d games read, the index has %d", s.Path, n, len(want)))
		}
	}
	return problems, nil
}

// allRecords returns every game record, by source.
func (ix *Index) allRecords() (map[int][][]byte, error) {
	out := map[int][][]byte{}
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	err = ix.view(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(keyChunk), PrefetchValues: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			key := it.Item().Key()
			games := int(binary.BigEndian.Uint32(key[5:]))
			v, err := it.Item().ValueCopy(nil)
			if err != nil {
				return err
			}
			fileID, n := binary.Uvarint(v)
			if n <= 0 {
				return fmt.Errorf("index %s: bad chunk", ix.Dir)
			}
			data, err := decodeRecords(nil, v[n:], ix.Meta.MaxChunk)
			if err != nil {
				return err
			}
			r := byteReader{b: data}
			for i := 0; i < games; i++ {
				before := r.b
				if r.bytes(r.uvarint()); r.bad {
					return fmt.Errorf("index %s: %w", ix.Dir, errBadRecord)
				}
				out[int(fileID)] = append(out[int(fileID)], before[:len(before)-len(r.b)])
			}
		}
		return nil
	})
	return out, err
}
