package run

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	nc "github.com/notnil/chess"

	"github.com/cqlgo/cql/internal/testdata"
)

// A game with Latin-1 tags (0xE9 is é, 0xFC is ü in ISO 8859-1) and an escaped quote.
const latin1Game = "[Event \"Latin\"]\n[Site \"M\xfcnchen\"]\n[White \"R\xe9ti, Richard\"]\n[Black \"Tartakower\"]\n" +
	"[Annotator \"say \\\"hi\\\"\"]\n[Result \"1-0\"]\n\n1. Nf3 d5 2. g3 1-0\n"

// jsonRecord is one line of jsonl output; tags keep their order.
type jsonRecord struct {
	File      string    `json:"file"`
	Game      int       `json:"game"`
	Ply       int       `json:"ply"`
	Move      int       `json:"move"`
	Side      string    `json:"side"`
	FEN       string    `json:"fen"`
	SAN       string    `json:"san"`
	Next      string    `json:"next"`
	Variation bool      `json:"variation"`
	Result    string    `json:"result"`
	Tags      orderedKV `json:"tags"`
	Comments  []string  `json:"comments"`
}

type orderedKV [][2]string

func (o *orderedKV) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil {
		return err
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return err
		}
		var v string
		if err := dec.Decode(&v); err != nil {
			return err
		}
		*o = append(*o, [2]string{k.(string), v})
	}
	return nil
}

var tagLine = regexp.MustCompile(`^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]\s*$`)

// rawTags reads each game's tag pairs from the file's bytes with a regular expression, not
// with our PGN reader, and decodes them as Latin-1 where they are not UTF-8.
func rawTags(data []byte) []orderedKV {
	var games []orderedKV
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		m := tagLine.FindStringSubmatch(strings.TrimRight(line, "\r"))
		if m == nil {
			in = false
			continue
		}
		if !in {
			games = append(games, nil)
			in = true
		}
		v := strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(m[2])
		games[len(games)-1] = append(games[len(games)-1], [2]string{m[1], latin1(v)})
	}
	return games
}

func latin1(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	r := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		r[i] = rune(s[i])
	}
	return string(r)
}

// Export every position as jsonl and read it back: every tag of every game, in order and
// byte for byte (after Latin-1 is decoded), and positions that the independent notnil/chess
// library reaches by playing the records' SAN moves.
func TestJSONLRoundTrip(t *testing.T) { jsonlRoundTrip(t, []byte(latin1Game+"\n"+threeGames)) }

