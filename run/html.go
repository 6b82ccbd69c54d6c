package run

import (
	"html"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// The html format: one self-contained page (no script, no network) with a card per matched
// position: an SVG board with the squares the query marked (red), the last move's squares
// (yellow) and arrow, the game's players, event
// and year, and the moves around the match. The cards are split into pages of HTMLPageSize
// shown one at a time with CSS :target, so thousands of matches stay usable. Each board
// draws its pieces and coordinates with <use> of definitions the page holds once.

// HTMLPageSize is the number of positions on one page of the gallery.
const HTMLPageSize = 100

// htmlMovesAround is how many half-moves the card shows before and after the match.
const htmlMovesAround = 4

var htmlHead = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cql matches</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;display:flex;flex-direction:column;background:#fafafa;color:#222}
header{padding:8px 12px;background:#fff;border-bottom:1px solid #ccc}
header pre{margin:4px 0;white-space:pre-wrap;font-size:13px;background:#f3f3f0;padding:4px 6px}
header .inputs{color:#666;font-size:12px}
nav{order:-1;background:#fff;border-bottom:1px solid #ccc;padding:6px 12px;font-size:13px}
nav a{margin-right:6px}
.pager{width:100%;font-size:13px}
.pager a{margin-right:12px}
main{padding:12px}
.page{display:none;flex-wrap:wrap;gap:12px}
.page:first-of-type{display:flex}
main:has(.page:target) .page{display:none}
main:has(.page:target) .page:target{display:flex}
.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px;width:260px;font-size:13px}
.card svg{width:240px;height:auto;display:block;margin:0 auto 6px}
.card .variation{background:#eef3ff;border-left:3px solid #2a6fdb;padding:2px 4px;margin:2px 0}
.card input{width:100%;font:11px monospace;border:1px solid #ddd;margin-top:4px}
.card .who{font-weight:600}
.card .moves b{background:#ffe680}
.card .where{color:#666}
footer{padding:12px;color:#666;font-size:12px}
</style>
</head>
<body>
` + BoardDefs

// lightSquares is the path of the 32 light squares of a board drawn with a8 at the top left.
var lightSquares = func() string {
	var b strings.Builder
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			if (r+f)%2 == 0 {
				b.WriteString("M" + strconv.Itoa(f) + "," + strconv.Itoa(r) + "h1v1h-1z")
			}
		}
	}
	return b.String()
}()

// pieceSymbols draws each piece as its chess glyph: the solid glyph for both colours,
// filled white or black with an outline, so the two sides look alike in every font.
var pieceSymbols = func() string {
	glyphs := map[byte]string{'K': "♚", 'Q': "♛", 'R': "♜", 'B': "♝", 'N': "♞", 'P': "♟"}
	var b strings.Builder
	for _, c := range "KQRBNPkqrbnp" {
		fill, stroke := "#fff", "#000"
		if c >= 'a' {
			fill, stroke = "#000", "#000"
		}
		up := byte(c)
		if up >= 'a' {
			up -= 'a' - 'A'
		}
		// A group drawn in the unit square at the origin: <use x y> puts it on its square.
		b.WriteString(`<g id="` + string(c) + `"><text x=".5" y=".84" font-size=".86" text-anchor="middle" ` +
			`font-family="DejaVu Sans,Segoe UI Symbol,Noto Sans Symbols2,Apple Symbols,serif" fill="` + fill +
			`" stroke="` + stroke + `" stroke-width=".025">` + glyphs[up] + "</text></g>\n")
	}
	return b.String()
}()

// appendHTMLHead appends the document's head and the header naming the query and its
// inputs (when opt gives them).
func appendHTMLHead(dst []byte, opt Options) []byte {
	dst = append(dst, htmlHead...)
	if opt.HTMLQuery == "" && len(opt.HTMLInputs) == 0 {
		return append(dst, "<main>\n"...)
	}
	dst = append(dst, "<header>"...)
	if opt.HTMLQuery != "" {
		dst = append(dst, "<div>Positions matching</div><pre>"...)
		dst = appendHTMLText(dst, strings.TrimRight(opt.HTMLQuery, "\n"))
		dst = append(dst, "</pre>"...)
	}
	if len(opt.HTMLInputs) > 0 {
		dst = append(dst, `<div class="inputs">in `...)
		for k, in := range opt.HTMLInputs {
			if k > 0 {
				dst = append(dst, ", "...)
			}
			dst = appendHTMLText(dst, in)
		}
		dst = append(dst, "</div>"...)
	}
	return append(dst, "</header>\n<main>\n"...)
}

// htmlPager writes the page sections around the cards as they come, in output order.
type htmlPager struct {
	cards, pages int
}

// start appends what goes before the next game's n cards: a new page when the current one
// is full, with links to the pages before and after it.
func (p *htmlPager) start(dst []byte, n int) []byte {
	if p.pages == 0 || p.cards >= HTMLPageSize {
		if p.pages > 0 {
			dst = append(dst, `<div class="pager"><a href="#p`...)
			dst = strconv.AppendInt(dst, int64(p.pages+1), 10)
			dst = append(dst, "\">next page ›</a></div>\n</section>\n"...)
		}
		p.pages++
		p.cards = 0
		dst = append(dst, `<section class="page" id="p`...)
		dst = strconv.AppendInt(dst, int64(p.pages), 10)
		dst = append(dst, "\">\n"...)
		if p.pages > 1 {
			dst = append(dst, `<div class="pager"><a href="#p`...)
			dst = strconv.AppendInt(dst, int64(p.pages-1), 10)
			dst = append(dst, `">‹ previous page</a> page `...)
			dst = strconv.AppendInt(dst, int64(p.pages), 10)
			dst = append(dst, "</div>\n"...)
		}
	}
	p.cards += n
	return dst
}

// maxPageLinks bounds the links of the page list: beyond it, pages 1 to 10, every step-th
// and the last are listed (each page links to the next and the previous one).
const maxPageLinks = 40

// end closes the last page and writes the page links and the end of the document.
func (p *htmlPager) end(dst []byte, matches int) []byte {
	if p.pages > 0 {
		dst = append(dst, "</section>\n"...)
	}
	dst = append(dst, "</main>\n<nav>"...)
	dst = strconv.AppendInt(dst, int64(matches), 10)
	dst = append(dst, " position"...)
	if matches != 1 {
		dst = append(dst, 's')
	}
	if p.pages > 1 {
		dst = append(dst, " in "...)
		dst = strconv.AppendInt(dst, int64(p.pages), 10)
		dst = append(dst, " pages:"...)
	}
	step := 1
	for p.pages/step > maxPageLinks {
		step *= 10
	}
	for i := 1; i <= p.pages && p.pages > 1; i++ {
		if step > 1 && i > 10 && i%step != 0 && i != p.pages {
			continue
		}
		dst = append(dst, ` <a href="#p`...)
		dst = strconv.AppendInt(dst, int64(i), 10)
		dst = append(dst, `">`...)
		dst = strconv.AppendInt(dst, int64(i), 10)
		dst = append(dst, "</a>"...)
	}
	dst = append(dst, "</nav>\n<footer>Written by cql. Pages of "...)
	dst = strconv.AppendInt(dst, HTMLPageSize, 10)
	return append(dst, " positions; no script, no network. Red squares: what the query marked (the values of its filters"+
		" that matched); yellow squares and the arrow: the last move; a red king is in check, framed when mated; the disc"+
		" beside the board: the side to move.</footer>\n</body>\n</html>\n"...)
}

// AppendHTMLCard appends the card of node i of g, with the squares the query marked
// there (filter.Evaluator.Marked) highlighted.
func AppendHTMLCard(dst []byte, g *pgn.Game, i int32, marked chess.Bitboard) []byte {
	n := &g.Nodes[i]
	dst = append(dst, `<div class="card">`...)
	bd := Board{Marked: marked, Coordinates: true}
	if n.Parent >= 0 {
		bd.Move = n.Move
	}
	dst = AppendBoardSVG(dst, &n.Pos, bd)
	dst = append(dst, "\n<div class=\"who\">"...)
	dst = appendHTMLText(dst, orUnknown(g.Tag("White")))
	if e := g.Tag("WhiteElo"); e != "" {
		dst = appendHTMLText(append(dst, " ("...), e)
		dst = append(dst, ')')
	}
	dst = append(dst, " – "...)
	dst = appendHTMLText(dst, orUnknown(g.Tag("Black")))
	if e := g.Tag("BlackElo"); e != "" {
		dst = appendHTMLText(append(dst, " ("...), e)
		dst = append(dst, ')')
	}
	dst = append(dst, " "...)
	dst = appendHTMLText(dst, gameResult(g))
	dst = append(dst, "</div>\n<div class=\"where\">"...)
	dst = appendHTMLText(dst, orUnknown(g.Tag("Event")))
	if d := g.Tag("Date"); len(d) >= 4 && isDigits(d[:4]) {
		dst = append(dst, ", "...)
		dst = append(dst, d[:4]...)
	}
	dst = append(dst, " · game "...)
	dst = strconv.AppendInt(dst, int64(g.Number), 10)
	dst = append(dst, " of "...)
	dst = appendHTMLText(dst, g.File)
	if site := g.Tag("Site"); strings.HasPrefix(site, "https://") || strings.HasPrefix(site, "http://") {
		dst = append(dst, ` · <a href="`...)
		dst = appendHTMLText(dst, site)
		dst = append(dst, `" rel="noopener noreferrer">game</a>`...)
	}
	dst = append(dst, "</div>\n"...)
	if v := VariationMoves(g, i); v != "" {
		dst = append(dst, `<div class="variation">in a variation: `...)
		dst = append(dst, v...)
		dst = append(dst, "</div>\n"...)
	}
	dst = append(dst, "<div class=\"moves\">"...)
	dst = AppendMovesAround(dst, g, i)
	dst = append(dst, `</div><input readonly aria-label="FEN" value="`...)
	dst = n.Pos.AppendFEN(dst)
	dst = append(dst, `">`...)
	return append(dst, "</div>\n"...)
}

func appendHalf(dst []byte, c int) []byte {
	dst = strconv.AppendInt(dst, int64(c), 10)
	return append(dst, ".5"...)
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// appendMovesAround appends up to htmlMovesAround half-moves before the match, the move
// that led to it (bold), and as many after, in SAN with move numbers.
func AppendMovesAround(dst []byte, g *pgn.Game, i int32) []byte {
	// Back along the parents (i and up to htmlMovesAround before it), then forward
	// along the main continuation.
	var line [2*htmlMovesAround + 1]int32
	k := 0
	for n := i; n > 0 && k <= htmlMovesAround; n = g.Nodes[n].Parent {
		line[k] = n
		k++
	}
	for a, b := 0, k-1; a < b; a, b = a+1, b-1 {
		line[a], line[b] = line[b], line[a]
	}
	for c := g.Nodes[i].FirstChild; c >= 0 && k < len(line); c = g.Nodes[c].FirstChild {
		line[k] = c
		k++
	}
	if i == 0 {
		dst = append(dst, "<b>start</b> "...)
	}
	first := true
	for _, n := range line[:k] {
		nd := &g.Nodes[n]
		if nd.Parent < 0 {
			continue
		}
		parent := &g.Nodes[nd.Parent].Pos
		white := parent.SideToMove() == chess.White
		if white || first {
			dst = strconv.AppendInt(dst, int64(parent.FullmoveNumber()), 10)
			if white {
				dst = append(dst, ". "...)
			} else {
				dst = append(dst, "... "...)
			}
		}
		first = false
		if n == i {
			dst = append(dst, "<b>"...)
		}
		dst = parent.AppendSANTo(dst, nd.Move, &nd.Pos)
		if n == i {
			dst = append(dst, "</b>"...)
		}
		dst = append(dst, ' ')
	}
	return dst
}

// appendHTMLText appends s escaped as html.EscapeString does, as UTF-8 (Latin-1 decoded).
func appendHTMLText(dst []byte, s string) []byte {
	start := len(dst)
	dst = pgn.AppendUTF8(dst, s)
	if !strings.ContainsAny(string(dst[start:]), `<>&'"`) {
		return dst
	}
	esc := html.EscapeString(string(dst[start:]))
	return append(dst[:start], esc...)
}

// VariationMoves is the moves of the variation node i of g lies in, from the move where it
// leaves the main line to i, in SAN with move numbers ("12... Nf6 13. Qh5"); "" when i is
// on the main line.
func VariationMoves(g *pgn.Game, i int32) string {
	if !g.Nodes[i].Variation {
		return ""
	}
	var line []int32
	for n := i; n > 0 && g.Nodes[n].Variation; n = g.Nodes[n].Parent {
		line = append(line, n)
	}
	var dst []byte
	for k := len(line) - 1; k >= 0; k-- {
		nd := &g.Nodes[line[k]]
		parent := &g.Nodes[nd.Parent].Pos
		white := parent.SideToMove() == chess.White
		if white || k == len(line)-1 {
			dst = strconv.AppendInt(dst, int64(parent.FullmoveNumber()), 10)
			if white {
				dst = append(dst, ". "...)
			} else {
				dst = append(dst, "... "...)
			}
		}
		dst = parent.AppendSANTo(dst, nd.Move, &nd.Pos)
		if k > 0 {
			dst = append(dst, ' ')
		}
	}
	return string(dst)
}
