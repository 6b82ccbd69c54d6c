package sgf

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/weiqi"
)

// Move is one move of the main line.
type Move struct {
	Color   weiqi.Color
	Point   int // weiqi square, or weiqi.Pass
	Comment string
	Node    *Node
}

// Game is a Go game record: the root properties and the main line, checked by replaying it.
type Game struct {
	File     string
	Tree     *Tree
	Grid     *weiqi.Grid
	Handicap int
	Komi     string
	ToMove   weiqi.Color // PL of the root, or Empty when not given
	Moves    []Move

	steps []step // the main line's nodes: setup changes then an optional move
	final *weiqi.Board
}

// step is what one main-line node does to the board.
type step struct {
	setup []setStone
	move  int // index into Moves, or -1
	node  *Node
}

type setStone struct {
	sq int
	c  weiqi.Color
}

// LoadFile reads every Go game of an SGF file.
func LoadFile(path string) ([]*Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return loadAll(NewReader(f, path))
}

// Load reads every Go game of an SGF collection and replays each main line: a bad point, an
// illegal move or an unsupported board is an error with file, line and column.
func Load(name string, data []byte) ([]*Game, error) {
	return loadAll(NewReader(bytes.NewReader(data), name))
}

func loadAll(r *Reader) ([]*Game, error) {
	var games []*Game
	for {
		g, err := r.NextGame()
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
}

// NextGame is the next game tree decoded as a Go game (as Load does), or io.EOF after the last.
func (r *Reader) NextGame() (*Game, error) {
	t, err := r.Next()
	if err != nil {
		return nil, err
	}
	g, err := decode(r.name, t)
	if err != nil {
		r.err = err
		return nil, err
	}
	return g, nil
}

func errAt(file string, line, col int, format string, args ...any) error {
	return &Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func decode(file string, t *Tree) (*Game, error) {
	root := t.Nodes[0]
	g := &Game{File: file, Tree: t}
	if gm, ok := root.Get("GM"); ok && strings.TrimSpace(gm) != "1" {
		p := root.Prop("GM")
		return nil, errAt(file, p.Line, p.Col, "GM[%s] is not a game of Go (GM[1])", gm)
	}
	size := 19
	if sz, ok := root.Get("SZ"); ok {
		p := root.Prop("SZ")
		w, h, rect := strings.Cut(strings.TrimSpace(sz), ":")
		n, err := strconv.Atoi(w)
		if rect {
			m, err2 := strconv.Atoi(h)
			if err2 != nil || m != n {
				return nil, errAt(file, p.Line, p.Col, "SZ[%s]: only square boards are supported", sz)
			}
		}
		if err != nil {
			return nil, errAt(file, p.Line, p.Col, "SZ[%s] is not a board size", sz)
		}
		if n < 1 || n > weiqi.MaxSize {
			return nil, errAt(file, p.Line, p.Col, "SZ[%d]: boards are 1x1 to %dx%d", n, weiqi.MaxSize, weiqi.MaxSize)
		}
		size = n
	}
	grid, err := weiqi.NewGrid(size)
	if err != nil {
		return nil, err
	}
	g.Grid = grid
	if ha, ok := root.Get("HA"); ok {
		g.Handicap, _ = strconv.Atoi(strings.TrimSpace(ha))
	}
	g.Komi, _ = root.Get("KM")
	if pl, ok := root.Get("PL"); ok {
		g.ToMove = parseColor(pl)
	}
	b := weiqi.NewBoard(grid)
	for _, n := range t.MainLine() {
		st := step{move: -1, node: n}
		for i := range n.Props {
			p := &n.Props[i]
			var c weiqi.Color
			switch p.ID {
			case "AB":
				c = weiqi.Black
			case "AW":
				c = weiqi.White
			case "AE":
				c = weiqi.Empty
			default:
				continue
			}
			for _, v := range p.Values {
				pts, err := g.pointList(v)
				if err != nil {
					return nil, errAt(file, p.Line, p.Col, "%s[%s]: %v", p.ID, v, err)
				}
				for _, sq := range pts {
					st.setup = append(st.setup, setStone{sq, c})
					b.Set(sq, c)
				}
			}
		}
		for i := range n.Props {
			p := &n.Props[i]
			if p.ID != "B" && p.ID != "W" {
				continue
			}
			if st.move >= 0 {
				return nil, errAt(file, p.Line, p.Col, "a second move in one node")
			}
			c := weiqi.Black
			if p.ID == "W" {
				c = weiqi.White
			}
			v := ""
			if len(p.Values) > 0 {
				v = p.Values[0]
			}
			sq, err := g.point(v, true)
			if err != nil {
				return nil, errAt(file, p.Line, p.Col, "%s[%s]: %v", p.ID, v, err)
			}
			if _, err := b.Play(c, sq); err != nil {
				return nil, errAt(file, p.Line, p.Col, "move %d %s %s: %v", len(g.Moves)+1, c, grid.GTP(sq), err)
			}
			comment, _ := n.Get("C")
			st.move = len(g.Moves)
			g.Moves = append(g.Moves, Move{Color: c, Point: sq, Comment: comment, Node: n})
		}
		g.steps = append(g.steps, st)
	}
	g.final = b
	return g, nil
}

func parseColor(s string) weiqi.Color {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "B", "1":
		return weiqi.Black
	case "W", "2":
		return weiqi.White
	}
	return weiqi.Empty
}

// point reads an SGF point ("dd": file d, row d from the top). A move may be a pass: "" always, and
// "tt" on boards up to 19x19.
func (g *Game) point(v string, move bool) (int, error) {
	n := g.Grid.Size()
	if move && (v == "" || (v == "tt" && n <= 19)) {
		return weiqi.Pass, nil
	}
	if len(v) != 2 || !isLower(v[0]) || !isLower(v[1]) {
		return 0, fmt.Errorf("not a point: want two letters a-s")
	}
	x, y := int(v[0]-'a'), int(v[1]-'a')
	if x >= n || y >= n {
		return 0, fmt.Errorf("point is off the %dx%d board", n, n)
	}
	return g.Grid.Square(x, n-1-y), nil
}

// pointList reads a point or a compressed rectangle "aa:cc".
func (g *Game) pointList(v string) ([]int, error) {
	a, b, rect := strings.Cut(v, ":")
	p, err := g.point(a, false)
	if err != nil {
		return nil, err
	}
	if !rect {
		return []int{p}, nil
	}
	q, err := g.point(b, false)
	if err != nil {
		return nil, err
	}
	f0, r0 := g.Grid.Coords(p)
	f1, r1 := g.Grid.Coords(q)
	if f0 > f1 {
		f0, f1 = f1, f0
	}
	if r0 > r1 {
		r0, r1 = r1, r0
	}
	var out []int
	for f := f0; f <= f1; f++ {
		for r := r0; r <= r1; r++ {
			out = append(out, g.Grid.Square(f, r))
		}
	}
	return out, nil
}

// Position is the board after the first n moves of the main line (n = 0: the setup of the nodes
// before the first move; n >= len(Moves): the final position), and the colour to move then.
func (g *Game) Position(n int) (*weiqi.Board, weiqi.Color) {
	if n >= len(g.Moves) {
		return g.final.Clone(), g.toMoveAfter(len(g.Moves))
	}
	b := weiqi.NewBoard(g.Grid)
	done := 0
	for _, st := range g.steps {
		if st.move >= 0 && done == n {
			break
		}
		for _, s := range st.setup {
			b.Set(s.sq, s.c)
		}
		if st.move >= 0 {
			m := g.Moves[st.move]
			_, _ = b.Play(m.Color, m.Point) // checked by Load
			done++
		}
	}
	return b, g.toMoveAfter(n)
}

// toMoveAfter is the colour to move after n moves: the PL of the position's own nodes (from the
// n-th move's node to the node before the next move; the last one given), else the colour of the
// next move, else the opponent of the last mover, else Black (White with a handicap).
func (g *Game) toMoveAfter(n int) weiqi.Color {
	if pl := g.plAfter(n); pl != weiqi.Empty {
		return pl
	}
	if n < len(g.Moves) {
		return g.Moves[n].Color
	}
	if n > 0 {
		return g.Moves[n-1].Color.Opponent()
	}
	if g.ToMove != weiqi.Empty {
		return g.ToMove
	}
	if g.Handicap >= 2 {
		return weiqi.White
	}
	return weiqi.Black
}

// plAfter is the PL of the nodes of the position after n moves, or Empty.
func (g *Game) plAfter(n int) weiqi.Color {
	pl := weiqi.Empty
	done := 0
	for _, st := range g.steps {
		if st.move >= 0 {
			if done == n {
				break
			}
			done++
			pl = weiqi.Empty // a PL before this move is not the position's
		}
		if v, ok := st.node.Get("PL"); ok {
			if c := parseColor(v); c != weiqi.Empty {
				pl = c
			}
		}
	}
	return pl
}

// Marked is the set of points carrying any of the markup properties (for example MA, TR) in the
// node after the first n moves (the root for n = 0).
func (g *Game) Marked(n int, ids ...string) pattern.Set {
	var node *Node
	done := 0
	for _, st := range g.steps {
		if st.move >= 0 {
			if done == n {
				break
			}
			done++
		}
		node = st.node
	}
	var out pattern.Set
	if node == nil {
		return out
	}
	for _, id := range ids {
		if p := node.Prop(id); p != nil {
			for _, v := range p.Values {
				pts, err := g.pointList(v)
				if err != nil {
					continue
				}
				for _, sq := range pts {
					out.Add(sq)
				}
			}
		}
	}
	return out
}
