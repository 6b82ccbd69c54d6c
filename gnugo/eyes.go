package gnugo

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/weiqi"
)

// Status is the life-and-death status of an eye space or a group (seed 001).
type Status uint8

// The statuses: two eyes whoever plays first, two eyes only if the owner plays first, fewer.
const (
	Dead Status = iota
	Urgent
	Alive
)

func (s Status) String() string {
	switch s {
	case Alive:
		return "ALIVE"
	case Urgent:
		return "URGENT"
	}
	return "DEAD"
}

// StatusOf is seed 001's rule: first = eyes if the owner plays first, second = eyes if the
// opponent does; 2/2 ALIVE, 2/<2 URGENT, <2 DEAD.
func StatusOf(first, second int) Status {
	switch {
	case first >= 2 && second >= 2:
		return Alive
	case first >= 2:
		return Urgent
	}
	return Dead
}

// EyeResult is an eye space valued by eyes.db.
type EyeResult struct {
	Space   weiqi.EyeSpace
	Graph   *EyeGraph // the matching pattern; nil when none matches (valued by unmatchedValue, as GNU Go does)
	Value   EyeValue
	Attack  pattern.Set // the attacker's vital points (to reduce the eyes)
	Defense pattern.Set // the defender's vital points (to make the eyes)
	Extra   pattern.Set // key points of half eyes added to the graph, outside Space.Points
}

// First is the number of eyes if the owner plays first.
func (r *EyeResult) First() int { return r.Value.First() }

// Second is the number of eyes if the opponent plays first.
func (r *EyeResult) Second() int { return r.Value.Second() }

// Status is StatusOf(First, Second).
func (r *EyeResult) Status() Status { return StatusOf(r.First(), r.Second()) }

// Vital is the union of the attack and defence points, reported when the value depends on who
// plays first (GNU Go marks vital points only where they change the value).
func (r *EyeResult) Vital() pattern.Set {
	if r.First() == r.Second() {
		return pattern.Set{}
	}
	return r.Attack.Or(r.Defense)
}

// EyesToMove is the urgent-point rule of seed 001: with a vital point in the shape, count the
// eyes of First when the owner is to move (or already holds the vital point), else of Second.
func (r *EyeResult) EyesToMove(ownerToMove bool) int {
	if ownerToMove {
		return r.First()
	}
	return r.Second()
}

// Match finds the first graph of the database (file order: edge and corner patterns come first)
// isomorphic to the eye space's graph with compatible marks, and the board point of each pattern
// vertex. It returns nil when none matches.
func (db *EyeDB) Match(b *weiqi.Board, es *weiqi.EyeSpace) (*EyeGraph, [MaxEyeVertices]int) {
	var where [MaxEyeVertices]int
	var sc eyeScratch
	g := db.matchSpace(&sc, b, es)
	if g != nil {
		for k, st := range g.plan {
			where[st.vert] = int(sc.sq[sc.img[k]])
		}
	}
	return g, where
}

// eyeScratch is the matcher's working space for one eye space.
type eyeScratch struct {
	shape graphShape
	sq    [MaxEyeVertices]int16 // board point of each vertex of shape
	img   [MaxEyeVertices]int8  // vertex of shape for each step of the matched graph's plan
}

// unmatchedValue is GNU Go's guess for an eye space no graph matches (optics.c, compute_eyes):
// with e points of which m are marginal, two eyes when e-2m > 3, one when e-2m > 0, else none.
func unmatchedValue(es *weiqi.EyeSpace) EyeValue {
	switch d := es.Points.Count() - 2*es.Marginal.Count(); {
	case d > 3:
		return EyeValue{2, 2, 2, 2}
	case d > 0:
		return EyeValue{1, 1, 1, 1}
	}
	return EyeValue{}
}

// maxInnerPoints is the most non-marginal points of an eye space GNU Go looks up in eyes.db
// (optics.c, recognize_eye); larger spaces get unmatchedValue.
const maxInnerPoints = 8

