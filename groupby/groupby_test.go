package groupby

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// lichess's speeds (lila's Speed.scala: estimated seconds = base + 40 × increment;
// bullet from 30, blitz from 180, rapid from 480, classical from 1500, correspondence
// from 21600), checked at each boundary.
func TestSpeed(t *testing.T) {
	for tc, want := range map[string]string{
		"15+0": "ultrabullet", "29": "ultrabullet", "30": "bullet", "60+0": "bullet", "120+1": "bullet",
		"180+0": "blitz", "60+3": "blitz", "300+3": "blitz", "479+0": "blitz", "480+0": "rapid",
		"600+5": "rapid", "900+10": "rapid", "1500+0": "classical", "1800+30": "classical",
		"21600": "correspondence", "-": "correspondence", "": Unknown, "?": Unknown, "10+x": Unknown, "-5+0": Unknown,
	} {
		if got := Speed(tc); got != want {
			t.Errorf("Speed(%q) = %q, want %q", tc, got, want)
		}
	}
}

// game reads tags and 1. e4 with the tags' result, if any.
func game(t *testing.T, tags string) *pgn.Game {
	t.Helper()
	var got *pgn.Game
	res := "*"
	if _, r, ok := strings.Cut(tags, `[Result "`); ok {
		res, _, _ = strings.Cut(r, `"`)
	}
	err := pgn.Scan(context.Background(), strings.NewReader(tags+"\n1. e4 "+res+"\n"), "t.pgn", pgn.Options{}, func(g *pgn.Game) error {
		got = g.Clone()
		return nil
	})
	if err != nil || got == nil {
		t.Fatal(err)
	}
	return got
}

func TestRead(t *testing.T) {
	g := game(t, `[Date "1994.05.01"] [ECO "B90"] [WhiteElo "2500"] [BlackElo "2699"] [Result "0-1"] [TimeControl "300+3"] [White "Kasparov"] [Black "Karpov"]`)
	keys := []Key{ECO, ECOFamily, Year, Decade, Rating, Result, TimeControl, Player}
	vs := Read(keys, g)
	want := []string{"B90", "B", "1994", "1990s", "2400-2599", "0-1", "blitz", "Kasparov", "Karpov"}
	if strings.Join(vs.v, "|") != strings.Join(want, "|") {
		t.Errorf("Read = %q, want %q", vs.v, want)
	}
	// (2500+2700)/2 = 2600: the next band.
	g = game(t, `[Date "????.??.??"] [ECO "X12"] [WhiteElo "2500"] [BlackElo "2700"] [White "?"]`)
	vs = Read(keys, g)
	want = []string{"X12", Unknown, Unknown, Unknown, "2600-2799", "*", Unknown, Unknown}
	if strings.Join(vs.v, "|") != strings.Join(want, "|") {
		t.Errorf("Read = %q, want %q", vs.v, want)
	}
	if vs.twoPl {
		t.Error("two unknown players are one group")
	}
	if r := Read([]Key{Rating}, game(t, `[WhiteElo "2500"]`)); r.v[0] != Unknown {
		t.Errorf("one rating: band %q, want unknown", r.v[0])
	}
}

func TestParseKeys(t *testing.T) {
	keys, err := ParseKeys("eco-family, Year,theme")
	if err != nil || len(keys) != 3 || keys[0] != ECOFamily || keys[1] != Year || keys[2] != Theme {
		t.Errorf("ParseKeys = %v, %v", keys, err)
	}
	for _, bad := range []string{"", "eco,eco", "opening"} {
		if _, err := ParseKeys(bad); err == nil {
			t.Errorf("ParseKeys(%q) is no error", bad)
		}
	}
}

// Five games by hand: the groups' counts, shares and rates, and the matrix.
func TestTable(t *testing.T) {
	tb := New([]Key{ECOFamily, Theme}, []string{"fork", "pin"})
	b := Values{v: []string{"B"}, player: -1}
	c := Values{v: []string{"C"}, player: -1}
	tb.Add(b, []int{2, 1})   // B: fork and pin
	tb.Add(b, []int{1, -1})  // B: fork
	tb.Add(b, []int{-1, -1}) // B: neither
	tb.Add(c, []int{-1, 3})  // C: pin
	tb.Add(c, []int{-1, -1})
	var out bytes.Buffer
	if err := tb.Write(&out, "csv"); err != nil {
		t.Fatal(err)
	}
	want := "eco-family,theme,games_read,games,share,rate,positions\n" +
		"B,fork,3,2,0.400000,0.666667,3\n" +
		"B,pin,3,1,0.200000,0.333333,1\n" +
		"C,pin,2,1,0.200000,0.500000,3\n"
	if out.String() != want {
		t.Errorf("csv:\n%s\nwant:\n%s", out.String(), want)
	}
	out.Reset()
	tb.WriteMatrix(&out, "csv")
	if want := "query,fork,pin\nfork,2,1\npin,1,2\n"; out.String() != want {
		t.Errorf("matrix:\n%s\nwant:\n%s", out.String(), want)
	}
	// A player key puts a game in both players' groups.
	tp := New([]Key{Player}, []string{"q"})
	tp.Add(Values{v: []string{"A", "B"}, player: 0, twoPl: true}, []int{1})
	tp.Add(Values{v: []string{"A", "C"}, player: 0, twoPl: true}, []int{-1})
	out.Reset()
	tp.Write(&out, "csv")
	if want := "player,games_read,games,share,rate,positions\nA,2,1,0.500000,0.500000,1\nB,1,1,0.500000,1.000000,1\n"; out.String() != want {
		t.Errorf("players:\n%s\nwant:\n%s", out.String(), want)
	}
}
