package gnugo

import (
	"math/bits"

	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/weiqi"
)

// Life-and-death reading of one group: a small search in the spirit of GNU Go's owl (owl.c), not
// its code. The attacker and the defender play in turn on the moves that matter to the group's
// eyes (the vital points of its eye spaces, the moves deciding its half eyes, the marginal
// points, captures of the strings around it in atari, its outside liberties), and every position
// of the search is judged statically as Groups judges a group: its eye spaces valued by eyes.db
// and summed, and its room to run. The search is bounded by a number of positions judged (nodes);
// when the bound runs out before the answer is known the status is Unknown, not a guess.

// Unknown is the status of a group whose life-and-death search ran out of nodes.
const Unknown Status = 3

// LifeNodes is the node bound of one life-and-death search (attack or defence) of a group.
const LifeNodes = 24

// lifeDepth bounds the moves of a line of the search.
const lifeDepth = 6

// lifeMoves bounds the moves tried at a position of the search.
const lifeMoves = 6

// Search results.
const (
	lifeFail    = 0
	lifeWin     = 1
	lifeUnknown = 2
)

// Life is the outcome of a life-and-death search.
type Life struct {
	Status Status // Alive, Urgent (GNU Go's critical), Dead or Unknown
	// Attack and Defend are the first moves of the attack and the defence that succeed (a group
	// that is Urgent has both), -1 when there is none or no move is needed.
	Attack, Defend int
	Nodes          int // positions judged
}

// lifeReader reads one group.
type lifeReader struct {
	ev     *EyeEvaluator
	c      weiqi.Color
	core   int         // a stone of the group: the group is dead when it is captured
	dead0  pattern.Set // the dead stones of the root position
	region pattern.Set // where the group's eye spaces are valued
	nodes  int
	budget int
	buf    []EyeResult
	root   *node // the root position's judgement, judged once for the attack and the defence
}

// ReadLife reads the life and death of the group holding stone sq, the other groups' dead stones
// being dead (as given to Groups), with at most nodes positions judged by each of the attack and
// the defence.
func (db *EyeDB) ReadLife(b *weiqi.Board, dead pattern.Set, sq, nodes int) Life {
	results := db.NewEvaluator().All(b, dead, false, nil)
	for _, grp := range Groups(b, dead, results) {
		if grp.Stones.Has(sq) {
			return db.readLife(b, dead, grp.Stones, nodes)
		}
	}
	return Life{Status: Dead, Attack: -1, Defend: -1}
}

// readLife is ReadLife of the group of the given stones.
func (db *EyeDB) readLife(b *weiqi.Board, dead pattern.Set, stones pattern.Set, nodes int) Life {
	lr := &lifeReader{ev: db.NewEvaluator(), c: b.At(firstOf(stones)), core: firstOf(stones), dead0: dead, budget: nodes}
	g := b.Grid()
	// the largest string is the core; the eye spaces are valued around the group
	for left := stones; !left.IsEmpty(); {
		str := b.String(firstOf(left))
		left = left.AndNot(str)
		if str.Count() > b.String(lr.core).Count() {
			lr.core = firstOf(str)
		}
	}
	area := stones
	for range 2 {
		area = area.Or(g.Adjacent(area))
	}
	lr.region = area
	a, am := lr.attack(b, pattern.Set{}, 0)
	used := lr.nodes
	lr.nodes = 0
	d, dm := lr.defend(b, pattern.Set{}, 0)
	life := Life{Attack: -1, Defend: -1, Nodes: used + lr.nodes}
	switch {
	case a == lifeFail:
		life.Status = Alive
	case d == lifeFail:
		life.Status = Dead
	case a == lifeWin && d == lifeWin:
		life.Status = Urgent
		life.Attack, life.Defend = am, dm
	default:
		life.Status = Unknown
	}
	return life
}

// node is the static judgement of a position of the search.
type node struct {
	captured bool
	grp      Group
	results  []EyeResult
	// the tactical attack and defence points of the group's strings of up to three liberties
	// that can be captured (weak: there is one)
	tacAttack, tacDefend pattern.Set
}

