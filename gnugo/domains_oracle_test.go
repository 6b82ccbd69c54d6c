package gnugo

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/sgf"
	"github.com/cqlgo/cql/weiqi"
)

// eyeDataAt is GNU Go's eye_data of one colour at one point.
type eyeDataAt struct {
	color        string
	origin       string
	value        string
	esize, msize int
	marginal     bool
}

// TestEyeSpacesAgainstGNUGo compares our eye spaces with GNU Go's make_domains (GTP eye_data for
// both colours at every point) on positions of the corpus, with GNU Go's own judgement of which
// stones are lively (GTP worm_data: not inessential, and not capturable or defendable) given to
// us as the dead stones, so that only the domain and partition rules are compared.
func TestEyeSpacesAgainstGNUGo(t *testing.T) {
	bin := gnugoBinary()
	if bin == "" {
		t.Skip("gnugo is not installed (apt-get install gnugo): the GNU Go eye-space test is skipped")
	}
	dir := testdata.Go(t)
	cases := []struct {
		file string
		move int
	}{
		{"kgs/20040507-GnuGoCVS-read.sgf", 60},
		{"kgs/20040507-GnuGoCVS-read.sgf", 120},
		{"kgs/20040507-GnuGoCVS-read.sgf", -1},
		{"kgs/2004-04-10-GnuGoCVS-inuyasha34.sgf", -1},
		{"kgs/20040516-GoBucks-GnuGoCVS.sgf", 150},
	}
	db := loadEyeDB(t)
	total, colorDiff, margDiff, sizeDiff := 0, 0, 0, 0
	values, valueDiff := 0, 0
	for _, c := range cases {
		games, err := sgf.LoadFile(filepath.Join(dir, c.file))
		if err != nil {
			t.Fatal(err)
		}
		n := c.move
		if n < 0 || n > len(games[0].Moves) {
			n = len(games[0].Moves)
		}
		b, _ := games[0].Position(n)
		g := b.Grid()
		cmds := []string{fmt.Sprintf("boardsize %d", g.Size()), "clear_board"}
		for _, col := range []weiqi.Color{weiqi.Black, weiqi.White} {
			for sq := 0; sq < g.Points(); sq++ {
				if b.At(sq) == col {
					cmds = append(cmds, fmt.Sprintf("play %s %s", col, g.GTP(sq)))
				}
			}
		}
		first := len(cmds)
		cmds = append(cmds, "worm_data")
		for sq := 0; sq < g.Points(); sq++ {
			cmds = append(cmds, "eye_data black "+g.GTP(sq), "eye_data white "+g.GTP(sq))
		}
		resp := gtp(t, bin, cmds)
		if len(resp) < len(cmds) {
			t.Fatalf("%s: %d GTP responses to %d commands", c.file, len(resp), len(cmds))
		}
		dead := gnugoDead(t, g, resp[first])
		spaces := weiqi.EyeSpaces(b, dead, nil)
		results := db.EvaluateAll(b, dead, nil)
		for sq := 0; sq < g.Points(); sq++ {
			for k, col := range []weiqi.Color{weiqi.Black, weiqi.White} {
				theirs := parseEyeData(resp[first+1+2*sq+k])
				var ours *weiqi.EyeSpace
				for i := range spaces {
					if spaces[i].Color == col && spaces[i].Points.Has(sq) {
						ours = &spaces[i]
					}
				}
				total++
				inTheirs := theirs.color == col.String()
				switch {
				case inTheirs != (ours != nil):
					colorDiff++
					t.Logf("%s move %d %s %s: GNU Go %q, ours in a space %v", c.file, n, col, g.GTP(sq), theirs.color, ours != nil)
				case ours == nil:
				case theirs.marginal != ours.Marginal.Has(sq):
					margDiff++
					t.Logf("%s move %d %s %s: GNU Go marginal %v", c.file, n, col, g.GTP(sq), theirs.marginal)
				case theirs.esize != ours.Points.Count():
					sizeDiff++
				case theirs.origin == g.GTP(sq):
					values++
					for _, r := range results {
						if r.Space.Color == col && r.Space.Points.Has(sq) && r.Value.String() != theirs.value {
							valueDiff++
							t.Logf("%s move %d %s space at %s [%s]: GNU Go value %s, ours %s (pattern %s)", c.file, n, col, g.GTP(sq),
								g.FormatPoints(r.Space.Points), theirs.value, r.Value, name(r.Graph))
						}
					}
				}
			}
		}
	}
	t.Logf("%d point-colour pairs: %d differ in membership, %d in marginality, %d in the size of their space; %d values, %d differ",
		total, colorDiff, margDiff, sizeDiff, values, valueDiff)
	// The domains and the partition follow make_domains exactly; false margins and
	// topological_eye's half and false eyes use our tactical reader (weiqi/reading.go), which
	// is smaller than GNU Go's reading.c, so a few differences may remain. Measured on 2 Dec
	// 2026: 0 of 349 values differ from GNU Go 3.9.1 (against 3.8, before the reader: 10 of
	// 348); the bounds below also admit Debian's 3.8.
	if colorDiff > 0 || margDiff+sizeDiff > 4 || valueDiff*20 > values {
		t.Errorf("more differences from GNU Go than expected: membership %d, marginal %d, size %d, values %d of %d",
			colorDiff, margDiff, sizeDiff, valueDiff, values)
	}
}

// gnugoDead reads GTP worm_data: the stones of worms GNU Go does not count as lively.
func gnugoDead(t *testing.T, g *weiqi.Grid, text string) pattern.Set {
	var dead pattern.Set
	var origin string
	fields := map[string]string{}
	flush := func() {
		if origin == "" {
			return
		}
		if fields["inessential"] == "1" || (fields["attack_code"] != "0" && fields["defense_code"] == "0") {
			sq, err := g.ParseGTP(origin)
			if err != nil {
				t.Fatalf("worm_data origin %q: %v", origin, err)
			}
			_ = sq
			dead = dead.Or(wormStones(g, text, origin))
		}
	}
	for _, line := range strings.Split(strings.TrimPrefix(text, "="), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasSuffix(line, ":") {
			flush()
			origin, fields = strings.TrimSuffix(line, ":"), map[string]string{}
			continue
		}
		if f := strings.Fields(line); len(f) >= 2 {
			fields[f[0]] = f[1]
		}
	}
	flush()
	return dead
}

// wormStones collects the points whose worm_data names origin as their origin.
func wormStones(g *weiqi.Grid, text, origin string) pattern.Set {
	var s pattern.Set
	var at string
	for _, line := range strings.Split(strings.TrimPrefix(text, "="), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasSuffix(line, ":") {
			at = strings.TrimSuffix(line, ":")
			continue
		}
		if f := strings.Fields(line); len(f) == 2 && f[0] == "origin" && f[1] == origin {
			if sq, err := g.ParseGTP(at); err == nil {
				s.Add(sq)
			}
		}
	}
	return s
}

func parseEyeData(text string) eyeDataAt {
	var e eyeDataAt
	for _, line := range strings.Split(strings.TrimPrefix(text, "="), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		switch f[0] {
		case "color":
			e.color = f[1]
		case "origin":
			e.origin = f[1]
		case "value":
			e.value = f[1]
		case "esize":
			fmt.Sscan(f[1], &e.esize)
		case "msize":
			fmt.Sscan(f[1], &e.msize)
		case "marginal":
			e.marginal = f[1] == "1"
		}
	}
	return e
}
