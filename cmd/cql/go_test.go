package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

func runGo(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	st := run(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), st
}

// A 9x9 black group around a straight three (D5 E5 F5) with a white living group around it.
const straightThreeSGF = `(;GM[1]FF[4]SZ[9]
AW[aa][ba][ca][da][ea][fa][ga][ha][ia][ab][cb][db][eb][fb][gb][ib][ac][bc][cc][dc][ec][fc][gc][hc][ic]
[ad][bd][hd][id][ae][be][he][ie][af][bf][hf][if][ag][bg][cg][dg][eg][fg][gg][hg][ig]
[ah][ch][dh][eh][fh][gh][ih][ai][bi][ci][di][ei][fi][gi][hi][ii]
AB[cd][dd][ed][fd][gd][ce][ge][cf][df][ef][ff][gf]
;B[tt]C[a pass]
)`

func TestGoEyesCommand(t *testing.T) {
	db := testdata.GnuGo(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "three.sgf")
	if err := os.WriteFile(file, []byte(straightThreeSGF), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, st := runGo(t, "go", "eyes", "--db", db, "--format", "jsonl", "--move", "0", file)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	found := false
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var j map[string]any
		if err := json.Unmarshal([]byte(line), &j); err != nil {
			t.Fatalf("bad JSON line %q: %v", line, err)
		}
		for _, k := range []string{"color", "points", "marginal", "pattern", "first", "second", "status", "vital"} {
			if _, ok := j[k]; !ok {
				t.Errorf("key %q missing in %s", k, line)
			}
		}
		if j["color"] == "black" && strings.Contains(line, `"points":["D5","E5","F5"]`) {
			found = true
			if j["pattern"] != "301" || j["first"] != 2.0 || j["second"] != 1.0 || j["status"] != "URGENT" ||
				!strings.Contains(line, `"vital":["E5"]`) {
				t.Errorf("straight three: %s", line)
			}
		}
	}
	if !found {
		t.Errorf("no black eye space D5 E5 F5 in:\n%s", out)
	}
	out, _, st = runGo(t, "go", "status", "--db", db, "--move", "0", file)
	if st != 0 || !strings.Contains(out, "black group at C4, 12 stones, eye spaces [") || !strings.Contains(out, "URGENT (2, 1) (read, ") || !strings.Contains(out, "nodes) defend [E5] attack [E5]") {
		t.Errorf("status output:\n%s", out)
	}
}

func TestGoEyesShape(t *testing.T) {
	db := testdata.GnuGo(t)
	for _, c := range []struct {
		shape, want string
	}{
		{".!.", `"points":["C3","D3","E3"],"marginal":["D3"],"dead":[],"pattern":"320","value":"0022","first":2,"second":0,"status":"URGENT","vital":["D3"]`},
		{`..\n..`, `"pattern":"4301","value":"1112","first":1,"second":1,"status":"DEAD","vital":[]`},
		{"|.\n|...\n+---", `"points":["A1","B1","C1","A2"],"marginal":[],"dead":[],"pattern":"4000","value":"1122","first":2,"second":1,"status":"URGENT","vital":["B1"]`},
		{"...\n...\n...", `"pattern":null,"value":"2222","first":2,"second":2,"status":"ALIVE"`},
		{"X.X", `"dead":["C3","E3"],"pattern":"300","value":"2222"`},
	} {
		out, errs, st := runGo(t, "go", "eyes", "--db", db, "--format", "jsonl", "--shape", c.shape)
		if st != 0 || !strings.Contains(out, c.want) {
			t.Errorf("--shape %q: status %d %s\n%s\nwant %s", c.shape, st, errs, out, c.want)
		}
	}
}