// judge values the group's eye spaces in b (moved: the points played since the root, whose
// strings are read again for dead stones).
func (lr *lifeReader) judge(b *weiqi.Board, moved pattern.Set) node {
	if moved.IsEmpty() && lr.root != nil {
		return *lr.root
	}
	n := lr.judgeAt(b, moved)
	if moved.IsEmpty() {
		n.results = append([]EyeResult(nil), n.results...) // lr.buf is reused
		lr.root = &n
	}
	return n
}

// judgeAt is judge without the root's cache.
func (lr *lifeReader) judgeAt(b *weiqi.Board, moved pattern.Set) node {
	lr.nodes++
	if b.At(lr.core) != lr.c {
		return node{captured: true}
	}
	an := lr.ev.Analysis()
	an.Analyze(b)
	dead := lr.dead0.And(b.Stones(weiqi.Black).Or(b.Stones(weiqi.White)))
	if !moved.IsEmpty() {
		g := b.Grid()
		rd := an.Reader()
		touched := moved.Or(g.Adjacent(moved))
		stones := b.Stones(weiqi.Black).Or(b.Stones(weiqi.White))
		for left := touched.And(stones); !left.IsEmpty(); {
			p := firstOf(left)
			str, libs := an.StringOf(p)
			left = left.AndNot(str)
			dead = dead.AndNot(str)
			if libs.Count() > 3 {
				continue
			}
			if a, _ := rd.Attack(p); a != 0 {
				if d, _ := rd.Defend(p); d == 0 {
					dead = dead.Or(str)
				}
			}
		}
		if dead.Has(lr.core) {
			return node{captured: true}
		}
	}
	an.SetRegion(lr.region)
	lr.buf = lr.ev.near(b, dead, lr.region, lr.buf[:0])
	results := lr.buf
	for _, grp := range Groups(b, dead, results) {
		if grp.Stones.Has(lr.core) {
			n := node{grp: grp, results: results}
			rd := an.Reader()
			for left := grp.Stones; !left.IsEmpty(); {
				p := firstOf(left)
				str, libs := an.StringOf(p)
				left = left.AndNot(str)
				if libs.Count() > 3 {
					continue
				}
				if a, ap := rd.Attack(p); a != 0 && ap >= 0 {
					n.tacAttack.Add(ap)
					if d, dp := rd.Defend(p); d != 0 && dp >= 0 {
						n.tacDefend.Add(dp)
					}
				}
			}
			return n
		}
	}
	return node{captured: true}
}

// alive reports whether the group of n lives whoever plays first.
func (n *node) alive() bool { return !n.captured && n.grp.Status == Alive }

// moves are the candidate moves of a side at n: for the attacker (attack) or the defender.
func (lr *lifeReader) moves(b *weiqi.Board, n *node, attack bool) []int {
	g := b.Grid()
	empty := b.Empty()
	var out []int
	var seen pattern.Set
	add := func(s pattern.Set) {
		for !s.IsEmpty() && len(out) < lifeMoves {
			p := firstOf(s)
			s.Remove(p)
			if !seen.Has(p) && empty.Has(p) {
				seen.Add(p)
				out = append(out, p)
			}
		}
	}
	var vital, other, extra, margins, small pattern.Set
	for _, si := range n.grp.Spaces {
		r := &n.results[si]
		if attack {
			vital, other = vital.Or(r.Attack), other.Or(r.Defense)
		} else {
			vital, other = vital.Or(r.Defense), other.Or(r.Attack)
		}
		extra = extra.Or(r.Extra)
		for i := 0; i < r.Space.NumHalf && i < len(r.Space.Half); i++ {
			h := &r.Space.Half[i]
			if attack {
				for j := 0; j < int(h.NumAttacks); j++ {
					extra.Add(int(h.Attacks[j]))
				}
			} else {
				for j := 0; j < int(h.NumDefenses); j++ {
					extra.Add(int(h.Defenses[j]))
				}
			}
		}
		margins = margins.Or(r.Space.Marginal)
		if r.Space.Points.Count() <= 4 {
			small = small.Or(r.Space.Points)
		}
	}
	// strings next to the group in atari: the defender captures, the attacker saves
	var captures pattern.Set
	near := g.Adjacent(n.grp.Stones).And(b.Stones(lr.c.Opponent()))
	for !near.IsEmpty() {
		p := firstOf(near)
		str := b.String(p)
		near = near.AndNot(str)
		if libs := b.Liberties(str); libs.Count() == 1 {
			captures = captures.Or(libs)
		}
	}
	libs := g.Adjacent(n.grp.Stones).And(empty)
	var own pattern.Set
	for _, si := range n.grp.Spaces {
		own = own.Or(n.results[si].Space.Points)
	}
	outside := libs.AndNot(own)
	if attack {
		add(n.tacAttack)
		add(vital)
		add(extra)
		add(captures)
		add(other)
		if outside.Count() <= 3 {
			add(outside)
		}
		add(margins)
		add(small)
	} else if n.grp.First < 2 {
		// no two eyes in the eye spaces: only a capture, a tactical defence or a run can save
		// the group
		add(captures)
		add(n.tacDefend)
		if n.grp.Escape >= escapeAliveOpen {
			add(outside)
		}
	} else {
		add(captures)
		add(n.tacDefend)
		add(vital)
		add(extra)
		add(other)
		add(margins)
		if outside.Count() <= 3 {
			add(outside)
		}
		add(small)
	}
	return out
}

