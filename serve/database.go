package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/index"
	"github.com/cqlgo/cql/internal/plural"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
	"github.com/cqlgo/cql/run"
)

// database is the fixed set of games the server searches: an index, or PGN files, both
// named when the server starts. No path ever comes from a request.
type database struct {
	ix    *index.Index // nil: files
	files []string
	names []string // the input files as runs name them (g.File), in order
	// totalGames is the number of games of an index (progress), 0 for files
	totalGames int
	// totalBytes is the size on disk of the files (progress), 0 for an index
	totalBytes int64
}

func openDatabase(ctx context.Context, indexDir string, files []string) (*database, error) {
	switch {
	case indexDir != "" && len(files) > 0:
		return nil, errors.New("give an index or PGN files, not both")
	case indexDir == "" && len(files) == 0:
		return nil, errors.New("no database: give --index DIR or PGN files")
	}
	if indexDir != "" {
		ix, err := index.Open(indexDir)
		if err != nil {
			return nil, err
		}
		if changed, _, _ := ix.Stale(ctx); len(changed) > 0 {
			ix.Close()
			return nil, fmt.Errorf("%s: source changed since it was indexed: %v (rebuild the index with cql index build)", indexDir, changed)
		}
		d := &database{ix: ix, totalGames: ix.Meta.Games}
		for _, s := range ix.Sources {
			d.names = append(d.names, s.Path)
		}
		return d, nil
	}
	d := &database{files: files, names: files}
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil {
			return nil, fmt.Errorf("input: %w", err)
		}
		if st.IsDir() {
			return nil, fmt.Errorf("input: %s is a directory", f)
		}
		d.totalBytes += st.Size()
	}
	return d, nil
}

func (d *database) Close() error {
	if d.ix != nil {
		return d.ix.Close()
	}
	return nil
}

// describe names the database for the page.
func (d *database) describe() string {
	if d.ix != nil {
		return fmt.Sprintf("index %s: %s of %s", d.ix.Dir, plural.N(d.ix.Meta.Games, "game"), plural.N(len(d.ix.Sources), "file"))
	}
	if len(d.files) == 1 {
		return d.files[0]
	}
	return fmt.Sprintf("%d PGN files", len(d.files))
}

// fileIndex is the number of the input file a run names name (-1: none).
func (d *database) fileIndex(name string) int {
	for i, n := range d.names {
		if n == name {
			return i
		}
	}
	return -1
}

// source returns the games a run of q with opt reads, as cql chooses them; read counts the
// bytes of PGN files read, for the progress bar.
func (d *database) source(prog *query.Program, q *filter.Query, opt run.Options, read *atomic.Int64, onError func(error)) (run.Source, error) {
	if d.ix != nil {
		o := opt
		// They see only matching games, as the writers do: no part of the choice (with
		// them the prefilter of an unprunable query was off: the seed's full run 2.5x cql's).
		o.Matches, o.AppendPosition, o.Tally = nil, nil, nil
		return index.QuerySource(d.ix, prog, q, o, true)
	}
	return run.Files{
		Names: d.files,
		Open: func(name string) (io.ReadCloser, error) {
			f, err := os.Open(name)
			if err != nil {
				return nil, err
			}
			return pgn.NewReader(&countingFile{f, read}, name)
		},
		OnError:  onError,
		LastGame: run.LastGame(q, opt),
	}, nil
}

// countingFile counts the bytes read from a file.
type countingFile struct {
	*os.File
	n *atomic.Int64
}

func (c *countingFile) Read(p []byte) (int, error) {
	n, err := c.File.Read(p)
	if c.n != nil {
		c.n.Add(int64(n))
	}
	return n, err
}

// gameRef finds a matching game again: its number in its file, and for PGN files the
// game's text (kept by the run), for an index its id.
type gameRef struct {
	file   int // index in database.names
	number int
	text   []byte
}

// fetch parses the games of refs again (variations read as variations says) and calls fn
// with each, in turn; the game is valid only during fn.
func (d *database) fetch(ctx context.Context, refs []gameRef, variations bool, fn func(k int, g *pgn.Game)) error {
	opt := pgn.Options{Workers: 1, Variations: variations}
	if d.ix == nil {
		var g pgn.Game
		for k, r := range refs {
			pgn.ParseGame(r.text, &g, opt)
			g.File, g.Number = d.names[r.file], r.number
			fn(k, &g)
		}
		return nil
	}
	ids := make(map[uint32][]int, len(refs))
	bm := roaring.New()
	for k, r := range refs {
		if r.file < 0 || r.file >= len(d.ix.Sources) {
			return fmt.Errorf("no game %d of file %d", r.number, r.file)
		}
		id := d.ix.Sources[r.file].FirstID + uint32(r.number-1)
		ids[id] = append(ids[id], k)
		bm.Add(id)
	}
	var seen atomic.Int64 // games handed to fn (work runs in one worker)
	err := d.ix.Games(bm).Games(ctx, opt, func(_ int, g *pgn.Game) run.Result {
		id := d.ix.Sources[d.fileIndex(g.File)].FirstID + uint32(g.Number-1)
		for _, k := range ids[id] {
			fn(k, g)
		}
		seen.Add(1)
		return run.Result{}
	}, func(run.Result) error {
		if seen.Load() == int64(len(ids)) {
			return pgn.ErrStop // the games after the last one wanted are not read
		}
		return nil
	})
	if errors.Is(err, pgn.ErrStop) {
		err = nil
	}
	return err
}
