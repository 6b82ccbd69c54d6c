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
	case Unknown:
		return "UNKNOWN"
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
	// AttackPoint and DefensePoint are the vital points GNU Go's recognize_eye singles out (its
	// eval_eye answer), -1 when the value does not depend on who plays first.
	AttackPoint, DefensePoint int
	Extra                     pattern.Set // moves deciding the half eyes, outside Space.Points
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
// vertex (-1-k for the virtual vertex of half eye k). It returns nil when none matches.
func (db *EyeDB) Match(b *weiqi.Board, es *weiqi.EyeSpace) (*EyeGraph, [MaxEyeVertices]int) {
	var where [MaxEyeVertices]int
	var sc eyeScratch
	g := db.matchSpace(&sc, b, es, 0)
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
	sq    [MaxEyeVertices]int16 // board point of each vertex of shape (-1-k: half eye k's virtual vertex)
	img   [MaxEyeVertices]int8  // vertex of shape for each step of the matched graph's plan
	at    [MaxEyeVertices]int16 // board vertex of each graph vertex, in the graph's order
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

// matchSpace matches the space's graph, the half eyes in skip (bit k: half eye k) taken as plain
// points without their virtual vertex.
func (db *EyeDB) matchSpace(sc *eyeScratch, b *weiqi.Board, es *weiqi.EyeSpace, skip uint) *EyeGraph {
	if es.NumHalf == 0 {
		if p, ok := single(&es.Points); ok {
			// one point: the answer was looked up when the database was read
			sc.sq[0], sc.img[0] = int16(p), 0
			return db.single[b2i(es.Marginal.Has(p))][b2i(es.Dead.Has(p))][min(b.Grid().EdgeCount(p), 2)]
		}
	}
	if es.Points.AndNot(es.Marginal).Count() > maxInnerPoints {
		return nil
	}
	if !boardShape(&sc.shape, &sc.sq, b, es, db.maxVertices, skip) {
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

// Evaluate values an eye space with the database, reading b tactically where GNU Go does.
func (db *EyeDB) Evaluate(b *weiqi.Board, es *weiqi.EyeSpace) EyeResult {
	var r EyeResult
	var sc eyeScratch
	var an weiqi.Analysis
	an.Analyze(b)
	db.evaluateInto(&sc, b, an.Reader(), es.Points.AndNot(es.Marginal), es, &r)
	return r
}

// recognized is one recognize_eye answer.
type recognized struct {
	graph            *EyeGraph
	attacks, defends []int16 // GNU Go's vital_points, in the graph's vertex order
	ap, dp           int     // the chosen ones, -1 for none
}

// urgency is GNU Go's eye_move_urgency: 0 when the value does not depend on who moves.
func urgency(v EyeValue) int {
	a, b, c, d := min(int(v[0]), 2), min(int(v[1]), 2), min(int(v[2]), 2), min(int(v[3]), 2)
	if b == c {
		return 0
	}
	return d + c - b - a
}

// recognize is GNU Go's recognize_eye: the matching graph, its vital points (a half eye's virtual
// vertex stands for the moves on the half eye's diagonals) and the attack and defence point
// chosen among them. proper are the owner's non-marginal eye points of the whole board.
func (db *EyeDB) recognize(sc *eyeScratch, b *weiqi.Board, rd *weiqi.Reader, proper pattern.Set, es *weiqi.EyeSpace, skip uint) recognized {
	rc := recognized{ap: -1, dp: -1}
	g := db.matchSpace(sc, b, es, skip)
	rc.graph = g
	if g == nil || urgency(g.Value) == 0 {
		return rc
	}
	for k, st := range g.plan {
		sc.at[st.vert] = sc.sq[sc.img[k]]
	}
	for v := range g.Vertices {
		f := g.Vertices[v].Flags
		p := sc.at[v]
		if f&AttackPoint != 0 {
			if p < 0 {
				h := &es.Half[-1-int(p)]
				rc.attacks = append(rc.attacks, h.Attacks[:h.NumAttacks]...)
			} else {
				rc.attacks = append(rc.attacks, p)
			}
		}
		if f&DefensePoint != 0 {
			if p < 0 {
				h := &es.Half[-1-int(p)]
				rc.defends = append(rc.defends, h.Defenses[:h.NumDefenses]...)
			} else {
				rc.defends = append(rc.defends, p)
			}
		}
	}
	grid := b.Grid()
	score := func(p int) int {
		s := 0
		f0, r0 := grid.Coords(p)
		for i, o := range [8][2]int{{0, -1}, {-1, 0}, {0, 1}, {1, 0}, {-1, -1}, {-1, 1}, {1, 1}, {1, -1}} {
			q := grid.Square(f0+o[0], r0+o[1])
			if q < 0 || !proper.Has(q) {
				continue
			}
			s++
			if i < 4 {
				s++
				if b.At(q) != weiqi.Empty {
					s++
				}
			}
		}
		return s
	}
	best := -10
	for _, p := range rc.attacks {
		s := score(int(p))
		if s == 0 {
			s += 2
		}
		if s > best {
			rc.ap, best = int(p), s
		}
	}
	best = -10
	for _, p := range rc.defends {
		s := score(int(p))
		if rd.SafeMove(int(p), es.Color) != weiqi.Win {
			s -= 5
		}
		if s == 0 {
			s += 2
		}
		if s > best {
			rc.dp, best = int(p), s
		}
	}
	return rc
}

// evaluateInto is GNU Go's compute_eyes (read_eye, recognize_eye) writing into r: the graph
// match, then the first half eye with a diagonal move inside the space taken as a proper eye
// point ("combination" half eye) and a single ko half eye taken as won, each kept when it gives
// the owner more (or the attacker more, with a vital point in common).
func (db *EyeDB) evaluateInto(sc *eyeScratch, b *weiqi.Board, rd *weiqi.Reader, proper pattern.Set, es *weiqi.EyeSpace, r *EyeResult) {
	if es != &r.Space {
		r.Space = *es
	}
	r.Attack, r.Defense, r.Extra = pattern.Set{}, pattern.Set{}, pattern.Set{}
	r.AttackPoint, r.DefensePoint = -1, -1
	es = &r.Space
	nh := min(es.NumHalf, len(es.Half))
	for i := 0; i < nh; i++ {
		h := &es.Half[i]
		for _, p := range h.Attacks[:h.NumAttacks] {
			r.Extra.Add(int(p))
		}
		for _, p := range h.Defenses[:h.NumDefenses] {
			r.Extra.Add(int(p))
		}
	}
	r.Extra = r.Extra.AndNot(es.Points)
	rc := db.recognize(sc, b, rd, proper, es, 0)
	r.Graph = rc.graph
	if rc.graph == nil {
		r.Value = unmatchedValue(es)
		return
	}
	value := rc.graph.Value
	best := rc
	ap, dp := rc.ap, rc.dp
	comb, ca, cd := -1, -1, -1
	nko, ko := 0, -1
	for i := 0; i < nh; i++ {
		h := &es.Half[i]
		if comb < 0 {
			a, d := -1, -1
			for _, p := range h.Attacks[:h.NumAttacks] {
				if es.Points.Has(int(p)) {
					a = int(p)
					break
				}
			}
			for _, p := range h.Defenses[:h.NumDefenses] {
				if es.Points.Has(int(p)) {
					d = int(p)
					break
				}
			}
			if a >= 0 || d >= 0 {
				comb, ca, cd = i, a, d
			}
		}
		if h.Ko() {
			nko++
			ko = i
		}
	}
	if comb >= 0 {
		cr := db.recognize(sc, b, rd, proper, es, 1<<uint(comb))
		if cr.graph != nil {
			cv := cr.graph.Value
			if ca >= 0 && value.Second() > cv.Second() && slices.Contains(cr.attacks, int16(ca)) {
				value[0], value[1] = cv[0], cv[1]
				ap = cr.ap
				best.attacks = []int16{int16(ca)}
			}
			if cd >= 0 && value.First() < cv.First() && slices.Contains(cr.defends, int16(cd)) {
				value[2], value[3] = cv[2], cv[3]
				dp = cr.dp
				best.defends = []int16{int16(cd)}
			}
			if value.Second() != value.First() {
				if ap < 0 {
					ap = ca
					if ap < 0 {
						ap = cd
					}
				}
				if dp < 0 {
					dp = cd
				}
			}
		}
	}
	if nko == 1 {
		kr := db.recognize(sc, b, rd, proper, es, 1<<uint(ko))
		if kr.graph != nil && value.First() < kr.graph.Value.First() {
			value = kr.graph.Value
			ap, dp = kr.ap, kr.dp
			best = kr
		}
	}
	r.Value = value
	if urgency(value) > 0 {
		r.AttackPoint, r.DefensePoint = ap, dp
	}
	for _, p := range best.attacks {
		if p >= 0 {
			r.Attack.Add(int(p))
		}
	}
	for _, p := range best.defends {
		if p >= 0 {
			r.Defense.Add(int(p))
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

// Value values one eye space of b into r (b must be the position last given to All).
func (e *EyeEvaluator) Value(b *weiqi.Board, es *weiqi.EyeSpace, r *EyeResult) {
	if e.an.Board() != b {
		e.an.Analyze(b)
	}
	e.db.evaluateInto(&e.sc, b, e.an.Reader(), es.Points.AndNot(es.Marginal), es, r)
}

// All finds and values every eye space of a position and appends the results to dst. With
// simpleDead the dead stones are found by weiqi's simple rule and dead is ignored.
func (e *EyeEvaluator) All(b *weiqi.Board, dead pattern.Set, simpleDead bool, dst []EyeResult) []EyeResult {
	e.an.Analyze(b)
	if simpleDead {
		dead = e.an.SimpleDead()
	}
	return e.value(b, dead, pattern.Set{}, false, dst)
}

// value finds the eye spaces of the analysed position b (dead stones as given) and values them
// into dst; with inRegion only those with a point in region.
func (e *EyeEvaluator) value(b *weiqi.Board, dead, region pattern.Set, inRegion bool, dst []EyeResult) []EyeResult {
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
	}, func(i int) *weiqi.EyeSpace { return &dst[start+i].Space })
	if inRegion {
		k := start
		for i := start; i < len(dst); i++ {
			if dst[i].Space.Points.And(region).IsEmpty() {
				continue
			}
			dst[k] = dst[i]
			k++
		}
		dst = dst[:k]
	}
	var proper [3]pattern.Set // each colour's non-marginal eye points
	for i := start; i < len(dst); i++ {
		sp := &dst[i].Space
		proper[sp.Color] = proper[sp.Color].Or(sp.Points.AndNot(sp.Marginal))
	}
	rd := e.an.Reader()
	for i := start; i < len(dst); i++ {
		r := &dst[i]
		e.db.evaluateInto(&e.sc, b, rd, proper[r.Space.Color], &r.Space, r)
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
