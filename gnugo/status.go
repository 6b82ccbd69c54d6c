package gnugo

import (
	"slices"

	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/weiqi"
)

// Group is a set of strings of one colour that share an eye shape (an eye space matched by
// eyes.db: GNU Go amalgamates the strings around an eye space into one dragon; open areas larger
// than any eye shape do not join strings), with the life and death of the group from the values
// of all its eye spaces.
type Group struct {
	Color  weiqi.Color
	Stones pattern.Set
	Spaces []int // indices into the eye results the group was built from
	First  int   // eyes if the group's owner plays first (0-2)
	Second int   // eyes if the opponent plays first
	Status Status
	// Defend is where the owner should play to reach First (when First > Second), Attack where
	// the opponent should play to hold the group to Second: the vital points of the eye space the
	// best first move is in.
	Defend, Attack pattern.Set
	Dead           bool // the group's stones were taken as dead (given, or by the simple rule)
	// Escape counts the empty points within two steps of the group (through empty points) that
	// are in none of the opponent's eye spaces and not next to an opponent stone: room to run or
	// to connect out.
	Escape int
	// Read is set when the status is ReadGroups' life-and-death search's (Nodes positions judged).
	Read  bool
	Nodes int
	// Friend is set when the group is alive by a group of its colour with two eyes near it.
	Friend bool
}

// escapeRoom is the Escape of a group: the empty points within two steps of it (through empty
// points) that are in none of the opponent's eye spaces and not next to an opponent stone.
func escapeRoom(b *weiqi.Board, stones pattern.Set, oppSpaces pattern.Set) int {
	g := b.Grid()
	empty := b.Empty()
	c := b.At(firstOf(stones))
	free := empty.AndNot(oppSpaces).AndNot(g.Adjacent(b.Stones(c.Opponent())))
	one := g.Adjacent(stones).And(empty)
	two := one.Or(g.Adjacent(one).And(empty))
	return two.And(free).Count()
}

// maxGameParts bounds the eye spaces combined exactly by the minimax (4^n states).
const maxGameParts = 7

// combine is the minimax of seed 001 over the sum of local games, one per eye space. Each eye
// value abcd is the game {Gd | Ga} with Gd = {d | c} (after a defender move: the defender again
// gives d, the attacker's answer c) and Ga = {b | a}; players alternate, moving in any unfinished
// local game, and the result is the sum of the finished games, capped at 2 eyes. It returns the
// results with the defender and with the attacker to move, and the part each side's best first
// move is in (-1 when there is none).
func combine(values []EyeValue) (first, second, defendPart, attackPart int) {
	var live []EyeValue
	var liveIdx []int
	base := 0
	for i, v := range values {
		if v[0] == v[3] { // no move changes it: a number
			base += int(v[0])
			continue
		}
		live = append(live, v)
		liveIdx = append(liveIdx, i)
	}
	if len(live) > maxGameParts {
		// Too many undecided parts to search exactly: the surplus count as if the attacker
		// moved first in each (pessimistic for the owner).
		for _, v := range live[maxGameParts:] {
			base += int(v[1])
		}
		live, liveIdx = live[:maxGameParts], liveIdx[:maxGameParts]
	}
	s := searcher{values: live, memo: map[uint32]int8{}}
	first, dp := s.best(0, true)
	second, ap := s.best(0, false)
	first, second = min(first+base, 2), min(second+base, 2)
	defendPart, attackPart = -1, -1
	if dp >= 0 {
		defendPart = liveIdx[dp]
	}
	if ap >= 0 {
		attackPart = liveIdx[ap]
	}
	return first, second, defendPart, attackPart
}

// Local game states, two bits per part: 0 start, 1 after a defender move, 2 after an attacker
// move, 3 finished (its value then is in the finished-value bits).
type searcher struct {
	values []EyeValue
	memo   map[uint32]int8
}

