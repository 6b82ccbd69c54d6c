package run

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"sync"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/groupby"
	"github.com/cqlgo/cql/pgn"
)

// A tag pass evaluates several queries over one reading of the games: every game is read,
// parsed and replayed once, and each query is evaluated on it by a runner of its own (the
// one Run uses, so that each query's matches, and its PGN output, are what Run gives for it
// alone). What the pass writes is one record per game naming the queries it matched
// (TagOptions.Positions: one per matching position), in game order for any number of
// threads.

// TagQuery is one query of a tag pass.
type TagQuery struct {
	Name  string
	Query *filter.Query
	// PGN, if set, receives the query's matching games as Run writes them with Format "pgn"
	// (cql -o FILE): sorted when the query sorts.
	PGN io.Writer
}

// TagOptions say how a tag pass runs and what it writes.
type TagOptions struct {
	// Format of the records: "jsonl" or "csv".
	Format string
	// Positions writes one record per matching position instead of one per game.
	Positions bool
	// AllGames writes a record for every game read, matching or not (not with Positions).
	AllGames bool
	// NoRecords writes no records (only the PGN outputs and Groups).
	NoRecords bool
	Threads   int
	// Errors, Messages, OnGame, OnGameEnd, Inputs, NoHeader, HideWarnings, Verbose and
	// CSVRaw are Options' (Messages: each query's message filters, in game order).
	Errors, Messages io.Writer
	OnGame           func()
	OnGameEnd        func(end int64)
	Inputs           []os.FileInfo
	NoHeader         bool
	HideWarnings     bool
	Verbose          bool
	CSVRaw           bool
	SortMemory       int
	// Persistent receives the sums of the additive queries' persistent variables after
	// the last game, each line prefixed by the query's name and ": "; nil means Errors.
	Persistent io.Writer
	// Groups, if set, counts every game read in its groups with its matches per query.
	Groups *groupby.Table
}

// QueryStats counts what one query of a tag pass matched.
type QueryStats struct {
	Name             string
	Games, Positions int
	GamesRead        int // the games the query saw (its gamenumber range may end early)
	PersistentLines  []string
}

// TagStats counts what a tag pass saw.
type TagStats struct {
	GamesRead, GamesMatched, GamesWithErrors, Warnings int
	Queries                                            []QueryStats
}

// CheckTagQueries refuses what one pass cannot evaluate with its meaning: a query that keeps
// state from game to game in order (reads persistent variables, writes files), and two
// queries of one name.
func CheckTagQueries(qs []TagQuery) error {
	seen := map[string]bool{}
	for _, q := range qs {
		if seen[q.Name] {
			return fmt.Errorf("two queries are named %q: give each its own name", q.Name)
		}
		seen[q.Name] = true
		if q.Query.Serial() {
			return fmt.Errorf("query %s keeps state from game to game (it reads persistent variables or writes files with writefile), which a tag pass cannot keep in order with the other queries: run it alone with cql", q.Name)
		}
	}
	return nil
}

// TagLastGame is the last game of each file a tag pass must read (Files.LastGame): the
// latest of the queries' gamenumber ranges, 0 (every game) when one has no range.
func TagLastGame(qs []TagQuery) int {
	last := 0
	for _, q := range qs {
		n := LastGame(q.Query, Options{})
		if n == 0 {
			return 0
		}
		last = max(last, n)
	}
	return last
}

// tagger runs the queries' runners over one source.
type tagger struct {
	qs      []TagQuery
	opt     TagOptions
	runners []*runner
	outs    []*bufio.Writer // each runner's PGN output (a discarding one without)
	stats   TagStats
	pos     []int            // scratch: the game's matching positions per query
	checks  []*filter.Checks // per worker, the positions in check, shared by the queries
	// parts holds the per-query result slices emitted games are done with, for the workers
	// to fill again (a slice per game was most of what a pass allocated).
	parts sync.Pool
}

