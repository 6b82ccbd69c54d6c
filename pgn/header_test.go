package pgn

import (
	"strings"
	"testing"
)

// CQLHeader.Tag reads each tag as CQL 9.493 writes it: for every tag of CQL's own
// output on the hand-written games of testdata/cqltags.pgn (see
// TestAppendGameCQLTagsMatchCQL), the first line of a name gives its value. (CQL's
// tag filter refuses Round, Result and the rating tags; for the others the filter's
// values are checked against CQL in filter/header_test.go.)
func TestCQLHeaderTagAsCQLWritesIt(t *testing.T) {
	games, sections := cqlTagGames(t)
	for i, g := range games {
		h := ReadCQLHeader(g)
		seen := map[string]bool{}
		for _, line := range strings.Split(strings.TrimSpace(sections[i]), "\n") {
			name, value, ok := strings.Cut(strings.TrimSuffix(strings.TrimPrefix(line, "["), "\"]"), " \"")
			if !ok {
				t.Fatalf("game %d: line %q", i+1, line)
			}
			if seen[name] {
				continue
			}
			seen[name] = true
			got, has := h.Tag(name)
			if got != value || has != (value != "" || name == "Foo" || !recordName(name)) {
				t.Errorf("game %d: Tag(%q) = %q, %v; CQL writes %q", i+1, name, got, has, value)
			}
		}
	}
}

// recordName says that an empty value of the tag is no value for CQL's readers.
func recordName(name string) bool {
	switch name {
	case "Event", "Site", "Round", "White", "Black", "ECO":
		return true
	}
	return false
}

// A FEN tag of two or three fields is completed as Scid completes it; CQL 9.493
// writes [FEN "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"] for the first and reads the
// game (filter/testdata/cqlheader.pgn, games 4 and 14).
func TestParseFENTag(t *testing.T) {
	for _, c := range []struct{ tag, want string }{
		{"r3k2r/8/8/8/8/8/8/R3K2R w", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b Kq", "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1"},
		{"r3k2r/8/8/8/8/8/8/4K2R b", "r3k2r/8/8/8/8/8/8/4K2R b Kkq - 0 1"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 3 9", "4k3/8/8/8/8/8/8/4K3 w - - 3 9"},
	} {
		p, err := ParseFENTag(c.tag)
		if err != nil {
			t.Errorf("%q: %v", c.tag, err)
			continue
		}
		if got := p.FEN(); got != c.want {
			t.Errorf("%q: %q, want %q", c.tag, got, c.want)
		}
	}
	for _, bad := range []string{"r3k2r/8/8/8/8/8/8/R3K2R", "r3k2r/8/8/8/8/8/8/R3K2R x", ""} {
		if _, err := ParseFENTag(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestCQLHeaderLatin1: the values filters read are UTF-8, a byte that is not read as
// Latin-1 (as JSONL, CSV and HTML write it); valid UTF-8 stays as it is.
func TestCQLHeaderLatin1(t *testing.T) {
	g := &Game{Tags: []Tag{{"Event", "N\xfcrnberg"}, {"Site", "Z\u00fcrich"}, {"White", "W\xe4lbers, W."}, {"Annotator", "\xc9mile"}}}
	h := ReadCQLHeader(g)
	if got := h.Player(0); got != "Wälbers, W" {
		t.Errorf("Player: %q", got)
	}
	if got := h.Event(); got != "Nürnberg" {
		t.Errorf("Event: %q", got)
	}
	if got := h.Site(); got != "Zürich" {
		t.Errorf("Site: %q", got)
	}
	if got, _ := h.Tag("Annotator"); got != "Émile" {
		t.Errorf("Annotator: %q", got)
	}
	if got := CQLPlayerName("W\xe4lbers, W."); got != "Wälbers, W" {
		t.Errorf("CQLPlayerName: %q", got)
	}
}