// state packs the parts' states (2 bits each) and the finished values (2 bits each, above).
func (s *searcher) best(state uint32, defender bool) (int, int) {
	n := len(s.values)
	key := state<<1 | b2u(defender)
	if v, ok := s.memo[key]; ok {
		return int(v), -1
	}
	bestVal, bestPart := -1, -1
	total := 0
	moved := false
	for i := 0; i < n; i++ {
		st := (state >> (2 * i)) & 3
		if st == 3 {
			total += int((state >> (2*n + 2*i)) & 3)
			continue
		}
		v := s.values[i]
		var next uint32
		switch {
		case st == 0 && defender:
			next = state&^(3<<(2*i)) | 1<<(2*i)
		case st == 0:
			next = state&^(3<<(2*i)) | 2<<(2*i)
		default:
			var val uint8
			switch {
			case st == 1 && defender:
				val = v[3]
			case st == 1:
				val = v[2]
			case st == 2 && defender:
				val = v[1]
			default:
				val = v[0]
			}
			next = state | 3<<(2*i) | uint32(val)<<(2*n+2*i)
		}
		moved = true
		r, _ := s.best(next, !defender)
		if bestVal < 0 || (defender && r > bestVal) || (!defender && r < bestVal) {
			bestVal, bestPart = r, i
		}
	}
	if !moved {
		bestVal = min(total, 2)
	}
	s.memo[key] = int8(bestVal)
	return bestVal, bestPart
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// Groups amalgamates the strings of a position into groups around the eye spaces of results (as
// EyeEvaluator.All returns them for the same board and dead stones) and judges each group.
func Groups(b *weiqi.Board, dead pattern.Set, results []EyeResult) []Group {
	g := b.Grid()
	var an weiqi.Analysis
	an.Analyze(b)
	var groups []Group
	var done pattern.Set
	var spaces [3]pattern.Set // each colour's eye-space points
	for i := range results {
		spaces[results[i].Space.Color] = spaces[results[i].Space.Color].Or(results[i].Space.Points)
	}
	for sq := 0; sq < g.Points(); sq++ {
		c := b.At(sq)
		if c == weiqi.Empty || done.Has(sq) {
			continue
		}
		// grow the group: strings next to a shared eye space join
		grp := Group{Color: c}
		str, _ := an.StringOf(sq)
		grp.Stones = str
		grp.Dead = !str.And(dead).IsEmpty()
		var used []bool = make([]bool, len(results))
		for changed := true; changed; {
			changed = false
			near := g.Adjacent(grp.Stones)
			for i := range results {
				r := &results[i]
				if used[i] || r.Space.Color != c || grp.Dead || r.Space.Points.And(near).IsEmpty() {
					continue
				}
				used[i] = true
				grp.Spaces = append(grp.Spaces, i)
				if r.Graph == nil || r.First() == 0 {
					// an open area, not an eye shape, or a shape not worth an eye even with the
					// owner to move (a cutting point both sides reach): the strings around it
					// stay apart
					continue
				}
				// strings of c around an eye shape join the group
				around := g.Adjacent(r.Space.Points).And(b.Stones(c)).AndNot(dead).AndNot(grp.Stones)
				for !around.IsEmpty() {
					var one [pattern.MaxSquares]int
					s0 := around.Squares(one[:0])[0]
					s, _ := an.StringOf(s0)
					grp.Stones = grp.Stones.Or(s)
					around = around.AndNot(s)
					changed = true
				}
			}
		}
		done = done.Or(grp.Stones)
		groups = append(groups, grp)
	}
	groups = mergeConnected(b, groups)
	for i := range groups {
		judge(b, &groups[i], results, spaces[groups[i].Color.Opponent()])
	}
	nearFriend(b, groups, spaces)
	return groups
}

// nearFriend makes alive the groups not yet alive, nor dead, within two empty steps (outside the
// opponent's eye spaces) of a living group of their colour, repeated until nothing changes: GNU
// Go's dragons take in such stones (its connection patterns amalgamate them), and then they live
// with it. Measured on the agreement corpus (docs/go.md): group status 90.19% -> 93.49% on the
// files of CQL_GNUGO_AGREEMENT_STEP=10, 91.07% -> 93.72% on the other sample (offset 5).
func nearFriend(b *weiqi.Board, groups []Group, spaces [3]pattern.Set) {
	g := b.Grid()
	empty := b.Empty()
	for changed := true; changed; {
		changed = false
		var strong [3]pattern.Set // the stones of the living groups
		for i := range groups {
			if grp := &groups[i]; !grp.Dead && grp.Status == Alive {
				strong[grp.Color] = strong[grp.Color].Or(grp.Stones)
			}
		}
		for i := range groups {
			grp := &groups[i]
			if grp.Dead || grp.Status == Alive || strong[grp.Color].IsEmpty() {
				continue
			}
			free := empty.AndNot(spaces[grp.Color.Opponent()])
			reach := g.Adjacent(grp.Stones).And(free)
			reach = reach.Or(g.Adjacent(reach).And(free))
			if !g.Adjacent(reach).And(strong[grp.Color]).IsEmpty() {
				grp.Status = Alive
				grp.Defend, grp.Attack = pattern.Set{}, pattern.Set{}
				grp.Friend = true
				changed = true
			}
		}
	}
}

// escapeAlive is the escape room (Escape) from which a group not yet holding two eyes is taken as
// alive, escapeAliveOpen that for a group without even one eye (it stands in the open rather than
// enclosed around an eye): GNU Go's dragons with room to run are alive without its owl reading.
// Tuned on the agreement corpus (docs/go.md): the files of CQL_GNUGO_AGREEMENT_STEP=10 and, to
// check, those of CQL_GNUGO_AGREEMENT_OFFSET=5.
const (
	escapeAlive     = 8
	escapeAliveOpen = 4
)

// judge sets a group's eyes and status from its eye spaces and its escape room.
func judge(b *weiqi.Board, grp *Group, results []EyeResult, oppSpaces pattern.Set) {
	grp.Escape = escapeRoom(b, grp.Stones, oppSpaces)
	if grp.Dead {
		grp.Status = Dead
		return
	}
	values := make([]EyeValue, len(grp.Spaces))
	for i, si := range grp.Spaces {
		values[i] = results[si].Value
	}
	var dp, ap int
	grp.First, grp.Second, dp, ap = combine(values)
	grp.Status = StatusOf(grp.First, grp.Second)
	if grp.First > grp.Second {
		if dp >= 0 {
			grp.Defend = results[grp.Spaces[dp]].Defense
		}
		if ap >= 0 {
			grp.Attack = results[grp.Spaces[ap]].Attack
		}
	}
	if grp.Status != Alive && (grp.Escape >= escapeAlive || grp.First == 0 && grp.Escape >= escapeAliveOpen) {
		grp.Status = Alive
		grp.Defend, grp.Attack = pattern.Set{}, pattern.Set{}
	}
}

// mergeConnected joins the groups of one colour, none of them dead, that share two or more
// liberties: a connection the opponent cannot cut with one move (a diagonal with both points
// open, a bamboo joint), as GNU Go amalgamates worms into dragons.
func mergeConnected(b *weiqi.Board, groups []Group) []Group {
	g := b.Grid()
	empty := b.Empty()
	libs := make([]pattern.Set, len(groups))
	for i := range groups {
		libs[i] = g.Adjacent(groups[i].Stones).And(empty)
	}
	parent := make([]int, len(groups))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range groups {
		for j := i + 1; j < len(groups); j++ {
			if groups[i].Color != groups[j].Color || groups[i].Dead || groups[j].Dead {
				continue
			}
			if libs[i].And(libs[j]).Count() >= 2 {
				if ri, rj := find(i), find(j); ri != rj {
					parent[rj] = ri
				}
			}
		}
	}
	var out []Group
	at := map[int]int{}
	for i := range groups {
		r := find(i)
		k, ok := at[r]
		if !ok {
			at[r] = len(out)
			out = append(out, groups[i])
			continue
		}
		m := &out[k]
		m.Stones = m.Stones.Or(groups[i].Stones)
		for _, si := range groups[i].Spaces {
			if !slices.Contains(m.Spaces, si) {
				m.Spaces = append(m.Spaces, si)
			}
		}
	}
	return out
}
