package run

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
)

// Persistent state, string sorts and runtime failures through the whole pipeline.

func events(out string) string {
	var ev []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, `[Event "`) {
			ev = append(ev, strings.TrimSuffix(strings.TrimPrefix(line, `[Event "`), `"]`))
		}
	}
	return strings.Join(ev, ",")
}

// Sorting by a string: larger first, smaller first with min; ties keep game order.
func TestRunSortByString(t *testing.T) {
	src := memFiles(map[string]string{"g.pgn": threeGames}, "g.pgn")
	for _, c := range []struct{ query, want string }{
		{`initial sort "event" event`, "Scholar's mate,Loyd,Bare"},
		{`initial sort min "event" event`, "Bare,Loyd,Scholar's mate"},
		// C > A > ?: Bare has no White tag, so White is "?" (CQL 9.493 sorts it last, "white: ?")
		{`initial sort "white" player white`, "Loyd,Scholar's mate,Bare"},
		{`initial sort "x" "same"`, "Scholar's mate,Bare,Loyd"}, // all tie: game order
		// a numeric comparison sorts by its first operand when it holds
		{`btm sort "moves" movenumber > 1`, "Loyd,Scholar's mate"},
	} {
		for _, threads := range []int{1, 3} {
			out, _ := runString(t, compile(t, c.query), src, Options{Format: "pgn", Threads: threads})
			if got := events(out); got != c.want {
				t.Errorf("%s (threads %d): %s, want %s", c.query, threads, got, c.want)
			}
		}
	}
	out, _ := runString(t, compile(t, `initial sort "event" event`), src, Options{Format: "pgn"})
	if !strings.Contains(out, "{cql: game 3 of g.pgn; event Loyd") {
		t.Errorf("header comment lacks the string sort value:\n%s", out)
	}
}

// A persistent tally over masters-10k equals a count made independently with a Go loop over
// the games, and the output is byte-identical for 1, 2 and 8 threads (three runs each).
func TestRunPersistentCounterMatchesGoLoop(t *testing.T) {
	file := testdata.File(t, "masters-10k.pgn")
	// Independent count: positions where the side to move is in check, and games won by White.
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	checks, whiteWins := 0, 0
	err = pgn.Scan(context.Background(), f, file, pgn.Options{}, func(g *pgn.Game) error {
		for i := range g.Nodes {
			if g.Nodes[i].Pos.InCheck() {
				checks++
			}
		}
		if g.Tag("Result") == "1-0" {
			whiteWins++
		}
		return nil
	})
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	q := compile(t, `persistent Checks += 0 persistent WhiteWins += 0
if check then persistent Checks += 1
if initial and result 1-0 then persistent WhiteWins += 1
false`)
	want := ""
	for _, threads := range []int{1, 2, 8} {
		for run := 0; run < 3; run++ {
			var out, pers bytes.Buffer
			if _, err := Run(context.Background(), q, Files{Names: []string{file}}, &out, Options{Format: "pgn", Threads: threads, Persistent: &pers}); err != nil {
				t.Fatal(err)
			}
			got := pers.String() + "|" + out.String()
			if want == "" {
				want = got
				exp := "Checks: " + itoa(checks) + "\nWhiteWins: " + itoa(whiteWins) + "\n|"
				if got != exp {
					t.Fatalf("persistent output %q, want %q (Go loop)", got, exp)
				}
			} else if got != want {
				t.Fatalf("threads %d run %d: output differs from the first run", threads, run)
			}
		}
		if testing.Short() {
			break
		}
	}
}

func itoa(n int) string {
	var b []byte
	if n == 0 {
		return "0"
	}
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// A persistent string built game by game sees the games in input order for any thread count.
func TestRunPersistentOrder(t *testing.T) {
	src := memFiles(map[string]string{"g.pgn": threeGames, "h.pgn": threeGames}, "g.pgn", "h.pgn")
	q := compile(t, `initial {if gamenumber == 0 persistent Order = ""}
initial Order = Order + str(gamenumber " ")`)
	for _, threads := range []int{1, 2, 4} {
		var out, pers bytes.Buffer
		if _, err := Run(context.Background(), q, src, &out, Options{Format: "fen", Threads: threads, Persistent: &pers}); err != nil {
			t.Fatal(err)
		}
		if got := pers.String(); got != "Order: \"1 2 3 1 2 3 \"\n" { // quoted as CQL prints a string
			t.Errorf("threads %d: %q", threads, got)
		}
	}
}

// assert stops the run: Run returns a *filter.RuntimeError naming the game and position.
func TestRunAssertStops(t *testing.T) {
	src := memFiles(map[string]string{"g.pgn": threeGames}, "g.pgn")
	for _, threads := range []int{1, 4} {
		var out bytes.Buffer
		st, err := Run(context.Background(), compile(t, `gamenumber == 3 ply == 11 assert false`), src, &out, Options{Format: "pgn", Threads: threads})
		var re *filter.RuntimeError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), "g.pgn: game 3, ply 11 (after Qxd7+)") {
			t.Errorf("threads %d: error %v", threads, err)
		}
		if st.GamesRead > 2 {
			t.Errorf("threads %d: %d games read after the failure", threads, st.GamesRead)
		}
	}
}

