package chess

import (
	"fmt"
	"strconv"
	"strings"
)

// FENOptions say how much of a FEN ReadFEN wants and which letters its squares may hold.
type FENOptions struct {
	// SquareLetters are letters a square of the placement may hold besides the twelve
	// pieces' (CQL's fen "…" board pattern adds A, a, _ and .).
	SquareLetters string
	// MinFields is how many of the six fields must be given: 1 is the placement alone.
	MinFields int
}

// FENFields is what ReadFEN read: each square's letter and the later fields as written.
type FENFields struct {
	Squares                                       [64]byte // the placement's letter of each square (A1 = 0); 0 for an empty square
	N                                             int      // the number of fields given
	Side, Castling, EnPassant, Halfmove, Fullmove string   // "" when not given
}

var fenFieldNames = [6]string{"placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"}

// fenFieldWant says what each field must be, for the error of one that is missing.
var fenFieldWant = [6]string{"", "w or b", "- or castling letters (KQkq, A-H, a-h)", "- or a square on rank 3 or 6", "a number", "a number"}

// ReadFEN reads the syntax of a FEN: the placement (eight ranks of eight squares, rank 8
// first, '/' between them), then, after white space, the side to move (w or b), the castling
// rights (- or letters from KQkq, X-FEN, Shredder-FEN), the en passant square (- or a
// square on rank 3 or 6), the halfmove clock and the fullmove number, of which at least
// opt.MinFields and at most six are given. Whatever is not a FEN is refused with a
// *FENError naming the character where it stops being one and what was expected there.
// It is the one FEN reader: ParseFEN (positions), PGN FEN tags and CQL's fen "…" use it.
func ReadFEN(fen string, opt FENOptions) (FENFields, error) {
	var f FENFields
	bad := func(field, at int, format string, args ...any) (FENFields, error) {
		return FENFields{}, &FENError{FEN: fen, Field: fenFieldNames[field], At: at + 1, Reason: fmt.Sprintf(format, args...)}
	}
	i := skipFENSpace(fen, 0)
	if i == len(fen) {
		return bad(0, i, "empty: want a FEN (the placement, rank 8 first: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR)")
	}
	rank, file := 7, 0
placement:
	for ; i < len(fen); i++ {
		c := fen[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			break placement
		case c == '/':
			if file != 8 {
				return bad(0, i, "rank %d has %d squares before this '/', want 8", rank+1, file)
			}
			if rank == 0 {
				return bad(0, i, "more than 8 ranks: want a space after rank 1")
			}
			rank--
			file = 0
		case c >= '1' && c <= '8':
			if file+int(c-'0') > 8 {
				return bad(0, i, "rank %d has more than 8 squares", rank+1)
			}
			file += int(c - '0')
		default:
			if _, ok := PieceFromLetter(c); !ok && strings.IndexByte(opt.SquareLetters, c) < 0 {
				return bad(0, i, "unexpected character %q, want a piece letter (KQRBNPkqrbnp%s), a digit 1-8 or '/'", c, opt.SquareLetters)
			}
			if file >= 8 {
				return bad(0, i, "rank %d has more than 8 squares", rank+1)
			}
			f.Squares[SquareAt(file, rank)] = c
			file++
		}
	}
	if rank != 0 || file != 8 {
		if file != 8 {
			return bad(0, i, "rank %d has %d squares, want 8", rank+1, file)
		}
		return bad(0, i, "the placement has %d ranks, want 8", 8-rank)
	}
	f.N = 1
	fields := [6]*string{nil, &f.Side, &f.Castling, &f.EnPassant, &f.Halfmove, &f.Fullmove}
	for i = skipFENSpace(fen, i); i < len(fen); i = skipFENSpace(fen, i) {
		j := i
		for j < len(fen) && !isFENSpace(fen[j]) {
			j++
		}
		if f.N == 6 {
			return bad(5, i, "more than 6 fields: want the end of the FEN after the fullmove number")
		}
		v := fen[i:j]
		switch f.N {
		case 1:
			if v != "w" && v != "b" {
				return bad(1, i, "got %q, want w or b", v)
			}
		case 2:
			if v != "-" {
				for k := 0; k < len(v); k++ {
					if c := v[k]; !strings.ContainsRune("KQkq", rune(c)) && !(c >= 'A' && c <= 'H') && !(c >= 'a' && c <= 'h') {
						return bad(2, i+k, "unexpected character %q, want - or letters from KQkq or A-H/a-h", c)
					}
				}
			}
		case 3:
			if v != "-" {
				if s, ok := ParseSquare(v); !ok || (s.Rank() != 2 && s.Rank() != 5) {
					return bad(3, i, "got %q, want - or a square on rank 3 or 6", v)
				}
			}
		case 4, 5:
			if n, err := strconv.Atoi(v); err != nil || n < 0 || n > 65535 || v[0] == '+' {
				return bad(f.N, i, "got %q, want a number", v)
			}
		}
		*fields[f.N] = v
		f.N++
		i = j
	}
	if f.N < opt.MinFields {
		return bad(f.N, i, "the FEN ends after %d field%s, want a space and the %s (%s)", f.N, plural(f.N), fenFieldNames[f.N], fenFieldWant[f.N])
	}
	return f, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func isFENSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipFENSpace(s string, i int) int {
	for i < len(s) && isFENSpace(s[i]) {
		i++
	}
	return i
}
