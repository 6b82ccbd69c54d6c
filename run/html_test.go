package run

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/pgn"
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

// mainOf is the <main> element of page, which holds the cards drawn in Go (the page's
// script holds their markup too).
func mainOf(page []byte) string {
	s := string(page)
	a, b := strings.Index(s, "<main"), strings.Index(s, "</main>")
	if a < 0 || b < a {
		return ""
	}
	return s[a:b]
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
	full := htmlPage(t, "mate Q attacks k", threeGames)
	checkHTML(t, full)
	page := mainOf(full)
	if n := strings.Count(page, `<rect class="mark"`); n != 1 {
		t.Errorf("%d marked squares, want 1", n)
	}
	for _, want := range []string{`<rect class="mark" x="5" y="1"`, `PPPP1PPP/RNB1K1NR b KQkq - 0 4; marked f7; checkmate"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if page := mainOf(htmlPage(t, "mate", threeGames)); strings.Contains(page, `class="mark"`) || strings.Contains(page, "; marked") {
		t.Errorf("mate marks squares")
	}
}

// The gallery is valid, has one card and one board per matched position, draws the 32
// pieces of the start position, and marks the last move.
func TestHTMLGallery(t *testing.T) {
	page := htmlPage(t, "check", latin1Game+"\n"+threeGames)
	count := checkHTML(t, page)
	// check: after 4. Qxf7#, the bare position (start), after 6. Qxd7+.
	if n := strings.Count(mainOf(page), `<div class="card">`); n != 3 {
		t.Errorf("%d cards, want 3", n)
	}
	if count["svg"] != 4 {
		t.Errorf("svg %d (want 3 boards and the definitions)", count["svg"])
	}
	s := string(page)
	for _, want := range []string{
		"A – B 1-0", "Scholar&#39;s mate", // players, result and event (escaped)
		"2. Bc4 Nc6 3. Qh5 Nf6 4. <b>Qxf7#</b>",     // the four half-moves before the match
		"<b>start</b>",                              // the bare position is the start of its game
		`<line x1="7.5" y1="3.5" x2="5.5" y2="1.5"`, // Qh5xf7: h5 to f7 (a8 at the top left)
		// White's 16 pieces from a1 on: the rank 1 pieces, seven pawns, Bc4, e4, the queen on f7 (last).
		`<text class="pw" fill="#fff" x="0.5 1.5 2.5 4.5 6.5 7.5 0.5 1.5 2.5 3.5 5.5 6.5 7.5 2.5 4.5 5.5" y="7.84 7.84 7.84 7.84 7.84 7.84 6.84 6.84 6.84 6.84 6.84 6.84 6.84 4.84 4.84 1.84">♜♞♝♚♞♜♟♟♟♟♟♟♟♝♟♛</text>`,
		// Black's 15 from a1 on: the pawn on e5, the knights on c6 and f6, six pawns, the eighth rank.
		`<text class="pb" fill="#000" x="4.5 2.5 5.5 0.5 1.5 2.5 3.5 6.5 7.5 0.5 2.5 3.5 4.5 5.5 7.5" y="3.84 2.84 2.84 1.84 1.84 1.84 1.84 1.84 1.84 0.84 0.84 0.84 0.84 0.84 0.84">♟♞♞♟♟♟♟♟♟♜♝♛♚♝♜</text>`,
		`aria-label="r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4; checkmate"`,
		`<rect class="mate" x="4" y="0"`, // the mated king on e8 is framed
		`<circle class="tomove b"`,       // black to move
		"3 positions in 3 games.",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	start := htmlPage(t, "initial", latin1Game)
	for _, want := range []string{
		`<use href="#light"/>`, `<use href="#coords"/>`,
		`<text class="pw" fill="#fff" x="0.5 1.5 2.5 3.5 4.5 5.5 6.5 7.5 0.5 1.5 2.5 3.5 4.5 5.5 6.5 7.5" y="7.84 7.84 7.84 7.84 7.84 7.84 7.84 7.84 6.84 6.84 6.84 6.84 6.84 6.84 6.84 6.84">♜♞♝♛♚♝♞♜♟♟♟♟♟♟♟♟</text>`,
		`<text class="pb" fill="#000" x="0.5 1.5 2.5 3.5 4.5 5.5 6.5 7.5 0.5 1.5 2.5 3.5 4.5 5.5 6.5 7.5" y="1.84 1.84 1.84 1.84 1.84 1.84 1.84 1.84 0.84 0.84 0.84 0.84 0.84 0.84 0.84 0.84">♟♟♟♟♟♟♟♟♜♞♝♛♚♝♞♜</text>`,
	} {
		if !strings.Contains(mainOf(start), want) {
			t.Errorf("start position lacks %s", want)
		}
	}
	if n := strings.Count(mainOf(start), `<use href="#`); n != 2 { // the light squares and the coordinates
		t.Errorf("start position: %d uses, want 2", n)
	}
	if !strings.Contains(string(start), "Réti, Richard – Tartakower 1-0") || !strings.Contains(string(start), "<b>start</b> 1. Nf3 d5 2. g3") {
		t.Errorf("start card:\n%s", start[strings.Index(string(start), `<div class="card">`):])
	}
}

