// Package serve is cql serve: a local web application to search a fixed database with
// CQL and look at what matched. It runs queries with package run over the games of an
// index or PGN files named when it starts, keeps each run's matching games as a session
// with a stable id, and serves pages of boards, a game viewer, statistics and exports of
// the result. It formats; it evaluates nothing itself.
//
// Safety: it listens on 127.0.0.1 unless told otherwise; no path comes from a request and
// a query naming a file is refused; each run has a time limit and the server a limit on
// runs at once; every request must name the server's own host (DNS rebinding) and a POST
// must come from its own pages (Origin); request bodies are bounded; output is escaped.
package serve

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"log"
	"net"
	"net/http"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/cqlgo/cql/query"
	"github.com/cqlgo/cql/run"
)

//go:embed assets
var assets embed.FS

// Config says what the server serves and its limits.
type Config struct {
	Index string   // an index directory, or
	Files []string // PGN files (any format cql reads)
	// TimeLimit ends a run (and an export) after this long.
	TimeLimit time.Duration
	// MaxRuns is the number of runs and exports at once.
	MaxRuns int
	// MaxMemory bounds the bytes of the records the runs keep (see session.go).
	MaxMemory int64
	// MaxAge drops an ended run unused this long.
	MaxAge time.Duration
	// Threads is the number of workers of a run (0: the number of CPUs).
	Threads int
	// Logf, if set, logs the requests that failed on the server's side.
	Logf func(format string, args ...any)
}

// Defaults of Config's limits.
const (
	DefaultTimeLimit = 5 * time.Minute
	DefaultMaxRuns   = 4
	DefaultMaxMemory = 512 << 20
	DefaultMaxAge    = time.Hour
)

// PageSize is the number of positions on a page of results.
const PageSize = 50

// maxQuery bounds the text of a query (and so a request body).
const maxQuery = 64 << 10

// Server is the web application over one database.
type Server struct {
	cfg   Config
	db    *database
	runs  *store
	page  *template.Template
	cards *template.Template
	mux   *http.ServeMux
	// port is the port requests must name (see Allow); "" for any
	port string
}

// New opens the database of cfg.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.TimeLimit <= 0 {
		cfg.TimeLimit = DefaultTimeLimit
	}
	if cfg.MaxRuns <= 0 {
		cfg.MaxRuns = DefaultMaxRuns
	}
	if cfg.MaxMemory <= 0 {
		cfg.MaxMemory = DefaultMaxMemory
	}
	if cfg.MaxAge <= 0 {
		cfg.MaxAge = DefaultMaxAge
	}
	if cfg.Threads <= 0 {
		cfg.Threads = runtime.NumCPU()
	}
	db, err := openDatabase(ctx, cfg.Index, cfg.Files)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, db: db, runs: newStore(&cfg)}
	s.runs.cfg = &s.cfg
	funcs := template.FuncMap{"svg": func(b []byte) template.HTML { return template.HTML(b) }}
	s.page = template.Must(template.New("index.html").Funcs(funcs).ParseFS(assets, "assets/index.html"))
	s.cards = template.Must(template.New("cards.html").Funcs(funcs).ParseFS(assets, "assets/cards.html"))
	s.routes()
	return s, nil
}

// Close releases the database.
func (s *Server) Close() error { return s.db.Close() }

// Allow makes the server answer only requests naming the port of addr (where it
// listens). Whatever the port, the host of a request must be localhost or an IP address:
// a name that is not could be an attacker's, resolved to this machine (DNS rebinding).
func (s *Server) Allow(addr string) {
	if _, port, err := net.SplitHostPort(addr); err == nil {
		s.port = port
	}
}

func (s *Server) routes() {
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.handleIndex)
	m.Handle("GET /assets/", http.FileServerFS(assets))
	m.HandleFunc("POST /api/check", s.handleCheck)
	m.HandleFunc("POST /api/runs", s.handleStart)
	m.HandleFunc("GET /api/runs/{id}", s.handleStatus)
	m.HandleFunc("GET /api/runs/{id}/events", s.handleEvents)
	m.HandleFunc("POST /api/runs/{id}/cancel", s.handleCancel)
	m.HandleFunc("GET /api/runs/{id}/page", s.handlePage)
	m.HandleFunc("GET /api/runs/{id}/game", s.handleGame)
	m.HandleFunc("GET /api/runs/{id}/stats", s.handleStats)
	m.HandleFunc("GET /api/runs/{id}/export", s.handleExport)
	s.mux = m
}

