package run

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/pgn"
)

// The cards of the html gallery as data: a worker writes each matching game as one JSON
// object (htmlGame) with its matched positions (htmlPos); the page's script draws the
// cards of the page on view from them, and the writer draws the first page's cards in Go
// (appendCard) so that they show before the script runs, and without it. A card is some
// 200 bytes of data instead of 1.5 KB of markup.

// htmlGame is what the cards of one game show of it.
type htmlGame struct {
	White    string    `json:"w"`
	WhiteElo string    `json:"we,omitempty"`
	Black    string    `json:"b"`
	BlackElo string    `json:"be,omitempty"`
	Result   string    `json:"r"`
	Event    string    `json:"e"`
	Year     string    `json:"y,omitempty"`
	Number   int       `json:"n"`
	File     string    `json:"f"`
	Site     string    `json:"s,omitempty"` // only an http(s) URL
	Pos      []htmlPos `json:"p"`
}

// htmlPos is one matched position.
type htmlPos struct {
	FEN string `json:"f"`
	// Marked is the squares the query marked, by name in square order ("f7 h8").
	Marked string `json:"k,omitempty"`
	// Move is the last move's squares, from and to ("h5f7"; a castling king's), "" at the
	// start of a game.
	Move string `json:"m,omitempty"`
	// Check is 1 when the side to move is in check, 2 when it is mated.
	Check int `json:"c,omitempty"`
	// Around is the moves around the match: before it, the match's own (bold), after it.
	Around [3]string `json:"a"`
	// Variation is the moves of the variation the position lies in ("" on the main line).
	Variation string `json:"v,omitempty"`
	// Comments are the texts the query's comment filters gave the position.
	Comments []string `json:"t,omitempty"`
}

// newHTMLGame is the data of g's cards at matches, with the squares ev marked there.
func newHTMLGame(g *pgn.Game, matches []int32, ev *filter.Evaluator) htmlGame {
	tag := func(name string) string { return pgn.TextUTF8(g.Tag(name)) }
	hg := htmlGame{White: orUnknown(tag("White")), WhiteElo: tag("WhiteElo"), Black: orUnknown(tag("Black")),
		BlackElo: tag("BlackElo"), Result: pgn.TextUTF8(gameResult(g)), Event: orUnknown(tag("Event")),
		Number: g.Number, File: pgn.TextUTF8(g.File), Pos: make([]htmlPos, 0, len(matches))}
	if d := g.Tag("Date"); len(d) >= 4 && isDigits(d[:4]) {
		hg.Year = d[:4]
	}
	if site := tag("Site"); strings.HasPrefix(site, "https://") || strings.HasPrefix(site, "http://") {
		hg.Site = site
	}
	var buf []byte
	for _, i := range matches {
		n := &g.Nodes[i]
		p := htmlPos{FEN: n.Pos.FEN(), Variation: VariationMoves(g, i)}
		buf = buf[:0]
		for m := ev.Marked(i); m != 0; {
			if len(buf) > 0 {
				buf = append(buf, ' ')
			}
			buf = appendSquare(buf, m.PopFirst())
		}
		p.Marked = string(buf)
		if n.Parent >= 0 {
			to := n.Move.To()
			if n.Move.IsCastle() {
				to = n.Move.KingTo()
			}
			p.Move = string(appendSquare(appendSquare(nil, n.Move.From()), to))
		}
		if n.Pos.IsCheckmate() {
			p.Check = 2
		} else if n.Pos.InCheck() {
			p.Check = 1
		}
		p.Around = movesAround(g, i)
		for _, a := range ev.Annotations() {
			if a.Node == i && !a.Message {
				p.Comments = append(p.Comments, pgn.TextUTF8(a.Text))
			}
		}
		hg.Pos = append(hg.Pos, p)
	}
	return hg
}

// appendHTMLGame appends g's cards' data at matches as one JSON object (with <, > and &
// escaped, so that it can stand inside a <script> element).
func appendHTMLGame(dst []byte, g *pgn.Game, matches []int32, ev *filter.Evaluator) []byte {
	b, err := json.Marshal(newHTMLGame(g, matches, ev))
	if err != nil { // strings and numbers only: cannot fail
		panic(fmt.Sprintf("html gallery data: %v", err))
	}
	return append(dst, b...)
}

// appendCard appends the card of position p of game g, the n-th of the gallery: the markup
// the page's script (html.js, cardHTML) writes for the same data.
func appendCard(dst []byte, n int, g *htmlGame, p *htmlPos) []byte {
	dst = append(dst, `<div class="card"><span class="n">#`...)
	dst = strconv.AppendInt(dst, int64(n), 10)
	dst = append(dst, `</span>`...)
	pos, err := chess.ParseFEN(p.FEN)
	if err != nil { // written by AppendFEN: cannot fail
		panic(fmt.Sprintf("html gallery: FEN %q: %v", p.FEN, err))
	}
	var marked chess.Bitboard
	for _, name := range strings.Fields(p.Marked) {
		if s, ok := chess.ParseSquare(name); ok {
			marked |= chess.SquareBB(s)
		}
	}
	from, to := chess.NoSquare, chess.NoSquare
	if len(p.Move) == 4 {
		from, _ = chess.ParseSquare(p.Move[:2])
		to, _ = chess.ParseSquare(p.Move[2:])
	}
	dst = appendBoard(dst, &pos, marked, from, to, true)
	dst = append(dst, "\n<div class=\"who\">"...)
	dst = appendHTMLText(dst, g.White)
	if g.WhiteElo != "" {
		dst = appendHTMLText(append(dst, " ("...), g.WhiteElo)
		dst = append(dst, ')')
	}
	dst = append(dst, " – "...)
	dst = appendHTMLText(dst, g.Black)
	if g.BlackElo != "" {
		dst = appendHTMLText(append(dst, " ("...), g.BlackElo)
		dst = append(dst, ')')
	}
	dst = append(dst, " "...)
	dst = appendHTMLText(dst, g.Result)
	dst = append(dst, "</div>\n<div class=\"where\">"...)
	dst = appendHTMLText(dst, g.Event)
	if g.Year != "" {
		dst = append(dst, ", "...)
		dst = append(dst, g.Year...)
	}
	dst = append(dst, " · game "...)
	dst = strconv.AppendInt(dst, int64(g.Number), 10)
	dst = append(dst, " of "...)
	dst = appendHTMLText(dst, g.File)
	if g.Site != "" {
		dst = append(dst, ` · <a href="`...)
		dst = appendHTMLText(dst, g.Site)
		dst = append(dst, `" rel="noopener noreferrer">game</a>`...)
	}
	dst = append(dst, "</div>\n"...)
	if p.Variation != "" {
		dst = append(dst, `<div class="variation">in a variation: `...)
		dst = appendHTMLText(dst, p.Variation)
		dst = append(dst, "</div>\n"...)
	}
	dst = append(dst, "<div class=\"moves\">"...)
	dst = appendHTMLText(dst, p.Around[0])
	dst = appendHTMLText(append(dst, "<b>"...), p.Around[1])
	dst = appendHTMLText(append(dst, "</b>"...), p.Around[2])
	dst = append(dst, "</div>\n"...)
	for _, c := range p.Comments {
		dst = appendHTMLText(append(dst, `<div class="comment">`...), c)
		dst = append(dst, "</div>\n"...)
	}
	dst = append(dst, `<input readonly aria-label="FEN" title="FEN (click to copy)" value="`...)
	dst = append(dst, p.FEN...)
	return append(dst, "\">\n</div>\n"...)
}
