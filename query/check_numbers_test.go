package query

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// CQL 9.493 parses these (its -parse prints them) but stops when it runs
// them, on the number or number variable evaluated as a position filter
// (at the place given); the others it runs. Each verdict is the binary's on
// sample.pgn.
func TestMatchedNumbers(t *testing.T) {
	for src, want := range map[string]string{
		"3":                   "1:1: the number 3 stands where a filter is matched",
		"check 3":             "1:7: the number 3",
		"{check 3}":           "1:8: the number 3",
		"not 3":               "1:5: the number 3",
		"3 or check":          "1:1: the number 3",
		"if check 3 else 4":   "1:10: the number 3",
		"flipcolor {check 3}": "1:18: the number 3",
		"square x in A 3":     "1:15: the number 3",
		"check -3":            "1:7: the number -3",
		"q-2":                 "1:2: the number -2",
		"-- {2 4}":            "1:5: the number 2",
		"x = 2 x":             "1:7: the number variable x",
		"x = 2 {check x}":     "1:14: the number variable x",
		"x = 2 not x":         "1:11: the number variable x",
		// the manual's snippets (cql_manual_test.go) CQL 9.493 stops on
		"abs #A - #a":                          "1:1: abs",
		"max(#R #Q)":                           "1:1: max",
		"min(1 2)":                             "1:1: min",
		"sqrt 4":                               "1:1: sqrt",
		"black":                                "1:1: black",
		"check and white":                      "1:11: white",
		`if check "In check"`:                  "1:10: the string",
		"currenttransform":                     "1:1: currenttransform",
		`x = "a" x`:                            "1:9: the string variable x",
		"check str(ply)":                       "1:7: str",
		"lastgamenumber":                       "1:1: lastgamenumber",
		"fen":                                  "1:1: fen",
		"positionid":                           "1:1: positionid",
		"sidetomove":                           "1:1: sidetomove",
		"typename e1":                          "1:1: typename",
		"type e4":                              "1:1: type",
		"distance(position 0 currentposition)": "1:1: distance",
		"lca(position 0 currentposition)":      "1:1: lca",
		"x = currentposition x":                "1:21: the position variable x",
	} {
		p, err := Parse("", []byte(src))
		if err != nil {
			t.Errorf("%s: CQL parses it: %v", src, err)
			continue
		}
		var places []string
		for n := range MatchedNumberNodes(p) {
			places = append(places, fmt.Sprintf("%d:%d", n.Pos().Line, n.Pos().Col))
		}
		if at, _, _ := strings.Cut(want, ": "); !slices.Contains(places, at) {
			t.Errorf("%s: matched numbers at %v, want one at %s", src, places, at)
		}
	}
	for _, src := range []string{"x = 3", "x = {check 3} x == 3", "x = if check 3 else 4 x == 4", "sort {check 3}", "x = 2 x > 1", "x = 2 y = {check x} y == 2", "path -- -- == 2",
		"x = {check abs 3} x > 1", "x = max(1 2) x == 2", "sidetomove == white", `comment("a")`, `x = currenttransform x == ""`,
		"x = str(ply) check", "sidetomove == 1", `fen ~~ "^r"`, "position 0 ≺ currentposition", "pieceid e1", "x = currentposition x : check",
		`x = "a" + "b" x == "ab"`, `comment("a" + "b")`, "player white", `player "Kasp"`, "x = 1 + 2 x == 3",
		"x = position 0 : 3 x == 3", `position 0 : "a" == "a"`,
		"echo (s t) 3", "echo (s t) abs 3", "echo (s t) black", "echo (s t) {check 3}"} {
		p, err := Parse("", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if m := MatchedNumberNodes(p); len(m) != 0 {
			t.Errorf("%s: CQL runs it, found %d matched numbers", src, len(m))
		}
	}
}
