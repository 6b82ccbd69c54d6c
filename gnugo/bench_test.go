package gnugo

import (
	"path/filepath"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/sgf"
	"github.com/cqlgo/cql/weiqi"
)

// benchSpaces are the eye spaces of the hand cases.
func benchSpaces(b testing.TB) ([]*weiqi.Board, []weiqi.EyeSpace) {
	var boards []*weiqi.Board
	var spaces []weiqi.EyeSpace
	for _, c := range eyeCases {
		bd, dead := parseCase(b, c.board)
		at, _ := bd.Grid().ParseGTP(c.at)
		for _, es := range weiqi.EyeSpaces(bd, dead, nil) {
			if es.Color == weiqi.Black && es.Points.Has(at) {
				boards = append(boards, bd)
				spaces = append(spaces, es)
			}
		}
	}
	return boards, spaces
}

// BenchmarkEyeMatch values one eye space (of the hand cases, in turn) against the whole of eyes.db:
// with the label index and plans, with the previous matcher (degree-histogram index, board-side
// search) and with the previous matcher trying every graph in turn.
func BenchmarkEyeMatch(b *testing.B) {
	db := loadEyeDB(b)
	v1 := newV1DB(db)
	boards, spaces := benchSpaces(b)
	ev := db.NewEvaluator()
	var r EyeResult
	b.Run("indexed", func(b *testing.B) {
		b.ReportAllocs()
		defer cpuPerOp(b)()
		for i := 0; b.Loop(); i++ {
			k := i % len(spaces)
			ev.Value(boards[k], &spaces[k], &r)
		}
	})
	b.Run("match-only", func(b *testing.B) {
		b.ReportAllocs()
		defer cpuPerOp(b)()
		var sc eyeScratch
		for i := 0; b.Loop(); i++ {
			k := i % len(spaces)
			db.matchSpace(&sc, boards[k], &spaces[k], 0)
		}
	})
	b.Run("previous-baseline", func(b *testing.B) {
		defer cpuPerOp(b)()
		for i := 0; b.Loop(); i++ {
			k := i % len(spaces)
			v1.match(boards[k], &spaces[k])
		}
	})
	b.Run("linear-baseline", func(b *testing.B) {
		defer cpuPerOp(b)()
		for i := 0; b.Loop(); i++ {
			k := i % len(spaces)
			v1.matchLinear(boards[k], &spaces[k])
		}
	})
}

// gamePosition is the final position of a 19x19 corpus game.
func gamePosition(tb testing.TB) *weiqi.Board {
	tb.Helper()
	path := filepath.Join(testdata.Go(tb), "kgs", "20040507-GnuGoCVS-read.sgf")
	games, err := sgf.LoadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	b, _ := games[0].Position(len(games[0].Moves))
	return b
}

// BenchmarkAllEyeSpaces finds and values every eye space of a full 19x19 game position.
func BenchmarkAllEyeSpaces(b *testing.B) {
	db := loadEyeDB(b)
	bd := gamePosition(b)
	buf := make([]EyeResult, 0, 128)
	ev := db.NewEvaluator()
	b.Run("find+value", func(b *testing.B) {
		b.ReportAllocs()
		defer cpuPerOp(b)()
		for b.Loop() {
			buf = ev.All(bd, pattern.Set{}, true, buf[:0])
		}
	})
	spaces := make([]weiqi.EyeSpace, 0, 128)
	var an weiqi.Analysis
	b.Run("find", func(b *testing.B) {
		b.ReportAllocs()
		defer cpuPerOp(b)()
		for b.Loop() {
			an.Analyze(bd)
			spaces = an.EyeSpaces(an.SimpleDead(), spaces[:0])
		}
	})
	var s pattern.Set
	b.Run("baseline-flood-every-string", func(b *testing.B) {
		defer cpuPerOp(b)()
		for b.Loop() {
			all := bd.Stones(weiqi.Black).Or(bd.Stones(weiqi.White))
			for !all.IsEmpty() {
				var one [pattern.MaxSquares]int
				sq := all.Squares(one[:0])[0]
				str := bd.String(sq)
				s = bd.Liberties(str)
				all = all.AndNot(str)
			}
		}
	})
	_ = s
}

// allLinear is the baseline matcher: every (pattern, orientation) at every point, without the
// neighbourhood index and filter.
func (m *Matcher) allLinear(s *Scan, dst []Match) []Match {
	g := s.grid
	size := g.Size()
	for sq := 0; sq < g.Points(); sq++ {
		f, r := g.Coords(sq)
		for ci := range m.cands {
			c := &m.cands[ci]
			if c.anchor&s.state[sq] == 0 {
				continue
			}
			ok := true
			for _, e := range c.elems {
				tf, tr := f+int(e.df), r+int(e.dr)
				v := uint8(stOff)
				if tf >= 0 && tf < size && tr >= 0 && tr < size {
					v = s.state[tr*size+tf]
				}
				if e.allow&v == 0 {
					ok = false
					break
				}
			}
			if ok {
				dst = append(dst, Match{Pattern: c.p, Transform: c.t, Anchor: sq})
			}
		}
	}
	return dst
}

// BenchmarkMovePatterns matches patterns.db and patterns2.db at every point of a 19x19 game
// position (the middle game: move 120 of the same game).
func BenchmarkMovePatterns(b *testing.B) {
	dbs := loadMoveDBs(b)
	m := NewMatcher(dbs["patterns.db"], dbs["patterns2.db"])
	path := filepath.Join(testdata.Go(b), "kgs", "20040507-GnuGoCVS-read.sgf")
	games, err := sgf.LoadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	bd, tm := games[0].Position(120)
	var scan Scan
	buf := make([]Match, 0, 4096)
	b.Run("indexed", func(b *testing.B) {
		b.ReportAllocs()
		defer cpuPerOp(b)()
		for b.Loop() {
			scan.Position(bd, tm)
			buf = m.All(&scan, buf[:0])
		}
		b.ReportMetric(float64(len(buf)), "matches")
	})
	b.Run("linear-baseline", func(b *testing.B) {
		defer cpuPerOp(b)()
		for b.Loop() {
			scan.Position(bd, tm)
			buf = m.allLinear(&scan, buf[:0])
		}
		b.ReportMetric(float64(len(buf)), "matches")
	})
}
