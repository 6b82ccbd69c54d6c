package pattern

import (
	"fmt"
	"strings"
	"testing"
)

// doublingScope defines d0 = base and d1 ... dn, each using the one before twice:
// dn stands for 2^n copies of base.
func doublingScope(t *testing.T, base, form string, n int) *Scope {
	t.Helper()
	g, err := NewGeometry(8, 8)
	if err != nil {
		t.Fatal(err)
	}
	sc := NewLetterScope(g)
	if err := sc.Define("d0", base); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		prev := fmt.Sprintf("d%d", i-1)
		if err := sc.Define(fmt.Sprintf("d%d", i), strings.ReplaceAll(form, "X", prev)); err != nil {
			t.Fatal(err)
		}
	}
	return sc
}

// A pattern whose names expand to more than the limits is refused from the
// size of its shared tree, each named pattern sized once: cql board took 44 s
// to refuse twenty names that each double the one before, and gave no answer
// in 60 s for 25 (the size was computed over the expansion).
func TestTooLargeRefusedBeforeExpanding(t *testing.T) {
	for _, c := range []struct{ base, form, want string }{
		{"n", "X X", "more than 65536 states"},
		{"n e | s", "(X | X)*", "more than 65536 states"},
		{"(n)0", "X X", "more than 262144 parts"}, // no states: the expansion is still 2^60 nodes
		{"(n)0", "(X)1000", "more than 262144 parts"},
	} {
		sc := doublingScope(t, c.base, c.form, 60)
		_, err := sc.Compile("/d60/")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("d0 = %s, d_i = %s: error %v, want %q", c.base, c.form, err, c.want)
		}
		tree, err := sc.parse("pattern", "/d60/", 0)
		if err != nil {
			t.Fatal(err)
		}
		var z sizer
		z.size(tree)
		if z.visits > 4*61 {
			t.Errorf("d0 = %s, d_i = %s: %d nodes sized, want each shared node once", c.base, c.form, z.visits)
		}
	}
	// Within the limits the names still compile: d15 is 32,768 steps north.
	p, err := doublingScope(t, "n", "X X", 15).Compile("/d15/")
	if err != nil || p.States() < 1<<15 {
		t.Fatalf("d15: %v", err)
	}
	if _, err := doublingScope(t, "n", "X X", 16).Compile("/d16 d0/"); err == nil {
		t.Error("d16 d0: 65,537 states accepted")
	}
}

// The same in a board description, whose Pattern statements are compiled as they are read:
// twenty-six statements doubling /(n)0/ took 92 s (and kept FuzzDescription on one input).
func TestDescriptionTooLargeRefused(t *testing.T) {
	var b strings.Builder
	b.WriteString("Board { 3*3 }\nPattern d0 = /(n)0/\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "Pattern d%d = /d%d d%d/\n", i, i-1, i-1)
	}
	_, err := ParseDescription("dbl.board", b.String())
	if err == nil || !strings.Contains(err.Error(), "pattern /d17 d17/ is too large") {
		t.Fatalf("error %v, want d18 refused", err)
	}
}
