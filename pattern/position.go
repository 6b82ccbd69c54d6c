package pattern

import (
	"fmt"
	"strconv"
	"strings"
)

// Piece is one piece on a square: its type (an index into Description.Pieces, or on a plain
// board the letter's index 0-25) and its owner (a player index).
type Piece struct{ Type, Owner int }

// Position is pieces on the squares of a described board (several may share a square) and the
// player to move.
type Position struct {
	Desc  *Description
	Cells [][]Piece // indexed by square
	Turn  int       // index of the player to move
}

// NewPosition is the empty board with the first player to move.
func (d *Description) NewPosition() *Position {
	return &Position{Desc: d, Cells: make([][]Piece, d.Geometry.n)}
}

// PieceOf reads a piece letter: on a plain board any letter (upper case the first player's); on a
// described board a declared letter, exact case first, then ignoring case, owned by the piece
// type's player or, for an unowned type on a two-player board, by case.
func (d *Description) PieceOf(c byte) (Piece, error) {
	if !(c|0x20 >= 'a' && c|0x20 <= 'z') {
		return Piece{}, fmt.Errorf("%q is not a piece letter", c)
	}
	upper := c < 'a'
	if d.plain {
		owner := 1
		if upper {
			owner = 0
		}
		return Piece{Type: int(c|0x20) - 'a', Owner: owner}, nil
	}
	i := -1
	for j, pc := range d.Pieces {
		if pc.Letter == c {
			i = j
			break
		}
	}
	if i < 0 {
		for j, pc := range d.Pieces {
			if pc.Letter|0x20 == c|0x20 {
				i = j
				break
			}
		}
	}
	if i < 0 {
		var ls []string
		for _, pc := range d.Pieces {
			ls = append(ls, string(pc.Letter))
		}
		return Piece{}, fmt.Errorf("no piece has letter %c (the letters are %s)", c, strings.Join(ls, " "))
	}
	owner := d.Pieces[i].Owner
	if owner < 0 {
		if len(d.Players) != 2 {
			return Piece{}, fmt.Errorf("piece %s has no owner: give it one with Player N { %s; }", d.Pieces[i].Name, d.Pieces[i].Name)
		}
		owner = 1
		if upper {
			owner = 0
		}
	}
	return Piece{Type: i, Owner: owner}, nil
}

// Letter is the letter of a piece in positions.
func (d *Description) Letter(pc Piece) byte {
	var c byte
	if d.plain {
		c = byte('A' + pc.Type)
	} else {
		c = d.Pieces[pc.Type].Letter
		if d.Pieces[pc.Type].Owner >= 0 {
			return c
		}
		c &^= 0x20
	}
	if pc.Owner != 0 {
		c |= 0x20
	}
	return c
}

// typeIndex is the scope type index (Env.Types) of a piece's type.
func (d *Description) typeIndex(pc Piece) int {
	if d.plain {
		return pc.Type
	}
	return d.pieceType[pc.Type]
}

