// Package groupby counts the games and matching positions of a run or a tag pass in groups
// (by opening, year, rating, result, time control, player or query) and the games two
// queries both match (a co-occurrence matrix), and writes them as a text table, CSV or JSON.
//
// A runner reads each game's Values in its worker (Read; the game's memory is reused after)
// and adds them, with the game's matching positions per query, in game order (Table.Add).
package groupby

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/pgn"
)

// Key is one thing games are grouped by.
type Key uint8

// The keys, as --group-by names them.
const (
	ECO         Key = iota // the ECO tag (B90)
	ECOFamily              // its letter, A to E
	Year                   // the Date tag's year
	Decade                 // 1990s
	Rating                 // the mean of WhiteElo and BlackElo in bands of 200 points (2400-2599)
	Result                 // 1-0, 0-1, 1/2-1/2, *
	TimeControl            // lichess's speed of the TimeControl tag (bullet, blitz, ...)
	Player                 // White and Black: a game is in the groups of both its players
	Theme                  // the query (a tag pass's query names; a run's one query)
)

var keyNames = [...]string{"eco", "eco-family", "year", "decade", "rating", "result", "time-control", "player", "theme"}

func (k Key) String() string { return keyNames[k] }

// KeyNames lists the names ParseKeys takes.
func KeyNames() []string { return append([]string(nil), keyNames[:]...) }

// ParseKeys reads a comma-separated list of key names (--group-by eco,year); a key given
// twice is an error. The groups are the combinations of the keys' values.
func ParseKeys(s string) ([]Key, error) {
	var keys []Key
	for _, f := range strings.Split(s, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if f == "" {
			continue
		}
		k, ok := keyOf(f)
		if !ok {
			return nil, fmt.Errorf("--group-by: unknown key %q (want %s)", f, strings.Join(keyNames[:], ", "))
		}
		for _, o := range keys {
			if o == k {
				return nil, fmt.Errorf("--group-by: %s is given twice", f)
			}
		}
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("--group-by: give one or more of %s", strings.Join(keyNames[:], ", "))
	}
	return keys, nil
}

func keyOf(name string) (Key, bool) {
	switch name {
	case "eco-family", "ecofamily", "family":
		return ECOFamily, true
	case "timecontrol", "time", "speed":
		return TimeControl, true
	case "query", "queries", "themes":
		return Theme, true
	case "rating-band", "elo":
		return Rating, true
	case "players":
		return Player, true
	}
	for k, n := range keyNames {
		if n == name {
			return Key(k), true
		}
	}
	return 0, false
}

// Unknown is the value of a key a game does not say (no ECO tag, a date of ????).
const Unknown = "unknown"

// Values are one game's values of the keys other than Theme, in the keys' order; Player
// has two (White's and Black's, one when they are the same name).
type Values struct {
	v      []string
	player int // index of the first player value, -1 if none
	twoPl  bool
}

// Read reads g's values of keys (copied: g's text is reused once its worker is done).
func Read(keys []Key, g *pgn.Game) Values {
	vs := Values{player: -1}
	for _, k := range keys {
		switch k {
		case ECO:
			vs.v = append(vs.v, eco(g))
		case ECOFamily:
			e := eco(g)
			if e != Unknown && len(e) == 3 && e[0] >= 'A' && e[0] <= 'E' && isDigits(e[1:]) {
				e = e[:1]
			} else {
				e = Unknown
			}
			vs.v = append(vs.v, e)
		case Year, Decade:
			y := Unknown
			if d := strings.TrimSpace(g.Tag("Date")); len(d) >= 4 && isDigits(d[:4]) {
				y = d[:4]
				if k == Decade {
					y = y[:3] + "0s"
				}
			}
			vs.v = append(vs.v, strings.Clone(y))
		case Rating:
			vs.v = append(vs.v, ratingBand(g.Tag("WhiteElo"), g.Tag("BlackElo")))
		case Result:
			r := g.Result
			if r == "" {
				r = strings.TrimSpace(g.Tag("Result"))
			}
			if r == "" {
				r = "*"
			}
			vs.v = append(vs.v, strings.Clone(r))
		case TimeControl:
			vs.v = append(vs.v, Speed(g.Tag("TimeControl")))
		case Player:
			w, b := name(g.Tag("White")), name(g.Tag("Black"))
			vs.player = len(vs.v)
			vs.v = append(vs.v, w)
			if b != w {
				vs.v = append(vs.v, b)
				vs.twoPl = true
			}
		}
	}
	return vs
}

func eco(g *pgn.Game) string {
	e := strings.TrimSpace(g.Tag("ECO"))
	if e == "" || e == "?" {
		return Unknown
	}
	return pgn.TextUTF8(strings.Clone(e))
}

func name(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || s == "?" {
		return Unknown
	}
	return pgn.TextUTF8(strings.Clone(s))
}

// ratingBand is the band of 200 points of the mean of the two ratings ("2400-2599"), or
// Unknown when either is missing or not a positive number.
func ratingBand(w, b string) string {
	x, err1 := strconv.Atoi(strings.TrimSpace(w))
	y, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || x <= 0 || y <= 0 {
		return Unknown
	}
	lo := (x + y) / 2 / 200 * 200
	return strconv.Itoa(lo) + "-" + strconv.Itoa(lo+199)
}

// Speed is lichess's speed of a TimeControl tag ("180+2": base seconds and increment):
// the estimated duration base + 40 × increment is ultrabullet below 30 s, bullet below
// 180, blitz below 480, rapid below 1500, classical below 21600 and correspondence from
// there; "-" (no clock) is correspondence. Anything else is Unknown.
func Speed(tc string) string {
	tc = strings.TrimSpace(tc)
	if tc == "-" {
		return "correspondence"
	}
	base, inc, ok := strings.Cut(tc, "+")
	b, err := strconv.Atoi(base)
	if err != nil || b < 0 {
		return Unknown
	}
	i := 0
	if ok {
		if i, err = strconv.Atoi(inc); err != nil || i < 0 {
			return Unknown
		}
	}
	switch est := b + 40*i; {
	case est < 30:
		return "ultrabullet"
	case est < 180:
		return "bullet"
	case est < 480:
		return "blitz"
	case est < 1500:
		return "rapid"
	case est < 21600:
		return "classical"
	}
	return "correspondence"
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
