package query

import "testing"

// TestDirectionLists: the direction words of ray and of the direction filters.
// Verdicts: RogerMarsh/chessql's test_filters.py records `cql -parse` accepting
// `ray up down (Q r)`, `ray diagonal vertical horizontal (Q r)` and rejecting
// `ray up up (Q r)`, `ray up vertical (Q r)`. The rest follows CQL's parser
// (build 9.493, node-parse.cpp): match_raydirections expands each word into its
// basic directions and refuses any basic direction seen before; `ray attack` is
// built like xray; xray takes no directions; a direction filter takes one word
// and a range whose limits DirectionParameter::neighborhood keeps within -7..7.
func TestDirectionLists(t *testing.T) {
	checkParses(t, []parseCase{
		{"ray up down (Q r)", "{(ray up down Q r)}"},
		{"ray diagonal vertical horizontal (Q r)", "{(ray diagonal vertical horizontal Q r)}"},
		{"ray maindiagonal offdiagonal (Q r)", "{(ray maindiagonal offdiagonal Q r)}"},
		{"ray attack (Q r)", "{(xray Q r)}"},
		{"ray attacks (Q a k)", "{(xray Q a k)}"},
		{"up up a1", "{(up (up a1))}"}, // a direction filter's argument may be another
		{"up -7 7 a1", "{(up -7 7 a1)}"},
		{"diagonal 0 a1", "{(diagonal 0 a1)}"},

		{"ray up up (Q r)", "error: 1:8: direction 'up' is given twice in ray"},
		{"ray up vertical (Q r)", "error: 1:8: directions 'up' and 'vertical' in ray both hold up"},
		{"ray orthogonal left (Q r)", "error: directions 'orthogonal' and 'left' in ray both hold left"},
		{"ray anydirection diagonal (Q r)", "error: directions 'anydirection' and 'diagonal' in ray both hold northeast"},
		{"ray maindiagonal northeast (Q r)", "error: directions 'maindiagonal' and 'northeast' in ray both hold northeast"},
		{"xray up (Q r)", "error: expected '(' after 'xray'"},
		{"xray attack (Q r)", "error: expected '(' after 'xray'"},
		{"ray → (Q r)", "error: expected '(' after 'ray'"},
		{"up 1 8 a1", "error: 1:4: range 1 8 of up is out of bounds"},
		{"left -8 a1", "error: range -8 -8 of left is out of bounds"},
		{"diagonal -9 0 a1", "error: range -9 0 of diagonal is out of bounds"},
	})
}
