package query

import "regexp"

// Nodes for strings, built-in conversions, persistent state and game
// annotations (CQL 6.1 "strings", "persistent", "dictionary", "settag" ...).

// Match is `X ~~ "regex"`: a string filter whose value is the first
// substring of X that the regular expression matches; it fails when there is
// none. A match sets the capture groups read by Capture (\0 \1 ... and \-1).
type Match struct {
	At
	X       Node
	Pattern string
	Re      *regexp.Regexp // compiled by the checker
	// PatternX, for CQLi's `X ~~ Y` with a pattern that is not a quoted
	// string (CQLi 1.0.7), is the string filter that gives the pattern at
	// each evaluation; Pattern and Re are then empty.
	PatternX Node
}

// Capture is `\N` (string: the N-th group of the last successful ~~ match,
// \0 the whole match) or `\-N` (number: the zero-based index in the target
// where that group matched). It fails when the group did not take part.
type Capture struct {
	At
	Group int
	Index bool
	// Name, for CQLi's `\{name}` and `\-{name}`, is the group's name in the
	// pattern of the last ~~ (?P<name>...); Group is then -1.
	Name string
}

// Index is `X[I]` (the character at I, a string of length one) or
// `X[I:J]` (the characters from I up to J, excluded); a negative bound
// counts from the end. On a dictionary variable, `D[K]` is the value stored
// under key K.
type Index struct {
	At
	X, I, J Node // J is nil unless Slice
	Slice   bool
	T       Type
}

// Builtin is a keyword filter with arguments that computes or changes a value:
// lowercase, uppercase, ascii, int, str, indexof, readfile, writefile, assert,
// settag, removecomment, hascomment, originalcomment, eventdate,
// lastgamenumber, isbound, unbind. Name is the keyword; T is the checked type.
type Builtin struct {
	At
	Name string
	Args []Node
	T    Type
	Sym  *Symbol // isbound, unbind: the variable named by the argument
}

// Persistent is `persistent [quiet] x = F` (or +=, ...): Assign is an
// assignment to a variable that keeps its value from game to game; its value
// is printed after the last game unless Quiet.
type Persistent struct {
	At
	Quiet  bool
	Assign *Assign
}

func (*Match) Type() Type { return TypeString }
func (c *Capture) Type() Type {
	if c.Index {
		return TypeNumber
	}
	return TypeString
}
func (x *Index) Type() Type    { return x.T }
func (b *Builtin) Type() Type  { return b.T }
func (*Persistent) Type() Type { return TypeNone }
func (*Match) node()           {}
func (*Capture) node()         {}
func (*Index) node()           {}
func (*Builtin) node()         {}
func (*Persistent) node()      {}

// Dictionary is `[local] dictionary D`: declares the dictionary D, whose
// entries live from game to game unless it is local (then each game starts
// with it empty). Keys are all of one type (string, number, set, or in a
// local dictionary position), values too; the first assignment fixes them.
type Dictionary struct {
	At
	Name  string
	Local bool
	Sym   *Symbol
}

// IndexAssign is `x[I] = V` or `x[I:J] = V` on a string variable x: the
// characters of x that Target selects are replaced by V (CQL 9.493's
// SubstringAssignmentNode). It matches when the bounds and V have values.
type IndexAssign struct {
	At
	Target *Index // Target.X is the variable
	Value  Node
}

func (*IndexAssign) Type() Type { return TypeNone }
func (*IndexAssign) node()      {}

// DictAssign is `D[K] = V`: stores V under K. It matches when K and V have
// values. Op may also be += -= *= /= %= on a dictionary of numbers; then the
// entry must exist (as a variable must be bound for x += 1).
type DictAssign struct {
	At
	Op         Op
	Name       string
	Sym        *Symbol
	Key, Value Node
}

func (*Dictionary) Type() Type { return TypeNone }
func (*DictAssign) Type() Type { return TypeNone }
func (*Dictionary) node()      {}
func (*DictAssign) node()      {}

// DictIter is `K ∊ D body` (or `K [element] D body`) where D is a
// dictionary: body is evaluated with K bound to each key of D in turn, in
// key order; it matches when body matched for some key. K has the type of
// D's keys.
type DictIter struct {
	At
	Name    string // the key variable
	Var     *Symbol
	Dict    string
	DictSym *Symbol
	Body    Node
}

func (*DictIter) Type() Type { return TypeNone }
func (*DictIter) node()      {}
