package weiqi

import "slices"

// Tactical reading: whether a string can be captured (attack) and saved (defend), with the moves,
// as GNU Go's reading.c answers them for its worms, on a small search. The search reads strings of
// up to three liberties: a string in atari is captured when the capture is legal, a string of two
// liberties is read like a ladder (the attacker plays on a liberty or next to one, the defender
// extends or captures), strings of three and four liberties only within a few moves of the root;
// strings of five or more liberties are not attacked. Every query is bounded by a node budget; a search that runs out counts as failing
// (an attack not found, a defence not found), as GNU Go's depth limits do.

// Result codes of the reading, GNU Go's values: 0 fails, KOB succeeds only if the player may
// retake a ko first, KOA succeeds unless the other side may retake a ko first, Win succeeds.
const (
	KOB = 1
	KOA = 4
	Win = 5
)

// readBudget is the node budget of one attack or defence query.
const readBudget = 600

// Reader reads a board tactically. It copies the board, so the board may change afterwards.
type Reader struct {
	g     *Grid
	col   []Color
	ko    int // the simple-ko point the side to move may not retake, or -1
	koFor Color
	undo  []undoRec
	mark  []uint32
	gen   uint32
	nodes int
	libs  [][]int16 // scratch per depth
	// worm cache: attack and defence codes and points per string (by its lowest point)
	wormDone []bool
	wormA    []int8
	wormAP   []int16
	wormD    []int8
	wormDP   []int16
	safe     [3][]int8 // SafeMove cache at the root: 0 unknown, else result+1
}

type undoRec struct {
	sq          int16
	was         Color
	ko          int16
	koFor       Color
	moveBoundry bool
}

// NewReader is a reader of b's position.
func NewReader(b *Board) *Reader {
	g := b.grid
	n := g.Points()
	r := &Reader{g: g, col: make([]Color, n), ko: b.ko, koFor: b.koFor, mark: make([]uint32, n),
		wormDone: make([]bool, n), wormA: make([]int8, n), wormAP: make([]int16, n),
		wormD: make([]int8, n), wormDP: make([]int16, n)}
	for c := range r.safe {
		r.safe[c] = make([]int8, n)
	}
	for sq := 0; sq < n; sq++ {
		r.col[sq] = b.At(sq)
	}
	return r
}

// At is the colour on sq in the reader's current position.
func (r *Reader) At(sq int) Color { return r.col[sq] }

// newGen starts a new marking.
func (r *Reader) newGen() uint32 {
	r.gen++
	if r.gen == 0 {
		clear(r.mark)
		r.gen = 1
	}
	return r.gen
}

// stringAt appends the stones of the string on sq to dst.
func (r *Reader) stringAt(sq int, dst []int16) []int16 {
	c := r.col[sq]
	gen := r.newGen()
	start := len(dst)
	dst = append(dst, int16(sq))
	r.mark[sq] = gen
	for i := start; i < len(dst); i++ {
		for _, q := range r.g.nbr[dst[i]] {
			if q >= 0 && r.col[q] == c && r.mark[q] != gen {
				r.mark[q] = gen
				dst = append(dst, q)
			}
		}
	}
	return dst
}

// liberties appends the liberties of the string on sq to dst, stopping after max of them.
func (r *Reader) liberties(sq int, max int, dst []int16) []int16 {
	c := r.col[sq]
	gen := r.newGen()
	var stack [MaxSize * MaxSize]int16
	top := 0
	stack[top] = int16(sq)
	top++
	r.mark[sq] = gen
	n := 0
	for top > 0 {
		top--
		p := stack[top]
		for _, q := range r.g.nbr[p] {
			if q < 0 || r.mark[q] == gen {
				continue
			}
			switch r.col[q] {
			case c:
				r.mark[q] = gen
				stack[top] = q
				top++
			case Empty:
				r.mark[q] = gen
				dst = append(dst, q)
				n++
				if n >= max {
					return dst
				}
			}
		}
	}
	return dst
}

// countLibs is the number of liberties of the string on sq, counting at most max.
func (r *Reader) countLibs(sq, max int) int {
	var buf [8]int16
	if max > len(buf) {
		return len(r.liberties(sq, max, nil))
	}
	return len(r.liberties(sq, max, buf[:0]))
}

// CountLibs is the number of liberties of the string on sq.
func (r *Reader) CountLibs(sq int) int { return r.countLibs(sq, 1<<20) }

// play plays c on sq; it reports false (and changes nothing) for an illegal move. ignoreKo allows
// retaking the ko.
func (r *Reader) play(c Color, sq int, ignoreKo bool) bool {
	if sq < 0 || r.col[sq] != Empty || (!ignoreKo && sq == r.ko && c == r.koFor) {
		return false
	}
	opp := c.Opponent()
	base := len(r.undo)
	r.undo = append(r.undo, undoRec{sq: int16(sq), was: Empty, ko: int16(r.ko), koFor: r.koFor, moveBoundry: true})
	r.col[sq] = c
	captured, last := 0, -1
	for _, q := range r.g.nbr[sq] {
		if q < 0 || r.col[q] != opp || r.countLibs(int(q), 1) > 0 {
			continue
		}
		var buf [MaxSize * MaxSize]int16
		for _, s := range r.stringAt(int(q), buf[:0]) {
			r.undo = append(r.undo, undoRec{sq: s, was: opp})
			r.col[s] = Empty
			captured++
			last = int(s)
		}
	}
	if r.countLibs(sq, 1) == 0 {
		r.undoTo(base)
		return false
	}
	r.ko = -1
	if captured == 1 && r.countLibs(sq, 2) == 1 {
		alone := true
		for _, q := range r.g.nbr[sq] {
			if q >= 0 && r.col[q] == c {
				alone = false
			}
		}
		if alone {
			r.ko, r.koFor = last, opp
		}
	}
	return true
}

