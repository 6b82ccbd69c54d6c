package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cqlgo/cql/index"
	"github.com/cqlgo/cql/run"
)

// markupGames has a tag value with markup, a game with a variation holding a mate, and
// comments.
const markupGames = `[Event "<script>alert(1)</script>"]
[Site "https://example.org/g?a=1&b=<2>"]
[White "Bob \"><img src=x onerror=alert(2)>"]
[Black "Eve & co"]
[Result "1-0"]
[WhiteElo "2400"]
[BlackElo "2300"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 {threat} Nf6 4. Qxf7# 1-0

[Event "Variation"]
[White "A"]
[Black "B"]
[Result "*"]

1. e4 e5 2. Qh5 (2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#) 2... Nc6 3. Bc4 g6 *
`

const samplePGN = "../testdata/sample.pgn"

func writeFile(t testing.TB, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func newTestServer(t testing.TB, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })
	return s, ts
}

type client struct {
	t  testing.TB
	ts *httptest.Server
}

func (c client) do(method, path, body string) (int, map[string]any, []byte) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.ts.URL+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.ts.Client().Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var v map[string]any
	json.Unmarshal(data, &v)
	return resp.StatusCode, v, data
}

func (c client) start(q string) string {
	c.t.Helper()
	b, _ := json.Marshal(map[string]string{"query": q})
	code, v, data := c.do("POST", "/api/runs", string(b))
	if code != http.StatusCreated {
		c.t.Fatalf("start %q: %d %s", q, code, data)
	}
	return v["id"].(string)
}

// wait polls the run's status until it ends.
func (c client) wait(id string) map[string]any {
	c.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		code, v, data := c.do("GET", "/api/runs/"+id, "")
		if code != http.StatusOK {
			c.t.Fatalf("status: %d %s", code, data)
		}
		if v["state"] != stateRunning {
			return v
		}
		time.Sleep(10 * time.Millisecond)
	}
	c.t.Fatalf("run %s did not end", id)
	return nil
}

// direct runs q over files with run.Run, as cql does, in format.
func direct(t testing.TB, q string, files []string, format string) (string, run.Stats) {
	t.Helper()
	prog, cq, err := compile(q, run.WantsMarks(run.Options{Format: format}))
	if err != nil {
		t.Fatal(err)
	}
	_ = prog
	var b bytes.Buffer
	opt := run.Options{Format: format, Threads: 2}
	st, err := run.Run(context.Background(), cq, run.Files{Names: files, LastGame: run.LastGame(cq, opt)}, &b, opt)
	if err != nil {
		t.Fatal(err)
	}
	return b.String(), st
}

var ariaFEN = regexp.MustCompile(`<svg class="board"[^>]*aria-label="([^";]*)`)

// allPages reads every page of a run and returns the FEN of each card, in order. The
// number of positions (kept) may grow as pages count the games the index decided: each
// page's status says how many there are, at least; the last says exactly.
func (c client) allPages(id string) []string {
	c.t.Helper()
	var fens []string
	for off := 0; ; off += PageSize {
		code, v, data := c.do("GET", fmt.Sprintf("/api/runs/%s/page?offset=%d", id, off), "")
		if code != http.StatusOK {
			c.t.Fatalf("page %d: %d %s", off, code, data)
		}
		html := v["html"].(string)
		for _, m := range ariaFEN.FindAllStringSubmatch(html, -1) {
			fens = append(fens, m[1])
		}
		st := v["status"].(map[string]any)
		kept := int(st["kept"].(float64))
		if n := int(v["count"].(float64)); n != min(PageSize, kept-off) {
			c.t.Errorf("page at %d has %d cards, want %d", off, n, min(PageSize, kept-off))
		}
		if off+PageSize >= kept {
			if st["exact"] != true {
				c.t.Errorf("page at %d is the last of %d positions, not exact: %v", off, kept, st)
			}
			return fens
		}
	}
}

