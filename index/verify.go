package index

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/klauspost/compress/zstd"
)

// VerifyOptions say what Verify does besides checking every checksum.
type VerifyOptions struct {
	Threads int
	// Open opens a PGN file decompressed; nil means pgn.Open.
	Open func(string) (io.ReadCloser, error)
	// Deep compares every part of the index with an index built afresh from the sources
	// (every game's record, tag column entry, names, posting list, material list and
	// exact-position entry), once the sources' size and content hash agree.
	Deep bool
}

// maxProblems bounds the lines a deep verify reports of one part.
const maxProblems = 20

// Verify checks every checksum of every part of the index, and decodes every value: all
// of Badger's blocks, every game record, posting list, tag column value and source
// record, every bucket of positions.table, every block of names.table; and that each part
// holds what the index's description says. Then it checks each source's size and content
// hash, and, with Deep, compares the whole index with one built afresh from the sources.
// It returns one line per problem; an error means the check itself could not run.
func (ix *Index) Verify(ctx context.Context, opt VerifyOptions) (problems []string, err error) {
	defer ix.recoverDamage("the Badger store", &err)
	problems = ix.checkParts()
	if len(problems) > 0 {
		return problems, nil // what is damaged is to be rebuilt, not compared
	}
	for _, s := range ix.Sources {
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
		}
	}
	if len(problems) > 0 || !opt.Deep {
		return problems, nil
	}
	return ix.compareRebuilt(ctx, opt)
}

// checkParts checks every checksum of every part and what each part must hold.
func (ix *Index) checkParts() []string {
	var problems []string
	report := func(part string, err error) {
		if err != nil {
			problems = append(problems, fmt.Sprintf("index %s is damaged (%s: %v): rebuild it with cql index build", ix.Dir, part, err))
		}
	}
	report("the Badger store's tables", ix.verifyTables())
	report("the Badger store", ix.checkValues())
	if ix.table != nil {
		entries := int64(0)
		err := ix.eachPosition(func(posEntry) error { entries++; return nil })
		if err == nil && entries != ix.Meta.TableEntries {
			err = fmt.Errorf("%d entries, the index has %d", entries, ix.Meta.TableEntries)
		}
		report(tableName, err)
	}
	if ix.names != nil {
		err := ix.names.checkEntries()
		if err == nil {
			_, err = ix.names.stringView(true)
		}
		report(namesName, err)
	}
	return problems
}

// verifyTables checks the checksum of every block of every table of the Badger store.
func (ix *Index) verifyTables() (err error) {
	defer func() {
		// Badger's VerifyChecksum dereferences the block it failed to read, to name its
		// offset in the error: a damaged block is a nil pointer dereference there.
		if r := recover(); r != nil {
			err = fmt.Errorf("a block does not match its checksum (%v)", r)
		}
	}()
	return ix.db.VerifyChecksum()
}