// galleryData is the data of a page's cards, parsed.
func galleryData(t *testing.T, page []byte) []htmlGame {
	t.Helper()
	s := string(page)
	open := `<script type="application/json" id="cql-data">`
	a := strings.Index(s, open)
	b := strings.Index(s, "]</script>")
	if a < 0 || b < a {
		t.Fatalf("the page holds no data")
	}
	var games []htmlGame
	if err := json.Unmarshal([]byte(s[a+len(open):b+1]), &games); err != nil {
		t.Fatalf("the page's data: %v", err)
	}
	return games
}

// Past the first page, positions are data: the first HTMLPageSize are drawn as cards (and
// are in the data too), every position is in the data in output order, and without a
// script the page says it shows only the first page.
func TestHTMLPages(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 250; i++ {
		fmt.Fprintf(&b, "[Event \"%d\"]\n\n1. e4 e5 *\n\n", i+1)
	}
	page := htmlPage(t, "initial", b.String())
	checkHTML(t, page)
	s := string(page)
	main := mainOf(page)
	if n := strings.Count(main, `<div class="card">`); n != HTMLPageSize {
		t.Errorf("%d cards drawn, want %d", n, HTMLPageSize)
	}
	if !strings.Contains(main, `<span class="n">#100</span>`) || !strings.Contains(main, "1 · game 1 of g.pgn") || !strings.Contains(main, "100 · game 100 of g.pgn") {
		t.Errorf("the first page is not positions 1 to 100")
	}
	games := galleryData(t, page)
	if len(games) != 250 {
		t.Fatalf("%d games in the data, want 250", len(games))
	}
	for i, g := range games {
		if g.Event != fmt.Sprint(i+1) || g.Number != i+1 || len(g.Pos) != 1 || g.Pos[0].FEN != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" ||
			g.Pos[0].Around != [3]string{"", "start", " 1. e4 e5 "} {
			t.Fatalf("game %d in the data: %+v", i+1, g)
		}
	}
	for _, want := range []string{"250 positions in 250 games.", "Without JavaScript this page shows the first 100;", `<main id="cards" data-page-size="100">`} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(s, `<a href="#p`) || strings.Contains(s, "<section") {
		t.Errorf("the page still has page sections or links")
	}
	few := string(htmlPage(t, "mate", threeGames))
	if strings.Contains(few, "<noscript>") || !strings.Contains(few, "1 position in 1 game.") {
		t.Errorf("one position: %s", few[strings.Index(few, `<p class="total"`):])
	}
	none := htmlPage(t, "wtm btm", threeGames)
	checkHTML(t, none)
	if !strings.Contains(string(none), "No position matched.") || len(galleryData(t, none)) != 0 {
		t.Errorf("no position: %s", none[bytes.Index(none, []byte(`<p class="total"`)):])
	}
}