// The positions a run shows, page after page, are those cql writes with --format fen, in
// the same order, and the counts are cql's.
func TestRunPagesAreCQLsPositions(t *testing.T) {
	for _, tc := range []struct{ name, query string }{
		{"mate", "mate"},
		{"check", "check"},
		{"sorted", `sort "pieces" # [Aa]` + "\ncheck"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ts := newTestServer(t, Config{Files: []string{samplePGN}})
			c := client{t, ts}
			id := c.start(tc.query)
			st := c.wait(id)
			want, stats := direct(t, tc.query, []string{samplePGN}, "fen")
			if int(st["matched"].(float64)) != stats.GamesMatched || int(st["positions"].(float64)) != stats.PositionsMatched {
				t.Fatalf("status %v, want %d games %d positions", st, stats.GamesMatched, stats.PositionsMatched)
			}
			kept := int(st["kept"].(float64))
			if kept != stats.PositionsMatched || kept <= PageSize && tc.name == "check" {
				t.Fatalf("kept %d positions of %d", kept, stats.PositionsMatched)
			}
			got := c.allPages(id)
			wantFENs := strings.Split(strings.TrimSpace(want), "\n")
			if strings.Join(got, "\n") != strings.Join(wantFENs, "\n") {
				t.Errorf("pages show %d positions, cql %d; first difference:\n%s", len(got), len(wantFENs), firstDiff(got, wantFENs))
			}
			if !strings.HasPrefix(st["summary"].(string), fmt.Sprintf("%d games read, %d matched (%d positions)", stats.GamesRead, stats.GamesMatched, stats.PositionsMatched)) {
				t.Errorf("summary %q", st["summary"])
			}
		})
	}
}

