package main

import (
	"fmt"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/groupby"
	"github.com/cqlgo/cql/internal/preamble"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
	cqlrun "github.com/cqlgo/cql/run"
)

// The query command's options are CQL's (6.1 and 6.2) and CQLi's, read the way both read
// them: one dash or two, any letter case, and each option with its own number of arguments.
// A range option takes one or two numbers (`-gamenumber 1 100`): the second number is taken
// only when the next argument is a number, and an argument that is not one is an error, never
// a query. Cobra/pflag cannot express "one or two values", so this file parses the command
// line itself; subcommands (validate, export, perft, board) still use cobra.

// queryFlags are the settings of one run of the query command.
type queryFlags struct {
	inputs      []string
	output      string
	script      string
	gameNumber  *query.Range
	matchCount  *query.Range
	matchString *string
	format      string
	variations  *bool  // -variations, -mainline, -virtualmainline: the last given wins over the header
	comments    string // -silent or -quiet: wins over the header's
	count       bool
	threads     int
	cpuProfile  string
	memProfile  string
	traceFile   string

	noHeader        bool
	noSetTag        bool
	noRemoveComment bool
	noUnique        bool
	noSortComments  bool
	alwaysComment   bool
	lineIncrement   int
	showMatches     bool
	limit           int
	noSort          bool
	appendOut       bool
	noClobber       bool
	dryRun          bool
	secure          bool
	showDicts       bool          // --showdictionaries
	dialect         query.Dialect // --dialect: CQL 6.2's reading (the default) or CQLi's
	verbose         bool
	noSummary       bool
	warnLevel       int               // -w/--warnlevel: 0 unset, 1 quiet about games, 2 the default, 3 --verbose
	style           pgn.Style         // CQLi's PGN output options (--pgnlinewidth, --compactmoves, ...)
	coalesce        *bool             // --coalescecomments (true), --nocoalescecomments (false); nil: the dialect's way
	includeTags     string            // --includetagpattern: a regular expression of tag names kept
	excludeTags     string            // --excludetagpattern: a regular expression of tag names left out
	sortMatchCount  bool              // --sortmatchcount: the header's sort matchcount
	binaryOutput    bool              // --binaryoutput: accepted; output is always written byte for byte
	nestedComments  bool              // --nestedcomments: balanced braces inside an input comment are its text
	createDirs      bool              // --createdirectories: make the output's missing directories
	maxOpenOutputs  int               // --maxopenoutputfiles: split output files open at once (0: the default)
	noRemoveTag     bool              // --noremovetag: removetag matches without removing
	keepAllBest     bool              // --keepallbest: every path keeps its ties
	skipVariants    bool              // --skipunknownvariants
	variantAliases  map[string]string // --variantalias: lower-case tag value -> variant
	license         bool              // --license: print it and stop

	// What CQL calls the preamble: filters injected before the body, as CQL text, in the
	// order given (-cql, -fen, -white, -result, ...), and the transforms wrapping both.
	// -player and -year are game filters, which no transform changes (package preamble).
	pre preamble.Preamble

	// -gui (gui.go): the option, and what the run reports.
	guiFlag bool
	gui     *guiRun

	// Actions that do not run the query.
	parse, help, version bool
	toASCII, toUnicode   string // script files to convert
	html                 string

	// Export.
	tags        []string
	stats       bool
	statsFormat string
	statsTop    int    // rows per --stats table: 0 unset (20), -1 all
	statsOut    string // --stats-out: the tables' own file
	dedupe      string // "", "report" or "skip"
	csvRaw      bool   // csv values starting with = + - @ unguarded

	// --group-by (groupby): the keys as given, the table's format, file and minimum.
	groupBy, groupFormat, groupOut string
	groupMin                       int

	// The position index (index.go).
	indexes []string // answer from the indexes in these directories (in this order) instead of PGN files
	noPrune bool
}

// optKind is how many arguments an option takes.
type optKind uint8

const (
	optBool   optKind = iota // no argument
	optString                // one argument
	optInt                   // one non-negative number
	optRange                 // one or two non-negative numbers (or N-M in one argument)
	optPair                  // two arguments
)

