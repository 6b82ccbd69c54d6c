package groupby

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Table counts games in the groups of its keys. Every game read is added (Add), matching or
// not, so that each group knows how many of its games were read as well as matched.
type Table struct {
	keys  []Key
	names []string // the queries, for the theme key and the matrix
	theme bool     // keys has Theme
	// Min leaves out of the output the groups with fewer matching games.
	Min int

	read   int            // games read
	inRead map[string]int // games read per group of the game keys
	rows   map[rowKey]*row
	both   [][]int // both[i][j], j >= i: games matching queries i and j
	any    int     // games matching any query
}

type rowKey struct {
	group string // the game keys' values, joined by NUL
	theme int    // the query, or -1 without the theme key
}

type row struct {
	vals      []string // the game keys' values
	theme     int
	games     int
	positions int
}

// New returns an empty table of keys over the queries names (a run has one).
func New(keys []Key, names []string) *Table {
	t := &Table{keys: keys, names: names, inRead: map[string]int{}, rows: map[rowKey]*row{}}
	t.theme = slices.Contains(keys, Theme)
	t.both = make([][]int, len(names))
	for i := range t.both {
		t.both[i] = make([]int, len(names))
	}
	return t
}

// Keys returns the table's keys.
func (t *Table) Keys() []Key { return t.keys }

// Add counts one game read: vs are its values (Read), positions[i] the number of its
// positions that query i matched, or -1 when query i did not match the game.
func (t *Table) Add(vs Values, positions []int) {
	t.read++
	matched := false
	for i, p := range positions {
		if p < 0 {
			continue
		}
		matched = true
		for j := i; j < len(positions); j++ {
			if positions[j] >= 0 {
				t.both[i][j]++
			}
		}
	}
	if matched {
		t.any++
	}
	// One group per player of the game (a game is in both its players' groups).
	players := 1
	if vs.twoPl {
		players = 2
	}
	for p := 0; p < players; p++ {
		vals := t.groupVals(vs, p)
		g := strings.Join(vals, "\x00")
		t.inRead[g]++
		if t.theme {
			for i, n := range positions {
				if n >= 0 {
					t.count(g, vals, i, n)
				}
			}
		} else if matched {
			sum := 0
			for _, n := range positions {
				sum += max(n, 0)
			}
			t.count(g, vals, -1, sum)
		}
	}
}

// groupVals are the game keys' values of one group of vs: the p-th player's.
func (t *Table) groupVals(vs Values, p int) []string {
	vals := make([]string, 0, len(vs.v))
	for i := 0; i < len(vs.v); i++ {
		if i == vs.player && vs.twoPl {
			vals = append(vals, vs.v[i+p])
			i++
			continue
		}
		vals = append(vals, vs.v[i])
	}
	return vals
}

func (t *Table) count(g string, vals []string, theme, positions int) {
	k := rowKey{g, theme}
	r := t.rows[k]
	if r == nil {
		r = &row{vals: vals, theme: theme}
		t.rows[k] = r
	}
	r.games++
	r.positions += positions
}

// GamesRead is the number of games added.
func (t *Table) GamesRead() int { return t.read }

// Both is the number of games matching both query i and query j (i == j: query i).
func (t *Table) Both(i, j int) int {
	if j < i {
		i, j = j, i
	}
	return t.both[i][j]
}

// Group is one row of the output.
type Group struct {
	Values    map[string]string // key name to value
	GamesRead int               // games read in the group (its game keys; every query)
	Games     int               // matching games
	Positions int               // matching positions (without the theme key: each query's counted)
	Share     float64           // Games over all games read
	Rate      float64           // Games over GamesRead
}

// Groups lists the groups with at least Min (and at least one) matching games, ordered by
// their values key by key (queries in the order given, other values as text).
func (t *Table) Groups() []Group {
	rows := make([]*row, 0, len(t.rows))
	for _, r := range t.rows {
		if r.games >= max(t.Min, 1) {
			rows = append(rows, r)
		}
	}
	slices.SortFunc(rows, func(a, b *row) int {
		vi := 0
		for _, k := range t.keys {
			if k == Theme {
				if a.theme != b.theme {
					return a.theme - b.theme
				}
				continue
			}
			if c := strings.Compare(a.vals[vi], b.vals[vi]); c != 0 {
				return c
			}
			vi++
		}
		return 0
	})
	out := make([]Group, len(rows))
	for n, r := range rows {
		g := Group{Values: map[string]string{}, Games: r.games, Positions: r.positions,
			GamesRead: t.inRead[strings.Join(r.vals, "\x00")]}
		vi := 0
		for _, k := range t.keys {
			if k == Theme {
				g.Values[k.String()] = t.names[r.theme]
				continue
			}
			g.Values[k.String()] = r.vals[vi]
			vi++
		}
		if t.read > 0 {
			g.Share = float64(g.Games) / float64(t.read)
		}
		if g.GamesRead > 0 {
			g.Rate = float64(g.Games) / float64(g.GamesRead)
		}
		out[n] = g
	}
	return out
}

