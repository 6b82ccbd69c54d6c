package index

import (
	"cmp"
	"context"
	"math/rand"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
)

// The bit coder reads back what it wrote: fixed widths, Rice codes and Elias gamma,
// across the 32-bit flushes of the writer.
func TestBitCoding(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	type op struct {
		kind int
		v    uint64
		n    int
	}
	var ops []op
	var w bitWriter
	for i := 0; i < 20000; i++ {
		o := op{kind: r.Intn(3)}
		switch o.kind {
		case 0:
			o.n = r.Intn(65)
			o.v = r.Uint64()
			if o.n < 64 {
				o.v &= 1<<o.n - 1
			}
			w.bits(o.v, o.n)
		case 1:
			o.n = r.Intn(33)
			o.v = r.Uint64() >> (64 - o.n - r.Intn(8)) // quotients up to 2^7
			w.rice(o.v, o.n)
		case 2:
			o.v = r.Uint64()>>r.Intn(64) | 1
			w.gamma(o.v)
		}
		ops = append(ops, o)
	}
	rd := bitReader{b: w.flush()}
	for i, o := range ops {
		var got uint64
		switch o.kind {
		case 0:
			got = rd.bits(o.n)
		case 1:
			got = rd.rice(o.n)
		case 2:
			got = rd.gamma()
		}
		if got != o.v || rd.err {
			t.Fatalf("op %d (%+v): read %d, err %v", i, o, got, rd.err)
		}
	}
}

// A bucket decodes to the entries it was made of, with hashes shared by several games
// and by one game at several plies.
func TestBucketRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for _, n := range []int{1, 2, 7, 300, 5000} {
		var es []posEntry
		bucket := uint64(r.Intn(1 << bucketBits))
		for len(es) < n {
			h := bucket<<restBits | uint64(r.Int63n(1<<restBits))
			for k := 1 + r.Intn(3); k > 0 && len(es) < n; k-- {
				es = append(es, posEntry{hash: h, game: uint32(r.Intn(500000)), pv: uint32(r.Intn(1200))})
			}
		}
		slices.SortFunc(es, func(a, b posEntry) int {
			switch {
			case a.hash != b.hash:
				return cmpU64(a.hash, b.hash)
			case a.game != b.game:
				return int(a.game) - int(b.game)
			}
			return 0 // equal games keep their order: the decoder must too
		})
		v := encodeBucket(nil, es)
		br, err := newBucketReader(uint16(bucket), v)
		if err != nil {
			t.Fatal(err)
		}
		var got []posEntry
		for {
			_, more, ok := br.next(nil)
			if !ok {
				break
			}
			got = append(got, more...)
		}
		if br.r.err || !slices.Equal(got, es) {
			t.Fatalf("%d entries: decoded %d (err %v)", n, len(got), br.r.err)
		}
		// As a lookup reads them: every other hash's entries skipped, the rest listed.
		br, _ = newBucketReader(uint16(bucket), v)
		var listed, want []occEntry
		for i := 0; ; i++ {
			h, c, ok := br.nextHead()
			if !ok {
				break
			}
			if i%2 == 0 {
				if listed, ok = br.occurrences(listed, c); !ok {
					t.Fatalf("%d entries: occurrences of hash %d failed", n, i)
				}
				for _, e := range es {
					if e.hash == h {
						want = append(want, occEntry{e.game, e.pv})
					}
				}
			} else if !br.skip(c) {
				t.Fatalf("%d entries: skip of hash %d failed", n, i)
			}
		}
		if br.r.err || !slices.Equal(listed, want) {
			t.Fatalf("%d entries: listed %d entries, want %d (err %v)", n, len(listed), len(want), br.r.err)
		}
		if n == 5000 {
			t.Logf("%d entries in %d bytes (%.2f an entry)", n, len(v), float64(len(v))/float64(n))
		}
		// A cut value is an error, never a panic or an endless loop.
		br, _ = newBucketReader(uint16(bucket), v[:len(v)/2])
		for {
			if _, _, ok := br.next(nil); !ok {
				break
			}
		}
	}
}

