package index

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// Badger maps every table of an index into memory (badger/v4 has no other way of reading
// them), and the kernel counts each page of a table read or written in the process's
// resident set until the table is unmapped, at the close: a build of 10 million games held
// its 1.6 GB of tables so, a count of `ply > 250` through that index the 390 MB of the tag
// column it read (issue 35). The pages are the page cache's, clean once written back, and
// the kernel takes them back under pressure; but they are counted in the process's RSS, and
// for a build or a query that reads the index once from start to end they are not needed
// again.
//
// A residentDropper tells the kernel so (madvise MADV_DONTNEED on the tables' mappings,
// found in /proc/self/maps) after every dropEvery bytes read or written: the RSS for the
// tables stays under that, whatever the size of the index. The pages stay in the page cache;
// a table read again is mapped again from it (a minor fault a page, no disk read).
//
// MADV_DONTNEED on a shared file mapping loses nothing (a page written and not yet written
// back stays dirty in the page cache). It is only sound on a range that is still the table's
// mapping: the caller must keep the tables mapped while it runs (the index open, the
// StreamWriter not flushed), so that no range read from /proc/self/maps is unmapped and
// reused meanwhile. Only the shared mappings of the files named *.sst in dir are dropped.
type residentDropper struct {
	dir string // the directory of the tables; resolved at each drop (it may be renamed)

	mu   sync.Mutex
	seen int64 // bytes since the last drop
}

// dropEvery is how many bytes are read or written between drops of the mapped tables.
const dropEvery = 16 << 20

// add counts n bytes read or written; every dropEvery bytes it drops the mapped tables.
func (d *residentDropper) add(n int) {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.seen += int64(n)
	if d.seen < dropEvery {
		return
	}
	d.seen = 0
	dropMappedTables(d.dir)
}

// dropMappedTables drops the pages of the tables of dir mapped into this process (see
// residentDropper); it returns how many bytes of mappings it dropped. Nothing is dropped
// where /proc/self/maps cannot be read.
func dropMappedTables(dir string) int64 {
	real, err := filepath.EvalSymlinks(dir)
	if err == nil {
		real, err = filepath.Abs(real) // /proc/self/maps names files by absolute paths
	}
	if err != nil {
		return 0
	}
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		return 0
	}
	defer f.Close()
	prefix := real + string(filepath.Separator)
	var dropped int64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// start-end perms offset dev inode path
		line := sc.Text()
		at := strings.IndexByte(line, '/')
		if at < 0 {
			continue
		}
		path := line[at:]
		if !strings.HasPrefix(path, prefix) || !strings.HasSuffix(path, ".sst") || strings.ContainsRune(path[len(prefix):], filepath.Separator) {
			continue
		}
		fields := strings.Fields(line[:at])
		if len(fields) < 5 || len(fields[1]) < 4 || fields[1][3] != 's' {
			continue // not a shared mapping: its pages may be the only copy
		}
		lo, hi, ok := strings.Cut(fields[0], "-")
		if !ok {
			continue
		}
		start, err1 := strconv.ParseUint(lo, 16, 64)
		end, err2 := strconv.ParseUint(hi, 16, 64)
		if err1 != nil || err2 != nil || end <= start {
			continue
		}
		if _, _, errno := unix.Syscall(unix.SYS_MADVISE, uintptr(start), uintptr(end-start), unix.MADV_DONTNEED); errno == 0 {
			dropped += int64(end - start)
		}
	}
	return dropped
}
