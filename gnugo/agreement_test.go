package gnugo

import (
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/sgf"
	"github.com/cqlgo/cql/weiqi"
)

// agreementPosition is one position of the agreement corpus: an SGF file and the number of moves
// played (-1: all).
type agreementPosition struct {
	file  string
	moves int
}

// agreement counts what agrees with GNU Go.
type agreement struct {
	spaces, spacesGiven, spacesOwn int // GNU Go's eye spaces; those we find alike with its dead stones, with ours
	stones, statusSame             int // stones; those whose group status is the status of GNU Go's dragon
	positions                      int
	confusion                      map[string]int // "ours/theirs" stone counts
}

// TestAgreementWithGNUGo measures how far cql's eye spaces and group statuses agree with GNU Go
// (the first gnugo in PATH, else /usr/games/gnugo; the figures of docs/go.md are GNU Go 3.9.1's)
// on positions of the shared SGF corpus at several moves plus the hand-made shapes of the tests:
//
//   - an eye space agrees when our space holding GNU Go's origin has GNU Go's points, marginal
//     points and value (GTP eye_data, both colours at every point); measured once with GNU Go's
//     dead stones given (its worms that are not lively, GTP worm_data) and once with our own
//     (tactical reading);
//   - a stone's status agrees when its group's status (ALIVE, URGENT, DEAD) is GNU Go's
//     dragon_status of it (alive, critical, dead; unknown never agrees).
//
// It runs only when CQL_GNUGO_AGREEMENT_STEP is set, reading every so many files (10 for the
// figures of docs/go.md; 1 for the whole corpus) at moves 50, 100, 150 and the end.
func TestAgreementWithGNUGo(t *testing.T) {
	bin := gnugoBinary()
	if bin == "" {
		t.Skip("gnugo is not installed (apt-get install gnugo, or GNU Go 3.9.1 built from source in PATH): the agreement measurement is skipped")
	}
	// minutes of GNU Go's reading: run on request only (docs/go.md)
	s := os.Getenv("CQL_GNUGO_AGREEMENT_STEP")
	if s == "" || testing.Short() {
		t.Skip("the agreement measurement runs GNU Go on many positions: set CQL_GNUGO_AGREEMENT_STEP (10 for docs/go.md's figures)")
	}
	step, err := strconv.Atoi(s)
	if err != nil || step < 1 {
		t.Fatalf("CQL_GNUGO_AGREEMENT_STEP=%q: want a positive number", s)
	}
	db := loadEyeDB(t)
	files, err := filepath.Glob(filepath.Join(testdata.Go(t), "*", "*.sgf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no SGF files (%v)", err)
	}
	var positions []agreementPosition
	for i := 0; i < len(files); i += step {
		for _, m := range []int{50, 100, 150, -1} {
			positions = append(positions, agreementPosition{files[i], m})
		}
	}
	// the hand-made shapes: the eye cases and issue 37's positions, as SGF files
	dir := t.TempDir()
	for i, c := range eyeCases {
		b, _ := parseCase(t, c.board)
		path := filepath.Join(dir, fmt.Sprintf("case%02d.sgf", i))
		if err := os.WriteFile(path, []byte(boardSGF(b)), 0o644); err != nil {
			t.Fatal(err)
		}
		positions = append(positions, agreementPosition{path, -1})
	}
	for i, c := range topologyCases {
		path := filepath.Join(dir, fmt.Sprintf("issue%02d.sgf", i))
		if err := os.WriteFile(path, []byte(c.sgf), 0o644); err != nil {
			t.Fatal(err)
		}
		positions = append(positions, agreementPosition{path, -1})
	}
	var ag agreement
	for _, p := range positions {
		ag.measure(t, bin, db, p)
	}
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	t.Logf("%s: %d positions; eye spaces %d: %d (%.2f%%) alike with GNU Go's dead stones, %d (%.2f%%) with ours; "+
		"stones %d: %d (%.2f%%) with GNU Go's dragon status",
		bin, ag.positions, ag.spaces, ag.spacesGiven, pct(ag.spacesGiven, ag.spaces), ag.spacesOwn, pct(ag.spacesOwn, ag.spaces),
		ag.stones, ag.statusSame, pct(ag.statusSame, ag.stones))
	t.Logf("stones by status, ours/GNU Go's: %v", ag.confusion)
	// floors below the measured figures (docs/go.md), so that a regression fails
	if pct(ag.spacesGiven, ag.spaces) < 99 || pct(ag.spacesOwn, ag.spaces) < 96 || pct(ag.statusSame, ag.stones) < 85 {
		t.Errorf("agreement below the floors (99%% / 96%% / 85%%)")
	}
}

// boardSGF is an SGF record of a position's stones.
func boardSGF(b *weiqi.Board) string {
	g := b.Grid()
	n := g.Size()
	var s strings.Builder
	fmt.Fprintf(&s, "(;GM[1]FF[4]SZ[%d]", n)
	for _, c := range []weiqi.Color{weiqi.Black, weiqi.White} {
		if b.Stones(c).IsEmpty() {
			continue
		}
		s.WriteString(map[weiqi.Color]string{weiqi.Black: "AB", weiqi.White: "AW"}[c])
		for _, sq := range b.Stones(c).Squares(nil) {
			f, r := g.Coords(sq)
			fmt.Fprintf(&s, "[%c%c]", 'a'+f, 'a'+(n-1-r))
		}
	}
	s.WriteString("PL[B])")
	return s.String()
}

