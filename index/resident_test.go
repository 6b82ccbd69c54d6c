package index

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// tablesResident returns the kilobytes of the mappings of dir's *.sst files resident in
// this process, as the kernel counts them (/proc/self/smaps), and how many such mappings.
func tablesResident(t *testing.T, dir string) (kb, mappings int) {
	t.Helper()
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip("no /proc/self/smaps:", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in := false
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) > 0 && strings.Contains(fields[0], "-") && !strings.HasSuffix(fields[0], ":") {
			path := fields[len(fields)-1]
			in = strings.HasPrefix(path, real+"/") && strings.HasSuffix(path, ".sst")
			if in {
				mappings++
			}
			continue
		}
		if in && len(fields) == 3 && fields[0] == "Rss:" {
			n, err := strconv.Atoi(fields[1])
			if err != nil {
				t.Fatal(err)
			}
			kb += n
		}
	}
	return kb, mappings
}

// The pages of an index's tables read by a query are counted in the process's RSS until
// dropped (resident.go): after dropMappedTables the kernel counts none of them, and the
// index reads the same as before.
func TestDropMappedTables(t *testing.T) {
	ix := buildIndex(t, testdata.File(t, "masters-10k.pgn"))
	dir := fdPath(ix.gen)
	_, q, _ := compileQuery(t, `mate`)
	before := runOn(t, q, ix.Games(nil), "pgn")
	kb, maps := tablesResident(t, dir)
	if maps == 0 || kb == 0 {
		t.Fatalf("after reading every game, %d KB of %d table mappings resident", kb, maps)
	}
	dropped := dropMappedTables(dir)
	if dropped < int64(kb)<<10 {
		t.Errorf("dropped %d bytes of mappings, %d KB were resident", dropped, kb)
	}
	if kb, _ := tablesResident(t, dir); kb != 0 {
		t.Errorf("%d KB of the tables resident after the drop", kb)
	}
	after := runOn(t, q, ix.Games(nil), "pgn")
	if after != before || before.stats.GamesMatched == 0 {
		t.Errorf("after the drop the index reads otherwise: %+v, before %+v", after.stats, before.stats)
	}
	if kb, _ := tablesResident(t, dir); kb == 0 {
		t.Errorf("reading the games again mapped no page of the tables")
	}
	// other directories' tables are left as they are
	other := buildIndex(t, "../testdata/query/games.pgn")
	runOn(t, q, other.Games(nil), "pgn")
	otherKB, _ := tablesResident(t, fdPath(other.gen))
	dropMappedTables(dir)
	if kb, _ := tablesResident(t, fdPath(other.gen)); otherKB == 0 || kb != otherKB {
		t.Errorf("the other index's tables: %d KB resident before a drop of the first's, %d after", otherKB, kb)
	}
	// a relative path finds the same mappings (a build's directory is the one given)
	runOn(t, q, ix.Games(nil), "pgn")
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Dir(real))
	if dropMappedTables(filepath.Base(real)) == 0 {
		t.Errorf("nothing dropped by the relative path %s", filepath.Base(real))
	}
	if kb, _ := tablesResident(t, dir); kb != 0 {
		t.Errorf("%d KB of the tables resident after the drop by a relative path", kb)
	}
}
