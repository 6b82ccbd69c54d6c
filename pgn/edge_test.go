package pgn

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// edgeProblems are the problems of the hand-written broken files, checked by
// reading the files: every one names a real defect at its place.
var edgeProblems = map[string][]string{
	"synthetic/broken.pgn": {
		"9:66: game 1: illegal move: no bishop can move to f7 (Bxf7+)", // a bishop on c1 or f1 cannot reach f7
		"19:23: game 2: illegal move: no knight can move to e5 (Nxe5)", // inside the variation only
		"39:20: game 4: missing result",
		"103:7: game 11: unterminated comment",
		"103:41: game 11: missing result", // the comment ate the result, not the next game
		"123:7: game 13: unterminated variation",
		"133:24: game 14: malformed move (Bb)", // truncated
		"133:26: game 14: missing result",
	},
	"synthetic/truncated-in-comment.pgn": {
		"9:10: game 1: unterminated comment",
		"9:31: game 1: missing result",
	},
	"synthetic/truncated-in-tag.pgn": {
		`11:1: game 2: tag value without closing quote ([Event "Trunc)`,
		`12:1: game 2: tag value without closing quote ([Site "syn)`,
		"12:11: game 2: missing result",
	},
	"synthetic/fen-setups.pgn": {}, // game 4's FEN is only a warning (edgeWarnings)
	"synthetic/move-formats.pgn": {
		"79:13: game 8: malformed move (Sf3)", // German piece letters are not SAN
	},
}

// edgeWarnings are the warnings of the edge files that have any.
var edgeWarnings = map[string][]string{
	"synthetic/fen-setups.pgn": {
		// The pawn on g7 gives check to the king on f8 with White to move: CQL accepts and
		// evaluates such set-up positions, and so does the game (1. cxd8=N Kxg7 ... 4. Nb7).
		"36:1: game 4: FEN: the side not to move is in check (3r1k2/2P3P1/8/8/8/8/6p1/R3K3 w Q - 0 1)",
	},
}

var eventTag = regexp.MustCompile(`(?m)^(?:\xef\xbb\xbf)?\[\s*Event\s+"((?:[^"\\\n]|\\.)*)"`)

// TestEdgeCorpus reads every file of the edge collection: no game that has an
// Event tag is lost, files pgn-extract reads without a diagnostic give no
// problem, and the broken synthetic files give exactly their problems.
func TestEdgeCorpus(t *testing.T) {
	dir := filepath.Join(filepath.Dir(testdata.File(t, "cql-sample.pgn")), "edge")
	clean := pgnExtractClean(t, filepath.Join(dir, "README.md"))
	files, err := filepath.Glob(filepath.Join(dir, "*", "*.pgn"))
	if err != nil || len(files) < 100 {
		t.Fatalf("edge corpus: %d files, %v", len(files), err)
	}
	for _, path := range files {
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		games := readBytes(t, data, rel, Options{Variations: true})
		// Every Event tag of the file is a game we read.
		have := map[string]int{}
		var problems, warnings []string
		for _, g := range games {
			have[g.Tag("Event")]++
			for _, e := range g.Errors {
				problems = append(problems, strings.TrimPrefix(e.Error(), rel+":"))
			}
			for _, e := range g.Warnings {
				warnings = append(warnings, strings.TrimPrefix(e.Error(), rel+":"))
			}
		}
		if got, want := strings.Join(warnings, "\n"), strings.Join(edgeWarnings[rel], "\n"); got != want {
			t.Errorf("%s: warnings\n%s\nwant\n%s", rel, got, want)
		}
		for _, m := range eventTag.FindAllSubmatch(data, -1) {
			v := strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(string(m[1]))
			if have[v] == 0 {
				t.Errorf("%s: game with Event %q lost", rel, v)
			}
			have[v]--
		}
		if want, ok := edgeProblems[rel]; ok {
			if strings.Join(problems, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s: problems\n%s\nwant\n%s", rel, strings.Join(problems, "\n"), strings.Join(want, "\n"))
			}
		} else if (clean[rel] || strings.HasPrefix(rel, "synthetic/")) && len(problems) > 0 {
			t.Errorf("%s: false problems:\n%s", rel, strings.Join(problems, "\n"))
		}
	}
}

// pgnExtractClean lists the files pgn-extract reads without a diagnostic.
func pgnExtractClean(t *testing.T, readme string) map[string]bool {
	f, err := os.Open(readme)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	clean := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "|")
		if len(cols) > 6 && strings.HasSuffix(strings.TrimSpace(cols[1]), ".pgn") && strings.TrimSpace(cols[5]) == "0" {
			clean[strings.TrimSpace(cols[1])] = true
		}
	}
	if len(clean) < 50 {
		t.Fatalf("README table: only %d clean files", len(clean))
	}
	return clean
}