func firstDiff(a, b []string) string {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return fmt.Sprintf("%d: %s\n   %s", i, a[i], b[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d", len(a), len(b))
}

// Through an index the server shows what it shows from the PGN files.
func TestIndexPagesEqualFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ix")
	if _, err := index.Build(context.Background(), dir, []string{samplePGN}, index.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"mate", "square x in h1-8 {R attacks x x attacks K}", "check"} {
		_, tf := newTestServer(t, Config{Files: []string{samplePGN}})
		_, ti := newTestServer(t, Config{Index: dir})
		cf, ci := client{t, tf}, client{t, ti}
		sf, si := cf.wait(cf.start(q)), ci.wait(ci.start(q))
		if sf["matched"] != si["matched"] {
			t.Fatalf("%s: files %v, index %v", q, sf, si)
		}
		a, b := cf.allPages(sf["id"].(string)), ci.allPages(si["id"].(string))
		if strings.Join(a, "\n") != strings.Join(b, "\n") {
			t.Errorf("%s: index pages differ from files: %s", q, firstDiff(a, b))
		}
		if _, after, _ := ci.do("GET", "/api/runs/"+si["id"].(string), ""); after["kept"] != sf["kept"] || after["exact"] != true {
			t.Errorf("%s: after paging, the index run shows %v positions (exact %v), the files %v", q, after["kept"], after["exact"], sf["kept"])
		}
		if si["totalGames"].(float64) != 300 || si["gamesRead"].(float64) != 300 {
			t.Errorf("%s: index progress %v of %v games", q, si["gamesRead"], si["totalGames"])
		}
		// The game viewer and the export work through the index too.
		if code, _, data := ci.do("GET", "/api/runs/"+si["id"].(string)+"/game?k=0", ""); code != 200 {
			t.Errorf("%s: game through the index: %d %s", q, code, data)
		}
		_, _, pf := cf.do("GET", "/api/runs/"+sf["id"].(string)+"/export?format=pgn", "")
		_, _, pi := ci.do("GET", "/api/runs/"+si["id"].(string)+"/export?format=pgn", "")
		if !bytes.Equal(pf, pi) || len(pf) == 0 {
			t.Errorf("%s: exports differ (%d and %d bytes)", q, len(pf), len(pi))
		}
	}
}

// A query that does not compile gets cql's message with line, column and caret; a query
// naming a file is refused; other bad requests get a 4xx with a message.
func TestBadRequests(t *testing.T) {
	_, ts := newTestServer(t, Config{Files: []string{samplePGN}})
	c := client{t, ts}
	check := func(method, path, body string, code int, want string) {
		t.Helper()
		got, v, data := c.do(method, path, body)
		if got != code {
			t.Errorf("%s %s %.60q: %d, want %d (%s)", method, path, body, got, code, data)
			return
		}
		if msg, _ := v["error"].(string); !strings.Contains(msg, want) {
			t.Errorf("%s %s %.60q: error %q lacks %q", method, path, body, msg, want)
		}
	}
	check("POST", "/api/runs", `{"query":"mate\nR atacks k"}`, 400, "query:2:3: ")
	check("POST", "/api/runs", `{"query":"mate\nR atacks k"}`, 400, "R atacks k\n  ^")
	check("POST", "/api/check", `{"query":"mate foo("}`, 400, "^")
	check("POST", "/api/runs", `{"query":"  "}`, 400, "no query")
	check("POST", "/api/runs", `{"query":`, 400, "not a JSON object")
	check("POST", "/api/runs", `{"query":"x = readfile \"/etc/passwd\" x == \"\""}`, 400, "readfile is refused")
	check("POST", "/api/runs", `{"query":"writefile (\"/tmp/x\" \"y\")"}`, 400, "writefile is refused")
	check("POST", "/api/runs", `{"query":"cql(input /etc/passwd) mate"}`, 400, "input is refused")
	check("POST", "/api/runs", `{"query":"cql(output /tmp/out.pgn) mate"}`, 400, "output is refused")
	big, _ := json.Marshal(map[string]string{"query": "mate " + strings.Repeat("// x\n", 40000)})
	check("POST", "/api/runs", string(big), 400, "")
	check("GET", "/api/runs/nosuchrun", "", 404, "no run")
	check("GET", "/api/runs/nosuchrun/page?offset=0", "", 404, "no run")
	check("POST", "/api/runs/nosuchrun/cancel", "", 404, "no run")
	id := c.start("mate")
	c.wait(id)
	check("GET", "/api/runs/"+id+"/page?offset=99999999999999999999", "", 400, "not a number")
	check("GET", "/api/runs/"+id+"/page?offset=1000000000", "", 400, "past the end")
	check("GET", "/api/runs/"+id+"/page?offset=-1", "", 400, "not a number")
	check("GET", "/api/runs/"+id+"/game?k=100000", "", 400, "no game")
	check("GET", "/api/runs/"+id+"/game?k=x", "", 400, "not a number")
	check("GET", "/api/runs/"+id+"/export?format=exe", "", 400, "unknown format")
	check("GET", "/api/nothing", "", 404, "")
	check("DELETE", "/api/runs/"+id, "", 405, "")
	// The page's parser never sees the query: a syntax error is found before anything runs.
	if code, v, _ := c.do("POST", "/api/check", `{"query":"check"}`); code != 200 || v["ok"] != true {
		t.Errorf("check of a good query: %d %v", code, v)
	}
}

// Another site cannot drive the server: a request naming another host (DNS rebinding) and
// a POST from another origin are refused.
func TestHostAndOrigin(t *testing.T) {
	_, ts := newTestServer(t, Config{Files: []string{samplePGN}})
	for _, tc := range []struct {
		method, host, origin, site string
		code                       int
	}{
		{"GET", "evil.example:80", "", "", 421},
		{"GET", "attacker.test", "", "", 421},
		{"POST", "", "http://evil.example", "", 403},
		{"POST", "", "null", "", 403},
		{"POST", "", "", "cross-site", 403},
		{"POST", "", "", "", 201},
		{"POST", "", "SELF", "same-origin", 201},
		{"GET", "localhost", "", "", 200},
	} {
		req, _ := http.NewRequest(tc.method, ts.URL+"/", nil)
		if tc.method == "POST" {
			req, _ = http.NewRequest("POST", ts.URL+"/api/runs", strings.NewReader(`{"query":"mate"}`))
			req.Header.Set("Content-Type", "application/json")
		}
		if tc.host != "" {
			req.Host = tc.host
		}
		if tc.origin == "SELF" {
			tc.origin = ts.URL
		}
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		if tc.site != "" {
			req.Header.Set("Sec-Fetch-Site", tc.site)
		}
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.code {
			t.Errorf("%+v: %d, want %d", tc, resp.StatusCode, tc.code)
		}
	}
}

// A tag value with markup is text on the page, never markup.
func TestMarkupIsEscaped(t *testing.T) {
	file := writeFile(t, "m.pgn", markupGames)
	_, ts := newTestServer(t, Config{Files: []string{file}})
	c := client{t, ts}
	id := c.start("mate")
	st := c.wait(id)
	if st["kept"].(float64) != 1 {
		t.Fatalf("%v", st)
	}
	_, v, _ := c.do("GET", "/api/runs/"+id+"/page?offset=0", "")
	html := v["html"].(string)
	for _, bad := range []string{"<script>", "<img"} {
		if strings.Contains(html, bad) {
			t.Errorf("page holds %q:\n%s", bad, html)
		}
	}
	for _, want := range []string{"&lt;script&gt;alert(1)&lt;/script&gt;", "Eve &amp; co", `href="https://example.org/g?a=1&amp;b=%3c2%3e"`} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q:\n%s", want, html)
		}
	}
	// The game viewer's JSON carries the text as text, for the page to set as text.
	_, g, _ := c.do("GET", "/api/runs/"+id+"/game?k=0", "")
	if tags := fmt.Sprint(g["tags"]); !strings.Contains(tags, "<script>alert(1)</script>") {
		t.Errorf("viewer tags %s", tags)
	}
}

