package pgn

import "testing"

// TestAnnotationValues: the embedded commands and the values read from them, each
// expectation worked out by hand from the PGN Specification Supplement's forms.
func TestAnnotationValues(t *testing.T) {
	for _, c := range []struct {
		comment, name, arg string
		ok                 bool
	}{
		{"[%eval 0.17] [%clk 0:03:00]", "eval", "0.17", true},
		{"[%eval 0.17] [%clk 0:03:00]", "clk", "0:03:00", true},
		{"text [%clk  1:02:03 ] more", "clk", "1:02:03", true},
		{"[%evalx 3] [%eval 2]", "eval", "2", true},
		{"[%emt 0:00:04]", "clk", "", false},
		{"[%clk 0:00:04", "clk", "", false},
		{"%eval 1", "eval", "", false},
		{"", "eval", "", false},
	} {
		if a, ok := Command(c.comment, c.name); a != c.arg || ok != c.ok {
			t.Errorf("Command(%q, %q) = %q %v, want %q %v", c.comment, c.name, a, ok, c.arg, c.ok)
		}
	}
	for _, c := range []struct {
		arg string
		cp  int
		ok  bool
	}{
		{"0.17", 17, true}, {"-0.4", -40, true}, {"-3.15", -315, true}, {"12", 1200, true},
		{"+1.5", 150, true}, {"0.125", 13, true}, {"-0.125", -13, true}, {".5", 50, true},
		{"0.17,23", 17, true}, {"#3", 99997, true}, {"#-3", -99997, true}, {"#+1", 99999, true},
		{"#0", 100000, true}, {"#-0", -100000, true},
		{"", 0, false}, {"#", 0, false}, {"abc", 0, false}, {"1.2.3", 0, false}, {"-", 0, false},
	} {
		if cp, ok := EvalValue(c.arg); cp != c.cp || ok != c.ok {
			t.Errorf("EvalValue(%q) = %d %v, want %d %v", c.arg, cp, ok, c.cp, c.ok)
		}
	}
	for _, c := range []struct {
		arg string
		s   int
		ok  bool
	}{
		{"0:03:12", 192, true}, {"1:02:03", 3723, true}, {"0:24:55.5", 1495, true}, {"03:12", 192, true},
		{"45", 45, true}, {"0:00:00", 0, true},
		{"", 0, false}, {"1:2:3:4", 0, false}, {"0:0a:00", 0, false}, {"0:03:12.", 0, false}, {"-1:00", 0, false},
	} {
		if s, ok := ClockValue(c.arg); s != c.s || ok != c.ok {
			t.Errorf("ClockValue(%q) = %d %v, want %d %v", c.arg, s, ok, c.s, c.ok)
		}
	}
}
