package gnugo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/sgf"
	"github.com/cqlgo/cql/weiqi"
)

// topologyCases are the positions of issue 37, each showing a rule of GNU Go 3.9.1's
// topological_eye and recognize_eye, with GNU Go's GTP eval_eye answer at the point (GNU Go 3.9.1,
// `loadsgf` then `eval_eye`; all stones lively).
var topologyCases = []struct {
	name, sgf, at, want string
}{
	{
		// A1's diagonal B2 lies in another black eye space: it counts nothing, so A1 is a
		// proper eye, not a half eye
		"diagonal in another own space",
		"(;GM[1]FF[4]SZ[7]AB[ad][ae][af][bd][bg][cd][cg][dd][de][df][dg]AW[ac][bc][cc][dc][ec][ed][ee][ef][eg]PL[B])",
		"A1", "1 1",
	},
	{
		// A1's diagonal B2 is a marginal point of the same space: it counts 1, A1 is a half
		// eye and the space 0022
		"marginal diagonal in the same space",
		"(;GM[1]FF[4]SZ[7]AB[ae][af][ce][cg][de][df][dg]AW[ad][bd][be][cd][dd][ed][ee][ef][eg]PL[B])",
		"B2", "0 2 B2 B2",
	},
	{
		// E1's diagonal F2 is a white stone in atari: E1 is a half eye decided at G2 (capture
		// or connect), with a virtual vertex in the graph although no empty point is its key
		"half eye by a stone in atari",
		"(;GM[1]FF[4]SZ[9]AB[ch][ci][dg][di][eg][eh][fg][fi][gi]AW[bg][bh][bi][cf][cg][df][ef][ff][fh][gf][gg][hg][hh][hi]PL[B])",
		"E1", "0 1 G2 G2",
	},
}

func TestTopologyCasesOfIssue37(t *testing.T) {
	db := loadEyeDB(t)
	bin := gnugoBinary()
	for _, c := range topologyCases {
		games, err := sgf.Load(c.name, []byte(c.sgf))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := games[0].Position(0)
		g := b.Grid()
		at, err := g.ParseGTP(c.at)
		if err != nil {
			t.Fatal(err)
		}
		res := db.NewEvaluator().All(b, pattern.Set{}, false, nil)
		got := EvalEye(g, res, at)
		if got != c.want {
			t.Errorf("%s: eval_eye %s is %q, GNU Go 3.9.1 says %q", c.name, c.at, got, c.want)
		}
		if bin == "" {
			continue
		}
		// the installed GNU Go as well, when it is 3.9 (3.8 agrees on these too)
		path := filepath.Join(t.TempDir(), "p.sgf")
		if err := os.WriteFile(path, []byte(c.sgf), 0o644); err != nil {
			t.Fatal(err)
		}
		resp := gtp(t, bin, []string{"loadsgf " + path, "eval_eye " + c.at})
		if len(resp) < 2 {
			t.Fatalf("%s: GNU Go answered %q", c.name, resp)
		}
		if theirs := strings.TrimSpace(strings.TrimPrefix(resp[1], "=")); theirs != got {
			t.Errorf("%s: ours %q, %s says %q", c.name, got, bin, theirs)
		}
	}
}

// Bent four in the corner, enclosed by a living white wall: the black group is CRITICAL (URGENT),
// attacked at B1, as GNU Go 3.9.1's dragon_status says ("critical B1 A1"); its eye space is
// GNU Go's eval_eye "1 2 B1 B1".
func TestBentFourInTheCornerIsCritical(t *testing.T) {
	db := loadEyeDB(t)
	games, err := sgf.Load("bent4", []byte("(;GM[1]FF[4]SZ[9]AB[ag][bg][cg][dg][bh][ch][dh][di]AW[af][bf][cf][df][ef][eg][eh][ei]PL[B])"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := games[0].Position(0)
	g := b.Grid()
	res := db.NewEvaluator().All(b, weiqi.ReadDead(b), false, nil)
	a1, _ := g.ParseGTP("A1")
	if got := EvalEye(g, res, a1); got != "1 2 B1 B1" {
		t.Errorf("eval_eye A1 %q, GNU Go says \"1 2 B1 B1\"", got)
	}
	c2, _ := g.ParseGTP("C2")
	for _, grp := range Groups(b, weiqi.ReadDead(b), res) {
		if grp.Stones.Has(c2) && (grp.Status != Urgent || g.FormatPoints(grp.Attack) != "B1") {
			t.Errorf("black group: %v attack [%s], want URGENT attack [B1]", grp.Status, g.FormatPoints(grp.Attack))
		}
	}
}