// checkValues reads and decodes every value of the Badger store, in key order, and counts
// them against the index's description.
func (ix *Index) checkValues() error {
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		return err
	}
	defer dec.Close()
	keys, lists, mats, nextChunk, nextTags, nextExplore := 0, 0, 0, uint32(0), uint32(0), uint32(0)
	var buf, col []byte
	err = ix.view(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			keys++
			item := it.Item()
			key := item.KeyCopy(nil)
			v, err := item.ValueCopy(nil)
			if err != nil {
				return fmt.Errorf("key %q: %w", key, err)
			}
			switch key[0] {
			case keyChunk[0]:
				if len(key) != 9 {
					return fmt.Errorf("bad chunk key %q", key)
				}
				first, games := binary.BigEndian.Uint32(key[1:]), int(binary.BigEndian.Uint32(key[5:]))
				if first != nextChunk || games <= 0 || games > chunkGames {
					return fmt.Errorf("game records: chunk of %d games at game %d, after game %d", games, first, nextChunk)
				}
				nextChunk += uint32(games)
				fileID, n := binary.Uvarint(v)
				if n <= 0 || fileID >= uint64(len(ix.Sources)) {
					return fmt.Errorf("game records: chunk %d: bad file", first)
				}
				if buf, err = decodeRecords(buf[:0], v[n:], ix.Meta.MaxChunk, true); err != nil {
					return fmt.Errorf("game records: chunk %d: %w", first, err)
				}
				r := byteReader{b: buf}
				for range games {
					if r.bytes(r.uvarint()); r.bad {
						return fmt.Errorf("game records: chunk %d: %w", first, errBadRecord)
					}
				}
				if len(r.b) != 0 {
					return fmt.Errorf("game records: chunk %d: %d bytes after its games", first, len(r.b))
				}
			case keyBitmap[0]:
				if len(key) < 2 {
					return fmt.Errorf("bad list key %q", key)
				}
				if _, err := decodeList(v, ix.Meta.Games); err != nil {
					return fmt.Errorf("posting list %s: %w", key[2:], err)
				}
				if strings.HasPrefix(string(key[2:]), matPrefix) {
					mats++
				} else if listNames[string(key)] {
					lists++
				}
			case keySummary[0]:
				if len(key) != 5 {
					return fmt.Errorf("bad tag column key %q", key)
				}
				first := binary.BigEndian.Uint32(key[1:])
				if col, err = dec.DecodeAll(v, col[:0]); err != nil {
					return fmt.Errorf("the tag column at game %d: %w", first, err)
				}
				if first != nextTags || len(col) == 0 || len(col)%summaryWidth != 0 {
					return fmt.Errorf("the tag column: %d bytes at game %d, after game %d", len(col), first, nextTags)
				}
				nextTags += uint32(len(col) / summaryWidth)
			case keyExplore[0]:
				if len(key) != 5 || binary.BigEndian.Uint32(key[1:]) != nextExplore || len(v) == 0 || len(v)%exploreWidth != 0 {
					return fmt.Errorf("the explorer's column: %d bytes at key %q, after game %d", len(v), key, nextExplore)
				}
				nextExplore += uint32(len(v) / exploreWidth)
			case keyStrings[0]:
				if _, err := newStringView(dec, v); err != nil {
					return err
				}
			case keySource[0]:
				var s Source
				if err := json.Unmarshal(v, &s); err != nil {
					return fmt.Errorf("source record: %w", err)
				}
			case keyCollisions[0]:
				if len(v)%8 != 0 {
					return errors.New("the collision list: bad length")
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	// Badger skips the keys of a block whose checksum fails: count what must be there.
	switch {
	case keys != ix.Meta.Keys:
		return fmt.Errorf("%d keys, the index has %d", keys, ix.Meta.Keys)
	case nextChunk != uint32(ix.Meta.Games):
		return fmt.Errorf("game records of %d games, the index has %d", nextChunk, ix.Meta.Games)
	case nextTags != uint32(ix.Meta.Games):
		return fmt.Errorf("a tag column of %d games, the index has %d", nextTags, ix.Meta.Games)
	case ix.Meta.ExploreColumn && nextExplore != uint32(ix.Meta.Games):
		return fmt.Errorf("an explorer's column of %d games, the index has %d", nextExplore, ix.Meta.Games)
	case lists != len(listNames):
		return fmt.Errorf("%d posting lists, a build writes %d", lists, len(listNames))
	case mats != ix.Meta.MatLists:
		return fmt.Errorf("%d material lists, the index has %d", mats, ix.Meta.MatLists)
	}
	return nil
}

// compareRebuilt builds an index afresh from the sources, beside ix, and compares the two
// part by part: they must be the same but for what an index added to lacks (the list of
// hashes that stand for more than one position; a build writes it, an addition cannot).
func (ix *Index) compareRebuilt(ctx context.Context, opt VerifyOptions) ([]string, error) {
	tmp, err := os.MkdirTemp(filepath.Dir(ix.Dir), filepath.Base(ix.Dir)+".verify-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	files := make([]string, len(ix.Sources))
	for i, s := range ix.Sources {
		files[i] = s.Abs
	}
	dir := filepath.Join(tmp, "ix")
	if _, err := Build(ctx, dir, files, BuildOptions{Threads: opt.Threads, Open: opt.Open, NoPositions: !ix.Meta.PositionTable}); err != nil {
		return nil, fmt.Errorf("build an index afresh to compare with: %w", err)
	}
	fresh, err := Open(dir)
	if err != nil {
		return nil, err
	}
	defer fresh.Close()
	var problems []string
	seen := map[string]int{}
	report := func(part, msg string) {
		if seen[part]++; seen[part] <= maxProblems {
			problems = append(problems, part+": "+msg)
		}
	}
	if err := compareStores(ix, fresh, report); err != nil {
		return nil, err
	}
	for _, name := range []string{tableName, namesName} {
		a, errA := os.ReadFile(filepath.Join(ix.Dir, name))
		b, errB := os.ReadFile(filepath.Join(dir, name))
		switch {
		case errors.Is(errA, os.ErrNotExist) && errors.Is(errB, os.ErrNotExist):
		case errA != nil || errB != nil:
			return nil, errors.Join(errA, errB)
		case !bytes.Equal(a, b):
			report(name, "differs from the sources'")
		}
	}
	for part, n := range seen {
		if n > maxProblems {
			problems = append(problems, fmt.Sprintf("%s: %d more differences", part, n-maxProblems))
		}
	}
	return problems, nil
}

// compareStores compares the Badger stores of ix and of fresh, built from ix's sources,
// key by key.
func compareStores(ix, fresh *Index, report func(part, msg string)) error {
	return ix.view(func(txn *badger.Txn) error {
		return fresh.view(func(ftxn *badger.Txn) error {
			a := txn.NewIterator(badger.IteratorOptions{})
			defer a.Close()
			b := ftxn.NewIterator(badger.IteratorOptions{})
			defer b.Close()
			a.Rewind()
			b.Rewind()
			for a.Valid() || b.Valid() {
				var ka, kb []byte
				if a.Valid() {
					ka = a.Item().KeyCopy(nil)
				}
				if b.Valid() {
					kb = b.Item().KeyCopy(nil)
				}
				switch c := bytes.Compare(ka, kb); {
				case kb == nil || ka != nil && c < 0:
					report(partOf(ka), fmt.Sprintf("%s is not in an index of the sources", describeKey(ka)))
					a.Next()
					continue
				case ka == nil || c > 0:
					if kb[0] != keyCollisions[0] { // an index added to has none
						report(partOf(kb), fmt.Sprintf("%s is missing", describeKey(kb)))
					}
					b.Next()
					continue
				}
				va, err := a.Item().ValueCopy(nil)
				if err != nil {
					return err
				}
				vb, err := b.Item().ValueCopy(nil)
				if err != nil {
					return err
				}
				if !sameValue(ka, va, vb) {
					report(partOf(ka), fmt.Sprintf("%s differs from the sources'", describeKey(ka)))
				}
				a.Next()
				b.Next()
			}
			return nil
		})
	})
}

// sameValue compares the values of key in two indexes of the same sources; sources and
// the description are compared without the paths, which the fresh index took absolute.
func sameValue(key, a, b []byte) bool {
	switch key[0] {
	case keySource[0]:
		var sa, sb Source
		if json.Unmarshal(a, &sa) != nil || json.Unmarshal(b, &sb) != nil {
			return false
		}
		sa.Path, sb.Path = "", ""
		sa.ModTime, sb.ModTime = 0, 0 // a touched source: its content hash is checked
		return sa == sb
	case keyMeta[0]:
		var ma, mb Meta
		if json.Unmarshal(a, &ma) != nil || json.Unmarshal(b, &mb) != nil {
			return false
		}
		ma.Keys, mb.Keys = 0, 0 // counted by checkParts; an index added to has no collision list
		return ma == mb
	}
	return bytes.Equal(a, b)
}

// partOf names the part of the index a Badger key is in.
func partOf(key []byte) string {
	switch key[0] {
	case keyChunk[0]:
		return "game records"
	case keyBitmap[0]:
		if strings.HasPrefix(string(key[2:]), matPrefix) {
			return "material lists"
		}
		return "posting lists"
	case keySummary[0]:
		return "the tag column"
	case keyExplore[0]:
		return "the explorer's column"
	case keyStrings[0]:
		return "the tag column's string table"
	case keySource[0]:
		return "source records"
	case keyCollisions[0]:
		return "the collision list"
	}
	return "the index's description"
}

// describeKey says what a Badger key holds.
func describeKey(key []byte) string {
	switch {
	case key[0] == keyChunk[0] && len(key) == 9:
		first, games := binary.BigEndian.Uint32(key[1:]), binary.BigEndian.Uint32(key[5:])
		return fmt.Sprintf("the records of games %d to %d", first+1, first+games)
	case key[0] == keyBitmap[0] && len(key) >= 2:
		return fmt.Sprintf("list %s", key[2:])
	case key[0] == keySummary[0] && len(key) == 5:
		return fmt.Sprintf("the value of games from %d", binary.BigEndian.Uint32(key[1:])+1)
	case key[0] == keySource[0] && len(key) == 5:
		return fmt.Sprintf("source %d", binary.BigEndian.Uint32(key[1:]))
	}
	return fmt.Sprintf("key %q", key)
}