// ParsePosition reads a position written FEN-like: ranks from north to south separated by '/',
// one character a square: a piece letter, a decimal run of empty squares (10 and more on wide
// boards), several pieces on one square in parentheses (GG), '-' for an excluded cell; then
// optionally a space and the player to move (1, 2, ... or a name; the first player if left out).
func (d *Description) ParsePosition(text string) (*Position, error) {
	g := d.Geometry
	pos := d.NewPosition()
	errAt := func(off int, format string, args ...any) error {
		return &SyntaxError{What: "position", Text: text, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	i := 0
	for i < len(text) && text[i] == ' ' {
		i++
	}
	rank, file := g.h-1, 0
	endRank := func(at int) error {
		if file < g.w {
			return errAt(at, "rank %d has %d squares, the board is %d wide", rank+1, file, g.w)
		}
		return nil
	}
	for ; i < len(text) && text[i] != ' ' && text[i] != '\t'; i++ {
		c := text[i]
		if c == '/' {
			if err := endRank(i); err != nil {
				return nil, err
			}
			if rank == 0 {
				return nil, errAt(i, "too many ranks: the board has %d", g.h)
			}
			rank, file = rank-1, 0
			continue
		}
		if file >= g.w {
			return nil, errAt(i, "rank %d has more than %d squares", rank+1, g.w)
		}
		sq := g.Square(file, rank)
		switch {
		case c >= '1' && c <= '9':
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			n, _ := strconv.Atoi(text[i:j])
			if file+n > g.w {
				return nil, errAt(i, "%d empty squares do not fit: rank %d has %d squares left", n, rank+1, g.w-file)
			}
			for k := 0; k < n; k++ {
				if t := g.Square(file+k, rank); g.Excluded(t) {
					return nil, errAt(i, "cell %s is excluded from the board: write '-' for it", g.SquareName(t))
				}
			}
			file += n
			i = j - 1
		case c == '0':
			return nil, errAt(i, "a run of empty squares does not start with 0")
		case c == '-':
			if !g.Excluded(sq) {
				return nil, errAt(i, "'-' marks an excluded cell, and %s is on the board", g.SquareName(sq))
			}
			file++
		case c == '(':
			j := strings.IndexByte(text[i:], ')')
			if j < 0 {
				return nil, errAt(i, "'(' is not closed")
			}
			if j == 1 {
				return nil, errAt(i, "empty parentheses: write the pieces on the square, (GG)")
			}
			if g.Excluded(sq) {
				return nil, errAt(i, "cell %s is excluded from the board", g.SquareName(sq))
			}
			for k := i + 1; k < i+j; k++ {
				pc, err := d.PieceOf(text[k])
				if err != nil {
					return nil, errAt(k, "%v", err)
				}
				pos.Cells[sq] = append(pos.Cells[sq], pc)
			}
			file++
			i += j
		default:
			pc, err := d.PieceOf(c)
			if err != nil {
				return nil, errAt(i, "%v", err)
			}
			if g.Excluded(sq) {
				return nil, errAt(i, "cell %s is excluded from the board", g.SquareName(sq))
			}
			pos.Cells[sq] = append(pos.Cells[sq], pc)
			file++
		}
	}
	if err := endRank(i); err != nil {
		return nil, err
	}
	if rank > 0 {
		return nil, errAt(i, "%d ranks, the board has %d", g.h-rank, g.h)
	}
	rest := strings.TrimSpace(text[i:])
	if rest != "" {
		at := strings.Index(text[i:], rest) + i
		if strings.ContainsAny(rest, " \t") {
			return nil, errAt(at+strings.IndexAny(rest, " \t"), "unexpected text after the player to move")
		}
		pl, err := d.Player(rest)
		if err != nil {
			return nil, errAt(at, "%v", err)
		}
		pos.Turn = pl
	}
	return pos, nil
}

// String writes the position in the form ParsePosition reads, with the player to move by name.
func (pos *Position) String() string {
	d, g := pos.Desc, pos.Desc.Geometry
	var b strings.Builder
	for r := g.h - 1; r >= 0; r-- {
		empty := 0
		flush := func() {
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
		}
		for f := 0; f < g.w; f++ {
			sq := g.Square(f, r)
			switch cell := pos.Cells[sq]; {
			case g.Excluded(sq):
				flush()
				b.WriteByte('-')
			case len(cell) == 0:
				empty++
			case len(cell) == 1:
				flush()
				b.WriteByte(d.Letter(cell[0]))
			default:
				flush()
				b.WriteByte('(')
				for _, pc := range cell {
					b.WriteByte(d.Letter(pc))
				}
				b.WriteByte(')')
			}
		}
		flush()
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteString(d.Players[pos.Turn])
	return b.String()
}

// FillEnv sets e to what the checks of a pattern see in this position when player is to move and
// `this` is the piece on square this (-1: none). It reuses e.Types.
func (pos *Position) FillEnv(e *Env, player, this int) {
	d, g := pos.Desc, pos.Desc.Geometry
	nt := len(d.scope.types)
	if cap(e.Types) < nt {
		e.Types = make([]Set, nt)
	}
	e.Types = e.Types[:nt]
	clear(e.Types)
	e.Empty, e.Friend, e.Foe, e.This = g.valid, Set{}, Set{}, Set{}
	for sq, cell := range pos.Cells {
		for _, pc := range cell {
			e.Empty.Remove(sq)
			if pc.Owner == player {
				e.Friend.Add(sq)
			} else {
				e.Foe.Add(sq)
			}
			e.Types[d.typeIndex(pc)].Add(sq)
		}
	}
	if !d.plain {
		for i, name := range g.typeName {
			k, _ := d.scope.TypeIndex(name)
			e.Types[k] = e.Types[k].Or(g.typeSet[i])
		}
	}
	if this >= 0 && this < g.n {
		e.This.Add(this)
	}
}

// Env is FillEnv into a new Env.
func (pos *Position) Env(player, this int) *Env {
	e := &Env{}
	pos.FillEnv(e, player, this)
	return e
}

// FillEnv64 is FillEnv for boards of at most 64 cells.
func (pos *Position) FillEnv64(e *Env64, player, this int) {
	var big Env
	pos.FillEnv(&big, player, this)
	e.Empty, e.Friend, e.Foe, e.This = big.Empty[0], big.Friend[0], big.Foe[0], big.This[0]
	e.Types = e.Types[:0]
	for _, t := range big.Types {
		e.Types = append(e.Types, t[0])
	}
}
