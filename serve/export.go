package serve

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/run"
)

// exportTypes are the formats of an export and their media types.
var exportTypes = map[string]string{
	"pgn":   "application/x-chess-pgn",
	"fen":   "text/plain; charset=utf-8",
	"epd":   "text/plain; charset=utf-8",
	"jsonl": "application/x-ndjson; charset=utf-8",
	"csv":   "text/csv; charset=utf-8",
}

// handleExport writes the run's result in a format, as cql -o writes it for the same query
// and input (PGN with CQL's comments, byte for byte): the query runs again, with the same
// time limit, in one of the server's run slots. A run that was stopped early is exported
// up to the games it had matched.
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	format := r.URL.Query().Get("format")
	if format == "" {
		format = "pgn"
	}
	ctype, ok := exportTypes[format]
	if !ok {
		httpError(w, http.StatusBadRequest, "unknown format %q (want pgn, fen, epd, jsonl or csv)", format)
		return
	}
	ss.mu.Lock()
	state, matched := ss.state, ss.stats.GamesMatched
	ss.mu.Unlock()
	if state == stateRunning {
		httpError(w, http.StatusConflict, "the run is still going: export it when it ends (or cancel it)")
		return
	}
	opt := run.Options{Format: format, Threads: s.cfg.Threads, Errors: io.Discard, HideWarnings: ss.q.Header().Quiet}
	if state != stateDone {
		if matched == 0 {
			httpError(w, http.StatusConflict, "the run was %s before any game matched: nothing to export", state)
			return
		}
		opt.Limit = matched
	}
	prog, q, err := compile(ss.text, run.WantsMarks(opt))
	if err != nil {
		compileError(w, err)
		return
	}
	select {
	case s.runs.slots <- struct{}{}:
		defer func() { <-s.runs.slots }()
	default:
		httpError(w, http.StatusTooManyRequests, "the server already runs %d queries (--max-runs): wait for one to end, or cancel one", s.cfg.MaxRuns)
		return
	}
	ctx, cancel := context.WithTimeoutCause(r.Context(), s.cfg.TimeLimit, errTimeLimit)
	defer cancel()
	src, err := s.db.source(prog, q, opt, nil, nil)
	if err != nil {
		httpError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="cql-%s.%s"`, ss.id, format))
	w.Header().Set("Cache-Control", "no-store")
	cw := &countingWriter{w: w}
	if _, err := run.Run(ctx, q, src, cw, opt); err != nil && cw.n == 0 {
		w.Header().Del("Content-Disposition")
		httpError(w, http.StatusInternalServerError, "%v", err)
	}
	// An error after the first bytes cuts the download short: the browser reports it failed.
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// handleStats answers the statistics of an ended run: ?format=json is cql --stats
// --stats-format json's object; otherwise HTML with SVG bar charts of the same numbers and
// of the rating bands.
func (s *Server) handleStats(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	ss.mu.Lock()
	running, lazy, full := ss.state == stateRunning, ss.lazy, ss.full
	ss.mu.Unlock()
	if running {
		httpError(w, http.StatusConflict, "the statistics are ready when the run ends")
		return
	}
	var t *run.Tally
	var bands map[string]int
	if lazy {
		select {
		case s.runs.slots <- struct{}{}:
			defer func() { <-s.runs.slots }()
		default:
			httpError(w, http.StatusTooManyRequests, "the server already runs %d queries (--max-runs): wait for one to end, or cancel one", s.cfg.MaxRuns)
			return
		}
		ctx, cancel := context.WithTimeoutCause(r.Context(), s.cfg.TimeLimit, errTimeLimit)
		defer cancel()
		var err error
		if t, bands, err = s.lazyTally(ctx, ss); err != nil {
			httpError(w, http.StatusInternalServerError, "%v", err)
			return
		}
	} else {
		t, bands = ss.tally, s.recordBands(ss)
	}
	if r.URL.Query().Get("format") == "json" {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		t.WriteJSON(w)
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<p>%d matching games.", t.Games)
	if full {
		b.WriteString(" The rating bands count the games whose records were kept.")
	}
	b.WriteString("</p>\n")
	b.WriteString(barChart("Matching games by year", byKey(t.Years), 0))
	b.WriteString(barChart("By result", byCount(t.Results), 0))
	b.WriteString(barChart("By rating band (mean of the two players' ratings)", byKey(bands), 0))
	b.WriteString(barChart("By ECO (top 30)", byCount(t.ECO), 30))
	b.WriteString(barChart(fmt.Sprintf("Top %d players", run.TopPlayers), byCount(t.Players), run.TopPlayers))
	writeJSON(w, http.StatusOK, map[string]any{"html": b.String()})
}

// recordBands counts the rating bands of a run's records.
func (s *Server) recordBands(ss *session) map[string]int {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	bands := map[string]int{}
	for k := range ss.matches {
		rec, err := decodeRecord(ss.matches[k].Out, ss.matches[k].Positions, s.db.ix == nil)
		if err != nil {
			continue
		}
		bands[ratingBand(rec.elo)]++
	}
	return bands
}

// ratingBand is the 200-point band of the mean of the two ratings ("2400-2599"), or
// "unrated" when one is missing.
func ratingBand(elo [2]int) string {
	if elo[0] == 0 || elo[1] == 0 {
		return "unrated"
	}
	lo := (elo[0] + elo[1]) / 2 / 200 * 200
	return strconv.Itoa(lo) + "-" + strconv.Itoa(lo+199)
}

type bar struct {
	key string
	n   int
}

func byKey(m map[string]int) []bar {
	out := bars(m)
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out
}

// byCount is cql --stats's order: largest first, then by key.
func byCount(m map[string]int) []bar {
	out := bars(m)
	sort.Slice(out, func(i, j int) bool {
		if out[i].n != out[j].n {
			return out[i].n > out[j].n
		}
		return out[i].key < out[j].key
	})
	return out
}

func bars(m map[string]int) []bar {
	out := make([]bar, 0, len(m))
	for k, n := range m {
		out = append(out, bar{k, n})
	}
	return out
}

// barChart draws rows as an SVG chart of horizontal bars, top rows of them (0: all).
func barChart(title string, rows []bar, top int) string {
	if top > 0 && len(rows) > top {
		rows = rows[:top]
	}
	most := 1
	for _, r := range rows {
		most = max(most, r.n)
	}
	const rowH, labelW, barW = 18, 190, 420
	var b bytes.Buffer
	fmt.Fprintf(&b, "<figure class=\"chart\"><figcaption>%s</figcaption>\n", template.HTMLEscapeString(title))
	if len(rows) == 0 {
		b.WriteString("<p>none</p></figure>\n")
		return b.String()
	}
	fmt.Fprintf(&b, `<svg viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		labelW+barW+70, rowH*len(rows), labelW+barW+70, rowH*len(rows), template.HTMLEscapeString(title))
	for i, r := range rows {
		y := i * rowH
		w := max(1, r.n*barW/most)
		fmt.Fprintf(&b, `<g><title>%s: %d</title><text x="%d" y="%d" text-anchor="end" font-size="12">%s</text>`+
			`<rect x="%d" y="%d" width="%d" height="%d" fill="#4a7fc1"/><text x="%d" y="%d" font-size="12">%d</text></g>`,
			template.HTMLEscapeString(r.key), r.n, labelW-6, y+13, template.HTMLEscapeString(clip(r.key, 28)),
			labelW, y+3, w, rowH-5, labelW+w+4, y+13, r.n)
	}
	b.WriteString("</svg></figure>\n")
	return b.String()
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
