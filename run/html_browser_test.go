package run

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// The gallery in a real browser: Debian's chromium, driven with chromedp. Outside CI the
// test skips when no chromium is installed; under CI=true it fails (.ci/run installs it).
// A screenshot goes to $CQL_SCREENSHOTS, else to the test's temporary directory.

func galleryBrowser(t *testing.T, timeout time.Duration) context.Context {
	t.Helper()
	var exe string
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			exe = p
			break
		}
	}
	if exe == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is not installed: CI must install it (apt-get install chromium, see .ci/run)")
		}
		t.Skip("no chromium on PATH: the browser tests of the html gallery are skipped (apt-get install chromium runs them)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 900))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelB := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, timeout)
	t.Cleanup(func() { cancelT(); cancelB(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", exe, err)
	}
	return ctx
}

func evalJS[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func doSteps(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// tricky is a game whose tags hold markup, with a Site URL, mated in a variation and on
// its main line.
const tricky = `[Event "E & <u>F</u>"]
[Site "https://example.org/g?a=1&b=<2>"]
[White "<b>bold</b><img src=x onerror=alert(1)>"]
[Black "Black & 'co'"]
[Result "1-0"]

1. e4 e5 2. Qh5 (2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#) 2... Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

`

// galleryFile writes the gallery of a query over the tricky game, 130 games mated on the
// main line and the tricky game again: 134 positions, the last two on page 2.
func galleryFile(t *testing.T, query string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(tricky)
	for i := 0; i < 130; i++ {
		fmt.Fprintf(&b, "[Event \"%d\"]\n[White \"W%d\"]\n[Black \"B\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n", i+1, i+1)
	}
	b.WriteString(tricky)
	opt := Options{Format: "html", HTMLQuery: query, HTMLInputs: []string{"g.pgn"}}
	out, _ := runString(t, compileMarks(t, query, true), memFiles(map[string]string{"g.pgn": b.String()}, "g.pgn"), opt)
	file := filepath.Join(t.TempDir(), "g.html")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// cardFacts checks, in the browser, what the card of the tricky game's variation mate and
// that of its main-line mate show: the board (coordinates laid out, black to move, the
// mated king framed on e8, the marked f7, the last move), the players with their markup as
// text, the game's link, the variation label apart from the moves, the comment, the FEN.
func cardFacts(t *testing.T, ctx context.Context, sel string, game int, variation bool) {
	t.Helper()
	js := func(expr string) string {
		return evalJS[string](t, ctx, `(() => { const c = document.querySelector(`+strconv.Quote(sel)+`); return String(`+expr+`) })()`)
	}
	const fen = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
	for _, c := range [][2]string{
		{`c.querySelector(".who").textContent`, "<b>bold</b><img src=x onerror=alert(1)> – Black & 'co' 1-0"},
		{`c.querySelectorAll(".who *, .where b, .where u, img").length`, "0"},
		{`c.querySelector(".where").textContent`, fmt.Sprintf("E & <u>F</u> · game %d of g.pgn · game", game)},
		{`c.querySelector(".where a").href`, "https://example.org/g?a=1&b=%3C2%3E"},
		{`c.querySelector(".where a").rel`, "noopener noreferrer"},
		{`c.querySelector("input").value`, fen},
		{`c.querySelector("svg").getAttribute("aria-label")`, fen + "; marked f7; checkmate"},
		{`c.querySelector("svg").getBoundingClientRect().width`, "240"},
		// The mated king framed on e8 (column 4, row 0), about 26 px of a 240 px board.
		{`[c.querySelector("rect.mate").getAttribute("x"), c.querySelector("rect.mate").getAttribute("y"), Math.round(c.querySelector("rect.mate").getBoundingClientRect().width) > 20]`, "4,0,true"},
		{`c.querySelectorAll("rect.mark").length + " " + c.querySelector("rect.mark").getAttribute("x") + "," + c.querySelector("rect.mark").getAttribute("y")`, "1 5,1"},
		// Coordinates: the 16 letters and digits, each laid out inside the board.
		{`[...document.querySelectorAll("#coords text")].map(x => [...Array(x.getNumberOfChars()).keys()].filter(i => { const e = x.getExtentOfChar(i); return e.width > 0 && e.x >= 0 && e.x + e.width <= 8 && e.y >= 0 && e.y + e.height <= 8.1 }).length).join(" ") + " " + c.querySelectorAll('use[href="#coords"]').length`, "4 4 4 4 1"},
		// The pieces: 16 white and 15 black glyphs, each in its square (the centre of its
		// extent): the white queen on f7 (column 5, row 1), Black's king on e8.
		{`[...c.querySelectorAll("text.pw, text.pb")].map(x => x.getNumberOfChars()).join(" ")`, "16 15"},
		{`(() => { const where = (run, g) => { const i = run.textContent.indexOf(g), e = run.getExtentOfChar(i); return Math.floor(e.x + e.width / 2) + "," + Math.floor(e.y + e.height / 2) }; return where(c.querySelector("text.pw"), "♛") + " " + where(c.querySelector("text.pb"), "♚") + " " + getComputedStyle(c.querySelector("text.pw")).fill + " " + getComputedStyle(c.querySelector("text.pb")).fill })()`, "5,1 4,0 rgb(255, 255, 255) rgb(0, 0, 0)"},
		{`c.querySelectorAll("circle.tomove.b").length + " " + c.querySelectorAll("circle.tomove.w").length`, "1 0"},
		{`c.querySelectorAll("line").length`, "1"},
		{`[...c.querySelectorAll(".comment")].map(x => x.textContent + x.children.length).join("|")`, "<i>c</i>0"},
	} {
		if got := js(c[0]); got != c[1] {
			t.Errorf("%s: %s = %q, want %q", sel, c[0], got, c[1])
		}
	}
	label, moves := js(`(c.querySelector(".variation") || {}).textContent`), js(`c.querySelector(".moves").textContent`)
	if variation {
		if label != "in a variation: 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#" || moves != "2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# " {
			t.Errorf("%s: variation label %q, moves %q", sel, label, moves)
		}
	} else if label != "undefined" || moves != "2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# " {
		t.Errorf("%s: a main-line match: variation label %q, moves %q", sel, label, moves)
	}
}

// The gallery in Chromium: the first page is shown at once with the pager above it (not
// over it), every card's facts are there, drawn in Go on the first page and by the page's
// script on the next, and the script draws the first page exactly as Go did; the pager
// turns pages with its buttons, a typed number, the keys ← and →, a page size, and keeps
// the page in the URL; a click on a FEN selects it; without JavaScript the first page shows
// and the page says so.
func TestHTMLInBrowser(t *testing.T) {
	ctx := galleryBrowser(t, 2*time.Minute)
	query := `cql(variations) mate Q attacks k comment("<i>c</i>")`
	file := galleryFile(t, query)
	doSteps(t, ctx, chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS("#pager button")))
	for _, c := range [][2]string{
		{`document.querySelector("header pre").textContent`, query},
		{`document.querySelector("header .inputs").textContent`, "in g.pgn"},
		{`document.querySelectorAll("#cards .card").length`, "100"},
		{`document.getElementById("total").innerText`, "134 positions in 132 games."},
		{`document.querySelector("#pager .range").textContent`, "positions 1–100 of 134"},
		{`document.querySelector("#pager input.page").max`, "2"},
		// The pager is above the first row of boards, not over it.
		{`document.querySelector("#cards .card").getBoundingClientRect().top >= document.getElementById("pager").getBoundingClientRect().bottom`, "true"},
		{`[...document.querySelectorAll("#cards .card svg")].every(s => s.getBoundingClientRect().width === 240)`, "true"},
		{`[...document.querySelectorAll("#cards rect.mark")].filter(r => r.getBoundingClientRect().width > 20).length`, "100"},
		{`document.querySelector("#cards .card:nth-child(3) .who").textContent`, "W1 – B 1-0"},
	} {
		if got := fmt.Sprint(evalJS[any](t, ctx, c[0])); got != c[1] {
			t.Errorf("page 1: %s = %q, want %q", c[0], got, c[1])
		}
	}
	cardFacts(t, ctx, "#cards .card:nth-child(1)", 1, true)
	cardFacts(t, ctx, "#cards .card:nth-child(2)", 1, false)
	drawnInGo := evalJS[string](t, ctx, `document.getElementById("cards").innerHTML.trim()`)
	screenshotTo(t, ctx, "gallery")

	// Next: page 2, drawn by the script, at the top of the page, in the URL.
	doSteps(t, ctx, chromedp.Evaluate[chromedp.Void](`scrollTo(0, 2000)`), chromedp.Click(chromedp.CSS("#pager-end button[data-go=next]")),
		chromedp.Poll[chromedp.Void](`location.hash === "#page=2" && document.querySelectorAll("#cards .card").length === 34`))
	if got := evalJS[string](t, ctx, `document.querySelector("#cards .card .n").textContent + " " + scrollY + " " + document.querySelector("#pager .range").textContent`); got != "#101 0 positions 101–134 of 134" {
		t.Errorf("page 2: %q", got)
	}
	cardFacts(t, ctx, "#cards .card:nth-child(33)", 132, true)
	cardFacts(t, ctx, "#cards .card:nth-child(34)", 132, false)
	if n := evalJS[int](t, ctx, `document.querySelectorAll("#pager button[data-go=next]:disabled").length`); n != 1 {
		t.Errorf("Next is not disabled on the last page")
	}

	// ←: page 1 again, drawn by the script as Go drew it.
	doSteps(t, ctx, chromedp.KeyEvent(kb.ArrowLeft), chromedp.Poll[chromedp.Void](`location.hash === "#page=1"`))
	if got := evalJS[string](t, ctx, `document.getElementById("cards").innerHTML.trim()`); got != drawnInGo {
		t.Errorf("the script draws page 1 otherwise than Go:\n%s\nGo:\n%s", firstDiff(got, drawnInGo), firstDiff(drawnInGo, got))
	}
	// A typed page number, then 50 boards a page (the first position shown stays on view).
	doSteps(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const i = document.querySelector("#pager input.page"); i.value = "2"; i.dispatchEvent(new Event("change", {bubbles: true})) })()`),
		chromedp.Poll[chromedp.Void](`location.hash === "#page=2"`))
	doSteps(t, ctx, chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector("#pager select.size"); s.value = "50"; s.dispatchEvent(new Event("change", {bubbles: true})) })()`),
		chromedp.Poll[chromedp.Void](`location.hash === "#page=3&size=50" && document.querySelectorAll("#cards .card").length === 34`))
	if got := evalJS[string](t, ctx, `document.querySelector("#cards .card .n").textContent + " " + document.querySelector("#pager input.page").max`); got != "#101 3" {
		t.Errorf("50 a page: %q", got)
	}
	// A link with a page: reloaded, it shows that page; the earlier galleries' #p2 too.
	doSteps(t, ctx, chromedp.Navigate("file://"+file+"#p2"), chromedp.Poll[chromedp.Void](`document.querySelector("#cards .card .n") && document.querySelector("#cards .card .n").textContent === "#101"`))
	// A click on a FEN selects it (and copies it where the browser lets the page).
	doSteps(t, ctx, chromedp.Click(chromedp.CSS("#cards .card input")))
	if got := evalJS[string](t, ctx, `(() => { const i = document.querySelector("#cards .card input"); return i.selectionStart + " " + i.selectionEnd + " " + i.value.length })()`); !strings.HasPrefix(got, "0 ") || strings.Fields(got)[1] != strings.Fields(got)[2] {
		t.Errorf("a click on the FEN selects %q (start, end, length)", got)
	}

	// Without JavaScript: the first page, and a note.
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	doSteps(t, ctx, chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS("#cards .card")))
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSSAll("#cards .card")))
	if err != nil || len(nodes) != 100 {
		t.Errorf("without JavaScript: %d cards (%v), want 100", len(nodes), err)
	}
	total, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#total")))
	if err != nil || !strings.Contains(total, "Without JavaScript this page shows the first 100;") {
		t.Errorf("without JavaScript the page says %q (%v)", total, err)
	}
}

func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return a[max(0, i-200):min(len(a), i+200)]
}

func screenshotTo(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("CQL_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else {
		os.MkdirAll(dir, 0o755)
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Errorf("screenshot %s: %v", name, err)
		return
	}
	p := filepath.Join(dir, name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		t.Error(err)
	}
	t.Logf("screenshot: %s", p)
}