// Tag evaluates the queries qs over the games of src in one pass and writes the records to
// out (nothing with NoRecords), each query's PGN to its PGN writer.
func Tag(ctx context.Context, qs []TagQuery, src Source, out io.Writer, opt TagOptions) (TagStats, error) {
	switch {
	case len(qs) == 0:
		return TagStats{}, errors.New("a tag pass needs at least one query")
	case opt.Format != "jsonl" && opt.Format != "csv":
		return TagStats{}, fmt.Errorf("unknown --format %q for tag records (want jsonl or csv)", opt.Format)
	}
	if err := CheckTagQueries(qs); err != nil {
		return TagStats{}, err
	}
	if opt.Errors == nil {
		opt.Errors = io.Discard
	}
	t := &tagger{qs: qs, opt: opt, pos: make([]int, len(qs)), checks: make([]*filter.Checks, max(opt.Threads, 1))}
	for w := range t.checks {
		t.checks[w] = &filter.Checks{}
	}
	read := pgn.Options{}
	persistent := make([]bytes.Buffer, len(qs))
	for i, q := range qs {
		ro := Options{Format: "pgn", Count: q.PGN == nil, Threads: opt.Threads, Errors: opt.Errors, Messages: opt.Messages,
			Inputs: opt.Inputs, NoHeader: opt.NoHeader, HideWarnings: true, SortMemory: opt.SortMemory, Persistent: &persistent[i]}
		r, err := newRunner(q.Query, src, ro)
		if err != nil {
			return TagStats{}, err
		}
		defer r.spill.close()
		for w, ev := range r.evals {
			ev.ShareChecks(t.checks[w])
		}
		r.keepNodes = opt.Positions && !opt.NoRecords
		r.cloneOut = true
		t.runners = append(t.runners, r)
		var w io.Writer = io.Discard
		if q.PGN != nil {
			w = q.PGN
		}
		t.outs = append(t.outs, r.start(w))
		ro2 := ReadOptions(q.Query, ro)
		read.Variations = read.Variations || ro2.Variations
		read.Workers = ro2.Workers
	}
	bw := bufio.NewWriterSize(out, 256<<10)
	if !opt.NoRecords && opt.Format == "csv" {
		bw.Write(t.csvHeader())
	}
	err := src.Games(ctx, read, t.work, func(res Result) error { return t.emit(res, bw) })
	for i, r := range t.runners {
		if ferr := r.finish(t.outs[i], nil); ferr != nil {
			if r.fatal != nil {
				return t.stats, fmt.Errorf("query %s: %w", qs[i].Name, ferr)
			}
			if err == nil {
				err = ferr
			}
		}
	}
	pw := opt.Persistent
	if pw == nil {
		pw = opt.Errors
	}
	for i := range qs {
		st := QueryStats{Name: qs[i].Name, Games: t.runners[i].stats.GamesMatched,
			Positions: t.runners[i].stats.PositionsMatched, GamesRead: t.runners[i].stats.GamesRead}
		for _, line := range bytes.SplitAfter(persistent[i].Bytes(), []byte("\n")) {
			if len(line) > 0 {
				st.PersistentLines = append(st.PersistentLines, string(bytes.TrimSuffix(line, []byte("\n"))))
				fmt.Fprintf(pw, "%s: %s", qs[i].Name, line)
			}
		}
		t.stats.Queries = append(t.stats.Queries, st)
	}
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return t.stats, err
}