// The page says what it shows (the query and the inputs, escaped); a card labels a match in
// a variation with the variation's moves, apart from the moves around it, links the game's
// Site when it is a URL, holds the FEN to copy and the texts the query's comments gave
// the position; markup in a tag value or a comment is text, in the cards and in the data.
func TestHTMLPageHeaderAndCard(t *testing.T) {
	games := `[Event "E"]
[Site "https://lichess.org/abc?x=<1>"]
[White "<b>W</b>"]
[Black "B</script><script>alert(1)</script>"]
[Result "*"]

1. e4 e5 2. Qh5 (2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#) 2... Nc6 *
`
	query := `cql(variations) mate comment("<i>c</i>")`
	opt := Options{Format: "html", HTMLQuery: query + " // <b>", HTMLInputs: []string{"a<b>.pgn"}}
	out, _ := runString(t, compileMarks(t, query, true), memFiles(map[string]string{"g.pgn": games}, "g.pgn"), opt)
	checkHTML(t, []byte(out))
	for _, want := range []string{
		"<pre>cql(variations) mate comment(&#34;&lt;i&gt;c&lt;/i&gt;&#34;) // &lt;b&gt;</pre>", "in a&lt;b&gt;.pgn",
		`<div class="variation">in a variation: 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#</div>`,
		`<div class="moves">2. Bc4 Nc6 3. Qh5 Nf6 4. <b>Qxf7#</b> </div>`,
		`<a href="https://lichess.org/abc?x=&lt;1&gt;" rel="noopener noreferrer">game</a>`,
		`<input readonly aria-label="FEN" title="FEN (click to copy)" value="r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4">`,
		`&lt;b&gt;W&lt;/b&gt; – B&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; *`,
		`<div class="comment">&lt;i&gt;c&lt;/i&gt;</div>`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	data := out[strings.Index(out, `id="cql-data">`)+len(`id="cql-data">`):]
	data = data[:strings.Index(data, "]</script>")]
	if strings.ContainsAny(data, "<>") {
		t.Errorf("the data holds < or >: %s", data)
	}
	g := galleryData(t, []byte(out))
	if len(g) != 1 || g[0].White != "<b>W</b>" || g[0].Site != "https://lichess.org/abc?x=<1>" || len(g[0].Pos) != 1 ||
		g[0].Pos[0].Variation != "2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#" || g[0].Pos[0].Check != 2 || g[0].Pos[0].Move != "h5f7" ||
		len(g[0].Pos[0].Comments) != 1 || g[0].Pos[0].Comments[0] != "<i>c</i>" {
		t.Errorf("data: %+v", g)
	}
	// A Site that is not a URL is no link.
	out, _ = runString(t, compileMarks(t, "mate", true), memFiles(map[string]string{"g.pgn": strings.Replace(threeGames, "[Event", "[Site \"javascript:alert(1)\"]\n[Event", 1)}, "g.pgn"), Options{Format: "html"})
	if strings.Contains(out, "javascript:") && strings.Contains(out, `rel="noopener`) {
		t.Errorf("a Site that is not an http(s) URL is linked")
	}
}

// The moves around a match, in three, are AppendMovesAround's text (cql serve's) around
// the bold move.
func TestMovesAroundParts(t *testing.T) {
	g := parseOne(t, threeGames)
	for i := range g.Nodes {
		a := movesAround(g, int32(i))
		if got, want := a[0]+"<b>"+a[1]+"</b>"+a[2], string(AppendMovesAround(nil, g, int32(i))); got != want {
			t.Errorf("node %d: %q, AppendMovesAround %q", i, got, want)
		}
	}
	if a := movesAround(g, 7); a != [3]string{"2. Bc4 Nc6 3. Qh5 Nf6 4. ", "Qxf7#", " "} {
		t.Errorf("after 4. Qxf7#: %q", a)
	}
}

func parseOne(t *testing.T, text string) *pgn.Game {
	t.Helper()
	games, err := pgn.ReadAll(strings.NewReader(text), "g.pgn", pgn.Options{})
	if err != nil || len(games) == 0 {
		t.Fatalf("%d games: %v", len(games), err)
	}
	return games[0]
}
