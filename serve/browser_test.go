package serve

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/cqlgo/cql/index"
)

// The page in a real browser: Debian's chromium, driven with chromedp. Outside CI the
// tests skip when no chromium is installed; under CI=true they fail (.ci/run installs it).
// Screenshots of the main views go to $CQL_SCREENSHOTS, else to the test's temporary
// directory.

func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed: CI must install it (apt-get install chromium, see .ci/run)")
	}
	t.Skip("no chromium on PATH: the browser tests of cql serve are skipped (apt-get install chromium runs them)")
	return ""
}

// browserCtx starts a headless chromium with a fresh profile.
func browserCtx(t *testing.T) context.Context {
	t.Helper()
	exe := chromiumPath(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1400, 1000))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelT(); cancelB(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	return ctx
}

func screenshotDir(t *testing.T) string {
	if d := os.Getenv("CQL_SCREENSHOTS"); d != "" {
		os.MkdirAll(d, 0o755)
		return d
	}
	return t.TempDir()
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	p := filepath.Join(screenshotDir(t), name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Error(err)
	}
	t.Logf("screenshot: %s", p)
}

var (
	cqlOnce sync.Once
	cqlBin  string
	cqlErr  error
)

// cqlBinary builds the cql command once, for the comparisons with what it prints.
func cqlBinary(t *testing.T) string {
	cqlOnce.Do(func() {
		dir, err := os.MkdirTemp("", "cql-serve-test")
		if err != nil {
			cqlErr = err
			return
		}
		cqlBin = filepath.Join(dir, "cql")
		out, err := exec.Command("go", "build", "-o", cqlBin, "github.com/cqlgo/cql/cmd/cql").CombinedOutput()
		if err != nil {
			cqlErr = err
			t.Logf("%s", out)
		}
	})
	if cqlErr != nil {
		t.Fatal(cqlErr)
	}
	return cqlBin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if cqlBin != "" {
		os.RemoveAll(filepath.Dir(cqlBin))
	}
	os.Exit(code)
}

func cqlOutput(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(cqlBinary(t), args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("cql %v: %v\n%s", args, err, errb.String())
		}
	}
	return out.String()
}

// typeQuery replaces the editor's text by typing q.
func typeQuery(q string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.WaitVisible(chromedp.CSS("#query")),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`(document.getElementById("query").value = "", true)`)(ctx, t)
			return err
		}),
		chromedp.SendKeys(chromedp.CSS("#query"), q),
	)
}

func waitState(state string) chromedp.Action[chromedp.Void] {
	return chromedp.WaitReady(chromedp.CSS(`body[data-run="` + state + `"]`))
}

