package run

import (
	"strconv"

	"github.com/cqlgo/cql/chess"
)

// The SVG board shared by the html format and cql serve. A board is drawn with <use> of
// the definitions in BoardDefs (the light squares, the pieces, the coordinates, the arrow
// head), which a page
// holds once: a board is then near 1 KB. a8 is at the top left; the strip right of the
// board shows the side to move (a white or black disc, at that side's edge).

// BoardDefs is the hidden SVG element defining what boards use: a page includes it once,
// before its first board.
var BoardDefs = `<svg width="0" height="0" style="position:absolute" aria-hidden="true">
<defs>
<path id="light" fill="#f0d9b5" d="` + lightSquares + `"/>
<marker id="head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="2.5" markerHeight="2.5" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#2a6fdb"/></marker>
` + pieceSymbols + boardCoordinates + `</defs>
</svg>
`

// Board says what a board shows besides the position.
type Board struct {
	// Marked are the squares the query marked (filter.Evaluator.Marked): a red frame.
	Marked chess.Bitboard
	// Move is the move that led to the position (chess.NoMove: none): its squares are
	// tinted and an arrow joins them.
	Move chess.Move
	// Coordinates draws the files and ranks inside the edge squares.
	Coordinates bool
}

// boardWidth is the width of a board's view box: the 8 squares and the side-to-move strip.
const boardWidth = "8.36"

// AppendBoardSVG appends an <svg> element drawing p as b says. Its aria-label is the FEN
// (and the marked squares), so the board reads as text too. A king in check is tinted;
// a mated king is framed as well.
func AppendBoardSVG(dst []byte, p *chess.Position, b Board) []byte {
	from, to := chess.NoSquare, chess.NoSquare
	if b.Move != chess.NoMove {
		from, to = b.Move.From(), b.Move.To()
		if b.Move.IsCastle() {
			to = b.Move.KingTo()
		}
	}
	return appendBoard(dst, p, b.Marked, from, to, b.Coordinates)
}

