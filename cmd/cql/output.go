package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
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
	done    bool
	direct  bool // f is the target itself, not a temporary file
	append  bool
	oldSize int64
}

// createOutput opens a temporary file for the output name. A symbolic link is written through:
// the target gets the output and keeps its mode; a new file gets 0666 less the umask, as a
// shell's redirection would. It refuses to write over one of the inputs, and over any existing
// file with noClobber.
func createOutput(ctx context.Context, name string, inputs []string, appendTo, noClobber bool) (*outputFile, error) {
	target, err := resolveLinks(name)
	if err != nil {
		return nil, fmt.Errorf("cannot write output %s: %w", name, err)
	}
	st, err := os.Stat(target)
	switch {
	case err == nil:
		for _, in := range inputs {
			if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) {
				return nil, fmt.Errorf("output %s is also an input; refusing to overwrite it", name)
			}
		}
		if st.IsDir() {
			return nil, fmt.Errorf("cannot write output %s: is a directory", name)
		}
		if noClobber && !appendTo && st.Mode().IsRegular() {
			return nil, fmt.Errorf("output %s exists; -noclobber forbids overwriting it", name)
		}
		if !st.Mode().IsRegular() {
			// A device or a pipe (/dev/stdout, /dev/null, a FIFO) is written directly:
			// it cannot be replaced, and renaming over it would destroy it.
			f, err := os.OpenFile(target, os.O_WRONLY, 0)
			if err != nil {
				return nil, fmt.Errorf("cannot write output %s: %w", name, unwrapPath(err))
			}
			return &outputFile{f: f, name: target, direct: true}, nil
		}
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("cannot write output %s: %w", name, unwrapPath(err))
	}
	if appendTo {
		f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o666)
		if err != nil {
			return nil, fmt.Errorf("cannot write output %s: %w", name, unwrapPath(err))
		}
		fi, err := f.Stat()
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("cannot write output %s: %w", name, unwrapPath(err))
		}
		return &outputFile{f: f, name: target, direct: true, append: true, oldSize: fi.Size()}, nil
	}
	temps := tempFilesOf(ctx)
	f, err := createTemp(target, temps)
	if err != nil {
		return nil, fmt.Errorf("cannot write output %s: %w", name, unwrapPath(err))
	}
	if st != nil {
		// Keep the target's permissions (chmod is not subject to the umask).
		if err := f.Chmod(st.Mode().Perm()); err != nil {
			f.Close()
			os.Remove(f.Name())
			temps.remove(f.Name())
			return nil, fmt.Errorf("cannot write output %s: %w", name, unwrapPath(err))
		}
	}
	return &outputFile{f: f, name: target, temps: temps}, nil
}

// createTemp creates .BASE.NNNN.tmp beside target with mode 0666 less the umask (os.CreateTemp
// would give 0600) and registers it with temps before anything is written to it.
func createTemp(target string, temps *tempFiles) (*os.File, error) {
	dir, base := filepath.Split(target)
	for try := 0; ; try++ {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(uint64(rand.Uint32()), 10)+".tmp")
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

// resolveLinks follows symbolic links from name to the file they lead to, which need not
// exist yet (a dangling link names the file to create).
func resolveLinks(name string) (string, error) {
	for hops := 0; ; hops++ {
		st, err := os.Lstat(name)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return name, nil // missing or not a link: this is the target
		}
		if hops == 40 {
			return "", errors.New("too many levels of symbolic links")
		}
		link, err := os.Readlink(name)
		if err != nil {
			return "", unwrapPath(err)
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(name), link)
		}
		name = link
	}
}

// unwrapPath drops a *fs.PathError's operation and path (often the temporary file's), whose
// place the messages above give in the user's terms.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Write writes to the file; an error names the output, not the temporary file.
func (o *outputFile) Write(p []byte) (int, error) {
	n, err := o.f.Write(p)
	if err != nil {
		err = fmt.Errorf("cannot write output %s: %w", o.name, unwrapPath(err))
	}
	return n, err
}

// commit closes the temporary file and renames it over the target.
func (o *outputFile) commit() error {
	o.closed = true
	if err := o.f.Close(); err != nil {
		return fmt.Errorf("cannot write output %s: %w", o.name, unwrapPath(err))
	}
	if o.direct {
		o.done = true
		return nil
	}
	if err := os.Rename(o.f.Name(), o.name); err != nil {
		return fmt.Errorf("cannot write output %s: %w", o.name, unwrapPath(err))
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
		o.f.Truncate(o.oldSize) // what this run added goes
	}
	if !o.closed {
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
