package main

import (
	"fmt"
	"strconv"
	"strings"
)

// The wide mode of TestRandomQueriesAgainstCQL (CQL_RANDOM_WIDE=1) writes,
// besides the base grammar, most of the rest of CQL's language: numeric,
// string, position and set variables bound at the top level before they are
// read, functions, dictionaries, persistent variables, arithmetic, if/while,
// position filters and the game tree, legal moves, dashes and paths, echo,
// sort and the header's parameters. Every form was first run once by hand
// with CQL 9.493 (it accepts it and it matches some positions), and forms
// CQL refuses or stops on are not written: a number where a position
// filter is expected, pieceid of an unbound variable, non-quiet persistent
// variables (CQL and cql print them differently). Base seeds keep their
// queries: the wide forms draw from the generator only when wide is set.

// wideVars are the variables a wide query has bound, by type.
type wideVars struct {
	nums, sets, poss, strs []string
	funcs                  []string // functions of one set argument
	dicts                  []string // dictionaries from strings to numbers
	persist                string   // a persistent quiet numeric variable
	removeComment          bool     // the query starts with removecomment (wider)
	localDicts             []string // local dictionaries from positions to numbers (wider)
	setDicts               []string // dictionaries from strings to sets (wider)
	n                      int
}

func (g *queryGen) wname(prefix string) string {
	g.w.n++
	return fmt.Sprintf("%s%d", prefix, g.w.n)
}

// wideQuery is a script: a header with parameters, then top-level bindings
// (always evaluated before the filters that read them), then one or two
// filters, sometimes a sort, sometimes updates of what was bound.
func (g *queryGen) wideQuery() string {
	g.vars, g.nvars = nil, 0
	g.w = wideVars{}
	var params []string
	if g.variations || g.r.Intn(4) == 0 {
		params = append(params, "variations")
	}
	switch g.r.Intn(8) {
	case 0:
		// CQL runs an empty range (matching nothing); cql refuses it.
		lo := 1 + g.r.Intn(3)
		params = append(params, fmt.Sprintf("matchcount %d %d", lo, lo+g.r.Intn(60)))
	case 1:
		params = append(params, "quiet")
	case 2:
		params = append(params, "silent")
	}
	var parts []string
	// Definitions first: functions and dictionaries are global.
	if g.r.Intn(5) == 0 {
		f := g.wname("xf")
		body := g.wideFilterWith("xu", 2)
		parts = append(parts, "function "+f+"(xu) {"+body+"}")
		g.w.funcs = append(g.w.funcs, f)
	}
	if g.r.Intn(6) == 0 {
		d := g.wname("xd")
		parts = append(parts, "dictionary "+d)
		g.w.dicts = append(g.w.dicts, d)
	}
	if g.r.Intn(6) == 0 {
		g.w.persist = g.wname("xq")
		parts = append(parts, "persistent quiet "+g.w.persist+" = 0")
	}
	for i, nb := 0, g.r.Intn(4); i < nb; i++ {
		parts = append(parts, g.wideBinding())
	}
	for _, d := range g.w.dicts {
		key := g.wstr(1)
		if g.wider && strings.Contains(key, "name") {
			// CQL reads typename P inside the brackets as a name (found.md)
			key = `"K"`
		}
		parts = append(parts, d+"["+key+"] = "+g.wnum(1))
	}
	if g.wider {
		parts = append(parts, g.widerParts()...)
	}
	if g.r.Intn(6) == 0 {
		// after the bindings: CQL refuses a variable read before it is assigned
		parts = append(parts, g.pick("sort ", "sort min ")+"\"s\" "+g.wnum(2))
	}
	if g.wider && g.r.Intn(6) == 0 {
		parts = append(parts, g.widerSort())
	}
	parts = append(parts, g.filter(3))
	if g.r.Intn(3) == 0 {
		parts = append(parts, g.filter(2))
	}
	if g.w.persist != "" {
		test := g.pick("<", ">") + " " + strconv.Itoa(g.r.Intn(400))
		if g.r.Intn(2) == 0 {
			test = "% 2 == " + strconv.Itoa(g.r.Intn(2))
		}
		parts = append(parts, g.w.persist+" += 1", g.w.persist+" "+test)
	}
	if len(g.w.nums) > 0 && g.r.Intn(4) == 0 {
		v := g.w.nums[g.r.Intn(len(g.w.nums))]
		parts = append(parts, v+" "+g.pick("+=", "-=", "*=", "%=", "/=")+" "+g.wnum(1), g.wcompare(1))
	}
	if g.w.removeComment {
		// first, so evaluated at every position (found.md: CQL's mark leaks)
		parts = append([]string{"removecomment"}, parts...)
	}
	q := "cql(" + strings.Join(params, " ") + ") " + strings.Join(parts, " ")
	if g.wider && g.r.Intn(4) == 0 {
		q = g.unicode(q)
	}
	return q
}