// attack reads whether the attacker, to move in b, kills the group, and the move (-1: the group
// is dead as it stands).
func (lr *lifeReader) attack(b *weiqi.Board, moved pattern.Set, depth int) (int, int) {
	n := lr.judge(b, moved)
	if n.captured {
		return lifeWin, -1
	}
	if n.alive() && (depth > 0 || n.tacAttack.IsEmpty()) {
		// alive as it stands; at the root a group with a string that can be captured is read
		// all the same
		return lifeFail, -1
	}
	if n.grp.First < 2 && !n.alive() {
		// fewer than two eyes even with the defender to move: dead as it stands unless a
		// capture or a run saves it
		switch r, _ := lr.defendAt(b, &n, moved, depth); r {
		case lifeFail:
			return lifeWin, -1
		case lifeUnknown:
			return lifeUnknown, -1
		}
	}
	if depth >= lifeDepth || lr.nodes >= lr.budget {
		return lifeUnknown, -1
	}
	return lr.try(b, lr.c.Opponent(), lr.moves(b, &n, true), moved, depth, lr.defend)
}

// defend reads whether the defender, to move in b, saves the group, and the move.
func (lr *lifeReader) defend(b *weiqi.Board, moved pattern.Set, depth int) (int, int) {
	n := lr.judge(b, moved)
	if n.captured {
		return lifeFail, -1
	}
	if n.alive() {
		return lifeWin, -1
	}
	return lr.defendAt(b, &n, moved, depth)
}

// defendAt tries the defender's moves at a judged position: with two eyes for the defender to
// move, its vital point (the eye values say it lives), else the captures and runs that may save
// the group, each read against the attack.
func (lr *lifeReader) defendAt(b *weiqi.Board, n *node, moved pattern.Set, depth int) (int, int) {
	if n.grp.First >= 2 {
		if d := firstOf(n.grp.Defend); d >= 0 {
			return lifeWin, d
		}
	}
	cands := lr.moves(b, n, false)
	if len(cands) == 0 {
		return lifeFail, -1
	}
	if depth >= lifeDepth || lr.nodes >= lr.budget {
		return lifeUnknown, -1
	}
	return lr.try(b, lr.c, cands, moved, depth, lr.attack)
}

// try plays each of the moves for colour c in b and reads the reply (the other side's attack
// or defence) after it: lifeWin with the first move whose reply fails, lifeUnknown when a
// reply or the node budget runs out, else lifeFail.
func (lr *lifeReader) try(b *weiqi.Board, c weiqi.Color, moves []int, moved pattern.Set, depth int,
	reply func(*weiqi.Board, pattern.Set, int) (int, int)) (int, int) {
	unknown := false
	for _, m := range moves {
		nb := b.Clone()
		if _, err := nb.Play(c, m); err != nil {
			continue
		}
		mv := moved
		mv.Add(m)
		switch r, _ := reply(nb, mv, depth+1); r {
		case lifeFail:
			return lifeWin, m
		case lifeUnknown:
			unknown = true
		}
		if lr.nodes >= lr.budget {
			return lifeUnknown, -1
		}
	}
	if unknown {
		return lifeUnknown, -1
	}
	return lifeFail, -1
}

