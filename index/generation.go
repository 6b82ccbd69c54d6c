package index

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/cqlgo/cql/internal/fspath"
)

// An index directory is one generation: a build or add writes a new one beside it
// (DIR.tmp-*) and swaps it in whole with one rename (RENAME_EXCHANGE); the old generation
// then sits at the temporary name until it is removed. A reader opens the directory once
// and reaches every part through that handle (/proc/self/fd/N/…), so it reads one
// generation from first part to last whatever is swapped meanwhile: a rebuild is seen
// whole or not at all.
//
// Removal waits for readers that are still opening the old generation: a reader holds a
// shared flock on its directory while it opens the parts and checks that the directory
// is still the one at DIR; the remover takes the exclusive flock before it deletes.
// Once open, a reader holds every part by descriptor or mapping, which survive the
// unlink (Badger opens and maps every table and log at Open; names.table is mapped,
// positions.table held open).

// markerName is the file that says a directory is a cql index: a build writes it last,
// and refuses to replace a non-empty directory without it (Badger's MANIFEST is no sign:
// any directory may hold a file of that name).
const markerName = "CQLINDEX"

const markerText = "cql index: a directory written by cql index build; cql replaces it whole\n"

// openGeneration opens the index directory at dir for reading: the directory, shared-locked
// and checked to be the one at dir now. unlock releases the lock (the directory stays
// open). again says that dir was swapped between the open and the check: try again.
func openGeneration(dir string) (d *os.File, again bool, err error) {
	d, err = os.Open(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, fmt.Errorf("%s: %w (build one with cql index build -x %s FILE...)", dir, ErrNoIndex, dir)
	}
	if err != nil {
		return nil, false, fmt.Errorf("open index %s: %w", dir, fspath.Unwrap(err))
	}
	if err := flock(d, unix.LOCK_SH); err != nil {
		d.Close()
		return nil, false, fmt.Errorf("open index %s: lock: %w", dir, err)
	}
	held, err1 := d.Stat()
	atName, err2 := os.Stat(dir)
	if err1 != nil || err2 != nil || !os.SameFile(held, atName) {
		d.Close() // drops the lock
		return nil, true, nil
	}
	if !held.IsDir() {
		d.Close()
		return nil, false, fmt.Errorf("%s: %w: not a directory", dir, ErrNoIndex)
	}
	if _, err := os.Stat(filepath.Join(fdPath(d), markerName)); err != nil {
		d.Close()
		if _, merr := os.Stat(filepath.Join(dir, "MANIFEST")); merr == nil {
			return nil, false, fmt.Errorf("%s: %w: it has no %s file (an index built by an older cql has none and must be built again)", dir, ErrNoIndex, markerName)
		}
		return nil, false, fmt.Errorf("%s: %w (build one with cql index build -x %s FILE...)", dir, ErrNoIndex, dir)
	}
	return d, false, nil
}

// pathsIn has err's message name dir where it says at (the parts' paths through the
// directory's descriptor, which mean nothing to the user).
func pathsIn(err error, at, dir string) error { return renamedPaths{err, at, dir} }

type renamedPaths struct {
	err      error
	from, to string
}

func (e renamedPaths) Error() string { return strings.ReplaceAll(e.err.Error(), e.from, e.to) }
func (e renamedPaths) Unwrap() error { return e.err }

// fdPath is a path that leads to the directory d is open on, wherever it is renamed.
func fdPath(d *os.File) string { return "/proc/self/fd/" + strconv.Itoa(int(d.Fd())) }

func flock(f *os.File, how int) error {
	for {
		err := unix.Flock(int(f.Fd()), how)
		if err != unix.EINTR {
			return err
		}
	}
}

// retire removes a generation directory (an old index after the swap, a failed build,
// a killed build's leftover) once no reader is opening it.
func retire(dir string) error {
	d, err := os.Open(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err == nil {
		err = flock(d, unix.LOCK_EX) // readers hold it only while they open
		if err == nil {
			err = os.RemoveAll(dir)
		}
		d.Close()
	}
	return err
}

// writeMarker marks the finished generation at dir as an index, and syncs the marker and
// the directory's entries to disk before the swap: a crash after the swap must not leave
// an index without its marker, which no build would replace.
func writeMarker(dir string) error {
	f, err := os.OpenFile(filepath.Join(dir, markerName), os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = f.WriteString(markerText)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = syncDir(dir)
	}
	if err != nil {
		return fmt.Errorf("write index: %w", err)
	}
	return nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// buildTarget is where an index given as dir is written: a symbolic link is followed to
// the directory it names (which need not exist yet), as an output file's link is, so
// that the link stays and its target gets the index. The directory that holds it must
// exist: the build creates the index directory, not its parents.
func buildTarget(dir string) (string, error) {
	target, err := fspath.ResolveLinks(filepath.Clean(dir))
	if err != nil {
		return "", fmt.Errorf("index %s: %w", dir, err)
	}
	parent := filepath.Dir(target)
	st, err := os.Stat(parent)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("cannot create index %s: directory %s does not exist", dir, parent)
	}
	if err != nil {
		return "", fmt.Errorf("cannot create index %s: %w", dir, fspath.Unwrap(err))
	}
	if !st.IsDir() {
		return "", fmt.Errorf("cannot create index %s: %s is not a directory", dir, parent)
	}
	return target, nil
}

// checkTarget refuses to replace anything but an index written by cql (or an empty
// directory); dir is the resolved target.
func checkTarget(dir, given string) error {
	st, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s exists and is not a directory: refusing to replace it with an index", given)
	}
	if _, err := os.Stat(filepath.Join(dir, markerName)); err == nil {
		return nil
	}
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("index %s: %w", given, fspath.Unwrap(err))
	}
	defer f.Close()
	if _, err := f.Readdirnames(1); err == io.EOF {
		return nil
	}
	return fmt.Errorf("%s exists and is not an index written by cql (it has no %s file): refusing to replace it (an index built by an older cql has none: remove it by hand)", given, markerName)
}

// swap puts the finished generation at tmp in dir's place in one step; tmp gets the old
// one, if there was one.
func swap(tmp, dir string) error {
	err := unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dir, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.ENOENT) {
		err = unix.Renameat2(unix.AT_FDCWD, tmp, unix.AT_FDCWD, dir, unix.RENAME_NOREPLACE)
	}
	if err == nil {
		err = syncDir(filepath.Dir(dir)) // the swap itself
	}
	if err != nil {
		return fmt.Errorf("replace index %s: %w", dir, err)
	}
	return nil
}

// cloneGeneration copies the generation at dir into the empty directory to, for a writer
// to change the copy: the files no writer changes (Badger's tables, the names and
// position tables) are hard links, the others (the manifest, logs, the marker) copies.
func cloneGeneration(dir, to string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range ents {
		from, dst := filepath.Join(dir, e.Name()), filepath.Join(to, e.Name())
		if !e.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file", from)
		}
		if filepath.Ext(e.Name()) == ".sst" || e.Name() == namesName || e.Name() == tableName {
			if err := os.Link(from, dst); err != nil {
				return err
			}
			continue
		}
		if err := copyFile(from, dst); err != nil {
			return err
		}
	}
	return nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = io.Copy(out, in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}
