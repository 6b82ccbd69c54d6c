package main

import (
	"strconv"
	"strings"
)

// The wider mode of TestRandomQueriesAgainstCQL (CQL_RANDOM_WIDER=1, with
// CQL_RANDOM_WIDE=1) writes the forms neither of the other grammars writes
// (the list: /work/briefs/s29/cover-audit.md): the tag filters (elo, eco,
// date, eventdate, tag "Name", player/event/site with a search string),
// string indexes and slices, regular expressions with classes, sorts by
// strings, the count of a dictionary, unbind, ∊ over a dictionary, local
// dictionaries, removecomment, ray with several arguments, the castling,
// en passant, null and primary move parameters, consecutivemoves with
// quiet and a range, rotate45, dihedral, currenttransform, square all and
// piece all, makesquare of a string, '.', in, true and false,
// enpassantsquare, lastgamenumber, fen, ascii, the stalemate kinds, the
// diagonal directions, |= and &= on sets, the other spellings (attack,
// attacked by, curpos), substring assignment, hhdb and the Unicode symbols. Each was run once by hand
// with CQL 9.493, which accepts it and matches some games of its sample or
// of lichess games with it. Seeds of the wide grammar keep their queries:
// these forms draw from the generator only when wider is set.

// widerTagFilter is a filter on the game's tags; the tag names are ones CQL
// lets tag read (not White*, Black*, Round...).
func (g *queryGen) widerTagFilter() string {
	n := strconv.Itoa
	switch g.r.Intn(14) {
	case 0:
		return "elo " + g.pick("white ", "black ", "") + g.pick(">", "<", ">=") + " " + n(1500+100*g.r.Intn(12))
	case 1:
		return "elo white - elo black " + g.pick(">", "<") + " " + n(50*g.r.Intn(8))
	case 2:
		return "eco " + g.pick(`"A4"`, `"B"`, `"C6"`, `"E"`)
	case 3:
		return "eco ~~ " + g.pick(`"^[AB]"`, `"\d0$"`, `"^C[0-4]"`)
	case 4:
		return "date ~~ " + g.pick(`"^19[0-9]"`, `"\.0[1-6]\."`, `"2024"`, `"\?"`)
	case 5:
		return "eventdate ~~ " + g.pick(`"^20"`, `"19"`, `"\d{4}"`)
	case 6:
		return "tag " + g.pick(`"TimeControl" ~~ "\+0$"`, `"Termination" ~~ "[Tt]ime"`, `"Opening"`, `"ECO" == "A45"`, `"Variant"`, `"SetUp" == "1"`, `"PlyCount" ~~ "^[1-4]\d$"`)
	case 7:
		return "player " + g.pick("", "white ", "black ") + g.pick(`"a"`, `"Rosen"`, `"="`, `"x"`, `"("`)
	case 8:
		return g.pick("event ", "site ") + g.pick(`"ch"`, `"Rated"`, `"lichess"`, `"?"`, `"URS"`, `"Olympiad"`)
	case 9:
		return "gamenumber % " + n(2+g.r.Intn(9)) + " == " + n(g.r.Intn(2))
	case 10:
		return "lastgamenumber " + g.pick(">", "<") + " " + n(100*g.r.Intn(40))
	case 11:
		return "int tag " + g.pick(`"PlyCount"`, `"UTCTime"[0:2]`, `"TimeControl"[0:3]`) + " " + g.pick(">", "<") + " " + n(g.r.Intn(80))
	case 12:
		return g.pick("player white", "player black", "event", "site", "date", "eco") + " ~~ " +
			g.pick(`"\d"`, `"^\w+\d+$"`, `"\s"`, `"[A-Z]\w*, [A-Z]"`, `"^.{0,5}$"`)
	}
	return g.pick("result 1-0", "result 0-1", "result 1/2-1/2") + " " + g.pick("year > 2000", "year < 1990", "true")
}

// widerStr is a string filter of the wider forms.
func (g *queryGen) widerStr(d int) string {
	// No set inside the brackets: CQL reads a piece designator there as a
	// name (`"e4"[#R]` is refused).
	idx := func() string {
		if g.r.Intn(3) == 0 {
			return g.pick("ply", "movenumber", "(ply % 7)", "#event")
		}
		return strconv.Itoa(g.r.Intn(12) - 4) // negative: counts from the end
	}
	switch g.r.Intn(7) {
	case 0:
		return g.paren(g.wstr(d-1)) + "[" + idx() + "]"
	case 1:
		return g.paren(g.wstr(d-1)) + "[" + idx() + ":" + idx() + "]"
	case 2:
		return g.paren(g.wstr(d-1)) + "[" + g.pick(idx()+":", ":"+idx()) + "]"
	case 3:
		return g.pick("player white", "player black", "event", "site", "date", "eco", "eventdate", `tag "TimeControl"`, "originalcomment")
	case 4:
		return "ascii " + strconv.Itoa(65+g.r.Intn(58))
	case 5:
		return "fen"
	}
	return g.pick("typename ", "piecename ") + g.pick("P", "k", "A", "[Qq]", "(move from .)")
}

