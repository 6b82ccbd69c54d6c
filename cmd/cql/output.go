package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/cqlgo/cql/internal/fspath"
)

// outputFile is an output file written under a temporary name beside its target and renamed
// into place only when the run succeeds, so that a failed or interrupted run never truncates
// an earlier result. The temporary file is registered with the run's tempFiles, which removes
// it on every way out: errors, panics, signals. Appending writes to the file itself and cuts
// it back to its old size when the run fails.
type outputFile struct {
	f       *os.File
	name    string // the target: the file -o names, or what its symbolic links lead to
	temps   *tempFiles
	closed  bool
	paused  bool // closed for now: a split output's file beyond --maxopenoutputfiles (split.go)
	done    bool
	direct  bool // f is the target itself, not a temporary file
	append  bool
	oldSize int64
}

// createOutput opens a temporary file for the output name. A symbolic link is written through:
// the target gets the output and keeps its mode; a new file gets 0666 less the umask, as a
// shell's redirection would. It refuses to write over one of the inputs (statInputs: standard
// input's file too), over a file the user may not write (as a redirection would), and over any
// existing file with noClobber.
func createOutput(ctx context.Context, name string, inputs []os.FileInfo, appendTo, noClobber bool) (*outputFile, error) {
	target, err := fspath.ResolveLinks(name)
	if err != nil {
		return nil, fmt.Errorf("cannot write output %s: %w", name, err)
	}
	st, err := os.Stat(target)
	switch {
	case err == nil:
		for _, ist := range inputs {
			if os.SameFile(st, ist) {
				return nil, fmt.Errorf("output %s is also an input; refusing to overwrite it", name)
			}
		}
		if st.IsDir() {
			return nil, fmt.Errorf("cannot write output %s: is a directory", name)
		}
		if noClobber && !appendTo && st.Mode().IsRegular() {
			return nil, fmt.Errorf("output %s exists; -noclobber forbids overwriting it", name)
		}
		if st.Mode().IsRegular() && !appendTo {
			// The file is replaced by a rename, which its own permissions do not stop: open it
			// for writing (which changes nothing) to refuse what a redirection would refuse.
			f, err := os.OpenFile(target, os.O_WRONLY, 0)
			if err != nil {
				return nil, fmt.Errorf("cannot write output %s: %w", name, fspath.Unwrap(err))
			}
			f.Close()
		}
		if !st.Mode().IsRegular() {
			// A device or a pipe (/dev/stdout, /dev/null, a FIFO) is written directly:
			// it cannot be replaced, and renaming over it would destroy it.
			f, err := os.OpenFile(target, os.O_WRONLY, 0)
			if err != nil {
				return nil, fmt.Errorf("cannot write output %s: %w", name, fspath.Unwrap(err))
			}
			return &outputFile{f: f, name: target, direct: true}, nil
		}
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("cannot write output %s: %w", name, fspath.Unwrap(err))
	}
	if appendTo {
		f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o666)
		if err != nil {
			return nil, fmt.Errorf("cannot write output %s: %w", name, fspath.Unwrap(err))
		}
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("cannot write output %s: %w", name, fspath.Unwrap(err))
		}
		return &outputFile{f: f, name: target, direct: true, append: true, oldSize: fi.Size()}, nil
	}
	temps := tempFilesOf(ctx)
	f, err := createTemp(target, temps)
	if err != nil {
		return nil, fmt.Errorf("cannot write output %s: %w", name, fspath.Unwrap(err))
	}
	if st != nil {
		// Keep the target's permissions (chmod is not subject to the umask).
		if err := f.Chmod(st.Mode().Perm()); err != nil {
			f.Close()
			os.Remove(f.Name())
			temps.remove(f.Name())
			return nil, fmt.Errorf("cannot write output %s: %w", name, fspath.Unwrap(err))
		}
	}
	return &outputFile{f: f, name: target, temps: temps}, nil
}

// createTemp creates .BASE.cql-PID-N.tmp beside target with mode 0666 less the umask
// (os.CreateTemp would give 0600) and registers it with temps before anything is written to
// it. The process id in the name lets a later run recognise the temporary files of runs that
// were killed (kill -9 leaves them): removeStaleTemps removes those first.
func createTemp(target string, temps *tempFiles) (*os.File, error) {
	dir, base := filepath.Split(target)
	removeStaleTemps(dir)
	prefix := "." + base + tempTag + strconv.Itoa(os.Getpid()) + "-"
	for try := 0; ; try++ {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10)+".tmp")
		temps.add(name) // first, so that a signal arriving now removes it too
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if err == nil {
			return f, nil
		}
		temps.remove(name)
		if !errors.Is(err, fs.ErrExist) || try == 100 {
			return nil, err
		}
	}
}

