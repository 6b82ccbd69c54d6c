package chess_test

import (
	"path/filepath"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/internal/testdata"
)

func sanGames(tb testing.TB, n int) [][][]byte {
	var out [][][]byte
	for _, g := range movetextGames(tb, filepath.Join(testdata.Dir(tb), "masters-10k.pgn"), n) {
		var moves [][]byte
		for _, s := range g {
			moves = append(moves, []byte(s))
		}
		out = append(out, moves)
	}
	return out
}

// BenchmarkSANReplay parses every SAN move of real games, finds the move and plays it.
func BenchmarkSANReplay(b *testing.B) {
	games := sanGames(b, 2000)
	b.ReportAllocs()
	b.ResetTimer()
	moves := 0
	for i := 0; i < b.N; i++ {
		for _, g := range games {
			p := chess.StartPosition()
			for _, s := range g {
				m, err := p.ParseSAN(s)
				if err != nil {
					b.Fatal(err)
				}
				p.Play(m)
			}
			moves += len(g)
		}
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds()/1e6, "Mmoves/s")
}

// BenchmarkLegalMoves generates the legal moves of every position of real games.
func BenchmarkLegalMoves(b *testing.B) {
	var positions []chess.Position
	for _, g := range sanGames(b, 200) {
		p := chess.StartPosition()
		for _, s := range g {
			positions = append(positions, p)
			m, _ := p.ParseSAN(s)
			p.Play(m)
		}
	}
	var l chess.MoveList
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range positions {
			positions[j].LegalMoves(&l)
		}
	}
	b.ReportMetric(float64(b.N*len(positions))/b.Elapsed().Seconds()/1e6, "Mpositions/s")
}

// The replay path must not allocate: SAN parsing, move generation, making moves, SAN output
// into a reused buffer.
func TestReplayDoesNotAllocate(t *testing.T) {
	games := sanGames(t, 20)
	var l chess.MoveList
	buf := make([]byte, 0, 16)
	allocs := testing.AllocsPerRun(5, func() {
		for _, g := range games {
			p := chess.StartPosition()
			for _, s := range g {
				m, err := p.ParseSAN(s)
				if err != nil {
					t.Fatal(err)
				}
				p.LegalMoves(&l)
				buf = p.AppendSAN(buf[:0], m)
				p.Play(m)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("replay allocates %.0f times per run, want 0", allocs)
	}
}
