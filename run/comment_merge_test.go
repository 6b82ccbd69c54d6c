package run

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// CQL 9.493's limits on the comment it adds at one position: these cases
// were run with the 9.493 binary on this game (cql -i lc.pgn -o out.pgn
// q.cql), whose output comments are the expected values, written here in
// short ("a*400" is 400 a's). Eleven comments of 400 bytes take 4400.
func TestCommentLimits(t *testing.T) {
	const game = "[Event \"F\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {an old comment} Nc6 *\n"
	eleven := ""
	for c := 'a'; c <= 'k'; c++ {
		eleven += `comment ("` + strings.Repeat(string(c), 400) + `") `
	}
	const kept = "a*400 b*400 c*400 d*400 e*400 f*400 g*400 h*400 i*400 j*400 k*400"
	cases := []struct {
		query string
		want  []string // the comments of the output, header first
	}{
		// 4400 + 300 passes 4500: the marker, without a space, ends the list.
		{"initial " + eleven + `comment ("` + strings.Repeat("z", 300) + `")`,
			[]string{kept + "[cql truncate]...", "an old comment"}},
		// 4400 + 450 passes 4800: nothing for it, and the list ends.
		{"initial " + eleven + `comment ("` + strings.Repeat("z", 450) + `") comment ("y")`,
			[]string{kept, "an old comment"}},
		{"Nf3 " + eleven + `comment ("s")`,
			[]string{"", "an old comment " + kept + " s CQL", kept + " s CQL"}},
		// With the old comment and the spaces the addition passes 4500 at
		// 2.Nf3: CQL drops all of it there ("Ignoring long comment").
		{"Nf3 " + eleven + `comment ("` + strings.Repeat("z", 80) + `")`,
			[]string{"", "an old comment", kept + " z*80 CQL"}},
		{`initial comment ("a}b{c")`, []string{"a_b_c CQL", "an old comment"}},
	}
	src := memFiles(map[string]string{"lc.pgn": game}, "lc.pgn")
	comment := regexp.MustCompile(`\{([^}]*)\}`)
	runs := regexp.MustCompile(`([a-z])([a-z])*`)
	for _, c := range cases {
		out, _ := runString(t, compile(t, c.query), src, Options{Format: "pgn"})
		var got []string
		for i, m := range comment.FindAllStringSubmatch(out, -1) {
			text := strings.Join(strings.Fields(m[1]), " ")
			if i == 0 { // our header: what follows it
				_, text, _ = strings.Cut(text, "lc.pgn")
				text = strings.TrimSpace(text)
			}
			got = append(got, runs.ReplaceAllStringFunc(text, short))
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%.40s...:\n got %q\nwant %q", c.query, got, c.want)
		}
	}
}

// short writes a run of one letter longer than 20 as "a*400".
func short(w string) string {
	if len(w) > 20 && strings.Count(w, w[:1]) == len(w) {
		return w[:1] + "*" + itoa(len(w))
	}
	return w
}

// TestMergeRuns: two runs of texts in node order, merged in place, come out as a stable
// sort orders them (the first run's texts first at a node), the scratch reused.
func TestMergeRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var scratch []addedComment
	for trial := 0; trial < 5000; trial++ {
		run := func(n int, tag string) []addedComment {
			var a []addedComment
			node := int32(rng.IntN(3))
			for i := 0; i < n; i++ {
				node += int32(rng.IntN(3))
				a = append(a, addedComment{node, fmt.Sprintf("%s%d", tag, i)})
			}
			return a
		}
		a := append(run(rng.IntN(20), "a"), run(rng.IntN(20), "b")...)
		want := slices.Clone(a)
		slices.SortStableFunc(want, func(x, y addedComment) int { return int(x.node) - int(y.node) })
		d := sortedPrefix(a)
		if d < len(a) && sortedPrefix(a[d:]) != len(a)-d {
			t.Fatalf("%v: not two runs", a)
		}
		scratch = mergeRuns(a, d, scratch)
		if !slices.Equal(a, want) {
			t.Fatalf("merged %v, want %v", a, want)
		}
	}
}