// appendBoard is AppendBoardSVG with the last move given by its squares (chess.NoSquare:
// none); a castling move goes from the king's square to where the king lands. The html
// gallery's script (html.js, drawBoard) writes the same markup from the same facts.
func appendBoard(dst []byte, p *chess.Position, marked chess.Bitboard, from, to chess.Square, coordinates bool) []byte {
	b := Board{Marked: marked, Coordinates: coordinates}
	dst = append(dst, `<svg class="board" viewBox="0 0 `+boardWidth+` 8" role="img" aria-label="`...)
	dst = p.AppendFEN(dst)
	if b.Marked != 0 {
		dst = append(dst, `; marked`...)
		for m := b.Marked; m != 0; {
			dst = appendSquare(append(dst, ' '), m.PopFirst())
		}
	}
	mate := p.IsCheckmate()
	if mate {
		dst = append(dst, `; checkmate`...)
	}
	dst = append(dst, `"><rect width="8" height="8" fill="#b58863"/><use href="#light"/>`...)
	if from != chess.NoSquare {
		for _, s := range [2]chess.Square{from, to} {
			dst = appendRect(dst, s, `" width="1" height="1" fill="#f7ec5a" opacity=".55"/>`)
		}
	}
	if p.InCheck() {
		k := p.King(p.SideToMove())
		dst = appendRect(dst, k, `" width="1" height="1" fill="#ff3b30" opacity=".55"/>`)
		if mate {
			dst = append(dst, `<rect class="mate" x="`...)
			dst = strconv.AppendInt(dst, int64(k.File()), 10)
			dst = append(dst, `" y="`...)
			dst = strconv.AppendInt(dst, int64(7-k.Rank()), 10)
			dst = append(dst, `" width=".86" height=".86" transform="translate(.07 .07)" fill="none" stroke="#7a0010" stroke-width=".14"/>`...)
		}
	}
	// The marked squares: a red tint under the pieces and a frame, visible on both colours
	// of square and over the last move's yellow.
	for m := b.Marked; m != 0; {
		s := m.PopFirst()
		dst = append(dst, `<rect class="mark" x="`...)
		dst = strconv.AppendInt(dst, int64(s.File()), 10)
		dst = append(dst, `" y="`...)
		dst = strconv.AppendInt(dst, int64(7-s.Rank()), 10)
		dst = append(dst, `" width=".92" height=".92" transform="translate(.04 .04)" fill="#e8483f" fill-opacity=".45" stroke="#b3171c" stroke-width=".08"/>`...)
	}
	if b.Coordinates {
		dst = appendCoordinates(dst)
	}
	for s := chess.Square(0); s < 64; s++ {
		pc := p.PieceAt(s)
		if pc == chess.NoPiece {
			continue
		}
		dst = append(dst, `<use href="#`...)
		dst = append(dst, pc.Letter())
		dst = append(dst, `" x="`...)
		dst = strconv.AppendInt(dst, int64(s.File()), 10)
		dst = append(dst, `" y="`...)
		dst = strconv.AppendInt(dst, int64(7-s.Rank()), 10)
		dst = append(dst, `"/>`...)
	}
	if from != chess.NoSquare {
		dst = append(dst, `<line x1="`...)
		dst = appendHalf(dst, from.File())
		dst = append(dst, `" y1="`...)
		dst = appendHalf(dst, 7-from.Rank())
		dst = append(dst, `" x2="`...)
		dst = appendHalf(dst, to.File())
		dst = append(dst, `" y2="`...)
		dst = appendHalf(dst, 7-to.Rank())
		dst = append(dst, `" stroke="#2a6fdb" stroke-width=".12" opacity=".8" marker-end="url(#head)"/>`...)
	}
	// The side to move: a disc at its own edge of the board.
	if p.SideToMove() == chess.White {
		dst = append(dst, `<circle class="tomove w" cx="8.18" cy="7.8" r=".15" fill="#fff" stroke="#333" stroke-width=".04"/>`...)
	} else {
		dst = append(dst, `<circle class="tomove b" cx="8.18" cy=".2" r=".15" fill="#222" stroke="#333" stroke-width=".04"/>`...)
	}
	return append(dst, "</svg>"...)
}

// appendRect appends a <rect> on square s; rest closes its attributes.
func appendRect(dst []byte, s chess.Square, rest string) []byte {
	dst = append(dst, `<rect x="`...)
	dst = strconv.AppendInt(dst, int64(s.File()), 10)
	dst = append(dst, `" y="`...)
	dst = strconv.AppendInt(dst, int64(7-s.Rank()), 10)
	return append(dst, rest...)
}

// boardCoordinates are the file letters along the bottom edge and the rank numbers along
// the left, each in the colour of the other kind of square.
var boardCoordinates = func() string {
	b := []byte(`<g id="coords" font-size=".24" font-family="sans-serif" font-weight="600">`)
	for f := 0; f < 8; f++ {
		fill := "#f0d9b5" // a1 is dark: its letter is light
		if f%2 == 1 {
			fill = "#b58863"
		}
		b = append(b, `<text x="`...)
		b = strconv.AppendFloat(b, float64(f)+0.97, 'f', 2, 64)
		b = append(b, `" y="7.95" text-anchor="end" fill="`...)
		b = append(b, fill...)
		b = append(b, `">`...)
		b = append(b, byte('a'+f))
		b = append(b, "</text>"...)
	}
	for r := 0; r < 8; r++ {
		fill := "#b58863" // a8 is light: its number is dark
		if r%2 == 1 {
			fill = "#f0d9b5"
		}
		b = append(b, `<text x=".04" y="`...)
		b = strconv.AppendFloat(b, float64(r)+0.24, 'f', 2, 64)
		b = append(b, `" fill="`...)
		b = append(b, fill...)
		b = append(b, `">`...)
		b = append(b, byte('8'-r))
		b = append(b, "</text>"...)
	}
	return string(append(b, "</g>\n"...))
}()

func appendCoordinates(dst []byte) []byte { return append(dst, `<use href="#coords"/>`...) }