// The same over the first games of masters-10k (Latin-1 names among them).
func TestJSONLRoundTripCorpus(t *testing.T) {
	b, err := os.ReadFile(testdata.File(t, "masters-10k.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	n := 20_000
	if testing.Short() {
		n = 10_000
	}
	if i := bytes.Index(b[min(n, len(b)):], []byte("\n\n[Event ")); i >= 0 {
		b = b[:min(n, len(b))+i+2]
	}
	jsonlRoundTrip(t, append([]byte(latin1Game+"\n"), b...))
}

func jsonlRoundTrip(t *testing.T, data []byte) {
	src := memFiles(map[string]string{"in.pgn": string(data)}, "in.pgn")
	out, st := runString(t, compile(t, "true"), src, Options{Format: "jsonl", Threads: 2})
	want := rawTags(data)
	if st.GamesRead != len(want) {
		t.Fatalf("%d games read, %d tag sections in the file", st.GamesRead, len(want))
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	var game *nc.Game
	var prev jsonRecord
	lines := 0
	for sc.Scan() {
		lines++
		var r jsonRecord
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r); err != nil {
			t.Fatalf("line %d: %v\n%s", lines, err, sc.Text())
		}
		if fmt.Sprint(r.Tags) != fmt.Sprint(want[r.Game-1]) {
			t.Fatalf("game %d tags\n got %q\nwant %q", r.Game, r.Tags, want[r.Game-1])
		}
		f := strings.Fields(r.FEN)
		if r.Side != f[1] || fmt.Sprint(r.Move) != f[5] {
			t.Fatalf("game %d ply %d: side %s move %d, FEN %s", r.Game, r.Ply, r.Side, r.Move, r.FEN)
		}
		if r.Ply == 0 {
			game = nc.NewGame()
			if i := strings.Index(fmt.Sprint(r.Tags), "FEN "); i >= 0 {
				fen, _ := nc.FEN(r.FEN)
				game = nc.NewGame(fen)
			}
		} else {
			if r.Game != prev.Game || r.Ply != prev.Ply+1 || prev.Next != r.SAN {
				t.Fatalf("game %d ply %d follows game %d ply %d (next %q, san %q)", r.Game, r.Ply, prev.Game, prev.Ply, prev.Next, r.SAN)
			}
			if err := game.MoveStr(r.SAN); err != nil {
				t.Fatalf("game %d ply %d: notnil cannot play %s: %v", r.Game, r.Ply, r.SAN, err)
			}
		}
		// Placement, side and castling as notnil sees them.
		if g, w := strings.Join(f[:3], " "), strings.Join(strings.Fields(game.Position().String())[:3], " "); g != w {
			t.Fatalf("game %d ply %d: FEN %s, notnil %s", r.Game, r.Ply, g, w)
		}
		prev = r
	}
	if lines == 0 {
		t.Fatal("no output")
	}
	// The Latin-1 game, by hand.
	first := strings.SplitN(out, "\n", 2)[0]
	for _, s := range []string{`"Site":"München"`, `"White":"Réti, Richard"`, `"Annotator":"say \"hi\""`} {
		if !strings.Contains(first, s) {
			t.Errorf("first record lacks %s:\n%s", s, first)
		}
	}
	if strings.ContainsRune(out, '\uFFFD') {
		t.Error("output has U+FFFD")
	}
}

// CSV records read back by encoding/csv have the header's columns; chosen tags replace
// the default ones; comments of comment filters come along.
func TestCSVAndTags(t *testing.T) {
	src := memFiles(map[string]string{"g.pgn": latin1Game + "\n" + threeGames}, "g.pgn")
	out, _ := runString(t, compile(t, `mate comment ("mated")`), src, Options{Format: "csv"})
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("want header and one record:\n%s", out)
	}
	rec := map[string]string{}
	for i, col := range recs[0] {
		rec[col] = recs[1][i]
	}
	for col, want := range map[string]string{"game": "2", "ply": "7", "move": "4", "side": "b", "san": "Qxf7#", "next": "",
		"White": "A", "Result": "1-0", "result": "1-0", "comments": "mated", "OtherTags": ""} {
		if rec[col] != want {
			t.Errorf("column %s = %q, want %q\n%s", col, rec[col], want, out)
		}
	}
	out, _ = runString(t, compile(t, "initial"), src, Options{Format: "csv", Tags: []string{"White", "Site"}})
	recs, err = csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs[1]) != len(recs[0]) {
		t.Errorf("%d columns, the header has %d", len(recs[1]), len(recs[0]))
	}
	if got := strings.Join(recs[0][len(recs[0])-2:], ","); got != "White,Site" {
		t.Errorf("header ends %s", got)
	}
	if got := strings.Join(recs[1][len(recs[1])-2:], ","); got != "Réti, Richard,München" {
		t.Errorf("first record ends %q", got)
	}
	out, _ = runString(t, compile(t, "initial"), src, Options{Format: "jsonl", Tags: []string{"Black"}})
	if !strings.Contains(out, `"tags":{"Black":"Tartakower"}`) {
		t.Errorf("--tags Black:\n%s", out)
	}
}

// PGN output writes the tag section CQL writes: CQL 9.493 gives this game (its
// Latin-1 bytes kept) the roster with Date and Round "?" and the other tags after it.
func TestPGNTagsAsCQL(t *testing.T) {
	src := memFiles(map[string]string{"g.pgn": latin1Game}, "g.pgn")
	out, _ := runString(t, compile(t, "initial"), src, Options{Format: "pgn", NoHeader: true})
	want := "[Event \"Latin\"]\n[Site \"M\xfcnchen\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n" +
		"[White \"R\xe9ti, Richard\"]\n[Black \"Tartakower\"]\n[Result \"1-0\"]\n[Annotator \"say \\\"hi\\\"\"]\n\n"
	if !strings.HasPrefix(out, want) {
		t.Errorf("got\n%q\nwant prefix\n%q", out, want)
	}
}

// TestLatin1FiltersSeeOutputText: filters read a Latin-1 game's tags and comments as the
// text outputs show them (issue 30: JSONL showed "Wälbers, W.", -player 'Wälbers' found 0
// games and 'W.lbers' 1), while PGN output keeps the file's bytes, as CQL does.
func TestLatin1FiltersSeeOutputText(t *testing.T) {
	game := strings.Replace(latin1Game, "1. Nf3 d5", "1. Nf3 {sch\xf6n} d5", 1)
	src := memFiles(map[string]string{"g.pgn": game}, "g.pgn")
	for q, want := range map[string]int{
		`player white "Réti"`:             1,
		`player white "R.ti"`:             0, // a search, not a pattern: the é is one character now
		`player white ~~ "^R.ti"`:         1,
		`site "München"`:                  1,
		`tag "Site" == "München"`:         1,
		`originalcomment "schön"`:         1,
		"player white \"R\xe9ti\"":        0, // the raw byte is not what the output shows
		`player white == "Réti, Richard"`: 1,
	} {
		_, st := runString(t, compile(t, q), src, Options{Format: "pgn", Count: true})
		if st.GamesMatched != want {
			t.Errorf("%s: %d games matched, want %d", q, st.GamesMatched, want)
		}
	}
	out, _ := runString(t, compile(t, `player white "Réti"`), src, Options{Format: "pgn", NoHeader: true})
	if !strings.Contains(out, "[White \"R\xe9ti, Richard\"]") || !strings.Contains(out, "{sch\xf6n") {
		t.Errorf("PGN output does not keep the file's bytes:\n%q", out)
	}
}
