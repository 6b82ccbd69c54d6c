// Command cql-beam runs a CQL query over PGN files as an Apache Beam job: in-process with
// the prism runner by default, or on Flink, Spark or Google Dataflow through their job
// servers. Its output is byte for byte what cql writes for the same query and inputs.
//
//	cql-beam [--runner prism|universal|flink|spark|dataflow] [--endpoint HOST:PORT]
//	         [cql flags] QUERY INPUT_GLOB... [-o OUTPUT]
//
// See docs/beam.md for the design and how to run it on a
// cluster.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/flink"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/spark"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/universal"

	"github.com/cqlgo/cql/internal/plural"
	"github.com/cqlgo/cql/run"
	"github.com/cqlgo/cql/shard"
)

// Exit statuses follow cql (and grep): 0 when something matched, 1 when nothing did, 2 on error.
const (
	exitMatch   = 0
	exitNoMatch = 1
	exitError   = 2
)

// flags are cql-beam's own flags; Beam's (--endpoint, --environment_type, --project, ...)
// live in the same flag set.
type flags struct {
	runner      *string
	shardSize   *int64
	inputs      stringList
	output      *string
	script      *string
	inject      injectList // -cql, -fen, -player, -result, -flipcolor, ...: in the order given
	gameNumber  *string
	matchCount  *string
	matchString *string
	format      *string
	count       *bool
	lines       *string // "variations" or "mainline": the last given
	unique      *string // "uniquecomments" or "nouniquecomments": the last given
	alwaysComm  *bool
	noSetTag    *bool
	noRemove    *bool
	noSortComm  *bool
	silent      *bool
	quiet       *bool
	noHeader    *bool
	threads     *int
	noSort      *bool
	tags        *string
	limit       *int
	stats       *bool
	statsFormat *string
	dedupe      *bool
	dedupeSkip  *bool
}

type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

var verbose = flag.Bool("verbose", false, "show the runner's and the SDK's log")

var version = flag.Bool("version", false, "print the version, the commit and the Go version")

var fl = flags{
	runner:      flag.String("runner", "prism", "Beam runner: prism (in-process), universal (any job server at --endpoint), flink, spark, dataflow"),
	shardSize:   flag.Int64("shard_size", 64<<20, "cut plain PGN files into shards of about this many bytes (multi-frame .zst: compressed bytes); 0: one shard per file"),
	output:      flag.String("o", "", "output file (replaced only when the job succeeds); default standard output"),
	script:      flag.String("f", "", "read the query from this CQL script"),
	gameNumber:  flag.String("gamenumber", "", "only examine games with these numbers: N or N-M"),
	matchCount:  flag.String("matchcount", "", "a game matches when this many positions do: N or N-M"),
	matchString: flag.String("matchstring", "", "comment written at each matched position (default CQL)"),
	format:      flag.String("format", "pgn", "output: pgn (matching games), fen, epd, jsonl or csv (matching positions), html (a gallery)"),
	count:       flag.Bool("count", false, "print only the number of matching games"),
	lines:       new(string),
	unique:      new(string),
	alwaysComm:  flag.Bool("alwayscomment", false, "keep texts of comment filters at positions that do not match"),
	noSetTag:    flag.Bool("nosettag", false, "settag filters match but set nothing"),
	noRemove:    flag.Bool("noremovecomment", false, "removecomment filters match but remove nothing"),
	noSortComm:  flag.Bool("nosortcomments", false, "keep the comments made inside a sort wherever they were made"),
	silent:      new(bool),
	quiet:       new(bool),
	noHeader:    flag.Bool("noheader", false, "leave out the {cql: game N of FILE} comment (also -noheaders)"),
	threads:     flag.Int("threads", runtime.GOMAXPROCS(0), "threads per worker for reading and evaluating a shard"),
	noSort:      flag.Bool("nosort", false, "write matching games in input order even when the query sorts"),
	tags:        flag.String("tags", "", "jsonl/csv: only these tags, comma-separated (default: every tag of the game)"),
	limit:       flag.Int("limit", 0, "stop after N matching games (read in order by one worker)"),
	stats:       flag.Bool("stats", false, "after the run, matching games per year, ECO, result and player (top 20): on standard output with -o, else on standard error"),
	statsFormat: flag.String("stats-format", "", "the --stats table as text (default) or json"),
	dedupe:      flag.Bool("dedupe", false, "report games whose players, date and main-line moves repeat an earlier game's (read in order by one worker)"),
	dedupeSkip:  flag.Bool("dedupe-skip", false, "report repeated games (as --dedupe) and leave them out"),
}