// wideFilterWith is a filter where name is bound as a set (a function's
// parameter).
func (g *queryGen) wideFilterWith(name string, d int) string {
	g.vars = append(g.vars, name)
	defer func() { g.vars = g.vars[:len(g.vars)-1] }()
	switch g.r.Intn(3) {
	case 0:
		return "#" + name + " " + g.pick(">", "<", "==") + " " + strconv.Itoa(g.r.Intn(4))
	case 1:
		return "(" + name + " " + g.pick("attacks", "attackedby", "&") + " " + g.set(d-1) + ")"
	}
	return g.filter(d)
}

// wideBinding binds a new top-level variable with an assignment that always
// matches (or stops the query at that position, before any read).
func (g *queryGen) wideBinding() string {
	switch g.r.Intn(5) {
	case 0, 1:
		v := g.wname("xn")
		s := v + " = " + g.wnum(2)
		g.w.nums = append(g.w.nums, v)
		return s
	case 2:
		v := g.wname("xs")
		s := v + " = " + g.set(2)
		g.w.sets = append(g.w.sets, v)
		return s
	case 3:
		v := g.wname("xp")
		s := v + " = " + g.wpos(1)
		g.w.poss = append(g.w.poss, v)
		return s
	}
	v := g.wname("xt")
	s := v + " = " + g.wstr(2)
	g.w.strs = append(g.w.strs, v)
	return s
}

// wideSet is one of the wide set filters.
func (g *queryGen) wideSet(d int) string {
	if g.wider && g.r.Intn(4) == 0 {
		return g.widerSet(d)
	}
	if len(g.w.sets) > 0 && g.r.Intn(4) == 0 {
		return g.w.sets[g.r.Intn(len(g.w.sets))]
	}
	switch g.r.Intn(9) {
	case 0:
		return "xray(" + strings.Join(g.sets(2+g.r.Intn(2), d-1), " ") + ")"
	case 1:
		return g.pick("light ", "dark ") + g.paren(g.set(d-1))
	case 2:
		return g.pick("passedpawns", "isolatedpawns", "doubledpawns", "connectedpawns")
	case 3:
		return "makesquare(" + g.wnum(d-1) + " " + g.wnum(d-1) + ")"
	case 4:
		return g.pick("modelmate", "puremate", "idealmate")
	case 5:
		return g.pick("passedpawns", "isolatedpawns")
	case 6:
		return "(" + g.pick("passedpawns", "doubledpawns", "connectedpawns") + " & " + g.set(d-1) + ")"
	case 7:
		return "(" + g.wpos(d-1) + " : " + g.set(d-1) + ")"
	}
	return g.pieces()
}

// wpos is a position filter.
func (g *queryGen) wpos(d int) string {
	if len(g.w.poss) > 0 && g.r.Intn(3) == 0 {
		return g.w.poss[g.r.Intn(len(g.w.poss))]
	}
	switch g.r.Intn(8) {
	case 0:
		return "parent"
	case 1:
		return "child"
	case 2:
		return fmt.Sprintf("child(%d)", g.r.Intn(2))
	case 3:
		return fmt.Sprintf("position %d", g.r.Intn(12))
	case 4:
		return "initialposition"
	case 5:
		if d > 0 {
			return "lca(" + g.wpos(d-1) + " " + g.wpos(d-1) + ")"
		}
	}
	return "currentposition"
}

