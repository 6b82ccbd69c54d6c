// Package gnugo reads GNU Go's pattern databases and uses them on weiqi boards: the eye-shape
// database eyes.db (eye-space graphs with their local-game values and vital points), the life and
// death of groups from the values of their eye spaces, and the move-pattern databases
// (patterns.db, patterns2.db, conn.db, owl_defendpats.db) matched in all orientations.
//
// The databases are GNU Go's (GPL-3.0). They are read at run time from a path the caller gives
// (in this repository ../shared/reference/gnugo); nothing of them is compiled in.
package gnugo

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
)

// Vertex flags of an eye graph.
const (
	CanBeEmpty   = 1 << iota // the vertex may be an empty point
	CanHoldStone             // the vertex may hold a dead opponent stone
	AttackPoint              // the attacker's vital point
	DefensePoint             // the defender's vital point
)

// EyeVertex is one vertex of an eyes.db graph.
type EyeVertex struct {
	Marginal bool
	Edge     uint8 // board edges next to it in the diagram: 0 centre, 1 edge, 2 corner
	Flags    uint8
	Degree   uint8
	N        [4]int8 // neighbours (indices into the graph's vertices), Degree of them
	Row, Col int     // place in the diagram, for drawing
	Mark     byte    // the diagram character
}

// EyeValue is an eyes.db value: the number of eyes (0-2) when
// [0] the attacker moves first and may move again (the defender plays elsewhere),
// [1] the attacker moves first and the defender answers,
// [2] the defender moves first and the attacker answers,
// [3] the defender moves first and may move again.
type EyeValue [4]uint8

func (v EyeValue) String() string {
	return string([]byte{'0' + v[0], '0' + v[1], '0' + v[2], '0' + v[3]})
}

// First is the number of eyes when the owner of the eye space plays first.
func (v EyeValue) First() int { return int(v[2]) }

// Second is the number of eyes when the opponent plays first.
func (v EyeValue) Second() int { return int(v[1]) }

// EyeGraph is one pattern of eyes.db.
type EyeGraph struct {
	Name     string // the number after "Pattern"
	Line     int    // line of the "Pattern" line
	Vertices []EyeVertex
	Value    EyeValue
	Marginal int       // number of marginal vertices
	key      uint64    // the index key: the hashed multiset of its vertex labels (eyematch.go)
	plan     []eyeStep // its vertices in matching order
	census   uint32    // what a board graph needs to match it (censusFits)
}

// Diagram draws the graph as in eyes.db (without the edge lines).
func (g *EyeGraph) Diagram() string {
	rows, cols := 0, 0
	for _, v := range g.Vertices {
		rows = max(rows, v.Row+1)
		cols = max(cols, v.Col+1)
	}
	grid := make([][]byte, rows)
	for i := range grid {
		grid[i] = bytes.Repeat([]byte{' '}, cols)
	}
	for _, v := range g.Vertices {
		grid[v.Row][v.Col] = v.Mark
	}
	lines := make([]string, rows)
	for i, r := range grid {
		lines[i] = strings.TrimRight(string(r), " ")
	}
	return strings.Join(lines, "\n")
}

// DiagramError is a line of a database that does not parse.
type DiagramError struct {
	File string
	Line int
	Col  int
	Msg  string
}