// BenchmarkPersistentTally compares a persistent tally with the same query without state,
// both over masters-10k with two workers; it reports tally throughput as a fraction of
// the plain one (paired runs, alternating, so drifts of the shared machine hit both).
func BenchmarkPersistentTally(b *testing.B) {
	data, err := os.ReadFile(testdata.File(b, "masters-10k.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	src := memFiles(map[string]string{"m.pgn": string(data)}, "m.pgn")
	plain := compile(b, "mate")
	tally := compile(b, "persistent Mates += 0 if mate persistent Mates += 1 false")
	if !tally.Additive() {
		b.Fatal("the tally is not additive")
	}
	var tp, tt, cp, ct time.Duration
	for i := 0; i < b.N; i++ {
		for _, c := range []struct {
			q     *filter.Query
			d, cd *time.Duration
		}{{plain, &tp, &cp}, {tally, &tt, &ct}} {
			start := time.Now()
			cpu, _ := testdata.ProcessCPU()
			if _, err := Run(context.Background(), c.q, src, io.Discard, Options{Format: "pgn", Count: true, Threads: 2, Persistent: io.Discard}); err != nil {
				b.Fatal(err)
			}
			*c.d += time.Since(start)
			cpu2, _ := testdata.ProcessCPU()
			*c.cd += cpu2 - cpu
		}
	}
	b.ReportMetric(float64(tp)/float64(tt), "tally/plain-throughput")
	if ct > 0 {
		// the same from CPU time: the work each does, without the load's waits
		b.ReportMetric(float64(cp)/float64(ct), "tally/plain-cpu")
	}
}

// lastgamenumber is the number of the file's last game (manual: `initial if gamenumber ==
// lastgamenumber message lastgamenumber` prints it once), or the end of the gamenumber range.
func TestRunLastGameNumber(t *testing.T) {
	src := memFiles(map[string]string{"g.pgn": threeGames}, "g.pgn")
	for _, c := range []struct{ query, want string }{
		{"initial if gamenumber == lastgamenumber message lastgamenumber", "Game: 3 move 1(wtm): 3\n"},
		{"cql(gamenumber 1 2) initial if gamenumber == lastgamenumber message lastgamenumber", "Game: 2 move 1(wtm): 2\n"},
	} {
		var msgs bytes.Buffer
		if _, err := Run(context.Background(), compile(t, c.query), src, io.Discard, Options{Format: "pgn", Threads: 2, Errors: &msgs}); err != nil {
			t.Fatal(err)
		}
		if msgs.String() != c.want {
			t.Errorf("%s: messages %q, want %q", c.query, msgs.String(), c.want)
		}
	}
}

// The manual (message.html): message writes its text as soon as it is evaluated, which is what
// makes it useful when a game does not match at all; `message quiet` writes the text alone.
func TestRunMessagesOfNonMatchingGames(t *testing.T) {
	src := memFiles(map[string]string{"g.pgn": threeGames}, "g.pgn")
	for _, c := range []struct{ query, want string }{
		// game 2 has one position; nothing matches (false), yet every message is written
		{"ply == 0 message (\"start \" gamenumber) false", "Game: 1 move 1(wtm): start 1\nGame: 2 move 1(wtm): start 2\nGame: 3 move 1(wtm): start 3\n"},
		{"ply == 0 message quiet (\"start \" gamenumber) false", "start 1\nstart 2\nstart 3\n"},
		// a message before a failing filter at a position that does not match
		{"mate message quiet (\"mate in game \" gamenumber) false", "mate in game 1\n"},
		// a bare \n argument is a newline
		{"ply == 0 gamenumber == 2 message quiet (\"a\" \\n \"b\")", "a\nb\n"},
	} {
		for _, threads := range []int{1, 3} {
			var msgs bytes.Buffer
			_, err := Run(context.Background(), compile(t, c.query), src, io.Discard, Options{Format: "pgn", Threads: threads, Errors: &msgs})
			if err != nil {
				t.Fatal(err)
			}
			if msgs.String() != c.want {
				t.Errorf("%s (threads %d): messages %q, want %q", c.query, threads, msgs.String(), c.want)
			}
		}
	}
}

// A dictionary tally over masters-10k (games per Result tag) equals a Go loop's count: a
// game gets a comment when its result's tally reaches a multiple of 500, so the comments are
// exactly the multiples of 500 up to each result's count. Dictionaries are not printed after
// the last game (CQL's createDictionary makes them quiet). The output games are
// byte-identical for 1, 2 and 8 threads.
func TestRunDictionaryTallyMatchesGoLoop(t *testing.T) {
	file := testdata.File(t, "masters-10k.pgn")
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	err = pgn.Scan(context.Background(), f, file, pgn.Options{}, func(g *pgn.Game) error {
		counts[g.Tag("Result")]++
		return nil
	})
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var exp []string
	for _, k := range keys {
		for m := 500; m <= counts[k]; m += 500 {
			exp = append(exp, k+" "+itoa(m))
		}
	}
	sort.Strings(exp)
	commentRE := regexp.MustCompile(`result\s+(\S+)\s+number\s+(\d+)`) // PGN lines wrap inside comments
	q := compile(t, `dictionary Results
initial {
  if not Results[tag "Result"] Results[tag "Result"] = 0
  Results[tag "Result"] += 1
  Results[tag "Result"] % 500 == 0
  comment ("result " tag "Result" " number " Results[tag "Result"])
}`)
	want := ""
	for _, threads := range []int{1, 2, 8} {
		for run := 0; run < 3; run++ {
			var out, pers bytes.Buffer
			if _, err := Run(context.Background(), q, Files{Names: []string{file}}, &out, Options{Format: "pgn", Threads: threads, Persistent: &pers}); err != nil {
				t.Fatal(err)
			}
			if pers.String() != "" {
				t.Fatalf("threads %d: dictionary printed after the last game: %q", threads, pers.String())
			}
			if want == "" {
				want = out.String()
				var got []string
				for _, m := range commentRE.FindAllStringSubmatch(want, -1) {
					got = append(got, m[1]+" "+m[2])
				}
				sort.Strings(got)
				if !slices.Equal(got, exp) || len(exp) == 0 {
					t.Fatalf("tallies in the comments %v, want %v (Go loop)", got, exp)
				}
			} else if out.String() != want {
				t.Fatalf("threads %d run %d: output differs from one thread", threads, run)
			}
			if testing.Short() {
				break
			}
		}
	}
}

// A message's prefix, as the CQL 9.493 binary prints it for this query and game (the
// expected lines and comments are its output): the game number and the position's name,
// in a variation with its position id, which also comments the position "id:k". In
// "1. e4 (1. d4 d5) e5" the ids are given depth first, main line first: start 0, e4 1,
// e5 2, d4 3, d5 4. Options.Messages takes the lines, Errors keeps the rest.
func TestRunMessagePrefix(t *testing.T) {
	src := memFiles(map[string]string{"v.pgn": "[Result \"*\"]\n\n1. e4 (1. d4 d5) e5 *\n"}, "v.pgn")
	var msgs, errs, out bytes.Buffer
	q := compile(t, `cql(variations) message ("ply " ply)`)
	if _, err := Run(context.Background(), q, src, &out, Options{Format: "pgn", Threads: 2, Errors: &errs, Messages: &msgs}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(strings.Fields(out.String()), " "), "(1. d4 {id:3 CQL} 1... d5 {id:4 CQL}) 1... e5 {CQL}") {
		t.Errorf("output lacks CQL's id comments:\n%s", out.String())
	}
	want := "Game: 1 move 1(wtm): ply 0\n" +
		"Game: 1 move 1(btm): ply 1\n" +
		"Game: 1 move 2(wtm): ply 2\n" +
		"Game: 1 move 1(btm)[3]: ply 1\n" +
		"Game: 1 move 2(wtm)[4]: ply 2\n"
	if msgs.String() != want || errs.Len() != 0 {
		t.Errorf("messages:\n%s\nwant:\n%s\nerrors: %q", msgs.String(), want, errs.String())
	}
}
