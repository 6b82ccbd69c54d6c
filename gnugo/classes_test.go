package gnugo

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/weiqi"
)

// Hand cases for the attribute classes on small synthetic patterns (not GNU Go's), so that the
// expected verdicts follow from patterns.texi's definitions alone.
func TestJudgeClasses(t *testing.T) {
	eyes := loadEyeDB(t)
	src := `Pattern Conn

O*O

:|,C

Pattern ConnAlive

O*O

:|,OC

Pattern Cut

X*X

:|,B

Pattern SelfAtari

?X?
X*X

:|,-

Pattern SelfAtariS

?X?
X*X

:|,s

Pattern Helped

O*O

:|,C,some_helper
`
	db, problems, err := ParsePatternDB("hand.db", strings.NewReader(src))
	if err != nil || len(problems) > 0 {
		t.Fatal(err, problems)
	}
	m := NewMatcher(db)
	// Black (to move) has a living group (A1-E3, eyes A2 and C2) and two lone stones D5 and F5
	// with E5 between them: no eye of their own, but room to run on an open board, so ALIVE as
	// GNU Go's dragon_status has them, and ConnAlive passes its O class. White has lone stones at G5 and
	// J5 with H5 between them (the space around H5 is worth no eye with white to move, so they
	// stay two groups); B8 is a black self-atari point among white stones.
	b, _ := weiqi.ParseDiagram(`
		.O.......
		O.O......
		.........
		.........
		...X.XO.O
		.........
		XXXXX....
		.X.X.....
		XXXXX....`)
	g := b.Grid()
	pos := NewPosition(eyes, b, weiqi.Black, pattern.Set{})
	var scan Scan
	scan.Position(b, weiqi.Black)
	verdicts := map[string]Verdict{}
	for _, mt := range m.All(&scan, nil) {
		v := pos.Judge(mt)
		verdicts[mt.Pattern.Name+"@"+g.GTP(mt.Anchor)] = v
	}
	check := func(key string, accepted, pending bool, reason, rejected string) {
		t.Helper()
		v, ok := verdicts[key]
		if !ok {
			t.Errorf("%s: no match (have %v)", key, keys(verdicts))
			return
		}
		if v.Accepted != accepted || v.Pending != pending || (reason != "" && !strings.Contains(strings.Join(v.Reasons, ";"), reason)) ||
			(rejected != "" && !strings.Contains(v.Rejected, rejected)) {
			t.Errorf("%s: %+v", key, v)
		}
	}
	check("Conn@E5", true, false, "connects D5 F5", "")
	check("ConnAlive@E5", true, false, "connects D5 F5", "")
	check("Cut@H5", true, false, "cuts G5 J5", "")
	check("SelfAtari@B8", false, false, "", "can be captured at once")
	check("SelfAtariS@B8", true, false, "", "")
	check("Helped@E5", true, true, "connects", "")
	if v := verdicts["Helped@E5"]; !strings.Contains(strings.Join(v.NotEvaluated, ";"), "helper some_helper") {
		t.Errorf("helper not reported: %+v", v)
	}
}

func keys(m map[string]Verdict) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
