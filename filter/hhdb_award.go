package filter

import "strings"

// The hhdb award filters read the award at the start of the Event tag, as
// CQL's HhdbAwardNode does: optional ranks ("3", "1/2", "7/13"; a range must
// rise), then "sp" for a special award (".sp" after ranks), then ".p" prize,
// ".hm" honourable mention or ".c" commendation. "1/2.p Berger-170 MT",
// ".c Polish Chess Federation ty", "sp.hm Carlsson MT". A study without
// ranks has ranks 1 to 10000.

// hhdbAwardMaxRank is the upper rank of an award that states none (CQL's
// genericPlaceMax).
const hhdbAwardMaxRank = 10000

// award types, in the order of hhdb sort's categories.
const (
	awardNone = iota
	awardPrize
	awardHM
	awardCommendation
)

// hhdbAward is what the Event tag says of a study's award.
type hhdbAward struct {
	typ     int // awardPrize, awardHM or awardCommendation; awardNone: no award
	special bool
	r1, r2  int // ranks; 1 and hhdbAwardMaxRank when none are given
}

// readAward parses the award at the start of the Event tag.
func readAward(ev string) (a hhdbAward) {
	r1, rest, ok := readPositive(ev)
	hasRanks := ok
	r2 := r1
	if ok {
		if after, slash := strings.CutPrefix(rest, "/"); slash {
			if r2, rest, ok = readPositive(after); !ok || r2 <= r1 {
				return hhdbAward{}
			}
		}
	} else {
		rest = ev
	}
	if !hasRanks {
		rest, a.special = strings.CutPrefix(rest, "sp")
	} else {
		rest, a.special = strings.CutPrefix(rest, ".sp")
	}
	switch {
	case strings.HasPrefix(rest, ".p"):
		a.typ = awardPrize
	case strings.HasPrefix(rest, ".hm"):
		a.typ = awardHM
	case strings.HasPrefix(rest, ".c"):
		a.typ = awardCommendation
	default:
		return hhdbAward{}
	}
	if !hasRanks {
		r1, r2 = 1, hhdbAwardMaxRank
	}
	a.r1, a.r2 = r1, r2
	return a
}

// readPositive reads the decimal number at the start of s: it must be
// between 1 and 100,000,000, as CQL's readPositiveInt requires.
func readPositive(s string) (n int, rest string, ok bool) {
	k := 0
	for ; k < len(s) && s[k] >= '0' && s[k] <= '9'; k++ {
		if n <= 100000000 {
			n = n*10 + int(s[k]-'0')
		}
	}
	if n <= 0 || n > 100000000 {
		return 0, s, false
	}
	return n, s[k:], true
}

// hhdbAwardNode is hhdb [award|prize|hm|commendation] [special] [max]. As a
// filter it matches a study with such an award (any award for award; only
// special ones with special). Its value is the award's first rank (the last
// with max); a special award has no rank unless special was asked for, so it
// matches without a value (CQL: match_position true, match_count false).
type hhdbAwardNode struct {
	typ          int // awardNone: any type
	special, max bool
}

// rank returns the award's rank and whether the study has an award of the
// kind asked for; the rank is 0 for a special award special did not ask for.
func (n hhdbAwardNode) rank(e *Evaluator) (int, bool) {
	a := readAward(e.info.event)
	if a.typ == awardNone || n.typ != awardNone && a.typ != n.typ || n.special && !a.special {
		return 0, false
	}
	switch {
	case a.special && !n.special:
		return 0, true
	case n.max:
		return a.r2, true
	}
	return a.r1, true
}

func (n hhdbAwardNode) match(e *Evaluator) bool { _, ok := n.rank(e); return ok }
func (n hhdbAwardNode) num(e *Evaluator) (int, bool) {
	r, ok := n.rank(e)
	return r, ok && r > 0
}

// hhdbAwardSort is hhdb sort [award|prize|hm|commendation] [special]: it
// matches a study with such an award and sorts the games by it, best first,
// through three quiet `sort min` keys, as CQL's hhdbaward_sort writes it:
// the category (1 prize, 2 special prize, 3 honourable mention, 4 special
// one, 5 commendation, 6 special one), then the first rank, then the last.
// CQL writes hhdb sort award as three such filters joined by or (one per
// type, nine keys); since the categories of the types do not overlap, the
// three keys here order the games the same way.
type hhdbAwardSort struct {
	hhdbAwardNode     // which awards match; max is false
	idx           int // the first of the three sort keys
}

func (n *hhdbAwardSort) match(e *Evaluator) bool {
	a := readAward(e.info.event)
	if a.typ == awardNone || n.typ != awardNone && a.typ != n.typ || n.special && !a.special {
		return false
	}
	cat := 2*a.typ - 1
	if a.special {
		cat++
	}
	for k, v := range [3]int{cat, a.r1, a.r2} {
		p := &e.gameSort[n.idx+k]
		if c := (sortVal{v: v, ok: true}); e.q.sorts[n.idx+k].better(c, *p) {
			*p = c
		}
	}
	return true
}

// hhdbAward compiles an award field: "award TYPE[ special][ max]" or
// "sort TYPE[ special]".
func (c *compiler) hhdbAward(field string) node {
	words := strings.Fields(field)
	var n hhdbAwardNode
	switch words[1] {
	case "prize":
		n.typ = awardPrize
	case "hm":
		n.typ = awardHM
	case "commendation":
		n.typ = awardCommendation
	}
	for _, w := range words[2:] {
		switch w {
		case "special":
			n.special = true
		case "max":
			n.max = true
		}
	}
	if words[0] == "award" {
		return n
	}
	idx := len(c.q.sorts)
	for _, label := range []string{"cql_category", "cql_truerank", "cql_maxrank"} {
		c.q.sorts = append(c.q.sorts, SortKey{Label: label, Min: true, Quiet: true})
	}
	return &hhdbAwardSort{hhdbAwardNode: n, idx: idx}
}
