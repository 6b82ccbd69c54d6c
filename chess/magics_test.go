package chess

import (
	"bytes"
	"fmt"
	"os"
	"testing"
)

// TestKnownMagics checks that the stored magics are the ones the search finds
// (so the table is reproducible, not hand-made), and that every stored magic
// passes the search's own check: initMagics would otherwise search again and
// start-up would be slow without any test failing. CQL_WRITE_MAGICS=1 rewrites
// magics_known.go from the search.
func TestKnownMagics(t *testing.T) {
	var none [64]uint64
	var rooks, bishops [64]magic
	initMagics(&rooks, make([]Bitboard, len(rookTable)), rookDirs, &none)
	initMagics(&bishops, make([]Bitboard, len(bishopTable)), bishopDirs, &none)
	if os.Getenv("CQL_WRITE_MAGICS") == "1" {
		var b bytes.Buffer
		b.WriteString("package chess\n\n// Code written by TestKnownMagics with CQL_WRITE_MAGICS=1; do not edit.\n" +
			"// These are the magics initMagics's own search finds from its fixed seeds.\n")
		for _, tab := range []struct {
			name string
			ms   *[64]magic
		}{{"knownRookMagics", &rooks}, {"knownBishopMagics", &bishops}} {
			fmt.Fprintf(&b, "\nvar %s = [64]uint64{\n", tab.name)
			for s := range tab.ms {
				fmt.Fprintf(&b, "\t%#x,\n", tab.ms[s].magic)
			}
			b.WriteString("}\n")
		}
		if err := os.WriteFile("magics_known.go", b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for s := Square(0); s < 64; s++ {
		if knownRookMagics[s] != rooks[s].magic {
			t.Errorf("rook magic of %v: stored %#x, the search finds %#x", s, knownRookMagics[s], rooks[s].magic)
		}
		if knownBishopMagics[s] != bishops[s].magic {
			t.Errorf("bishop magic of %v: stored %#x, the search finds %#x", s, knownBishopMagics[s], bishops[s].magic)
		}
		// The tables in use came from the stored magics: they must be the same.
		if rookMagics[s].magic != rooks[s].magic || bishopMagics[s].magic != bishops[s].magic {
			t.Errorf("%v: the magics in use differ from the search's", s)
		}
	}
}

func BenchmarkInitMagics(b *testing.B) {
	var rooks, bishops [64]magic
	rt, bt := make([]Bitboard, len(rookTable)), make([]Bitboard, len(bishopTable))
	for b.Loop() {
		initMagics(&rooks, rt, rookDirs, &knownRookMagics)
		initMagics(&bishops, bt, bishopDirs, &knownBishopMagics)
	}
}
