package gnugo

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/sgf"
	"github.com/cqlgo/cql/weiqi"
)

// lifeCases are hand-made shapes of a black group enclosed by a white wall on a 9x9 board (the
// rest of the board empty, black to move). Each status was worked out by hand and is GNU Go
// 3.9.1's dragon_status of the black stones (`loadsgf`, `dragon_status A2`; the answers are in
// the comments).
var lifeCases = []struct {
	name, sgf, diagram string
	at                 string // a black stone
	status             Status
	attack, defend     string // for Urgent: GNU Go's attack point; the defence points that live
}{
	{"bent four in the corner", "(;GM[1]FF[4]SZ[9]AB[ag][bg][cg][dg][bh][ch][dh][di]AW[af][bf][cf][df][ef][eg][eh][ei]PL[B])", `
	4 O O O O O
	3 X X X X O
	2 . X X X O
	1 . . . X O    GNU Go: critical B1 A1. White B1 leaves bent three A1 A2 C1 (one eye);
	  A B C D E    black B1 (or A1) makes the eyes A1-A2 and C1 (or A2 and B1-C1).`,
		"C2", Urgent, "B1", "A1 B1"},
	{"straight three on the edge", "(;GM[1]FF[4]SZ[9]AB[ah][bh][ch][dh][eh][ai][ei]AW[ag][bg][cg][dg][eg][fg][fh][fi]PL[B])", `
	3 O O O O O O
	2 X X X X X O
	1 X . . . X O  GNU Go: critical C1 C1. Black C1 makes the eyes B1 and D1; white C1 kills.
	  A B C D E F`,
		"A2", Urgent, "C1", "C1"},
	{"straight four on the edge", "(;GM[1]FF[4]SZ[9]AB[ah][bh][ch][dh][eh][fh][ai][fi]AW[ag][bg][cg][dg][eg][fg][gg][gh][gi]PL[B])", `
	3 O O O O O O O
	2 X X X X X X O
	1 X . . . . X O  GNU Go: alive. C1 and D1 are miai for two eyes.
	  A B C D E F G`,
		"A2", Alive, "", ""},
	{"square four in the corner", "(;GM[1]FF[4]SZ[9]AB[ag][bg][cg][ch][ci]AW[af][bf][cf][df][dg][dh][di]PL[B])", `
	4 O O O O
	3 X X X O
	2 . . X O
	1 . . X O  GNU Go: dead. Any black move is answered on the other diagonal: one eye.
	  A B C D`,
		"C3", Dead, "", ""},
	{"two eyes", "(;GM[1]FF[4]SZ[9]AB[ah][bh][ch][dh][bi][di]AW[ag][bg][cg][dg][eg][eh][ei]PL[B])", `
	3 O O O O O
	2 X X X X O
	1 . X . X O  GNU Go: alive. A1 and C1 are two eyes.
	  A B C D E`,
		"A2", Alive, "", ""},
	{"a dead stone in the eye", "(;GM[1]FF[4]SZ[9]AB[ah][bh][ch][dh][eh][bi][ei]AW[ag][bg][cg][dg][eg][fg][fh][ci][fi]PL[B])", `
	3 O O O O O O
	2 X X X X X O
	1 . X O . X O  GNU Go: alive (and C1 dead). White D1 would be suicide; black D1 captures:
	  A B C D E F  A1 and C1-D1 are two eyes.`,
		"A2", Alive, "", ""},
}