func init() {
	flag.Var(&fl.inputs, "i", "input PGN file or glob (repeatable)")
	registerPreamble(&fl.inject)
	flag.StringVar(fl.gameNumber, "g", "", "same as --gamenumber")
	flag.BoolVar(fl.noHeader, "noheaders", false, "same as --noheader")
	flag.Var(choiceFlag{"variations", fl.lines}, "variations", "search variations as well as the main line (the last of --variations and --mainline wins over the header)")
	flag.Var(choiceFlag{"mainline", fl.lines}, "mainline", "search the main line only, whatever the script says")
	flag.Var(choiceFlag{"uniquecomments", fl.unique}, "uniquecomments", "write a comment text once at a position (the default)")
	flag.Var(choiceFlag{"nouniquecomments", fl.unique}, "nouniquecomments", "write a comment text at a position as often as it is made there")
	flag.Var(commentFlag{"silent", fl.silent}, "silent", "add no comments to the output games")
	flag.Var(commentFlag{"quiet", fl.quiet}, "quiet", "add only the header comment to output games")
	// Long spellings as cql has them.
	flag.Var(&fl.inputs, "input", "same as -i")
	flag.StringVar(fl.output, "output", "", "same as -o")
}

func main() {
	os.Exit(realMain(os.Args[1:], os.Stdout, os.Stderr))
}

// oneShardNote says why a .zst larger than a shard runs as one shard (it is one zstd frame:
// only frame starts can be cut at) and how to recompress it so that it splits.
func oneShardNote(file string, ss []shard.Shard, target int64) string {
	lower := strings.ToLower(file)
	if target <= 0 || len(ss) != 1 || ss[0].Kind != shard.Whole || ss[0].Size <= target ||
		!strings.HasSuffix(lower, ".zst") && !strings.HasSuffix(lower, ".zstd") {
		return ""
	}
	return fmt.Sprintf("%s is a single zstd frame, so it runs as one shard on one worker; recompress it in frames of 64 MB to split it: "+
		"zstd -dc %s | split -b 64M --filter='zstd -c' > frames.pgn.zst", file, file)
}

