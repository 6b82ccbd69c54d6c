package pgn

import "strings"

// The Variant tag. CQLi's manual ("Chess Variants") lists the variants it plays and the
// tag values (aliases, case-insensitive) that name each; --variantalias adds more. Here
// standard chess and Chess960 are played, and Three-check and King of the Hill, whose
// moves are standard chess's (only their game ends differ), are replayed as standard
// chess; a game of any other variant is refused ("unsupported variant") or, with
// Options.SkipUnknownVariants, skipped (Game.Skipped).

// Variant names, as CQLi's manual spells them.
const (
	VariantStandard      = "Standard"
	VariantChess960      = "Chess960"
	VariantThreeCheck    = "Three-Check"
	VariantKingOfTheHill = "King of the Hill"
)

// VariantNames are the variants of CQLi's manual, in its order.
var VariantNames = []string{"Atomic", VariantChess960, "Crazyhouse", "Giveaway", "Horde", VariantKingOfTheHill,
	"Losers", "Racing Kings", VariantStandard, "Suicide", VariantThreeCheck}

// variantAliases are the tag values CQLi's manual recognises, lower case, with the
// variant each names.
var variantAliases = func() map[string]string {
	m := map[string]string{}
	for name, aliases := range map[string][]string{
		"Atomic":             {"atom", "atomic", "atomic chess"},
		VariantChess960:      {"chess960", "fischerandom"},
		"Crazyhouse":         {"crazyhouse", "crazy house", "house", "zh"},
		"Giveaway":           {"antichess", "giveaway", "give away", "giveaway chess", "give away chess"},
		"Horde":              {"horde", "horde chess"},
		VariantKingOfTheHill: {"king of the hill", "kingofthehill", "koth"},
		"Losers":             {"losers"},
		"Racing Kings":       {"race", "racing", "racingkings", "racing kings"},
		VariantStandard:      {"chess", "classical", "normal", "standard"},
		"Suicide":            {"suicide", "suicide chess"},
		VariantThreeCheck:    {"three-check", "three check", "threecheck", "three check chess", "3-check", "3 check"},
	} {
		for _, a := range aliases {
			m[a] = name
		}
	}
	return m
}()

// VariantName returns the variant of CQLi's list that name names, whatever its letter
// case ("atomic" gives "Atomic"), and whether it is one.
func VariantName(name string) (string, bool) {
	for _, v := range VariantNames {
		if strings.EqualFold(v, name) {
			return v, true
		}
	}
	return "", false
}

// variantOf reads a Variant tag's value: the variant it names (aliases, the options' own
// aliases first) and whether this reader plays its moves. An empty value is standard
// chess; so is "from position" (what some programs write for a set-up position). A value
// that names no variant of the list is read as before the list: a name with 960,
// fischer, freestyle or frc is Chess960, one with three, 3-check or 3check Three-check, and the
// rest is unsupported (name "").
func variantOf(tag string, opt *Options) (name string, played bool) {
	v := strings.ToLower(strings.TrimSpace(tag))
	if v == "" || v == "from position" {
		return VariantStandard, true
	}
	name, ok := opt.VariantAliases[v]
	if !ok {
		name, ok = variantAliases[v]
	}
	if !ok {
		switch {
		case strings.Contains(v, "960") || strings.Contains(v, "fischer") || strings.Contains(v, "freestyle") || strings.Contains(v, "frc"):
			name = VariantChess960
		case strings.Contains(v, "three") || strings.Contains(v, "3-check") || strings.Contains(v, "3check"):
			name = VariantThreeCheck
		case strings.Contains(v, "king of the hill"):
			name = VariantKingOfTheHill
		default:
			return "", false
		}
	}
	switch name {
	case VariantStandard, VariantChess960, VariantThreeCheck, VariantKingOfTheHill:
		return name, true
	}
	return name, false
}
