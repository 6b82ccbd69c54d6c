package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// Test helpers that build query ASTs by hand, so that the evaluator is
// tested independently of the parser.

// sq parses squares written as CQL does: "h1-8", "a-h2", "c-d3-4", "e4",
// several separated by commas.
func sq(t testing.TB, spec string) query.SquareSet {
	t.Helper()
	var s query.SquareSet
	for _, part := range strings.Split(spec, ",") {
		p := part
		readRange := func(lo, hi byte) (int, int) {
			if len(p) == 0 || p[0] < lo || p[0] > hi {
				t.Fatalf("bad square spec %q", spec)
			}
			a := int(p[0] - lo)
			b := a
			p = p[1:]
			if len(p) >= 2 && p[0] == '-' && p[1] >= lo && p[1] <= hi {
				b = int(p[1] - lo)
				p = p[2:]
			}
			return a, b
		}
		f0, f1 := readRange('a', 'h')
		r0, r1 := readRange('1', '8')
		if p != "" {
			t.Fatalf("bad square spec %q", spec)
		}
		for f := f0; f <= f1; f++ {
			for r := r0; r <= r1; r++ {
				s |= 1 << query.SquareAt(f, r)
			}
		}
	}
	return s
}

// des builds a piece designator: pieces in CQL letters (KQRBNPkqrbnp, A, a,
// _ or . for anything) on squares (spec for sq, "" for all squares).
func des(t testing.TB, pieces, squares string) *query.PieceDesignator {
	t.Helper()
	var ps query.PieceSet
	for _, c := range pieces {
		switch c {
		case 'A':
			ps |= query.WhitePieces
		case 'a':
			ps |= query.BlackPieces
		case '_':
			ps |= query.EmptySquare
		case '.':
			ps |= query.AnyContent
		default:
			i := strings.IndexRune("KQRBNPkqrbnp", c)
			if i < 0 {
				t.Fatalf("bad piece %q", c)
			}
			ps |= 1 << query.Piece(i)
		}
	}
	s := query.AllSquares
	if squares != "" {
		s = sq(t, squares)
	}
	return &query.PieceDesignator{Pieces: ps, Squares: s, Text: pieces + squares}
}

func bin(op query.Op, x, y query.Node) *query.Binary {
	tp := query.TypeSet
	switch op {
	case query.OpAnd, query.OpOr, query.OpIn:
		tp = query.TypeNone
	case query.OpAdd, query.OpSub, query.OpMul, query.OpDiv, query.OpMod:
		tp = query.TypeNumber
	}
	return &query.Binary{Op: op, X: x, Y: y, T: tp}
}

func un(op query.Op, x query.Node) *query.Unary {
	tp := query.TypeNumber
	switch op {
	case query.OpNot:
		tp = query.TypeNone
	case query.OpComplement:
		tp = query.TypeSet
	}
	return &query.Unary{Op: op, X: x, T: tp}
}

func num(v int) *query.NumberLit { return &query.NumberLit{Value: v} }

// cmp builds a numeric comparison chain: operands and ops alternate.
func cmp(first query.Node, rest ...any) *query.Compare {
	c := &query.Compare{Operands: []query.Node{first}, T: query.TypeNone}
	for i := 0; i < len(rest); i += 2 {
		op := rest[i].(query.Op)
		x := rest[i+1].(query.Node)
		c.Links = append(c.Links, query.CompareLink{Op: op, Mode: query.CompareNumber})
		c.Operands = append(c.Operands, x)
	}
	if first.Type() == query.TypeNumber {
		c.T = query.TypeNumber
	}
	return c
}

// seteq builds `x == y` or `x != y` between two sets.
func seteq(op query.Op, x, y query.Node) *query.Compare {
	return &query.Compare{Operands: []query.Node{x, y}, Links: []query.CompareLink{{Op: op, Mode: query.CompareSet}}}
}

func kw(k query.KeywordKind) *query.Keyword {
	tp := query.TypeNone
	switch k {
	case query.KwPly, query.KwMoveNumber, query.KwGameNumber, query.KwYear, query.KwSideToMove, query.KwWhite, query.KwBlack:
		tp = query.TypeNumber
	case query.KwEvent, query.KwSite, query.KwDate, query.KwEco, query.KwFen:
		tp = query.TypeString
	}
	return &query.Keyword{Kind: k, T: tp}
}

func block(fs ...query.Node) *query.Block {
	b := &query.Block{Filters: fs}
	if len(fs) > 0 {
		b.T = fs[len(fs)-1].Type()
	}
	return b
}

