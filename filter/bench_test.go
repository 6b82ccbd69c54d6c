package filter

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// loadGames reads up to n games of a shared data file with our reader and
// keeps copies of them (the reader reuses its Game).
func loadGames(tb testing.TB, name string, n int, variations bool) []*pgn.Game {
	tb.Helper()
	f, err := os.Open(testdata.File(tb, name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []*pgn.Game
	err = pgn.Scan(context.Background(), f, name, pgn.Options{Variations: variations}, func(g *pgn.Game) error {
		if len(out) >= n {
			return pgn.ErrStop
		}
		c := *g
		c.Nodes = append([]pgn.Node(nil), g.Nodes...)
		c.Tags = append([]pgn.Tag(nil), g.Tags...)
		out = append(out, &c)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// typicalQueries are the queries whose speed matters (the list),
// plus a few that exercise the other runtime paths.
var typicalQueries = []string{
	"mate",
	"Q attacks k",
	"power A >= power a + 5",
	"square x in h1-8 {R attacks x x attacks K}",
	"check",
	"move capture Q",
	"move legal count > 40",
	"piece x in [Pp] {x attacks k}",
	"flipcolor {A attacks k}",
	`player white "Carlsen" or elo white > 2500 or year >= 2020`,
	"x = #P  x += 1  x > 5 sort \"pawns\" x",
	"line --> check+ --> mate",
	"line --> (move capture . --> move capture .){2,} --> not move capture .",
	"move previous from k to _ find check",
	// game tree, echo and 6.2 move filters
	"line --> check --> not check --> check",
	"echo (s t) s:sidetomove == sidetomove",
	"x = parent  x:check  positionid > depth  lca(x currentposition) == x",
	"cql(variations) virtualmainline (line lastposition --> check{1,3}):mate",
	"x = parent y = currentposition consecutivemoves 1 100 (x y)",
	"e2--e4 or N×(check) or move primary enpassantsquare a-h6",
	// 6.2 paths, singlecolor, a line nested in a line group
	"(path (-- check --)+ B[x]h7?) >= 2",
	"path focus capture [Pp] -- --{1,3} check",
	"line singlecolor --> check --> ({line --> check --> not check} --> true){2}",
}

func compileSrc(tb testing.TB, src string) *Query {
	tb.Helper()
	p, err := query.Parse("", []byte(src))
	if err != nil {
		tb.Fatalf("%s: %v", src, err)
	}
	q, err := Compile(p)
	if err != nil {
		tb.Fatalf("%s: %v", src, err)
	}
	return q
}

// TestNoAllocations checks that evaluating a game allocates nothing once the
// evaluator's buffers have grown, for every typical query, compiled as a
// counting run compiles it: without the automatic comments of path and
// echo, which are output text built at matches.
func TestNoAllocations(t *testing.T) {
	games := loadGames(t, "lichess-10k.pgn", 20, true)
	for _, src := range typicalQueries {
		p, err := query.Parse("", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		q, err := CompileWith(p, Options{NoAutoComments: true})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		e := q.NewEvaluator()
		for _, g := range games { // grow the buffers
			e.Game(g)
		}
		allocs := testing.AllocsPerRun(20, func() {
			for _, g := range games {
				e.Game(g)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per run of %d games", src, allocs, len(games))
		}
	}
}

// BenchmarkEval measures evaluation alone (games parsed beforehand), per
// position; run with -benchmem.
func BenchmarkEval(b *testing.B) {
	games := loadGames(b, "masters-10k.pgn", 50, false) // ~4,000 positions: fits in cache, as a just-parsed game does
	positions := 0
	for _, g := range games {
		positions += len(g.Nodes)
	}
	for _, src := range typicalQueries[:4] {
		b.Run(src, func(b *testing.B) {
			q := compileSrc(b, src)
			e := q.NewEvaluator()
			matched := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, g := range games {
					matched += len(e.Game(g))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(positions), "ns/position")
			b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "games/s")
			_ = matched
		})
	}
}

// TestConcurrentEvaluators shares each Query between goroutines, each with its
// own Evaluator, and checks they agree with a sequential run (run with -race:
// state kept in the compiled query instead of the evaluator shows there as a
// race, and here, most runs, as a wrong answer).
func TestConcurrentEvaluators(t *testing.T) {
	games := loadGames(t, "lichess-10k.pgn", 400, true)
	for _, src := range []string{
		"piece x in [Qq] {x attacks [Kk]} or line --> check --> check",
		// a line constituent with a move filter is matched once per move out of
		// the position (the move it sees was the query's: 181-183 of lichess's
		// first 3,000 games from run to run with 2 threads)
		"flipcolor {line quiet --> move from A to [a_] and a attacks A == 2 --> mate}",
		"line --> move capture . --> move capture . --> move capture .",
		"echo (s t) {s:check and t:check and s:ply + 2 == t:ply}",
	} {
		q := compileSrc(t, src)
		e := q.NewEvaluator()
		want := make([]string, len(games))
		for i, g := range games {
			want[i] = fmt.Sprint(e.Game(g))
		}
		var wg sync.WaitGroup
		errs := make(chan string, 8)
		for w := 0; w < 8; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				e := q.NewEvaluator()
				for k := range 3 * len(games) {
					i := (k + w*17) % len(games) // a different order per worker
					if got := fmt.Sprint(e.Game(games[i])); got != want[i] {
						errs <- fmt.Sprintf("%s: worker %d game %d: %s, want %s", src, w, i, got, want[i])
						return
					}
				}
			}(w)
		}
		wg.Wait()
		close(errs)
		for s := range errs {
			t.Error(s)
		}
	}
}

// BenchmarkPipeline measures games/s for PGN reading and evaluation
// together, as the command runs them: masters-10k.pgn read from memory with
// pgn.ScanParallel, one evaluator per worker.
func BenchmarkPipeline(b *testing.B) {
	data, err := os.ReadFile(testdata.File(b, "masters-10k.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	for _, src := range typicalQueries[:4] {
		b.Run(src, func(b *testing.B) {
			q := compileSrc(b, src)
			workers := runtime.GOMAXPROCS(0)
			evals := make([]*Evaluator, workers)
			for i := range evals {
				evals[i] = q.NewEvaluator()
			}
			games, matched := 0, 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				err := pgn.ScanParallel(context.Background(), bytes.NewReader(data), "masters-10k.pgn",
					pgn.Options{Workers: workers},
					func(w int, g *pgn.Game) int { return len(evals[w].Game(g)) },
					func(n int) error {
						games++
						matched += n
						return nil
					})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
			_ = matched
		})
	}
}

// TestFastSquareAgrees compares the rewritten square iterations with plain
// per-square evaluation on real games.
func TestFastSquareAgrees(t *testing.T) {
	games := loadGames(t, "lichess-10k.pgn", 80, false)
	for _, src := range []string{
		"square x in h1-8 {R attacks x x attacks K}",
		"square x in . {A attacks x  x attacks k  check}",
		"square x in (a attackedby A) {x attackedby Q  R attacks x}",
		"square all x in (_ attackedby k) {A attacks x}",
		"square x in [Qq] {k attackedby x}",
		"square x in . {x & a-d1-8  N attacks x  #[Pp] > 10}",
		"square all y in P {y in a-h2-7}",
		"square x in . {R attacks x  x attacks k  wtm}",
		"square x in a-h4-5 {B attacks x  x attacks Q  x & [pn]}",
		"square all x in N {x attacks _  Q attacks x}",
	} {
		p, err := query.Parse("", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		fast := mustCompile(t, p)
		if _, ok := fast.body.(*squareFast); !ok {
			t.Fatalf("%s: not rewritten (%T)", src, fast.body)
		}
		slow := &Query{nvars: len(p.Symbols)}
		c := &compiler{q: slow, noFast: true}
		if slow.body, err = c.compile(p.Body); err != nil {
			t.Fatal(err)
		}
		ef, es := fast.NewEvaluator(), slow.NewEvaluator()
		matched := 0
		for _, g := range games {
			ef.startGame(g)
			es.startGame(g)
			for i := range g.Nodes {
				ef.at(int32(i))
				es.at(int32(i))
				var a, b chess.Bitboard
				if s, ok := fast.body.(setNode); ok && !fast.body.(*squareFast).every {
					a, b = s.set(ef), slow.body.(setNode).set(es)
				}
				ma, mb := fast.body.match(ef), slow.body.match(es)
				if a != b || ma != mb {
					t.Fatalf("%s, game %d node %d: fast %v %v, plain %v %v", src, g.Number, i, a, ma, b, mb)
				}
				if ma {
					matched++
				}
			}
		}
		t.Logf("%s: agree, %d matching positions", src, matched)
	}
}

// BenchmarkTree measures the game-tree queries against a plain evaluation
// (`true`) on the same games of masters-10k, evaluation alone, one core:
// the issue asks a three-step line for at most twice the plain cost, and echo
// (quadratic in the positions of a game) for 2,000 games/s on 2 cores.
func BenchmarkTree(b *testing.B) {
	games := loadGames(b, "masters-10k.pgn", 500, false)
	for _, src := range []string{
		"true",
		"line --> check --> not check --> check",
		"line --> move from K --> move from k --> check",
		"path -- check -- check",
		"echo (s t) s:sidetomove == sidetomove",
		"echo (s t) {t > s  s:Q == Q}",
	} {
		b.Run(src, func(b *testing.B) {
			q := compileSrc(b, src)
			e := q.NewEvaluator()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, g := range games {
					e.Game(g)
				}
			}
			b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "games/s")
		})
	}
}
