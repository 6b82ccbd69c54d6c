package main

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cqlgo/cql/internal/fspath"
	"github.com/cqlgo/cql/pgn"
)

// An output name with %{Tag} in it splits the matching games into files: each game goes to
// the file the name makes with the value of its tag Tag (as the output game has it: the
// query's settag counts), so that -o 'by-eco/%{ECO}.pgn' writes one file per opening and
// a query's own value goes through a tag: settag("Theme" ...) and -o '%{Theme}.pgn'. %% is
// a %. Every file is written as -o's one is (a temporary file renamed into place when the
// run succeeds, never over an input, -noclobber and -append respected), and at most
// --maxopenoutputfiles of them are open at once.

// defaultMaxOpenOutputFiles is how many split output files are open at once unless
// --maxopenoutputfiles says: well under the usual limit of 1024 descriptors a process.
const defaultMaxOpenOutputFiles = 128

// maxNamePart is the most bytes a tag's value gives a file name (NAME_MAX is 255).
const maxNamePart = 100

// namePart is a piece of an output name template: literal text or a tag's value.
type namePart struct {
	text string
	tag  bool
}

// parseOutputTemplate reads an output name's %{Tag} and %%; ok is false for a name with
// no %{...}, which is one file as it is written.
func parseOutputTemplate(name string) (parts []namePart, ok bool, err error) {
	var lit strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c != '%' {
			lit.WriteByte(c)
			continue
		}
		switch {
		case i+1 < len(name) && name[i+1] == '%':
			lit.WriteByte('%')
			i++
		case i+1 < len(name) && name[i+1] == '{':
			end := strings.IndexByte(name[i+2:], '}')
			if end < 0 {
				return nil, false, fmt.Errorf("output %s: %%{ without its }", name)
			}
			tag := name[i+2 : i+2+end]
			if tag == "" || strings.ContainsAny(tag, " \t/\\\"") {
				return nil, false, fmt.Errorf("output %s: %%{%s} is not a tag name", name, tag)
			}
			if lit.Len() > 0 {
				parts = append(parts, namePart{text: lit.String()})
				lit.Reset()
			}
			parts = append(parts, namePart{text: tag, tag: true})
			ok = true
			i += 2 + end
		default:
			lit.WriteByte('%') // a lone % is itself, as in every file name
		}
	}
	if lit.Len() > 0 {
		parts = append(parts, namePart{text: lit.String()})
	}
	return parts, ok, nil
}

// fileNamePart makes a tag's value safe as one piece of a file name: no directory
// separator, no control byte, none of Windows' forbidden :*?"<>| (so "?" and "*" are _), not . or .., not empty (a missing tag gives _), at most
// maxNamePart bytes (cut at a rune's start).
func fileNamePart(v string) string {
	b := []byte(strings.TrimSpace(v))
	for i, c := range b {
		if c < ' ' || c == 0x7f || strings.IndexByte(`/\:*?"<>|`, c) >= 0 {
			b[i] = '_' // a separator, or a byte some systems refuse in names (Windows)
		}
	}
	if len(b) > maxNamePart {
		n := maxNamePart
		for n > 0 && b[n]&0xc0 == 0x80 {
			n--
		}
		b = b[:n]
	}
	switch s := string(b); s {
	case "", ".", "..":
		return "_"
	default:
		return s
	}
}

// splitOutput is the files of a split output, by the names the template made.
type splitOutput struct {
	ctx               context.Context
	template          string
	parts             []namePart
	inputs            []os.FileInfo
	appendTo, noClob  bool
	mkdirs            bool
	maxOpen           int
	files             map[string]*splitFile // by the name made
	byTarget          map[string]*splitFile // by the file written: two names of one file share it
	lru               *list.List            // the open files, most recently written first
	made              []string              // directories made (--createdirectories), parents first
	failed            error
	committed, closed bool
}

type splitFile struct {
	out  *outputFile
	name string
	elem *list.Element // in lru while open
}

func newSplitOutput(ctx context.Context, template string, parts []namePart, inputs []os.FileInfo, appendTo, noClobber, mkdirs bool, maxOpen int) *splitOutput {
	if maxOpen < 1 {
		maxOpen = defaultMaxOpenOutputFiles
	}
	return &splitOutput{ctx: ctx, template: template, parts: parts, inputs: inputs, appendTo: appendTo, noClob: noClobber,
		mkdirs: mkdirs, maxOpen: maxOpen, files: map[string]*splitFile{}, byTarget: map[string]*splitFile{}, lru: list.New()}
}