// ServeHTTP checks the request's host and origin, bounds its body and recovers a panic as
// a 500 (a bug: logged, the connection answered).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			s.logf("cql serve: internal error on %s %s: %v\n%s", r.Method, r.URL.Path, p, debug.Stack())
			httpError(w, http.StatusInternalServerError, "internal error (please report it): %v", p)
		}
	}()
	if !s.hostAllowed(r.Host) {
		httpError(w, http.StatusMisdirectedRequest, "this server answers to its own address only, not %q", r.Host)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
			httpError(w, http.StatusForbidden, "a request from %q is refused: only this server's own pages may run queries", o)
			return
		}
		if o := r.Header.Get("Origin"); o == "" {
			if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
				httpError(w, http.StatusForbidden, "a cross-site request is refused: only this server's own pages may run queries")
				return
			}
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxQuery+4096)
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("X-Frame-Options", "DENY")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'")
	w.Header().Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

func (s *Server) hostAllowed(host string) bool {
	h, port, err := net.SplitHostPort(host)
	if err != nil {
		h, port = host, "80"
	}
	if s.port != "" && port != s.port {
		return false
	}
	return h == "localhost" || net.ParseIP(strings.Trim(h, "[]")) != nil
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Logf != nil {
		s.cfg.Logf(format, args...)
	} else {
		log.Printf(format, args...)
	}
}

// httpError answers with status and a JSON object {"error": message}.
func httpError(w http.ResponseWriter, status int, format string, args ...any) {
	writeJSON(w, status, map[string]string{"error": fmt.Sprintf(format, args...)})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// queryError is the answer to a query that does not compile: cql's message, and where.
type queryError struct {
	Error string `json:"error"`
	Line  int    `json:"line,omitempty"`
	Col   int    `json:"col,omitempty"`
}

func compileError(w http.ResponseWriter, err error) {
	qe := queryError{Error: err.Error()}
	var e *query.Error
	if errors.As(err, &e) {
		qe.Line, qe.Col = e.Pos.Line, e.Pos.Col
	}
	writeJSON(w, http.StatusBadRequest, qe)
}

// readQuery reads the query text of a POST: a JSON object {"query": text} or a form.
func readQuery(r *http.Request) (string, error) {
	var text string
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		var body struct {
			Query string `json:"query"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			return "", fmt.Errorf("the request is not a JSON object {\"query\": ...}: %v", err)
		}
		text = body.Query
	} else {
		if err := r.ParseForm(); err != nil {
			return "", err
		}
		text = r.PostForm.Get("query")
	}
	if len(text) > maxQuery {
		return "", fmt.Errorf("the query is %d bytes; at most %d", len(text), maxQuery)
	}
	if strings.TrimSpace(text) == "" {
		return "", errors.New("no query: type CQL text")
	}
	return text, nil
}

func (s *Server) handleIndex(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	err := s.page.Execute(w, map[string]any{
		"Database": s.db.describe(),
		"Examples": examples,
		"Defs":     []byte(run.BoardDefs),
		"PageSize": PageSize,
	})
	if err != nil {
		s.logf("cql serve: page: %v", err)
	}
}

// handleCheck compiles a query without running it.
func (s *Server) handleCheck(w http.ResponseWriter, r *http.Request) {
	text, err := readQuery(r)
	if err != nil {
		httpError(w, http.StatusBadRequest, "%v", err)
		return
	}
	if _, _, err := compile(text, true); err != nil {
		compileError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

// session finds the run of the request's id, or answers 404.
func (s *Server) session(w http.ResponseWriter, r *http.Request) *session {
	id := r.PathValue("id")
	ss := s.runs.get(id)
	if ss == nil {
		httpError(w, http.StatusNotFound, "no run %q on this server (runs are dropped after %v unused, or when memory is short): run the query again", id, s.cfg.MaxAge)
	}
	return ss
}

// intParam reads a non-negative integer parameter (def when absent).
func intParam(r *http.Request, name string, def int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s=%q is not a number of 0 or more", name, v)
	}
	return n, nil
}

// ListenAndServe serves on addr until ctx ends; ready, if set, is called with the URL once
// the server listens.
func (s *Server) ListenAndServe(ctx context.Context, addr string, ready func(url string)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	s.Allow(ln.Addr().String())
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute,
		MaxHeaderBytes: 64 << 10, ErrorLog: log.New(io.Discard, "", 0)}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if ready != nil {
		ready("http://" + ln.Addr().String() + "/")
	}
	err = srv.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}
