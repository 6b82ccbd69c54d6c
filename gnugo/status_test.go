package gnugo

import (
	"testing"
)

func ev(s string) EyeValue {
	var v EyeValue
	for i := range v {
		v[i] = s[i] - '0'
	}
	return v
}

// The sums follow eyes.texi's meanings of the values: 1111 one eye, 0011 a half eye, 1122
// one and a half, 0022 the chimera {2|0}, 0000 nothing.
func TestCombineEyeValues(t *testing.T) {
	for _, c := range []struct {
		parts         []string
		first, second int
	}{
		{[]string{"1122"}, 2, 1},
		{[]string{"1111", "1111"}, 2, 2},                 // two eyes
		{[]string{"1122", "1111"}, 2, 2},                 // straight three and an eye
		{[]string{"0011", "1111"}, 2, 1},                 // a half eye and an eye
		{[]string{"0011", "0011"}, 1, 1},                 // two half eyes make one eye
		{[]string{"0011", "0011", "0011"}, 2, 1},         // three half eyes: one and a half
		{[]string{"0022", "0022"}, 2, 2},                 // two chimeras are miai
		{[]string{"0000", "0011"}, 1, 0},                 // nothing and a half eye
		{[]string{"1122", "1122"}, 2, 2},                 // miai
		{[]string{"0111", "0111"}, 2, 2},                 // two threatened eyes: each threat is answered
		{[]string{}, 0, 0},                               // no eye space
		{[]string{"2222", "0000"}, 2, 2},                 // two eyes in one space
		{[]string{"1112"}, 1, 1},                         // square four: the threat needs two moves
		{[]string{"0011", "0011", "0011", "0011"}, 2, 2}, // four half eyes: two eyes
	} {
		var vals []EyeValue
		for _, p := range c.parts {
			vals = append(vals, ev(p))
		}
		f, s, _, _ := combine(vals)
		if f != c.first || s != c.second {
			t.Errorf("%v: (%d, %d), want (%d, %d)", c.parts, f, s, c.first, c.second)
		}
	}
}

func TestGroupStatus(t *testing.T) {
	db := loadEyeDB(t)
	for _, c := range []struct {
		name, board string
		at          string
		status      Status
		defend      string
	}{
		// Black with two one-point eyes (A9, C9) and a straight three: alive.
		{"two eyes", fill9("D5 E5 F5"), "A8", Alive, ""},
		// Black surrounding only a straight three, white around it alive: urgent at E5.
		{"straight three", `
			OOOOOOOOO
			O.OOOOO.O
			OOOOOOOOO
			OOXXXXXOO
			OOX...XOO
			OOXXXXXOO
			OOOOOOOOO
			O.OOOOO.O
			OOOOOOOOO`, "C5", Urgent, "E5"},
		{"square four", `
			OOOOOOOOO
			O.OOOOO.O
			OOOOOOOOO
			OOXXXXOOO
			OOX..XOOO
			OOX..XOOO
			OOXXXXOOO
			O.OOOOO.O
			OOOOOOOOO`, "C5", Dead, ""},
	} {
		b, dead := parseCase(t, c.board)
		g := b.Grid()
		res := db.NewEvaluator().All(b, dead, false, nil)
		at, _ := g.ParseGTP(c.at)
		var found *Group
		for _, grp := range Groups(b, dead, res) {
			if grp.Stones.Has(at) {
				found = &grp
				break
			}
		}
		if found == nil {
			t.Errorf("%s: no group at %s", c.name, c.at)
			continue
		}
		if found.Status != c.status || g.FormatPoints(found.Defend) != c.defend {
			t.Errorf("%s: %v (%d, %d) defend [%s], want %v defend [%s]", c.name, found.Status, found.First, found.Second,
				g.FormatPoints(found.Defend), c.status, c.defend)
		}
	}
}
