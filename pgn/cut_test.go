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

// TestOversizedGameCutInTags: a game cut at the limit inside its tags (issue 30: 90,000
// tags, then [Black "Nakamura"] and 1. f3 e5 2. g4 Qh4#) is reported once and skipped
// whole: no positions, and the rest of its tags and its moves do not become another game,
// so the games after it keep their numbers. Cuts mid-line and at a line start, blocks
// small (the game arrives in pieces) and large (it arrives whole), with tags before the
// cut game's moves split by a blank line.
func TestOversizedGameCutInTags(t *testing.T) {
	const limit = 64 << 10
	small := func(n int) string {
		return fmt.Sprintf("[Event \"small %d\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n", n)
	}
	for _, tagLen := range []int{100, 128, 37} { // 128: the limit falls on a line start
		var tags strings.Builder
		tags.WriteString("[Event \"big\"]" + strings.Repeat(" ", tagLen-14) + "\n")
		for i := 0; tags.Len() < 2*limit; i++ {
			line := fmt.Sprintf("[T%06d \"", i)
			line += strings.Repeat("x", tagLen-len(line)-3) + "\"]\n"
			tags.WriteString(line)
		}
		for _, gap := range []string{"\n", "\n\n[Site \"?\"]\n\n"} {
			big := tags.String() + gap + "[Black \"Nakamura\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
			data := []byte(small(1) + big + small(3) + small(4))
			for _, block := range []int{1, 777, 4096, 1 << 20} {
				var events []string
				var numbers []int
				var bigErrs []string
				positions := 0
				err := Scan(t.Context(), bytes.NewReader(data), "x", Options{Workers: 2, BlockSize: block, MaxGameBytes: limit}, func(g *Game) error {
					events = append(events, g.Tag("Event"))
					numbers = append(numbers, g.Number)
					if g.Tag("Event") == "big" {
						positions = len(g.Nodes)
						for _, e := range g.Errors {
							bigErrs = append(bigErrs, e.Error())
						}
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				where := fmt.Sprintf("tag lines of %d bytes, gap %q, block %d", tagLen, gap, block)
				if strings.Join(events, ",") != "small 1,big,small 3,small 4" || fmt.Sprint(numbers) != "[1 2 3 4]" {
					t.Fatalf("%s: games %q numbered %v", where, events, numbers)
				}
				if positions != 0 {
					t.Errorf("%s: the cut game has %d positions, want none", where, positions)
				}
				if len(bigErrs) != 1 || !strings.Contains(bigErrs[0], "x:") || !strings.Contains(bigErrs[0], "game 2: game larger than the per-game limit of 65536 bytes, cut inside its tags: skipped") {
					t.Errorf("%s: errors of the big game %q", where, bigErrs)
				}
			}
		}
	}
}