// widerNum is a numeric filter of the wider forms.
func (g *queryGen) widerNum(d int) string {
	switch g.r.Intn(7) {
	case 0:
		if ds := g.allDicts(); len(ds) > 0 {
			return "#" + ds[g.r.Intn(len(ds))]
		}
	case 1:
		return g.pick("elo white", "elo black", "lastgamenumber", "gamenumber")
	case 2:
		return "ascii " + g.paren(g.wstr(d-1))
	case 3:
		return "#" + g.paren(g.widerStr(d-1))
	case 4:
		// two different position variables, CQL refuses the same one twice
		if n := len(g.w.poss); n >= 2 {
			i, j := g.r.Intn(n), g.r.Intn(n-1)
			if j >= i {
				j++
			}
			return "consecutivemoves " + g.pick("quiet ", "", "2 20 ", "quiet 1 5 ") + "(" + g.w.poss[i] + " " + g.w.poss[j] + ")"
		}
	case 5:
		return "indexof(" + g.wstr(d-1) + " " + g.widerStr(d-1) + ")"
	}
	return "#" + g.paren(g.widerSet(d-1))
}

// widerSet is a set filter of the wider forms.
func (g *queryGen) widerSet(d int) string {
	switch g.r.Intn(12) {
	case 0:
		args := g.sets(3+g.r.Intn(2), d-1)
		return "ray" + g.pick("", " diagonal", " orthogonal", " up") + "(" + strings.Join(args, " ") + ")"
	case 1:
		return "."
	case 2:
		return "makesquare " + g.pick(`"e4"`, `"a1"`, `"h8"`, `"z9"`, `""`, "(event[0:1] + str(rank k))", "(\"\" + \"e\" + str(rank K))")
	case 3:
		// a range before '[' or '~' is refused by CQL: bare pieces
		return g.pick("maindiagonal ", "offdiagonal ") + g.pick("", "1 ", "2 7 ") + g.pick("Q", "k", "P", "A", "a", "Ra-h1", "b")
	case 4:
		return "enpassantsquare"
	case 5:
		return "(" + g.set(d-1) + " attack " + g.set(d-1) + ")"
	case 6:
		return "(" + g.set(d-1) + " attacked by " + g.set(d-1) + ")"
	case 8:
		v, in, body := g.loopParts(d)
		return "(" + v + " ∊ " + g.paren(in) + " {" + body + "})"
	case 10:
		// an arrow chain: CQL's xray from the first set (→) or the last (←)
		n := 3 + g.r.Intn(2)
		arrow := g.pick(" → ", " ← ")
		args := g.sets(n, d-1)
		for i := range args {
			args[i] = g.paren(args[i])
		}
		return "(" + strings.Join(args, arrow) + ")"
	case 9:
		if len(g.w.setDicts) > 0 {
			return g.w.setDicts[g.r.Intn(len(g.w.setDicts))] + "[" + g.wstr(d-1) + "]"
		}
	}
	return g.pieces()
}