// The viewer's game: every position with its board, the matched one marked, variations
// followable; a match in a variation is labelled with the variation's moves.
func TestGameViewerAndVariations(t *testing.T) {
	file := writeFile(t, "m.pgn", markupGames)
	_, ts := newTestServer(t, Config{Files: []string{file}})
	c := client{t, ts}
	id := c.start("cql(variations) mate")
	st := c.wait(id)
	if st["matched"].(float64) != 2 || st["kept"].(float64) != 2 {
		t.Fatalf("%v", st)
	}
	_, v, _ := c.do("GET", "/api/runs/"+id+"/page?offset=0", "")
	html := v["html"].(string)
	if !strings.Contains(html, `in a variation: 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#`) || strings.Count(html, "in a variation") != 1 {
		t.Errorf("variation label:\n%s", html)
	}
	_, g, data := c.do("GET", "/api/runs/"+id+"/game?k=1", "")
	nodes, _ := g["nodes"].([]any)
	if len(nodes) != 12 { // the root, 6 half-moves of the main line, 5 of the variation
		t.Errorf("%d nodes, want 12", len(nodes))
	}
	var matched []string
	for _, n := range nodes {
		m := n.(map[string]any)
		if m["svg"] == "" || m["fen"] == "" {
			t.Fatalf("node without board: %v", m)
		}
		if m["m"] == true {
			matched = append(matched, fmt.Sprint(m["num"], m["san"], m["v"]))
		}
	}
	if fmt.Sprint(matched) != "[4.Qxf7#true]" {
		t.Errorf("matched nodes %v (%s)", matched, data)
	}
	// Main-line run: the node numbers of its records are plies; the viewer still finds them.
	id = c.start("mate")
	c.wait(id)
	_, g, _ = c.do("GET", "/api/runs/"+id+"/game?k=0", "")
	nodes = g["nodes"].([]any)
	for i, n := range nodes {
		m := n.(map[string]any)
		if (m["m"] == true) != (i == 7) {
			t.Errorf("node %d (%v) matched %v", i, m["san"], m["m"])
		}
		if i == 5 && m["ca"] != "threat" {
			t.Errorf("the game's comment after 3. Qh5: %v", m["ca"])
		}
	}
}

