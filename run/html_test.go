package run

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/query"
)

// voidElements have no end tag in HTML.
var voidElements = map[string]bool{"meta": true, "br": true, "img": true, "input": true, "link": true, "hr": true}

// checkHTML validates page structurally: the doctype, every element closed in order (SVG
// elements may close themselves), unique ids, every #reference defined, nothing loaded
// from the network. It returns the number of elements of each name.
func checkHTML(t *testing.T, page []byte) map[string]int {
	t.Helper()
	if !bytes.HasPrefix(page, []byte("<!DOCTYPE html>\n")) {
		t.Fatalf("no doctype: %.40q", page)
	}
	z := html.NewTokenizer(bytes.NewReader(page))
	var stack []string
	ids := map[string]bool{}
	var refs []string
	count := map[string]int{}
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if z.Err() != io.EOF {
				t.Fatalf("tokenizer: %v", z.Err())
			}
			break
		}
		tok := z.Token()
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			count[tok.Data]++
			for _, a := range tok.Attr {
				switch a.Key {
				case "id":
					if ids[a.Val] {
						t.Errorf("duplicate id %q", a.Val)
					}
					ids[a.Val] = true
				case "href", "src", "marker-end":
					v := strings.TrimSuffix(strings.TrimPrefix(a.Val, "url("), ")")
					if tok.Data == "a" && a.Key == "href" && (strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "http://")) {
						continue // a link the reader may follow (the game's Site); the page loads nothing
					}
					if !strings.HasPrefix(v, "#") {
						t.Errorf("<%s %s=%q> is not a reference inside the page", tok.Data, a.Key, a.Val)
					}
					refs = append(refs, v[1:])
				}
			}
			if tt == html.StartTagToken && !voidElements[tok.Data] {
				stack = append(stack, tok.Data)
			}
		case html.EndTagToken:
			if len(stack) == 0 || stack[len(stack)-1] != tok.Data {
				t.Fatalf("</%s> closes %v", tok.Data, stack)
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) > 0 {
		t.Fatalf("elements left open: %v", stack)
	}
	for _, r := range refs {
		if !ids[r] {
			t.Errorf("reference to undefined id %q", r)
		}
	}
	if count["html"] != 1 || count["head"] != 1 || count["body"] != 1 || count["title"] != 1 {
		t.Errorf("document skeleton: %v", count)
	}
	return count
}

func htmlPage(t *testing.T, query string, games string) []byte {
	t.Helper()
	opt := Options{Format: "html"}
	out, _ := runString(t, compileMarks(t, query, WantsMarks(opt)), memFiles(map[string]string{"g.pgn": games}, "g.pgn"), opt)
	return []byte(out)
}