func (db *EyeDB) matchSpace(sc *eyeScratch, b *weiqi.Board, es *weiqi.EyeSpace) *EyeGraph {
	if es.NumKeys == 0 {
		if p, ok := single(&es.Points); ok {
			// one point: the answer was looked up when the database was read
			sc.sq[0], sc.img[0] = int16(p), 0
			return db.single[b2i(es.Marginal.Has(p))][b2i(es.Dead.Has(p))][min(b.Grid().EdgeCount(p), 2)]
		}
	}
	if es.Points.AndNot(es.Marginal).Count() > maxInnerPoints {
		return nil
	}
	if !boardShape(&sc.shape, &sc.sq, b, es, db.maxVertices) {
		return nil
	}
	return db.match(&sc.shape, &sc.img)
}

// single is the point of a set of one point.
func single(s *pattern.Set) (int, bool) {
	p := -1
	for wi, w := range s {
		if w != 0 {
			if p >= 0 || w&(w-1) != 0 {
				return -1, false
			}
			p = wi*64 + bits.TrailingZeros64(w)
		}
	}
	return p, p >= 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Evaluate values an eye space with the database.
func (db *EyeDB) Evaluate(b *weiqi.Board, es *weiqi.EyeSpace) EyeResult {
	var r EyeResult
	var sc eyeScratch
	db.evaluateInto(&sc, b, es, &r, true)
	return r
}

// evaluateInto is Evaluate writing into r, so that All fills its results in place instead of
// copying them. zeroed says r's vital and extra point sets are empty already.
func (db *EyeDB) evaluateInto(sc *eyeScratch, b *weiqi.Board, es *weiqi.EyeSpace, r *EyeResult, zeroed bool) {
	if es != &r.Space {
		r.Space = *es
	}
	if !zeroed {
		r.Attack, r.Defense, r.Extra = pattern.Set{}, pattern.Set{}, pattern.Set{}
	}
	if es.NumKeys == 0 {
		if p, ok := single(&es.Points); ok {
			// most spaces are one point: matchSpace's table lookup, with the point's flags
			w, bit := p>>6, uint64(1)<<(uint(p)&63)
			g := db.single[b2i(es.Marginal[w]&bit != 0)][b2i(es.Dead[w]&bit != 0)][min(b.Grid().EdgeCount(p), 2)]
			r.Graph = g
			if g == nil {
				r.Value = unmatchedValue(es)
				return
			}
			r.Value = g.Value
			f := g.Vertices[0].Flags
			if f&AttackPoint != 0 {
				r.Attack.Add(p)
			}
			if f&DefensePoint != 0 {
				r.Defense.Add(p)
			}
			return
		}
	}
	for i := 0; i < es.NumKeys; i++ {
		if k := es.Keys[i].Key; !es.Points.Has(k) {
			r.Extra.Add(k)
		}
	}
	g := db.matchSpace(sc, b, es)
	r.Graph = g
	if g == nil {
		r.Value = unmatchedValue(es)
		return
	}
	r.Value = g.Value
	for k, st := range g.plan {
		f := g.Vertices[st.vert].Flags
		if f&AttackPoint != 0 {
			r.Attack.Add(int(sc.sq[sc.img[k]]))
		}
		if f&DefensePoint != 0 {
			r.Defense.Add(int(sc.sq[sc.img[k]]))
		}
	}
}

// EyeEvaluator finds and values the eye spaces of positions, reusing its scratch space: no
// allocation per position once its buffers have grown. It is not safe for concurrent use.
type EyeEvaluator struct {
	db *EyeDB
	an weiqi.Analysis
	sc eyeScratch
}

// NewEvaluator returns an evaluator on the database.
func (db *EyeDB) NewEvaluator() *EyeEvaluator {
	return &EyeEvaluator{db: db}
}

// Analysis is the string table of the last position evaluated.
func (e *EyeEvaluator) Analysis() *weiqi.Analysis { return &e.an }

// Value values one eye space of b into r, without allocating.
func (e *EyeEvaluator) Value(b *weiqi.Board, es *weiqi.EyeSpace, r *EyeResult) {
	e.db.evaluateInto(&e.sc, b, es, r, false)
}

// All finds and values every eye space of a position and appends the results to dst. With
// simpleDead the dead stones are found by weiqi's simple rule and dead is ignored.
func (e *EyeEvaluator) All(b *weiqi.Board, dead pattern.Set, simpleDead bool, dst []EyeResult) []EyeResult {
	e.an.Analyze(b)
	if simpleDead {
		dead = e.an.SimpleDead()
	}
	// the spaces are found in their results' Space fields: valuing does not copy them
	start := len(dst)
	e.an.EyeSpacesInto(dead, func() *weiqi.EyeSpace {
		if len(dst) < cap(dst) {
			dst = dst[:len(dst)+1]
			dst[len(dst)-1] = EyeResult{} // cleared in place, not copied
		} else {
			dst = append(dst, EyeResult{})
		}
		return &dst[len(dst)-1].Space
	})
	for i := start; i < len(dst); i++ {
		r := &dst[i]
		e.db.evaluateInto(&e.sc, b, &r.Space, r, true)
	}
	return dst
}

// EvaluateAll finds and values every eye space of a position (dead stones as given).
func (db *EyeDB) EvaluateAll(b *weiqi.Board, dead pattern.Set, dst []EyeResult) []EyeResult {
	return db.NewEvaluator().All(b, dead, false, dst)
}

// Shape is an eye space drawn as in eyes.db and matched against the database.
type Shape struct {
	Drawn  *EyeGraph // the drawing compiled as a graph
	Graph  *EyeGraph // the matching database pattern, nil when none matches (valued by unmatchedValue)
	Value  EyeValue
	Attack []int // vertices of Drawn that are the attacker's vital points
	Defend []int // the defender's
}

// MatchShape values an eye space drawn as in eyes.db, rows separated by newlines: . a point,
// ! a marginal point, X a dead opponent stone, $ a marginal point holding one, | - + the board's
// edges. Other marks are errors with line and column ("shape" as the file name).
func (db *EyeDB) MatchShape(text string) (*Shape, error) {
	rows := strings.Split(strings.Trim(text, "\n"), "\n")
	for r, row := range rows {
		for c := 0; c < len(row); c++ {
			switch row[c] {
			case '.', '!', 'X', '$', '|', '-', '+', ' ':
			default:
				return nil, &DiagramError{"shape", r + 1, c + 1, fmt.Sprintf("unknown mark %q in an eye shape (want . ! X $ | - +)", row[c])}
			}
		}
	}
	drawn, err := ParseEyeDiagram(rows, "shape", 1)
	if err != nil {
		return nil, err
	}
	var sh Shape
	sh.Drawn = drawn
	var drawnSpace weiqi.EyeSpace
	for i, v := range drawn.Vertices {
		drawnSpace.Points.Add(i)
		if v.Marginal {
			drawnSpace.Marginal.Add(i)
		}
	}
	sh.Value = unmatchedValue(&drawnSpace)
	var s graphShape
	s.n = len(drawn.Vertices)
	for i, v := range drawn.Vertices {
		for k := uint8(0); k < v.Degree; k++ {
			s.adj[i] |= 1 << uint(v.N[k])
		}
		if v.Marginal {
			s.sig[i] = 8
		}
		s.need[i] = sigEmpty
		if v.Flags&CanHoldStone != 0 {
			s.need[i] = sigStone
		}
		s.edge[i] = v.Edge
	}
	s.takeCensus()
	if !s.label() {
		return nil, &DiagramError{"shape", 1, 1, "a point with more than 4 neighbours"}
	}
	var img [MaxEyeVertices]int8
	if len(drawn.Vertices)-drawn.Marginal > maxInnerPoints {
		return &sh, nil
	}
	if g := db.match(&s, &img); g != nil {
		sh.Graph, sh.Value = g, g.Value
		for k, st := range g.plan {
			f := g.Vertices[st.vert].Flags
			if f&AttackPoint != 0 {
				sh.Attack = append(sh.Attack, int(img[k]))
			}
			if f&DefensePoint != 0 {
				sh.Defend = append(sh.Defend, int(img[k]))
			}
		}
		slices.Sort(sh.Attack)
		slices.Sort(sh.Defend)
	}
	return &sh, nil
}