// work evaluates every query on g in a worker and formats the game's records.
func (t *tagger) work(worker int, g *pgn.Game) Result {
	res := Result{number: g.Number, file: g.File, end: g.Offset + int64(g.Length)}
	if len(g.Errors) > 0 {
		res.errs = append(res.errs, g.Errors...)
	}
	if t.opt.Verbose && len(g.Warnings) > 0 {
		res.warns = append(res.warns, g.Warnings...)
	}
	t.checks[worker].Reset()
	if ps, _ := t.parts.Get().(*[]Result); ps != nil {
		res.parts = *ps
	} else {
		res.parts = make([]Result, len(t.runners))
	}
	matched := false
	for i, r := range t.runners {
		gi := g
		if r.q.EditsGame() {
			gi = g.Clone() // settag, removecomment: the next query sees the game as read
		}
		p := r.work(worker, gi)
		if r.lastGame > 0 && p.number > r.lastGame {
			p.matched = false // past the query's gamenumber range: its emit leaves it out
		}
		p.errs, p.warns = nil, nil // the game's problems are reported once, by the pass
		res.parts[i] = p
		matched = matched || p.matched
	}
	res.matched = matched
	if t.opt.Groups != nil {
		res.groupVals = groupby.Read(t.opt.Groups.Keys(), g)
	}
	if t.opt.NoRecords || !matched && !t.opt.AllGames {
		return res
	}
	if t.opt.Positions {
		res.out = t.appendPositions(nil, g, res.parts)
	} else {
		res.out = t.appendGame(nil, g, res.parts)
	}
	return res
}

// emit takes one game's results in game order: the pass's counts and records, then each
// query's runner's (its PGN output, messages and persistent sums).
func (t *tagger) emit(res Result, w *bufio.Writer) error {
	if t.opt.OnGame != nil {
		t.opt.OnGame()
	}
	if t.opt.OnGameEnd != nil && res.end > 0 {
		t.opt.OnGameEnd(res.end)
	}
	t.stats.GamesRead++
	t.stats.Warnings += len(res.errs)
	for _, e := range res.errs {
		if !t.opt.HideWarnings {
			fmt.Fprintln(t.opt.Errors, "cql:", e)
		}
	}
	for _, e := range res.warns {
		fmt.Fprintln(t.opt.Errors, "cql: warning:", e)
	}
	if len(res.errs) > 0 {
		t.stats.GamesWithErrors++
	}
	for i, p := range res.parts {
		t.pos[i] = -1
		if p.matched {
			t.pos[i] = p.positions
		}
		if err := t.runners[i].emit(p, t.outs[i]); err != nil {
			if t.runners[i].fatal != nil {
				return fmt.Errorf("query %s: %w", t.qs[i].Name, err)
			}
			return err
		}
	}
	if t.opt.Groups != nil {
		t.opt.Groups.Add(res.groupVals, t.pos)
	}
	if res.matched {
		t.stats.GamesMatched++
	}
	clear(res.parts)
	t.parts.Put(&res.parts)
	if len(res.out) > 0 {
		if _, err := w.Write(res.out); err != nil {
			return err
		}
	}
	return nil
}

// TagRecordTags are the tags of a tag pass's game records.
var TagRecordTags = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo", "ECO"}

// csvHeader is the header line of csv records: the game's columns, then one column per
// query (the game's matching positions, empty when it did not match; in position
// records 1 when the query matched there).
func (t *tagger) csvHeader() []byte {
	var cols []string
	if t.opt.Positions {
		cols = []string{"file", "game", "ply", "move", "side", "fen", "san"}
	} else {
		cols = append([]string{"file", "game"}, TagRecordTags...)
	}
	for _, q := range t.qs {
		cols = append(cols, q.Name)
	}
	var dst []byte
	for k, c := range cols {
		if k > 0 {
			dst = append(dst, ',')
		}
		dst = t.csvText(dst, c)
	}
	return append(dst, '\n')
}

func (t *tagger) csvText(dst []byte, s string) []byte {
	if t.opt.CSVRaw {
		return appendCSVField(dst, s)
	}
	return appendCSVText(dst, s)
}

