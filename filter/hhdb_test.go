package filter

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// The expectations here come from CQL 9.493's source, which writes every
// hhdb keyword as a CQL filter (hhdb-cql.cpp) or reads the Event tag
// (hhdbawardnode.cpp), applied by hand or with Go's regexp to the text of
// cql-sample.pgn (rawStudies); the implementation scans without regexp.

// The hhdb fields of game 1 of cql-sample.pgn, read by hand from its text:
// [Event "3.p 2nd UAPA internet ty#22"], [White "Rusz=A"],
// [Black "(+0016.32d4g7)"], {(EG#20923).}. Its variation 6.Be3 {<or>}
// (against the main line's 6.Be5) is an <or> line.
func TestHHdbGameOne(t *testing.T) {
	games := sampleGames(t, true)
	g := games[0]
	for _, c := range []struct{ src, want string }{
		{`initial hhdb gbr == "+0016.32d4g7"`, "[start]"}, // the match of [+-=]\d{4}\.\d{2}[a-h][1-8][a-h][1-8]
		{`initial hhdb gbr material == "0016.32"`, "[start]"},
		{`initial hhdb gbr pieces == "0016" hhdb gbr pawns == "32" hhdb gbr kings == "d4g7"`, "[start]"},
		{`initial hhdb composer == "Rusz=A"`, "[start]"},
		{`initial hhdb composer "usz"`, "[start]"}, // implicit search
		{`initial hhdb composer "Kasparyan"`, ""},
		{`initial hhdb firstcomment == "(EG#20923)."`, "[start]"},
		{`initial hhdb egdiagram == 20923`, "[start]"},
		{`initial hhdb diagram == "22"`, "[start]"},
		// The fields on lines of their own; a quoted "\n" is a backslash and an n in CQL,
		// so the newlines are bare \n (CQL 9.493 matches game 1 with this).
		{`initial hhdb search == "3.p 2nd UAPA internet ty#22" + \n + "Rusz=A" + \n + "(+0016.32d4g7)" + \n + "(EG#20923)."`, "[start]"},
		{`initial hhdb search == "3.p 2nd UAPA internet ty#22\nRusz=A\n(+0016.32d4g7)\n(EG#20923)."`, ""},
		{`initial hhdb search "UAPA"`, "[start]"},
		// 3.p: a third prize, not special; ranks 3 to 3.
		{`initial hhdb prize == 3 hhdb award == 3 hhdb prize max == 3 hhdb max == 3`, "[start]"},
		{`initial (hhdb hm or hhdb commendation or hhdb special)`, ""},
		// No stipulation comment, no study code, no cook.
		{`initial (hhdb stipulation or hhdb TT or hhdb U2 or hhdb "(c)" or hhdb twin or hhdb cooked or hhdb dual or hhdb unsound)`, ""},
		{`initial hhdb sound`, "[start]"},
		{`cql(variations) hhdb "<or>" move previous from B`, "[d4c5 g8f6 g6h7 g7h8 c3f6 h8h7 f6d4 c8e7 c5d6 e7g6 d4e3]"},
	} {
		if got := runQuery(t, c.src, g); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// Games of cql-sample.pgn read by hand, found by their Event tag.
func TestHHdbHandRead(t *testing.T) {
	games := sampleGames(t, false)
	byEvent := func(ev string) *pgn.Game {
		for _, g := range games {
			if g.Tag("Event") == ev {
				return g
			}
		}
		t.Fatalf("no game with Event %q", ev)
		return nil
	}
	for _, c := range []struct {
		event string
		src   string
		want  bool
	}{
		// [White "Martsvalashvili=R NN"] [Black "(+4730.11c2a2) MC"]
		// {Martsvalashvili=R Kalandadze=V Pachkoria=D. EBUR=4 EBUR/12.}: with MC
		// the composers are the first comment up to its first period.
		{"Humor Tourney EBUR#100", `hhdb composer == "Martsvalashvili=R Kalandadze=V Pachkoria=D"`, true},
		{"Humor Tourney EBUR#100", `hhdb MC hhdb too_many_composers hhdb diagram == "100"`, true},
		{"Humor Tourney EBUR#100", `hhdb award`, false}, // no award before the name
		// 1/2.p: prize, ranks 1 to 2.
		{"1/2.p Berger-170 MT", `hhdb prize == 1 hhdb prize max == 2 hhdb award == 1 hhdb max award == 2`, true},
		{"1/2.p Berger-170 MT", `hhdb hm or hhdb diagram`, false},
		// sp.p: a special prize. Without special it matches with no rank.
		{"sp.p Ellerman-120 MT", `hhdb prize`, true},
		{"sp.p Ellerman-120 MT", `hhdb prize > 0 or hhdb prize == 0`, false},
		{"sp.p Ellerman-120 MT", `hhdb special == 1 hhdb special prize == 1 hhdb prize special max == 10000`, true},
		// .c: a commendation without ranks: ranks 1 to 10000.
		{".c Polish Chess Federation ty#0436", `hhdb commendation == 1 hhdb commendation max == 10000 hhdb diagram == "0436"`, true},
		{".c Polish Chess Federation ty#0436", `hhdb special or hhdb prize`, false},
		// 7/13.hm
		{"7/13.hm Hlinka JT Ceskoslovensky Sach#033", `hhdb hm == 7 hhdb hm max == 13`, true},
	} {
		e := compileText(t, "initial "+c.src).NewEvaluator()
		if got := len(e.Game(byEvent(c.event))) > 0; got != c.want {
			t.Errorf("%s: %s: %v, want %v", c.event, c.src, got, c.want)
		}
	}
}

// rawStudy is one game of cql-sample.pgn as its text says.
type rawStudy struct {
	tags  map[string]string
	first string // the comment before the first move
	text  string
}

// rawStudies splits cql-sample.pgn's text into games at the Event tags.
func rawStudies(t *testing.T) []rawStudy {
	data, err := os.ReadFile(testdata.File(t, "cql-sample.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	tagRE := regexp.MustCompile(`(?m)^\[(\w+) "(.*)"\]\s*$`)
	var out []rawStudy
	for _, chunk := range strings.Split(string(data), "\n[Event ")[0:] {
		if !strings.HasPrefix(chunk, "[Event ") {
			chunk = "[Event " + chunk
		}
		s := rawStudy{tags: map[string]string{}, text: chunk}
		for _, m := range tagRE.FindAllStringSubmatch(chunk, -1) {
			s.tags[m[1]] = m[2]
		}
		k := strings.LastIndex(chunk[:strings.Index(chunk, "\n\n")+2], "]") // the end of the tags
		body := strings.TrimLeft(chunk[k+1:], " \r\n")
		if strings.HasPrefix(body, "{") {
			s.first = strings.TrimSpace(body[1:strings.IndexByte(body, '}')]) // as the PGN reader keeps it
		}
		out = append(out, s)
	}
	return out
}

// gameStrings returns the value of a string filter at the start of every
// game (the game's sort value of `initial sort "v" F`), "-" for none.
func gameStrings(t *testing.T, f string, games []*pgn.Game) []string {
	t.Helper()
	q := compileText(t, `initial sort "v" `+f)
	e := q.NewEvaluator()
	var out []string
	for _, g := range games {
		e.Game(g)
		s, ok := e.SortString(0)
		if !ok {
			s = "-"
		}
		out = append(out, s)
	}
	return out
}

// gameNumbers is gameStrings for a numeric filter.
func gameNumbers(t *testing.T, f string, games []*pgn.Game) []string {
	t.Helper()
	e := compileText(t, `initial sort "v" `+f).NewEvaluator()
	var out []string
	for _, g := range games {
		e.Game(g)
		v, ok := e.SortValue(0)
		s := "-"
		if ok {
			s = strconv.Itoa(v)
		}
		out = append(out, s)
	}
	return out
}

// Every game of cql-sample.pgn: the value of each field against CQL's
// definition applied with Go's regexp to the game's text.
func TestHHdbSampleValues(t *testing.T) {
	raw := rawStudies(t)
	games := sampleGames(t, false)
	if len(raw) != len(games) || len(games) != 250 {
		t.Fatalf("%d raw games, %d parsed", len(raw), len(games))
	}
	submatch := func(re, s string, group int) string {
		if m := regexp.MustCompile(re).FindStringSubmatch(s); m != nil {
			return m[group]
		}
		return "-"
	}
	gbrRE := `[+-=]\d{4}\.\d{2}[a-h][1-8][a-h][1-8]`
	want := map[string]func(r rawStudy) string{
		"hhdb gbr":          func(r rawStudy) string { return submatch(gbrRE, r.tags["Black"], 0) },
		"hhdb gbr material": func(r rawStudy) string { return slice(submatch(gbrRE, r.tags["Black"], 0), 1, -4) },
		"hhdb gbr pieces":   func(r rawStudy) string { return slice(submatch(gbrRE, r.tags["Black"], 0), 1, 5) },
		"hhdb gbr pawns":    func(r rawStudy) string { return slice(submatch(gbrRE, r.tags["Black"], 0), 6, 8) },
		"hhdb gbr kings":    func(r rawStudy) string { return slice(submatch(gbrRE, r.tags["Black"], 0), -4, 0) },
		"hhdb stipulation":  func(r rawStudy) string { return submatch(`stipulation: ([^.]+)\.`, r.first, 1) },
		"hhdb diagram":      func(r rawStudy) string { return submatch(`#([^ ]+)`, r.tags["Event"], 1) },
		"hhdb composer": func(r rawStudy) string {
			if strings.Contains(r.tags["Black"], "MC") {
				return submatch(`^([^.]+)\.`, r.first, 1)
			}
			return strings.TrimSuffix(r.tags["White"], " NN")
		},
		"hhdb search": func(r rawStudy) string {
			s := r.tags["Event"] + "\n" + r.tags["White"] + "\n" + r.tags["Black"]
			if r.first != "" {
				s += "\n" + r.first
			}
			return s
		},
	}
	found := map[string]int{}
	for f, wantOf := range want {
		got := gameStrings(t, f, games)
		for i, r := range raw {
			w := wantOf(r)
			if w != "-" {
				found[f]++
			}
			if w = pgn.TextUTF8(w); got[i] != w { // as filters read text: Latin-1 decoded
				t.Errorf("game %d: %s = %q, want %q", i+1, f, got[i], w)
			}
		}
	}
	// Fields every study has, and those only some have (grep of the file).
	for f, n := range map[string]int{"hhdb gbr": 250, "hhdb stipulation": 5, "hhdb composer": 250} {
		if found[f] != n {
			t.Errorf("%s: %d games have it, want %d", f, found[f], n)
		}
	}
	if found["hhdb diagram"] < 100 {
		t.Errorf("hhdb diagram: only %d games", found["hhdb diagram"])
	}
	got := gameNumbers(t, "hhdb egdiagram", games)
	for i, r := range raw {
		if w := submatch(`EG#(\d+)`, r.first, 1); w != "-" {
			n, _ := strconv.Atoi(w)
			w = strconv.Itoa(n)
			if got[i] != w {
				t.Errorf("game %d: egdiagram %s, want %s", i+1, got[i], w)
			}
		} else if got[i] != "-" {
			t.Errorf("game %d: egdiagram %s, want none", i+1, got[i])
		}
	}
}

// slice is CQL's s[i:j] with negative indexes from the end (j 0: to the end).
func slice(s string, i, j int) string {
	if s == "-" {
		return s
	}
	if i < 0 {
		i += len(s)
	}
	if j <= 0 {
		j += len(s)
	}
	return s[i:j]
}

// The study codes, sound/unsound/cooked/dual and the awards of every game,
// against the text: CQL's `"U1" in player black`, `player black ~~ "U[12]"`,
// cooked when "<cook" is in the game's text, and the awards by a regexp
// written from HhdbAwardNode's grammar.
func TestHHdbSampleCounts(t *testing.T) {
	raw := rawStudies(t)
	// Read with variations, as the runner reads them for hhdb cooked
	// (Query.ReadsAllComments); the queries search the main line.
	games := sampleGames(t, true)
	has := func(s, re string) bool { return regexp.MustCompile(re).MatchString(s) }
	awardRE := regexp.MustCompile(`^(?:([1-9]\d*)(?:/([1-9]\d*))?(\.sp)?|(sp)?)\.(p|hm|c)`)
	count := map[string]int{}
	for _, r := range raw {
		black := r.tags["Black"]
		cooked := strings.Contains(r.text, "<cook")
		inc := func(name string, ok bool) {
			count[name] += 0 // counts of 0 are checked too
			if ok {
				count[name]++
			}
		}
		for _, code := range []string{"TT", "U1", "U2", "U3", "U4", "U5", "(c)", "(v)", "TW", "MC", "AN"} {
			inc("hhdb "+strconv.Quote(code), strings.Contains(black, code))
		}
		inc("hhdb cooked", cooked)
		inc("hhdb dual", has(black, `U[12]`))
		inc("hhdb sound", !(cooked && has(black, `U[12]`) || has(black, `U[345]`)))
		inc("hhdb unsound", cooked || has(black, `U[1-5]`))
		m := awardRE.FindStringSubmatch(r.tags["Event"])
		if m == nil || m[2] != "" && hhNum(m[2]) <= hhNum(m[1]) {
			continue
		}
		typ := map[string]string{"p": "prize", "hm": "hm", "c": "commendation"}[m[5]]
		special := m[3] != "" || m[4] != ""
		r1, r2 := 1, 10000
		if m[1] != "" {
			r1, r2 = hhNum(m[1]), hhNum(m[1])
			if m[2] != "" {
				r2 = hhNum(m[2])
			}
		}
		inc("hhdb award", true)
		inc("hhdb "+typ, true)
		inc("hhdb special", special)
		inc("hhdb special "+typ, special)
		inc("hhdb "+typ+" > 0", !special)
		inc("hhdb special "+typ+" max == 10000", special && r2 == 10000)
		inc("hhdb "+typ+" == 1", !special && r1 == 1)
		inc("hhdb max "+typ+" >= 2", !special && r2 >= 2)
	}
	if count["hhdb cooked"] != 8 || count["hhdb award"] < 50 || count["hhdb special"] == 0 || count["hhdb dual"] == 0 {
		t.Fatalf("the sample is not what it was (grep): %v", count)
	}
	for src, want := range count {
		if strings.HasPrefix(src, `hhdb "`) && !strings.ContainsAny(src, "()") {
			src = "hhdb " + strings.Trim(src[5:], `"`) // TT is not quoted
		}
		if got := countGames(t, src, games); got != want {
			t.Errorf("%s: %d games, want %d", src, got, want)
		}
	}
	// Long names are the codes.
	for _, c := range [][2]string{{"hhdb TT", "hhdb theme_tourney"}, {"hhdb U2", "hhdb dual_after_move_1"}, {`hhdb "(c)"`, "hhdb correction"}, {"hhdb MC", "hhdb too_many_composers"}} {
		if a, b := countGames(t, c[0], games), countGames(t, c[1], games); a != b {
			t.Errorf("%s %d games, %s %d", c[0], a, c[1], b)
		}
	}
	// The comment marks with variations, one position per mark in the text
	// (<cook matches <cook TW>).
	text := ""
	for _, r := range raw {
		text += r.text
	}
	for mark, src := range map[string]string{"<or>": "<or>", "<eg>": "<eg>", "<main>": "<main>", "<cook": "<cook>", "<minor_dual": "<minor_dual>"} {
		want := strings.Count(text, mark)
		if got := countPositions(t, `cql(variations) hhdb "`+src+`"`, games); got != want || want == 0 && mark != "<minor_dual" {
			t.Errorf("%s: %d positions, want %d", src, got, want)
		}
	}
	for _, src := range []string{"hhdb cooked", "hhdb sound", "hhdb unsound", "hhdb TT"} {
		if got := compileText(t, src).ReadsAllComments(); got != (src != "hhdb TT") {
			t.Errorf("%s: ReadsAllComments %v", src, got)
		}
	}
}

func hhNum(s string) int { n, _ := strconv.Atoi(s); return n }

// hhdb mainline follows <main>: a variation whose first move is tagged
// <main> is an alternative main line, its positions too; hhdb variation is
// the rest.
func TestHHdbMainline(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader("1. e4 (1. d4 {<main>} d5 (2... Nf6)) (1. c4 c5) e5 *\n"), "m.pgn", pgn.Options{Variations: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := runQuery(t, "cql(variations) hhdb mainline", games[0]), "[d2d4 d7d5] [d2d4] [e2e4 e7e5] [e2e4] [start]"; got != want {
		t.Errorf("mainline: got %s, want %s", got, want)
	}
	if got, want := runQuery(t, "cql(variations) hhdb variation", games[0]), "[c2c4 c7c5] [c2c4] [d2d4 g8f6]"; got != want {
		t.Errorf("variation: got %s, want %s", got, want)
	}
}

// sound and unsound as CQL defines them, on Black tags written for the
// purpose: a cook with U1 is sound (the dual is known), a cook alone is
// unsound and sound, U3 is unsound.
func TestHHdbSoundness(t *testing.T) {
	for _, c := range []struct {
		black, comment   string
		sound, unsound   bool
		cooked, dual     bool
		correctionOrTwin bool
	}{
		{"(+0000.10a1a3)", "", true, false, false, false, false},
		{"(+0000.10a1a3) U1", "{<cook AB>}", false, true, true, true, false}, // (cooked and U1): not sound
		{"(+0000.10a1a3)", "{<cook AB>}", true, true, true, false, false},
		{"(+0000.10a1a3) U2", "", true, true, false, true, false},
		{"(+0000.10a1a3) U3 (c)", "", false, true, false, false, true},
		{"(+0000.10a1a3) TW", "", true, false, false, false, true},
	} {
		text := fmt.Sprintf("[Black %q]\n[FEN \"8/8/8/8/8/k7/P7/K7 w - - 0 1\"]\n\n1. Kb1 %s Kb3 *\n", c.black, c.comment)
		games, err := pgn.ReadAll(strings.NewReader(text), "s.pgn", pgn.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for src, want := range map[string]bool{"hhdb sound": c.sound, "hhdb unsound": c.unsound, "hhdb cooked": c.cooked,
			"hhdb dual": c.dual, `hhdb "(c)" or hhdb twin`: c.correctionOrTwin} {
			if got := runQuery(t, "initial "+src, games[0]) != ""; got != want {
				t.Errorf("%s %s: %s %v, want %v", c.black, c.comment, src, got, want)
			}
		}
	}
}

// chessql's recorded `cql -parse` verdicts (test_filter_hhdb.py) for the
// award forms, and the errors CQL's parser gives (hhdbaward-parse.cpp).
func TestHHdbAwardForms(t *testing.T) {
	var accepted []string
	for _, kind := range []string{"award", "commendation", "hm", "prize"} {
		for _, f := range []string{"max %s special", "sort %s special", "max special %s", "sort special %s", "special %s max",
			"special sort %s", "special max %s", "%s special max", "%s sort special", "%s max special", "max %s", "sort %s",
			"special %s", "%s max", "%s special", "%s"} {
			accepted = append(accepted, "hhdb "+fmt.Sprintf(f, kind))
		}
	}
	accepted = append(accepted, "hhdb max special", "hhdb sort special", "hhdb special max", "hhdb special")
	for _, src := range accepted {
		if _, err := query.Parse("q", []byte(src)); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
	for _, c := range []struct{ src, want string }{
		{`hhdb sort`, "sort may not be the last"},             // chessql: rejected
		{`hhdb prize sort`, "sort may not be the last"},       // hhdbaward-parse.cpp
		{`hhdb sort max prize`, "both sort and max"},          // hhdbaward-parse.cpp
		{`hhdb prize hm`, "one award type"},                   // hhdbaward-parse.cpp
		{`hhdb max max`, "max appears twice"},                 // hhdbaward-parse.cpp
		{`hhdb sort max`, "sort needs special"},               // hhdbaward-parse.cpp checks this first
		{`hhdb unknown`, `unknown hhdb keyword "unknown"`},    // chessql: rejected
		{`hhdb`, "expected an hhdb keyword"},                  // chessql: rejected
		{`hhdb "TT"`, "written without quotes"},               // hhdbkeyword.cpp: isQuotedKey
		{`hhdb "prize"`, "written without quotes"},            // hhdbkeyword.cpp: isQuotedKey
		{`hhdb source`, "hhdb source"},                        // no mapping in hhdb-cql.cpp
		{`hhdb kings`, "follows gbr"},                         // no mapping in hhdb-cql.cpp
		{`hhdb stipulation > 3`, "string"},                    // a string field
		{`hhdb prize == "x"`, "number"},                       // an award is a number
		{`hhdb (c)`, "1:6: expected an hhdb keyword"},         // "(c)" must be quoted
		{`hhdb sounds`, `1:6: unknown hhdb keyword "sounds"`}, // not a keyword
		{`hhdb sort prize == 1`, "logical"},                   // hhdb sort is no number
		{`hhdb gbr material material`, "'material'"},          // one gbr part
	} {
		_, err := query.Parse("q", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
	}
}

// hhdb keywords are no reserved words; <main>, <or>, mainline and variation
// need variations, as CQL's cql_assertvariations requires.
func TestHHdbErrors(t *testing.T) {
	for _, src := range []string{`hhdb "<main>"`, `hhdb "<or>"`, `hhdb mainline`, `hhdb variation`} {
		p, err := query.Parse("q", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Compile(p); err == nil || !strings.Contains(err.Error(), "needs variations") {
			t.Errorf("%s without variations: error %v", src, err)
		}
	}
	if !startMatches(t, `sound = 2 TT = 3 prize = 4 sound + TT + prize == 9`) {
		t.Error("hhdb keywords as variable names")
	}
}

func sampleGames(t *testing.T, variations bool) []*pgn.Game {
	t.Helper()
	f, err := os.Open(testdata.File(t, "cql-sample.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := pgn.ReadAll(f, "cql-sample.pgn", pgn.Options{Variations: variations})
	if err != nil {
		t.Fatal(err)
	}
	return games
}

func countGames(t *testing.T, src string, games []*pgn.Game) int {
	t.Helper()
	e := compileText(t, src).NewEvaluator()
	n := 0
	for _, g := range games {
		if len(e.Game(g)) > 0 {
			n++
		}
	}
	return n
}

func countPositions(t *testing.T, src string, games []*pgn.Game) int {
	t.Helper()
	e := compileText(t, src).NewEvaluator()
	n := 0
	for _, g := range games {
		n += len(e.Game(g))
	}
	return n
}

// The hhdb filters allocate nothing per position; hhdb search builds its
// string once per game (one allocation per game, none per position). Reading
// a player's name as CQL does may tidy it (one string a name, once a game).
func TestHHdbAllocs(t *testing.T) {
	games := sampleGames(t, true)[:20]
	for _, c := range []struct {
		src     string
		perGame float64
	}{
		{`hhdb TT or hhdb "(c)" or hhdb dual or hhdb sound or hhdb unsound or hhdb cooked`, 0},
		{`hhdb gbr material == "0016.32" or hhdb composer "Kasparyan" or hhdb stipulation "mate" or hhdb diagram == "22"`, 2},
		{`hhdb prize < 3 or hhdb special hm max > 1 or hhdb egdiagram > 20000 or hhdb "<cook>"`, 0},
		{`hhdb sort award`, 0},
		{`hhdb search "Kasparyan"`, 3},
	} {
		e := compileText(t, c.src).NewEvaluator()
		for _, g := range games { // grow the buffers
			e.Game(g)
		}
		allocs := testing.AllocsPerRun(10, func() {
			for _, g := range games {
				e.Game(g)
			}
		})
		if max := c.perGame * float64(len(games)); allocs > max {
			t.Errorf("%s: %v allocations per %d games, want at most %v", c.src, allocs, len(games), max)
		}
	}
}

// hhdb composer and hhdb search matched as filters stop the run, as in CQL
// 9.493, which builds them as a string variable and a concatenation
// ("attempt to match position of a filter consisting of a single string
// variable", "An attempt to concatenation two string using '+'"); we
// matched every game of cql-sample.pgn. hhdb gbr matches (252 games in
// CQL).
func TestHHdbComposerAndSearchStopWhereMatched(t *testing.T) {
	g := sampleGames(t, true)[0]
	for _, src := range []string{`hhdb composer`, `hhdb search`} {
		q := compileText(t, src)
		e := q.NewEvaluator()
		e.Game(g)
		if e.Err() == nil || !strings.Contains(e.Err().Error(), "stands where a filter is matched") {
			t.Errorf("%s: error %v, want CQL's stop", src, e.Err())
		}
	}
	if got := runQuery(t, `initial hhdb gbr`, g); got != "[start]" {
		t.Errorf("initial hhdb gbr: %s", got)
	}
}
