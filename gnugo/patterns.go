package gnugo

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// Element kinds of a move pattern (patterns.texi): the diagram characters.
const (
	ElemEmpty    = '.' // empty
	ElemMove     = '*' // empty: O's move
	ElemFriend   = 'O' // O's stone (the player the pattern is matched for)
	ElemEnemy    = 'X' // X's stone
	ElemNotEnemy = 'o' // O or empty
	ElemNotFrnd  = 'x' // X or empty
	ElemComma    = ',' // empty (GNU Go: an empty point not of any special use here; matched as '.')
	ElemAny      = '?' // anything, but on the board
	ElemInhibit  = '!' // empty (conn.db: inhibits a connection, O's eye space points turn marginal)
	elemOff      = '#' // off the board: where the diagram draws an edge
)

// MoveElement is one constrained point of a move pattern, relative to the anchor in diagram
// coordinates (X to the right, Y down).
type MoveElement struct {
	X, Y int8
	Kind byte
}

// MovePattern is one pattern of patterns.db, patterns2.db, conn.db or owl_defendpats.db.
type MovePattern struct {
	Name string
	File string
	Line int

	Diagram  []string      // the rows as drawn (edges included, comments removed)
	Elements []MoveElement // every point but '?', and one off-board element per drawn edge
	OnBoard  []MoveElement // the '?' points: anything, but on the board
	HasMove  bool          // the anchor is the '*' (else the first O or X stone)
	Anchor   [2]int        // row and column of the anchor in Diagram

	Symmetry byte     // 8 | \ / - + X O
	Classes  string   // the attribute letters
	Values   []string // value fields: shape(2), terri(5), ...
	Helper   string   // the helper function, "" for NULL

	ConstraintDiagram []string // the labelled diagram below the colon line
	Constraint        string   // the ';' lines joined
	Actions           []string // the '>' lines
}

// NeedsReading reports whether a match depends on something only GNU Go's reading engine can
// decide: a helper function or an autohelper constraint. Such matches are reported with their
// constraint "not evaluated".
func (p *MovePattern) NeedsReading() bool { return p.Helper != "" || p.Constraint != "" }

// Transforms are the pattern's orientations to try, in GNU Go's order a g d f h b e c
// (patterns.texi, "Symmetry and transformations"): 8 for no symmetry, the first 2 for X and +,
// the first 4 for | - \ /, the middle 4 for O.
func (p *MovePattern) Transforms() []Transform {
	switch p.Symmetry {
	case 'X', '+':
		return transformOrder[:2]
	case '|', '-', '\\', '/':
		return transformOrder[:4]
	case 'O':
		return transformOrder[2:6]
	}
	return transformOrder[:]
}

// Transform is one of the 8 orientations, named by GNU Go's letters a-h.
type Transform uint8

var transformOrder = [8]Transform{0, 6, 3, 5, 7, 1, 4, 2} // a g d f h b e c

// Letter is GNU Go's name of the transformation (a identity, b flip top-bottom, c flip left-right,
// d rotate 180, e transpose, f rotate left, g rotate right, h anti-transpose).
func (t Transform) Letter() byte { return 'a' + byte(t) }

// Apply maps diagram offsets (x right, y down).
func (t Transform) Apply(x, y int) (int, int) {
	switch t {
	case 1:
		return x, -y
	case 2:
		return -x, y
	case 3:
		return -x, -y
	case 4:
		return y, x
	case 5:
		return y, -x
	case 6:
		return -y, x
	case 7:
		return -y, -x
	}
	return x, y
}

// PatternDB is a move-pattern database.
type PatternDB struct {
	File     string
	Patterns []*MovePattern
}

// LoadPatternDB reads a move-pattern database file.
func LoadPatternDB(path string) (*PatternDB, []error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return ParsePatternDB(path, f)
}

// directives are the database lines outside patterns that mkpat reads.
var directives = []string{"attribute_map", "goal_elements", "callback_data"}

// ParsePatternDB reads a move-pattern database. A pattern that does not parse is reported and
// skipped; the rest load.
func ParsePatternDB(name string, r io.Reader) (*PatternDB, []error, error) {
	db := &PatternDB{File: name}
	var problems []error
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	lineNo := 0
	type state int
	const (
		outside state = iota
		diagram
		after
	)
	st := outside
	var cur *MovePattern
	var rows []string
	var rowLines []int
	var bad error
	flush := func() {
		if cur == nil {
			return
		}
		if bad == nil && st == diagram {
			bad = &DiagramError{name, cur.Line, 1, fmt.Sprintf("pattern %s has no colon line", cur.Name)}
		}
		if bad == nil {
			bad = cur.compile(rows, rowLines)
		}
		if bad != nil {
			problems = append(problems, bad)
		} else {
			db.Patterns = append(db.Patterns, cur)
		}
		cur, rows, rowLines, bad = nil, nil, nil, nil
	}
	for sc.Scan() {
		lineNo++
		line := strings.TrimRight(sc.Text(), " \t\r")
		switch {
		case strings.HasPrefix(line, "Pattern "):
			flush()
			cur = &MovePattern{Name: strings.TrimSpace(line[len("Pattern "):]), File: name, Line: lineNo}
			st = diagram
			continue
		case strings.HasPrefix(line, "#"):
			continue
		}
		if isDirective(line) {
			flush()
			st = outside
			continue
		}
		switch st {
		case outside:
			if strings.TrimSpace(line) != "" {
				problems = append(problems, &DiagramError{name, lineNo, 1, "text outside a pattern"})
			}
		case diagram:
			switch {
			case strings.TrimSpace(line) == "":
			case strings.HasPrefix(line, ":"):
				if bad == nil {
					bad = cur.colon(line[1:], name, lineNo)
				}
				st = after
			default:
				row, _, _ := strings.Cut(strings.TrimLeft(line, " \t"), " ")
				row, _, _ = strings.Cut(row, "\t")
				rows = append(rows, row)
				rowLines = append(rowLines, lineNo)
			}
		case after:
			switch {
			case strings.TrimSpace(line) == "":
			case strings.HasPrefix(line, ";"):
				cur.Constraint = strings.TrimSpace(cur.Constraint + " " + strings.TrimSpace(line[1:]))
			case strings.HasPrefix(line, ">"):
				cur.Actions = append(cur.Actions, strings.TrimSpace(line[1:]))
			default:
				row, _, _ := strings.Cut(strings.TrimSpace(line), " ")
				cur.ConstraintDiagram = append(cur.ConstraintDiagram, row)
			}
		}
	}
	flush()
	if err := sc.Err(); err != nil {
		return nil, problems, fmt.Errorf("%s: %w", name, err)
	}
	return db, problems, nil
}

