package serve

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/query"
	"github.com/cqlgo/cql/run"
)

// A run is a query's session on the server: started by a POST, it runs in the background
// and keeps the records of its matching games, which pages, the game viewer, the
// statistics and the exports read by the run's id. Runs are dropped when unused for
// Config.MaxAge, and the oldest finished ones first when the records of all runs pass
// Config.MaxMemory (a run that alone passes it stops keeping records, and says so; its
// counts stay exact).

// Run states.
const (
	stateRunning   = "running"
	stateDone      = "done"
	stateCancelled = "cancelled"
	stateTimeout   = "time limit"
	stateFailed    = "failed"
)

var (
	errCancelled = errors.New("cancelled")
	errTimeLimit = errors.New("time limit")
)

type session struct {
	id      string
	text    string // the query as typed
	prog    *query.Program
	q       *filter.Query
	started time.Time
	cancel  context.CancelCauseFunc
	done    chan struct{}

	gamesRead atomic.Int64
	bytesRead atomic.Int64
	matched   atomic.Int64 // games
	positions atomic.Int64

	mu       sync.Mutex
	matches  []run.Match // in game order; sorted when the run ends, if it sorts
	ends     []int       // ends[k]: positions in matches[:k+1]
	arena    []byte      // the records' bytes, allocated in blocks
	held     int64       // bytes of records held
	full     bool        // stopped keeping records at the memory bound
	sorted   bool        // matches are in the query's sort order
	state    string
	err      error
	stats    run.Stats
	elapsed  time.Duration
	tally    *run.Tally // complete once done
	log      bytes.Buffer
	logLost  int
	lastUsed time.Time

	// A lazy run (lazy.go) keeps its games' ids instead of records; matches is nil.
	lazy    bool
	qMarks  *filter.Query // the query compiled with marks, for pages
	ids     []uint32      // index ids of the matching games, in game order
	npos    []int32       // their matching positions; -1: decided by the index, not counted yet
	bound   int           // positions counted, and one for each game not counted yet
	bands   map[string]int
	statsMu sync.Mutex // one statistics pass at a time
}

// maxLog bounds what a run keeps of its problems and messages.
const maxLog = 64 << 10

// logWriter appends a run's problems and messages to its log, up to maxLog.
type logWriter struct{ s *session }

func (w logWriter) Write(p []byte) (int, error) {
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	if w.s.log.Len()+len(p) > maxLog {
		w.s.logLost++
		return len(p), nil
	}
	w.s.log.Write(p)
	return len(p), nil
}

// store holds the runs.
type store struct {
	cfg   *Config
	mu    sync.Mutex
	runs  map[string]*session
	held  atomic.Int64 // bytes of records of all runs
	slots chan struct{}
}

func newStore(cfg *Config) *store {
	return &store{cfg: cfg, runs: map[string]*session{}, slots: make(chan struct{}, cfg.MaxRuns)}
}

