package filter

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// find's comments, as CQL 9.493 writes them (findnode.cpp): "Found" at the
// position a plain find returns, "Found i of n" at each of the n positions
// a counting find (all, or a range) counts when n is in its range, none
// with quiet. The expected comments are the 9.493 binary's output on this
// game (`cql -i f.pgn -o out.pgn q.cql`, `cql()` before each query), copied
// here as data; per position, its texts joined by a space, without CQL's
// match marker.
func TestFindComments(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *")
	cases := []struct {
		src  string
		want []string
	}{
		{`initial find Bb5`, []string{"5: Found"}},
		{`initial find all Bb5`, []string{"5: Found 1 of 2", "6: Found 2 of 2"}},
		{`initial find 2 5 Bb5`, []string{"5: Found 1 of 2", "6: Found 2 of 2"}},
		{`initial find 3 5 Bb5`, nil}, // no match
		{`initial find quiet Bb5`, nil},
		{`initial find all quiet Bb5`, nil},
		{`Kg1 find all <-- Bb5`, []string{"5: Found 2 of 2", "6: Found 1 of 2"}},
		{`Kg1 find <-- Bb5`, []string{"6: Found"}},
		{`initial find all {Bb5 comment("B")}`, []string{"5: B Found 1 of 2", "6: B Found 2 of 2"}},
		{`initial find {Bb5 comment("B")}`, []string{"5: B Found"}},
		{`initial find all {Bb5 find <-- Nf3}`, []string{"5: Found Found 1 of 2", "6: Found Found 2 of 2"}},
		{`find Bb5`, []string{"5: Found", "6: Found"}},
		{`initial not find all Bb5`, nil},
		// A compound that fails drops the "Found" made inside it, as any comment.
		{`find not find Bb5`, []string{"7: Found", "8: Found", "9: Found"}},
		{`{find Bb5 false} or true`, nil},
		{`{find all Bb5 false} or true`, nil},
	}
	for _, c := range cases {
		if got := positionNotes(t, c.src, g); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

// positionNotes is notesOf grouped as the PGN output writes them: per
// position of the main line in game order, its texts in the order made,
// joined by a space.
func positionNotes(t *testing.T, src string, g *pgn.Game) []string {
	t.Helper()
	byPly := map[int][]string{}
	for _, n := range notesOf(t, src, g) {
		ply, text, _ := strings.Cut(n, ": ")
		k, err := strconv.Atoi(ply)
		if err != nil {
			t.Fatalf("%s: a comment off the main line: %s", src, n)
		}
		byPly[k] = append(byPly[k], text)
	}
	var out []string
	for k := range len(g.Nodes) {
		if texts := byPly[k]; texts != nil {
			out = append(out, strconv.Itoa(k)+": "+strings.Join(texts, " "))
		}
	}
	return out
}

// A position value in a comment reads as CQL names it (stringconverter.cpp,
// qpos.cpp idString): "move N(wtm)" or "(btm)", N counted from 1 at the
// game's start whatever the FEN says, and in a variation "[k]" with its
// position id k, which also comments that position "id:k". Expected: the
// CQL 9.493 binary's output on this game (`cql(variations) check
// comment("at " currentposition " parent " parent)`).
func TestPositionValueComments(t *testing.T) {
	g := readOne(t, `[FEN "4k3/8/8/8/8/8/8/R3K3 b - - 0 40"]
[SetUp "1"]

40... Kd7 41. Ra7+ Kc6 (41... Kd6 42. Ra6+) 42. Ra6+ *`)
	got := notesOf(t, `cql(variations) check comment("at " currentposition " parent " parent)`, g)
	want := []string{
		"2: at move 2(btm) parent move 2(wtm)",
		"4: at move 3(btm) parent move 3(wtm)",
		"e8d7 a1a7 d7d6 a7a6: id:6", "e8d7 a1a7 d7d6: id:5",
		"e8d7 a1a7 d7d6 a7a6: at move 3(btm)[6] parent move 3(wtm)[5]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// What a later position writes at a position that matched comes after its
// match marker: CQL writes the marker when the position matches
// (cqlnodematch.cpp). Expected: the CQL 9.493 binary's output on this game.
func TestLateComments(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *")
	notes, _ := markedNotes(t, `(ply == 3 or ply == 4) find all <-- ply >= 3`, g)
	want := []string{"3: Found 1 of 1 CQL Found 2 of 2", "4: Found 1 of 2 CQL"}
	if !slices.Equal(notes, want) {
		t.Errorf("got %q\nwant %q", notes, want)
	}
}

// consecutivemoves comments its longest run of the game after the match
// markers (consecutivemovesnode.cpp): "x-move[i]" after the i-th move of
// the run on the way to x, "y-move[i]" on the way to y. Expected: the CQL
// 9.493 binary's output on this game; a position of the variation is
// written here as its ply with a "v", in the order of g.Nodes.
func TestConsecutiveMovesComments(t *testing.T) {
	g := readOne(t, "1. Nf3 Nf6 2. Ng1 Nc6 (2... Ng8 3. Nf3 Nc6 4. Nc3 Nb8) 3. Nc3 Nb8 *")
	cases := []struct {
		src  string
		want []string
	}{
		{`cql(variations) terminal echo (s t) { terminal consecutivemoves (s t) >= 2 }`, []string{
			"3: LCA", "4: s-move[1]",
			"6v: t-move[1]", "7v: t-move[2]", "8v: t -->move 4(wtm) id:11 s <--move 4(wtm) CQL t-move[3]",
			"5: s-move[2]", "6: s <--move 5(wtm)[11] CQL t -->move 5(wtm)[11] s-move[3]"}},
		{`cql(variations) terminal echo quiet (src tgt) { terminal consecutivemoves (src tgt) >= 3 }`, []string{
			"4: src-move[1]", "6v: tgt-move[1]", "7v: tgt-move[2]", "8v: CQL tgt-move[3]",
			"5: src-move[2]", "6: CQL src-move[3]"}},
		{`cql(variations) terminal echo quiet (s t) { terminal consecutivemoves quiet (s t) }`, []string{"8v: CQL", "6: CQL"}},
		{`cql(variations quiet) terminal echo quiet (s t) { terminal consecutivemoves (s t) }`, []string{"8v: CQL", "6: CQL"}},
	}
	for _, c := range cases {
		if got := treeNotes(t, c.src, g); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

// treeNotes is markedNotes (the comment of each position with the match
// marker, in g.Nodes order) with a position off the main line written as
// its ply and a "v".
func treeNotes(t *testing.T, src string, g *pgn.Game) []string {
	t.Helper()
	q, err := Compile(mustParseQ(t, src))
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	e := q.NewEvaluator()
	matches := e.Game(g)
	text := make([][]string, len(g.Nodes))
	for _, a := range e.Annotations() {
		if !a.Late {
			text[a.Node] = append(text[a.Node], a.Text)
		}
	}
	for _, i := range matches {
		text[i] = append(text[i], "CQL")
	}
	for _, a := range e.Annotations() {
		if a.Late {
			text[a.Node] = append(text[a.Node], a.Text)
		}
	}
	var out []string
	for i, ts := range text {
		if len(ts) > 0 {
			label := strconv.Itoa(int(g.Nodes[i].Ply))
			if g.Nodes[i].Variation {
				label += "v"
			}
			out = append(out, label+": "+strings.Join(ts, " "))
		}
	}
	return out
}

// A comment after the parameters of a move filter (not legal or
// pseudolegal) is the move's: CQL 9.493 (move-parse.cpp, movebase.cpp)
// evaluates it at the position after each matching move. Expected: the
// 9.493 binary's output on this game.
func TestMoveComment(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Nf3 (2. Nc3 Nf6) 2... Nc6 3. Bb5 *")
	cases := []struct {
		src  string
		want []string
	}{
		{`move from N comment ("moved " N)`, []string{"2: CQL", "3: moved [b1,f3]"}},
		{`cql(variations) move from N comment ("moved " N)`, []string{"2: CQL", "3: moved [b1,f3]", "3v: moved [g1,c3]"}},
		{`move previous from N comment ("p" N)`, []string{"3: p[b1,f3] CQL"}},
		{`move legal from N comment ("c")`, []string{"0: c CQL", "2: c CQL", "4: c CQL"}},
		{`move to _ from [Nn] comment ("x") btm`, []string{"3: CQL", "4: x"}},
		{`line --> move from P comment ("a") --> move from p comment ("b") --> move from N`,
			[]string{"0: Start line that ends at move 2(wtm) CQL", "1: a", "2: b End line of length 3 that starts at move 1(wtm)"}},
	}
	for _, c := range cases {
		if got := treeNotes(t, c.src, g); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

// A path whose search can be seen goes on to its best path even where only
// whether it matches is asked: with nestban (the best path's positions are
// banned) or with assignments in it; and a filter constituent's comments
// stay until the move step before it is undone, as in CQL's
// path-compute-dash*.cpp, so each better path on the way keeps its own.
// Expected: the CQL 9.493 binary's output on this game.
func TestPathSearchSeen(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *")
	cases := []struct {
		src  string
		want []string
	}{
		{`path quiet nestban -- ply <= 4 {2,}`, []string{"0: CQL"}},
		{`initial cnt = 0 path quiet -- cnt += 1 {2,} comment("n " cnt)`, []string{"0: CQL",
			"2: n 2", "3: n 3", "4: n 4", "5: n 5", "6: n 6", "7: n 7", "8: n 8", "9: n 9"}},
	}
	for _, c := range cases {
		if got := treeNotes(t, c.src, g); !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}

// A piece variable whose piece is no longer on the board prints as
// nothing in a comment, as the CQL 9.493 binary writes it on this game
// ({x } after 2...Qxd5, where the e-pawn was taken; {x Pe4} after 1...d5).
func TestAbsentPieceComment(t *testing.T) {
	g := readOne(t, "1. e4 d5 2. exd5 Qxd5 *")
	for _, c := range []struct{ src, want string }{
		{`initial piece $x in P & e2 { T = position 4  T : comment("x " $x) }`, "4: x "},
		{`initial piece $x in P & e2 { T = position 2  T : comment("x " $x) }`, "2: x Pe4"},
	} {
		if got := notesOf(t, c.src, g); len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: got %q, want %q", c.src, got, c.want)
		}
	}
}

// An unbound variable given to comment or str prints as "<unbound: x>", as
// the CQL 9.493 binary writes it on this game (stringconverter.cpp).
func TestUnboundVariableComment(t *testing.T) {
	g := readOne(t, "1. e4 d5 2. exd5 Qxd5 *")
	for _, c := range []struct{ src, want string }{
		{`initial if ply > 5 x = 1 comment("x " x)`, "0: x <unbound: x>"},
		{`initial x = 1 unbind x comment("x " x)`, "0: x <unbound: x>"},
		{`initial if ply > 5 s = "a" comment("s " s)`, "0: s <unbound: s>"},
		{`initial if ply > 5 S = [a1] comment("S " S)`, "0: S <unbound: S>"},
		{`initial if ply > 5 piece Z = K comment("Z " Z)`, "0: Z <unbound: Z>"},
		{`initial if ply > 5 x = 1 comment(str("x " x))`, "0: x <unbound: x>"},
		{`initial x = 2 comment("x " x " " str(x))`, "0: x 2 2"},
	} {
		if got := notesOf(t, c.src, g); len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: got %q, want %q", c.src, got, c.want)
		}
	}
}

// A dictionary given to comment or str prints its entries in key order, as
// the CQL 9.493 binary writes them on this game (dictionary.cpp toString).
func TestDictionaryComment(t *testing.T) {
	g := readOne(t, "1. e4 d5 2. exd5 Qxd5 *")
	for _, c := range []struct{ src, want string }{
		{`dictionary D initial D[1]=Q comment(D)`, "0: Dictionary D with 1 entries: \n<NumValue>1: <SquareMask>d1\n"},
		{`dictionary D initial D["b"]=2 D["a"]=1 D["c"]=3 comment("x " D)`,
			"0: x Dictionary D with 3 entries: \n<string>a: <NumValue>1\n<string>b: <NumValue>2\n<string>c: <NumValue>3\n"},
		{`dictionary D initial comment(D)`, "0: Dictionary D with 0 entries: \n"},
		{`initial local dictionary E E[3]=[a1,b2] E[-1]=k comment(str(E))`,
			"0: Dictionary E with 2 entries: \n<NumValue>-1: <SquareMask>e8\n<NumValue>3: <SquareMask>[a1,b2]\n"},
	} {
		if got := notesOf(t, c.src, g); len(got) != 1 || got[0] != c.want {
			t.Errorf("%s: got %q, want %q", c.src, got, c.want)
		}
	}
}
