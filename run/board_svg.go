package run

import (
	"strconv"
	"strings"

	"github.com/cqlgo/cql/chess"
)

// The SVG board shared by the html format and cql serve. A board uses the definitions in
// BoardDefs (the light squares, the coordinates, the arrow head), which a page holds once. The pieces are their chess glyphs in two <text> runs, the white pieces
// and the black, each glyph placed by the run's lists of x and y: two text elements a board
// rather than 32, which browsers lay out three times faster (a page of 100 boards in
// Chromium: some 350 ms against 1,000 on the loaded 2-core machine) in some 600 bytes. Their
// style is presentation attributes, not CSS, so that a page whose Content-Security-Policy
// forbids inline style (cql serve's) draws them the same. a8 is
// at the top left; the strip right of the board shows the side to move (a white or black
// disc, at that side's edge).

// BoardDefs is the hidden SVG element defining what boards use: a page includes it once,
// before its first board.
var BoardDefs = `<svg width="0" height="0" style="position:absolute" aria-hidden="true">
<defs>
<path id="light" fill="#f0d9b5" d="` + lightSquares + `"/>
<marker id="head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="2.5" markerHeight="2.5" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="#2a6fdb"/></marker>
` + boardCoordinates + `</defs>
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
	dst = append(dst, pieceStyle...)
	dst = appendPieces(dst, p, chess.White)
	dst = appendPieces(dst, p, chess.Black)
	dst = append(dst, "</g>"...)
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
// the left, each in the colour of the other kind of square: four <text> runs (letters on
// dark squares, on light ones, numbers likewise), each glyph placed by the run's lists.
var boardCoordinates = func() string {
	b := []byte(`<g id="coords" font-size=".24" font-family="sans-serif" font-weight="600">`)
	// a1 is dark: the letters of files a, c, e, g are light, and the numbers of ranks 7, 5,
	// 3, 1 (a8 is light: rank 8's number is dark).
	for _, odd := range []int{0, 1} {
		fill := "#f0d9b5"
		if odd == 1 {
			fill = "#b58863"
		}
		var x, letters []byte
		for f := odd; f < 8; f += 2 {
			x = strconv.AppendFloat(append(x, ' '), float64(f)+0.97, 'f', 2, 64)
			letters = append(letters, byte('a'+f))
		}
		b = append(b, `<text x="`...)
		b = append(b, x[1:]...)
		b = append(b, `" y="7.95" text-anchor="end" fill="`...)
		b = append(b, fill...)
		b = append(b, `">`...)
		b = append(b, letters...)
		b = append(b, "</text>"...)
		var y, digits []byte
		for r := 1 - odd; r < 8; r += 2 { // row r from the top, rank 8-r
			y = strconv.AppendFloat(append(y, ' '), float64(r)+0.24, 'f', 2, 64)
			digits = append(digits, byte('8'-r))
		}
		b = append(b, `<text x=".04 .04 .04 .04" y="`...)
		b = append(b, y[1:]...)
		b = append(b, `" fill="`...)
		b = append(b, fill...)
		b = append(b, `">`...)
		b = append(b, digits...)
		b = append(b, "</text>"...)
	}
	return string(append(b, "</g>\n"...))
}()

func appendCoordinates(dst []byte) []byte { return append(dst, `<use href="#coords"/>`...) }

// pieceGlyphs are the solid chess glyphs, by piece letter: both colours draw the solid glyph,
// filled white or black with an outline, so the two sides look alike in every font.
var pieceGlyphs = [256]string{'K': "♚", 'Q': "♛", 'R': "♜", 'B': "♝", 'N': "♞", 'P': "♟"}

// pieceStyle opens the group of a board's two runs of pieces.
const pieceStyle = `<g font-size=".86" text-anchor="middle" font-family="DejaVu Sans,Segoe UI Symbol,Noto Sans Symbols2,Apple Symbols,serif" stroke="#000" stroke-width=".025">`

// appendPieces appends the <text> run of side's pieces, a1 first (none when it has none):
// each glyph's x is its file + .5 (text-anchor middle), its y its row from the top + .84.
func appendPieces(dst []byte, p *chess.Position, side chess.Color) []byte {
	var squares [64]chess.Square
	n := 0
	for s := chess.Square(0); s < 64; s++ {
		if pc := p.PieceAt(s); pc != chess.NoPiece && pc.Color() == side {
			squares[n] = s
			n++
		}
	}
	if n == 0 {
		return dst
	}
	if side == chess.White {
		dst = append(dst, `<text class="pw" fill="#fff" x="`...)
	} else {
		dst = append(dst, `<text class="pb" fill="#000" x="`...)
	}
	for k, s := range squares[:n] {
		if k > 0 {
			dst = append(dst, ' ')
		}
		dst = append(strconv.AppendInt(dst, int64(s.File()), 10), ".5"...)
	}
	dst = append(dst, `" y="`...)
	for k, s := range squares[:n] {
		if k > 0 {
			dst = append(dst, ' ')
		}
		dst = append(strconv.AppendInt(dst, int64(7-s.Rank()), 10), ".84"...)
	}
	dst = append(dst, `">`...)
	for _, s := range squares[:n] {
		l := p.PieceAt(s).Letter()
		if l >= 'a' {
			l -= 'a' - 'A'
		}
		dst = append(dst, pieceGlyphs[l]...)
	}
	return append(dst, "</text>"...)
}

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
