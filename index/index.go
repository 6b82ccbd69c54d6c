// Package index keeps PGN games in a Badger database so that queries need not scan the
// PGN again: every game's text (to parse it exactly as a scan does), and posting lists
// (roaring bitmaps of game ids) of facts about the positions each game reaches: which
// squares each piece type stood on, check, mate and stalemate, castling, en passant and
// promotion moves. A query is analysed statically into a necessary condition on those
// facts (see Candidates); only the games that satisfy it are parsed and evaluated, by the
// same filter code as a scan, so the answer is the scan's.
//
// An index is built into a temporary directory and swapped in whole, under a lock, so a
// build that is interrupted leaves the previous index (or none) and never half of one.
package index

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/RoaringBitmap/roaring/v2"
	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
	"golang.org/x/sys/unix"
)

// FormatVersion is the layout of the keys and values below; an index of another version
// is refused with a message to rebuild it.
const FormatVersion = 21

// Keys. Numbers are big-endian, so key order is game order.
const (
	keyVersion = "V" // FormatVersion as decimal text
	keyMeta    = "M" // Meta as JSON
	keySource  = "F" // + be32(file id): Source as JSON
	keyChunk   = "G" // + be32(first game id) + be32(games): fileID uvarint, the records' CRC-32C (4 bytes, little-endian), then S2 of the game records (movestream.go)
	keyBitmap  = "B" // + mode byte + name: a posting list of game ids (format_lists.go)
	// + be32(first game id): zstd of the tag column of summaryGames games (summary_game.go)
	keySummary = "S"
	keyStrings = "N" // zstd of the tag column's string table, without the table (summary_game.go, names_file.go)
	// be64 hashes of the exact-position table that stand for more than one position
	// (positions.go); written by a build only when it could check every entry
	keyCollisions = "C"
	chunkGames    = 256 // games per chunk value: few keys, small reads
	lockSuffix    = ".lock"
)

// Meta describes the whole index.
type Meta struct {
	Games     int   `json:"games"`
	Positions int64 `json:"positions"` // nodes (positions) of all games, variations included
	Files     int   `json:"files"`
	// PositionTable says whether the exact-position table was built (not with
	// --no-positions); TableEntries is its number of entries (position occurrences).
	PositionTable bool  `json:"positionTable"`
	TableEntries  int64 `json:"tableEntries"`
	// MaxChunk is the length of the largest chunk's records, decoded: a reader refuses a
	// chunk whose S2 header says more (a damaged length would ask for up to 4 GB before
	// the records' checksum could tell). 0 in an index built before it was recorded.
	MaxChunk int `json:"maxChunk,omitempty"`
	// Keys is the number of keys written, MatLists that of material lists: Badger gives a
	// damaged block's keys as absent (a Get says not found, an iteration skips them), so a
	// reader that finds fewer knows the index is damaged (see damage.go).
	Keys     int `json:"keys"`
	MatLists int `json:"matLists"`
	// ExploreColumn says the index has the explorer's column (explore_column.go); one
	// built before it was written reads the tag column instead.
	ExploreColumn bool `json:"exploreColumn,omitempty"`
}

// Source is one PGN file as it was when indexed.
type Source struct {
	Path    string `json:"path"`    // as given on the command line (written in output)
	Abs     string `json:"abs"`     // absolute path, to check it later
	Size    int64  `json:"size"`    // bytes on disk
	ModTime int64  `json:"mtime"`   // Unix nanoseconds
	SHA256  string `json:"sha256"`  // of the bytes on disk
	Games   int    `json:"games"`   // games read from it
	FirstID uint32 `json:"firstId"` // id of its first game
	Errors  int    `json:"errors"`  // games with problems
}

// Index is an open index, read-only.
type Index struct {
	Dir string
	db  *badger.DB
	// gen is the index's directory, open: every part was opened through it
	gen     *os.File
	Meta    Meta
	Sources []Source
	// table is the exact-position table's file (positions_file.go); nil without one
	table *tableFile
	// names is the names column's file (names_file.go), there with the table
	names *namesFile

	// strs is the tag column's string table, read once when first needed (stringTable)
	strsOnce sync.Once
	strs     stringView
	strsErr  error
	// pad is the string table without its data, for find's formatter (padTable)
	padOnce sync.Once
	pad     stringView
	padErr  error

	// resident drops the pages of the mapped tables read, every dropEvery bytes
	// (resident.go)
	resident *residentDropper

	// rangeGames is the first range of a ranged source (source_ranged.go); 0: firstRange
	// (tests make it smaller)
	rangeGames uint32
}

func badgerOptions(dir string) badger.Options {
	// Compression off: chunk values are zstd-compressed by us and bitmaps are compact, and
	// Badger's block compression costs more on reads than it saves on disk here.
	return badger.DefaultOptions(dir).
		WithLogger(nil).
		WithCompression(options.None).
		WithBlockCacheSize(0).
		WithNumVersionsToKeep(1).
		WithSyncWrites(false).
		WithDetectConflicts(false).
		// Every block's checksum is checked when the block is read (a table's index is
		// checked when the table is opened, always); checking every block at open would
		// read the whole index for each query.
		WithChecksumVerificationMode(options.OnBlockRead).
		// Values stay in the tables (each is far under the value threshold), but one read
		// from the value log is checked too.
		WithVerifyValueChecksum(true)
}

// ErrNoIndex says that there is no index in a directory.
var ErrNoIndex = errors.New("no index")