type option struct {
	names []string // lower case; the first is the name shown in help
	kind  optKind
	arg   string // the argument's name in help
	help  string
	set   func(f *queryFlags, v []string, r *query.Range, n int) error
	// hidden options are left out of -help (developer options).
	hidden bool
}

func boolOpt(help string, set func(f *queryFlags)) (optKind, string, string, func(*queryFlags, []string, *query.Range, int) error) {
	return optBool, "", help, func(f *queryFlags, _ []string, _ *query.Range, _ int) error { set(f); return nil }
}

// queryOptions lists every option of the query command.
var queryOptions = buildOptions()

func buildOptions() []option {
	var opts []option
	add := func(names string, kind optKind, arg, help string, set func(f *queryFlags, v []string, r *query.Range, n int) error) {
		opts = append(opts, option{names: strings.Fields(names), kind: kind, arg: arg, help: help, set: set})
	}
	flag := func(names, help string, set func(f *queryFlags)) {
		k, a, h, s := boolOpt(help, set)
		add(names, k, a, h, s)
	}
	str := func(names, arg, help string, set func(f *queryFlags, v string) error) {
		add(names, optString, arg, help, func(f *queryFlags, v []string, _ *query.Range, _ int) error { return set(f, v[0]) })
	}
	num := func(names, arg, help string, set func(f *queryFlags, n int) error) {
		add(names, optInt, arg, help, func(f *queryFlags, _ []string, _ *query.Range, n int) error { return set(f, n) })
	}
	rng := func(names, help string, set func(f *queryFlags, r *query.Range)) {
		add(names, optRange, "N [M]", help, func(f *queryFlags, _ []string, r *query.Range, _ int) error { set(f, r); return nil })
	}
	// Game numbers and years start at 1: CQL refuses 0.
	positive := func(names, help string, set func(f *queryFlags, r *query.Range)) {
		add(names, optRange, "N [M]", help, func(f *queryFlags, _ []string, r *query.Range, _ int) error {
			if r.Min < 1 {
				return fmt.Errorf("-%s: want numbers of at least 1, got %d", strings.Fields(names)[0], r.Min)
			}
			set(f, r)
			return nil
		})
	}

	// Input and output.
	str("input i", "FILE", "read games from this PGN file (repeatable; .gz .bz2 .zst decompressed; - is standard input)",
		func(f *queryFlags, v string) error { f.inputs = append(f.inputs, v); return nil })
	str("output o", "FILE", "write the output to FILE (- or stdout: standard output); %{Tag} in FILE writes each matching game to the file its tag's value names (-o 'eco/%{ECO}.pgn'; the query's settag counts)",
		func(f *queryFlags, v string) error { f.output = v; return nil })
	str("file f", "FILE", "read the query from this CQL script", func(f *queryFlags, v string) error { f.script = v; return nil })
	str("cql", "FILTERS", "filters every position must also match (repeatable; added before the script's body)",
		func(f *queryFlags, v string) error {
			return f.pre.Add("cql", v)
		})
	str("format", "FORMAT", "output: pgn (matching games), fen, epd, jsonl or csv (matching positions), html (a gallery)",
		func(f *queryFlags, v string) error { f.format = strings.ToLower(v); return nil })
	flag("count", "print only the number of matching games", func(f *queryFlags) { f.count = true })
	flag("append", "append to the output file instead of replacing it", func(f *queryFlags) { f.appendOut = true })
	flag("noclobber", "never write over an existing output file", func(f *queryFlags) { f.noClobber = true })
	flag("createdirectories", "make the output file's missing directories (with %{Tag} in -o, each file's)", func(f *queryFlags) { f.createDirs = true })
	num("maxopenoutputfiles", "N", "with %{Tag} in -o (one output file per value of the tag), keep at most N files open at once (default 128)", func(f *queryFlags, n int) error {
		if n < 1 {
			return fmt.Errorf("-maxopenoutputfiles: want at least 1, got %d", n)
		}
		f.maxOpenOutputs = n
		return nil
	})
	addIndexOptions(str, flag)
	flag("dryrun", "check the query and the files, print what would be read and written, and stop", func(f *queryFlags) { f.dryRun = true })
	str("dialect", "cql|cqli", "where CQL 6.2 and CQLi disagree, read the query as this one does (default cql; docs/cqli.md): with cqli, rotate45 takes any squares, a string + may stand where a filter is matched, and -a is --append",
		func(f *queryFlags, v string) error {
			d, ok := query.ParseDialectName(v)
			if !ok {
				return fmt.Errorf("-dialect: want cql or cqli, got %q", v)
			}
			f.dialect = d
			return nil
		})
	flag("showdictionaries", "print the persistent dictionaries after the last game too, as str writes them (CQLi's option; CQL keeps them quiet)",
		func(f *queryFlags) { f.showDicts = true })
	flag("secure", "refuse a query that reads or writes files itself (readfile, writefile, the header's input and output)",
		func(f *queryFlags) { f.secure = true })

	// Which games and positions.
	positive("gamenumber g", "only examine games with numbers N to M (or just N)", func(f *queryFlags, r *query.Range) { f.gameNumber = r })
	rng("matchcount", "a game matches when N to M of its positions do (default: 1 or more)", func(f *queryFlags, r *query.Range) { f.matchCount = r })
	flag("variations", "search variations too, not only the main line", func(f *queryFlags) { f.variations = &yes })
	flag("mainline", "search the main line only (the default)", func(f *queryFlags) { f.variations = &no })
	flag("virtualmainline", "search variations, only positions on the virtual main line (adds the filter virtualmainline)",
		func(f *queryFlags) { f.pre.Add("virtualmainline"); f.variations = &yes })
	num("limit", "N", "stop after N matching games (games, not fen/jsonl/csv records: each game writes all its matching positions)", func(f *queryFlags, n int) error {
		if n < 1 {
			return fmt.Errorf("-limit: want a number of games of at least 1, got %d", n)
		}
		f.limit = n
		return nil
	})

	// Filters given as options.
	str("fen", "FEN", "only positions with this board (the filter fen \"FEN\"; the side to move is not compared)",
		func(f *queryFlags, v string) error { return f.pre.Add("fen", v) })
	flag("wtm", "only positions with White to move (the filter wtm)", func(f *queryFlags) { f.pre.Add("wtm") })
	flag("btm", "only positions with Black to move (the filter btm)", func(f *queryFlags) { f.pre.Add("btm") })
	add("assign", optPair, "VAR VALUE", "set variable VAR to VALUE (a number if it is one, else a string) before the body",
		func(f *queryFlags, v []string, _ *query.Range, _ int) error { return f.pre.Add("assign", v...) })
	// The names are regular expressions, searched for in the tag, as CQL's ~~ does.
	for _, who := range []string{"white", "black"} {
		str(who, "REGEX", "only games where the "+who+" player's name contains a match of REGEX (the filter player "+who+" ~~ \"REGEX\")",
			func(f *queryFlags, v string) error { return f.pre.Add(who, v) })
	}
	str("player", "REGEX", "only games where either player's name contains a match of REGEX (given once)",
		func(f *queryFlags, v string) error { return f.pre.Add("player", v) })
	for _, tag := range []string{"event", "site"} {
		str(tag, "TEXT", "only games whose "+strings.ToUpper(tag[:1])+tag[1:]+" tag contains TEXT", func(f *queryFlags, v string) error { return f.pre.Add(tag, v) })
	}
	str("result", "RESULT", "only games with this result: 1-0, 0-1, 1/2-1/2 (or 1/2), *", func(f *queryFlags, v string) error {
		return f.pre.Add("result", v)
	})
	positive("year", "only games played in years N to M (or in year N)", func(f *queryFlags, r *query.Range) {
		f.pre.Add("year", strconv.Itoa(r.Min), strconv.Itoa(r.Max))
	})
	for _, t := range preamble.Transforms {
		flag(t, "wrap the body and the options' filters (not -player, -year) in the transform "+t, func(f *queryFlags) { f.pre.Add(t) })
	}

	// Output games.
	str("matchstring", "TEXT", "the comment written at matched positions (default CQL)",
		func(f *queryFlags, v string) error { f.matchString = &v; return nil })
	add("silent", optBool, "", "write no comments into output games (wins over the header's quiet)",
		func(f *queryFlags, _ []string, _ *query.Range, _ int) error { return f.setComments("silent") })
	num("warnlevel w", "N", "how much is said about the games: 1 problems only counted (in the summary), 2 problems reported (the default), 3 warnings too (-verbose)", func(f *queryFlags, n int) error {
		if n < 1 || n > 3 {
			return fmt.Errorf("-warnlevel: want 1, 2 or 3, got %d", n)
		}
		f.warnLevel = n
		return nil
	})
	flag("verbose", "also report warnings about games (a set-up position whose side not to move is in check, which is evaluated as CQL does)",
		func(f *queryFlags) { f.verbose = true })
	add("quiet", optBool, "", "only the header comment and the comment filters' texts in output games, and no per-game warnings (their number stays in the summary)",
		func(f *queryFlags, _ []string, _ *query.Range, _ int) error { return f.setComments("quiet") })
	flag("noheader noheaders", "no {cql: game N of FILE} at the start of output games (a sorting query's values stay, as in CQL)", func(f *queryFlags) { f.noHeader = true })
	flag("alwayscomment", "keep texts of comment filters at positions that do not match (no smart comments)",
		func(f *queryFlags) { f.alwaysComment = true })
	flag("nosmartcomments", "the same as -alwayscomment (CQLi's name)", func(f *queryFlags) { f.alwaysComment = true })
	flag("noremovecomment", "removecomment filters match but remove nothing", func(f *queryFlags) { f.noRemoveComment = true })
	flag("nosettag", "settag filters match but set nothing", func(f *queryFlags) { f.noSetTag = true })
	flag("uniquecomments", "write a comment text once at a position, however often it is made (the default)",
		func(f *queryFlags) { f.noUnique = false })
	flag("nouniquecomments", "write a comment text at a position as often as it is made there (the match marker too)",
		func(f *queryFlags) { f.noUnique = true })
	flag("nosortcomments", "keep the comments made inside a sort wherever they were made, not only where its value was best",
		func(f *queryFlags) { f.noSortComments = true })
	flag("nosort", "write matching games in input order even when the query sorts", func(f *queryFlags) { f.noSort = true })
	flag("sortmatchcount", "write matching games sorted by their number of matching positions, most first (the header's sort matchcount)",
		func(f *queryFlags) { f.sortMatchCount = true })

	// PGN output's layout (CQLi's options).
	num("pgnlinewidth", "N", "PGN output: break the move text's lines before N columns (default 80; a longer word stays whole)", func(f *queryFlags, n int) error {
		if n < 20 || n > 1000000 {
			return fmt.Errorf("-pgnlinewidth: want a width from 20 to 1000000, got %d", n)
		}
		f.style.LineWidth = n
		return nil
	})
	flag("compactmoves", "PGN output: no space between a move number and its move (1.e4 e5 2.Nf3)", func(f *queryFlags) { f.style.CompactMoves = true })
	flag("nocompactmoves", "PGN output: a space between a move number and its move (1. e4: the default)", func(f *queryFlags) { f.style.CompactMoves = false })
	flag("compactcomments", "PGN output: no space inside a comment's braces ({CQL}: the default)", func(f *queryFlags) { f.style.SpacedComments = false })
	flag("nocompactcomments", "PGN output: a space inside a comment's braces ({ CQL })", func(f *queryFlags) { f.style.SpacedComments = true })
	flag("elidecomments", "PGN output: no comments at all, the game's or the query's", func(f *queryFlags) { f.style.NoComments = true })
	flag("noelidecomments", "PGN output: comments written (the default)", func(f *queryFlags) { f.style.NoComments = false })
	flag("elidenags", "PGN output: no $N annotation glyphs", func(f *queryFlags) { f.style.NoNAGs = true })
	flag("noelidenags", "PGN output: annotation glyphs written (the default)", func(f *queryFlags) { f.style.NoNAGs = false })
	flag("elidevariations", "PGN output: the main line only (-variations still searches the variations)", func(f *queryFlags) { f.style.NoVariations = true })
	flag("noelidevariations", "PGN output: variations written (the default)", func(f *queryFlags) { f.style.NoVariations = false })
	flag("nomovenumbers", "PGN output: no move numbers", func(f *queryFlags) { f.style.NoMoveNumbers = true })
	flag("movenumbers", "PGN output: move numbers written (the default)", func(f *queryFlags) { f.style.NoMoveNumbers = false })
	flag("movenumberaftercomment", "PGN output: a move number (12...) before Black's move after a comment (the default)", func(f *queryFlags) { f.style.NoNumberAfterComment = false })
	flag("nomovenumberaftercomment", "PGN output: no move number before Black's move after a comment", func(f *queryFlags) { f.style.NoNumberAfterComment = true })
	flag("movenumberafternag", "PGN output: a move number (12...) before Black's move after a glyph ($1) too", func(f *queryFlags) { f.style.NumberAfterNAG = true })
	flag("nomovenumberafternag", "PGN output: no move number after a glyph (the default)", func(f *queryFlags) { f.style.NumberAfterNAG = false })
	flag("splitmoves", "PGN output: a line may break between a move number and its move (the default)", func(f *queryFlags) { f.style.KeepNumberWithMove = false })
	flag("nosplitmoves", "PGN output: never a line break between a move number and its move", func(f *queryFlags) { f.style.KeepNumberWithMove = true })
	flag("coalescecomments", "PGN output: the texts added at a position merged into one comment ({CQL text}: the default, as CQL; with --dialect cqli, CQLi writes them apart)",
		func(f *queryFlags) { f.coalesce = &yes })
	flag("nocoalescecomments", "PGN output: each text added at a position a comment of its own ({CQL} {text}: CQLi's default)",
		func(f *queryFlags) { f.coalesce = &no })
	str("includetagpattern", "REGEX", "PGN output: only the tags whose names match REGEX (the Seven Tag Roster is always written, ? for one left out)",
		func(f *queryFlags, v string) error {
			if _, err := regexp.Compile(v); err != nil {
				return fmt.Errorf("-includetagpattern: %w", err)
			}
			f.includeTags = v
			return nil
		})
	str("excludetagpattern", "REGEX", "PGN output: leave out the tags whose names match REGEX (the Seven Tag Roster is always written)",
		func(f *queryFlags, v string) error {
			if _, err := regexp.Compile(v); err != nil {
				return fmt.Errorf("-excludetagpattern: %w", err)
			}
			f.excludeTags = v
			return nil
		})
	flag("nestedcomments", "read balanced braces inside a PGN comment as part of it: {a {b} c} is one comment (the PGN standard ends it at the first }); written back with the inner } as )",
		func(f *queryFlags) { f.nestedComments = true })
	flag("binaryoutput", "write output files byte for byte (CQLi's option for Windows; output here is always written so: line ends are \\n)",
		func(f *queryFlags) { f.binaryOutput = true })
	str("tags", "NAMES", "jsonl/csv: only these tags, comma-separated; Elo means WhiteElo,BlackElo (default: every tag of the game)",
		func(f *queryFlags, v string) error {
			for _, t := range strings.Split(v, ",") {
				switch t = strings.TrimSpace(t); {
				case strings.EqualFold(t, "elo"): // no PGN tag is called Elo: the players' ratings
					f.tags = append(f.tags, "WhiteElo", "BlackElo")
				case t != "":
					f.tags = append(f.tags, t)
				}
			}
			return nil
		})
	flag("csvraw", "csv: write values that start with = + - @ as they are (by default they get a leading ', so that spreadsheets do not run them as formulas)",
		func(f *queryFlags) { f.csvRaw = true })
	flag("stats", "after the run, matching games per year, ECO, result and player (top 20): on standard output with -o, else on standard error", func(f *queryFlags) { f.stats = true })
	str("group-by", "KEYS", "after the run, games read and matched (with their positions) per group of these keys, comma-separated: "+strings.Join(groupby.KeyNames(), ", ")+"; where --stats tables go", func(f *queryFlags, v string) error {
		if _, err := groupby.ParseKeys(v); err != nil {
			return err
		}
		f.groupBy = v
		return nil
	})
	str("group-format", "FORMAT", "the --group-by table as text (default), csv or json", func(f *queryFlags, v string) error {
		if err := groupby.CheckFormat(v); err != nil {
			return fmt.Errorf("-group-format: %w", err)
		}
		f.groupFormat = v
		return nil
	})
	str("group-out", "FILE", "write the --group-by table to FILE (- for standard output when the matches go to -o or are counted)", func(f *queryFlags, v string) error {
		f.groupOut = v
		return nil
	})
	num("group-min", "N", "the --group-by table lists only groups with at least N matching games", func(f *queryFlags, n int) error {
		if n < 0 {
			return fmt.Errorf("-group-min must be at least 0, got %d", n)
		}
		f.groupMin = n
		return nil
	})
	flag("dedupe", "report games whose players, date and main-line moves repeat an earlier game's", func(f *queryFlags) {
		if f.dedupe == "" {
			f.dedupe = "report"
		}
	})
	flag("dedupe-skip", "report repeated games (as -dedupe) and leave them out", func(f *queryFlags) { f.dedupe = "skip" })
	num("stats-top", "N", "--stats tables list the N keys with the most games (default 20; 0: all)", func(f *queryFlags, n int) error {
		f.statsTop, f.stats = n, true
		if n == 0 {
			f.statsTop = -1
		}
		return nil
	})
	str("stats-out", "FILE", "write the --stats tables to FILE (- for standard output when the matches go to -o or are counted)", func(f *queryFlags, v string) error {
		f.statsOut, f.stats = v, true
		return nil
	})
	str("stats-format", "FORMAT", "the --stats table as text (default) or json", func(f *queryFlags, v string) error {
		switch v = strings.ToLower(v); v {
		case "text", "json":
			f.statsFormat, f.stats = v, true
			return nil
		}
		return fmt.Errorf("-stats-format: want text or json, got %q", v)
	})

	// Running.
	num("threads", "N", "worker threads (default: all cores, at most 1024)", func(f *queryFlags, n int) error {
		if err := cqlrun.CheckThreads(n); err != nil {
			return err
		}
		f.threads = n
		return nil
	})
	flag("singlethreaded s", "one worker thread", func(f *queryFlags) { f.threads = 1 })
	num("lineincrement", "N", "print a progress line on standard error every N games", func(f *queryFlags, n int) error {
		if n < 1 {
			return fmt.Errorf("-lineincrement: want at least 1, got %d", n)
		}
		f.lineIncrement = n
		return nil
	})
	flag("nosummary", "print no summary line on standard error (x=$(cql --count --nosummary ...)); errors are still printed", func(f *queryFlags) { f.noSummary = true })
	flag("showmatches", "print the number of each matching game on standard error as it is found", func(f *queryFlags) { f.showMatches = true })

	// Other actions.
	flag("parse", "check the query and print its parse tree; run nothing", func(f *queryFlags) { f.parse = true })
	str("a", "FILE.cql", "print the script with its Unicode symbols in ASCII (CQL 6.2's -a; with --dialect cqli, CQLi's -a: --append)", func(f *queryFlags, v string) error { f.toASCII = v; return nil })
	str("u utf8", "FILE.cql", "print the script with CQL 6.2's Unicode symbols", func(f *queryFlags, v string) error { f.toUnicode = v; return nil })
	str("html", "FILE.cql", "write the script as HTML to FILE-cql.html (or to -o)", func(f *queryFlags, v string) error { f.html = v; return nil })
	flag("help h", "print this help", func(f *queryFlags) { f.help = true })
	flag("version v", "print the version, the commit and the Go version", func(f *queryFlags) { f.version = true })
	str("cpuprofile", "FILE", "write a CPU profile (for developers)", func(f *queryFlags, v string) error { f.cpuProfile = v; return nil })
	str("memprofile", "FILE", "write a profile of the allocations at the end of the run (for developers)", func(f *queryFlags, v string) error { f.memProfile = v; return nil })
	opts[len(opts)-1].hidden = true
	str("trace", "FILE", "write an execution trace of the run, for go tool trace (for developers)", func(f *queryFlags, v string) error { f.traceFile = v; return nil })
	opts[len(opts)-1].hidden = true
	// CQL's other options that a command line may carry, read as CQL reads them; left out
	// of -help. -m and -nooutputstatus change nothing here (CQL runs one thread for -m).
	hide := func() { opts[len(opts)-1].hidden = true }
	flag("m multithreaded", "", func(f *queryFlags) {})
	hide()
	flag("nooutputstatus", "", func(f *queryFlags) {})
	hide()
	flag("showoutput", "", func(f *queryFlags) {
		if f.lineIncrement == 0 {
			f.lineIncrement = 10000 // CQL's progress interval
		}
	})
	hide()
	num("outputbuffer", "N", "", func(f *queryFlags, n int) error {
		if n <= 100000 || n > 100000000 {
			return fmt.Errorf("-outputbuffer %d: out of CQL's range (100000, 100000000]", n)
		}
		return nil
	})
	hide()
	flag("guipgnstdin", "", func(f *queryFlags) { f.inputs = append(f.inputs, "-") })
	hide()
	flag("vi", "", func(f *queryFlags) { f.inputs = append(f.inputs, "hhdbvi.pgn") })
	hide()
	flag("vii", "", func(f *queryFlags) { f.inputs = append(f.inputs, "hhdbvii.pgn") })
	hide()
	flag("gui", "CQL's protocol for GUIs on standard output (<CqlGuiVariable> ... <CqlGuiNormalExit>); the games go to -o", func(f *queryFlags) { f.guiFlag = true })
	return append(opts, cqliOptions()...)
}

