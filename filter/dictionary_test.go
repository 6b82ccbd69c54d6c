package filter

import (
	"slices"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// CQL's lexer reads `[a5]` as one token, the square set a5, so `D[a5]` is the
// dictionary name D (a filter that always matches) followed by that set, and
// only `D[ a5 ]` is a lookup; chessql records `dictionary X[a5]="bc"` as
// refused and `dictionary X[ a5 ]="bc"` as accepted. `[x]` is CQL's ASCII ×.
func TestDictionarySquareKeysNeedSpaces(t *testing.T) {
	for _, src := range []string{
		`dictionary D D[ e4 ] = 3 D[ e4 ] += 1 D[ e4 ] == 4 D[ e4 ] not D[ h1 ]`,
		`dictionary D D[ e4 ] = 3 unbind D[ e4 ] not D[ e4 ]`,
		`dictionary D D[ a-h1 ] = "rank one" D[ a-h1 ] == "rank one" not D[ a1 ]`,
		// S[e5] is S (always true) and the square e5 (a set, never empty),
		// not a lookup of the missing entry S[ e5 ]
		`dictionary S S[ e4 ] = 1 not S[ e5 ] S[e5]`,
		`dictionary D D["k"] = 1 D[e5]`,
		// a space before '[' is allowed, as between any two CQL tokens
		`dictionary D D ["k"] = 1 D ["k"] == 1`,
	} {
		if !startMatches(t, src) {
			t.Errorf("%s: did not match", src)
		}
	}
	for _, src := range []string{`dictionary D[a5]="x"`, `dictionary D D[a5] = 1`, `dictionary D x = "a" D[x] = 1`} {
		if _, err := query.Parse("q", []byte(src)); err == nil {
			t.Errorf("%s: accepted, CQL refuses it", src)
		}
	}
}

// Ky ∊ D body binds Ky to each key of D in key order (CQL iterates its
// std::map: strings bytewise, numbers by value, sets by bitboard) and, like
// CQL's DictionaryIterateNode::match_position, always matches: the body is
// run for its effects. K in D asks whether D has an entry under K.
func TestDictionaryKeys(t *testing.T) {
	for _, src := range []string{
		`dictionary D D["b"]=2 D["a"]=1 D["c"]=3 s = "" Ky ∊ D s = s + Ky s == "abc"`,
		`dictionary Nm Nm[10]=1 Nm[2]=1 t = 0 Ky [element] Nm t = t * 100 + Ky t == 210`,
		// e4 is bit 28, a5 bit 32: e4 first
		`dictionary S S[ a5 ]="y" S[ e4 ]="x" u = "" Sq ∊ S u = u + S[Sq] u == "xy"`,
		// always true: a body that fails for every key, an empty dictionary
		`dictionary D D["a"]=1 D["b"]=5 Ky ∊ D D[Ky] > 9`,
		`dictionary D D["a"]=1 unbind D Ky ∊ D false`,
		// the body still runs for every key
		`dictionary D D["a"]=1 D["b"]=5 c = 0 Ky ∊ D {D[Ky] > 3 c += 1} c == 1`,
		// an entry removed by the body is not visited afterwards
		`dictionary D D["a"]=1 D["b"]=2 c = 0 Ky ∊ D {c += 1 unbind D} c == 1`,
		// membership (our form; CQL has none)
		`dictionary D D["a"]=1 "a" in D not ("b" in D)`,
		`dictionary S S[ e4 ]=1 e4 in S not (e5 in S)`,
		// D[k] after ∊ is a lookup whose value (a set) is iterated as squares
		`dictionary S S["w"] = [e4,d4] cnt = 0 Sq ∊ S["w"] cnt += 1 cnt == 2`,
		// an entry of a dictionary of sets matches when it exists, even empty
		// (DictionaryRetrieveNode::match_position is hasKey)
		`dictionary S S["w"] = [e4,d4] & a1 S["w"] not S["b"] #S["w"] == 0`,
	} {
		if !startMatches(t, src) {
			t.Errorf("%s: did not match", src)
		}
	}
	_, err := query.Parse("q", []byte(`dictionary D Ky ∊ D true`))
	if err == nil || !strings.Contains(err.Error(), "iterated before any entry is assigned") {
		t.Errorf("error %v", err)
	}
}

// CQL prints the persistent variables after the last game (cqlthread.cpp)
// but not its dictionaries: Environment::createDictionary registers every
// persistent dictionary as a quiet variable.
func TestDictionariesNotPrintedAtTheEnd(t *testing.T) {
	q := compileText(t, `persistent Cnt += 1 dictionary W initial W[player white] = gamenumber local dictionary L L["x"] = 1 persistent s = "a" persistent e = e4`)
	e := q.NewEvaluator()
	for _, g := range readGames(t, stringsPGN) {
		e.Game(g)
	}
	got := strings.Join(e.PersistentValues(), "|")
	want := `Cnt: 11|s: "a"|e: e4`
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A local dictionary may have positions as keys and values (CQL's
// match_dictionaryretrieveorassign refuses them only in a persistent one).
// It starts empty at each game (Environment::reset at match_game resets
// every variable that is not persistent). Expected matches worked out by
// hand on stringsPGN: game 1 has 8 positions (plies 0-7), game 2 has 3.
func TestLocalDictionaryPositions(t *testing.T) {
	games := readGames(t, stringsPGN)
	all := [][]int32{{0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2}}
	for _, c := range []struct {
		src  string
		want [][]int32
	}{
		// one entry per position so far in this game: reset at each game
		{`local dictionary Ps Ps[currentposition] = ply c = 0 Ky ∊ Ps c += 1 c == ply + 1`, all},
		// the values by key: 0 + 1 + ... + ply
		{`local dictionary Ps Ps[currentposition] = ply s = 0 Ky ∊ Ps s += Ps[Ky] s == ply * (ply + 1) / 2`, all},
		// keys in game order
		{`local dictionary Ps Ps[currentposition] = ply s = "" Ky ∊ Ps s += str Ps[Ky] ply == 3 s == "0123"`, [][]int32{{3}, nil}},
		// position values
		{`local dictionary Qd Qd[ply] = currentposition Qd[0] == currentposition`, [][]int32{{0}, {0}}},
		{`local dictionary Qd Qd[ply] = currentposition Qd[ply - 1] == parent`, [][]int32{{1, 2, 3, 4, 5, 6, 7}, {1, 2}}},
		// the root has no parent: the assignment fails and adds nothing
		{`local dictionary Par Par[currentposition] = parent Par[currentposition]:ply == ply - 1`, [][]int32{{1, 2, 3, 4, 5, 6, 7}, {1, 2}}},
		// an entry never assigned (test_filter_local.py:1812)
		{`local dictionary X X[currentposition]`, [][]int32{nil, nil}},
		{`local dictionary X X[currentposition]="a" X[currentposition]="b" X[initialposition]="c" X[currentposition] == "b" X[initialposition] == "c"`, [][]int32{{1, 2, 3, 4, 5, 6, 7}, {1, 2}}},
	} {
		checkMatchesPerGame(t, c.src, games, c.want)
	}
}

// Dictionary forms that CQL's parser accepts or refuses, from RogerMarsh/chessql's
// test_filter_dictionary.py (built against `cql -parse`). A read before any entry is
// assigned is accepted; with no value type it is a logical filter, true when the entry
// exists.
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
		// positions: only in a local dictionary (test_filter_dictionary.py, test_filter_local.py)
		{`dictionary X X[currentposition]`, false},
		{`dictionary X["a"]=currentposition`, false},
		{`dictionary X[ a5 ]=currentposition`, false},
		{`local dictionary X X[position 0]`, true},
		{`local dictionary X X[currentposition]`, true},
		{`v=initialposition local dictionary X X[v]`, true},
		{`local dictionary X["a"]=currentposition`, true},
		{`local dictionary X[to]=currentposition`, true},
		{`local dictionary X[3]=currentposition`, true},
		{`local dictionary X[ a5 ]=currentposition`, true},
		{`local dictionary X[currentposition]="a" X[currentposition]="b" X[initialposition]="c"`, true},
		{`local dictionary v[currentposition]=4 v[initialposition]==5`, true},
		{`local dictionary v[currentposition]="u" v[initialposition]=="w"`, true},
		{`local dictionary X[currentposition]=4 X["a"]=5`, false},
		// [a5] without spaces is a square set, not a key
		{`dictionary X[a5]="bc"`, false},
		{`dictionary X[a5]=3`, false},
		{`local dictionary X[a5]=h2`, false},
		{`local dictionary X[a5]=from`, false},
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

// #D is the number of D's entries (CQL 9.493's DictionaryCountNode), counted
// across games unless D is local. Expected values from CQL's own runs on its
// sample.pgn: `local dictionary D D[str ply] = 1 #D == 40` matches 43 games
// (those with 40 or more positions), `dictionary D D[str ply] = 1 unbind
// D["3"] #D == 40` one game (the first to reach ply 40, "3" removed); here
// the same rules on two games of 8 and 3 positions.
func TestDictionaryCount(t *testing.T) {
	games := readGames(t, stringsPGN)
	for _, c := range []struct {
		src  string
		want [][]int32
	}{
		// a local dictionary starts empty in each game: ply+1 entries
		{`local dictionary D D[str ply] = 1 #D == ply + 1`, [][]int32{{0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2}}},
		// a global one keeps the first game's 8 keys
		{`dictionary D D[str ply] = 1 #D == 8`, [][]int32{{7}, {0, 1, 2}}},
		// ply 2: 0,1,2; ply 3: 0,1,2,3 less "3"; ply 4: four keys
		{`dictionary D D[str ply] = 1 unbind D["3"] #D == 3`, [][]int32{{2, 3}, nil}},
		{`dictionary D #D == 0`, [][]int32{{0, 1, 2, 3, 4, 5, 6, 7}, {0, 1, 2}}},
	} {
		checkMatchesPerGame(t, c.src, games, c.want)
	}
	// #D where a filter is matched: CQL stops ("Attempt to count the
	// elements of a dictionary, but the value is never used").
	q := compileText(t, `dictionary D D["a"] = 1 #D`)
	e := q.NewEvaluator()
	e.Game(games[0])
	if e.Err() == nil || !strings.Contains(e.Err().Error(), "count the elements of a dictionary") {
		t.Errorf("#D matched: error %v, want CQL's stop", e.Err())
	}
}

// unbind D[K] fails when K has no value, as CQL 9.493's
// DictionaryDeleteEntryNode: `dictionary D D["a"] = K unbind D[piecename
// (piece x1 in _e7 {K})]` matches no game of CQL's sample.pgn in CQL (we
// matched all 253); a key that is not in D matches (253 in CQL).
func TestUnbindEntryWithoutKeyFails(t *testing.T) {
	if startMatches(t, `dictionary D D["a"] = K unbind D[piecename (piece x1 in _e7 {K})]`) {
		t.Error("unbind of a key without a value matched")
	}
	if !startMatches(t, `dictionary D D["a"] = K unbind D["b"]`) {
		t.Error("unbind of a key not in D did not match")
	}
}

// checkMatchesPerGame runs src over games, in order with one evaluator (as a run
// does: what is kept from game to game is kept), and checks each game's matching
// positions against want.
func checkMatchesPerGame(t *testing.T, src string, games []*pgn.Game, want [][]int32) {
	t.Helper()
	e := compileText(t, src).NewEvaluator()
	for i, g := range games {
		got := e.Game(g)
		if e.Err() != nil || !slices.Equal(got, want[i]) {
			t.Errorf("%s: game %d matched %v (error %v), want %v", src, i+1, got, e.Err(), want[i])
		}
	}
}
