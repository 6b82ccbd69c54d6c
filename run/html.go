package run

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// The html format: one self-contained page (nothing loaded from the network) with a card
// per matched position: an SVG board with coordinates, the side to move, the squares the
// query marked (red), the last move's squares (yellow) and arrow, a king in check (red,
// framed when mated); the game's players, ratings, result, event, year and Site link; the
// moves around the match; a match in a variation labelled with the variation's moves; the
// FEN to copy. The page names the query and its inputs.
//
// Scale: the cards are data, not markup (html_card.go): some 200 bytes a position, where
// drawn boards took 1.5 KB and 32 elements each (41,100 positions: 60 MB, half a minute to
// load). The first page's cards are drawn in Go, so they show at once and without
// JavaScript; the page's script (html.js) draws the page on view from the data, HTMLPageSize
// cards at a time, with a pager of its own (previous, next, a page number to type, the
// number of cards a page, the keys ← and →; the page is in the URL's fragment).

// HTMLPageSize is the number of positions on one page of the gallery.
const HTMLPageSize = 100

// htmlMovesAround is how many half-moves the card shows before and after the match.
const htmlMovesAround = 4

// htmlScript is the page's script: the pager and the cards drawn from the data.
//
//go:embed html.js
var htmlScript string

var htmlHead = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cql matches</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#fafafa;color:#222}
header{padding:8px 12px;background:#fff;border-bottom:1px solid #ccc}
header pre{margin:4px 0;white-space:pre-wrap;font-size:13px;background:#f3f3f0;padding:4px 6px;max-height:12em;overflow:auto}
header .inputs{color:#666;font-size:12px}
.pager{position:sticky;top:0;z-index:1;background:#fff;border-bottom:1px solid #ccc;padding:6px 12px;font-size:13px;display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center}
.pager:empty{display:none}
#pager-end{position:static;border-top:1px solid #ccc}
.pager input{width:5em}
.pager .range{color:#555}
main{padding:12px;display:flex;flex-wrap:wrap;gap:12px}
.card{position:relative;background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px;width:260px;font-size:13px}
.card svg{width:240px;height:auto;display:block;margin:0 auto 6px}
.card .n{position:absolute;right:6px;bottom:4px;color:#999;font-size:11px}
.card .variation{background:#eef3ff;border-left:3px solid #2a6fdb;padding:2px 4px;margin:2px 0}
.card .comment{color:#075;font-style:italic}
.card input{width:100%;box-sizing:border-box;font:11px monospace;border:1px solid #ddd;margin:4px 0 10px;cursor:copy}
.card input.copied{outline:2px solid #2a6fdb}
.card .who{font-weight:600}
.card .moves b{background:#ffe680}
.card .where{color:#666}
.total{margin:0;padding:0 12px 12px;color:#444;font-size:13px}
footer{padding:12px;color:#666;font-size:12px}
</style>
</head>
<body>
` + BoardDefs

// appendHTMLHead appends the document's head, the header naming the query and its inputs
// (when opt gives them), the pager the script fills, and the start of the first page.
func appendHTMLHead(dst []byte, opt Options) []byte {
	dst = append(dst, htmlHead...)
	if opt.HTMLQuery != "" || len(opt.HTMLInputs) > 0 {
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
		dst = append(dst, "</header>\n"...)
	}
	dst = append(dst, `<nav class="pager" id="pager" aria-label="pages"></nav>`+"\n"...)
	dst = append(dst, `<main id="cards" data-page-size="`...)
	dst = strconv.AppendInt(dst, HTMLPageSize, 10)
	return append(dst, "\">\n"...)
}

// htmlPager writes the document around the games' data as they come, in output order: the
// cards of the first page drawn in Go inside <main>, then every game's data (each a JSON
// object from appendHTMLGame) in one array inside <script type="application/json">, which
// the page's script pages through.
type htmlPager struct {
	static  int    // cards drawn in Go: the first page
	games   int    // games in the data
	inData  bool   // the data array is open (the first page is done)
	pending []byte // the data of the first page's games, written once the page is
}

// game appends what the output of one game (its JSON data, for positions matched
// positions) makes of it in the document.
func (p *htmlPager) game(dst []byte, positions int, out []byte) []byte {
	if positions == 0 || len(out) == 0 {
		return dst
	}
	if !p.inData {
		var g htmlGame
		if err := json.Unmarshal(out, &g); err != nil {
			panic(fmt.Sprintf("html gallery: the data of a game: %v", err)) // written by appendHTMLGame
		}
		for k := range g.Pos {
			if p.static >= HTMLPageSize {
				break
			}
			p.static++
			dst = appendCard(dst, p.static, &g, &g.Pos[k])
		}
		p.pending = p.appendData(p.pending, out)
		if p.static >= HTMLPageSize {
			dst = p.openData(dst)
		}
		return dst
	}
	return p.appendData(dst, out)
}

func (p *htmlPager) appendData(dst, out []byte) []byte {
	if p.games > 0 {
		dst = append(dst, ',')
	}
	p.games++
	dst = append(dst, out...)
	return append(dst, '\n')
}

// openData ends the first page and opens the data array with the first page's games.
func (p *htmlPager) openData(dst []byte) []byte {
	p.inData = true
	dst = append(dst, "</main>\n<script type=\"application/json\" id=\"cql-data\">[\n"...)
	dst = append(dst, p.pending...)
	p.pending = nil
	return dst
}

// end closes the data and writes the end of the document: the totals, the page's script.
func (p *htmlPager) end(dst []byte, matches int) []byte {
	if !p.inData {
		dst = p.openData(dst)
	}
	dst = append(dst, "]</script>\n"...)
	dst = append(dst, `<p class="total" id="total">`...)
	if matches == 0 {
		dst = append(dst, "No position matched."...)
	} else {
		dst = appendCount(dst, matches, "position")
		dst = append(dst, " in "...)
		dst = appendCount(dst, p.games, "game")
		dst = append(dst, '.')
		if matches > p.static {
			dst = append(dst, "<noscript> Without JavaScript this page shows the first "...)
			dst = strconv.AppendInt(dst, int64(p.static), 10)
			dst = append(dst, "; its own small script (no network) shows them all, a page at a time.</noscript>"...)
		}
	}
	dst = append(dst, "</p>\n<nav class=\"pager\" id=\"pager-end\" aria-label=\"pages\"></nav>\n"...)
	dst = append(dst, "<footer>Written by cql. Red squares: what the query marked (the values of its filters"+
		" that matched); yellow squares and the arrow: the last move; a red king is in check, framed when mated; the disc"+
		" beside the board: the side to move. Keys: ← and → turn the pages; a click on a FEN copies it.</footer>\n<script>\n"...)
	dst = append(dst, htmlScript...)
	return append(dst, "</script>\n</body>\n</html>\n"...)
}

// appendCount appends n and noun, in the plural unless n is 1 ("41,100 positions").
func appendCount(dst []byte, n int, noun string) []byte {
	s := strconv.Itoa(n)
	for k := range s {
		if k > 0 && (len(s)-k)%3 == 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, s[k])
	}
	dst = append(append(dst, ' '), noun...)
	if n != 1 {
		dst = append(dst, 's')
	}
	return dst
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

// AppendMovesAround appends up to htmlMovesAround half-moves before the match, the move
// that led to it (bold), and as many after, in SAN with move numbers.
func AppendMovesAround(dst []byte, g *pgn.Game, i int32) []byte {
	a := movesAround(g, i)
	dst = append(dst, a[0]...)
	dst = append(append(append(dst, "<b>"...), a[1]...), "</b>"...)
	return append(dst, a[2]...)
}

// movesAround is the text of AppendMovesAround in three: the moves before the match (with
// the match's move number), the match's move ("start" at the start of the game), the moves
// after it (from the space after the match's move).
func movesAround(g *pgn.Game, i int32) [3]string {
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
	var out [3]string
	var dst []byte
	if i == 0 {
		out[1] = "start"
		dst = append(dst, ' ')
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
			out[0] = string(dst)
			dst = parent.AppendSANTo(dst[:0], nd.Move, &nd.Pos)
			out[1] = string(dst)
			dst = dst[:0]
		} else {
			dst = parent.AppendSANTo(dst, nd.Move, &nd.Pos)
		}
		dst = append(dst, ' ')
	}
	out[2] = string(dst)
	return out
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
