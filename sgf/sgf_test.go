package sgf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/weiqi"
)

// mainLineMoves counts the B and W properties of the main line straight from the text: values
// are skipped, and a variation is skipped whole when an earlier sibling variation was taken.
// It shares nothing with the parser.
func mainLineMoves(data []byte) int {
	type level struct{ taken bool }
	stack := []level{{}}
	moves := 0
	prev := byte(';')
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case c == '[':
			for i++; i < len(data) && data[i] != ']'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
			prev = ']'
			continue
		case c == '(':
			top := &stack[len(stack)-1]
			if top.taken && len(stack) > 1 {
				// skip this variation: balanced parentheses outside values
				depth := 1
				for i++; i < len(data) && depth > 0; i++ {
					switch data[i] {
					case '[':
						for i++; i < len(data) && data[i] != ']'; i++ {
							if data[i] == '\\' {
								i++
							}
						}
					case '(':
						depth++
					case ')':
						depth--
					}
				}
				i--
				continue
			}
			top.taken = true
			stack = append(stack, level{})
		case c == ')':
			stack = stack[:len(stack)-1]
			if len(stack) == 1 {
				stack[0].taken = false // a new game tree of the collection
			}
		case (c == 'B' || c == 'W') && (prev == ';' || prev == ']'):
			j := i + 1
			for j < len(data) && (data[j] == ' ' || data[j] == '\n' || data[j] == '\r' || data[j] == '\t') {
				j++
			}
			if j < len(data) && data[j] == '[' {
				moves++
			}
		}
		if c != ' ' && c != '\n' && c != '\r' && c != '\t' {
			prev = c
		}
	}
	return moves
}

func TestAllShippedGames(t *testing.T) {
	root := testdata.Go(t)
	files, _ := filepath.Glob(filepath.Join(root, "*", "*.sgf"))
	if len(files) < 300 {
		t.Fatalf("found %d SGF files under %s, want the 375 of the corpus", len(files), root)
	}
	total := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		games, err := Load(f, data)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		n := 0
		for _, g := range games {
			n += len(g.Moves)
			b, _ := g.Position(len(g.Moves))
			if !b.Stones(weiqi.Black).And(b.Stones(weiqi.White)).IsEmpty() {
				t.Errorf("%s: overlapping stones", f)
			}
		}
		if want := mainLineMoves(data); n != want {
			t.Errorf("%s: %d moves in the main line, the text count says %d", f, n, want)
		}
		total += n
	}
	t.Logf("%d files, %d main-line moves", len(files), total)
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "x.sgf:1:1: no game tree"},
		{"(;SZ[19]B[dd]", "x.sgf:1:14: file ends inside a game tree"},
		{"(;SZ[19]\nC[abc", "x.sgf:2:2: value not closed"},
		{"(;SZ[21])", "x.sgf:1:3: SZ[21]: boards are 1x1 to 19x19"},
		{"(;SZ[9]B[zz])", "x.sgf:1:8: B[zz]: point is off the 9x9 board"},
		{"(;SZ[9];B[aa];W[aa])", "x.sgf:1:15: move 2 white A9: point is occupied"},
		{"(;SZ[9]AW[ab][ba];B[aa])", "x.sgf:1:19: move 1 black A9: suicide"},
		{"(;SZ[9] x)", "x.sgf:1:9: property identifier without a capital letter"},
		{"(;SZ[9] 7)", "x.sgf:1:9: unexpected '7'"},
		{"(;GM[2])", "x.sgf:1:3: GM[2] is not a game of Go"},
		{"(B[aa])", "x.sgf:1:2: want \";\" to start a node"},
	} {
		_, err := Load("x.sgf", []byte(c.in))
		var se *Error
		if err == nil || !errors.As(err, &se) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Load(%q) = %v, want an error starting %q", c.in, err, c.want)
		}
	}
}

func TestGameDecode(t *testing.T) {
	src := `(;GM[1]FF[4]SZ[9]HA[2]AB[cc][gg]PL[W]C[start]
;W[ee]C[first \] move];B[tt];W[]
(;B[dd];W[cd])
(;B[aa]))`
	games, err := Load("t.sgf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	if g.Grid.Size() != 9 || g.Handicap != 2 || g.ToMove != weiqi.White {
		t.Fatalf("size %d handicap %d to move %v", g.Grid.Size(), g.Handicap, g.ToMove)
	}
	if len(g.Moves) != 5 {
		t.Fatalf("%d moves, want 5 (main line)", len(g.Moves))
	}
	if g.Moves[0].Comment != "first ] move" || g.Moves[1].Point != weiqi.Pass || g.Moves[2].Point != weiqi.Pass {
		t.Errorf("moves %+v", g.Moves[:3])
	}
	b, tm := g.Position(0)
	if b.Stones(weiqi.Black).Count() != 2 || tm != weiqi.White {
		t.Errorf("position 0: %d black stones, %v to move", b.Stones(weiqi.Black).Count(), tm)
	}
	if sq, _ := g.Grid.ParseGTP("C7"); b.At(sq) != weiqi.Black {
		t.Errorf("cc should be C7 and black")
	}
	b, tm = g.Position(5)
	if sq, _ := g.Grid.ParseGTP("C6"); b.At(sq) != weiqi.White || tm != weiqi.Black {
		t.Errorf("final position wrong:\n%s", b.Draw(nil))
	}
}

func TestFormatVariants(t *testing.T) {
	// FF[3] long property names, compressed point lists, soft line breaks.
	src := "junk before (;GaMe[1]SiZe[5]AddBlack[aa:bb]AddWhite[ee]Comment[a\\\nb];B[cc])"
	games, err := Load("t.sgf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	b, _ := g.Position(0)
	if b.Stones(weiqi.Black).Count() != 4 || b.Stones(weiqi.White).Count() != 1 {
		t.Errorf("setup:\n%s", b.Draw(nil))
	}
	if c, _ := g.Tree.Nodes[0].Get("C"); c != "ab" {
		t.Errorf("comment %q, want the soft line break removed", c)
	}
}

func FuzzLoad(f *testing.F) {
	f.Add([]byte("(;GM[1]SZ[9];B[aa];W[bb](;B[cc])(;B[dd]))"))
	f.Add([]byte("(;SZ[19]AB[aa:ss]AE[cc])"))
	f.Add([]byte("(;C[\\]\\\\];B[tt])"))
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := Load("f.sgf", data)
		if err != nil {
			return
		}
		for _, g := range games {
			for n := 0; n <= len(g.Moves); n++ {
				g.Position(n)
			}
		}
	})
}

// PL is read at the position's own nodes: a problem whose setup node after the root says who is
// to move, a PL after a move, and a PL that a later move makes stale.
func TestToMoveFromPLAtTheNode(t *testing.T) {
	src := `(;GM[1]FF[4]SZ[9]PL[B];AB[cc]AW[dd]PL[W];W[ee];B[ff]PL[B];W[gg])`
	games, err := Load("t.sgf", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	for _, c := range []struct {
		n    int
		want weiqi.Color
	}{
		{0, weiqi.White}, // the setup node's PL[W], not the root's PL[B]
		{1, weiqi.Black}, // after W[ee]: no PL, the next move is B's
		{2, weiqi.Black}, // B[ff]PL[B]: the node says Black (against the next move W[gg])
		{3, weiqi.Black}, // after W[gg]: the PL before it is stale
	} {
		if _, tm := g.Position(c.n); tm != c.want {
			t.Errorf("after %d moves: %v to move, want %v", c.n, tm, c.want)
		}
	}
}