// tempTag marks cql's temporary output files: .BASE.cql-PID-N.tmp.
const tempTag = ".cql-"

// tempPID returns the process id in a temporary output file's name, if it is one.
func tempPID(name string) (int, bool) {
	if !strings.HasPrefix(name, ".") || !strings.HasSuffix(name, ".tmp") {
		return 0, false
	}
	i := strings.LastIndex(name, tempTag)
	if i < 1 {
		return 0, false
	}
	pid, n, ok := strings.Cut(name[i+len(tempTag):len(name)-len(".tmp")], "-")
	if !ok || pid == "" || n == "" || strings.Trim(n, "0123456789") != "" {
		return 0, false
	}
	p, err := strconv.Atoi(pid)
	return p, err == nil && p > 0
}

// removeStaleTemps removes the temporary output files in dir of runs whose process has ended
// (a run that ends any other way removes its own). A process that exists, even another
// user's, keeps its files; so does a directory that cannot be read.
func removeStaleTemps(dir string) {
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, ok := tempPID(e.Name())
		if !ok || pid == os.Getpid() || !e.Type().IsRegular() || processExists(pid) {
			continue
		}
		os.Remove(filepath.Join(dir, e.Name()))
	}
}

// processExists says whether process pid exists (signal 0 checks without sending).
func processExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// statInputs returns what is known of the input files (os.Stat; for - standard input's own
// file, when it is one), so that no output is written over one of them.
func statInputs(names []string, stdin io.Reader) []os.FileInfo {
	var out []os.FileInfo
	for _, name := range names {
		if name == "-" {
			if f, ok := stdin.(interface{ Stat() (os.FileInfo, error) }); ok {
				if st, err := f.Stat(); err == nil {
					out = append(out, st)
				}
			}
			continue
		}
		if st, err := os.Stat(name); err == nil {
			out = append(out, st)
		}
	}
	return out
}

// Write writes to the file; an error names the output, not the temporary file.
func (o *outputFile) Write(p []byte) (int, error) {
	n, err := o.f.Write(p)
	if err != nil {
		err = fmt.Errorf("cannot write output %s: %w", o.name, fspath.Unwrap(err))
	}
	return n, err
}

// commit closes the temporary file and renames it over the target.
func (o *outputFile) commit() error {
	o.closed = true
	if o.paused {
		o.paused = false // closed already
	} else if err := o.f.Close(); err != nil {
		return fmt.Errorf("cannot write output %s: %w", o.name, fspath.Unwrap(err))
	}
	if o.direct {
		o.done = true
		return nil
	}
	if err := os.Rename(o.f.Name(), o.name); err != nil {
		return fmt.Errorf("cannot write output %s: %w", o.name, fspath.Unwrap(err))
	}
	o.done = true
	o.temps.remove(o.f.Name())
	return nil
}

// discard removes the temporary file unless it was committed.
func (o *outputFile) discard() {
	if o.done {
		return
	}
	if o.append {
		if o.paused {
			os.Truncate(o.f.Name(), o.oldSize)
		} else {
			o.f.Truncate(o.oldSize) // what this run added goes
		}
	}
	if !o.closed && !o.paused {
		o.f.Close()
	}
	if o.direct {
		return
	}
	os.Remove(o.f.Name())
	o.temps.remove(o.f.Name())
}

// tempFiles are the temporary files of one run, removed when it ends however it ends.
// A nil *tempFiles does nothing (callers without a run context).
type tempFiles struct {
	mu    sync.Mutex
	names map[string]bool
}

type tempFilesKey struct{}

// withTempFiles gives ctx the run's temporary files.
func withTempFiles(ctx context.Context, t *tempFiles) context.Context {
	return context.WithValue(ctx, tempFilesKey{}, t)
}

func tempFilesOf(ctx context.Context) *tempFiles {
	t, _ := ctx.Value(tempFilesKey{}).(*tempFiles)
	return t
}

func (t *tempFiles) add(name string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.names == nil {
		t.names = map[string]bool{}
	}
	t.names[name] = true
}

func (t *tempFiles) remove(name string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.names, name)
}

// removeAll deletes every temporary file still registered.
func (t *tempFiles) removeAll() {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for name := range t.names {
		os.Remove(name)
		delete(t.names, name)
	}
}