func newID() string {
	var b [9]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (st *store) get(id string) *session {
	st.mu.Lock()
	defer st.mu.Unlock()
	s := st.runs[id]
	if s != nil {
		s.mu.Lock()
		s.lastUsed = time.Now()
		s.mu.Unlock()
	}
	return s
}

func (st *store) add(s *session) {
	st.mu.Lock()
	st.runs[s.id] = s
	st.mu.Unlock()
	st.expire()
}

// expire drops the runs unused for MaxAge (ended ones; a running one ends by its time limit).
func (st *store) expire() {
	now := time.Now()
	st.mu.Lock()
	defer st.mu.Unlock()
	for id, s := range st.runs {
		s.mu.Lock()
		old := s.state != stateRunning && now.Sub(s.lastUsed) > st.cfg.MaxAge
		s.mu.Unlock()
		if old {
			st.drop(id, s)
		}
	}
}

// drop forgets a run; st.mu is held.
func (st *store) drop(id string, s *session) {
	s.mu.Lock()
	st.held.Add(-s.held)
	s.matches, s.ends, s.arena, s.held = nil, nil, nil, 0
	s.ids, s.npos, s.bound = nil, nil, 0
	s.mu.Unlock()
	delete(st.runs, id)
}

// makeRoom drops the least recently used ended runs other than keep until the records of
// all runs take no more than MaxMemory less need; it reports whether they then do.
func (st *store) makeRoom(keep *session, need int64) bool {
	if st.held.Load()+need <= st.cfg.MaxMemory {
		return true
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	type aged struct {
		id   string
		s    *session
		used time.Time
	}
	var ended []aged
	for id, s := range st.runs {
		if s == keep {
			continue
		}
		s.mu.Lock()
		if s.state != stateRunning {
			ended = append(ended, aged{id, s, s.lastUsed})
		}
		s.mu.Unlock()
	}
	sort.Slice(ended, func(i, j int) bool { return ended[i].used.Before(ended[j].used) })
	for _, a := range ended {
		if st.held.Load()+need <= st.cfg.MaxMemory {
			break
		}
		st.drop(a.id, a.s)
	}
	return st.held.Load()+need <= st.cfg.MaxMemory
}

// arenaBlock is the size of the blocks records are copied into.
const arenaBlock = 1 << 20

// keep stores one matching game's record (run.Options.Matches, in game order).
func (st *store) keep(s *session, m run.Match) {
	s.matched.Add(1)
	s.positions.Add(int64(m.Positions))
	s.mu.Lock()
	full := s.full
	s.mu.Unlock()
	if full {
		return
	}
	need := int64(len(m.Out)) + 96 // the record and its Match and end
	if len(s.arena)+len(m.Out) > cap(s.arena) {
		need += arenaBlock
	}
	if !st.makeRoom(s, need) {
		s.mu.Lock()
		s.full = true
		s.mu.Unlock()
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.matches == nil && s.state != stateRunning {
		return // dropped
	}
	if len(s.arena)+len(m.Out) > cap(s.arena) {
		s.arena = make([]byte, 0, max(arenaBlock, len(m.Out)))
		s.held += arenaBlock
		st.held.Add(arenaBlock)
	}
	start := len(s.arena)
	s.arena = append(s.arena, m.Out...)
	m.Out = s.arena[start:len(s.arena):len(s.arena)]
	s.matches = append(s.matches, m)
	total := m.Positions
	if n := len(s.ends); n > 0 {
		total += s.ends[n-1]
	}
	s.ends = append(s.ends, total)
	s.held += 96
	st.held.Add(96)
}

// kept is the number of positions whose records the run holds.
// For a lazy run it is a lower bound until exact; s.mu is held.
func (s *session) kept() int {
	if s.lazy {
		return s.bound
	}
	return s.prefix()
}

// finish records how the run ended and sorts its games if the query sorts.
func (s *session) finish(q *filter.Query, stats run.Stats, err error, ctx context.Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stats, s.err, s.elapsed = stats, err, time.Since(s.started)
	switch cause := context.Cause(ctx); {
	case errors.Is(cause, errCancelled):
		s.state, s.err = stateCancelled, nil
	case errors.Is(cause, errTimeLimit):
		s.state, s.err = stateTimeout, nil
	case err != nil && !errors.Is(err, context.Canceled):
		s.state = stateFailed
	default:
		s.state, s.err = stateDone, nil
	}
	if s.state == stateDone && (len(q.Sorts()) > 0 || q.Header().SortMatchCount) && !s.full {
		run.SortMatches(q, s.matches)
		total := 0
		for k := range s.matches {
			total += s.matches[k].Positions
			s.ends[k] = total
		}
		s.sorted = true
	}
	s.lastUsed = time.Now()
}

// positionsAt returns the records of the games holding positions [offset, offset+n) and,
// for each, the range of its positions wanted; the game indexes come first.
type pageGame struct {
	k          int // the game's place in the result
	rec        gameRecord
	first, end int // its positions on the page
	sortValues []string
}

func (s *session) page(offset, n int, withText bool) ([]pageGame, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []pageGame
	k := sort.SearchInts(s.ends, offset+1) // the first game ending after offset
	for ; k < len(s.ends) && n > 0; k++ {
		m := &s.matches[k]
		start := 0
		if k > 0 {
			start = s.ends[k-1]
		}
		rec, err := decodeRecord(m.Out, m.Positions, withText)
		if err != nil {
			return nil, fmt.Errorf("game %d of the result: %w", k+1, err)
		}
		first := max(offset-start, 0)
		end := min(m.Positions, first+n)
		n -= end - first
		out = append(out, pageGame{k: k, rec: rec, first: first, end: end, sortValues: sortValues(s.q, m)})
	}
	return out, nil
}

// game returns the record of the result's game k.
func (s *session) game(k int, withText bool) (gameRecord, []string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if k < 0 || k >= len(s.matches) {
		return gameRecord{}, nil, fmt.Errorf("no game %d in this result (it holds %d)", k+1, len(s.matches))
	}
	m := &s.matches[k]
	rec, err := decodeRecord(m.Out, m.Positions, withText)
	return rec, sortValues(s.q, m), err
}

// sortValues labels a game's sort values as the PGN header comment does.
func sortValues(q *filter.Query, m *run.Match) []string {
	var out []string
	for i, k := range q.Sorts() {
		if i >= len(m.HasKeys) || !m.HasKeys[i] || k.Quiet {
			continue
		}
		label := k.Label
		if label == "" {
			label = "sort"
		}
		if k.String && i < len(m.SKeys) {
			out = append(out, label+" "+m.SKeys[i])
		} else {
			out = append(out, fmt.Sprintf("%s %d", label, m.Keys[i]))
		}
	}
	if n := len(q.Sorts()); q.Header().SortMatchCount && n < len(m.Keys) {
		out = append(out, fmt.Sprintf("matchcount %d", m.Keys[n]))
	}
	return out
}