// wnum is a numeric filter.
func (g *queryGen) wnum(d int) string {
	if g.wider && d > 0 && g.r.Intn(6) == 0 {
		return g.widerNum(d)
	}
	if len(g.w.nums) > 0 && g.r.Intn(4) == 0 {
		return g.w.nums[g.r.Intn(len(g.w.nums))]
	}
	if d <= 0 {
		switch g.r.Intn(5) {
		case 0:
			return strconv.Itoa(g.r.Intn(10))
		case 1:
			return g.pick("ply", "movenumber", "depth", "positionid", "gamenumber")
		}
		return "#" + g.paren(g.pieces())
	}
	switch g.r.Intn(19) {
	case 0:
		return g.pick("ply", "movenumber", "depth", "positionid")
	case 17:
		return "int " + g.pick("str("+g.wnum(d-1)+")", `"12"`, `"x"`)
	case 18:
		return "indexof(" + g.wstr(d-1) + " " + g.wstr(d-1) + ")"
	case 1:
		return g.pick("file ", "rank ", "type ", "colortype ", "pieceid ") + g.paren(g.set(d-1))
	case 2:
		return "distance(" + g.wpos(d-1) + " " + g.wpos(d-1) + ")"
	case 3:
		return "(" + g.wnum(d-1) + " " + g.pick("+", "-", "*", "/", "%") + " " + g.wnum(d-1) + ")"
	case 4:
		return "abs " + g.paren(g.wnum(d-1))
	case 5:
		args := []string{g.wnum(d - 1), g.wnum(d - 1)}
		if g.r.Intn(2) == 0 {
			args = append(args, g.wnum(d-1))
		}
		return g.pick("max", "min") + "(" + strings.Join(args, " ") + ")"
	case 6:
		return "sqrt " + g.paren(g.wnum(d-1))
	case 7:
		switch g.r.Intn(3) {
		case 0:
			return "(countmoves " + g.pick("legal ", "pseudolegal ") + g.wdash(d-1, false) + ")"
		}
		// Parenthesized: CQL reads a '(' after a dash as its target.
		return "(countmoves " + g.wdash(d-1, true) + ")"
	case 8:
		// Two different position variables: CQL stops on one twice
		// ("Position arguments to ConsecutiveMovesNode must be different").
		if n := len(g.w.poss); n >= 2 {
			i, j := g.r.Intn(n), g.r.Intn(n-1)
			if j >= i {
				j++
			}
			return "consecutivemoves(" + g.w.poss[i] + " " + g.w.poss[j] + ")"
		}
		return "power " + g.paren(g.set(d-1))
	case 9:
		return "#" + g.paren(g.wstr(d-1))
	case 10:
		if len(g.w.dicts) > 0 {
			return g.w.dicts[g.r.Intn(len(g.w.dicts))] + "[" + g.wstr(d-1) + "]"
		}
		return "ply"
	case 11:
		return "(" + g.wpos(d-1) + " : " + g.wnum(d-1) + ")"
	case 12:
		return "power " + g.paren(g.set(d-1))
	}
	// No negative literals: CQL reads "-4" after a number as a subtraction.
	return "#" + g.paren(g.set(d-1))
}

// wstr is a string filter.
func (g *queryGen) wstr(d int) string {
	if g.wider && d > 0 && g.r.Intn(5) == 0 {
		return g.widerStr(d)
	}
	if len(g.w.strs) > 0 && g.r.Intn(3) == 0 {
		return g.w.strs[g.r.Intn(len(g.w.strs))]
	}
	if d <= 0 {
		return strconv.Quote(g.pick("a", "K", "e4", "1", "Qx"))
	}
	switch g.r.Intn(8) {
	case 0:
		return "str(" + g.wnum(d-1) + ")"
	case 7:
		return g.pick("player white", "player black", "event", "site")
	case 1:
		return "str(" + g.set(d-1) + ")"
	case 2:
		return g.pick("typename ", "piecename ") + g.paren(g.set(d-1))
	case 3:
		return "(" + g.wstr(d-1) + " + " + g.wstr(d-1) + ")"
	case 4:
		return g.pick("lowercase ", "uppercase ") + g.paren(g.wstr(d-1))
	case 5:
		return "str(" + g.wnum(d-1) + " " + g.wstr(d-1) + ")"
	}
	return strconv.Quote(g.pick("a", "K", "e4", "1", "Qx", ""))
}