// Name is the file of one output game (run.Splitter; safe in every worker at once).
func (s *splitOutput) Name(g *pgn.Game) string {
	var b strings.Builder
	for _, p := range s.parts {
		if p.tag {
			b.WriteString(fileNamePart(g.Tag(p.text)))
		} else {
			b.WriteString(p.text)
		}
	}
	return b.String()
}

// Write appends a game's output to its file, opening (or reopening) it first (run.Splitter;
// called in game order).
func (s *splitOutput) Write(name string, p []byte) error {
	if s.failed != nil {
		return s.failed
	}
	f, err := s.file(name)
	if err == nil {
		_, err = f.out.Write(p)
	}
	if err != nil {
		s.failed = err
	}
	return err
}

// file returns the open file of a name.
func (s *splitOutput) file(name string) (*splitFile, error) {
	if f := s.files[name]; f != nil {
		if f.elem != nil {
			s.lru.MoveToFront(f.elem)
			return f, nil
		}
		if err := s.makeRoom(); err != nil {
			return nil, err
		}
		if err := f.out.resume(); err != nil {
			return nil, err
		}
		f.elem = s.lru.PushFront(f)
		return f, nil
	}
	target, err := fspath.ResolveLinks(name)
	if err != nil {
		return nil, fmt.Errorf("cannot write output %s: %w", name, err)
	}
	if abs, err := filepath.Abs(target); err == nil {
		target = abs
	}
	if f := s.byTarget[target]; f != nil {
		s.files[name] = f
		return s.file(name)
	}
	if err := s.makeRoom(); err != nil {
		return nil, err
	}
	if s.mkdirs {
		made, err := makeDirs(filepath.Dir(name))
		s.made = append(s.made, made...)
		if err != nil {
			return nil, fmt.Errorf("output %s: %w", name, err)
		}
	}
	out, err := createOutput(s.ctx, name, s.inputs, s.appendTo, s.noClob)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && !s.mkdirs {
			err = fmt.Errorf("%w (its directory does not exist: --createdirectories makes it)", err)
		}
		return nil, fmt.Errorf("%w (from -o %s)", err, s.template)
	}
	f := &splitFile{out: out, name: name}
	f.elem = s.lru.PushFront(f)
	s.files[name], s.byTarget[target] = f, f
	return f, nil
}

// makeRoom closes the least recently written file when maxOpen are open.
func (s *splitOutput) makeRoom() error {
	for s.lru.Len() >= s.maxOpen {
		last := s.lru.Back()
		f := last.Value.(*splitFile)
		s.lru.Remove(last)
		f.elem = nil
		if err := f.out.pause(); err != nil {
			return err
		}
	}
	return nil
}

// makeDirs makes dir and its missing parents, and returns those it made, parents first.
func makeDirs(dir string) ([]string, error) {
	var missing []string
	for d := dir; d != "" && d != "." && d != string(filepath.Separator); d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil {
			break
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, fspath.Unwrap(err)
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	var made []string
	for i := len(missing) - 1; i >= 0; i-- {
		if err := os.Mkdir(missing[i], 0o777); err != nil && !errors.Is(err, fs.ErrExist) {
			return made, fmt.Errorf("cannot make directory %s: %w", missing[i], fspath.Unwrap(err))
		}
		made = append(made, missing[i])
	}
	return made, nil
}

// commit renames every file into place; names returns them, sorted.
func (s *splitOutput) commit() error {
	s.committed = true
	for _, f := range s.byTarget {
		if err := f.out.commit(); err != nil {
			return err
		}
	}
	return nil
}

// names lists the files written, sorted.
func (s *splitOutput) names() []string {
	var out []string
	for _, f := range s.byTarget {
		out = append(out, f.name)
	}
	sort.Strings(out)
	return out
}

// discard removes what a run that did not succeed wrote: the temporary files (an
// appended file is cut back to its old size) and the directories it made, if empty.
func (s *splitOutput) discard() {
	if s.committed || s.closed {
		return
	}
	s.closed = true
	for _, f := range s.byTarget {
		f.out.discard()
	}
	for i := len(s.made) - 1; i >= 0; i-- {
		os.Remove(s.made[i]) // fails, as it should, for one that is not empty
	}
}

// pause closes the file for now (a split output's least recently written one); resume
// opens it again to write on at its end.
func (o *outputFile) pause() error {
	if o.paused || o.closed {
		return nil
	}
	if err := o.f.Close(); err != nil {
		return fmt.Errorf("cannot write output %s: %w", o.name, fspath.Unwrap(err))
	}
	o.paused = true
	return nil
}

func (o *outputFile) resume() error {
	if !o.paused {
		return nil
	}
	f, err := os.OpenFile(o.f.Name(), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return fmt.Errorf("cannot write output %s: %w", o.name, fspath.Unwrap(err))
	}
	o.f, o.paused = f, false
	return nil
}
