package pgn

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

func readBytes(t testing.TB, data []byte, name string, opt Options) []*Game {
	t.Helper()
	games, err := ReadAll(bytes.NewReader(data), name, opt)
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// sameGame compares two games as trees; it returns "" when they agree.
func sameGame(a, b *Game) string {
	if len(a.Nodes) != len(b.Nodes) {
		return fmt.Sprintf("%d nodes, then %d", len(a.Nodes), len(b.Nodes))
	}
	if a.Result != b.Result && a.Result != "" {
		return fmt.Sprintf("result %q, then %q", a.Result, b.Result)
	}
	for _, t := range a.Tags {
		if b.Tag(t.Name) == "" && t.Value != "" {
			return fmt.Sprintf("tag %s lost", t.Name)
		}
	}
	if len(a.Nodes) == 0 {
		return ""
	}
	return sameTree(a, b, 0, 0)
}

func sameTree(a, b *Game, i, j int32) string {
	x, y := &a.Nodes[i], &b.Nodes[j]
	if x.Move != y.Move || x.Pos != y.Pos || x.Ply != y.Ply || x.Variation != y.Variation || !bytes.Equal(a.NAGs(i), b.NAGs(j)) {
		return fmt.Sprintf("node %d/%d differs: %v %v vs %v %v", i, j, x.Move, x.Pos.FEN(), y.Move, y.Pos.FEN())
	}
	if norm(a.Comment(i)) != norm(b.Comment(j)) || norm(a.CommentBefore(i)) != norm(b.CommentBefore(j)) {
		return fmt.Sprintf("node %d comments differ: %q/%q vs %q/%q", i, a.CommentBefore(i), a.Comment(i), b.CommentBefore(j), b.Comment(j))
	}
	ci, cj := x.FirstChild, y.FirstChild
	for ci >= 0 && cj >= 0 {
		if d := sameTree(a, b, ci, cj); d != "" {
			return d
		}
		ci, cj = a.Nodes[ci].NextSibling, b.Nodes[cj].NextSibling
	}
	if ci >= 0 || cj >= 0 {
		return fmt.Sprintf("node %d: children differ", i)
	}
	return ""
}

// norm makes comments comparable after writing: whitespace is reflowed and
// '}' cannot be written.
func norm(s string) string {
	return string(bytes.ReplaceAll(bytes.Join(bytes.Fields([]byte(s)), []byte(" ")), []byte("}"), []byte(")")))
}

// TestRoundTrip reads, writes and reads again every corpus: the games agree
// and writing is idempotent.
func TestRoundTrip(t *testing.T) {
	files := []string{"cql-sample.pgn", "lichess-10k.pgn", "masters-10k.pgn"}
	edge, _ := filepath.Glob(filepath.Join(filepath.Dir(testdata.File(t, "cql-sample.pgn")), "edge", "*", "*.pgn"))
	for _, e := range edge {
		rel, _ := filepath.Rel(filepath.Dir(testdata.File(t, "cql-sample.pgn")), e)
		files = append(files, rel)
	}
	for _, name := range files {
		if testing.Short() && (name == "lichess-10k.pgn" || name == "masters-10k.pgn") {
			continue
		}
		data, err := os.ReadFile(testdata.File(t, name))
		if err != nil {
			t.Fatal(err)
		}
		data = headGames(data, 1<<20)
		opt := Options{Variations: true}
		g1 := readBytes(t, data, name, opt)
		var out1 []byte
		for _, g := range g1 {
			out1 = AppendGame(out1, g)
		}
		g2 := readBytes(t, out1, name+".out", opt)
		if len(g2) != len(g1) {
			t.Errorf("%s: %d games, %d after writing", name, len(g1), len(g2))
			continue
		}
		var out2 []byte
		for i, g := range g2 {
			out2 = AppendGame(out2, g)
			if len(g1[i].Errors) == 0 && len(g.Errors) > 0 {
				t.Errorf("%s game %d: written game has errors: %v", name, i+1, g.Errors)
			}
			if len(g1[i].Errors) == 0 {
				if d := sameGame(g1[i], g); d != "" {
					t.Errorf("%s game %d: %s", name, i+1, d)
				}
			}
		}
		if !bytes.Equal(out1, out2) {
			t.Errorf("%s: writing is not idempotent", name)
		}
		for _, line := range bytes.Split(out1, []byte("\n")) {
			if len(line) > lineWidth && line[0] != '[' && bytes.Count(line, []byte(" ")) > 0 {
				t.Errorf("%s: line longer than %d: %q", name, lineWidth, line)
				break
			}
		}
	}
}

// headGames cuts data after about n bytes, at a game boundary, to keep tests fast.
func headGames(data []byte, n int) []byte {
	if len(data) <= n {
		return data
	}
	if i := bytes.Index(data[n:], []byte("\n\n[Event ")); i >= 0 {
		return data[:n+i+2]
	}
	return data
}
