package chess

import (
	"fmt"
	"strconv"
	"strings"
)

// Variants whose moves are standard chess's and whose games end by one more rule:
// King of the Hill (a king on a centre square wins) and Three-check (the third check
// given wins). Chess960 is the board's own (SetChess960). Others (Atomic, Crazyhouse,
// Antichess, Horde, Racing Kings) change the moves themselves and are not played here
// (docs/cqli.md, row 19).

// Variant is the rules a game is played by.
type Variant uint8

const (
	Standard      Variant = iota // standard chess (and Chess960)
	KingOfTheHill                // a king that reaches d4, e4, d5 or e5 wins at once
	ThreeCheck                   // a side that gives its third check wins at once
)

func (v Variant) String() string {
	switch v {
	case KingOfTheHill:
		return "King of the Hill"
	case ThreeCheck:
		return "Three-Check"
	}
	return "Standard"
}

// Hill is King of the Hill's centre: d4, e4, d5, e5.
const Hill = Bitboard(1)<<27 | Bitboard(1)<<28 | Bitboard(1)<<35 | Bitboard(1)<<36

// Checks are the checks each side (White, Black) has given in a Three-check game.
type Checks [2]uint8

// AfterMove counts the check the move just played on p gives, if it gives one: the side
// not to move now gave it.
func (c *Checks) AfterMove(p *Position) {
	if p.InCheck() {
		c[p.SideToMove().Other()]++
	}
}

// VariantOver reports whether the game stands finished at p by the variant's own rule
// (checkmate and stalemate are the board's), and the winner: in King of the Hill the side
// whose king stands on the hill, in Three-check the side that has given three checks.
func VariantOver(v Variant, p *Position, c Checks) (over bool, winner Color) {
	switch v {
	case KingOfTheHill:
		for _, s := range [2]Color{White, Black} {
			if Hill.Has(p.King(s)) {
				return true, s
			}
		}
	case ThreeCheck:
		for _, s := range [2]Color{White, Black} {
			if c[s] >= 3 {
				return true, s
			}
		}
	}
	return false, White
}

// VariantPerft is Perft for v: a position whose game is over by the variant's rule has no
// moves (as the variant perft suites count: Fairy-Stockfish's tests/perft.sh, shakmaty's).
func VariantPerft(v Variant, p *Position, c Checks, depth int) uint64 {
	if v == Standard {
		return Perft(p, depth)
	}
	if depth <= 0 {
		return 1
	}
	if over, _ := VariantOver(v, p, c); over {
		return 0
	}
	var l MoveList
	p.LegalMoves(&l)
	if depth == 1 {
		return uint64(l.n)
	}
	var n uint64
	for _, m := range l.Moves() {
		next, nc := *p, c
		next.Play(m)
		nc.AfterMove(&next)
		n += VariantPerft(v, &next, nc, depth-1)
	}
	return n
}

// ParseThreeCheckFEN reads a Three-check FEN in either of lichess's forms: the remaining
// checks as a fifth field ("... w - - 1+3 1 39": White must give 1 more, Black 3) or the
// checks given as a seventh ("... w - - 1 39 +2+0": White has given 2, Black 0). A FEN
// without either is a game with no check given yet.
func ParseThreeCheckFEN(fen string) (Position, Checks, error) {
	std, c, err := SplitThreeCheckFEN(fen)
	if err != nil {
		return Position{}, c, err
	}
	p, err := ParseFEN(std)
	return p, c, err
}

// SplitThreeCheckFEN takes the check counters out of a Three-check FEN (see
// ParseThreeCheckFEN): the FEN without them, and the checks given.
func SplitThreeCheckFEN(fen string) (string, Checks, error) {
	f := strings.Fields(fen)
	var c Checks
	pair := func(s string) (a, b int, ok bool) {
		l, r, found := strings.Cut(strings.TrimPrefix(s, "+"), "+")
		x, err1 := strconv.Atoi(l)
		y, err2 := strconv.Atoi(r)
		return x, y, found && err1 == nil && err2 == nil && x >= 0 && y >= 0 && x <= 3 && y <= 3
	}
	switch {
	case len(f) >= 5 && strings.Contains(f[4], "+"):
		w, b, ok := pair(f[4])
		if !ok {
			return "", c, fmt.Errorf("three-check FEN %q: bad remaining checks %q", fen, f[4])
		}
		c = Checks{uint8(3 - w), uint8(3 - b)}
		f = append(f[:4:4], f[5:]...)
	case len(f) == 7 && strings.HasPrefix(f[6], "+"):
		w, b, ok := pair(f[6])
		if !ok {
			return "", c, fmt.Errorf("three-check FEN %q: bad checks given %q", fen, f[6])
		}
		c = Checks{uint8(w), uint8(b)}
		f = f[:6]
	}
	return strings.Join(f, " "), c, nil
}