// printVersion prints the module version, the commit and the Go version.
func printVersion(w io.Writer) {
	v, commit := "devel", "unknown"
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				commit = s.Value
			}
		}
	}
	fmt.Fprintf(w, "cql-beam %s\ncommit %s\n%s %s/%s\n", v, commit, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// parseArgs parses flags anywhere among the arguments (QUERY INPUT... -o OUT works).
func parseArgs(args []string) ([]string, error) {
	var pos []string
	for {
		if err := flag.CommandLine.Parse(args); err != nil {
			return nil, err
		}
		rest := flag.CommandLine.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

func realMain(args []string, stdout, stderr io.Writer) int {
	// The flag package's own error handling printed every flag, Beam's too (229 lines), on a
	// mistyped one: an error says what was wrong and how to get the list.
	flag.CommandLine.Init("cql-beam", flag.ContinueOnError)
	flag.CommandLine.SetOutput(io.Discard)
	flag.CommandLine.Usage = func() {}
	pos, err := parseArgs(cqlArgs(args))
	if errors.Is(err, flag.ErrHelp) {
		flag.CommandLine.SetOutput(stdout)
		fmt.Fprintln(stdout, "usage: cql-beam [options] QUERY FILE... (or -f SCRIPT, -i FILE); the options, then Beam's:")
		flag.CommandLine.PrintDefaults()
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "cql-beam: %v (cql-beam -help lists the options)\n", err)
		return exitError
	}
	if *version {
		if len(pos) > 0 {
			fmt.Fprintln(stderr, "cql-beam: -version only prints the version: nothing was run (give it alone)")
			return exitError
		}
		printVersion(stdout)
		return 0
	}
	if !*verbose {
		// Prism and the SDK log every job step at INFO: keep warnings and errors only.
		beamlog.LogLevel = "warn"
		slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	}
	beam.Init() // a worker started by a runner does its work here and exits
	st, err := runJob(context.Background(), pos, stdout, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "cql-beam:", err)
		return exitError
	}
	return st
}

// runJob checks the query and the inputs, plans the shards, runs the job and commits the
// output.
func runJob(ctx context.Context, args []string, stdout, stderr io.Writer) (int, error) {
	if optionError != nil {
		return 0, optionError
	}
	name, src, globs, err := querySource(*fl.script, fl.inject, len(fl.inputs) > 0, args)
	if err != nil {
		return 0, err
	}
	*fl.format = strings.ToLower(*fl.format)
	qs := querySpec{Name: name, Src: src, GameNumber: *fl.gameNumber, MatchCount: *fl.matchCount,
		Comments: commentLevel, Lines: *fl.lines,
		AlwaysComment: *fl.alwaysComm, NoSetTag: *fl.noSetTag, NoRemoveComment: *fl.noRemove,
		NoUniqueComments: *fl.unique == "nouniquecomments", NoSortComments: *fl.noSortComm, NoAutoComments: *fl.count,
		Marks: run.WantsMarks(run.Options{Format: *fl.format, Count: *fl.count})}
	limitGiven := false
	flag.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "matchstring":
			qs.MatchString, qs.HasMatchStr = *fl.matchString, true
		case "limit":
			limitGiven = true
		}
	})
	q, prog, err := qs.compile()
	if err != nil {
		return 0, err
	}
	if err := run.CheckFormat(*fl.format); err != nil {
		return 0, err
	}
	if err := run.CheckThreads(*fl.threads); err != nil {
		return 0, err
	}
	if *fl.limit < 0 || limitGiven && *fl.limit < 1 {
		return 0, fmt.Errorf("-limit: want a number of games of at least 1, got %d", *fl.limit)
	}
	// The header's quiet, or --quiet, hides the problems in games (counted in the summary).
	ro := runOptions{Format: *fl.format, Count: *fl.count, Threads: *fl.threads, NoHeader: *fl.noHeader, Quiet: prog.Header.Quiet,
		NoSort: *fl.noSort, Limit: *fl.limit, Stats: *fl.stats, StatsFormat: "text"}
	for _, t := range strings.Split(*fl.tags, ",") {
		switch t = strings.TrimSpace(t); {
		case strings.EqualFold(t, "elo"): // no PGN tag is called Elo: the players' ratings, as in cql
			ro.Tags = append(ro.Tags, "WhiteElo", "BlackElo")
		case t != "":
			ro.Tags = append(ro.Tags, t)
		}
	}
	switch v := strings.ToLower(*fl.statsFormat); v {
	case "":
	case "text", "json":
		ro.StatsFormat, ro.Stats = v, true
	default:
		return 0, fmt.Errorf("--stats-format: want text or json, got %q", *fl.statsFormat)
	}
	switch {
	case *fl.dedupeSkip:
		ro.Dedupe = "skip"
	case *fl.dedupe:
		ro.Dedupe = "report"
	}
	globs = append(append([]string(nil), fl.inputs...), globs...)
	if len(globs) == 0 {
		globs = prog.Header.Input
	}
	files, err := expand(globs)
	if err != nil {
		return 0, err
	}
	ro.Inputs = files
	if ro.Format == "html" { // the page says what it shows, as cql's
		ro.HTMLQuery, ro.HTMLInputs = string(src), files
	}
	outName := *fl.output
	if outName == "" && prog.Header.Output != "" {
		if ro.Count || ro.Format != "pgn" {
			// As cql: the header's output is the file of the matching games, which a count or
			// records of another format leave as they are (they go to standard output).
			if !ro.Count {
				fmt.Fprintf(stderr, "cql-beam: the header's output %s is for PGN games and is left as it is: the %s records go to standard output (-o %s writes them there)\n",
					prog.Header.Output, ro.Format, prog.Header.Output)
			}
		} else {
			outName = prog.Header.Output
		}
	}
	if outName == "-" || strings.EqualFold(outName, "stdout") { // as cql: standard output
		outName = ""
	}
	// Persistent state that needs game order runs in the final ordered stage, and so do
	// --limit (which stops at the Nth match in input order) and --dedupe (which compares
	// each game with all earlier ones); additive tallies are summed over the pieces.
	serial := q.Serial() || ro.Limit > 0 || ro.Dedupe != ""
	size := *fl.shardSize
	if serial {
		size = 0 // one shard per file, read in order by one worker
	}
	// Every input is opened and planned before the job starts: an unreadable input fails
	// here, before anything is written.
	if outName != "" {
		if err := writable(outName); err != nil {
			return 0, err
		}
	}
	var shards []shardSpec
	for i, file := range files {
		if outName != "" && sameFile(outName, file) {
			return 0, fmt.Errorf("output %s is also an input; refusing to overwrite it", outName)
		}
		ss, err := shard.Plan(file, size)
		if err != nil {
			return 0, fmt.Errorf("input: %w", err)
		}
		if note := oneShardNote(file, ss, size); note != "" {
			fmt.Fprintln(stderr, "cql-beam: note:", note)
		}
		for _, s := range ss {
			shards = append(shards, shardSpec{FileIndex: i, File: s.File, Index: s.Index, Count: s.Count,
				Kind: int(s.Kind), Start: s.Start, End: s.End, Size: s.Size})
		}
	}
	// Staged files live beside the output (a rename then commits it) or in a temporary
	// directory when the output is standard output.
	dir := os.TempDir()
	if outName != "" {
		dir = filepath.Dir(outName)
	}
	tag := make([]byte, 8)
	rand.Read(tag)
	removeStaleStaged(dir)
	base := filepath.Join(dir, fmt.Sprintf("%s%d-%s", stagedPrefix, os.Getpid(), hex.EncodeToString(tag)))
	files4 := staged{Out: base + ".out", Log: base + ".log", Summary: base + ".summary", Fatal: base + ".fatal", Pieces: base}
	// Messages go to standard output when the games do not go there, as cql's do.
	ro.MessagesOut = outName != "" || ro.Count
	if ro.MessagesOut {
		files4.Messages = base + ".messages"
	}
	if q.Serial() || q.Additive() {
		files4.Persistent = base + ".persistent"
	}
	if ro.Stats {
		files4.Tally = base + ".stats"
	}
	defer func() {
		for _, p := range []string{files4.Out, files4.Log, files4.Messages, files4.Summary, files4.Persistent, files4.Tally, files4.Fatal} {
			if p != "" {
				os.Remove(p)
			}
		}
		// Pieces' outputs of a failed job (a finished writer removes them).
		left, _ := filepath.Glob(base + ".*.piece*")
		for _, p := range left {
			os.Remove(p)
		}
	}()
	p := buildPipeline(shards, qs, ro, files4, serial)

	if *fl.runner == "prism" && *jobopts.Endpoint == "" && *jobopts.EnvironmentType == "" {
		*jobopts.EnvironmentType = "loopback" // workers in this process
	}
	start := time.Now()
	res, err := beam.Run(ctx, *fl.runner, p)
	if err != nil {
		return 0, fmt.Errorf("job failed, no output written: %w", err)
	}
	el := time.Since(start).Seconds()

	// The job succeeded: problems found in games, then the output, then the summary.
	if b, err := os.ReadFile(files4.Log); err == nil {
		stderr.Write(b)
	} else {
		return 0, fmt.Errorf("job finished without its log: %w", err)
	}
	if files4.Messages != "" {
		b, err := os.ReadFile(files4.Messages)
		if err != nil {
			return 0, fmt.Errorf("job finished without its messages: %w", err)
		}
		stdout.Write(b)
	}
	// The query failed at run time (as cql, the failure is the message and nothing is
	// written).
	if b, err := os.ReadFile(files4.Fatal); err == nil {
		return 0, errors.New(string(b))
	}
	if _, err := os.Stat(files4.Out); err != nil {
		return 0, fmt.Errorf("job finished without its output: %w", err)
	}
	switch {
	case outName == "":
		f, err := os.Open(files4.Out)
		if err != nil {
			return 0, err
		}
		_, err = io.Copy(stdout, f)
		f.Close()
		if err != nil {
			return 0, err
		}
	default:
		// The staged file was created private (0600); the output gets the mode cql's has.
		if err := os.Chmod(files4.Out, outputMode(outName, base)); err != nil {
			return 0, err
		}
		if err := os.Rename(files4.Out, outName); err != nil {
			return 0, err
		}
	}
	// CQL prints persistent variables on standard output when the matches go to a file,
	// and cql its --stats tables likewise.
	for _, p := range []string{files4.Persistent, files4.Tally} {
		if p == "" {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return 0, fmt.Errorf("job finished without its results: %w", err)
		}
		if outName != "" {
			stdout.Write(b)
		} else {
			stderr.Write(b)
		}
	}
	// The summary shows the Beam metrics; should a runner's metrics be incomplete (prism
	// once reported one shard short after a long job), the writer's exact totals are shown
	// and the difference said.
	mst, ok, st := jobStats(res, files4.Summary)
	note := ""
	if !ok {
		note = "; the runner reported no metrics"
	} else if mst.GamesRead != st.GamesRead || mst.GamesMatched != st.GamesMatched || mst.PositionsMatched != st.PositionsMatched || mst.GamesWithErrors != st.GamesWithErrors {
		note = fmt.Sprintf("; the runner's metrics said %d games read, %d matched (%d positions), %d with errors",
			mst.GamesRead, mst.GamesMatched, mst.PositionsMatched, mst.GamesWithErrors)
	}
	extra := st.SummaryNotes(ro.Quiet, ro.Dedupe, ro.Limit)
	fmt.Fprintf(stderr, "cql-beam: %s, %.2fs, %.0f games/s%s (%s, runner %s%s)\n",
		st.Counts(), el, float64(st.GamesRead)/el, extra, plural.N(len(shards), "shard"), *fl.runner, note)
	if st.GamesMatched == 0 {
		return exitNoMatch, nil
	}
	return exitMatch, nil
}

