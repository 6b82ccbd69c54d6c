package filter

import (
	"strings"
	"testing"
)

// unboundGame is the game these CQL 9.493 answers were taken on
// (`cql-st -i u.pgn -o out.pgn q.cql`, with `cql()` before each query).
const unboundGame = `[Event "u"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Nxe5 Qd4 6. Nf3 Qxe4+ 7. Qe2 Qxe2+ 8. Kxe2 *
`

// A square or piece loop's variable after its loop, and a number variable
// never assigned, are unbound, and reading one stops the run as in CQL
// 9.493, which names the variable (issue 38). Before, the brace-less body of
// a loop reached over the filters that used its variable (an extension that
// changed answers: lila/hangingPiece.cql of elma16/reti, which CQL refuses,
// matched), and an unbound number read as false. comment, str and isbound
// only look at a variable: `<unbound: X>`, false.
func TestUnboundVariablesStopTheRun(t *testing.T) {
	g := readOne(t, unboundGame)
	for _, c := range []struct{ src, where, cql string }{
		{"square Sq in [d5,h8] true move capture Sq", "1:40", "attempt to access unbound square variable: Sq"},
		{"square Sq in [d5,h8] true Sq", "1:27", "attempt to access unbound square variable: Sq"},
		{"square x in h1-8 R attacks x x attacks K", "1:30", "attempt to access unbound square variable: x"},
		{"if ply > 5 S = [a1] S attacks k", "1:21", "attempt to access unbound square variable: S"},
		{"piece Tp in [Qq] true Tp attacks k", "1:23", "Unexpected unbound piece variable: Tp"},
		{"flipcolor {wtm piece T in [qrbn] not [a] attacks T move capture T}", "1:65", "Unexpected unbound piece variable: T"},
		{"if ply == 1 then Cv = 1 else true Cv > 0", "1:35", "Numeric variable is not bound but attempt to access its value was made: Cv"},
	} {
		q := compileText(t, c.src)
		e := q.NewEvaluator()
		e.Game(g)
		err := e.Err()
		if err == nil || !strings.Contains(err.Error(), "t.pgn: game 1, the start position: query "+c.where+": ") ||
			!strings.Contains(err.Error(), `(CQL: "`+c.cql+`")`) {
			t.Errorf("%s: error %v, want one at %s quoting CQL's %q", c.src, err, c.where, c.cql)
		}
	}
	// CQL's comments on every position (16; 15 for Tp, as the game's last
	// position has no queen) and matches.
	for _, c := range []struct {
		src   string
		want  string
		count int
	}{
		{"square Sq in [d5,h8] true comment(Sq)", "<unbound: Sq>", 16},
		{"square all Sq in [d5,h8] true comment(Sq)", "<unbound: Sq>", 16},
		{"piece Tp in [Qq] true comment(Tp)", "<unbound: Tp>", 15},
		{"square Sq in [e5,h8] true square Sq in [e4] comment(Sq)", "e4", 16},
		{`square Sq in [d5,h8] true isbound Sq comment("b")`, "", 0},
		{`piece Tp in [Qq] true isbound Tp comment("b")`, "", 0},
		{`square Sq in [d5,h8] true str(Sq) == "a"`, "", 0},
	} {
		notes := notesOf(t, c.src, g)
		if len(notes) != c.count {
			t.Errorf("%s: %d comments %q, CQL %d", c.src, len(notes), notes, c.count)
			continue
		}
		for _, n := range notes {
			if _, text, _ := strings.Cut(n, ": "); text != c.want {
				t.Errorf("%s: comment %q, CQL %q", c.src, n, c.want)
				break
			}
		}
	}
}
