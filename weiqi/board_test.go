package weiqi

import (
	"errors"
	"testing"
)

func mustGTP(t *testing.T, g *Grid, s string) int {
	t.Helper()
	sq, err := g.ParseGTP(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

func TestGTPNames(t *testing.T) {
	g, _ := NewGrid(19)
	for _, c := range []struct {
		name  string
		f, r  int
		edges int
	}{{"A1", 0, 0, 2}, {"H8", 7, 7, 0}, {"J9", 8, 8, 0}, {"T19", 18, 18, 2}, {"K1", 9, 0, 1}} {
		sq := mustGTP(t, g, c.name)
		if f, r := g.Coords(sq); f != c.f || r != c.r || g.GTP(sq) != c.name || g.EdgeCount(sq) != c.edges {
			t.Errorf("%s: file %d rank %d name %s edges %d", c.name, f, r, g.GTP(sq), g.EdgeCount(sq))
		}
	}
	for _, bad := range []string{"I5", "U1", "A0", "A20", "5", "A+1"} {
		if _, err := g.ParseGTP(bad); err == nil {
			t.Errorf("%s parsed", bad)
		}
	}
	if _, err := NewGrid(20); err == nil {
		t.Error("a 20x20 board was accepted")
	}
}

func TestCapturesKoSuicide(t *testing.T) {
	// A white stone in atari at E5, black to capture it at E4, then the ko.
	b, err := ParseDiagram(`
		.........
		.........
		.........
		....X....
		...XOX...
		...O.O...
		....O....
		.........
		.........`)
	if err != nil {
		t.Fatal(err)
	}
	g := b.Grid()
	e5, e4 := mustGTP(t, g, "E5"), mustGTP(t, g, "E4")
	if libs := b.Liberties(b.String(e5)); libs.Count() != 1 || !libs.Has(e4) {
		t.Fatalf("E5 liberties %s", g.FormatPoints(libs))
	}
	n, err := b.Play(Black, e4)
	if err != nil || n != 1 || b.At(e5) != Empty {
		t.Fatalf("capture: %d %v\n%s", n, err, b.Draw(nil))
	}
	if _, err := b.Play(White, e5); !errors.Is(err, ErrKo) {
		t.Fatalf("retaking the ko at once: %v", err)
	}
	if b.Legal(White, e5) {
		t.Error("Legal says the ko retake is legal")
	}
	b.Play(White, mustGTP(t, g, "A1"))
	b.Play(Black, mustGTP(t, g, "A9"))
	if n, err := b.Play(White, e5); err != nil || n != 1 {
		t.Fatalf("retake after threats: %d %v", n, err)
	}
	// Suicide: black at A1 corner surrounded by white.
	b2, _ := ParseDiagram(`
		...
		O..
		.O.`)
	a1 := mustGTP(t, b2.Grid(), "A1")
	if b2.Legal(Black, a1) {
		t.Error("suicide reported legal")
	}
	if _, err := b2.Play(Black, a1); !errors.Is(err, ErrSuicide) || b2.At(a1) != Empty {
		t.Errorf("suicide: %v", err)
	}
	if n, err := b2.PlayAllowingSuicide(Black, a1); err != nil || n != 0 || b2.At(a1) != Empty {
		t.Errorf("suicide allowed: %d %v", n, err)
	}
	if !b2.Legal(White, a1) {
		t.Error("white fills its own eye: legal")
	}
	// Capturing a big string: a 2-stone black string with its last liberty filled.
	b3, _ := ParseDiagram(`
		.OO..
		.XXO.
		.OO..
		.....
		.....`)
	g3 := b3.Grid()
	if libs := b3.Liberties(b3.String(mustGTP(t, g3, "B4"))); g3.FormatPoints(libs) != "A4" {
		t.Fatalf("B4 string liberties %s, want A4", g3.FormatPoints(libs))
	}
	if n, err := b3.Play(White, mustGTP(t, g3, "A4")); err != nil || n != 2 || b3.Stones(Black).Count() != 0 {
		t.Fatalf("A4 captures: %d %v\n%s", n, err, b3.Draw(nil))
	}
}