func isDirective(line string) bool {
	for _, d := range directives {
		if strings.HasPrefix(line, d+" ") || line == d {
			return true
		}
	}
	return false
}

// colon reads ":symmetry,classes,values...,helper".
func (p *MovePattern) colon(s, file string, line int) error {
	fields := strings.Split(s, ",")
	sym := strings.TrimSpace(fields[0])
	if len(sym) != 1 || !strings.Contains("8|\\/-+XO", sym) {
		return &DiagramError{file, line, 2, fmt.Sprintf("pattern %s: symmetry %q is not one of 8 | \\ / - + X O", p.Name, sym)}
	}
	p.Symmetry = sym[0]
	if len(fields) > 1 {
		p.Classes = strings.TrimSpace(fields[1])
	}
	for i := 2; i < len(fields); i++ {
		f := fields[i]
		f = strings.TrimSpace(f)
		switch {
		case f == "" || f == "NULL":
		case strings.Contains(f, "("):
			p.Values = append(p.Values, f)
		default:
			p.Helper = f
		}
	}
	return nil
}

// compile turns the diagram into elements relative to the anchor.
func (p *MovePattern) compile(rows []string, lines []int) error {
	if len(rows) == 0 {
		return &DiagramError{p.File, p.Line, 1, fmt.Sprintf("pattern %s has no diagram", p.Name)}
	}
	p.Diagram = rows
	// edges: a row of - and + is a top or bottom edge; | in a column a left or right edge
	top, bottom, left, right := -1, -1, -1, -1
	var body [][2]int // row, col of every point
	for r, row := range rows {
		if strings.Trim(row, "-+") == "" {
			if len(body) == 0 {
				top = r
			} else {
				bottom = r
			}
			continue
		}
		for c := 0; c < len(row); c++ {
			ch := row[c]
			switch ch {
			case '|':
				if c == 0 {
					left = 0
				} else {
					right = c
				}
			case '+', '-':
				return &DiagramError{p.File, lines[r], c + 1, fmt.Sprintf("pattern %s: %q inside a row", p.Name, ch)}
			case '.', '*', 'O', 'X', 'o', 'x', ',', '?', '!':
				body = append(body, [2]int{r, c})
				if ch == '*' {
					if p.HasMove {
						return &DiagramError{p.File, lines[r], c + 1, fmt.Sprintf("pattern %s: a second '*'", p.Name)}
					}
					p.HasMove, p.Anchor = true, [2]int{r, c}
				}
			default:
				return &DiagramError{p.File, lines[r], c + 1, fmt.Sprintf("pattern %s: unknown mark %q (want . * O X o x , ? ! | - +)", p.Name, ch)}
			}
		}
	}
	if len(body) == 0 {
		return &DiagramError{p.File, p.Line, 1, fmt.Sprintf("pattern %s: diagram without points", p.Name)}
	}
	if !p.HasMove {
		found := false
		for _, rc := range body {
			if ch := rows[rc[0]][rc[1]]; ch == 'O' || ch == 'X' {
				p.Anchor, found = rc, true
				break
			}
		}
		if !found {
			p.Anchor = body[0]
		}
	}
	ar, ac := p.Anchor[0], p.Anchor[1]
	for _, rc := range body {
		ch := rows[rc[0]][rc[1]]
		e := MoveElement{X: int8(rc[1] - ac), Y: int8(rc[0] - ar), Kind: ch}
		if ch == '?' {
			p.OnBoard = append(p.OnBoard, e)
			continue
		}
		p.Elements = append(p.Elements, e)
	}
	// one off-board element per edge, in the anchor's row or column
	if top >= 0 {
		p.Elements = append(p.Elements, MoveElement{X: 0, Y: int8(top - ar), Kind: elemOff})
	}
	if bottom >= 0 {
		p.Elements = append(p.Elements, MoveElement{X: 0, Y: int8(bottom - ar), Kind: elemOff})
	}
	if left >= 0 {
		p.Elements = append(p.Elements, MoveElement{X: int8(left - ac), Y: 0, Kind: elemOff})
	}
	if right >= 0 {
		p.Elements = append(p.Elements, MoveElement{X: int8(right - ac), Y: 0, Kind: elemOff})
	}
	return nil
}
