package gnugo

import (
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/sgf"
	"github.com/cqlgo/cql/weiqi"
)

// shapeOf is a graph of the database as a board graph with its vertices renumbered by perm: the
// marks of the diagram as the board's (a vertex that may hold a stone or be empty, x, taken as
// holding a stone when stones is set), the edges of the diagram as the board's edges.
func shapeOf(g *EyeGraph, perm []int, stones bool) *graphShape {
	s := &graphShape{n: len(g.Vertices)}
	for i, v := range g.Vertices {
		j := perm[i]
		for k := uint8(0); k < v.Degree; k++ {
			s.adj[j] |= 1 << uint(perm[v.N[k]])
		}
		if v.Marginal {
			s.sig[j] = 8
		}
		s.need[j] = sigEmpty
		if v.Flags&CanHoldStone != 0 && (stones || v.Flags&CanBeEmpty == 0) {
			s.need[j] = sigStone
		}
		s.edge[j] = v.Edge
	}
	s.takeCensus()
	s.label()
	return s
}

// Every graph of eyes.db, drawn as an eye space with its vertices numbered in random orders,
// matches: itself or a graph before it in the file, the same graph the previous matcher finds
// trying every graph in turn; and the matched graph's vertices map onto the space's with the
// same marks and edges.
func TestEyeMatchOwnDiagrams(t *testing.T) {
	db := loadEyeDB(t)
	v1 := newV1DB(db)
	rng := rand.New(rand.NewPCG(1, 2))
	pos := map[*EyeGraph]int{}
	for i, g := range db.Graphs {
		pos[g] = i
	}
	for i, g := range db.Graphs {
		for _, stones := range []bool{false, true} {
			for trial := 0; trial < 3; trial++ {
				perm := rng.Perm(len(g.Vertices))
				s := shapeOf(g, perm, stones)
				var img [MaxEyeVertices]int8
				got := db.match(s, &img)
				want := v1.matchShapeLinear(s)
				if got == nil || pos[got] > i || got != want {
					t.Fatalf("pattern %s (stones %v, order %v): matched %v, the linear search %v", g.Name, stones, perm, name(got), name(want))
				}
				var used uint32
				for k, st := range got.plan {
					v, b := &got.Vertices[st.vert], int(img[k])
					used |= 1 << b
					if v.Marginal != (s.sig[b]&8 != 0) || v.Edge > s.edge[b] {
						t.Fatalf("pattern %s: vertex %d on a board vertex with other marks", g.Name, st.vert)
					}
					for n := uint8(0); n < v.Degree; n++ {
						// the image of every pattern neighbour is a board neighbour
						found := false
						for k2, st2 := range got.plan {
							if int(st2.vert) == int(v.N[n]) && s.adj[b]&(1<<uint(img[k2])) != 0 {
								found = true
							}
						}
						if !found {
							t.Fatalf("pattern %s: an edge of the pattern is not an edge of the space", g.Name)
						}
					}
				}
				if bits.OnesCount32(used) != s.n {
					t.Fatalf("pattern %s: the match is not one to one", g.Name)
				}
			}
		}
	}
}

func name(g *EyeGraph) string {
	if g == nil {
		return "none"
	}
	return g.Name
}

// The matcher agrees with the previous one (another index, a search from the board side) on every
// eye space of positions of the corpus: every 10th move of every 6th SGF file.
func TestEyeMatchersAgreeOnCorpus(t *testing.T) {
	db := loadEyeDB(t)
	v1 := newV1DB(db)
	files, err := filepath.Glob(filepath.Join(testdata.Go(t), "*", "*.sgf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no SGF files (%v)", err)
	}
	step := 6 // a sixth of the files keeps the test near a second
	if testing.Short() {
		step = 30
	}
	spaces, matched := 0, 0
	ev := db.NewEvaluator()
	var res []EyeResult
	for fi := 0; fi < len(files); fi += step {
		games, err := sgf.LoadFile(files[fi])
		if err != nil {
			t.Fatal(err)
		}
		gm := games[0]
		for n := 0; n <= len(gm.Moves); n += 10 {
			b, _ := gm.Position(n)
			res = ev.All(b, weiqi.SimpleDead(b), false, res[:0])
			for i := range res {
				r := &res[i]
				spaces++
				want, where := v1.match(b, &r.Space)
				if r.Graph != want {
					t.Fatalf("%s move %d: space [%s] matched %s, the previous matcher %s", files[fi], n,
						b.Grid().FormatPoints(r.Space.Points), name(r.Graph), name(want))
				}
				if want == nil {
					continue
				}
				matched++
				// the vital points sit on the same kind of vertex: compare them through the
				// previous matcher's map, which may differ by a symmetry of the graph (a
				// negative point is a half eye's virtual vertex, standing for its attacks)
				if urgency(want.Value) == 0 || hasSymmetricVital(want) {
					continue
				}
				var sc eyeScratch
				rc := db.recognize(&sc, b, ev.Analysis().Reader(), pattern.Set{}, &r.Space, 0)
				for vi, v := range want.Vertices {
					if v.Flags&AttackPoint == 0 {
						continue
					}
					attacks := []int16{int16(where[vi])}
					if where[vi] < 0 {
						h := &r.Space.Half[-1-where[vi]]
						attacks = h.Attacks[:h.NumAttacks]
					}
					for _, a := range attacks {
						if !slices.Contains(rc.attacks, a) {
							t.Fatalf("%s move %d: pattern %s attack point %s not ours", files[fi], n, want.Name, b.Grid().GTP(int(a)))
						}
					}
				}
			}
		}
	}
	t.Logf("%d eye spaces, %d matched by a pattern", spaces, matched)
}

// hasSymmetricVital reports whether a graph has several vertices with the same label, one of them
// vital: two matchers may then place the vital point on either.
func hasSymmetricVital(g *EyeGraph) bool {
	for _, a := range g.plan {
		for _, c := range g.plan {
			if a.vert != c.vert && a.lab == c.lab && g.Vertices[a.vert].Flags&(AttackPoint|DefensePoint) != 0 {
				return true
			}
		}
	}
	return false
}