func (ag *agreement) measure(t *testing.T, bin string, db *EyeDB, p agreementPosition) {
	games, err := sgf.LoadFile(p.file)
	if err != nil {
		t.Fatal(err)
	}
	gm := games[0]
	n := p.moves
	if n < 0 || n > len(gm.Moves) {
		if p.moves >= 0 {
			return // the game is shorter: its end is measured anyway
		}
		n = len(gm.Moves)
	}
	b, _ := gm.Position(n)
	g := b.Grid()
	// GNU Go's loadsgf N stops before move N
	load := fmt.Sprintf("loadsgf %s %d", p.file, n+1)
	if n == len(gm.Moves) {
		load = "loadsgf " + p.file
	}
	cmds := []string{load, "worm_data"}
	for sq := 0; sq < g.Points(); sq++ {
		cmds = append(cmds, "eye_data black "+g.GTP(sq), "eye_data white "+g.GTP(sq))
	}
	first := len(cmds)
	var stones []int
	for sq := 0; sq < g.Points(); sq++ {
		if b.At(sq) != weiqi.Empty {
			stones = append(stones, sq)
			cmds = append(cmds, "dragon_status "+g.GTP(sq))
		}
	}
	resp := cachedGTP(t, bin, cmds)
	if resp == nil {
		return // not cached, and CQL_GNUGO_CACHE_ONLY asks for the cached positions only
	}
	if len(resp) < len(cmds) {
		t.Fatalf("%s: %d GTP responses to %d commands", p.file, len(resp), len(cmds))
	}
	ag.positions++
	given := gnugoDead(t, g, resp[1])
	ev := db.NewEvaluator()
	own := ev.All(b, weiqi.ReadDead(b), false, nil)
	groups := Groups(b, weiqi.ReadDead(b), own)
	withGiven := db.NewEvaluator().All(b, given, false, nil)
	// GNU Go's spaces, by colour and origin
	type key struct {
		c      weiqi.Color
		origin string
	}
	points := map[key]pattern.Set{}
	marg := map[key]pattern.Set{}
	value := map[key]string{}
	for sq := 0; sq < g.Points(); sq++ {
		for k, c := range []weiqi.Color{weiqi.Black, weiqi.White} {
			e := parseEyeData(resp[2+2*sq+k])
			if e.color != c.String() {
				continue
			}
			kk := key{c, e.origin}
			s := points[kk]
			s.Add(sq)
			points[kk] = s
			if e.marginal {
				m := marg[kk]
				m.Add(sq)
				marg[kk] = m
			}
			if e.origin == g.GTP(sq) {
				value[kk] = e.value
			}
		}
	}
	alike := func(results []EyeResult, k key) bool {
		o, err := g.ParseGTP(k.origin)
		if err != nil {
			return false
		}
		for i := range results {
			r := &results[i]
			if r.Space.Color == k.c && r.Space.Points.Has(o) {
				return r.Space.Points == points[k] && r.Space.Marginal == marg[k] && r.Value.String() == value[k]
			}
		}
		return false
	}
	for k := range points {
		ag.spaces++
		if alike(withGiven, k) {
			ag.spacesGiven++
		} else if testing.Verbose() {
			t.Logf("%s move %d: %s space at %s [%s] marginal [%s] value %s not alike with GNU Go's dead stones", p.file, n, k.c, k.origin,
				g.FormatPoints(points[k]), g.FormatPoints(marg[k]), value[k])
		}
		if alike(own, k) {
			ag.spacesOwn++
		}
	}
	for i, sq := range stones {
		theirs := strings.TrimSpace(strings.TrimPrefix(resp[first+i], "="))
		ag.stones++
		for gi := range groups {
			grp := &groups[gi]
			if !grp.Stones.Has(sq) {
				continue
			}
			ours := map[Status]string{Alive: "alive", Urgent: "critical", Dead: "dead"}[grp.Status]
			if strings.HasPrefix(theirs, ours) {
				ag.statusSame++
			}
			if ag.confusion == nil {
				ag.confusion = map[string]int{}
			}
			if os.Getenv("CQL_DBG_ESCAPE") != "" {
				ag.confusion[fmt.Sprintf("%s/%s/d%v/e%d/f%d", ours, strings.Fields(theirs + " ?")[0], grp.Dead, min(grp.Escape, 12), grp.First)]++
			}
			ag.confusion[ours+"/"+strings.Fields(theirs + " ?")[0]]++
		}
	}
}

// cachedGTP is gtp, keeping the answers in $CQL_GNUGO_CACHE (a directory) when it is set, so that
// the measurement can be repeated without GNU Go's reading.
func cachedGTP(t *testing.T, bin string, cmds []string) []string {
	dir := os.Getenv("CQL_GNUGO_CACHE")
	if dir == "" {
		return gtp(t, bin, cmds)
	}
	h := fnv.New64a()
	h.Write([]byte(bin + "\n" + strings.Join(cmds, "\n")))
	path := filepath.Join(dir, fmt.Sprintf("%016x.gtp", h.Sum64()))
	if data, err := os.ReadFile(path); err == nil {
		return strings.Split(string(data), "\x00")
	}
	if os.Getenv("CQL_GNUGO_CACHE_ONLY") != "" {
		return nil
	}
	resp := gtp(t, bin, cmds)
	if err := os.MkdirAll(dir, 0o755); err == nil {
		_ = os.WriteFile(path, []byte(strings.Join(resp, "\x00")), 0o644)
	}
	return resp
}
