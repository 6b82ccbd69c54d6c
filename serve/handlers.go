package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/run"
)

// handleStart compiles the query and starts its run: 201 and the run's id, 400 with cql's
// message for a query that does not compile, 429 when the server runs its most at once.
func (s *Server) handleStart(w http.ResponseWriter, r *http.Request) {
	text, err := readQuery(r)
	if err != nil {
		httpError(w, http.StatusBadRequest, "%v", err)
		return
	}
	prog, q, err := compile(text, true)
	if err != nil {
		compileError(w, err)
		return
	}
	select {
	case s.runs.slots <- struct{}{}:
	default:
		httpError(w, http.StatusTooManyRequests, "the server already runs %d queries (--max-runs): wait for one to end, or cancel one", s.cfg.MaxRuns)
		return
	}
	now := time.Now()
	ss := &session{id: newID(), text: text, prog: prog, q: q, started: now, lastUsed: now,
		done: make(chan struct{}), state: stateRunning, tally: run.NewTally()}
	if lazyQuery(s.db, q) {
		// The run counts, as cql --count does; the pages evaluate their games with marks.
		ss.lazy, ss.qMarks, ss.tally = true, q, nil
		if ss.prog, ss.q, err = compile(text, false); err != nil {
			<-s.runs.slots
			compileError(w, err)
			return
		}
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	ctx, stop := context.WithTimeoutCause(ctx, s.cfg.TimeLimit, errTimeLimit)
	ss.cancel = cancel
	s.runs.add(ss)
	go func() {
		defer func() { <-s.runs.slots }()
		defer close(ss.done)
		defer stop()
		defer func() {
			if p := recover(); p != nil { // a bug: the run fails, the server goes on
				ss.finish(q, run.Stats{}, fmt.Errorf("internal error (please report it): %v", p), ctx)
			}
		}()
		st, err := s.execute(ctx, ss)
		ss.finish(q, st, err, ctx)
	}()
	writeJSON(w, http.StatusCreated, map[string]string{"id": ss.id})
}

// options are the run's options: the matched positions' records kept by the session.
// A lazy run counts and keeps the matching games' ids.
func (s *Server) options(ss *session) run.Options {
	log := logWriter{ss}
	opt := run.Options{Format: "jsonl", Threads: s.cfg.Threads, Errors: log, Messages: log, Persistent: log,
		HideWarnings: ss.q.Header().Quiet, OnGame: func() { ss.gamesRead.Add(1) }}
	if ss.lazy {
		opt.Count = true
		opt.OnMatch = func(game int, file string, positions int) { s.runs.keepID(ss, s.db, game, file, positions) }
		return opt
	}
	opt.Tally = ss.tally
	opt.Matches = func(m run.Match) { s.runs.keep(ss, m) }
	opt.AppendPosition = s.db.appendPosition
	return opt
}

func (s *Server) execute(ctx context.Context, ss *session) (run.Stats, error) {
	opt := s.options(ss)
	src, err := s.db.source(ss.prog, ss.q, opt, &ss.bytesRead, func(err error) {
		if ctx.Err() == nil { // a stop is the run's state, not a problem of the input
			fmt.Fprintln(logWriter{ss}, "cql:", err)
		}
	})
	if err != nil {
		return run.Stats{}, err
	}
	return run.Run(ctx, ss.q, stoppable{src}, discard{}, opt)
}

// stoppable stops a source game by game: a source looks at its context between chunks of
// games, which a slow query can take seconds to evaluate; cancel must stop a run at once.
type stoppable struct{ src run.Source }

func (s stoppable) Games(ctx context.Context, opt pgn.Options, work func(int, *pgn.Game) run.Result, emit func(run.Result) error) error {
	return s.src.Games(ctx, opt, func(w int, g *pgn.Game) run.Result {
		if ctx.Err() != nil {
			return run.Result{} // not evaluated: emit stops the run
		}
		return work(w, g)
	}, func(r run.Result) error {
		if ctx.Err() != nil {
			return context.Cause(ctx)
		}
		return emit(r)
	})
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// status is what the page shows of a run.
type status struct {
	ID          string  `json:"id"`
	Query       string  `json:"query"`
	State       string  `json:"state"`
	GamesRead   int64   `json:"gamesRead"`
	TotalGames  int     `json:"totalGames,omitempty"`
	BytesRead   int64   `json:"bytesRead,omitempty"`
	TotalBytes  int64   `json:"totalBytes,omitempty"`
	Matched     int64   `json:"matched"`           // games, as cql --count
	Positions   int64   `json:"positions"`         // matched positions
	Decided     int     `json:"decided,omitempty"` // matching games the index decided (not in positions)
	Kept        int     `json:"kept"`              // positions whose boards can be shown
	Exact       bool    `json:"exact"`             // kept is final (else a lower bound: see lazy.go)
	Full        bool    `json:"full,omitempty"`
	Held        int64   `json:"held"` // bytes of records the run holds
	Sorted      bool    `json:"sorted,omitempty"`
	Sorts       bool    `json:"sorts,omitempty"` // the query sorts (the order is final when done)
	Seconds     float64 `json:"seconds"`
	GamesPerSec float64 `json:"gamesPerSec"`
	Summary     string  `json:"summary,omitempty"` // cql's summary line, when ended
	Error       string  `json:"error,omitempty"`
	Log         string  `json:"log,omitempty"`
}

func (s *Server) status(ss *session) status {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	st := status{ID: ss.id, Query: ss.text, State: ss.state, GamesRead: ss.gamesRead.Load(),
		TotalGames: s.db.totalGames, BytesRead: ss.bytesRead.Load(), TotalBytes: s.db.totalBytes,
		Matched: ss.matched.Load(), Positions: ss.positions.Load(), Kept: ss.kept(), Exact: ss.exact(), Full: ss.full, Held: ss.held,
		Sorted: ss.sorted, Sorts: len(ss.q.Sorts()) > 0 || ss.q.Header().SortMatchCount, Log: ss.log.String()}
	el := time.Since(ss.started)
	if ss.state != stateRunning {
		el = ss.elapsed
		st.GamesRead = int64(ss.stats.GamesRead)
		st.Matched, st.Positions = int64(ss.stats.GamesMatched), int64(ss.stats.PositionsMatched)
		st.Decided = ss.stats.Decided
		st.Summary = summary(ss.stats, el, ss.q.Header().Quiet)
	}
	if ss.err != nil {
		st.Error = ss.err.Error()
	}
	if ss.logLost > 0 {
		st.Log += fmt.Sprintf("(%d more lines not kept)\n", ss.logLost)
	}
	st.Seconds = el.Seconds()
	if st.Seconds > 0 {
		st.GamesPerSec = float64(st.GamesRead) / st.Seconds
	}
	return st
}

// summary is cql's summary line of a run.
func summary(st run.Stats, el time.Duration, quiet bool) string {
	positions := fmt.Sprintf("%d positions", st.PositionsMatched)
	if st.Decided > 0 {
		positions = fmt.Sprintf("%d decided by the index, %d positions in the others", st.Decided, st.PositionsMatched)
	}
	sec := el.Seconds()
	return fmt.Sprintf("%d games read, %d matched (%s), %d with errors, %.2fs, %.0f games/s",
		st.GamesRead, st.GamesMatched, positions, st.GamesWithErrors, sec, float64(st.GamesRead)/max(sec, 1e-9)) +
		st.SummaryNotes(quiet, "", 0)
}

func (s *Server) handleStatus(w http.ResponseWriter, r *http.Request) {
	if ss := s.session(w, r); ss != nil {
		writeJSON(w, http.StatusOK, s.status(ss))
	}
}

// handleEvents streams the run's status as server-sent events, every 100 ms while it
// runs ("progress"), then once more ("done").
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		httpError(w, http.StatusInternalServerError, "streaming is not supported here")
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	send := func(event string) bool {
		b, _ := json.Marshal(s.status(ss))
		_, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
		fl.Flush()
		return err == nil
	}
	for {
		select {
		case <-ss.done:
			send("done")
			return
		case <-r.Context().Done():
			return
		case <-tick.C:
			if !send("progress") {
				return
			}
		}
	}
}

// handleCancel stops a run and answers once it has stopped (at most a second).
func (s *Server) handleCancel(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	ss.cancel(errCancelled)
	select {
	case <-ss.done:
	case <-time.After(time.Second):
	}
	writeJSON(w, http.StatusOK, s.status(ss))
}
