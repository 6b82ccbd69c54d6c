package index

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// columnFor plays the build's part for a record replayed on its own: g's tag column entry
// and a string table of its values.
func columnFor(g *pgn.Game) columnTags {
	var s gameSummary
	tagSummary(g, &s)
	t := newStringTable()
	t.setIDs(&s)
	sv, err := parseStringView(encodeStrings(t.strs))
	if err != nil {
		panic(err)
	}
	return columnTags{entry: s.tags[:], strs: &sv}
}

// fuzzColumn is a well-formed column entry for damaged records: any id it names is "".
var fuzzColumn = columnFor(&pgn.Game{})

// TestRecordTags: the tags come back exactly as the parser read them, in their order, the
// duplicates and odd values included, while the values the tag column keeps are not in
// the record.
func TestRecordTags(t *testing.T) {
	cases := []struct {
		tags string
		// inRecord are values the record must hold (the column cannot give them back),
		// notInRecord values it must not (the column keeps them)
		inRecord, notInRecord []string
	}{
		{`[Event "ch-UZB 1st League 2014"]
[Site "Tashkent UZB"]
[Date "2014.03.01"]
[Round "1.5"]
[White "Abdusattorov,Nodirbek"]
[Black "Alikulov,Elbek"]
[Result "1-0"]
[WhiteElo "2024"]
[BlackElo "2212"]
[ECO "B28"]`, []string{"ch-UZB 1st League 2014", "Tashkent UZB", "1.5"}, []string{"Abdusattorov", "Alikulov", "2014.03.01", "2024", "2212", "B28", "Result"}},
		// The column keeps the last tag of a name: the first White is the record's.
		{`[White "First, Player"]
[Black "B"]
[White "Second, Player"]`, []string{"First, Player"}, []string{"Second, Player"}},
		// Elos that are not a number's plain decimal text stay in the record.
		{`[WhiteElo "02400"]
[BlackElo " 2400"]`, []string{"02400", " 2400"}, nil},
		{`[WhiteElo "-1"]
[BlackElo "?"]`, []string{"-1", "?"}, nil},
		{`[WhiteElo ""]
[BlackElo "1234567890"]`, []string{"1234567890"}, nil},
		// A result the column has no code for stays; names without a code are kept as text.
		{`[Result "1/2"]
[MyOwnTag "x y z"]
[Annotator "Somebody"]`, []string{"1/2", "MyOwnTag", "x y z", "Somebody"}, nil},
		{`[Result "0-1"]
[Result "*"]
[Date "????.??.??"]
[ECO ""]`, []string{"0-1"}, []string{"????.??.??"}},
		{`[Annotator "Somebody"]`, []string{"Somebody"}, []string{"Annotator"}}, // a coded name
		{``, nil, nil},
	}
	for _, c := range cases {
		text := c.tags + "\n\n1. e4 e5 2. Nf3 *\n"
		games, err := pgn.ReadAll(strings.NewReader(text), "t.pgn", pgn.Options{})
		if err != nil || len(games) != 1 || len(games[0].Errors) > 0 {
			t.Fatalf("%q: %v %v", c.tags, err, games)
		}
		g := games[0]
		var w recordWriter
		body := w.encode(nil, g)
		if body[0]&recText != 0 {
			t.Fatalf("%q: stored as text", c.tags)
		}
		for _, v := range c.inRecord {
			if !strings.Contains(string(body), v) {
				t.Errorf("%q: the record lacks %q", c.tags, v)
			}
		}
		for _, v := range c.notInRecord {
			if strings.Contains(string(body), v) {
				t.Errorf("%q: the record holds %q, which the column keeps", c.tags, v)
			}
		}
		rec := appendRecord(nil, placeOf(g), &place{}, body)
		r := byteReader{b: rec}
		rec = r.bytes(r.uvarint())
		var got pgn.Game
		if err := newReplayer(pgn.Options{}).replay(rec, &got, &place{}, columnFor(g)); err != nil {
			t.Fatalf("%q: %v", c.tags, err)
		}
		if len(got.Tags) != len(g.Tags) {
			t.Fatalf("%q: %d tags back, want %d", c.tags, len(got.Tags), len(g.Tags))
		}
		for i := range g.Tags {
			if got.Tags[i] != g.Tags[i] {
				t.Errorf("%q: tag %d is %q, want %q", c.tags, i, got.Tags[i], g.Tags[i])
			}
		}
		// Without its column entry the record is an error, not a game with wrong tags.
		if len(c.notInRecord) > 0 && c.notInRecord[0] != "Annotator" {
			if err := newReplayer(pgn.Options{}).replay(rec, &got, &place{}, columnTags{}); err == nil {
				t.Errorf("%q: replayed without the tag column", c.tags)
			}
		}
	}
}

func TestStandardTagCodes(t *testing.T) {
	for c, name := range map[byte]string{tagWhite: "White", tagBlack: "Black", tagECO: "ECO", tagDate: "Date",
		tagWhiteElo: "WhiteElo", tagBlackElo: "BlackElo", tagResult: "Result", tagFEN: "FEN"} {
		if standardTags[c] != name || tagCode(name) != c {
			t.Errorf("code %d is %q, want %q", c, standardTags[c], name)
		}
	}
	for i, name := range standardTags {
		if c := tagCode(name); c != byte(i) {
			t.Errorf("tagCode(%q) = %d, want %d", name, c, i)
		}
	}
	// Names that are not standard, some of them sharing a standard name's length and
	// first and last bytes (its hash).
	for _, name := range []string{"", "X", "white", "Whitee", "WhiteE", "Bleck", "EXO", "Dote", "Resalt", "FEN ", "PlyCounT"} {
		if c := tagCode(name); c != tagLiteral {
			t.Errorf("tagCode(%q) = %d (%q), want tagLiteral", name, c, standardTags[c])
		}
	}
	if len(standardTags) >= tagLiteral {
		t.Errorf("%d standard tags: codes run into tagLiteral", len(standardTags))
	}
}