// jobStats returns the counters from the job's Beam metrics (committed values where the
// runner reports them) and the totals the writer stage added up from the shards' results.
func jobStats(res beam.PipelineResult, path string) (fromMetrics run.Stats, haveMetrics bool, exact run.Stats) {
	if res != nil {
		for _, c := range res.Metrics().AllMetrics().Counters() {
			if c.Namespace() != "cql" {
				continue
			}
			v := int(c.Result())
			haveMetrics = true
			switch c.Name() {
			case "games_read":
				fromMetrics.GamesRead += v
			case "games_matched":
				fromMetrics.GamesMatched += v
			case "positions_matched":
				fromMetrics.PositionsMatched += v
			case "games_with_errors":
				fromMetrics.GamesWithErrors += v
			}
		}
	}
	if b, err := os.ReadFile(path); err == nil {
		fmt.Sscan(string(b), &exact.GamesRead, &exact.GamesMatched, &exact.PositionsMatched, &exact.GamesWithErrors, &exact.Warnings, &exact.Duplicates, &exact.LimitReached)
	}
	return fromMetrics, haveMetrics, exact
}

// expand turns the input arguments into file names: globs are expanded (in sorted order, as
// a shell would), plain names are kept, and a glob that matches nothing is an error.
func expand(globs []string) ([]string, error) {
	if len(globs) == 0 {
		return nil, errors.New("no input: give PGN files or globs after the query, or with -i")
	}
	var files []string
	for _, g := range globs {
		if g == "-" {
			return nil, errors.New("standard input cannot be read by a distributed job: give file names")
		}
		if !strings.ContainsAny(g, "*?[") {
			files = append(files, g)
			continue
		}
		m, err := filepath.Glob(g)
		if err != nil {
			return nil, fmt.Errorf("input %q: %w", g, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("input %q: no file matches", g)
		}
		files = append(files, m...)
	}
	return files, nil
}

// outputMode is the mode cql's output file would have: an existing file keeps its own (cql
// truncates it), a new one gets 0666 less the umask, as a file created beside it does.
func outputMode(out, base string) os.FileMode {
	if st, err := os.Stat(out); err == nil {
		return st.Mode().Perm()
	}
	probe := base + ".mode"
	f, err := os.OpenFile(probe, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
	if err != nil {
		return 0o644
	}
	st, err := f.Stat()
	f.Close()
	os.Remove(probe)
	if err != nil {
		return 0o644
	}
	return st.Mode().Perm()
}

// stagedPrefix begins the names of a job's staged files: .cql-beam-PID-HEX.out and the others.
const stagedPrefix = ".cql-beam-"

// stagedPID returns the process id in a staged file's name, if it is one.
func stagedPID(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, stagedPrefix)
	if !ok {
		return 0, false
	}
	pid, rest, ok := strings.Cut(rest, "-")
	if !ok || len(rest) < 17 || rest[16] != '.' || strings.Trim(rest[:16], "0123456789abcdef") != "" {
		return 0, false
	}
	p, err := strconv.Atoi(pid)
	return p, err == nil && p > 0
}

// removeStaleStaged removes the staged files in dir of jobs whose cql-beam process has ended
// (kill -9 leaves them; a job that ends any other way removes its own). A process that
// exists, even another user's, keeps its files.
func removeStaleStaged(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, ok := stagedPID(e.Name())
		if !ok || pid == os.Getpid() || !e.Type().IsRegular() {
			continue
		}
		if err := syscall.Kill(pid, 0); err == nil || errors.Is(err, syscall.EPERM) {
			continue // the job is running
		}
		os.Remove(filepath.Join(dir, e.Name()))
	}
}

// writable refuses an existing output file its user may not write, as a shell's > does:
// the staged output replaces it by a rename, which the file's mode does not stop.
func writable(name string) error {
	st, err := os.Stat(name)
	if err != nil || !st.Mode().IsRegular() {
		return nil // a new file, or a device written directly
	}
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write output %s: %w", name, err)
	}
	return f.Close()
}

func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
