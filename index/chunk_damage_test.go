package index

import (
	"bytes"
	"context"
	"encoding/binary"
	"path/filepath"
	"strings"
	"testing"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/s2"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/run"
)

// A chunk of game records rewritten through Badger (so Badger's block checksums are
// valid) with damaged contents (S2's length or data, or cut): where S2 or the records'
// framing can tell, a query's error names the index and the chunk, never a panic or
// games silently left out. Only the records' CRC-32C can tell other records that still
// decode ("records", "data": a damaged disk cannot make them, Badger's block checksum
// would fail first); queries leave that CRC to verify (decodeRecords), which must find
// every case.
func TestDamagedChunk(t *testing.T) {
	file := firstGames(t, testdata.File(t, "masters-10k.pgn"), 40)
	crcOnly := map[string]bool{"records": true, "data": true}
	for name, damage := range map[string]func(v []byte) []byte{
		"garbage":   func(v []byte) []byte { return append(binary.AppendUvarint(nil, 0), "not S2 at all"...) },
		"cut":       func(v []byte) []byte { return v[:len(v)/2] },
		"no length": func(v []byte) []byte { return binary.AppendUvarint(nil, 0) },
		// other records, well compressed: only the checksum tells
		"records": func(v []byte) []byte {
			_, n := binary.Uvarint(v)
			recs, err := s2.Decode(nil, v[n+4:])
			if err != nil {
				t.Fatal(err)
			}
			recs[len(recs)/2] ^= 1
			return append(bytes.Clone(v[:n+4]), s2.Encode(nil, recs)...)
		},
		// S2's header says 3 GB: refused by the index's largest chunk, before allocating
		"huge length": func(v []byte) []byte {
			_, n := binary.Uvarint(v)
			_, k := binary.Uvarint(v[n+4:])
			return append(binary.AppendUvarint(bytes.Clone(v[:n+4]), 3<<30), v[n+4+k:]...)
		},
		"data": func(v []byte) []byte {
			v = bytes.Clone(v)
			for i := len(v) / 2; i < len(v); i += 7 {
				v[i] ^= 0x5a
			}
			return v
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "ix")
			if _, err := Build(context.Background(), dir, []string{file}, BuildOptions{Threads: 2}); err != nil {
				t.Fatal(err)
			}
			db, err := badger.Open(badgerOptions(dir))
			if err != nil {
				t.Fatal(err)
			}
			err = db.Update(func(txn *badger.Txn) error {
				it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(keyChunk)})
				it.Rewind()
				key := it.Item().KeyCopy(nil)
				v, err := it.Item().ValueCopy(nil)
				it.Close()
				if err != nil {
					return err
				}
				return txn.Set(key, damage(v))
			})
			if cerr := db.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				t.Fatal(err)
			}
			ix, err := Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer ix.Close()
			problems, err := ix.Verify(context.Background(), VerifyOptions{Threads: 2})
			if err != nil {
				t.Fatal(err)
			}
			if len(problems) == 0 || !strings.Contains(strings.Join(problems, "\n"), "chunk") {
				t.Errorf("verify found no damaged chunk: %q", problems)
			}
			if crcOnly[name] {
				return
			}
			_, q, _ := compileQuery(t, "true")
			var out, errs bytes.Buffer
			_, err = run.Run(context.Background(), q, ix.Games(nil), &out, run.Options{Format: "pgn", Threads: 2, Errors: &errs})
			if err == nil {
				t.Fatalf("a damaged chunk was read: %d bytes of output (%s)", out.Len(), strings.TrimSpace(errs.String()))
			}
			if !strings.Contains(err.Error(), "chunk") || !strings.Contains(err.Error(), dir) {
				t.Errorf("error %q does not name the index and the chunk", err)
			}
			if name == "huge length" && !strings.Contains(err.Error(), "the largest chunk built had") {
				t.Errorf("error %q: the length was not checked against the largest chunk", err)
			}
		})
	}
}