func (r *Reader) undoTo(n int) {
	for len(r.undo) > n {
		u := r.undo[len(r.undo)-1]
		r.undo = r.undo[:len(r.undo)-1]
		r.col[u.sq] = u.was
		if u.moveBoundry {
			r.ko, r.koFor = int(u.ko), u.koFor
		}
	}
}

// pop takes back the last move.
func (r *Reader) pop() {
	for i := len(r.undo) - 1; i >= 0; i-- {
		if r.undo[i].moveBoundry {
			r.undoTo(i)
			return
		}
	}
}

// Attack is GNU Go's attack(): whether the string on sq can be captured with its opponent to
// move, and the move. Results at the root position are cached per string.
func (r *Reader) Attack(sq int) (int, int) {
	r.worm(sq)
	o := r.origin(sq)
	return int(r.wormA[o]), int(r.wormAP[o])
}

// Defend is the defence code and point of the string on sq, meaningful when Attack succeeds (as
// GNU Go's worm defence codes).
func (r *Reader) Defend(sq int) (int, int) {
	r.worm(sq)
	o := r.origin(sq)
	return int(r.wormD[o]), int(r.wormDP[o])
}

// origin is the lowest point of the string on sq.
func (r *Reader) origin(sq int) int {
	var buf [MaxSize * MaxSize]int16
	o := sq
	for _, s := range r.stringAt(sq, buf[:0]) {
		o = min(o, int(s))
	}
	return o
}

func (r *Reader) worm(sq int) {
	o := r.origin(sq)
	if r.wormDone[o] {
		return
	}
	r.wormDone[o] = true
	r.wormAP[o], r.wormDP[o] = -1, -1
	r.nodes = 0
	a, ap := r.attack(o, 0)
	r.wormA[o], r.wormAP[o] = int8(a), int16(ap)
	if a != 0 {
		r.nodes = 0
		d, dp := r.defend(o, 0)
		r.wormD[o], r.wormDP[o] = int8(d), int16(dp)
	}
}

// maxDepth bounds the plies of a reading line.
const maxDepth = 40

func (r *Reader) scratch(depth int) []int16 {
	for len(r.libs) <= depth {
		r.libs = append(r.libs, make([]int16, 0, 32))
	}
	return r.libs[depth][:0]
}

// attack reads whether the attacker, to move, captures the string on sq.
func (r *Reader) attack(sq, depth int) (int, int) {
	r.nodes++
	c := r.col[sq]
	att := c.Opponent()
	libs := r.liberties(sq, 5, r.scratch(depth))
	r.libs[depth] = libs
	switch n := len(libs); {
	case n == 1:
		var buf [MaxSize * MaxSize]int16
		single := len(r.stringAt(sq, buf[:0])) == 1
		if r.play(att, int(libs[0]), false) {
			code := Win
			if single {
				code = r.captureCode(sq, int(libs[0]))
			}
			r.pop()
			if code != 0 {
				return code, int(libs[0])
			}
			return 0, -1
		}
		if r.play(att, int(libs[0]), true) {
			r.pop()
			return KOB, int(libs[0])
		}
		return 0, -1
	case n >= 5, n == 4 && depth > 3, n == 3 && depth > 4, depth >= maxDepth, r.nodes > readBudget:
		return 0, -1
	}
	// candidate moves: the liberties, then (for two liberties) the empty points next to them
	var cand candidates
	for _, l := range libs {
		cand.add(l)
	}
	if len(libs) == 2 && depth < 6 {
		for _, l := range libs {
			for _, q := range r.g.nbr[l] {
				if q >= 0 && r.col[q] == Empty {
					cand.add(q)
				}
			}
		}
	}
	best := 0
	bestAt := -1
	for _, p := range cand.list() {
		m := int(p)
		if !r.play(att, m, false) {
			continue
		}
		if r.col[sq] == Empty {
			r.pop()
			return Win, m
		}
		// a move that leaves the attacker in atari next to the string is answered by its capture
		d, _ := r.defend(sq, depth+1)
		r.pop()
		if d == 0 {
			return Win, m
		}
		if d != Win && best == 0 {
			best, bestAt = KOB, m
		}
	}
	if best != 0 {
		return best, bestAt
	}
	return 0, -1
}

