package gnugo

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/weiqi"
)

var (
	eyeDBOnce sync.Once
	eyeDB     *EyeDB
	eyeDBErr  error
)

func loadEyeDB(t testing.TB) *EyeDB {
	t.Helper()
	path := filepath.Join(testdata.GnuGo(t), "eyes.db")
	eyeDBOnce.Do(func() {
		var problems []error
		eyeDB, problems, eyeDBErr = LoadEyeDB(path)
		if eyeDBErr == nil && len(problems) > 0 {
			eyeDBErr = problems[0]
		}
	})
	if eyeDBErr != nil {
		t.Fatal(eyeDBErr)
	}
	return eyeDB
}

func TestEyeDBParsesEveryGraph(t *testing.T) {
	db := loadEyeDB(t)
	data, err := os.ReadFile(filepath.Join(testdata.GnuGo(t), "eyes.db"))
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "Pattern ") {
			want++
		}
	}
	if len(db.Graphs) != want || want != 1816 {
		t.Fatalf("%d graphs parsed, %d Pattern lines (eyes.db has 1816)", len(db.Graphs), want)
	}
	// Pattern 4000 (bent four in the corner): its bend is a corner vertex, the others edge ones.
	for _, g := range db.Graphs {
		if g.Name != "4000" {
			continue
		}
		if g.Value.String() != "1122" || len(g.Vertices) != 4 {
			t.Fatalf("4000: %s %d vertices", g.Value, len(g.Vertices))
		}
		edges := map[byte][]uint8{}
		for _, v := range g.Vertices {
			edges[v.Mark] = append(edges[v.Mark], v.Edge)
		}
		if e := edges['*']; len(e) != 1 || e[0] != 1 {
			t.Errorf("4000 '*' edge %v, want [1]", e)
		}
	}
}