func (e *DiagramError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// MaxEyeVertices bounds the size of an eye graph (GNU Go's patterns have at most 8 vertices
// without the marginal ones; the largest graph of eyes.db has fewer than 20).
const MaxEyeVertices = 24

// vertexMark gives the flags and marginality of a diagram character.
func vertexMark(c byte) (flags uint8, marginal, ok bool) {
	switch c {
	case '.':
		return CanBeEmpty, false, true
	case '*':
		return CanBeEmpty | AttackPoint | DefensePoint, false, true
	case '<':
		return CanBeEmpty | AttackPoint, false, true
	case '>':
		return CanBeEmpty | DefensePoint, false, true
	case '!':
		return CanBeEmpty, true, true
	case '@':
		return CanBeEmpty | AttackPoint | DefensePoint, true, true
	case '(':
		return CanBeEmpty | AttackPoint, true, true
	case ')':
		return CanBeEmpty | DefensePoint, true, true
	case '$':
		return CanHoldStone, true, true
	case 'X':
		return CanHoldStone, false, true
	case 'x':
		return CanBeEmpty | CanHoldStone, false, true
	}
	return 0, false, false
}

// ParseEyeDiagram compiles a diagram drawn as in eyes.db (rows of . * < > ! @ ( ) $ X x, board
// edges | - +, spaces) into a graph. file and line place errors.
func ParseEyeDiagram(rows []string, file string, line int) (*EyeGraph, error) {
	g := &EyeGraph{}
	at := map[[2]int]int{}
	for r, row := range rows {
		for c := 0; c < len(row); c++ {
			ch := row[c]
			if ch == ' ' || ch == '|' || ch == '-' || ch == '+' || ch == '\t' {
				continue
			}
			flags, marginal, ok := vertexMark(ch)
			if !ok {
				return nil, &DiagramError{file, line + r, c + 1, fmt.Sprintf("unknown eye mark %q (want one of . * < > ! @ ( ) $ X x | - +)", ch)}
			}
			if len(g.Vertices) == MaxEyeVertices {
				return nil, &DiagramError{file, line + r, c + 1, fmt.Sprintf("more than %d vertices", MaxEyeVertices)}
			}
			at[[2]int{r, c}] = len(g.Vertices)
			g.Vertices = append(g.Vertices, EyeVertex{Marginal: marginal, Flags: flags, Row: r, Col: c, Mark: ch})
			if marginal {
				g.Marginal++
			}
		}
	}
	if len(g.Vertices) == 0 {
		return nil, &DiagramError{file, line, 1, "diagram without vertices"}
	}
	cell := func(r, c int) byte {
		if r < 0 || r >= len(rows) || c < 0 || c >= len(rows[r]) {
			return ' '
		}
		return rows[r][c]
	}
	for i := range g.Vertices {
		v := &g.Vertices[i]
		for _, d := range [4][2]int{{-1, 0}, {0, 1}, {1, 0}, {0, -1}} {
			r, c := v.Row+d[0], v.Col+d[1]
			switch cell(r, c) {
			case '|', '-':
				v.Edge++
			}
			if j, ok := at[[2]int{r, c}]; ok {
				v.N[v.Degree] = int8(j)
				v.Degree++
			}
		}
	}
	if !g.compilePlan() {
		return nil, &DiagramError{file, line, 1, "the diagram's points are not connected"}
	}
	return g, nil
}

// EyeDB is eyes.db: its graphs in file order, indexed for matching.
type EyeDB struct {
	Graphs      []*EyeGraph
	index       eyeIndex // graphs sharing a key, in file order
	maxVertices int      // the size of the largest graph
	// single is the graph an eye space of one point matches, by [marginal][stone][edges]
	single [2][2][3]*EyeGraph
}

// LoadEyeDB reads eyes.db from a file.
func LoadEyeDB(path string) (*EyeDB, []error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return ParseEyeDB(path, f)
}

// ParseEyeDB reads an eye-shape database. A pattern that does not parse is reported in the list
// of problems and skipped; only a read error stops the load.
func ParseEyeDB(name string, r io.Reader) (*EyeDB, []error, error) {
	db := &EyeDB{}
	var problems []error
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	lineNo := 0
	var (
		cur      *EyeGraph // the pattern being read, nil between patterns
		rows     []string
		rowsLine int
		bad      bool
	)
	finish := func(valueLine int, value string) {
		if cur == nil || bad {
			return
		}
		if len(rows) == 0 {
			problems = append(problems, &DiagramError{name, valueLine, 1, fmt.Sprintf("pattern %s has no diagram", cur.Name)})
			return
		}
		g, err := ParseEyeDiagram(rows, name, rowsLine)
		if err != nil {
			problems = append(problems, err)
			return
		}
		v := strings.TrimSpace(value)
		if len(v) != 4 {
			problems = append(problems, &DiagramError{name, valueLine, 2, fmt.Sprintf("pattern %s: value %q is not four digits abcd", cur.Name, v)})
			return
		}
		for i := 0; i < 4; i++ {
			if v[i] < '0' || v[i] > '9' {
				problems = append(problems, &DiagramError{name, valueLine, 2 + i, fmt.Sprintf("pattern %s: value %q is not four digits abcd", cur.Name, v)})
				return
			}
			g.Value[i] = min(v[i]-'0', 2) // two eyes are enough; more count as two
		}
		g.Name, g.Line = cur.Name, cur.Line
		db.maxVertices = max(db.maxVertices, len(g.Vertices))
		db.Graphs = append(db.Graphs, g)
	}
	for sc.Scan() {
		lineNo++
		line := strings.TrimRight(sc.Text(), " \t\r")
		switch {
		case strings.HasPrefix(line, "Pattern "):
			if cur != nil && !bad {
				problems = append(problems, &DiagramError{name, cur.Line, 1, fmt.Sprintf("pattern %s has no value line", cur.Name)})
			}
			cur = &EyeGraph{Name: strings.TrimSpace(line[len("Pattern "):]), Line: lineNo}
			rows, bad = nil, false
		case strings.HasPrefix(line, "#"):
		case cur == nil:
			if strings.TrimSpace(line) != "" {
				problems = append(problems, &DiagramError{name, lineNo, 1, "text outside a pattern"})
			}
		case strings.HasPrefix(line, ":"):
			finish(lineNo, line[1:])
			cur = nil
		case strings.TrimSpace(line) == "":
			// blank lines around the diagram
		default:
			if len(rows) == 0 {
				rowsLine = lineNo
			} else if rowsLine+len(rows) != lineNo {
				problems = append(problems, &DiagramError{name, lineNo, 1, fmt.Sprintf("pattern %s: a blank line inside the diagram", cur.Name)})
				bad = true
			}
			rows = append(rows, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, problems, fmt.Errorf("%s: %w", name, err)
	}
	if cur != nil && !bad {
		problems = append(problems, &DiagramError{name, cur.Line, 1, fmt.Sprintf("pattern %s has no value line", cur.Name)})
	}
	db.index = newEyeIndex(db.Graphs)
	for m := 0; m < 2; m++ {
		for st := 0; st < 2; st++ {
			for e := 0; e < 3; e++ {
				sh := graphShape{n: 1, edge: [MaxEyeVertices]uint8{uint8(e)}}
				sh.sig[0], sh.need[0] = uint8(8*m), sigEmpty
				if st == 1 {
					sh.need[0] = sigStone
				}
				sh.takeCensus()
				sh.label()
				var img [MaxEyeVertices]int8
				db.single[m][st][e] = db.match(&sh, &img)
			}
		}
	}
	return db, problems, nil
}
