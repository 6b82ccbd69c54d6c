package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/query"
)

// A dictionary name directly followed by a square in brackets is a lookup by
// that square (the lexer reads `[a5]` as a piece designator elsewhere).
func TestDictionarySquareKeysWithoutSpaces(t *testing.T) {
	for _, src := range []string{
		`dictionary D[a5]="x" D[a5] == "x" D[ a5 ] == "x"`,
		`dictionary D D[e4] = 3 D[e4] += 1 D[e4] == 4 isbound D[e4] not isbound D[h1]`,
		`dictionary D D[e4] = 3 unbind D[e4] not isbound D[e4]`,
		`dictionary D D[a-h1] = "rank one" D[a-h1] == "rank one" not isbound D[a1]`,
		// a piece designator after a space is not a key: D is then a bare name
		`dictionary D D["k"] = 1 [a5] == a5`,
	} {
		if !startMatches(t, src) {
			t.Errorf("%s: did not match", src)
		}
	}
}

// K ∊ D body binds K to each key of D in key order and matches when body
// matched for some key; K in D asks whether D has an entry under K.
func TestDictionaryKeys(t *testing.T) {
	for _, src := range []string{
		// keys in order: strings by their bytes, numbers by value
		`dictionary D D["b"]=2 D["a"]=1 D["c"]=3 s = "" Key ∊ D s = s + Key s == "abc"`,
		`dictionary Nm Nm[10]=1 Nm[2]=1 t = 0 Key [element] Nm t = t * 100 + Key t == 210`,
		`dictionary S S[e4]="x" S[a5]="y" u = "" Sq ∊ S u = u + S[Sq] u == "xy"`,
		// existential: some key satisfies the body
		`dictionary D D["a"]=1 D["b"]=5 Key ∊ D D[Key] > 3`,
		`dictionary D D["a"]=1 D["b"]=5 not (Key ∊ D D[Key] > 9)`,
		// an empty dictionary: no key, no match
		`dictionary D D["a"]=1 unbind D not (Key ∊ D true)`,
		// an entry removed by the body is not visited afterwards
		`dictionary D D["a"]=1 D["b"]=2 c = 0 Key ∊ D {c += 1 unbind D} c == 1`,
		// membership
		`dictionary D D["a"]=1 "a" in D not ("b" in D)`,
		`dictionary S S[e4]=1 e4 in S not (e5 in S)`,
		// D[k] after ∊ is a lookup whose value (a set) is iterated as squares
		`dictionary S S["w"] = [e4,d4] cnt = 0 Sq ∊ S["w"] cnt += 1 cnt == 2`,
	} {
		if !startMatches(t, src) {
			t.Errorf("%s: did not match", src)
		}
	}
	_, err := query.Parse("q", []byte(`dictionary D Key ∊ D true`))
	if err == nil || !strings.Contains(err.Error(), "iterated before any entry is assigned") {
		t.Errorf("error %v", err)
	}
}

// Persistent dictionaries are printed after the last game, one entry a
// line, in declaration order and key order; local ones are not.
func TestDictionariesPrintedAtTheEnd(t *testing.T) {
	q := compileText(t, `dictionary W initial W[player white] = gamenumber dictionary S S[e4] = 1 S[a5] = 2 local dictionary L L["x"] = 1`)
	e := q.NewEvaluator()
	for _, g := range readGames(t, stringsPGN) {
		e.Game(g)
	}
	got := strings.Join(e.PersistentValues(), "|")
	want := `W["Kasparov, Garry"]: 1|W["Tal, Mikhail"]: 2|S[e4]: 1|S[a5]: 2`
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Dictionary forms that CQL's parser accepts or refuses, from RogerMarsh/chessql's
// test_filter_dictionary.py (built against `cql -parse`). A read before any entry is
// assigned is accepted; with no value type it is a logical filter, true when the entry
// exists. `X[a5]` without spaces is our extension (CQL wants `X[ a5 ]`).
func TestDictionaryFormsAsCQL(t *testing.T) {
	for _, c := range []struct {
		src string
		ok  bool
	}{
		{`dictionary X`, true},
		{`dictionary k`, false},
		{`dictionary`, false},
		{`dictionary X["a"]="bc"`, true},
		{`dictionary X[to]=from`, true},
		{`dictionary X[ a5 ]=d7 X[ a5 ]=K X[ k ]=Q X[ to ]=h7`, true},
		{`dictionary X[3]=qa5 X[3]=g2 X[4]=[KQ]a5`, true},
		{`dictionary X X[1]`, true},
		{`dictionary X X[fen]`, true},
		{`v=k dictionary X X[v]`, true},
		{`dictionary X["a"]=currentposition`, false},
		{`dictionary X[ a5 ]=3 X[1]=3`, false},
		{`dictionary X[ a5 ]=3 X[ a5 ]=k`, false},
		{`dictionary X X[position 0]`, false},
		{`dictionary X X[1 and 2]`, false},
		{`dictionary X X[true]`, false},
	} {
		p, err := query.Parse("q", []byte(c.src))
		if err == nil {
			_, err = Compile(p)
		}
		if (err == nil) != c.ok {
			t.Errorf("%s: error %v, want accepted %v", c.src, err, c.ok)
		}
	}
	if startMatches(t, `dictionary X X["a"]`) || !startMatches(t, `dictionary X not X["a"]`) {
		t.Error(`a read of an entry never assigned must be false`)
	}
}