// Every graph matches an eye space drawn from its own diagram: a board built so that the
// space's points, marks and edges are the pattern's.
func TestEyeDBBadInput(t *testing.T) {
	src := "Pattern 1\n\nx?\n\n:1111\n\nPattern 2\n\nxx\n\n:11\n\nPattern 3\n\n..\n\n:1122\n"
	db, problems, err := ParseEyeDB("bad.db", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(db.Graphs) != 1 || db.Graphs[0].Name != "3" {
		t.Errorf("kept %d graphs, want only pattern 3", len(db.Graphs))
	}
	if len(problems) != 2 || !strings.Contains(problems[0].Error(), "bad.db:3:2: unknown eye mark '?'") ||
		!strings.Contains(problems[1].Error(), "bad.db:11:2: pattern 2: value \"11\"") {
		t.Errorf("problems %v", problems)
	}
}

// eyeCase is an eye shape on a 9x9 board: X are the owner's (black) living stones, O white
// stones, d white stones given as dead, . empty. The space is the one holding the point at.
type eyeCase struct {
	name     string
	board    string
	at       string
	pattern  string // eyes.db pattern number, "" for no match (valued 2222)
	first    int
	second   int
	status   Status
	vital    string // GTP points, sorted by square
	marginal string
}

var eyeCases = []eyeCase{
	{"single point", fill9("E5"), "E5", "100", 1, 1, Dead, "", ""},
	{"two points", fill9("D5 E5"), "E5", "200", 1, 1, Dead, "", ""},
	{"straight three", fill9("D5 E5 F5"), "E5", "301", 2, 1, Urgent, "E5", ""},
	{"bent three", fill9("D5 E5 E6"), "E5", "301", 2, 1, Urgent, "E5", ""},
	{"straight four", fill9("C5 D5 E5 F5"), "E5", "4101", 2, 2, Alive, "", ""},
	{"bent four in the centre", fill9("C5 D5 E5 E6"), "E5", "4101", 2, 2, Alive, "", ""},
	{"bent four in the corner", fill9("A1 A2 B1 C1"), "A1", "4000", 2, 1, Urgent, "B1", ""},
	{"square four", fill9("D5 E5 D4 E4"), "E5", "4301", 1, 1, Dead, "", ""},
	{"pyramid four", fill9("D5 E5 F5 E6"), "E5", "4201", 2, 1, Urgent, "E5", ""},
	{"bulky five", fill9("D5 E5 F5 D6 E6"), "E5", "5302", 2, 1, Urgent, "E5", ""},
	{"crossed five", fill9("D5 E5 F5 E6 E4"), "E5", "5402", 2, 1, Urgent, "E5", ""},
	{"straight five", fill9("B5 C5 D5 E5 F5"), "E5", "5100", 2, 2, Alive, "", ""},
	{"rabbity six", fill9("D5 E5 F5 E6 E4 D6"), "E5", "69002", 2, 1, Urgent, "E5", ""},
	{"2x3 block", fill9("D5 E5 F5 D4 E4 F4"), "E5", "65203", 2, 2, Alive, "", ""},
	{"3x3 block (no pattern: 2222)", fill9("D5 E5 F5 D4 E4 F4 D6 E6 F6"), "E5", "", 2, 2, Alive, "", ""},
	{"three points, one marginal", marginalThree, "D5", "310", 1, 1, Dead, "", "E4"},
	{"dead stones X.X (simple rule)", deadXdotX, "E5", "300", 2, 2, Alive, "", ""},
	{"dead stone .X. (given)", deadDotXDot, "E5", "302", 1, 1, Dead, "", ""},
	{"false eye", falseEye, "E6", "102", 0, 0, Dead, "", "E6"},
	{"half eye", halfEye, "E6", "201", 1, 0, Dead, "F5", ""},
}

// fill9 is a 9x9 board of black stones with the given points empty, and two one-point eyes at
// A9 and C9 so that the black stones are alive whatever the shape.
func fill9(empty string) string {
	empty += " A9 C9"
	rows := make([][]byte, 9)
	for i := range rows {
		rows[i] = []byte(strings.Repeat("X", 9))
	}
	g, _ := weiqi.NewGrid(9)
	for _, p := range strings.Fields(empty) {
		sq, err := g.ParseGTP(p)
		if err != nil {
			panic(err)
		}
		f, r := g.Coords(sq)
		rows[8-r][f] = '.'
	}
	var b strings.Builder
	for _, r := range rows {
		b.Write(r)
		b.WriteByte('\n')
	}
	return b.String()
}

// D5 E5 and E4, next to white's wall: E4 is marginal (GNU Go's eye_data: esize 3, msize 1, 0111).
const marginalThree = `
.X.XXXXXX
XXXXXXXXX
XXXXXXXXX
XXXXXXXXX
XXX..XXXX
XXXX.XXXX
OOOOOOOOO
O.OOOOO.O
OOOOOOOOO`

const deadXdotX = `
.X.XXXXXX
XXXXXXXXX
XXXXXXXXX
XXXXXXXXX
XXXO.OXXX
XXXXXXXXX
XXXXXXXXX
XXXXXXXXX
XXXXXXXXX`

// A white stone between two empty points, given as dead. Black needs the two eyes at A9 and C9:
// without them the white stone wins the capturing race (black filling D5 leaves both with the one
// liberty F5), GNU Go calls it alive and sees no black eye space there.
const deadDotXDot = `
.X.XXXXXX
XXXXXXXXX
XXXXXXXXX
XXXXXXXXX
XXX.d.XXX
XXXXXXXXX
XXXXXXXXX
XXXXXXXXX
XXXXXXXXX`

// The eye at E6 has safe white stones on two diagonals: false (sum 4).
const falseEye = `
.........
..OOO....
..OOXX...
...XbX...
...XXOO..
....OOO..
.........
.........
.........`

// The same with F5 empty: a white stone there would have two liberties, so the sum is 3: a half
// eye whose key point F5 joins the graph as a marginal vertex.
const halfEye = `
.........
..OOO....
..OOXX...
...XbX...
...XX.O..
....OOO..
.........
.........
.........`

// parseCase reads a case board: b is an empty point (marking the eye), d a dead white stone.
func parseCase(t testing.TB, text string) (*weiqi.Board, pattern.Set) {
	t.Helper()
	var dead []int
	var rows []string
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		rows = append(rows, strings.TrimSpace(l))
	}
	clean := strings.NewReplacer("d", "O", "b", ".").Replace(strings.Join(rows, "\n"))
	b, err := weiqi.ParseDiagram(clean)
	if err != nil {
		t.Fatal(err)
	}
	n := len(rows)
	for i, row := range rows {
		for f := range row {
			if row[f] == 'd' {
				dead = append(dead, b.Grid().Square(f, n-1-i))
			}
		}
	}
	if len(dead) == 0 {
		return b, weiqi.SimpleDead(b)
	}
	return b, pattern.SetOf(dead...)
}

func TestEyeHandCases(t *testing.T) {
	db := loadEyeDB(t)
	for _, c := range eyeCases {
		b, dead := parseCase(t, c.board)
		g := b.Grid()
		at, _ := g.ParseGTP(c.at)
		var found *EyeResult
		for _, r := range db.EvaluateAll(b, dead, nil) {
			if r.Space.Color == weiqi.Black && r.Space.Points.Has(at) {
				found = &r
				break
			}
		}
		if found == nil {
			t.Errorf("%s: no black eye space at %s\n%s", c.name, c.at, b.Draw(nil))
			continue
		}
		name := ""
		if found.Graph != nil {
			name = found.Graph.Name
		}
		if name != c.pattern || found.First() != c.first || found.Second() != c.second || found.Status() != c.status ||
			g.FormatPoints(found.Vital()) != c.vital || g.FormatPoints(found.Space.Marginal) != c.marginal {
			t.Errorf("%s: pattern %q (%d, %d) %v vital [%s] marginal [%s] points [%s]; want pattern %q (%d, %d) %v vital [%s] marginal [%s]",
				c.name, name, found.First(), found.Second(), found.Status(), g.FormatPoints(found.Vital()),
				g.FormatPoints(found.Space.Marginal), g.FormatPoints(found.Space.Points),
				c.pattern, c.first, c.second, c.status, c.vital, c.marginal)
		}
	}
}