func TestGoErrors(t *testing.T) {
	db := testdata.GnuGo(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.sgf")
	os.WriteFile(bad, []byte("(;SZ[9]\n;B[ee];W[ee])"), 0o644)
	big := filepath.Join(dir, "big.sgf")
	os.WriteFile(big, []byte("(;SZ[21];B[aa])"), 0o644)
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"go", "eyes", "--db", db, "--shape", ".*."}, "shape:1:2: unknown mark '*'"},
		{[]string{"go", "eyes", "--db", db, "--format", "xml", bad}, "--format \"xml\""},
		{[]string{"go", "eyes", "--db", db, bad}, "bad.sgf:2:8: move 2 white E5: point is occupied"},
		{[]string{"go", "eyes", "--db", db, big}, "big.sgf:1:3: SZ[21]: boards are 1x1 to 19x19"},
		{[]string{"go", "eyes", "--db", filepath.Join(dir, "nowhere"), bad}, "give --db"},
		{[]string{"go", "eyes", "--db", db}, "no SGF file"},
	} {
		_, errs, st := runGo(t, c.args...)
		if st != 2 || !strings.Contains(errs, c.err) {
			t.Errorf("%v: status %d, stderr %q, want %q", c.args, st, errs, c.err)
		}
	}
}

func TestGoPatternsCommand(t *testing.T) {
	db := testdata.GnuGo(t)
	file := filepath.Join(testdata.Go(t), "kgs", "20040507-GnuGoCVS-read.sgf")
	out, errs, st := runGo(t, "go", "patterns", "--db", db, "--move", "30", "--format", "jsonl", file)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	statuses := map[string]int{}
	for _, line := range lines {
		var j map[string]any
		if err := json.Unmarshal([]byte(line), &j); err != nil {
			t.Fatalf("bad JSON %q: %v", line, err)
		}
		for _, k := range []string{"pattern", "db", "anchor", "orientation", "classes", "status", "reasons", "not_evaluated"} {
			if _, ok := j[k]; !ok {
				t.Fatalf("key %q missing: %s", k, line)
			}
		}
		statuses[j["status"].(string)]++
		// a pattern with a constraint is never plainly accepted
		if strings.Contains(line, `"constraint `) && j["status"] == "accepted" {
			t.Errorf("constraint taken as true: %s", line)
		}
	}
	if statuses["accepted"] == 0 || statuses["rejected"] == 0 || statuses["not evaluated"] == 0 {
		t.Errorf("statuses %v over %d matches", statuses, len(lines))
	}
	_, errs, st = runGo(t, "go", "patterns", "--db", db, "--patterns", "nosuch.db", file)
	if st != 2 || !strings.Contains(errs, "nosuch.db") {
		t.Errorf("missing database: status %d %q", st, errs)
	}
}