// A run stops at the time limit; cancel stops a run at once; both say so.
func TestTimeLimitAndCancel(t *testing.T) {
	big := bigPGN(t, 40)
	slow := "square x in . square y in . {x attacks y}"
	_, ts := newTestServer(t, Config{Files: []string{big}, TimeLimit: 300 * time.Millisecond, Threads: 1})
	c := client{t, ts}
	id := c.start(slow)
	st := c.wait(id)
	if st["state"] != stateTimeout || st["seconds"].(float64) > 5 {
		t.Errorf("time limit: %v", st)
	}

	_, ts = newTestServer(t, Config{Files: []string{big}, Threads: 1})
	c = client{t, ts}
	id = c.start(slow)
	time.Sleep(100 * time.Millisecond)
	t0 := time.Now()
	code, v, data := c.do("POST", "/api/runs/"+id+"/cancel", "")
	if code == 200 && v["state"] == stateRunning { // the game being evaluated ends first (slow with -race)
		v = c.wait(id)
	}
	took := time.Since(t0)
	if code != 200 || v["state"] != stateCancelled {
		t.Fatalf("cancel: %d %s %v", code, data, v)
	}
	t.Logf("cancel answered, the run stopped, in %v", took)
	if took > 2*time.Second {
		t.Errorf("cancel took %v", took)
	}
	// What it found before is there to page and export.
	if v["kept"].(float64) > 0 {
		if code, _, _ := c.do("GET", "/api/runs/"+id+"/page?offset=0", ""); code != 200 {
			t.Errorf("page of a cancelled run: %d", code)
		}
	}
}

// Cancel stops a run through an index at once too: a query the index replays without a
// game tree is evaluated inside the index's scan, a chunk of 256 games at a time, which
// looks at the run's context between games.
func TestCancelThroughIndex(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ix")
	if _, err := index.Build(context.Background(), dir, []string{bigPGN(t, 4)}, index.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	s, ts := newTestServer(t, Config{Index: dir, Threads: 1})
	c := client{t, ts}
	id := c.start("square x in . square y in . {x attacks y}")
	time.Sleep(200 * time.Millisecond)
	ss := s.runs.get(id)
	t0 := time.Now()
	c.do("POST", "/api/runs/"+id+"/cancel", "")
	<-ss.done
	took := time.Since(t0)
	t.Logf("a lazy run (%v) stopped %v after the cancel", ss.lazy, took)
	if st := c.wait(id); st["state"] != stateCancelled || took > 2*time.Second { // 14 s before the scan looked
		t.Errorf("cancel through the index: %v after %v", st["state"], took)
	}
}

// bigPGN is sample.pgn n times over.
func bigPGN(t testing.TB, n int) string {
	data, err := os.ReadFile(samplePGN)
	if err != nil {
		t.Fatal(err)
	}
	return writeFile(t, "big.pgn", strings.Repeat(string(data)+"\n", n))
}

// 50 clients at once: runs beyond --max-runs are refused with 429, the others all end
// with cql's count; pages are served to all of them meanwhile.
func TestConcurrentClients(t *testing.T) {
	_, ts := newTestServer(t, Config{Files: []string{samplePGN}, MaxRuns: 4, Threads: 1})
	_, stats := direct(t, "check", []string{samplePGN}, "fen")
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := client{t, ts}
			code, v, _ := c.do("POST", "/api/runs", `{"query":"check"}`)
			mu.Lock()
			codes[code]++
			mu.Unlock()
			if code != http.StatusCreated {
				return
			}
			id := v["id"].(string)
			for {
				code, pv, data := c.do("GET", "/api/runs/"+id+"/page?offset=0", "")
				if code != 200 && code != 400 {
					t.Errorf("page: %d %s", code, data)
					return
				}
				if code == 200 && pv["status"].(map[string]any)["state"] != stateRunning {
					break
				}
				time.Sleep(5 * time.Millisecond)
			}
			st := c.wait(id)
			if int(st["matched"].(float64)) != stats.GamesMatched {
				t.Errorf("matched %v, want %d", st["matched"], stats.GamesMatched)
			}
		}()
	}
	wg.Wait()
	if codes[201] == 0 || codes[201]+codes[429] != 50 {
		t.Errorf("answers %v", codes)
	}
	t.Logf("answers %v", codes)
}

