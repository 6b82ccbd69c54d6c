package query

import "strings"

// hhdb (CQL 6.1/6.2's interface to the HHdbVI endgame study database): the
// keyword hhdb and hhdb keywords naming what to read of the study's metadata.
// The hhdb keywords are not reserved words (they may be variable names). As
// in CQL (hhdbkeyword.cpp's isQuotedKey), a keyword is quoted exactly when it
// has characters other than letters, digits and '_': `hhdb "<main>"`,
// `hhdb "(c)"`, but `hhdb TT`, never `hhdb "TT"`.
//
// Every keyword of CQL 9.493 is implemented, each with the meaning CQL's
// source gives it (hhdb-cql.cpp translates each keyword into a CQL filter;
// hhdbawardnode.cpp reads the awards): the study codes of the Black tag and
// their long names, the comment marks <cook> <eg> <main> <or> <minor_dual>,
// mainline and variation, sound, unsound, cooked, dual, the gbr code and its
// parts, stipulation, composer, diagram, egdiagram, firstcomment, search, and
// the award filters (award prize hm commendation, special, max, sort).
//
// A string-valued field followed by a quoted string searches it, as CQL's
// match_trailing_quoted_string does: `hhdb composer "Kasparyan"` is
// `"Kasparyan" in hhdb composer`.

// HHdbField is what an hhdb filter reads: its canonical name (the Value of
// the Builtin's single StringLit argument) and its type.
type hhdbField struct {
	name string
	t    Type
}

// hhdbWords maps every accepted single hhdb keyword (long names of study
// codes included) to its field. Study codes map to the code as the Black
// field writes it; the gbr parts are "gbr kings", "gbr material", ...
var hhdbWords = func() map[string]hhdbField {
	m := map[string]hhdbField{}
	add := func(f hhdbField, words ...string) {
		for _, w := range words {
			m[w] = f
		}
	}
	for _, w := range []string{"<cook>", "<eg>", "<main>", "<or>", "<minor_dual>",
		"mainline", "variation", "sound", "unsound", "cooked", "dual"} {
		add(hhdbField{w, TypeNone}, w)
	}
	for _, c := range [][]string{
		{"(c)", "correction"}, {"(m)", "modification"}, {"(s)", "corrected_solution"}, {"(v)", "version"},
		{"AN", "anticipation"}, {"CR", "colors_reversed"}, {"MC", "too_many_composers"}, {"PH", "posthumous"},
		{"TE", "theoretical_ending"}, {"TT", "theme_tourney", "theme_tournament"}, {"TW", "twin"},
		{"U1", "dual_at_move_1"}, {"U2", "dual_after_move_1"}, {"U3", "white_fails"},
		{"U4", "white_wins_in_draw"}, {"U5", "unreachable"},
	} {
		add(hhdbField{c[0], TypeNone}, c...)
	}
	for _, w := range []string{"stipulation", "gbr", "composer", "firstcomment", "diagram", "search"} {
		add(hhdbField{w, TypeString}, w)
	}
	for _, w := range hhdbGBRParts {
		add(hhdbField{"gbr " + w, TypeString}, "gbr "+w)
	}
	add(hhdbField{"egdiagram", TypeNumber}, "egdiagram")
	return m
}()

// hhdbGBRParts are the keywords that may follow hhdb gbr.
var hhdbGBRParts = []string{"kings", "material", "pawns", "pieces"}

// hhdbAwardWords are the keywords of the award filters: any sequence of them
// after hhdb (hhdbaward-parse.cpp).
var hhdbAwardWords = wordSet("award", "commendation", "hm", "max", "prize", "sort", "special")

// HHdbType is the type of the hhdb filter reading field (a canonical name).
// An award filter ("award prize special max") is a number; an award sort
// ("sort prize special") is a logical filter.
func hhdbType(field string) Type {
	switch {
	case strings.HasPrefix(field, "award "):
		return TypeNumber
	case strings.HasPrefix(field, "sort "):
		return TypeNone
	}
	return hhdbWords[field].t
}

// hhdbQuoted reports whether CQL requires keyword w to be quoted: it has a
// character other than a letter, digit or '_'.
func hhdbQuoted(w string) bool {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_') {
			return true
		}
	}
	return false
}