func compileMarks(t testing.TB, src string, marks bool) *filter.Query {
	t.Helper()
	prog, err := query.Parse("test", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	q, err := filter.CompileWith(prog, filter.Options{Marks: marks})
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// The squares the query marked are drawn on the board: after 4. Qxf7# the queen on f7
// (column 5, row 1 from the top) attacks the king; with `mate` alone nothing is marked.
func TestHTMLMarkedSquares(t *testing.T) {
	page := string(htmlPage(t, "mate Q attacks k", threeGames))
	checkHTML(t, []byte(page))
	if n := strings.Count(page, `<rect class="mark"`); n != 1 {
		t.Errorf("%d marked squares, want 1", n)
	}
	for _, want := range []string{`<rect class="mark" x="5" y="1"`, `PPPP1PPP/RNB1K1NR b KQkq - 0 4; marked f7; checkmate"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if page := string(htmlPage(t, "mate", threeGames)); strings.Contains(page, `class="mark"`) || strings.Contains(page, "; marked") {
		t.Errorf("mate marks squares")
	}
}

// The gallery is valid, has one card and one board per matched position, draws the 32
// pieces of the start position, and marks the last move.
func TestHTMLGallery(t *testing.T) {
	page := htmlPage(t, "check", latin1Game+"\n"+threeGames)
	count := checkHTML(t, page)
	// check: after 4. Qxf7#, the bare position (start), after 6. Qxd7+.
	if n := strings.Count(string(page), `<div class="card">`); n != 3 {
		t.Errorf("%d cards, want 3", n)
	}
	if count["svg"] != 4 || count["section"] != 1 {
		t.Errorf("svg %d (want 3 boards and the definitions), sections %d", count["svg"], count["section"])
	}
	s := string(page)
	for _, want := range []string{
		"A – B 1-0", "Scholar&#39;s mate", // players, result and event (escaped)
		"2. Bc4 Nc6 3. Qh5 Nf6 4. <b>Qxf7#</b>",     // the four half-moves before the match
		"<b>start</b>",                              // the bare position is the start of its game
		`<line x1="7.5" y1="3.5" x2="5.5" y2="1.5"`, // Qh5xf7: h5 to f7 (a8 at the top left)
		`<use href="#Q" x="5" y="1"/>`,              // the queen on f7
		`aria-label="r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4; checkmate"`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	start := htmlPage(t, "initial", latin1Game)
	if n := strings.Count(string(start), `<use href="#`); n != 34 { // 32 pieces, the light squares and the coordinates
		t.Errorf("start position: %d uses, want 34", n)
	}
	if !strings.Contains(string(start), "Réti, Richard – Tartakower 1-0") || !strings.Contains(string(start), "<b>start</b> 1. Nf3 d5 2. g3") {
		t.Errorf("start card:\n%s", start[strings.Index(string(start), `<div class="card">`):])
	}
}

// Thousands of matches are split into pages of HTMLPageSize with a link to each.
func TestHTMLPages(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 250; i++ {
		fmt.Fprintf(&b, "[Event \"%d\"]\n\n1. e4 e5 *\n\n", i+1)
	}
	page := htmlPage(t, "initial", b.String())
	count := checkHTML(t, page)
	if count["section"] != 3 {
		t.Errorf("%d pages for 250 positions, want 3", count["section"])
	}
	s := string(page)
	for _, want := range []string{`id="p1"`, `id="p3"`, `<a href="#p3">3</a>`, "250 positions"} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if m := regexp.MustCompile(`(?s)id="p2">(.*?)</section>`).FindStringSubmatch(s); m == nil || strings.Count(m[1], `class="card"`) != HTMLPageSize {
		t.Errorf("page 2 does not hold %d cards", HTMLPageSize)
	}
}

// In a real browser (Chromium, headless, when installed): the page loads with no network,
// shows the first page's cards, lays out every board at its size and draws the marked
// squares.
func TestHTMLInBrowser(t *testing.T) {
	var browser string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("no Chromium or Chrome on PATH: the browser test of the HTML gallery is skipped (apt-get install chromium runs it)")
	}
	var b strings.Builder
	for i := 0; i < 120; i++ {
		fmt.Fprintf(&b, "[Event \"%d\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n", i+1)
	}
	file := filepath.Join(t.TempDir(), "g.html")
	if err := os.WriteFile(file, htmlPage(t, "mate Q attacks k", b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// A script run after load reports what the browser made of the page.
	probe := `<script>addEventListener("load",()=>{const v=[...document.querySelectorAll(".card")].filter(c=>c.offsetParent!==null);` +
		`const s=v.map(c=>c.querySelector("svg").getBoundingClientRect().width);` +
		`const m=v.flatMap(c=>[...c.querySelectorAll("rect.mark")]).filter(r=>r.getBoundingClientRect().width>20);` +
		`document.body.setAttribute("data-probe",v.length+" "+Math.min(...s)+" "+document.querySelectorAll(".page").length+" "+m.length)})</script>`
	data, _ := os.ReadFile(file)
	os.WriteFile(file, bytes.Replace(data, []byte("</body>"), []byte(probe+"</body>"), 1), 0o644)
	cmd := exec.Command(browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir="+t.TempDir(), "--virtual-time-budget=5000", "--dump-dom", "file://"+file)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", browser, err)
	}
	m := regexp.MustCompile(`data-probe="(\d+) ([\d.]+) (\d+) (\d+)"`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("the page's probe did not run:\n%.2000s", out)
	}
	if string(m[1]) != fmt.Sprint(HTMLPageSize) || string(m[2]) != "240" || string(m[3]) != "2" {
		t.Errorf("visible cards %s (want %d), smallest board %s px (want 240), pages %s (want 2)", m[1], HTMLPageSize, m[2], m[3])
	}
	// Each visible card shows its marked square (the mating queen), about 28 px wide.
	if string(m[4]) != fmt.Sprint(HTMLPageSize) {
		t.Errorf("%s marked squares laid out on the visible cards, want %d", m[4], HTMLPageSize)
	}
}

// The page says what it shows (the query and the inputs, escaped); a card labels a match in
// a variation with the variation's moves, links the game's Site when it is a URL, and
// holds the FEN to copy; a thousand pages list some forty links, each page links to the
// next and the one before.
func TestHTMLPageHeaderAndCard(t *testing.T) {
	games := `[Event "E"]
[Site "https://lichess.org/abc?x=<1>"]
[White "W"]
[Black "B"]
[Result "*"]

1. e4 e5 2. Qh5 (2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#) 2... Nc6 *
`
	opt := Options{Format: "html", HTMLQuery: "cql(variations) mate // <b>", HTMLInputs: []string{"a<b>.pgn"}}
	out, _ := runString(t, compileMarks(t, "cql(variations) mate", true), memFiles(map[string]string{"g.pgn": games}, "g.pgn"), opt)
	checkHTML(t, []byte(out))
	for _, want := range []string{
		"<pre>cql(variations) mate // &lt;b&gt;</pre>", "in a&lt;b&gt;.pgn",
		`<div class="variation">in a variation: 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#</div>`,
		`<a href="https://lichess.org/abc?x=&lt;1&gt;" rel="noopener noreferrer">game</a>`,
		`<input readonly aria-label="FEN" value="r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4">`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	var b strings.Builder
	moves := strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 25) // 50 positions with black to move
	for i := 0; i < 1000*HTMLPageSize/50; i++ {
		b.WriteString("[Event \"x\"]\n\n" + moves + "*\n\n")
	}
	out, _ = runString(t, compileMarks(t, "btm", true), memFiles(map[string]string{"g.pgn": b.String()}, "g.pgn"), Options{Format: "html"})
	nav := out[strings.Index(out, "<nav>"):]
	if n := strings.Count(nav, "<a "); n > 2*maxPageLinks || !strings.Contains(nav, `href="#p1000"`) || !strings.Contains(nav, "in 1000 pages") {
		t.Errorf("%d page links:\n%.600s", n, nav)
	}
	if !strings.Contains(out, `<a href="#p2">next page ›</a>`) || !strings.Contains(out, `<a href="#p999">‹ previous page</a> page 1000`) {
		t.Errorf("pages do not link to their neighbours")
	}
}