// wdash is a move filter written with -- or [x] (not after legal or
// pseudolegal, which CQL refuses). CQL wants the sets to touch the dash
// (countmoves reads "R --" as R and a dash, a target after a space is an
// error), so a compound set is parenthesized and nothing is spaced.
func (g *queryGen) wdash(d int, capture bool) string {
	from, to := "", ""
	if g.r.Intn(3) > 0 {
		from = g.paren(g.set(d - 1))
	}
	if g.r.Intn(3) > 0 {
		to = g.paren(g.set(d - 1))
	}
	switch g.r.Intn(6) {
	case 0:
		if capture {
			return from + "[x]" + to
		}
	case 1:
		return "--(" + g.pick("o-o", "o-o-o", "enpassant") + ")"
	}
	return from + "--" + to
}

// wcompare is a comparison of numbers or strings.
func (g *queryGen) wcompare(d int) string {
	op := g.pick("==", "!=", "<", ">", "<=", ">=")
	if g.r.Intn(5) == 0 {
		return g.wstr(d) + " " + g.pick("==", "!=", "<", ">") + " " + g.wstr(d)
	}
	a := g.wnum(d)
	b := g.wnum(d)
	if g.r.Intn(2) == 0 {
		b = strconv.Itoa(g.r.Intn(20))
	}
	return a + " " + op + " " + b
}

