package pgn

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestOversizedGameCutAnywhere: a game over MaxGameBytes is cut at the limit and
// reported wherever it stands in the file and however the file is read in blocks
// (before, it was cut only when no whole game preceded it in its chunk; later in
// the file the chunk could grow past the game and take it whole).
func TestOversizedGameCutAnywhere(t *testing.T) {
	const limit = 64 << 10
	small := func(n int) string {
		return fmt.Sprintf("[Event \"small %d\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n", n)
	}
	// 1.5x the limit, in a long comment: the game would parse whole if read whole.
	big := "[Event \"big\"]\n[Result \"0-1\"]\n\n1. f3 {" + strings.Repeat("a long note ", limit/8) + "} e5 2. g4 Qh4# 0-1\n\n"
	for _, place := range []int{0, 1, 5, 40} {
		var b strings.Builder
		for i := 0; i < place; i++ {
			b.WriteString(small(i))
		}
		b.WriteString(big)
		for i := place; i < place+3; i++ {
			b.WriteString(small(i))
		}
		data := []byte(b.String())
		for _, block := range []int{1, 777, 4096, 1 << 20} {
			var events []string
			var cut []bool
			var bigErrs []string
			err := Scan(t.Context(), bytes.NewReader(data), "x", Options{Workers: 2, BlockSize: block, MaxGameBytes: limit}, func(g *Game) error {
				events = append(events, g.Tag("Event"))
				cut = append(cut, g.Cut)
				if g.Tag("Event") == "big" {
					for _, e := range g.Errors {
						bigErrs = append(bigErrs, e.Error())
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(events) != place+4 || events[place] != "big" {
				t.Fatalf("place %d block %d: games %q", place, block, events)
			}
			for i, c := range cut {
				if c != (i == place) {
					t.Errorf("place %d block %d: game %d (%s) cut=%v", place, block, i+1, events[i], c)
				}
			}
			if len(bigErrs) != 1 || !strings.Contains(bigErrs[0], "per-game limit of 65536 bytes") {
				t.Errorf("place %d block %d: errors of the big game %q", place, block, bigErrs)
			}
		}
	}
}
