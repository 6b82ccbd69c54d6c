package query

// hhdb (CQL 6.1/6.2's interface to the HHdbVI endgame study database): the
// keyword hhdb and one hhdb keyword naming a field of the study's metadata.
// The hhdb keywords are not reserved words (they may be variable names), and
// those with characters other than letters and digits are quoted:
// `hhdb "<main>"`, `hhdb "(c)"`.
//
// The fields implemented are those whose meaning the manual's hhdb page and
// the database's own description (hhdbvi.nl: the codes of the Black field)
// state: the position attributes (<cook> <eg> <main> <or> <minor_dual>, and
// mainline/variation by <main>), the study codes of the Black field, the
// stipulation and the GBR code with its parts, the composers, the first
// comment and the EG diagram number. The others (sound, unsound, cooked,
// dual, gbr material, diagram, search and the award fields) are refused with
// a clear error: their definitions could not be consulted.

// HHdbField is what an hhdb filter reads: its canonical name (the Field of
// the Builtin's single StringLit argument) and its type.
type hhdbField struct {
	name string
	t    Type
}

// hhdbWords maps every accepted hhdb keyword (synonyms included) to its
// field. Study codes map to the code as the Black field writes it.
var hhdbWords = func() map[string]hhdbField {
	m := map[string]hhdbField{}
	add := func(f hhdbField, words ...string) {
		for _, w := range words {
			m[w] = f
		}
	}
	for _, w := range []string{"<cook>", "<eg>", "<main>", "<or>", "<minor_dual>"} {
		add(hhdbField{w, TypeNone}, w)
	}
	add(hhdbField{"mainline", TypeNone}, "mainline")
	add(hhdbField{"variation", TypeNone}, "variation")
	for _, c := range [][]string{
		{"(c)", "correction"}, {"(m)", "modification"}, {"(s)", "corrected_solution"}, {"(v)", "version"},
		{"AN", "anticipation"}, {"CR", "colors_reversed"}, {"MC", "too_many_composers"}, {"PH", "posthumous"},
		{"TE", "theoretical_ending"}, {"TT", "theme_tourney", "theme_tournament"}, {"TW", "twin"},
		{"U1", "dual_at_move_1"}, {"U2", "dual_after_move_1"}, {"U3", "white_fails"},
		{"U4", "white_wins_in_draw"}, {"U5", "unreachable"},
	} {
		add(hhdbField{c[0], TypeNone}, c...)
	}
	for _, w := range []string{"stipulation", "gbr", "gbr kings", "gbr pieces", "gbr pawns", "composer", "firstcomment"} {
		add(hhdbField{w, TypeString}, w)
	}
	add(hhdbField{"egdiagram", TypeNumber}, "egdiagram")
	return m
}()

// hhdbRefused are hhdb keywords CQL has that are not implemented.
var hhdbRefused = wordSet("sound", "unsound", "cooked", "dual", "diagram", "search",
	"max", "sort", "award", "prize", "hm", "commendation", "special")

// HHdbType is the type of the hhdb filter reading field (a canonical name).
func hhdbType(field string) Type { return hhdbWords[field].t }

// parseHHdb parses what follows the keyword hhdb (the current token).
func (p *parser) parseHHdb(pos Pos) Node {
	p.next()
	wpos := p.tok.pos
	var w string
	switch p.tok.kind {
	case tIdent, tString, tPiece:
		w = p.tok.raw
		if p.tok.kind == tString {
			w = p.tok.text
		}
	default:
		p.fail("an hhdb keyword after 'hhdb' (e.g. hhdb sound, hhdb \"<main>\"; cql -help lists them)")
	}
	p.next()
	if w == "gbr" && p.tok.kind == tIdent {
		switch p.tok.text {
		case "kings", "pieces", "pawns":
			w += " " + p.tok.text
			p.next()
		case "material":
			p.errorf(wpos, "hhdb gbr material is not supported yet: its definition on the manual's hhdb page could not be consulted")
		}
	}
	f, ok := hhdbWords[w]
	switch {
	case ok:
	case hhdbRefused[w]:
		p.errorf(wpos, "hhdb %s is not supported yet: its definition on the manual's hhdb page could not be consulted", w)
	default:
		p.errorf(wpos, "unknown hhdb keyword %q (characters other than letters and digits need quotes: hhdb \"<main>\", hhdb \"(c)\")", w)
	}
	return &Builtin{At: At{pos}, Name: "hhdb", Args: []Node{&StringLit{At: At{wpos}, Value: f.name}}}
}