// appendGame appends g's game record: jsonl {"file","game","tags":{...},"matches":{name:
// positions, ...}} with the queries that matched in the order given, or a csv line.
func (t *tagger) appendGame(dst []byte, g *pgn.Game, parts []Result) []byte {
	if t.opt.Format == "csv" {
		dst = t.csvText(dst, g.File)
		dst = append(dst, ',')
		dst = appendInt(dst, g.Number)
		for _, name := range TagRecordTags {
			dst = append(dst, ',')
			v := g.Tag(name)
			if name == "Result" {
				v = gameResult(g)
			}
			dst = t.csvText(dst, v)
		}
		for _, p := range parts {
			dst = append(dst, ',')
			if p.matched {
				dst = appendInt(dst, p.positions)
			}
		}
		return append(dst, '\n')
	}
	dst = append(dst, `{"file":`...)
	dst = appendJSONString(dst, g.File)
	dst = append(dst, `,"game":`...)
	dst = appendInt(dst, g.Number)
	dst = append(dst, `,"tags":{`...)
	first := true
	for _, name := range TagRecordTags {
		v := g.Tag(name)
		if name == "Result" {
			v = gameResult(g)
		}
		if v == "" {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = appendJSONString(dst, name)
		dst = append(dst, ':')
		dst = appendJSONString(dst, v)
	}
	dst = append(dst, `},"matches":{`...)
	first = true
	for i, p := range parts {
		if !p.matched {
			continue
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = appendJSONString(dst, t.qs[i].Name)
		dst = append(dst, ':')
		dst = appendInt(dst, p.positions)
	}
	return append(dst, "}}\n"...)
}

// appendPositions appends a record for each position of g that a query matched, in the
// order of g.Nodes: jsonl {"file","game","ply","move","side","fen","san","matches":[names]},
// or a csv line.
func (t *tagger) appendPositions(dst []byte, g *pgn.Game, parts []Result) []byte {
	var nodes []int32
	for _, p := range parts {
		if p.matched {
			nodes = append(nodes, p.nodes...)
		}
	}
	slices.Sort(nodes)
	nodes = slices.Compact(nodes)
	next := make([]int, len(parts)) // per query, its next node not yet written
	for _, i := range nodes {
		n := &g.Nodes[i]
		at := func(q int) bool {
			p := parts[q]
			if !p.matched || next[q] >= len(p.nodes) || p.nodes[next[q]] != i {
				return false
			}
			next[q]++
			return true
		}
		if t.opt.Format == "csv" {
			dst = t.csvText(dst, g.File)
			dst = append(dst, ',')
			dst = appendInt(dst, g.Number)
			dst = append(dst, ',')
			dst = appendInt(dst, int(n.Ply))
			dst = append(dst, ',')
			dst = appendInt(dst, n.Pos.FullmoveNumber())
			dst = append(dst, ',', sideLetter(&n.Pos), ',')
			dst = n.Pos.AppendFEN(dst)
			dst = append(dst, ',')
			dst = appendSANBefore(dst, g, n)
			for q := range parts {
				dst = append(dst, ',')
				if at(q) {
					dst = append(dst, '1')
				}
			}
			dst = append(dst, '\n')
			continue
		}
		dst = append(dst, `{"file":`...)
		dst = appendJSONString(dst, g.File)
		dst = append(dst, `,"game":`...)
		dst = appendInt(dst, g.Number)
		dst = append(dst, `,"ply":`...)
		dst = appendInt(dst, int(n.Ply))
		dst = append(dst, `,"move":`...)
		dst = appendInt(dst, n.Pos.FullmoveNumber())
		dst = append(dst, `,"side":"`...)
		dst = append(dst, sideLetter(&n.Pos))
		dst = append(dst, `","fen":"`...)
		dst = n.Pos.AppendFEN(dst)
		dst = append(dst, `","san":"`...)
		dst = appendSANBefore(dst, g, n)
		dst = append(dst, '"')
		if n.Variation {
			dst = append(dst, `,"variation":true`...)
		}
		dst = append(dst, `,"matches":[`...)
		first := true
		for q := range parts {
			if at(q) {
				if !first {
					dst = append(dst, ',')
				}
				first = false
				dst = appendJSONString(dst, t.qs[q].Name)
			}
		}
		dst = append(dst, "]}\n"...)
	}
	return dst
}

func appendInt(dst []byte, n int) []byte { return strconv.AppendInt(dst, int64(n), 10) }