// near is All valuing only the eye spaces with a point in region (the others are dropped); the
// analysis must hold b, with region set.
func (e *EyeEvaluator) near(b *weiqi.Board, dead pattern.Set, region pattern.Set, dst []EyeResult) []EyeResult {
	return e.value(b, dead, region, true, dst)
}

// firstOf is the lowest point of a non-empty set.
func firstOf(s pattern.Set) int {
	for i, w := range s {
		if w != 0 {
			return i*64 + bits.TrailingZeros64(w)
		}
	}
	return -1
}

// ReadGroups is Groups with the status of the groups whose eye spaces leave it open read by
// ReadLife (at most nodes positions judged by each attack and defence; 0: LifeNodes): the URGENT
// groups and those with a string that can be captured tactically but also defended; then the
// capturing races between the groups still open are settled by semeai.
func (db *EyeDB) ReadGroups(b *weiqi.Board, dead pattern.Set, results []EyeResult, nodes int) []Group {
	if nodes <= 0 {
		nodes = LifeNodes
	}
	groups := Groups(b, dead, results)
	var rd *weiqi.Reader
	for i := range groups {
		grp := &groups[i]
		if grp.Dead {
			continue
		}
		if grp.Status != Urgent {
			if grp.Status == Alive && !grp.Friend {
				continue // alive by its eyes or its room: a weak string of it is not the group
			}
			if rd == nil {
				rd = weiqi.NewReader(b)
			}
			if !weak(b, rd, grp.Stones) {
				continue
			}
		}
		life := db.readLife(b, dead, grp.Stones, nodes)
		grp.Read, grp.Nodes = true, life.Nodes
		grp.Status = life.Status
		grp.Attack, grp.Defend = pattern.Set{}, pattern.Set{}
		if life.Status == Urgent {
			if life.Attack >= 0 {
				grp.Attack.Add(life.Attack)
			}
			if life.Defend >= 0 {
				grp.Defend.Add(life.Defend)
			}
		}
	}
	semeai(b, groups)
	return groups
}

// semeai settles the capturing races between adjacent groups of opposite colours that are both
// open after the reading (not alive, not dead by tactics, not UNKNOWN): a DEAD group lives when it has
// more liberties than such a neighbour with as many eyes, or more eyes (with the opponent to
// move) and at least as many liberties (one eye beats no eye). The loser keeps its status. The
// liberties are counted as they stand, outside ones and shared ones alike; the tactical reader
// settles the short races (up to three or four liberties) before this. Measured on the agreement
// corpus (docs/go.md): group status 93.84% -> 94.13% on the files of
// CQL_GNUGO_AGREEMENT_STEP=10, 94.42% -> 94.80% on those of CQL_GNUGO_AGREEMENT_OFFSET=5.
func semeai(b *weiqi.Board, groups []Group) {
	g := b.Grid()
	empty := b.Empty()
	open := func(x *Group) bool { return !x.Dead && x.Status != Alive && x.Status != Unknown }
	libs := make([]int, len(groups))
	for i := range groups {
		libs[i] = g.Adjacent(groups[i].Stones).And(empty).Count()
	}
	var wins []int
	for i := range groups {
		x := &groups[i]
		if !open(x) || x.Status != Dead {
			continue // an URGENT group is decided by its own eye shape, which the search read
		}
		near := g.Adjacent(x.Stones)
		for j := range groups {
			y := &groups[j]
			if y.Color == x.Color || !open(y) || y.Stones.And(near).IsEmpty() {
				continue
			}
			if x.Second > y.Second && libs[i] >= libs[j] || x.Second == y.Second && libs[i] > libs[j] {
				wins = append(wins, i)
				break
			}
		}
	}
	// decided on the statuses before any race is settled
	for _, i := range wins {
		groups[i].Status = Alive
		groups[i].Attack, groups[i].Defend = pattern.Set{}, pattern.Set{}
	}
}

// weak reports whether a string of stones (of up to three liberties) can be captured tactically.
func weak(b *weiqi.Board, rd *weiqi.Reader, stones pattern.Set) bool {
	for left := stones; !left.IsEmpty(); {
		p := firstOf(left)
		str := b.String(p)
		left = left.AndNot(str)
		if b.Liberties(str).Count() > 3 {
			continue
		}
		if a, _ := rd.Attack(p); a != 0 {
			return true
		}
	}
	return false
}
