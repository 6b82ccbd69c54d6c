package filter

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// FuzzEvaluate: any program that parses and compiles must evaluate without panicking (or
// looping) on real games with variations, set-ups and a null move.
func FuzzEvaluate(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "query", "games.pgn"))
	if err != nil {
		f.Fatal(err)
	}
	data = append(data, []byte(`[Event "v"]
[Result "*"]

1. e4 d5 2. exd5 (2. Nf3 Nf6 (2... -- 3. d4)) 2... Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 6. Bf4 e6
7. h3 Bxf3 8. Qxf3 Bb4 9. Be2 Nd7 10. a3 O-O-O 11. axb4 Qxa1+ 12. Kd2 Qxh1 *
`)...)
	games, err := pgn.ReadAll(bytes.NewReader(data), "fuzz.pgn", pgn.Options{Variations: true})
	if err != nil {
		f.Fatal(err)
	}
	scripts, _ := filepath.Glob(filepath.Join("..", "query", "testdata", "cql", "*.cql"))
	for _, s := range scripts {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(string(b))
		}
	}
	for _, s := range []string{
		"mate", "square x in h1-8 R attacks x x attacks K", "piece x in N {x attacks k}",
		"castle nullmove enpassant currentmove N--", "path B×p check k×h7 N--g5", "(path focus capture P (-- check --)+ | B[x]h7) == 2", "path lastposition primary --{2,3} : check", "x = 0 loop {x < 3 x += 1}",
		"line --> check --> mate", "find check", "flipcolor {move previous capture Q}",
		`flip 2 4 [Rr]a1`, `ply < 4 flipcolor {x = #n&f6 comment("n" x) true} x == 0`, `max({comment("a") 2} {comment("b") ply}) > 1`,
		`(flipcolor {comment(ply) #N&f3}) > 0 {comment("s") Ra1} != h8 (N--(if comment("d") then {ply > 5 a1} else h1)) == 0`,
		"x = 0 x += #P x > 3", "sort power A", "up 1 3 K & a", "comment (\"a\" from)",
		"move legal count > 30", "if check then K else k", "abs(power A - power a) < 2",
		"x = 0 loop {x + 3 x <= 1}", // a loop that never ends: stopped at its limit, once per run
		`path keepallbest verbose title "t" nestban max #A 1 9 --{1,3} check`, "path singlecolor piecepath quiet --+ line nestban singlecolor --> check",
		"x = ×(R) (--(ply)) > 3 sort echo (s t) ply",
		`--="q" v="RN" P--=v(check) --q|b b|q-- #(legal -- & legal [Kk]--) > 3 pseudolegal -- == legal --`, "cql(variations) echo (s t) positionid == 9",
		// CQLi's (issue 34)
		`halfmoveclock > 2 standardfen ~~ "(?P<c>[KQkq-]+) (?P<ep>\S+)" \{ep} \-{c} zobristkey #promotedpieces legalposition reachableposition`,
		`p = "R" currentfen ~~ p move count reverse > 3 move from . reverse capture . move to . reverse promote Q move reverse o-o enpassant`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if strings.Contains(src, "writefile") || strings.Contains(src, "readfile") {
			return // the fuzzer must not write or read files named by random input
		}
		prog, err := query.Parse("fuzz", []byte(src))
		if err != nil {
			return
		}
		for _, variations := range []bool{false, true} {
			q, err := CompileWith(prog, Options{Variations: variations})
			if err != nil {
				return
			}
			e := q.NewEvaluator()
			for _, g := range games {
				for _, i := range e.Game(g) {
					if i < 0 || int(i) >= len(g.Nodes) {
						t.Fatalf("%q: match index %d out of range", src, i)
					}
				}
				if e.Err() != nil {
					break // a runtime failure ends a run, so the later games would not be read
				}
			}
		}
	})
}
