package query

import (
	"strings"
	"testing"
)

// CQLi's `move reverse` is a move filter mode like legal; it refuses the parameters about
// moves played in the game, and a script that made "reverse" its variable keeps it.
func TestMoveReverseParses(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"move reverse", "{(move reverse :none)}"},
		{"move from e2 reverse count", "{(move reverse from e2 :count)}"},
		{"reverse = 1 move from e2 reverse == 1", "{(= reverse 1) (move from e2) (cmp reverse == 1)}"},
	} {
		p, err := Parse("test.cql", []byte(tt.src))
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		if got := p.String(); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
	for _, tt := range []struct{ src, want string }{
		{"move reverse null", "'null' cannot be used with 'reverse'"},
		{"move reverse primary", "'primary' cannot be used with 'reverse'"},
		{"move legal reverse", "only one of previous, legal, pseudolegal, reverse"},
	} {
		if _, err := Parse("test.cql", []byte(tt.src)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.src, err, tt.want)
		}
	}
}
