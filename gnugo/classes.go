package gnugo

import (
	"fmt"
	"strings"

	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/weiqi"
)

// Position is a board seen by one colour with its groups judged, for applying the attribute
// classes of matched patterns (patterns.texi, "Pattern Attributes").
type Position struct {
	Board   *weiqi.Board
	Color   weiqi.Color // the O of the patterns
	Groups  []Group
	groupOf [pattern.MaxSquares]int16
	an      weiqi.Analysis
}

// NewPosition judges the groups of a board (dead stones as given) for colour.
func NewPosition(db *EyeDB, b *weiqi.Board, color weiqi.Color, dead pattern.Set) *Position {
	p := &Position{Board: b, Color: color}
	res := db.NewEvaluator().All(b, dead, false, nil)
	p.Groups = Groups(b, dead, res)
	for i := range p.groupOf {
		p.groupOf[i] = -1
	}
	for gi, g := range p.Groups {
		for _, sq := range g.Stones.Squares(nil) {
			p.groupOf[sq] = int16(gi)
		}
	}
	p.an.Analyze(b)
	return p
}

// Verdict is a match with its attribute classes applied.
type Verdict struct {
	Match
	Accepted     bool     // the class constraints that need only the board and the statuses hold
	Rejected     string   // why a class constraint rejected the match
	Pending      bool     // accepted, but a helper or an autohelper constraint was not evaluated
	Reasons      []string // the actions of the classes: connects, cuts, defends, attacks, territory, ...
	NotEvaluated []string // what needs GNU Go's reading engine or is not documented
}

// Points is the board point of every element of the match.
func (p *Position) points(m Match) (friends, enemies pattern.Set) {
	g := p.Board.Grid()
	f0, r0 := g.Coords(m.Anchor)
	for _, e := range m.Pattern.Elements {
		if e.Kind == elemOff {
			continue
		}
		x, y := m.Transform.Apply(int(e.X), int(e.Y))
		sq := g.Square(f0+x, r0-y)
		if sq < 0 {
			continue
		}
		switch p.Board.At(sq) {
		case p.Color:
			friends.Add(sq)
		case p.Color.Opponent():
			enemies.Add(sq)
		}
	}
	return friends, enemies
}

func (p *Position) groupsOf(stones pattern.Set) []int {
	var out []int
	for _, sq := range stones.Squares(nil) {
		gi := int(p.groupOf[sq])
		if gi < 0 {
			continue
		}
		dup := false
		for _, o := range out {
			dup = dup || o == gi
		}
		if !dup {
			out = append(out, gi)
		}
	}
	return out
}

func (p *Position) origins(groups []int) string {
	g := p.Board.Grid()
	var names []string
	for _, gi := range groups {
		names = append(names, g.GTP(p.Groups[gi].Stones.Squares(nil)[0]))
	}
	return strings.Join(names, " ")
}

// libsAfter is the number of liberties of the string of a c stone played on sq, after its
// captures; -1 when the move is illegal.
func libsAfter(b *weiqi.Board, c weiqi.Color, sq int) int {
	t := b.Clone()
	if _, err := t.Play(c, sq); err != nil {
		return -1
	}
	return t.Liberties(t.String(sq)).Count()
}

// Judge applies the attribute classes of a match that need only the board and the group
// statuses: s and n (the safety of the move, one move deep: a stone with one liberty after its
// captures counts as trivially captured), O o X x (group statuses: URGENT stands for GNU Go's
// CRITICAL; there is no UNKNOWN), C and B (two or more distinct groups), and the actions d a e E
// c J j t U F as move reasons. Helpers, autohelper constraints and the tactical parts of the
// classes (a critical string rescued by the move, worms that can be captured) need GNU Go's
// reading and are listed as not evaluated, never taken as true.
func (p *Position) Judge(m Match) Verdict {
	v := Verdict{Match: m, Accepted: true}
	pat := m.Pattern
	cls := pat.Classes
	g := p.Board.Grid()
	has := func(c byte) bool { return strings.IndexByte(cls, c) >= 0 }
	reject := func(why string) {
		if v.Accepted {
			v.Accepted, v.Rejected = false, why
		}
	}
	if m.Move >= 0 {
		libs := libsAfter(p.Board, p.Color, m.Move)
		switch {
		case libs < 0:
			reject("the move at " + g.GTP(m.Move) + " is illegal")
		case !has('s') && libs < 2:
			reject("the stone at " + g.GTP(m.Move) + " can be captured at once (no s class)")
		}
		if has('n') {
			if l := libsAfter(p.Board, p.Color.Opponent(), m.Move); l >= 0 && l < 2 {
				reject("n: an opponent stone at " + g.GTP(m.Move) + " could be captured")
			}
		}
	}
	friends, enemies := p.points(m)
	fg, eg := p.groupsOf(friends), p.groupsOf(enemies)
	all := func(groups []int, ok func(Status) bool) bool {
		for _, gi := range groups {
			if !ok(p.Groups[gi].Status) {
				return false
			}
		}
		return true
	}
	if has('O') && !all(fg, func(s Status) bool { return s == Alive }) {
		reject("O: a friendly group is not ALIVE")
	}
	if has('o') && !all(fg, func(s Status) bool { return s == Dead }) {
		reject("o: a friendly group is not DEAD")
	}
	if has('X') && !all(eg, func(s Status) bool { return s != Dead }) {
		reject("X: an opponent group is DEAD")
	}
	if has('x') && !all(eg, func(s Status) bool { return s == Dead }) {
		reject("x: an opponent group is not DEAD")
	}
	if has('O') && len(fg) > 0 {
		v.NotEvaluated = append(v.NotEvaluated, "O: critical strings rescued by the move (reading)")
	}
	if has('C') {
		if len(fg) >= 2 {
			v.Reasons = append(v.Reasons, "connects "+p.origins(fg))
		}
		v.NotEvaluated = append(v.NotEvaluated, "C: capturable worms (reading)")
	}
	if has('B') && len(eg) >= 2 {
		v.Reasons = append(v.Reasons, "cuts "+p.origins(eg))
	}
	reasons := map[byte]string{
		'e': "territory", 'E': "moyo", 'c': "weak connection: defends " + p.origins(fg),
		'd': "defends " + p.origins(fg), 'a': "attacks " + p.origins(eg),
		'J': "joseki (d a, value at least 27)", 'j': "joseki (e E, value 20)", 't': "minor joseki (e E, value 15)",
		'U': "urgent joseki (d a, shape 15, value at least 40)", 'F': "fuseki",
	}
	for i := 0; i < len(cls); i++ {
		c := cls[i]
		switch {
		case strings.IndexByte("snOoXxCB-", c) >= 0:
		case reasons[c] != "":
			v.Reasons = append(v.Reasons, reasons[c])
		default:
			v.NotEvaluated = append(v.NotEvaluated, fmt.Sprintf("class %c: not documented in patterns.texi", c))
		}
	}
	if pat.Helper != "" {
		v.NotEvaluated = append(v.NotEvaluated, "helper "+pat.Helper)
	}
	if pat.Constraint != "" {
		v.NotEvaluated = append(v.NotEvaluated, "constraint "+pat.Constraint)
	}
	v.Pending = v.Accepted && pat.NeedsReading()
	if len(pat.Actions) > 0 {
		v.NotEvaluated = append(v.NotEvaluated, "action "+strings.Join(pat.Actions, "; "))
	}
	return v
}