// The events stream the progress and end with the final status.
func TestEvents(t *testing.T) {
	_, ts := newTestServer(t, Config{Files: []string{bigPGN(t, 5)}, Threads: 1})
	c := client{t, ts}
	id := c.start("check")
	resp, err := ts.Client().Get(ts.URL + "/api/runs/" + id + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	var events []string
	var last map[string]any
	for sc.Scan() {
		line := sc.Text()
		if e, ok := strings.CutPrefix(line, "event: "); ok {
			events = append(events, e)
		}
		if d, ok := strings.CutPrefix(line, "data: "); ok {
			last = nil
			json.Unmarshal([]byte(d), &last)
		}
	}
	if len(events) == 0 || events[len(events)-1] != "done" || last["state"] != stateDone {
		t.Errorf("events %v, last %v", events, last)
	}
}

// Exports are cql's output for the same query and input, in every format.
func TestExport(t *testing.T) {
	file := writeFile(t, "m.pgn", markupGames)
	for _, in := range [][]string{{samplePGN}, {file}} {
		_, ts := newTestServer(t, Config{Files: in})
		c := client{t, ts}
		for _, q := range []string{"check", "cql(variations) mate", `sort "moves" ply check`} {
			id := c.start(q)
			c.wait(id)
			for _, format := range []string{"pgn", "fen", "epd", "jsonl", "csv"} {
				code, _, got := c.do("GET", "/api/runs/"+id+"/export?format="+format, "")
				want, _ := direct(t, q, in, format)
				if code != 200 || string(got) != want {
					t.Errorf("%s %s as %s: %d, %d bytes, want %d", in, q, format, code, len(got), len(want))
				}
			}
		}
	}
}

// The statistics are cql --stats's numbers.
func TestStats(t *testing.T) {
	_, ts := newTestServer(t, Config{Files: []string{samplePGN}})
	c := client{t, ts}
	id := c.start("check")
	c.wait(id)
	_, _, got := c.do("GET", "/api/runs/"+id+"/stats?format=json", "")
	prog, q, _ := compile("check", false)
	_ = prog
	opt := run.Options{Format: "pgn", Count: true, Tally: run.NewTally()}
	if _, err := run.Run(context.Background(), q, run.Files{Names: []string{samplePGN}}, io.Discard, opt); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	opt.Tally.WriteJSON(&want)
	if string(got) != want.String() {
		t.Errorf("stats:\n%s\nwant\n%s", got, want.String())
	}
	code, v, _ := c.do("GET", "/api/runs/"+id+"/stats", "")
	html, _ := v["html"].(string)
	if code != 200 || strings.Count(html, "<figure") != 5 || !strings.Contains(html, "2400-2599") {
		t.Errorf("stats page %d:\n%.3000s", code, html)
	}
}

// The records of all runs stay under MaxMemory: older runs are dropped, and a run that
// alone passes it keeps what fits and says so, with exact counts.
func TestMemoryBound(t *testing.T) {
	s, ts := newTestServer(t, Config{Files: []string{bigPGN(t, 3)}, MaxMemory: 1600 << 10}) // one run of check takes 1.1 MB
	c := client{t, ts}
	first := c.start("check")
	c.wait(first)
	second := c.start("check")
	st := c.wait(second)
	if code, _, _ := c.do("GET", "/api/runs/"+first, ""); code != 404 {
		t.Errorf("the older run is still there (%d): %d bytes held", code, s.runs.held.Load())
	}
	if st["full"] == true {
		t.Errorf("the second run alone fits: %v", st)
	}
	_, ts = newTestServer(t, Config{Files: []string{bigPGN(t, 3)}, MaxMemory: 1050 << 10})
	c = client{t, ts}
	st = c.wait(c.start("check"))
	if st["full"] != true || st["kept"].(float64) >= st["positions"].(float64) || st["kept"].(float64) == 0 {
		t.Errorf("a run past the bound: %v", st)
	}
	_, stats := direct(t, "check", []string{bigPGN(t, 3)}, "fen")
	if int(st["positions"].(float64)) != stats.PositionsMatched {
		t.Errorf("counts of a run past the bound: %v, want %d", st["positions"], stats.PositionsMatched)
	}
}

// Every example of the pick list compiles.
func TestExamplesCompile(t *testing.T) {
	for _, e := range examples {
		if _, _, err := compile(e.Query, true); err != nil {
			t.Errorf("%s: %v", e.Name, err)
		}
	}
}

// The page and its assets are served, with the examples and the database named.
func TestIndexPage(t *testing.T) {
	_, ts := newTestServer(t, Config{Files: []string{samplePGN}})
	c := client{t, ts}
	code, _, page := c.do("GET", "/", "")
	if code != 200 || !bytes.Contains(page, []byte("../testdata/sample.pgn")) || !bytes.Contains(page, []byte("Checkmate")) || !bytes.Contains(page, []byte(`<g id="coords"`)) {
		t.Errorf("page %d:\n%.500s", code, page)
	}
	for _, a := range []string{"/assets/app.js", "/assets/app.css"} {
		if code, _, body := c.do("GET", a, ""); code != 200 || len(body) < 1000 {
			t.Errorf("%s: %d, %d bytes", a, code, len(body))
		}
	}
}

// pagesHTML reads every page of a run and returns their cards' HTML.
func (c client) pagesHTML(id string) string {
	c.t.Helper()
	var all strings.Builder
	for off := 0; ; off += PageSize {
		code, v, data := c.do("GET", fmt.Sprintf("/api/runs/%s/page?offset=%d", id, off), "")
		if code != http.StatusOK {
			c.t.Fatalf("page %d: %d %s", off, code, data)
		}
		all.WriteString(v["html"].(string))
		if st := v["status"].(map[string]any); off+PageSize >= int(st["kept"].(float64)) {
			return all.String()
		}
	}
}

// A run through an index counts (it keeps no squares or comments, and replays no game the
// index decides), and its pages run the query again over their games: the cards, the game
// viewer and the statistics are those of a run over the PGN files, which keeps them all.
func TestLazyIndexRunShowsWhatFilesShow(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ix")
	if _, err := index.Build(context.Background(), dir, []string{samplePGN}, index.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	_, tf := newTestServer(t, Config{Files: []string{samplePGN}})
	si, ti := newTestServer(t, Config{Index: dir})
	cf, ci := client{t, tf}, client{t, ti}
	for _, q := range []string{
		"check",                   // decided by the index: positions counted page by page
		"Q attacks k",             // marks squares
		`check comment("check!")`, // comments
		"square x in h1-8 {R attacks x x attacks K}",
		"mate",
	} {
		sf, sl := cf.wait(cf.start(q)), ci.wait(ci.start(q))
		ss := si.runs.get(sl["id"].(string))
		if !ss.lazy || ss.matches != nil {
			t.Fatalf("%s: the index run is not lazy", q)
		}
		if sf["matched"] != sl["matched"] {
			t.Fatalf("%s: files %v, index %v", q, sf, sl)
		}
		// A page far in, first: the positions of the games before it are counted at once.
		far := int(sf["kept"].(float64)) - 10
		_, pf, _ := cf.do("GET", fmt.Sprintf("/api/runs/%s/page?offset=%d", sf["id"], far), "")
		_, pl, _ := ci.do("GET", fmt.Sprintf("/api/runs/%s/page?offset=%d", sl["id"], far), "")
		if pf["html"] != pl["html"] || pl["count"].(float64) != 10 {
			t.Errorf("%s: the page at %d differs (%v cards, %v through the index)", q, far, pf["count"], pl["count"])
		}
		if code, v, _ := ci.do("GET", fmt.Sprintf("/api/runs/%s/page?offset=%d", sl["id"], int64(1)<<40), ""); code != 400 || !strings.Contains(v["error"].(string), "past the end") {
			t.Errorf("%s: a huge offset through the index: %d %v", q, code, v)
		}
		a, b := cf.pagesHTML(sf["id"].(string)), ci.pagesHTML(sl["id"].(string))
		if a != b {
			t.Errorf("%s: the index's pages differ from the files': %s", q, firstDiff(strings.Split(a, "\n"), strings.Split(b, "\n")))
		}
		if q == "Q attacks k" && !strings.Contains(b, `class="mark"`) || strings.Contains(q, "comment") && !strings.Contains(b, `<div class="comment">check!</div>`) {
			t.Errorf("%s: no marked square or comment on the pages", q)
		}
		for _, k := range []string{"0", "3"} {
			_, _, gf := cf.do("GET", "/api/runs/"+sf["id"].(string)+"/game?k="+k, "")
			_, _, gl := ci.do("GET", "/api/runs/"+sl["id"].(string)+"/game?k="+k, "")
			if !bytes.Equal(gf, gl) || !bytes.Contains(gl, []byte(`"m":true`)) {
				t.Errorf("%s: game %s in the viewer differs:\n%.300s\n%.300s", q, k, gf, gl)
			}
		}
		for _, f := range []string{"?format=json", ""} {
			_, _, xf := cf.do("GET", "/api/runs/"+sf["id"].(string)+"/stats"+f, "")
			_, _, xl := ci.do("GET", "/api/runs/"+sl["id"].(string)+"/stats"+f, "")
			if !bytes.Equal(xf, xl) {
				t.Errorf("%s: statistics%s differ:\n%.500s\n%.500s", q, f, xf, xl)
			}
		}
	}
}

// The page names an index's games and files as the summary counts them: "1 file".
func TestDescribeIndex(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ix")
	if _, err := index.Build(context.Background(), dir, []string{samplePGN}, index.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	_, ts := newTestServer(t, Config{Index: dir})
	_, _, page := client{t, ts}.do("GET", "/", "")
	if want := "index " + dir + ": 300 games of 1 file<"; !bytes.Contains(page, []byte(want)) {
		t.Errorf("the page does not say %q:\n%.800s", want, page)
	}
}

// 50 clients paging one lazy run at once, each page far from the others: the positions of
// decided games are counted by whichever page comes first, and every page is the one a run
// over the files shows.
func TestConcurrentLazyPages(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ix")
	if _, err := index.Build(context.Background(), dir, []string{samplePGN}, index.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	_, tf := newTestServer(t, Config{Files: []string{samplePGN}})
	_, ti := newTestServer(t, Config{Index: dir, Threads: 2})
	cf, ci := client{t, tf}, client{t, ti}
	sf := cf.wait(cf.start("check"))
	sl := ci.wait(ci.start("check"))
	if sl["exact"] == true {
		t.Fatalf("check through the index is exact before paging: %v", sl)
	}
	kept := int(sf["kept"].(float64))
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		off := (kept - 1) * ((i * 37) % 50) / 49
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, pf, _ := cf.do("GET", fmt.Sprintf("/api/runs/%s/page?offset=%d", sf["id"], off), "")
			code, pl, data := ci.do("GET", fmt.Sprintf("/api/runs/%s/page?offset=%d", sl["id"], off), "")
			if code != 200 || pf["html"] != pl["html"] {
				t.Errorf("page at %d: %d %.200s", off, code, data)
			}
		}()
	}
	wg.Wait()
	if _, st, _ := ci.do("GET", "/api/runs/"+sl["id"].(string), ""); int(st["kept"].(float64)) < kept-PageSize {
		t.Errorf("after the pages, %v positions of %d counted", st["kept"], kept)
	}
}