// widerFilter is a filter of the wider forms.
func (g *queryGen) widerFilter(d int) string {
	switch g.r.Intn(27) {
	case 0, 1:
		return g.widerTagFilter()
	case 2:
		return g.widerStr(d-1) + " " + g.pick("==", "!=", "<", ">") + " " + g.wstr(d-1)
	case 3:
		return g.widerStr(d-1) + " ~~ " + g.pick(`"^[a-h]"`, `"\d"`, `"\w\w"`, `"^\S+$"`, `"[KQRBN]"`, `"^$"`)
	case 4:
		return g.widerNum(d-1) + " " + g.pick("==", "<", ">", ">=") + " " + strconv.Itoa(g.r.Intn(12))
	case 5:
		return "move " + g.pick("o-o", "o-o-o", "castle", "enpassant", "null", "primary", "secondary",
			"previous castle", "previous enpassant", "previous o-o", "from K castle", "promote A capture a",
			"previous promote "+g.pick("Q", "R", "N", "B"), "to "+g.set(d-1)+" castle", "capture "+g.set(d-1)+" primary")
	case 6:
		// rotate45 refuses a body with a particular square: bare pieces only
		p := func() string { return g.pick("K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p", "A", "a") }
		body := p() + " attacks " + p()
		if g.r.Intn(2) == 0 {
			body = "ray(" + p() + " " + p() + ")"
		}
		if g.r.Intn(2) == 0 {
			return "rotate45 count {" + body + "} " + g.pick(">", "==") + " " + strconv.Itoa(g.r.Intn(4))
		}
		return "rotate45 {" + body + "}"
	case 7:
		return g.pick("dihedral ", "flipcolor ", "flip ", "shift ", "rotate90 ") + "{comment(\"t\" currenttransform) " + g.filter(d-1) + "}"
	case 8:
		return g.pick("true", "false", "idealstalemate", "modelstalemate", "purestalemate")
	case 17:
		if len(g.w.strs) > 0 {
			v := g.w.strs[g.r.Intn(len(g.w.strs))]
			i := strconv.Itoa(g.r.Intn(8) - 3)
			ix := g.pick(i, i+":", ":"+i, i+":"+strconv.Itoa(g.r.Intn(6)))
			return "{" + v + "[" + ix + "] = " + g.wstr(d-1) + " " + g.wcompare(d-1) + "}"
		}
	case 18:
		// a match's groups: \N its text, \-N where it starts
		re := g.pick(`"^(\w)(\w)"`, `"(\d)\."`, `"p(.)"`, `"(x)?\?"`, `"([A-Z])[a-z]+"`, `"(\d+)"`)
		return g.pick("player white", "event", "site", "date", "player black") + " ~~ " + re + " " +
			g.pick(`comment(\1)`, `\1 == "3"`, `\-1 > 0`, `\1 < "M"`, `comment(\-1 \1)`)
	case 19:
		// values of ifs and compounds of each type
		c := g.paren(g.filter(d - 1))
		v := g.pick(
			"(if "+c+" then "+g.wpos(d-1)+" else "+g.wpos(d-1)+")",
			"(if "+c+" then "+g.wstr(d-1)+" else "+g.wstr(d-1)+")",
			"(if "+c+" then "+g.wnum(d-1)+" else "+g.wnum(d-1)+")",
			"(if "+c+" then "+g.set(d-1)+" else "+g.set(d-1)+")",
			"{"+c+" "+g.wpos(d-1)+"}",
			"{"+c+" "+g.wstr(d-1)+"}")
		return "comment(\"v\" " + v + ")"
	case 20:
		// hhdb on the study database's fields (cql-sample.pgn is HHdb's)
		w := g.pick(`"(c)"`, `"(m)"`, `"(s)"`, `"(v)"`, `"<cook>"`, `"<eg>"`, `"<minor_dual>"`, "AN", "MC", "PH", "TE", "TT", "TW",
			"U1", "U2", "U5", "anticipation", "cooked", "corrected_solution", "diagram", "dual", "dual_after_move_1",
			"dual_at_move_1", "egdiagram", "firstcomment", "max", "sound", "stipulation", "theme_tournament",
			"theoretical_ending", "too_many_composers", "unsound", "white_fails", "award", "prize", "hm", "commendation",
			"special", "twin", "version", "CR", "colors_reversed", "correction", "gbr", "gbr pieces", "gbr kings",
			"prize special", "award max", "hm max")
		if g.variations && g.r.Intn(3) == 0 {
			w = g.pick(`"<main>"`, `"<or>"`, "variation", "mainline")
		}
		switch g.r.Intn(4) {
		case 0:
			return "comment(\"h\" hhdb " + w + ")"
		case 1:
			return "hhdb " + g.pick("composer", "search", "gbr", "stipulation", "firstcomment") + " " + g.pick(`"a"`, `"="`, `"EG"`, `"+0"`, `"#2"`)
		case 2:
			return "hhdb " + g.pick("composer", "search", "gbr material", "firstcomment") + " ~~ " + g.pick(`"^[A-Z]"`, `"\d"`, `"="`, `"\)\.$"`)
		}
		return "hhdb " + w
	case 16:
		// a logical filter, not a set: CQL refuses it after 'in'
		kind := g.pick("square", "piece")
		v, in, body := g.loopParts(d)
		if g.r.Intn(3) == 0 {
			return "(∀ " + v + " ∊ " + g.paren(in) + " {" + body + "})"
		}
		return "(" + kind + " all " + v + " in " + in + " {" + body + "})"
	case 9:
		return "(" + g.set(d-1) + " in " + g.set(d-1) + ")"
	case 10:
		// removecomment only first at the top level (widerParts): CQL
		// 9.493 keeps its mark on a pooled position into later games
		return g.pick("hascomment", "originalcomment ~~ \"[a-z]\"", `hascomment "!"`)
	case 11:
		if ds := g.allDicts(); len(ds) > 0 {
			return "unbind " + ds[g.r.Intn(len(ds))] + "[" + g.wstr(d-1) + "]"
		}
	case 12:
		if ds := g.allDicts(); len(ds) > 0 {
			dd := ds[g.r.Intn(len(ds))]
			k := g.wname("xk")
			// the key is a string variable inside the body
			g.w.strs = append(g.w.strs, k)
			body := g.wcompare(d - 1)
			g.w.strs = g.w.strs[:len(g.w.strs)-1]
			return "{" + k + " ∊ " + dd + " " + g.block(body) + "}"
		}
	case 13:
		if len(g.w.sets) > 0 {
			v := g.w.sets[g.r.Intn(len(g.w.sets))]
			return "{" + v + " " + g.pick("|=", "&=", "∪=", "∩=") + " " + g.set(d-1) + " " + g.filter(d-1) + "}"
		}
	case 14:
		return g.pick("curpos", "currentposition", "position 0", "parent") + ":" + g.paren(g.filter(d-1))
	case 15:
		if len(g.w.localDicts) > 0 {
			dd := g.w.localDicts[g.r.Intn(len(g.w.localDicts))]
			return dd + "[" + g.pick("currentposition", "parent", "position 0") + "] " + g.pick("==", ">", "<") + " " + g.wnum(d-1)
		}
	}
	return g.widerSet(d)
}

