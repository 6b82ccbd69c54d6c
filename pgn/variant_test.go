package pgn

import (
	"strings"
	"testing"
)

// The Variant tag's values of CQLi's manual ("Chess Variants": each variant's recognised
// aliases, case-insensitive), the older spellings read before, and --variantalias.
func TestVariantOf(t *testing.T) {
	aliases := map[string]string{"my house": "Standard", "boom": "Atomic"}
	cases := []struct {
		tag    string
		name   string
		played bool
	}{
		{"", VariantStandard, true}, {"From Position", VariantStandard, true},
		{"Classical", VariantStandard, true}, {"NORMAL", VariantStandard, true}, {"chess", VariantStandard, true},
		{"Fischerandom", VariantChess960, true}, {"chess960", VariantChess960, true}, {"Chess 960", VariantChess960, true},
		{"KOTH", VariantKingOfTheHill, true}, {"kingOfTheHill", VariantKingOfTheHill, true},
		{"3 Check", VariantThreeCheck, true}, {"3check", VariantThreeCheck, true}, {"ThreeCheck", VariantThreeCheck, true}, {"Three-check", VariantThreeCheck, true},
		{"ZH", "Crazyhouse", false}, {"Atom", "Atomic", false}, {"Give away chess", "Giveaway", false},
		{"Horde Chess", "Horde", false}, {"Race", "Racing Kings", false}, {"Losers", "Losers", false}, {"Suicide Chess", "Suicide", false},
		{"My House", VariantStandard, true}, {"boom", "Atomic", false},
		{"bughouse", "", false},
	}
	opt := Options{VariantAliases: aliases}
	for _, c := range cases {
		name, played := variantOf(c.tag, &opt)
		if name != c.name || played != c.played {
			t.Errorf("Variant %q: %q, played %v; want %q, %v", c.tag, name, played, c.name, c.played)
		}
	}
	if _, played := variantOf("My House", &Options{}); played {
		t.Error("an alias of another run's options is read")
	}
}

// A game of a variant not played here is reported, or skipped without a report
// (SkipUnknownVariants); a KOTH game (CQLi's alias) is replayed as standard chess.
func TestSkipUnknownVariants(t *testing.T) {
	const text = "[Variant \"Atomic\"]\n\n1. e4 e5 *\n\n[Variant \"KOTH\"]\n\n1. e4 e5 2. Ke2 *\n"
	for _, skip := range []bool{false, true} {
		games, err := ReadAll(strings.NewReader(text), "t.pgn", Options{SkipUnknownVariants: skip})
		if err != nil || len(games) != 2 {
			t.Fatalf("%v, %d games", err, len(games))
		}
		a, k := games[0], games[1]
		if a.Skipped != skip || (len(a.Errors) > 0) == skip {
			t.Errorf("skip %v: Atomic game skipped %v, errors %v", skip, a.Skipped, a.Errors)
		}
		if k.Skipped || len(k.Errors) > 0 || len(k.Nodes) != 4 {
			t.Errorf("skip %v: KOTH game skipped %v, errors %v, %d nodes (want 4)", skip, k.Skipped, k.Errors, len(k.Nodes))
		}
	}
}