// wideFilter is one of the wide filters.
func (g *queryGen) wideFilter(d int) string {
	if g.wider && g.r.Intn(3) == 0 {
		return g.widerFilter(d)
	}
	switch g.r.Intn(30) {
	case 0, 1, 2:
		return g.wcompare(d - 1)
	case 26:
		// game filters on the tags and the game's comments
		return g.pick("result 1-0", "result 0-1", "result 1/2-1/2", "year > 2000", "year < 1990",
			`player white ~~ "[aeiou]"`, `player black ~~ "^[(]"`, `event ~~ "[0-9]"`, `site ~~ "[?]"`,
			`hascomment "or"`, `originalcomment ~~ "[!?]"`, "sidetomove == white", "sidetomove == black")
	case 27:
		t := g.pick("reversecolor", "notransform", "flipdihedral", "shifthorizontal", "shiftvertical")
		if g.r.Intn(3) == 0 {
			return g.pick("flipcolor", "flip", "fliphorizontal") + " count {" + g.filter(d-1) + "} " + g.pick(">=", "==", "<") + " " + strconv.Itoa(g.r.Intn(4))
		}
		return t + " {" + g.filter(d-1) + "}"
	case 28:
		if len(g.w.nums)+len(g.w.strs) > 0 {
			vs := append(append([]string{}, g.w.nums...), g.w.strs...)
			return g.pick("isbound ", "isunbound ") + vs[g.r.Intn(len(vs))]
		}
		return "move " + g.pick("legal", "pseudolegal") + " count " + g.pick("", "from "+g.set(d-1)+" ") + g.pick(">", "<", "==") + " " + strconv.Itoa(g.r.Intn(12))
	case 29:
		return "move " + g.pick("legal", "pseudolegal") + " count " + g.pick("", "from "+g.set(d-1)+" ", "to "+g.set(d-1)+" ") + g.pick(">", "<", "==") + " " + strconv.Itoa(g.r.Intn(12))
	case 3:
		return "if " + g.paren(g.filter(d-1)) + " then " + g.block(g.filter(d-1)) + " else " + g.block(g.filter(d-1))
	case 4:
		return "(" + g.wpos(d-1) + " : " + g.paren(g.filter(d-1)) + ")"
	case 5:
		return g.pick("ancestor", "descendant") + "(" + g.wpos(d-1) + " " + g.wpos(d-1) + ")"
	case 6:
		return g.pick("initial", "terminal", "mainline", "variation", "virtualmainline")
	case 7:
		return "move " + g.pick("legal", "pseudolegal") + " " + g.pick("from ", "to ") + g.set(d-1)
	case 8:
		if g.r.Intn(2) == 0 {
			return g.pick("legal ", "pseudolegal ") + g.wdash(d, false)
		}
		return g.pick("currentmove ", "") + g.wdash(d, true)
	case 9:
		s := "path"
		if g.r.Intn(2) == 0 {
			s += " " + g.pick("quiet", "lastposition", "firstmatch", "primary", "nestban", "max 3",
				"focus "+g.paren(g.set(d-1)), "focus capture "+g.paren(g.set(d-1)))
		}
		for i, n := 0, 1+g.r.Intn(3); i < n; i++ {
			if g.r.Intn(2) == 0 {
				s += " " + g.wdash(d-1, true)
			} else {
				s += " --(" + g.filter(d-1) + ")"
			}
			if g.r.Intn(3) == 0 {
				s += g.pick("+", "*", "{1,2}", "?")
			}
		}
		return "{" + s + "}"
	case 10:
		return g.wstr(d-1) + " ~~ " + strconv.Quote(g.pick("^[a-h]", "[0-9]$", "K", "1[0-9]", "x|y", "^$"))
	case 11:
		if g.r.Intn(3) == 0 {
			// find all counts: a comparison after a logical body is the count's
			return "find " + g.pick("all ", "<-- all ", "1 50 ") + g.block(g.filter(d-1)) + " " + g.pick(">=", "==", "<") + " " + strconv.Itoa(g.r.Intn(5))
		}
		return "find " + g.pick("", "all ", "<-- ") + g.paren(g.filter(d-1))
	case 12:
		// echo is quadratic in a game's positions: a simple body.
		// Names of its own: CQL stops on an echo inside another with the
		// same names ("the source variable is unexpectedly already bound").
		sv, tv := g.wname("xs"), g.wname("xt")
		b := sv + ":" + g.paren(g.filter(1)) + " " + tv + ":" + g.paren(g.filter(1))
		if g.r.Intn(2) == 0 {
			b = sv + ":" + g.paren(g.wnum(1)) + " " + g.pick("==", "<", ">") + " " + tv + ":" + g.paren(g.wnum(1))
		}
		return "echo (" + sv + " " + tv + ") " + g.pick("", "in all ") + "{" + b + "}"
	case 13:
		if len(g.w.nums) > 0 {
			v := g.w.nums[g.r.Intn(len(g.w.nums))]
			return fmt.Sprintf("{%s = 0 while (%s < %d) {%s += 1 %s} %s %s %d}", v, v, 1+g.r.Intn(4), v, g.filter(1), v, g.pick("==", "<", ">="), g.r.Intn(4))
		}
		return "atomic " + g.wname("xa") + " = " + g.wnum(d-1)
	case 14:
		// every type: comment writes each by its type (<true>, a position...)
		return fmt.Sprintf("comment(\"c%d\" %s)", g.r.Intn(10), g.pick(g.wnum(d-1), g.wstr(d-1), g.wpos(d-1), g.set(d-1), g.paren(g.filter(d-1))))
	case 15:
		if len(g.w.funcs) > 0 {
			return g.w.funcs[g.r.Intn(len(g.w.funcs))] + "(" + g.set(d-1) + ")"
		}
		return g.pick("modelmate", "puremate", "idealmate")
	case 16:
		if len(g.w.dicts) > 0 {
			dd := g.w.dicts[g.r.Intn(len(g.w.dicts))]
			if g.r.Intn(2) == 0 {
				// = only: CQL refuses D[k] += v
				return dd + "[" + g.wstr(d-1) + "] = " + g.wnum(d-1)
			}
			return dd + "[" + g.wstr(d-1) + "] " + g.pick("==", ">", "<") + " " + g.wnum(d-1)
		}
		return g.wcompare(d - 1)
	case 17:
		return "{line --> " + g.block(g.filter(d-1)) + g.pick("", "+", "{1,2}", "*") + " --> " + g.block(g.filter(d-1)) + "}"
	case 18:
		return g.pick("move previous to ", "move previous from ", "move to ", "move from ") + g.wideSet(d-1)
	case 19:
		// A binding inside a block is read only inside it.
		saved := g.w
		s := "{" + g.wideBinding() + " " + g.filter(d-1) + "}"
		n := g.w.n
		g.w = saved
		g.w.n = n
		return s
	case 20:
		return g.pick("enpassant", "castle", "check", "mate", "stalemate")
	case 21:
		return "if " + g.paren(g.filter(d-1)) + " " + g.block(g.filter(d-1))
	}
	return g.wideSet(d)
}