// hhdbWord returns the current token as an hhdb keyword candidate, with
// whether it is written as CQL requires (quoted exactly when it must be).
func (p *parser) hhdbWord() (w string, ok bool) {
	switch p.tok.kind {
	case tIdent, tPiece:
		return p.tok.raw, !hhdbQuoted(p.tok.raw)
	case tString:
		return p.tok.text, hhdbQuoted(p.tok.text)
	}
	return "", false
}

// parseHHdb parses what follows the keyword hhdb (the current token).
func (p *parser) parseHHdb(pos Pos) Node {
	p.next()
	wpos := p.tok.pos
	w, well := p.hhdbWord()
	if w == "" {
		p.fail("an hhdb keyword after 'hhdb' (e.g. hhdb sound, hhdb \"<main>\", hhdb prize)")
	}
	if hhdbAwardWords[w] && well {
		return p.parseHHdbAward(pos)
	}
	p.next()
	if w == "gbr" && p.tok.kind == tIdent {
		for _, part := range hhdbGBRParts {
			if p.tok.text == part {
				w += " " + part
				p.next()
				break
			}
		}
	}
	f, ok := hhdbWords[w]
	switch {
	case ok && !well && hhdbQuoted(w):
		p.errorf(wpos, "hhdb keyword %s must be quoted: hhdb \"%s\"", w, w)
	case ok && !well, hhdbAwardWords[w]:
		p.errorf(wpos, "hhdb keyword %s is written without quotes: hhdb %s", w, w)
	case ok:
	case w == "source":
		p.errorf(wpos, "hhdb source is listed by CQL but has no meaning (CQL 9.493 rejects it)")
	case w == "kings" || w == "material" || w == "pawns" || w == "pieces":
		p.errorf(wpos, "hhdb %s: %s follows gbr (hhdb gbr %s)", w, w, w)
	default:
		p.errorf(wpos, "unknown hhdb keyword %q (characters other than letters, digits and _ need quotes: hhdb \"<main>\", hhdb \"(c)\")", w)
	}
	var n Node = &Builtin{At: At{pos}, Name: "hhdb", Args: []Node{&StringLit{At: At{wpos}, Value: f.name}}}
	if f.t == TypeString && p.tok.kind == tString && p.tok.text != "" && !p.strArgs {
		n = p.implicitSearch(n)
	}
	return n
}

// parseHHdbAward parses the award keywords after hhdb, in any order, with
// CQL's rules (hhdbaward-parse.cpp): at most one type (award, prize, hm,
// commendation; award when none), at most one each of special, max and sort,
// not both max and sort, sort not last, and sort needs a type or special.
// The canonical field is "award TYPE[ special][ max]" (a number: the rank) or
// "sort TYPE[ special]" (a logical filter that sorts the games).
func (p *parser) parseHHdbAward(pos Pos) Node {
	typ, last := "", ""
	var special, max, sort bool
	first := p.tok.pos
	for {
		w, well := p.hhdbWord()
		if !well || !hhdbAwardWords[w] {
			break
		}
		wpos := p.tok.pos
		p.next()
		last = w
		dup := false
		switch w {
		case "max":
			dup, max = max, true
		case "special":
			dup, special = special, true
		case "sort":
			dup, sort = sort, true
		default:
			if typ != "" {
				p.errorf(wpos, "hhdb takes one award type (award, prize, hm or commendation); %s follows %s", w, typ)
			}
			typ = w
		}
		if dup {
			p.errorf(wpos, "hhdb: %s appears twice", w)
		}
	}
	switch {
	case sort && last == "sort":
		p.errorf(first, "hhdb: sort may not be the last hhdb keyword (a sort filter after hhdb would read as its continuation); write hhdb sort ... with sort first")
	case sort && typ == "" && !special:
		p.errorf(first, "hhdb sort needs special, award, prize, hm or commendation as well")
	case sort && max:
		p.errorf(first, "hhdb cannot take both sort and max")
	}
	if typ == "" {
		typ = "award"
	}
	field := "award " + typ
	if sort {
		field = "sort " + typ
	}
	if special {
		field += " special"
	}
	if max {
		field += " max"
	}
	return &Builtin{At: At{pos}, Name: "hhdb", Args: []Node{&StringLit{At: At{first}, Value: field}}}
}