// optionIndex finds options by name: lower case, dashes inside the name ignored.
var optionIndex = func() map[string]*option {
	m := map[string]*option{}
	for i := range queryOptions {
		for _, n := range queryOptions[i].names {
			m[strings.ReplaceAll(n, "-", "")] = &queryOptions[i]
		}
	}
	return m
}()

// prescanDialect returns the dialect the last --dialect of args names (CQL's without one,
// or for a name that is neither: the option's own check reports that), reading options as
// parseQueryArgs does, up to --.
func prescanDialect(args []string) query.Dialect {
	d := query.DialectCQL
	for i := 0; i < len(args) && args[i] != "--"; i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		name, inline, hasInline := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		if opt := lookupOption(name); opt == nil || opt.names[0] != "dialect" {
			continue
		}
		if !hasInline {
			if i+1 >= len(args) {
				break
			}
			i++
			inline = args[i]
		}
		if v, ok := query.ParseDialectName(inline); ok {
			d = v
		}
	}
	return d
}

func lookupOption(name string) *option {
	return optionIndex[strings.ReplaceAll(strings.ToLower(name), "-", "")]
}

// parseQueryArgs reads the query command's arguments: options (anywhere, as CQL allows them
// before the script and grep after the pattern) and the rest in order. `--` ends options.
func parseQueryArgs(args []string) (*queryFlags, []string, error) {
	f := &queryFlags{format: "pgn", threads: runtime.GOMAXPROCS(0)}
	// -a is CQL 6.2's ASCII conversion (it takes a script) and CQLi's --append (it takes
	// nothing): which one it is must be known before the arguments after it are read.
	cqliA := prescanDialect(args) == query.DialectCQLi
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			rest = append(rest, a)
			continue
		}
		name := strings.TrimPrefix(a[1:], "-")
		name, inline, hasInline := strings.Cut(name, "=")
		opt := lookupOption(name)
		if opt == nil {
			return nil, nil, unknownOption(a)
		}
		if cqliA && opt.names[0] == "a" {
			opt = lookupOption("append")
		}
		// The values after the option: inline (-o=x) or the following arguments.
		next := func(what string) (string, error) {
			if hasInline {
				hasInline = false
				return inline, nil
			}
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs %s", a, what)
			}
			i++
			return args[i], nil
		}
		var vals []string
		var r *query.Range
		var n int
		switch opt.kind {
		case optBool:
			if hasInline {
				b, err := strconv.ParseBool(inline)
				if err != nil {
					return nil, nil, fmt.Errorf("%s takes no value, got %q", "-"+name, inline)
				}
				if !b {
					continue
				}
			}
		case optString:
			v, err := next("an argument (" + opt.arg + ")")
			if err != nil {
				return nil, nil, err
			}
			vals = []string{v}
		case optPair:
			for k := 0; k < 2; k++ {
				v, err := next("two arguments (" + opt.arg + ")")
				if err != nil {
					return nil, nil, err
				}
				vals = append(vals, v)
			}
		case optInt:
			v, err := next("a number")
			if err != nil {
				return nil, nil, err
			}
			if n, err = strconv.Atoi(v); err != nil {
				return nil, nil, fmt.Errorf("%s wants a number, got %q", a, v)
			}
		case optRange:
			inlineValue := hasInline
			v, err := next("one or two numbers")
			if err != nil {
				return nil, nil, err
			}
			if r, err = parseRangeArg(a, v); err != nil {
				return nil, nil, err
			}
			// A second number follows only as a separate argument after a single one.
			// (-g=N is complete in itself.)
			if !inlineValue && r.Min == r.Max && !strings.ContainsAny(v, "-:") && i+1 < len(args) && isNumber(args[i+1]) {
				i++
				hi, _ := strconv.Atoi(args[i])
				if hi < r.Min {
					return nil, nil, fmt.Errorf("%s %s %s: the range is empty (the second number must be at least the first)", a, v, args[i])
				}
				r.Max = hi
			}
		}
		if err := opt.set(f, vals, r, n); err != nil {
			return nil, nil, err
		}
	}
	return f, rest, nil
}

