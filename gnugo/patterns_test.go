package gnugo

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/weiqi"
)

var moveDBFiles = []string{"patterns.db", "patterns2.db", "conn.db", "owl_defendpats.db"}

var (
	moveDBOnce sync.Once
	moveDBs    map[string]*PatternDB
	moveDBErr  error
)

func loadMoveDBs(t testing.TB) map[string]*PatternDB {
	t.Helper()
	dir := testdata.GnuGo(t)
	moveDBOnce.Do(func() {
		moveDBs = map[string]*PatternDB{}
		for _, f := range moveDBFiles {
			db, problems, err := LoadPatternDB(filepath.Join(dir, f))
			if err == nil && len(problems) > 0 {
				err = problems[0]
			}
			if err != nil {
				moveDBErr = err
				return
			}
			moveDBs[f] = db
		}
	})
	if moveDBErr != nil {
		t.Fatal(moveDBErr)
	}
	return moveDBs
}

func TestMovePatternsParse(t *testing.T) {
	dbs := loadMoveDBs(t)
	dir := testdata.GnuGo(t)
	total := 0
	for _, f := range moveDBFiles {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "Pattern ") {
				want++
			}
		}
		if got := len(dbs[f].Patterns); got != want {
			t.Errorf("%s: %d patterns parsed, %d Pattern lines", f, got, want)
		}
		total += want
	}
	if total != 994+228+35+490 {
		t.Errorf("%d patterns in all, want 1,747", total)
	}
	// Spot checks from the files: CB1b of conn.db, an edge pattern with its colon line.
	var cb1b *MovePattern
	for _, p := range dbs["conn.db"].Patterns {
		if p.Name == "CB1b" {
			cb1b = p
		}
	}
	if cb1b == nil || cb1b.Symmetry != '8' || cb1b.Classes != "B" || cb1b.Constraint != "!xplay_connect(*,a,b)" ||
		len(cb1b.ConstraintDiagram) != 3 || !cb1b.HasMove || !cb1b.NeedsReading() {
		t.Errorf("CB1b: %+v", cb1b)
	}
}

func TestMovePatternBadInput(t *testing.T) {
	src := "Pattern A\n\n?O.\nX*Q\n\n:8,B\n\nPattern B\n\n.*.\n\n:8,OB,shape(2)\n\nPattern C\n\n.*.\n\n:z,B\n"
	db, problems, err := ParsePatternDB("bad.db", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(db.Patterns) != 1 || db.Patterns[0].Name != "B" || db.Patterns[0].Values[0] != "shape(2)" {
		t.Fatalf("kept %+v", db.Patterns)
	}
	if len(problems) != 2 || !strings.Contains(problems[0].Error(), "bad.db:4:3: pattern A: unknown mark 'Q'") ||
		!strings.Contains(problems[1].Error(), "bad.db:18:2: pattern C: symmetry \"z\"") {
		t.Errorf("problems: %v", problems)
	}
}

// drawPattern lays a pattern's own diagram on a 19x19 board in orientation t, anchored where the
// drawn edges fall just off the board (or in the middle), and returns the board and the anchor.
// O stones are black (the colour the patterns are matched for), X white; o, x, ?, and , are
// drawn as their first choice (O, X, empty, empty).
func drawPattern(p *MovePattern, t Transform) (*weiqi.Board, int, bool) {
	g, _ := weiqi.NewGrid(19)
	type cell struct {
		df, dr int
		kind   byte
	}
	var cells []cell
	for _, list := range [][]MoveElement{p.Elements, p.OnBoard} {
		for _, e := range list {
			x, y := t.Apply(int(e.X), int(e.Y))
			cells = append(cells, cell{x, -y, e.Kind})
		}
	}
	for anchor := 0; anchor < g.Points(); anchor++ {
		f, r := g.Coords(anchor)
		fits := true
		for _, c := range cells {
			on := g.Square(f+c.df, r+c.dr) >= 0
			if on == (c.kind == elemOff) {
				fits = false
				break
			}
		}
		if !fits {
			continue
		}
		b := weiqi.NewBoard(g)
		for _, c := range cells {
			sq := g.Square(f+c.df, r+c.dr)
			switch c.kind {
			case ElemFriend, ElemNotEnemy:
				b.Set(sq, weiqi.Black)
			case ElemEnemy, ElemNotFrnd:
				b.Set(sq, weiqi.White)
			}
		}
		return b, anchor, true
	}
	return nil, 0, false
}

// Every pattern of the four databases, drawn in each of the 8 orientations, is found at its
// anchor (the '*'; a pattern without one anywhere on the board): the matcher tries only the orientations its symmetry field asks for, so this also checks
// that those cover all 8.
func TestMovePatternsMatchTheirOwnDiagrams(t *testing.T) {
	dbs := loadMoveDBs(t)
	for _, f := range moveDBFiles {
		m := NewMatcher(dbs[f])
		var scan Scan
		var buf []Match
		for _, p := range dbs[f].Patterns {
			for t8 := Transform(0); t8 < 8; t8++ {
				b, anchor, ok := drawPattern(p, t8)
				if !ok {
					t.Errorf("%s %s: cannot be drawn in orientation %c", f, p.Name, t8.Letter())
					continue
				}
				scan.Position(b, weiqi.Black)
				if p.HasMove {
					buf = m.At(&scan, anchor, buf[:0])
				} else {
					// a symmetric pattern anchored on a stone may be found at the mirror stone
					buf = m.All(&scan, buf[:0])
				}
				found := false
				for _, mt := range buf {
					if mt.Pattern == p {
						found = true
					}
				}
				if !found {
					t.Errorf("%s %s (symmetry %c): not found drawn in orientation %c", f, p.Name, p.Symmetry, t8.Letter())
				}
				if p.HasMove {
					// with a stone on the move point it must not match there
					b.Set(anchor, weiqi.White)
					scan.Position(b, weiqi.Black)
					for _, mt := range m.At(&scan, anchor, buf[:0]) {
						if mt.Pattern == p {
							t.Errorf("%s %s: matched with a stone on its move point", f, p.Name)
						}
					}
				}
			}
		}
	}
}
