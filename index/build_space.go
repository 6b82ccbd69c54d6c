package index

import (
	"fmt"
	"sync"
	"syscall"

	badger "github.com/dgraph-io/badger/v4"
	"golang.org/x/sys/unix"
)

// diskSpace keeps a build inside the free space of the index's filesystem, so that a
// full disk is an error that says so and not a crash. Badger writes its tables through
// memory maps of files it first extends (sparse) to their size, in goroutines of its own:
// on a full filesystem the copy into the map faults (SIGBUS), which no Go code can
// recover from. So before Badger is given data, and before the build writes a file of its
// own (which would take space Badger counts on), the free space is checked against what
// Badger may still write, and the build stops with ENOSPC when it would not fit.
//
// The bound holds against the build's own writes; a file written meanwhile by another
// process may still take the space Badger was left (the check is then too late, as it is
// for any program that writes through maps).
type diskSpace struct {
	dir   string                          // where the build writes
	name  string                          // the index, for messages
	avail func(dir string) (int64, error) // statfs; a test's seam
	db    *badger.DB                      // its tables on disk are what Badger has written

	mu sync.Mutex
	// given bounds the bytes Badger's tables take for the data it was given (every key and
	// value, with Badger's per-entry and per-table costs)
	given int64
	err   error // the first refusal: every later request gets it

}

const (
	// spaceSlack is kept free for what is not counted: Badger's manifest and key registry,
	// the DISCARD file it maps, the writers' buffers filled since their last grant, the
	// filesystem's own blocks.
	spaceSlack = 8 << 20
	// spaceGrant is how much a writer of the build's own files is granted at once (a
	// statfs per grant)
	spaceGrant = 1 << 20
	// Badger's table costs over the bytes of keys and values, bounded from above: per
	// entry a 4-byte header, an 8-byte version, 3 bytes of value meta, a 4-byte offset in
	// its block, bloom filter bits and the block index; per table its index and footer.
	badgerPerEntry = 32
	badgerPerTable = 16 << 10
	tableBytes     = 8 << 20 // the tables a build writes (BaseTableSize 256 KiB x 32)
)

func statfsAvail(dir string) (int64, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, fmt.Errorf("statfs %s: %w", dir, err)
	}
	return int64(st.Bavail) * int64(st.Bsize), nil
}

func newDiskSpace(dir, name string, avail func(string) (int64, error)) *diskSpace {
	if avail == nil {
		avail = statfsAvail
	}
	return &diskSpace{dir: dir, name: name, avail: avail}
}

// badgerTables is an upper bound of the bytes of n bytes of keys and values as tables.
func badgerTables(n int64, entries int) int64 {
	return n + int64(entries)*badgerPerEntry + (n/tableBytes+1)*badgerPerTable
}

// outstanding is what Badger may still write for what it was given. Tables being
// written count as not written: the bound stays above the truth.
func (s *diskSpace) outstanding() int64 {
	if s.db == nil {
		return s.given
	}
	var written int64
	for _, t := range s.db.Tables() {
		written += int64(t.OnDiskSize)
	}
	return max(s.given-written, 0)
}

// check refuses need more bytes unless they fit beside Badger's outstanding writes.
func (s *diskSpace) check(need int64) error {
	if s.err != nil {
		return s.err
	}
	free, err := s.avail(s.dir)
	if err != nil {
		return err
	}
	if free < s.outstanding()+need+spaceSlack {
		s.err = fmt.Errorf("write index %s: %w (%d MB free on its filesystem, and the build needs more: the old index, if any, is unchanged)",
			s.name, syscall.ENOSPC, free>>20)
		return s.err
	}
	return nil
}

// badger makes room for n bytes of keys and values of entries entries given to Badger.
func (s *diskSpace) badger(n int64, entries int) error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	need := badgerTables(n, entries)

	if err := s.check(need); err != nil {
		return err
	}
	s.given += need
	return nil
}

// allowance grants a writer of the build's own files space in spaceGrant steps.
type allowance struct {
	s    *diskSpace
	left int64
}

// take makes room for n bytes about to be written.
func (a *allowance) take(n int) error {
	if a.s == nil {
		return nil
	}
	for a.left < int64(n) {
		a.s.mu.Lock()
		err := a.s.check(spaceGrant)
		a.s.mu.Unlock()
		if err != nil {
			return err
		}
		a.left += spaceGrant
	}
	a.left -= int64(n)
	return nil
}