// parseRangeArg reads N, or N-M / N:M in one argument.
func parseRangeArg(flag, s string) (*query.Range, error) {
	bad := fmt.Errorf("%s wants one or two numbers (N, N M or N-M), got %q", flag, s)
	lo, hi, two := strings.Cut(s, "-")
	if !two {
		lo, hi, two = strings.Cut(s, ":")
	}
	if !isNumber(lo) || two && !isNumber(hi) {
		return nil, bad
	}
	r := &query.Range{}
	r.Min, _ = strconv.Atoi(lo)
	r.Max = r.Min
	if two {
		r.Max, _ = strconv.Atoi(hi)
		if r.Max < r.Min {
			return nil, fmt.Errorf("%s %s: the range is empty (the second number must be at least the first)", flag, s)
		}
	}
	return r, nil
}

func isNumber(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

var yes, no = true, false

// setComments records -silent or -quiet; CQL takes only one of them.
func (f *queryFlags) setComments(level string) error {
	if f.comments != "" {
		return fmt.Errorf("-%s: the comment level was already given (-%s)", level, f.comments)
	}
	f.comments = level
	return nil
}

// unknownOption names the closest option, as the query parser does for filters.
func unknownOption(arg string) error {
	name := strings.ToLower(strings.TrimLeft(arg, "-"))
	name, _, _ = strings.Cut(name, "=")
	best, bestD := "", 3
	for _, o := range queryOptions {
		if o.hidden {
			continue
		}
		for _, n := range o.names {
			if d := editDistance(name, n); d < bestD {
				best, bestD = n, d
			}
		}
	}
	msg := fmt.Sprintf("unknown option %s", arg)
	if note, ok := grepOptions[name]; ok && len(arg) == 2 {
		return fmt.Errorf("%s; %s (cql -help lists the options)", msg, note)
	}
	if best != "" {
		msg += fmt.Sprintf("; did you mean -%s?", best)
	}
	return fmt.Errorf("%s (cql -help lists the options)", msg)
}

// grepOptions says what grep's one-letter options are here, where grep users try them.
var grepOptions = map[string]string{
	"c": "did you mean --count (the number of matching games)?",
	"l": "grep's -l has no twin here: --count gives the number of matching games and every output game names its file in its {cql: game N of FILE} comment",
	"q": "for grep's -q, test the exit status (0 a match, 1 none, 2 an error) of cql --count --nosummary QUERY FILE >/dev/null; here -quiet is about comments in output games, -v is -version",
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// optionsHelp lists the options for -help, grouped as in the table above.
func optionsHelp() string {
	var b strings.Builder
	for _, o := range queryOptions {
		if o.hidden {
			continue
		}
		var names []string
		for _, n := range o.names {
			names = append(names, "-"+n)
		}
		sort.SliceStable(names, func(i, j int) bool { return len(names[i]) < len(names[j]) })
		left := strings.Join(names, ", ")
		if o.arg != "" {
			left += " " + o.arg
		}
		fmt.Fprintf(&b, "  %-26s %s\n", left, o.help)
	}
	return b.String()
}
