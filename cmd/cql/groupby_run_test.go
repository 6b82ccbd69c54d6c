package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// yearsOf counts the games of a PGN text per year of their Date tag, read with a regular
// expression (not the PGN reader): "unknown" for a date whose year is not four digits.
func yearsOf(text string) map[string]int {
	n := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\[Date "([^"]*)"\]`).FindAllStringSubmatch(text, -1) {
		y := "unknown"
		if len(m[1]) >= 4 && regexp.MustCompile(`^[0-9]{4}`).MatchString(m[1]) {
			y = m[1][:4]
		}
		n[y]++
	}
	return n
}

// cql --group-by year on a run of one query counts, per year, the games read (every game of
// the file, from its Date tags), the games matched (those cql -o writes) and their positions
// (the records --format jsonl writes), over masters-10k; for any --threads.
func TestRunGroupByYearMatchesOutputs(t *testing.T) {
	data := testdata.File(t, "masters-10k.pgn")
	input, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	readWant := yearsOf(string(input))
	dir := t.TempDir()
	const q = "check"
	// The matching games, and their positions per year.
	runTags(t, "--no-summary", "-o", filepath.Join(dir, "m.pgn"), q, data)
	out, err := os.ReadFile(filepath.Join(dir, "m.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	gamesWant := yearsOf(string(out))
	posWant := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(runTags(t, "--no-summary", "--format", "jsonl", q, data)), "\n") {
		var rec struct {
			Tags map[string]string `json:"tags"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		y := "unknown"
		if d := rec.Tags["Date"]; regexp.MustCompile(`^[0-9]{4}`).MatchString(d) {
			y = d[:4]
		}
		posWant[y]++
	}
	if len(gamesWant) < 50 {
		t.Fatalf("%d years of matching games: too few to test", len(gamesWant))
	}
	for _, threads := range []string{"1", "3"} {
		table := filepath.Join(dir, "g"+threads+".csv")
		var stdout, stderr bytes.Buffer
		if st := run([]string{"--count", "--no-summary", "--threads", threads, "--group-by", "year", "--group-format", "csv", "--group-out", table, q, data}, nil, &stdout, &stderr); st != exitMatch {
			t.Fatalf("exit %d: %s", st, stderr.String())
		}
		b, err := os.ReadFile(table)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(recs[0], ",") != "year,games_read,games,share,rate,positions" {
			t.Fatalf("header %v", recs[0])
		}
		seen := 0
		for _, r := range recs[1:] {
			read, _ := strconv.Atoi(r[1])
			games, _ := strconv.Atoi(r[2])
			pos, _ := strconv.Atoi(r[5])
			if read != readWant[r[0]] || games != gamesWant[r[0]] || pos != posWant[r[0]] {
				t.Errorf("--threads %s, year %s: read %d games %d positions %d; the file has %d, cql -o %d, jsonl %d",
					threads, r[0], read, games, pos, readWant[r[0]], gamesWant[r[0]], posWant[r[0]])
			}
			seen++
		}
		if seen != len(gamesWant) {
			t.Errorf("--threads %s: %d groups, cql -o has games of %d years", threads, seen, len(gamesWant))
		}
	}
}