// widerParts adds the wider top-level parts to a query: local dictionaries
// of positions, dictionaries of sets, a sort by a string.
func (g *queryGen) widerParts() []string {
	var parts []string
	if g.r.Intn(8) == 0 {
		g.w.removeComment = true
	}
	if g.r.Intn(4) == 0 {
		d := g.wname("xl")
		parts = append(parts, "local dictionary "+d, d+"[currentposition] = "+g.wnum(1))
		g.w.localDicts = append(g.w.localDicts, d)
	}
	if g.r.Intn(5) == 0 {
		d := g.wname("xe")
		// a literal key: CQL reads typename P inside the brackets as a name
		parts = append(parts, "dictionary "+d, d+"["+strconv.Quote(g.pick("a", "K", "e4", "1"))+"] = "+g.set(1))
		g.w.setDicts = append(g.w.setDicts, d)
	}
	return parts
}

// allDicts are the string-keyed dictionaries, of numbers or of sets.
func (g *queryGen) allDicts() []string {
	return append(append([]string{}, g.w.dicts...), g.w.setDicts...)
}

// widerSort is a sort by a string, written after the bindings.
func (g *queryGen) widerSort() string {
	return g.pick("sort ", "sort min ") + "\"w\" " + g.paren(g.pick(g.wstr(2), g.widerStr(1)))
}

// unicodeSpellings rewrites some operators and keywords outside quoted
// strings as CQL 6.2's Unicode symbols.
var unicodeSpellings = []struct{ from, to string }{
	{" attacks ", " → "}, {" attackedby ", " ← "}, {" & ", " ∩ "}, {" | ", " ∪ "},
	{" <= ", " ≤ "}, {" >= ", " ≥ "}, {" != ", " ≠ "}, {"flipcolor ", "⬓ "}, {"flip {", "✵ {"},
	{"currentposition", "∙"}, {" . ", " ▦ "},
}

func (g *queryGen) unicode(q string) string {
	parts := strings.Split(q, "\"")
	figurines := g.r.Intn(2) == 0
	for i := 0; i < len(parts); i += 2 { // even parts are outside quotes
		for _, s := range unicodeSpellings {
			if g.r.Intn(2) == 0 {
				parts[i] = strings.ReplaceAll(parts[i], s.from, s.to)
			}
		}
		if figurines {
			parts[i] = whiteFigurines(parts[i])
		}
	}
	return strings.Join(parts, "\"")
}

// whiteFigurines writes the white piece letters outside brackets as
// figurines (♔a1); inside brackets CQL refuses letters mixed with them.
// Every keyword and variable name is in lower case, so an upper-case K Q R
// B N P outside quotes is a piece.
func whiteFigurines(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch r {
		case '[':
			depth++
		case ']':
			depth--
		}
		if i := strings.IndexRune("KQRBNP", r); i >= 0 && depth == 0 {
			b.WriteRune([]rune("♔♕♖♗♘♙")[i])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