func cmpU64(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// The hash follows FIDE's repetition rule, checked on positions written by hand.
func TestPositionHashIdentity(t *testing.T) {
	hash := func(fen string) uint64 {
		t.Helper()
		p, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return positionHash(&p)
	}
	same := [][2]string{
		// move counters do not count
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 7 30"},
		// after 1. e4 no black pawn can take en passant: the square does not count
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		// the d4 pawn could take on e3, but that would open the fourth rank (Ra4 to Kh4):
		// the capture is illegal, so the square does not count
		{"8/8/8/8/R2pP2k/8/8/K7 b - e3 0 1", "8/8/8/8/R2pP2k/8/8/K7 b - - 0 1"},
	}
	for _, c := range same {
		if hash(c[0]) != hash(c[1]) {
			t.Errorf("%s and %s hash differently", c[0], c[1])
		}
	}
	differ := [][2]string{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"},
		// a legal en-passant capture (d4xe3) makes it another position
		{"8/8/8/8/3pP3/8/8/K6k b - e3 0 1", "8/8/8/8/3pP3/8/8/K6k b - - 0 1"},
	}
	for _, c := range differ {
		if hash(c[0]) == hash(c[1]) {
			t.Errorf("%s and %s hash the same", c[0], c[1])
		}
	}
}

// The hash a game's nodes get from their parents equals the hash of each position
// computed afresh, on every node of a corpus (castling, promotion, en passant, null moves).
func TestIncrementalHash(t *testing.T) {
	for _, name := range []string{"lichess-10k.pgn", "masters-10k.pgn"} {
		file := testdata.File(t, name)
		rc, err := pgn.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		nodes, games := 0, 0
		err = pgn.Scan(context.Background(), rc, file, pgn.Options{Variations: true}, func(g *pgn.Game) error {
			if games++; testing.Short() && games > 2000 {
				return pgn.ErrStop
			}
			es := gamePositions(nil, g)
			for i := range g.Nodes {
				if want := positionHash(&g.Nodes[i].Pos) >> (64 - hashBits); es[i].hash != want {
					t.Fatalf("%s game %d node %d: incremental hash %x, afresh %x", name, g.Number, i, es[i].hash, want)
				}
				nodes++
			}
			return nil
		})
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d nodes", name, nodes)
	}
}

// positionKey is a position's identity written independently of the hash: the FEN's
// first three fields, and the en-passant square only when a legal move captures there.
func positionIdentity(p *chess.Position) string {
	f := strings.Fields(p.FEN())
	ep := "-"
	var l chess.MoveList
	p.LegalMoves(&l)
	for _, m := range l.Moves() {
		if m.IsEnPassant() {
			ep = m.To().String()
		}
	}
	return strings.Join(f[:3], " ") + " " + ep
}

// Through the exact-position table, find and count agree with a scan that compares every
// position of the corpus, variations included, for positions taken from all over it
// (transpositions and repetitions included).
func TestFindTableAgreesWithScan(t *testing.T) {
	for _, name := range []string{"lichess-10k.pgn", "masters-10k.pgn"} {
		t.Run(name, func(t *testing.T) {
			file := testdata.File(t, name)
			if testing.Short() {
				file = firstGames(t, file, 1500)
			}
			ix := buildIndex(t, file)
			if !ix.Meta.PositionTable {
				t.Fatal("no position table")
			}
			type seen struct{ occurrences, games, lastGame int }
			count := map[string]*seen{}
			var targets []string
			rc, err := pgn.Open(file)
			if err != nil {
				t.Fatal(err)
			}
			k := 0
			err = pgn.Scan(context.Background(), rc, file, pgn.Options{Variations: true}, func(g *pgn.Game) error {
				for i := range g.Nodes {
					id := positionIdentity(&g.Nodes[i].Pos)
					s := count[id]
					if s == nil {
						s = &seen{}
						count[id] = s
					}
					s.occurrences++
					if s.lastGame != g.Number {
						s.games++
						s.lastGame = g.Number
					}
					if k++; k%1511 == 0 && g.Nodes[i].Ply > 6 {
						targets = append(targets, g.Nodes[i].Pos.FEN())
					}
				}
				return nil
			})
			rc.Close()
			if err != nil {
				t.Fatal(err)
			}
			// and positions that occur in many games
			targets = append(targets, "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
				"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3", "8/8/8/4k3/8/8/2R5/4K3 w - - 0 1")
			for _, fen := range targets {
				p, _ := chess.ParseFEN(fen)
				want := count[positionIdentity(&p)]
				if want == nil {
					want = &seen{}
				}
				c, err := ix.CountPosition(fen)
				if err != nil {
					t.Fatal(err)
				}
				if c.Occurrences != want.occurrences || c.Games != want.games {
					t.Errorf("%s: table counts %+v, the scan %d occurrences in %d games", fen, c, want.occurrences, want.games)
				}
				found, err := ix.Find(context.Background(), fen, 2, 0)
				if err != nil {
					t.Fatal(err)
				}
				if len(found) != want.occurrences {
					t.Errorf("%s: found %d, the scan counts %d", fen, len(found), want.occurrences)
				}
			}
			t.Logf("%d positions compared", len(targets))
		})
	}
}

// --no-positions leaves the table out; find still answers (by candidate games) the same,
// and count says there is no table. Add keeps an index's choice, and a table extended by
// add equals the table of one build of both files.
func TestPositionTableOptions(t *testing.T) {
	hand := writeHandGames(t)
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "ix")
	if _, err := Build(ctx, dir, []string{hand}, BuildOptions{NoPositions: true}); err != nil {
		t.Fatal(err)
	}
	ix, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if ix.Meta.PositionTable {
		t.Error("--no-positions built a table")
	}
	if sz, _ := ix.Sizes(); sz.Buckets != 0 {
		t.Errorf("--no-positions: %d buckets", sz.Buckets)
	}
	fen := "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3"
	found, err := ix.Find(ctx, fen, 1, 0)
	if err != nil || len(found) != 3 {
		t.Errorf("find without a table: %v %v", found, err)
	}
	if _, err := ix.CountPosition(fen); err == nil || !strings.Contains(err.Error(), "--no-positions") {
		t.Errorf("count without a table: %v", err)
	}
	ix.Close()
	if _, err := Add(ctx, dir, []string{"../testdata/query/games.pgn"}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	if ix, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	if ix.Meta.PositionTable {
		t.Error("add made a table for an index without one")
	}
	ix.Close()

	// add to an index with a table
	a, b := "../testdata/query/games.pgn", "../testdata/query/elo.pgn"
	dirA := filepath.Join(t.TempDir(), "ixa")
	if _, err := Build(ctx, dirA, []string{hand, a}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := Add(ctx, dirA, []string{b}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	added, err := Open(dirA)
	if err != nil {
		t.Fatal(err)
	}
	defer added.Close()
	whole := buildIndex(t, hand, a, b)
	entries := func(ix *Index) []posEntry {
		var es []posEntry
		if err := ix.eachPosition(func(e posEntry) error { es = append(es, e); return nil }); err != nil {
			t.Fatal(err)
		}
		return es
	}
	ea, ew := entries(added), entries(whole)
	if len(ew) == 0 || !slices.Equal(ea, ew) || added.Meta.TableEntries != int64(len(ew)) {
		t.Errorf("table after add: %d entries (meta %d), one build: %d", len(ea), added.Meta.TableEntries, len(ew))
	}
	if found, err := added.Find(ctx, fen, 1, 2); err != nil || len(found) != 2 {
		t.Errorf("find --limit 2: %v %v", found, err)
	}
}

// The workers' spills are read back per part in game order, the copied index's entries
// first (they are all of earlier games), whichever worker spilled a game.
func TestSpillReadsWorkersInGameOrder(t *testing.T) {
	s, err := newPositionSpill(t.TempDir(), 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	part := uint64(7)
	e := func(rest uint64, pv uint32) posEntry { return posEntry{hash: part<<(hashBits-partBits) | rest, pv: pv} }
	// The copied index: games 0 and 1, in its bucket order (by hash).
	if err := s.copied.add(1, []posEntry{e(5, 2)}); err != nil {
		t.Fatal(err)
	}
	if err := s.copied.add(0, []posEntry{e(9, 4)}); err != nil {
		t.Fatal(err)
	}
	// New games 2-9 spread over the workers as chunks are, in runs, one worker idle.
	for _, g := range []struct {
		worker int
		game   uint32
	}{{0, 2}, {0, 3}, {2, 4}, {0, 5}, {2, 6}, {2, 7}, {0, 8}, {2, 9}} {
		es := []posEntry{e(uint64(g.game)%3, g.game*2), e(100, g.game*2+1)}
		if err := s.workers[g.worker].add(g.game, es); err != nil {
			t.Fatal(err)
		}
	}
	// Many entries of a part fill several blocks.
	for g := uint32(10); g < 5000; g++ {
		if err := s.workers[g/7%2*2].add(g, []posEntry{e(uint64(g), 0)}); err != nil {
			t.Fatal(err)
		}
	}
	for _, w := range append([]*spillWriter{s.copied}, s.workers...) {
		for p := range spillParts {
			if err := w.flush(p); err != nil {
				t.Fatal(err)
			}
		}
	}
	got, _, _, err := s.readPart(int(part), nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []uint32{1, 0}
	for g := uint32(2); g < 10; g++ {
		want = append(want, g, g)
	}
	for g := uint32(10); g < 5000; g++ {
		want = append(want, g)
	}
	games := make([]uint32, len(got))
	for i, x := range got {
		games[i] = x.game
	}
	if !slices.Equal(games, want) {
		t.Fatalf("games %v..., want %v...", games[:min(30, len(games))], want[:30])
	}
	if got[0].hash != e(5, 0).hash || got[2].pv != 4 || got[3].pv != 5 || got[3].hash != e(100, 0).hash {
		t.Errorf("entries %+v", got[:4])
	}
	if other, _, _, _ := s.readPart(int(part)+1, nil, nil, nil); len(other) != 0 {
		t.Errorf("part %d has %d entries", part+1, len(other))
	}
}

// The radix sort orders a part's entries by hash and keeps the order of equal hashes.
func TestRadixSortByHash(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	part := uint64(200)
	var es []posEntry
	for i := range 50000 {
		h := r.Uint64() & (1<<(hashBits-partBits) - 1)
		if i%5 == 0 {
			h &= 0xff00ff // many equal hashes, and digits that are zero
		}
		es = append(es, posEntry{hash: part<<(hashBits-partBits) | h, game: uint32(i)})
	}
	want := slices.Clone(es)
	slices.SortStableFunc(want, func(a, b posEntry) int { return cmp.Compare(a.hash, b.hash) })
	got, _ := radixSortByHash(es, nil)
	if !slices.Equal(got, want) {
		t.Error("radix sort differs from a stable sort by hash")
	}
}

// The window-at-a-time reads give what the bit-at-a-time ones give, value, position and
// error alike, on random bytes read as random codes, ends of data included.
func TestBitReaderFastEqualsSlow(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for round := 0; round < 3000; round++ {
		data := make([]byte, r.Intn(24))
		r.Read(data)
		if r.Intn(2) == 0 { // sparse bytes: long runs of zeros, so long gamma codes
			for i := range data {
				mask := byte(r.Intn(256))
				data[i] &= mask & byte(r.Intn(256))
			}
		}
		fast, slow := bitReader{b: data}, bitReader{b: data}
		for op := 0; op < 12 && !slow.err; op++ {
			var got, want uint64
			kind, n := r.Intn(3), r.Intn(65)
			switch kind {
			case 0:
				got, want = fast.bits(n), slow.bitsSlow(n)
			case 1:
				n %= 33
				got, want = fast.rice(n), slow.riceSlow(n)
			case 2:
				got, want = fast.gamma(), slow.gammaSlow()
			}
			if got != want || fast.pos != slow.pos || fast.err != slow.err {
				t.Fatalf("round %d op %d (kind %d, n %d) on %x: fast %d at %d (err %v), slow %d at %d (err %v)",
					round, op, kind, n, data, got, fast.pos, fast.err, want, slow.pos, slow.err)
			}
		}
	}
}

// A damaged bucket value is an error or entries, never a panic, an allocation its size
// cannot hold, or a loop its size cannot end.
func FuzzBucket(f *testing.F) {
	r := rand.New(rand.NewSource(4))
	var es []posEntry
	for h := uint64(0); h < 40; h++ {
		for k := r.Intn(4); k >= 0; k-- {
			es = append(es, posEntry{hash: h << 20, game: uint32(r.Intn(9000)), pv: uint32(r.Intn(300))})
		}
	}
	slices.SortStableFunc(es, func(a, b posEntry) int {
		if a.hash != b.hash {
			return cmpU64(a.hash, b.hash)
		}
		return int(a.game) - int(b.game)
	})
	f.Add(encodeBucket(nil, es))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x0f, 0xff, 0xff, 0xff, 0xff, 0x0f, 3, 20, 9, 0, 0, 0})
	f.Fuzz(func(t *testing.T, v []byte) {
		for way := range 3 {
			br, err := newBucketReader(0, v)
			if err != nil {
				return
			}
			var dst []posEntry
			var occ []occEntry
			for i := 0; ; i++ {
				var ok bool
				switch way {
				case 0:
					_, dst, ok = br.next(dst[:0])
				case 1:
					_, _, _, ok = br.nextCount()
				default: // a lookup's reading: entries listed and skipped in turn
					var n int
					if _, n, ok = br.nextHead(); ok && i%2 == 0 {
						occ, ok = br.occurrences(occ[:0], n)
					} else if ok {
						ok = br.skip(n)
					}
				}
				if !ok {
					break
				}
			}
		}
	})
}