func TestReadLifeOfHandMadeShapes(t *testing.T) {
	db := loadEyeDB(t)
	for _, c := range lifeCases {
		games, err := sgf.Load(c.name, []byte(c.sgf))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := games[0].Position(0)
		g := b.Grid()
		at, _ := g.ParseGTP(c.at)
		dead := weiqi.ReadDead(b)
		life := db.ReadLife(b, dead, at, LifeNodes)
		if life.Status != c.status {
			t.Errorf("%s: %v, want %v", c.name, life.Status, c.status)
			continue
		}
		if life.Nodes > 2*LifeNodes {
			t.Errorf("%s: %d nodes, more than the bound of two searches of %d", c.name, life.Nodes, LifeNodes)
		}
		// ReadGroups gives the group the same status
		for _, grp := range db.ReadGroups(b, dead, db.NewEvaluator().All(b, dead, false, nil), 0) {
			if grp.Stones.Has(at) && grp.Status != c.status {
				t.Errorf("%s: ReadGroups %v, ReadLife %v", c.name, grp.Status, life.Status)
			}
		}
		if c.status != Urgent {
			continue
		}
		if got := g.GTP(life.Attack); got != c.attack {
			t.Errorf("%s: attack %s, GNU Go's %s", c.name, got, c.attack)
		}
		defendOK := false
		for _, d := range strings.Fields(c.defend) {
			defendOK = defendOK || g.GTP(life.Defend) == d
		}
		if !defendOK {
			t.Errorf("%s: defence %s, want one of %s", c.name, g.GTP(life.Defend), c.defend)
		}
		// the moves do what they say: after the attack the group is dead, after the defence alive
		for _, m := range []struct {
			c    weiqi.Color
			at   int
			want Status
		}{{weiqi.White, life.Attack, Dead}, {weiqi.Black, life.Defend, Alive}} {
			nb := b.Clone()
			if _, err := nb.Play(m.c, m.at); err != nil {
				t.Fatalf("%s: %s %s: %v", c.name, m.c, g.GTP(m.at), err)
			}
			if got := db.ReadLife(nb, weiqi.ReadDead(nb), at, LifeNodes); got.Status != m.want {
				t.Errorf("%s: after %s %s: %v, want %v", c.name, m.c, g.GTP(m.at), got.Status, m.want)
			}
		}
	}
}

// The search is bounded: with a bound of one node it cannot read the critical straight three and
// says so (Unknown) instead of guessing.
func TestReadLifeBoundGivesUnknown(t *testing.T) {
	db := loadEyeDB(t)
	c := lifeCases[1]
	games, err := sgf.Load(c.name, []byte(c.sgf))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := games[0].Position(0)
	at, _ := b.Grid().ParseGTP(c.at)
	if life := db.ReadLife(b, weiqi.ReadDead(b), at, 1); life.Status != Unknown {
		t.Errorf("one node: %v, want UNKNOWN", life.Status)
	}
}

// TestSemeaiByLiberties is a capturing race too long for the tactical reader (six liberties
// against five), on a hand-made 13x13 board. Worked out by hand: each side fills the other's
// liberties along row 4, and black, one liberty ahead, captures first even with white to move.
// GNU Go 3.9.1 (`loadsgf`, `dragon_status B5` / `H5`, also after `play black pass`): B5 alive,
// H5 dead; the two walls alive.
//
//	6 O O O O O O O X X X X X X
//	5 O X X X X X X O O O O O X
//	4 O . . . . . . . . . . . X
//	3 O O O O O O O X X X X X X
//	2 . . . . . . O X . . . . .
//	1 . . . . . . O X . . . . .
//	  A B C D E F G H J K L M N   (rows 7-13 empty)
func TestSemeaiByLiberties(t *testing.T) {
	db := loadEyeDB(t)
	const race = "(;GM[1]FF[4]SZ[13]AW[ak][aj][ai][ah][bk][bh][ck][ch][dk][dh][ek][eh][fk][fh][gm][gl][gk][gh][hi][ii][ji][ki][li]" +
		"AB[bi][ci][di][ei][fi][gi][hm][hl][hk][hh][ik][ih][jk][jh][kk][kh][lk][lh][mk][mj][mi][mh]PL[B])"
	games, err := sgf.Load("semeai", []byte(race))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := games[0].Position(0)
	g := b.Grid()
	dead := weiqi.ReadDead(b)
	results := db.NewEvaluator().All(b, dead, false, nil)
	want := map[string]Status{"B5": Alive, "H5": Dead, "A4": Alive, "N4": Alive}
	for _, grp := range db.ReadGroups(b, dead, results, 0) {
		for at, st := range want {
			if sq, _ := g.ParseGTP(at); grp.Stones.Has(sq) && grp.Status != st {
				t.Errorf("group at %s: %v, want %v (GNU Go)", at, grp.Status, st)
			}
		}
	}
	// without the race both eyeless strings are dead as they stand
	for _, grp := range Groups(b, dead, results) {
		if sq, _ := g.ParseGTP("B5"); grp.Stones.Has(sq) && grp.Status != Dead {
			t.Errorf("static status of B5 %v, want DEAD before the race is read", grp.Status)
		}
	}
}