// syms hands out variable symbols for one program.
type syms struct{ list []*query.Symbol }

func (s *syms) sym(name string, k query.VarKind) *query.Symbol {
	for _, x := range s.list {
		if x.Name == name {
			return x
		}
	}
	x := &query.Symbol{Name: name, Kind: k, Index: len(s.list)}
	s.list = append(s.list, x)
	return x
}

func (s *syms) ref(name string, k query.VarKind) *query.Var {
	return &query.Var{Name: name, Sym: s.sym(name, k)}
}

func program(s *syms, fs ...query.Node) *query.Program {
	p := &query.Program{Body: block(fs...)}
	if s != nil {
		p.Symbols = s.list
	}
	return p
}

func mustCompile(t testing.TB, p *query.Program) *Query {
	t.Helper()
	q, err := Compile(p)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// fenGame is a one-position game.
func fenGame(t testing.TB, fen string) *pgn.Game {
	t.Helper()
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return &pgn.Game{Number: 1, Nodes: []pgn.Node{{Pos: pos, Parent: -1, FirstChild: -1, NextSibling: -1}}}
}

// findMove returns the legal move of pos written in UCI ("e1g1" for
// castling, "b7b8q" for promotion), looked up in the legal move list so the
// test does not depend on a move parser.
func findMove(t testing.TB, pos *chess.Position, uci string) chess.Move {
	t.Helper()
	var l chess.MoveList
	pos.LegalMoves(&l)
	for i := 0; i < l.Len(); i++ {
		m := l.At(i)
		s := m.From().String() + m.KingTo().String()
		if p := m.Promotion(); p != chess.NoPieceType {
			s += strings.ToLower(string(p.Letter()))
		}
		if s == uci {
			return m
		}
	}
	t.Fatalf("%s: no legal move %s", pos.FEN(), uci)
	return chess.NoMove
}

// lineGame is a main-line game from fen through the UCI moves.
func lineGame(t testing.TB, fen string, moves ...string) *pgn.Game {
	t.Helper()
	g := fenGame(t, fen)
	for i, u := range moves {
		prev := &g.Nodes[len(g.Nodes)-1]
		pos := prev.Pos
		m := findMove(t, &pos, u)
		pos.Play(m)
		prev.FirstChild = int32(len(g.Nodes))
		g.Nodes = append(g.Nodes, pgn.Node{Pos: pos, Move: m, Parent: int32(len(g.Nodes) - 1),
			FirstChild: -1, NextSibling: -1, Ply: int32(i + 1)})
	}
	return g
}

// evalAt compiles filter f and positions an evaluator at node i of g.
func evalAt(t testing.TB, f query.Node, g *pgn.Game, i int, s *syms) (*Query, *Evaluator) {
	t.Helper()
	q := mustCompile(t, program(s, f))
	e := q.NewEvaluator()
	e.startGame(g)
	e.at(int32(i))
	return q, e
}

// setAt evaluates the set filter f at node i of g.
func setAt(t testing.TB, f query.Node, g *pgn.Game, i int, s *syms) chess.Bitboard {
	t.Helper()
	q, e := evalAt(t, f, g, i, s)
	sn, ok := q.body.(setNode)
	if !ok {
		t.Fatalf("%T is not a set filter", q.body)
	}
	return sn.set(e)
}

// matchesAt evaluates filter f at node i of g.
func matchesAt(t testing.TB, f query.Node, g *pgn.Game, i int, s *syms) bool {
	t.Helper()
	q, e := evalAt(t, f, g, i, s)
	return q.body.match(e)
}

// numAt evaluates the numeric filter f at node i of g.
func numAt(t testing.TB, f query.Node, g *pgn.Game, i int, s *syms) (int, bool) {
	t.Helper()
	q, e := evalAt(t, f, g, i, s)
	nn, ok := q.body.(numNode)
	if !ok {
		t.Fatalf("%T is not a numeric filter", q.body)
	}
	return nn.num(e)
}

// bb builds a bitboard from square names, for expected values.
func bb(t testing.TB, names ...string) chess.Bitboard {
	t.Helper()
	var b chess.Bitboard
	for _, n := range names {
		s, ok := chess.ParseSquare(n)
		if !ok {
			t.Fatalf("bad square %q", n)
		}
		b |= chess.SquareBB(s)
	}
	return b
}

func wantSet(t *testing.T, name string, got, want chess.Bitboard) {
	t.Helper()
	if got != want {
		t.Errorf("%s = %v, want %v", name, got, want)
	}
}
