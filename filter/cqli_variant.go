package filter

import (
	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
)

// CQLi's variant filters (docs/cqli.md, row 19), as far as the variants played here go:
// `variant` and `variantend`. Their syntax and values are ours (the manual's variant page
// was seen only as far as its table of aliases).

// variantNode is `variant`: the game's variant as the reader read its Variant tag, in
// CQLi's spelling ("Standard", "Chess960", "King of the Hill", "Three-Check").
type variantNode struct{}

func (variantNode) str(e *Evaluator) (string, bool) {
	if e.g.Variant == "" {
		return pgn.VariantStandard, true // a game assembled, not parsed
	}
	return e.g.Variant, true
}
func (variantNode) match(*Evaluator) bool { return true }

// variantEndNode is `variantend`: the game stands finished at the current position by
// its variant's own rule (chess.VariantOver): a king on d4, e4, d5 or e5 in King of the
// Hill, a side's third check in Three-check (the checks given on the way from the game's
// start to here, with those its FEN tag's counters say were given before). Never in standard chess or Chess960, whose
// ends are mate and stalemate.
type variantEndNode struct{}

func (variantEndNode) match(e *Evaluator) bool {
	var v chess.Variant
	switch e.g.Variant {
	case pgn.VariantKingOfTheHill:
		v = chess.KingOfTheHill
	case pgn.VariantThreeCheck:
		v = chess.ThreeCheck
	default:
		return false
	}
	c := e.g.StartChecks
	if v == chess.ThreeCheck {
		for n := e.cur; n > 0 && e.g.Nodes[n].Parent >= 0; n = e.g.Nodes[n].Parent {
			if p := &e.g.Nodes[n].Pos; p.InCheck() {
				c[p.SideToMove().Other()]++
			}
		}
	}
	over, _ := chess.VariantOver(v, e.pos, c)
	return over
}
