package run

import "testing"

// A spreadsheet runs a cell starting with = + - @ tab or CR as a formula; numbers and a
// lone sign are no formulas and are left as they are.
func TestRunsAsFormula(t *testing.T) {
	for s, want := range map[string]bool{
		"=1+1": true, "@SUM(A1)": true, "+cmd": true, "-2+3": true, "\tx": true, "\r=x": true,
		"-": false, "+": false, "-5": false, "+1.5": false, "-1e3": false, "-0x1p3": true, "-Inf": true,
		"": false, "Kasparov": false, "'=x": false, "a=b": false, "?": false,
	} {
		if got := runsAsFormula(s); got != want {
			t.Errorf("runsAsFormula(%q) = %v, want %v", s, got, want)
		}
	}
}