// Without --db, cql go finds GNU Go's databases in $CQL_GNUGO_DIR or the user's data
// directory (it looked only in ../shared/reference/gnugo from the current directory); where
// none is found, the error names the places and where to get the databases.
func TestGoDatabaseSearchPath(t *testing.T) {
	db := testdata.GnuGo(t)
	want := `"pattern":"320"`
	empty := t.TempDir()
	t.Setenv("XDG_DATA_HOME", empty)
	t.Setenv("CQL_GNUGO_DIR", db)
	if out, errs, st := runGo(t, "go", "eyes", "--format", "jsonl", "--shape", ".!."); st != 0 || !strings.Contains(out, want) {
		t.Errorf("CQL_GNUGO_DIR: status %d %s\n%s", st, errs, out)
	}
	t.Setenv("CQL_GNUGO_DIR", "")
	data := t.TempDir()
	t.Setenv("XDG_DATA_HOME", data)
	abs, err := filepath.Abs(db)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(data, "cql"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(abs, filepath.Join(data, "cql", "gnugo")); err != nil {
		t.Fatal(err)
	}
	if out, errs, st := runGo(t, "go", "eyes", "--format", "jsonl", "--shape", ".!."); st != 0 || !strings.Contains(out, want) {
		t.Errorf("XDG_DATA_HOME/cql/gnugo: status %d %s\n%s", st, errs, out)
	}
	t.Setenv("XDG_DATA_HOME", empty)
	t.Setenv("CQL_GNUGO_DIR", filepath.Join(empty, "none"))
	_, errs, st := runGo(t, "go", "eyes", "--shape", ".!.")
	for _, s := range []string{"no eyes.db in " + filepath.Join(empty, "none") + ", " + filepath.Join(empty, "cql", "gnugo"), "--db or CQL_GNUGO_DIR", "gnugo-3.8.tar.gz"} {
		if st != exitError || !strings.Contains(errs, s) {
			t.Errorf("no databases: status %d, stderr lacks %q: %s", st, s, errs)
		}
	}
}

// Issue 37's half eye decided by capturing F2: with --dead none the space is E1 alone, its half
// eye and the key point G2 are reported apart from its points, and eval_eye's points are GNU Go's.
func TestGoEyesHalfEyeKeyPointsApart(t *testing.T) {
	db := testdata.GnuGo(t)
	file := filepath.Join(t.TempDir(), "p.sgf")
	src := "(;GM[1]FF[4]SZ[9]AB[ch][ci][dg][di][eg][eh][fg][fi][gi]AW[bg][bh][bi][cf][cg][df][ef][ff][fh][gf][gg][hg][hh][hi]PL[B])"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, st := runGo(t, "go", "eyes", "--db", db, "--format", "jsonl", "--dead", "none", file)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	line := strings.Split(out, "\n")[0]
	for _, want := range []string{`"points":["E1"]`, `"marginal":[]`, `"dead":[]`, `"value":"0011"`, `"key_points":["G2"]`,
		`"half_eyes":[{"point":"E1","value":3,"ko":false,"attack":["G2"],"defense":["G2"]}]`,
		`"attack_point":"G2","defense_point":"G2"`} {
		if !strings.Contains(line, want) {
			t.Errorf("want %s in %s", want, line)
		}
	}
}

// Labels stay unique past 26 spaces: a..z, aa, ab, ... in the list and on the board.
func TestGoEyesLabelsPast26(t *testing.T) {
	for i, want := range map[int]string{0: "a", 25: "z", 26: "aa", 27: "ab", 51: "az", 52: "ba", 701: "zz", 702: "aaa"} {
		if got := spaceLabel(i); got != want {
			t.Errorf("spaceLabel(%d) = %q, want %q", i, got, want)
		}
	}
	db := testdata.GnuGo(t)
	// a game of the corpus with 30 or more eye spaces after move 150
	file := filepath.Join(testdata.Go(t), "kgs", "2004-04-10-GnuGoCVS-inuyasha34.sgf")
	out, errs, st := runGo(t, "go", "eyes", "--db", db, "--move", "150", file)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	seen := map[string]bool{}
	n := 0
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) > 1 && (f[1] == "black," || f[1] == "white,") {
			if seen[f[0]] {
				t.Fatalf("label %s twice", f[0])
			}
			seen[f[0]] = true
			n++
		}
	}
	if n <= 26 || !seen["aa"] {
		t.Fatalf("%d spaces, labels %v", n, seen)
	}
	if !strings.Contains(strings.ToLower(out), " aa ") {
		t.Errorf("the board does not show label aa:\n%s", out)
	}
}

// cql go gtp answers loadsgf, eval_eye and dragon_status as GNU Go 3.9.1 does on issue 37's
// third position (GNU Go's answers, with its F2 dragon critical where ours is a dead string).
func TestGoGTP(t *testing.T) {
	db := testdata.GnuGo(t)
	file := filepath.Join(t.TempDir(), "p.sgf")
	src := "(;GM[1]FF[4]SZ[9]AB[ch][ci][dg][di][eg][eh][fg][fi][gi]AW[bg][bh][bi][cf][cg][df][ef][ff][fh][gf][gg][hg][hh][hi]PL[B])"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	in := "loadsgf " + file + "\neval_eye E1\n7 dragon_status D3\ndragon_status C4\neval_eye A9\nboardsize 9\nfoo\nquit\n"
	var out, errb bytes.Buffer
	if st := run([]string{"go", "gtp", "--db", db}, strings.NewReader(in), &out, &errb); st != 0 {
		t.Fatalf("status %d: %s", st, errb.String())
	}
	want := "= black\n\n= 0 1 G2 G2\n\n=7 critical G2 G2\n\n= alive\n\n= 2 2\n\n= \n\n? unknown command\n\n= \n\n"
	if out.String() != want {
		t.Errorf("got %q\nwant %q", out.String(), want)
	}
}
