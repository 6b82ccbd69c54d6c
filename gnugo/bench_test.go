package gnugo

import (
	"path/filepath"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pattern"
	"github.com/cqlgo/cql/sgf"
	"github.com/cqlgo/cql/weiqi"
)

// matchLinear is the baseline: every graph of the database tried in turn, without the index.
func (db *EyeDB) matchLinear(b *weiqi.Board, es *weiqi.EyeSpace) *EyeGraph {
	var m matcher
	bg := &m.bg
	if !bg.build(b, es) {
		return nil
	}
	for _, g := range db.Graphs {
		if len(g.Vertices) != bg.n {
			continue
		}
		m.pg = g
		for i := 0; i < bg.n; i++ {
			m.img[i], m.used[i] = -1, false
		}
		if m.search(0) {
			return g
		}
	}
	return nil
}

// benchSpaces are the eye spaces of the hand cases.
func benchSpaces(b *testing.B) ([]*weiqi.Board, []weiqi.EyeSpace) {
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

// BenchmarkEyeMatch values one eye space (of the hand cases, in turn) against the whole of eyes.db.
func BenchmarkEyeMatch(b *testing.B) {
	db := loadEyeDB(b)
	boards, spaces := benchSpaces(b)
	b.Run("indexed", func(b *testing.B) {
		b.ReportAllocs()
		defer cpuPerOp(b)()
		for i := 0; b.Loop(); i++ {
			k := i % len(spaces)
			db.Evaluate(boards[k], &spaces[k])
		}
	})
	b.Run("linear-baseline", func(b *testing.B) {
		defer cpuPerOp(b)()
		for i := 0; b.Loop(); i++ {
			k := i % len(spaces)
			db.matchLinear(boards[k], &spaces[k])
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