// Open opens the index in dir for reading. Every part is read from the one generation
// that is at dir when Open starts or a later one (generation.go): a build or add that
// swaps in a new index meanwhile is seen whole or not at all.
func Open(dir string) (*Index, error) {
	for attempt := 0; ; attempt++ {
		d, again, err := openGeneration(dir)
		if err != nil {
			return nil, err
		}
		if again {
			if attempt == 100 {
				return nil, fmt.Errorf("open index %s: it keeps being replaced", dir)
			}
			continue
		}
		ix, err := openParts(dir, d)
		if err != nil {
			err = pathsIn(err, fdPath(d), dir)
		}
		// The parts are open (a remover of the generation may go on); the directory
		// stays open: the path Badger was given leads through it.
		flock(d, unix.LOCK_UN)
		if err != nil {
			d.Close()
			return nil, err
		}
		return ix, nil
	}
}

// openParts opens the parts of the index whose directory is d.
func openParts(dir string, d *os.File) (*Index, error) {
	at := fdPath(d)
	ix := &Index{Dir: dir, gen: d, resident: &residentDropper{dir: at}}
	db, err := ix.openStore(at)
	if err != nil {
		return nil, err
	}
	ix.db = db
	if err := ix.load(); err != nil {
		db.Close()
		return nil, err
	}
	if ix.Meta.PositionTable {
		if ix.table, err = openTable(at); err == nil {
			if ix.names, err = openNames(at, ix.Meta.Games); err != nil {
				ix.table.close()
			}
		}
		if err != nil {
			db.Close()
			return nil, ix.damage("the exact-position table", err)
		}
	}
	return ix, nil
}

// Close releases the index.
func (ix *Index) Close() error {
	if ix.table != nil {
		ix.table.close()
	}
	if ix.names != nil {
		ix.names.close()
	}
	err := ix.db.Close()
	if ix.gen != nil {
		ix.gen.Close()
	}
	return err
}

func (ix *Index) load() error {
	return ix.view(func(txn *badger.Txn) error {
		v, err := getString(txn, keyVersion)
		if err != nil {
			return fmt.Errorf("index %s has no format version: rebuild it with cql index build", ix.Dir)
		}
		if v != fmt.Sprint(FormatVersion) {
			return fmt.Errorf("index %s has format version %s, this cql reads version %d: rebuild it with cql index build", ix.Dir, v, FormatVersion)
		}
		m, err := getString(txn, keyMeta)
		if err != nil {
			return ix.damage("its description", err)
		}
		if err := json.Unmarshal([]byte(m), &ix.Meta); err != nil {
			return ix.damage("its description", err)
		}
		it := txn.NewIterator(badger.IteratorOptions{Prefix: []byte(keySource), PrefetchValues: true})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			var s Source
			if err := it.Item().Value(func(b []byte) error { return json.Unmarshal(b, &s) }); err != nil {
				return ix.damage("a source record", err)
			}
			ix.Sources = append(ix.Sources, s)
		}
		if len(ix.Sources) != ix.Meta.Files {
			return ix.damage("the source records", fmt.Errorf("%d of %d", len(ix.Sources), ix.Meta.Files))
		}
		return nil
	})
}

func getString(txn *badger.Txn, key string) (string, error) {
	item, err := txn.Get([]byte(key))
	if err != nil {
		return "", err
	}
	b, err := item.ValueCopy(nil)
	return string(b), err
}

// bitmap reads one posting list; a missing one is empty.
func (ix *Index) bitmap(mode byte, name string) (*roaring.Bitmap, error) {
	bm := roaring.New()
	err := ix.view(func(txn *badger.Txn) error {
		item, err := txn.Get(bitmapKey(mode, name))
		if errors.Is(err, badger.ErrKeyNotFound) && !isList(mode, name) {
			return nil // a list no build writes
		}
		if err != nil {
			// every list a build knows is written, empty or not
			return ix.damage("posting list "+name, err)
		}
		ix.resident.add(int(item.EstimatedSize())) // resident.go
		return item.Value(func(b []byte) (err error) {
			if bm, err = decodeList(b, ix.Meta.Games); err != nil {
				err = ix.damage("posting list "+name, err)
			}
			return err
		})
	})
	if bm == nil {
		bm = roaring.New() // with err set
	}
	return bm, err
}

func bitmapKey(mode byte, name string) []byte {
	return append([]byte{keyBitmap[0], mode}, name...)
}

func sourceKey(id int) []byte { return binary.BigEndian.AppendUint32([]byte(keySource), uint32(id)) }

func chunkKey(first uint32, games int) []byte {
	k := binary.BigEndian.AppendUint32([]byte(keyChunk), first)
	return binary.BigEndian.AppendUint32(k, uint32(games))
}

// DiskSize is the size of the files of the open index (of its generation, though another
// may have been swapped in at its path since).
func (ix *Index) DiskSize() (int64, error) {
	ents, err := os.ReadDir(fdPath(ix.gen))
	var n int64
	for _, e := range ents {
		if info, err := e.Info(); err == nil {
			n += info.Size()
		}
	}
	return n, err
}

// Sizes are the bytes of the index's values by kind.
type Sizes struct {
	Games, Postings, Positions, Other int64
	Chunks, Lists, Buckets            int
}

// Sizes adds up the stored values by kind (game records, posting lists, positions, the rest).
func (ix *Index) Sizes() (Sizes, error) {
	var s Sizes
	err := ix.view(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{PrefetchValues: false})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			item := it.Item()
			n := item.ValueSize()
			switch item.Key()[0] {
			case keyChunk[0]:
				s.Games += n
				s.Chunks++
			case keyBitmap[0]:
				s.Postings += n
				s.Lists++
			default:
				s.Other += n
			}
		}
		return nil
	})
	if err == nil && ix.table != nil {
		s.Positions, s.Buckets, err = ix.table.stats()
	}
	if ix.names != nil {
		s.Other += int64(len(ix.names.mapped))
	}
	return s, err
}
