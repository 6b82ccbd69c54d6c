package index

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	badger "github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/fb"
	"github.com/dgraph-io/badger/v4/pb"
	"github.com/dgraph-io/badger/v4/table"
	"github.com/dgraph-io/badger/v4/y"
	"golang.org/x/sys/unix"
	"google.golang.org/protobuf/proto"

	"github.com/cqlgo/cql/query"
)

// How a damaged index is told from a sound one. Every byte a query reads is under a
// checksum checked when it is read: Badger's per block (badgerOptions) for what Badger
// holds, ours for the rest (the game records' CRC-32C, zstd's frame checksums on the tag
// column and string table, CRC-32C per bucket and directory group of positions.table and
// per block of names.table). Badger gives a block whose checksum fails as missing keys, not
// as an error (a Get says not found, an iterator skips the rest of the table), so readers
// also check that what must be there is: every posting list a build knows is written,
// empty or not; chunks and tag column values must follow each other without a gap up to
// Meta.Games; iterations count what they find against Meta. A panic inside Badger on a
// damaged file is recovered at the index's boundary (view), and the tables are checked
// before Badger opens them, where it opens them on goroutines of its own (a panic there
// cannot be recovered).

// DamageError says that a part of an index is damaged and must be rebuilt.
type DamageError struct {
	Dir  string // the index
	Part string // what was being read
	Err  error
}

func (e *DamageError) Error() string {
	return fmt.Sprintf("index %s is damaged (%s: %v): rebuild it with cql index build", e.Dir, e.Part, e.Err)
}

func (e *DamageError) Unwrap() error { return e.Err }

// damage returns err as damage to part of ix; an error that is damage already is kept.
func (ix *Index) damage(part string, err error) error {
	if err == nil {
		return nil
	}
	var d *DamageError
	if errors.As(err, &d) {
		return err
	}
	return &DamageError{Dir: ix.Dir, Part: part, Err: err}
}

// view runs fn in a read transaction, a panic inside Badger (or in fn, on damaged data)
// being damage to the index, not the end of the process.
func (ix *Index) view(fn func(txn *badger.Txn) error) (err error) {
	defer ix.recoverDamage("the Badger store", &err)
	return ix.db.View(fn)
}

// recoverDamage turns a panic into damage to part (deferred).
func (ix *Index) recoverDamage(part string, err *error) {
	if r := recover(); r != nil {
		msg := fmt.Sprint(r)
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i] // Badger's panics carry a dump of the table
		}
		*err = &DamageError{Dir: ix.Dir, Part: part, Err: fmt.Errorf("panic: %s", msg)}
	}
}

// openStore opens ix's Badger store read-only, after checking its tables.
func (ix *Index) openStore(at string) (db *badger.DB, err error) {
	defer ix.recoverDamage("the Badger store", &err)
	// at is the index's directory as opened by Open (generation.go). No lock of Badger's
	// own: Open's lock covers the opening, and a shared lock held while the index is open
	// would keep the build that replaced it from removing it.
	opt := badgerOptions(at).WithReadOnly(true).WithBypassLockGuard(true)
	if err := checkManifest(opt); err != nil {
		return nil, ix.damage("its MANIFEST", err)
	}
	ssts, err := filepath.Glob(filepath.Join(at, "*.sst"))
	if err != nil {
		return nil, err
	}
	for _, name := range ssts {
		if err := checkTableFile(name); err != nil {
			return nil, ix.damage(filepath.Base(name), err)
		}
	}
	db, err = badger.Open(opt)
	if err != nil {
		return nil, ix.damage("the Badger store", err)
	}
	return db, nil
}

