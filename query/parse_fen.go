package query

import (
	"fmt"
	"strings"
)

// `fen "board"` (CQL's match_fen and node_from_fen, fen.cpp): the quoted
// text is read as a FEN board, rank 8 first, each character a square's
// content (K Q R B N P k q r b n p, A any white piece, a any black piece, _
// empty, . anything) and a digit 1-8 that many empty squares. Reading stops
// after h1, so the rest (side to move, castling...) is ignored. The filter
// matches when every square holds what the board says. A board that cannot
// be read is an error, with CQL's reasons.

// fenPattern parses the board of `fen "text"` into a logical filter.
func fenPattern(text string, pos Pos) (Node, error) {
	if text == "" {
		return nil, fmt.Errorf("fen needs a board after it (fen \"8/8/8/8/8/8/8/8\"); an empty string is none")
	}
	var squares [64]PieceSet
	file, rank := 0, 7
	i := 0
	for ; i < len(text); i++ {
		if rank == 0 && file == 8 {
			break
		}
		c := text[i]
		switch {
		case c == '/':
			if file != 8 || rank <= 0 {
				return nil, fenError("'/' too soon", i, text)
			}
			rank--
			file = 0
		case strings.IndexByte("KQRBNPkqrbnpAa_.", c) >= 0:
			if file > 7 {
				return nil, fenError("rank too long", i, text)
			}
			squares[SquareAt(file, rank)] = fenContent(c)
			file++
		case c >= '0' && c <= '9':
			n := int(c - '0')
			if n < 1 || n > 8 {
				return nil, fenError(fmt.Sprintf("invalid digit %c", c), i, text)
			}
			for range n {
				if file > 7 {
					return nil, fenError(fmt.Sprintf("too many empty squares in rank %d", rank+1), i, text)
				}
				squares[SquareAt(file, rank)] = EmptySquare
				file++
			}
		default:
			return nil, fenError(fmt.Sprintf("invalid character %q", c), i, text)
		}
	}
	if rank != 0 || file != 8 {
		return nil, fenError("the board ends before h1", i, text)
	}
	// One designator per kind of content, for the squares that must hold it:
	// all of them must, so each is `#designator == #squares`.
	var filters []Node
	byContent := map[PieceSet]SquareSet{}
	var order []PieceSet
	for sq, ps := range squares {
		if ps == AnyContent {
			continue
		}
		if _, ok := byContent[ps]; !ok {
			order = append(order, ps)
		}
		byContent[ps] |= 1 << sq
	}
	for _, ps := range order {
		set := byContent[ps]
		d := &PieceDesignator{At: At{pos}, Pieces: ps, Squares: set, Text: "fen"}
		filters = append(filters, &Compare{At: At{pos},
			Operands: []Node{d, &NumberLit{At: At{pos}, Value: popCount(set)}},
			Links:    []CompareLink{{Op: OpEq}}})
	}
	// false or {...}, as CQL builds it: a logical filter, true for a board of dots.
	return &Binary{At: At{pos}, Op: OpOr, X: &BoolLit{At: At{pos}, Value: false}, Y: &Block{At: At{pos}, Filters: append(filters, &BoolLit{At: At{pos}, Value: true})}}, nil
}

func fenContent(c byte) PieceSet {
	switch c {
	case 'A':
		return WhitePieces
	case 'a':
		return BlackPieces
	case '_':
		return EmptySquare
	case '.':
		return AnyContent
	}
	return 1 << PieceSet(strings.IndexByte("KQRBNPkqrbnp", c))
}

func fenError(reason string, at int, text string) error {
	return fmt.Errorf("fen %q is not a board CQL reads: %s at character %d", text, reason, at+1)
}

func popCount(s SquareSet) int {
	n := 0
	for ; s != 0; s &= s - 1 {
		n++
	}
	return n
}