// captureCode is GNU Go's attack1 on the last liberty of a single stone, the attacker having
// just captured at lib the stone that stood on sq: Win when the capturing string has another
// liberty; KOA when it is a single stone in atari (a ko the defender may retake); 0 for a
// snapback (the capturing string of several stones, in atari, is taken back at sq and the
// retaking stone has more than one liberty), else Win.
func (r *Reader) captureCode(sq, lib int) int {
	var buf [MaxSize * MaxSize]int16
	if r.countLibs(lib, 2) > 1 {
		return Win
	}
	if len(r.stringAt(lib, buf[:0])) == 1 {
		return KOA
	}
	if r.play(r.col[lib].Opponent(), sq, false) {
		snap := r.countLibs(sq, 2) > 1
		r.pop()
		if snap {
			return 0
		}
	}
	return Win
}

// candidates are the moves a read tries, each once, in the order added (at most 24: more
// are dropped).
type candidates struct {
	m [24]int16
	n int
}

func (c *candidates) add(p int16) {
	if slices.Contains(c.m[:c.n], p) || c.n == len(c.m) {
		return
	}
	c.m[c.n] = p
	c.n++
}

func (c *candidates) list() []int16 { return c.m[:c.n] }

// defend reads whether the defender, to move, saves the string on sq.
func (r *Reader) defend(sq, depth int) (int, int) {
	r.nodes++
	c := r.col[sq]
	att := c.Opponent()
	libs := r.liberties(sq, 5, r.scratch(depth))
	r.libs[depth] = libs
	if len(libs) >= 5 || len(libs) == 4 && depth > 3 || depth >= maxDepth || r.nodes > readBudget {
		return Win, -1
	}
	var cand candidates
	// captures of adjacent attacker strings in atari first, then the liberties
	var stones [MaxSize * MaxSize]int16
	str := r.stringAt(sq, stones[:0])
	gen := r.newGen()
	for _, s := range str {
		r.mark[s] = gen
	}
	var adj [32]int16
	na := 0
	for _, s := range str {
		for _, q := range r.g.nbr[s] {
			if q >= 0 && r.col[q] == att && r.mark[q] != gen && na < len(adj) {
				adj[na] = q
				na++
			}
		}
	}
	for i := 0; i < na; i++ {
		var lb [2]int16
		if l := r.liberties(int(adj[i]), 2, lb[:0]); len(l) == 1 {
			cand.add(l[0])
		}
	}
	for _, l := range libs {
		cand.add(l)
	}
	ko := false
	for _, p := range cand.list() {
		m := int(p)
		if !r.play(c, m, false) {
			continue
		}
		a, _ := r.attack(sq, depth+1)
		r.pop()
		if a == 0 {
			return Win, m
		}
		if a != Win {
			ko = true
		}
	}
	if ko {
		return KOB, -1
	}
	return 0, -1
}

// SafeMove is GNU Go's safe_move(): 0 when a stone of colour c on sq is illegal or can be
// captured at once, KOB when the move retakes a ko (legal only after a ko threat), else Win.
func (r *Reader) SafeMove(sq int, c Color) int {
	if v := r.safe[c][sq]; v != 0 {
		return int(v) - 1
	}
	res := 0
	ko := false
	ok := r.play(c, sq, false)
	if !ok && r.col[sq] == Empty {
		ok = r.play(c, sq, true)
		ko = ok
	}
	if ok {
		r.nodes = 0
		a, _ := r.attack(sq, 0)
		switch a {
		case 0:
			res = Win
		case Win:
			res = 0
		default:
			res = KOB
		}
		if ko && res != 0 {
			res = KOB
		}
		r.pop()
	}
	r.safe[c][sq] = int8(res + 1)
	return res
}

// DoesSecure is GNU Go's does_secure(): a move of c at move makes a move of the opponent at pos
// a self-atari.
func (r *Reader) DoesSecure(c Color, move, pos int) bool {
	if !r.play(c, move, false) {
		return false
	}
	defer r.pop()
	return r.IsSelfAtari(pos, c.Opponent())
}

// IsSelfAtari reports whether a stone of c on sq would be left with one liberty (and is legal).
func (r *Reader) IsSelfAtari(sq int, c Color) bool {
	if !r.play(c, sq, false) {
		return false
	}
	defer r.pop()
	return r.countLibs(sq, 2) == 1
}

// CapturesSomething reports whether a stone of c on the empty point sq captures (GNU Go's
// does_capture_something).
func (r *Reader) CapturesSomething(sq int, c Color) bool {
	for _, q := range r.g.nbr[sq] {
		if q >= 0 && r.col[q] == c.Opponent() && r.countLibs(int(q), 2) == 1 {
			return true
		}
	}
	return false
}

// IsLegal reports whether c may play on sq (simple ko included).
func (r *Reader) IsLegal(sq int, c Color) bool {
	if !r.play(c, sq, false) {
		return false
	}
	r.pop()
	return true
}

// TacticallyDead is the set of strings that can be captured and not defended (GNU Go's worms that
// are not lively), read tactically.
func (r *Reader) TacticallyDead(dst []bool) {
	for sq := range r.col {
		if r.col[sq] == Empty {
			continue
		}
		a, _ := r.Attack(sq)
		d, _ := r.Defend(sq)
		dst[sq] = a != 0 && d == 0
	}
}