// checkManifest checks that Badger's MANIFEST is whole and names the tables in the
// directory, no more and no fewer: Badger, read-only or not, deletes the tables a
// MANIFEST does not name, so a damaged one would have a query delete parts of the index.
func checkManifest(opt badger.Options) error {
	f, err := os.Open(filepath.Join(opt.Dir, badger.ManifestFilename))
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	m, end, err := badger.ReplayManifestFile(f, opt.ExternalMagicVersion, opt)
	if err != nil {
		return err
	}
	if end != st.Size() {
		return fmt.Errorf("cut at byte %d of %d", end, st.Size())
	}
	ssts, err := filepath.Glob(filepath.Join(opt.Dir, "*.sst"))
	if err != nil {
		return err
	}
	names := map[string]bool{}
	for _, name := range ssts {
		names[filepath.Base(name)] = true
	}
	for id := range m.Tables {
		if !names[filepath.Base(table.NewFilename(id, opt.Dir))] {
			return fmt.Errorf("table %d is missing", id)
		}
	}
	if len(m.Tables) != len(names) {
		return fmt.Errorf("it names %d tables, the directory has %d", len(m.Tables), len(names))
	}
	return nil
}

// checkTableFile checks what Badger reads of an SSTable when it opens it: the footer, the
// lengths of the table's index and checksum, and its last block (read to find the largest
// key). Badger opens tables on goroutines of its own and panics on a table damaged there
// (a file cut by one byte); its own checks then tell the rest (the index's checksum).
func checkTableFile(name string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bad table index: %v", r)
		}
	}()
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	size := st.Size()
	if size < 8 {
		return fmt.Errorf("%d bytes", size)
	}
	// Mapped, as Badger maps it: only the pages read are touched (read into buffers, the
	// tables' indexes cost a query 0.45 ms on masters-463k).
	m, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_SHARED)
	if err != nil {
		return err
	}
	defer unix.Munmap(m)
	read := func(off, n int64) ([]byte, error) {
		if off < 0 || n < 0 || off+n > size {
			return nil, fmt.Errorf("%d bytes at %d, past the end (%d bytes)", n, off, size)
		}
		return m[off : off+n : off+n], nil
	}
	// Layout (Badger's table/builder.go): blocks, index, be32(index length), checksum of
	// the index, be32(checksum length).
	b, err := read(size-4, 4)
	if err != nil {
		return err
	}
	at := size - 4 - int64(binary.BigEndian.Uint32(b))
	if _, err := read(at, size-4-at); err != nil {
		return err
	}
	if b, err = read(at-4, 4); err != nil {
		return err
	}
	indexAt := at - 4 - int64(binary.BigEndian.Uint32(b))
	index, err := read(indexAt, at-4-indexAt)
	if err != nil {
		return err
	}
	ti := fb.GetRootAsTableIndex(index, 0)
	n := ti.OffsetsLength()
	var ko fb.BlockOffset
	if n == 0 || !ti.Offsets(&ko, n-1) {
		return errors.New("table without blocks")
	}
	block, err := read(int64(ko.Offset()), int64(ko.Len()))
	if err != nil {
		return err
	}
	// A block: entries, their offsets, be32(entries), checksum, be32(checksum length).
	if len(block) < 8 {
		return errors.New("short block")
	}
	chk := int(binary.BigEndian.Uint32(block[len(block)-4:]))
	if chk > len(block)-8 {
		return errors.New("bad block checksum length")
	}
	var sum pb.Checksum
	if err := proto.Unmarshal(block[len(block)-4-chk:len(block)-4], &sum); err != nil {
		return err
	}
	data := block[:len(block)-4-chk]
	if err := y.VerifyChecksum(data, &sum); err != nil {
		return fmt.Errorf("last block: %w", err)
	}
	entries := int(binary.BigEndian.Uint32(data[len(data)-4:]))
	if entries < 1 || entries > (len(data)-4)/4 {
		return errors.New("bad block entry count")
	}
	return nil
}

// listNames are the posting lists every build writes, empty or not, besides the material
// lists (found by iterating their prefix).
var listNames = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range listKeys {
		m[k] = true
	}
	for k := range 12 {
		m[string(bitmapKey(modeAll, occAnyName(query.Piece(k))))] = true
		for sq := range 64 {
			m[string(bitmapKey(modeAll, occName(query.Piece(k), sq)))] = true
		}
	}
	return m
}()

// isList reports whether a build writes the list (mode, name): then a list not found is
// damage.
func isList(mode byte, name string) bool {
	return strings.HasPrefix(name, matPrefix) || listNames[string(bitmapKey(mode, name))]
}
