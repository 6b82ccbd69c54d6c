package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/cqlgo/cql/shard"
)

// A mistyped flag gets one line that says so and how to get help (it got 229 lines of
// usage, mostly Beam's flags); -version prints the version; -help the whole list.
func TestFlagsErrorVersionHelp(t *testing.T) {
	r := beamCmd(t, "-nosuchflag", "mate", "x.pgn")
	if r.status != exitError || strings.Count(r.stderr, "\n") > 2 ||
		!strings.Contains(r.stderr, "flag provided but not defined: -nosuchflag") || !strings.Contains(r.stderr, "cql-beam -help lists the options") {
		t.Errorf("mistyped flag: status %d, stderr %q", r.status, r.stderr)
	}
	r = beamCmd(t, "-version")
	if r.status != 0 || !strings.HasPrefix(r.stdout, "cql-beam ") || !strings.Contains(r.stdout, "go1.") {
		t.Errorf("-version: status %d, stdout %q, stderr %q", r.status, r.stdout, r.stderr)
	}
	r = beamCmd(t, "-version", "mate", "x.pgn")
	if r.status != exitError || !strings.Contains(r.stderr, "nothing was run") {
		t.Errorf("-version with a query: status %d, stderr %q", r.status, r.stderr)
	}
	r = beamCmd(t, "-help")
	if r.status != 0 || !strings.Contains(r.stdout, "-shard_size") {
		t.Errorf("-help: status %d, stdout %d bytes, stderr %q", r.status, len(r.stdout), r.stderr)
	}
}

// A single-frame .zst larger than a shard runs as one shard: cql-beam says so and how to
// recompress it in frames; a multi-frame one gets no note.
func TestSingleFrameZstNote(t *testing.T) {
	pgnText, err := os.ReadFile("../../testdata/sample.pgn")
	if err != nil {
		t.Fatal(err)
	}
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	one := filepath.Join(dir, "one.pgn.zst")
	if err := os.WriteFile(one, enc.EncodeAll(pgnText, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	half := len(pgnText) / 2
	many := filepath.Join(dir, "many.pgn.zst")
	if err := os.WriteFile(many, enc.EncodeAll(pgnText[half:], enc.EncodeAll(pgnText[:half], nil)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file string
		note bool
	}{{one, true}, {many, false}} {
		ss, err := shard.Plan(c.file, 1000)
		if err != nil {
			t.Fatal(err)
		}
		note := oneShardNote(c.file, ss, 1000)
		if c.note != (note != "") || c.note && !strings.Contains(note, "single zstd frame") {
			t.Errorf("%s: %d shards, note %q", c.file, len(ss), note)
		}
	}
	if note := oneShardNote(one, []shard.Shard{{Kind: shard.Whole, Size: 10}}, 1000); note != "" {
		t.Errorf("a file smaller than a shard gets a note: %q", note)
	}
}