// Formats lists the output formats of Write and WriteMatrix.
var Formats = []string{"text", "csv", "json"}

// CheckFormat refuses a format Write does not write.
func CheckFormat(f string) error {
	if !slices.Contains(Formats, f) {
		return fmt.Errorf("unknown group format %q (want text, csv or json)", f)
	}
	return nil
}

// Write writes the groups in format (text, csv or json).
func (t *Table) Write(w io.Writer, format string) error {
	groups := t.Groups()
	cols := make([]string, 0, len(t.keys)+5)
	for _, k := range t.keys {
		cols = append(cols, k.String())
	}
	cols = append(cols, "games_read", "games", "share", "rate", "positions")
	cells := func(g Group, pct bool) []string {
		c := make([]string, 0, len(cols))
		for _, k := range t.keys {
			c = append(c, g.Values[k.String()])
		}
		share, rate := strconv.FormatFloat(g.Share, 'f', 6, 64), strconv.FormatFloat(g.Rate, 'f', 6, 64)
		if pct {
			share, rate = strconv.FormatFloat(100*g.Share, 'f', 2, 64)+"%", strconv.FormatFloat(100*g.Rate, 'f', 2, 64)+"%"
		}
		return append(c, strconv.Itoa(g.GamesRead), strconv.Itoa(g.Games), share, rate, strconv.Itoa(g.Positions))
	}
	switch format {
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write(cols)
		for _, g := range groups {
			cw.Write(cells(g, false))
		}
		cw.Flush()
		return cw.Error()
	case "json":
		type jgroup struct {
			Values    map[string]string `json:"values"`
			GamesRead int               `json:"games_read"`
			Games     int               `json:"games"`
			Share     float64           `json:"share"`
			Rate      float64           `json:"rate"`
			Positions int               `json:"positions"`
		}
		v := struct {
			GamesRead    int      `json:"games_read"`
			GamesMatched int      `json:"games_matched"`
			Keys         []string `json:"keys"`
			Groups       []jgroup `json:"groups"`
		}{GamesRead: t.read, GamesMatched: t.any, Keys: cols[:len(t.keys)], Groups: []jgroup{}}
		for _, g := range groups {
			v.Groups = append(v.Groups, jgroup{g.Values, g.GamesRead, g.Games, g.Share, g.Rate, g.Positions})
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	rows := [][]string{cols}
	for _, g := range groups {
		rows = append(rows, cells(g, true))
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "games read: %d, matching any query: %d\n", t.read, t.any)
	writeColumns(&b, rows, len(t.keys))
	_, err := w.Write(b.Bytes())
	return err
}

// WriteMatrix writes the co-occurrence matrix: for each pair of queries, the games matching
// both (the diagonal: the query's games), in format.
func (t *Table) WriteMatrix(w io.Writer, format string) error {
	n := len(t.names)
	switch format {
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write(append([]string{"query"}, t.names...))
		for i := 0; i < n; i++ {
			rec := []string{t.names[i]}
			for j := 0; j < n; j++ {
				rec = append(rec, strconv.Itoa(t.Both(i, j)))
			}
			cw.Write(rec)
		}
		cw.Flush()
		return cw.Error()
	case "json":
		m := make([][]int, n)
		for i := range m {
			m[i] = make([]int, n)
			for j := range m[i] {
				m[i][j] = t.Both(i, j)
			}
		}
		v := struct {
			GamesRead int      `json:"games_read"`
			Queries   []string `json:"queries"`
			Both      [][]int  `json:"both"`
		}{t.read, t.names, m}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	// Text: the rows named, the columns numbered (names are too wide for 60 columns).
	rows := [][]string{{"", "query"}}
	for j := 0; j < n; j++ {
		rows[0] = append(rows[0], strconv.Itoa(j+1))
	}
	for i := 0; i < n; i++ {
		r := []string{strconv.Itoa(i + 1), t.names[i]}
		for j := 0; j < n; j++ {
			r = append(r, strconv.Itoa(t.Both(i, j)))
		}
		rows = append(rows, r)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "games matching both (of %d read; column N is query N)\n", t.read)
	writeColumns(&b, rows, 2)
	_, err := w.Write(b.Bytes())
	return err
}

// writeColumns writes rows as aligned columns, the first left ones left-aligned and the
// others right-aligned.
func writeColumns(b *bytes.Buffer, rows [][]string, left int) {
	var width []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			if i > 0 {
				line.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[i]-len([]rune(c)))
			if i < left {
				line.WriteString(c + pad)
			} else {
				line.WriteString(pad + c)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}