// js evaluates a JavaScript expression on the page.
func js[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

func click(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(chromedp.CSS(sel)) }

func visible(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.WaitVisible(chromedp.CSS(sel))
}

func text(t *testing.T, ctx context.Context, sel string) string {
	return js[string](t, ctx, `document.querySelector(`+strconv.Quote(sel)+`).textContent`)
}

func attr(t *testing.T, ctx context.Context, sel, name string) string {
	return js[string](t, ctx, `document.querySelector(`+strconv.Quote(sel)+`).getAttribute(`+strconv.Quote(name)+`) || ""`)
}

// Type a query, run it with Ctrl+Enter: the count shown is cql --count's; page through,
// open a game and step through it with the keys.
func TestBrowserRunViewAndStep(t *testing.T) {
	ctx := browserCtx(t)
	_, ts := newTestServer(t, Config{Files: []string{samplePGN}})
	want := strings.TrimSpace(cqlOutput(t, "--count", "check", samplePGN))
	do(t, ctx, chromedp.Navigate(ts.URL+"/"), typeQuery("check"),
		chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(kb.ModifierCtrl)),
		waitState("done"), visible(".card"))
	matched := attr(t, ctx, "#summary", "data-matched")
	pageInfo := text(t, ctx, "#page-info")
	cards := js[int](t, ctx, `document.querySelectorAll("#results .card").length`)
	if matched != want {
		t.Errorf("the page says %s games matched, cql --count %s", matched, want)
	}
	if cards != PageSize || !strings.HasPrefix(pageInfo, "1–50 of ") {
		t.Errorf("%d cards, page info %q", cards, pageInfo)
	}
	t.Logf("a page of %d boards rendered in %s ms (fetch, insert, first frame)", cards, attr(t, ctx, "body", "data-render-ms"))
	screenshot(t, ctx, "results")

	// The next page, and the URL keeps the query and the page.
	do(t, ctx, click("#next"), chromedp.Poll[chromedp.Void](`document.querySelector("#results .card .n") && document.querySelector("#results .card .n").textContent === "#51"`))
	url, _ := chromedp.Run(ctx, chromedp.Location())
	if !strings.Contains(url, "q=check") || !strings.Contains(url, "p=50") {
		t.Errorf("URL %s does not keep the query and the page", url)
	}

	// Open the first game of the page, step forward and back with the arrow keys.
	do(t, ctx, click("#results .card .open"), visible("#vboard svg"))
	if !js[bool](t, ctx, `document.getElementById("viewer").open`) {
		t.Fatal("the viewer did not open")
	}
	before, fen := attr(t, ctx, "#vboard svg", "aria-label"), attr(t, ctx, "#results .card .copy", "data-fen")
	if !strings.HasPrefix(before, fen) {
		t.Errorf("the viewer opens at %q, the card is %q", before, fen)
	}
	screenshot(t, ctx, "viewer")
	do(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	after := attr(t, ctx, "#vboard svg", "aria-label")
	do(t, ctx, chromedp.KeyEvent(kb.ArrowLeft))
	back := attr(t, ctx, "#vboard svg", "aria-label")
	if after == before || back != before {
		t.Errorf("stepping: %q, then %q, back %q", before, after, back)
	}
	if js[int](t, ctx, `document.querySelectorAll("#moves .mv.matched").length`) == 0 {
		t.Errorf("the move list marks no matched position")
	}

	// Statistics.
	do(t, ctx, chromedp.KeyEvent(kb.Escape), click(`.tabs button[data-tab="stats"]`), visible("#stats figure svg"))
	if n := js[int](t, ctx, `document.querySelectorAll("#stats figure").length`); n != 5 {
		t.Errorf("statistics: %d charts", n)
	}
	screenshot(t, ctx, "statistics")
}

// A query with an error shows cql's message with its caret, and nothing runs.
func TestBrowserErrorCaret(t *testing.T) {
	ctx := browserCtx(t)
	_, ts := newTestServer(t, Config{Files: []string{samplePGN}})
	do(t, ctx, chromedp.Navigate(ts.URL+"/"), typeQuery("mate\nR atacks k"), click("#run"), visible("#error"))
	msg := text(t, ctx, "#error")
	start := js[int](t, ctx, `document.getElementById("query").selectionStart`)
	want := strings.TrimPrefix(strings.TrimSpace(cqlStderr(t, "mate\nR atacks k", samplePGN)), "cql: ")
	if msg != want || !strings.Contains(msg, "\nR atacks k\n  ^") {
		t.Errorf("error shown:\n%s\ncql prints:\n%s", msg, want)
	}
	if start != 7 { // "mate\n" and "R " before the caret
		t.Errorf("the cursor is put at %d, want 7", start)
	}
	screenshot(t, ctx, "error")
}

func cqlStderr(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(cqlBinary(t), args...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	cmd.Run()
	return errb.String()
}

// Cancel stops a long run on the server, and the page says so.
func TestBrowserCancel(t *testing.T) {
	ctx := browserCtx(t)
	s, ts := newTestServer(t, Config{Files: []string{bigPGN(t, 40)}, Threads: 1})
	do(t, ctx, chromedp.Navigate(ts.URL+"/"), typeQuery("square x in . square y in . {x attacks y}"),
		click("#run"), waitState("running"), chromedp.Sleep(300*time.Millisecond))
	t0 := time.Now()
	do(t, ctx, click("#cancel"), waitState("cancelled"))
	t.Logf("from the click on Cancel to the page showing the run cancelled: %v", time.Since(t0))
	if summary := text(t, ctx, "#summary"); !strings.HasPrefix(summary, "Cancelled.") {
		t.Errorf("summary %q", summary)
	}
	s.runs.mu.Lock()
	for _, ss := range s.runs.runs {
		ss.mu.Lock()
		if ss.state != stateCancelled {
			t.Errorf("the server's run is %s", ss.state)
		}
		ss.mu.Unlock()
	}
	s.runs.mu.Unlock()
	screenshot(t, ctx, "cancelled")
}

// The downloaded PGN is byte for byte what cql -o writes for the same query and input.
func TestBrowserDownloadPGN(t *testing.T) {
	ctx := browserCtx(t)
	file := writeFile(t, "m.pgn", markupGames)
	in := []string{samplePGN, file}
	_, ts := newTestServer(t, Config{Files: in})
	dir := t.TempDir()
	done := make(chan string, 1)
	err := chromedp.ListenBrowser(ctx, func(ev any) {
		if e, ok := ev.(*browser.EventDownloadProgress); ok && e.State == browser.DownloadProgressStateCompleted {
			select {
			case done <- e.GUID:
			default:
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	events := true
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir, EventsEnabled: &events}); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Navigate(ts.URL+"/"), typeQuery("check"), click("#run"), waitState("done"),
		visible(`#exports a[data-format="pgn"]`), click(`#exports a[data-format="pgn"]`))
	var guid string
	select {
	case guid = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("no download")
	}
	got, err := os.ReadFile(filepath.Join(dir, guid))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out.pgn")
	cqlOutput(t, append([]string{"-o", out, "check"}, in...)...)
	want, _ := os.ReadFile(out)
	if !bytes.Equal(got, want) || len(want) == 0 {
		t.Errorf("download: %d bytes, cql -o: %d bytes", len(got), len(want))
	}
}

// A tag value with markup is shown as text: no element is made of it, no script runs.
func TestBrowserMarkupShownAsText(t *testing.T) {
	ctx := browserCtx(t)
	file := writeFile(t, "m.pgn", markupGames)
	_, ts := newTestServer(t, Config{Files: []string{file}})
	var mu sync.Mutex
	dialogs := 0
	if err := chromedp.Listen(ctx, func(ev any) {
		if _, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			mu.Lock()
			dialogs++
			mu.Unlock()
			go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}); err != nil {
		t.Fatal(err)
	}
	// A bookmarked search runs when opened.
	do(t, ctx, chromedp.Navigate(ts.URL+"/?q=mate"), waitState("done"), visible(".card"))
	who, where := text(t, ctx, ".card .who"), text(t, ctx, ".card .where")
	imgs := js[int](t, ctx, `document.querySelectorAll("#results img, #results script").length`)
	do(t, ctx, click(".card .open"), visible("#vboard svg"))
	tags := text(t, ctx, "#vtags")
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(who, `Bob "><img src=x onerror=alert(2)>`) || where != "<script>alert(1)</script>" || imgs != 0 || dialogs != 0 {
		t.Errorf("who %q, where %q, %d img or script elements, %d dialogs", who, where, imgs, dialogs)
	}
	if !strings.Contains(tags, "Event: <script>alert(1)</script>") {
		t.Errorf("viewer tags %q", tags)
	}
	screenshot(t, ctx, "markup")
}

// TestBrowserMeasure measures, for docs/serve.md, the time a page of 50 boards takes in
// the browser (fetch, insert, first frame) over the index in $CQL_SERVE_MEASURE_INDEX:
// go test ./serve -run BrowserMeasure -v with CQL_SERVE_MEASURE_INDEX=DIR.
func TestBrowserMeasure(t *testing.T) {
	dir := os.Getenv("CQL_SERVE_MEASURE_INDEX")
	if dir == "" {
		t.Skip("set CQL_SERVE_MEASURE_INDEX=DIR to measure a page's render time over that index")
	}
	ctx := browserCtx(t)
	_, ts := newTestServer(t, Config{Index: dir})
	for _, q := range []string{"mate", "square x in h1-8 {R attacks x x attacks K}"} {
		do(t, ctx, chromedp.Navigate(ts.URL+"/"), typeQuery(q), click("#run"), waitState("done"), visible(".card"))
		for page := 0; page < 5; page++ {
			first := text(t, ctx, "#results .card .n")
			do(t, ctx, click("#next"), chromedp.Poll[chromedp.Void](`document.querySelector("#results .card .n").textContent !== `+strconv.Quote(first)))
			time.Sleep(100 * time.Millisecond)
			// Cards off the screen are drawn when scrolled to (content-visibility): the time
			// to draw those at the end of the page when scrolled there.
			scroll, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`new Promise(done => {
				const t0 = performance.now(), cards = document.querySelectorAll("#results .card");
				cards[cards.length - 1].scrollIntoView();
				requestAnimationFrame(() => requestAnimationFrame(() => { const t = performance.now() - t0; window.scrollTo(0, 0); done(t); }));
			})`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: page %d: %s boards in %s ms from the request, %s ms from the answer to the next frame; %.0f ms to draw the cards at the end when scrolled to the last", q, page+2,
				js[string](t, ctx, `String(document.querySelectorAll("#results .card").length)`), attr(t, ctx, "body", "data-render-ms"), attr(t, ctx, "body", "data-draw-ms"), scroll)
		}
		screenshot(t, ctx, "masters-"+strings.Fields(q)[0])
	}
}

// Through an index (a lazy run): the count is cql --index --count's; the positions of the
// games the index decided are counted as the pages reach them; the viewer and the
// statistics work.
func TestBrowserIndex(t *testing.T) {
	ctx := browserCtx(t)
	dir := filepath.Join(t.TempDir(), "ix")
	if _, err := index.Build(context.Background(), dir, []string{samplePGN}, index.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	_, ts := newTestServer(t, Config{Index: dir})
	want := strings.TrimSpace(cqlOutput(t, "--index", dir, "--count", "check"))
	do(t, ctx, chromedp.Navigate(ts.URL+"/"), typeQuery("check"), click("#run"), waitState("done"), visible(".card"))
	if matched := attr(t, ctx, "#summary", "data-matched"); matched != want {
		t.Errorf("the page says %s games matched, cql --index --count %s", matched, want)
	}
	if info := text(t, ctx, "#page-info"); !strings.HasPrefix(info, "1–50 of at least ") {
		t.Errorf("page info %q: the decided games' positions are not all counted yet", info)
	}
	if n := js[int](t, ctx, `document.querySelectorAll("#results .card").length`); n != PageSize {
		t.Errorf("%d cards", n)
	}
	do(t, ctx, click("#next"), chromedp.Poll[chromedp.Void](`document.querySelector("#results .card .n").textContent === "#51"`))
	do(t, ctx, click("#results .card .open"), visible("#vboard svg"))
	if js[int](t, ctx, `document.querySelectorAll("#moves .mv.matched").length`) == 0 {
		t.Errorf("the move list marks no matched position")
	}
	do(t, ctx, chromedp.KeyEvent(kb.Escape), click(`.tabs button[data-tab="stats"]`), visible("#stats figure svg"))
	if n := js[int](t, ctx, `document.querySelectorAll("#stats figure").length`); n != 5 {
		t.Errorf("statistics: %d charts", n)
	}
}
