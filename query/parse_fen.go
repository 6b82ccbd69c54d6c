package query

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cqlgo/cql/chess"
)

// `fen "board"` (CQL's match_fen and node_from_fen, fen.cpp): the quoted
// text is read as a FEN board, rank 8 first, each character a square's
// content (K Q R B N P k q r b n p, A any white piece, a any black piece, _
// empty, . anything) and a digit 1-8 that many empty squares. A FEN's later
// fields (side to move, castling...) may follow and are ignored, as CQL ignores
// them. The filter matches when every square holds what the board says. The
// text is read by chess.ReadFEN, the one FEN reader: what is not a FEN is an
// error naming the character (CQL reads any text after h1 and ignores it).

// fenPattern parses the board of `fen "text"` into a logical filter.
func fenPattern(text string, pos Pos) (Node, error) {
	if text == "" {
		return nil, fmt.Errorf("fen needs a board after it (fen \"8/8/8/8/8/8/8/8\"); an empty string is none")
	}
	f, err := chess.ReadFEN(text, chess.FENOptions{SquareLetters: "Aa_.", MinFields: 1})
	if err != nil {
		var fe *chess.FENError
		if errors.As(err, &fe) {
			return nil, fmt.Errorf("fen %q is not a FEN: %s", text, fe.Detail())
		}
		return nil, err
	}
	var squares [64]PieceSet
	for sq, c := range f.Squares {
		squares[SquareAt(sq%8, sq/8)] = fenContent(c)
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
	case 0:
		return EmptySquare
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

func popCount(s SquareSet) int {
	n := 0
	for ; s != 0; s &= s - 1 {
		n++
	}
	return n
}
