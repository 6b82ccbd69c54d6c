package index

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cqlgo/cql/internal/plural"
)

// SourceChange is what became of one source of an index since it was indexed.
type SourceChange int

const (
	Unchanged SourceChange = iota
	Touched                // a new modification time, the same content
	Grew                   // games appended: its old bytes are its first bytes now
	Rewritten              // anything else: its old bytes are not its first bytes now
	Missing                // it cannot be read
)

func (c SourceChange) String() string {
	return [...]string{"unchanged", "touched", "grew", "rewritten", "missing"}[c]
}

// SourceState is one source's change, and after a rebuild its number of games then and now.
type SourceState struct {
	Source
	Change   SourceChange
	NowGames int
}

// RefreshReport says what RefreshSources found and did.
type RefreshReport struct {
	Sources []SourceState
	// Rebuilt says the index was built again from its sources (something changed);
	// otherwise at most the new modification times of touched sources were recorded.
	Rebuilt bool
	Meta    Meta
}

// String says it in one line: "3 files unchanged, 1 file grew by 120 games: index rebuilt
// (463,678 games)".
func (r *RefreshReport) String() string {
	var parts []string
	count := map[SourceChange]int{}
	for _, s := range r.Sources {
		count[s.Change]++
	}
	if n := count[Unchanged] + count[Touched]; n > 0 {
		p := plural.N(n, "file") + " unchanged"
		if count[Touched] > 0 {
			p += fmt.Sprintf(" (%d with a new modification time, recorded)", count[Touched])
		}
		parts = append(parts, p)
	}
	for _, s := range r.Sources {
		switch s.Change {
		case Grew:
			parts = append(parts, fmt.Sprintf("%s grew by %s", s.Path, plural.N(s.NowGames-s.Games, "game")))
		case Rewritten:
			parts = append(parts, fmt.Sprintf("%s rewritten (%d games, now %d)", s.Path, s.Games, s.NowGames))
		}
	}
	what := "nothing to do"
	if r.Rebuilt {
		what = fmt.Sprintf("index rebuilt from its %s (%s)", plural.N(len(r.Sources), "source"), plural.N(r.Meta.Games, "game"))
	} else if count[Touched] > 0 {
		what = "new modification times recorded"
	}
	return strings.Join(parts, ", ") + ": " + what
}

// RefreshSources brings the index at dir up to date with its sources, as the index
// records them (no paths to give again): each is read again (its size and time first,
// its content hash when they differ); when any grew or was rewritten, the index is built
// again from all of them, in their order, with the same choice of the exact-position
// table, and swapped in as a build is; when only modification times moved, they are
// recorded (Refresh). A missing source is an error and nothing is changed: the index
// holds its games, and a build with the files wanted drops it.
//
// opt is the build's (threads, how to open a file, problems); NoPositions is the index's.
func RefreshSources(ctx context.Context, dir string, opt BuildOptions) (*RefreshReport, error) {
	ix, err := Open(dir)
	if err != nil {
		return nil, err
	}
	sources, positions := ix.Sources, ix.Meta.PositionTable
	ix.Close()
	r := &RefreshReport{}
	var missing []string
	changed := false
	for _, s := range sources {
		st := SourceState{Source: s, Change: sourceChange(ctx, s), NowGames: s.Games}
		switch st.Change {
		case Missing:
			missing = append(missing, s.Path)
		case Grew, Rewritten:
			changed = true
		}
		r.Sources = append(r.Sources, st)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("index %s: %s missing: %s (the index is unchanged and still answers for it; to drop it, build the index again with the files wanted: cql index build -x %s FILE...)",
			dir, plural.N(len(missing), "source"), strings.Join(missing, ", "), dir)
	}
	if !changed {
		for _, s := range r.Sources {
			if s.Change == Touched {
				if _, err := Refresh(ctx, dir); err != nil {
					return nil, err
				}
				break
			}
		}
		return r, nil
	}
	files := make([]string, len(sources))
	for i, s := range sources {
		files[i] = s.Abs
		// The path as given to the build, when it still names the file from here: the
		// outputs name the files by it.
		if a, err := os.Stat(s.Path); err == nil {
			if b, err := os.Stat(s.Abs); err == nil && os.SameFile(a, b) {
				files[i] = s.Path
			}
		}
	}
	opt.NoPositions = !positions
	if r.Meta, err = Build(ctx, dir, files, opt); err != nil {
		return nil, err
	}
	r.Rebuilt = true
	if ix, err = Open(dir); err != nil {
		return nil, err
	}
	defer ix.Close()
	if len(ix.Sources) != len(r.Sources) {
		return nil, fmt.Errorf("index %s: rebuilt with %d sources of %d", dir, len(ix.Sources), len(r.Sources))
	}
	for i := range r.Sources {
		r.Sources[i].NowGames = ix.Sources[i].Games
	}
	return r, nil
}

// sourceChange compares s's file with what was indexed: size and time first, then the
// content hash of the whole file (same size) or of its first s.Size bytes (larger).
func sourceChange(ctx context.Context, s Source) SourceChange {
	st, err := os.Stat(s.Abs)
	switch {
	case err != nil:
		return Missing
	case st.Size() == s.Size && st.ModTime().UnixNano() == s.ModTime:
		return Unchanged
	case st.Size() == s.Size:
		if sameContent(ctx, s) {
			return Touched
		}
		return Rewritten
	case st.Size() > s.Size:
		if sum, err := prefixHash(ctx, s.Abs, s.Size); err != nil {
			return Missing
		} else if sum == s.SHA256 {
			return Grew
		}
	}
	return Rewritten
}

// prefixHash is the SHA-256 of the first n bytes of file, as on disk.
func prefixHash(ctx context.Context, file string, n int64) (string, error) {
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.CopyN(h, ctxReader{ctx, f}, n); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
