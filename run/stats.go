package run

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"sort"
	"strings"

	"github.com/cqlgo/cql/pgn"
)

// Tally counts the matching games by year, ECO code, result and player (--stats). Run adds
// to it when Options.Tally is set.
type Tally struct {
	// Top is how many rows each table lists: 0 means TopPlayers, a negative number all.
	Top     int
	Games   int
	Years   map[string]int
	ECO     map[string]int
	Results map[string]int
	Players map[string]int // a game counts once for each of its two players
}

// NewTally returns an empty tally.
func NewTally() *Tally {
	return &Tally{Years: map[string]int{}, ECO: map[string]int{}, Results: map[string]int{}, Players: map[string]int{}}
}

// gameInfo is what the tally needs of one matching game, copied out of the worker's game.
type gameInfo struct {
	year, eco, result, white, black string
}

func infoOf(g *pgn.Game) *gameInfo {
	// One allocation for the five texts: the game's memory is reused after the worker.
	var buf [256]byte
	b := buf[:0]
	var ends [5]int
	add := func(k int, v, empty string) {
		v = strings.TrimSpace(v)
		if v == "" || v == "?" {
			v = empty
		}
		b = pgn.AppendUTF8(b, v)
		ends[k] = len(b)
	}
	year := "unknown"
	if d := g.Tag("Date"); len(d) >= 4 && isDigits(d[:4]) {
		year = d[:4]
	}
	res := gameResult(g)
	if res == "" {
		res = "*"
	}
	add(0, year, "unknown")
	add(1, g.Tag("ECO"), "unknown")
	add(2, res, "*")
	add(3, g.Tag("White"), "unknown")
	add(4, g.Tag("Black"), "unknown")
	all := string(b)
	return &gameInfo{year: all[:ends[0]], eco: all[ends[0]:ends[1]], result: all[ends[1]:ends[2]],
		white: all[ends[2]:ends[3]], black: all[ends[3]:ends[4]]}
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func (t *Tally) add(info *gameInfo) {
	t.Games++
	t.Years[info.year]++
	t.ECO[info.eco]++
	t.Results[info.result]++
	t.Players[info.white]++
	if info.black != info.white {
		t.Players[info.black]++
	}
}

type count struct {
	Key   string `json:"key"`
	Games int    `json:"games"`
}

// sorted lists m by count (largest first), then key; top > 0 keeps that many.
func sorted(m map[string]int, byKey bool, top int) []count {
	out := make([]count, 0, len(m))
	for k, n := range m {
		out = append(out, count{k, n})
	}
	sort.Slice(out, func(i, j int) bool {
		if !byKey && out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		return out[i].Key < out[j].Key
	})
	if top > 0 && len(out) > top {
		out = out[:top]
	}
	return out
}

// TopPlayers is how many rows of each table the tally lists by default.
const TopPlayers = 20

func (t *Tally) top() int {
	switch {
	case t.Top == 0:
		return TopPlayers
	case t.Top < 0:
		return 0 // sorted's "all"
	}
	return t.Top
}

// years lists the years with the most games (top), in year order.
func (t *Tally) years() []count {
	rows := sorted(t.Years, false, t.top())
	sort.Slice(rows, func(i, j int) bool { return rows[i].Key < rows[j].Key })
	return rows
}

// WriteText writes the tally as four tables: per year (in order), per ECO code, per
// result, and per player (by matching games), each of the Top rows with the most games;
// a cut table says how many rows it left out.
func (t *Tally) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "matching games: %d\n", t.Games)
	table := func(title string, rows []count, all int) {
		if all > len(rows) {
			title += fmt.Sprintf(" (top %d of %d)", len(rows), all)
		}
		fmt.Fprintf(&b, "\n%s\n", title)
		for _, r := range rows {
			fmt.Fprintf(&b, "  %-30s %8d\n", r.Key, r.Games)
		}
		if all > len(rows) {
			fmt.Fprintf(&b, "  (%d more; --stats-top 0 lists all)\n", all-len(rows))
		}
	}
	table("per year", t.years(), len(t.Years))
	table("per ECO", sorted(t.ECO, false, t.top()), len(t.ECO))
	table("per result", sorted(t.Results, false, t.top()), len(t.Results))
	table("per player", sorted(t.Players, false, t.top()), len(t.Players))
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the tally as one JSON object.
func (t *Tally) WriteJSON(w io.Writer) error {
	// The totals say how many keys each table has, its rows the Top of them.
	v := struct {
		Games   int     `json:"games"`
		Years   []count `json:"years"`
		ECO     []count `json:"eco"`
		Results []count `json:"results"`
		Players []count `json:"players"`
		Totals  struct {
			Years   int `json:"years"`
			ECO     int `json:"eco"`
			Results int `json:"results"`
			Players int `json:"players"`
		} `json:"totals"`
	}{Games: t.Games, Years: t.years(), ECO: sorted(t.ECO, false, t.top()), Results: sorted(t.Results, false, t.top()), Players: sorted(t.Players, false, t.top())}
	v.Totals.Years, v.Totals.ECO, v.Totals.Results, v.Totals.Players = len(t.Years), len(t.ECO), len(t.Results), len(t.Players)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// dupKey identifies a game for --dedupe: its players, date and main-line moves.
func dupKey(g *pgn.Game) uint64 {
	h := fnv.New64a()
	for _, tag := range [...]string{"White", "Black", "Date"} {
		io.WriteString(h, g.Tag(tag))
		h.Write([]byte{0})
	}
	var buf [4]byte
	for n := int32(0); n >= 0 && int(n) < len(g.Nodes); n = g.Nodes[n].FirstChild {
		m := uint32(g.Nodes[n].Move)
		buf[0], buf[1], buf[2], buf[3] = byte(m), byte(m>>8), byte(m>>16), byte(m>>24)
		h.Write(buf[:])
	}
	// Games from different start positions with the same moves are different games.
	io.WriteString(h, g.Tag("FEN"))
	return h.Sum64()
}

// gameRef names a game already seen, for the duplicate report.
type gameRef struct {
	number int
	file   string
}
