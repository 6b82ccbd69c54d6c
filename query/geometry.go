package query

import "strconv"

// Geometry filters: board geometry, pins and rays, pawn structure and the
// numeric functions on squares (CQL 6.1 manual: light, dark, file, rank,
// makesquare, between, ray, xray, pin, passedpawns, doubledpawns,
// isolatedpawns, connectedpawns, type, colortype, sqrt), and the transforms
// reversecolor and notransform.

// GeoKind says which geometry filter a Geo node is.
type GeoKind uint8

// Geometry filters. Comments give the value type.
const (
	GeoLight          GeoKind = iota // set: the light squares of X
	GeoDark                          // set: the dark squares of X
	GeoFile                          // number: file 1-8 of the one square of X
	GeoRank                          // number: rank 1-8 of the one square of X
	GeoType                          // number: 1-6 (pawn..king) of the piece on the one square of X, 0 if empty
	GeoColorType                     // number: type, negative for a black piece
	GeoSqrt                          // number: integer square root; no match when negative
	GeoMakeSquare                    // set: makesquare(file rank), files and ranks 1-8; or makesquare "e4" (one string argument)
	GeoBetween                       // set: between(X Y)
	GeoRay                           // set: ray [directions] (X1 ... Xn)
	GeoXray                          // set: xray (X1 ... Xn)
	GeoPin                           // set: pin [from X] [through Y] [to Z]
	GeoPassedPawns                   // set
	GeoDoubledPawns                  // set
	GeoIsolatedPawns                 // set
	GeoConnectedPawns                // set
	GeoPureStalemate                 // set: the participants of a pure stalemate, else empty
	GeoModelStalemate                // set: the participants of a model stalemate, else empty
	GeoReverseColor                  // type of X: X with colours reversed
	GeoNoTransform                   // type of X: X untouched by enclosing transforms
	GeoIdealStalemate                // set: the participants of an ideal stalemate, else empty
	GeoPureMate                      // set: the participants of a pure mate, else empty
	GeoModelMate                     // set: the participants of a model mate, else empty
	GeoIdealMate                     // set: the participants of an ideal mate, else empty
	GeoPieceID                       // number: identity of the piece on the one square of X
	GeoPieceName                     // string: FEN letter of the piece on the one square of X ("Q", "q"; "_" if empty)
	GeoTypeName                      // string: upper-case type letter of that piece ("Q"; "_" if empty)
)

var geoNames = [...]string{"light", "dark", "file", "rank", "type", "colortype", "sqrt", "makesquare",
	"between", "ray", "xray", "pin", "passedpawns", "doubledpawns", "isolatedpawns", "connectedpawns",
	"purestalemate", "modelstalemate", "reversecolor", "notransform", "idealstalemate", "puremate",
	"modelmate", "idealmate", "pieceid", "piecename", "typename"}

func (k GeoKind) String() string {
	if int(k) < len(geoNames) {
		return geoNames[k]
	}
	return "?"
}

// PinValue says which squares a pin filter's value holds: the manual makes
// it depend on the first parameter written.
type PinValue uint8

// Pin values.
const (
	PinThrough PinValue = iota // the pinned pieces (no parameter, or through first)
	PinFrom                    // the pinning pieces (from first)
	PinTo                      // the squares pinned to (to first)
)

// Geo is a geometry filter. Args holds its arguments in source order; for pin
// they are From, Through and To (nil when not given, for the defaults [Aa],
// [Aa], [Kk]). Dirs lists a ray's directions (none: all eight).
type Geo struct {
	At
	Kind  GeoKind
	Args  []Node
	Dirs  []Direction
	Value PinValue
	T     Type
	// First (xray only): the value is the squares of the first argument that start
	// a ray, as for CQL 6.2's chain of arrows X1 → X2 → ... → Xn.
	First bool
}

// Type returns the filter's value type.
func (g *Geo) Type() Type { return g.T }
func (*Geo) node()        {}

var geoWords = map[string]GeoKind{
	"light": GeoLight, "dark": GeoDark, "file": GeoFile, "rank": GeoRank, "type": GeoType,
	"colortype": GeoColorType, "sqrt": GeoSqrt, "makesquare": GeoMakeSquare, "between": GeoBetween,
	"ray": GeoRay, "xray": GeoXray, "pin": GeoPin, "passedpawns": GeoPassedPawns,
	"doubledpawns": GeoDoubledPawns, "isolatedpawns": GeoIsolatedPawns,
	"connectedpawns": GeoConnectedPawns, "reversecolor": GeoReverseColor, "notransform": GeoNoTransform,
	"purestalemate": GeoPureStalemate, "modelstalemate": GeoModelStalemate,
	"idealstalemate": GeoIdealStalemate, "puremate": GeoPureMate, "modelmate": GeoModelMate,
	"idealmate": GeoIdealMate, "pieceid": GeoPieceID,
	"piecename": GeoPieceName, "typename": GeoTypeName,
}

// parseGeometryWord parses a geometry filter; ok is false when w is not one.
// Argument precedence follows the manual's table: light and dark bind like
// direction filters, file rank type colortype like power, sqrt like abs.
func (p *parser) parseGeometryWord(w string, pos Pos) (Node, bool) {
	k, ok := geoWords[w]
	if !ok {
		return nil, false
	}
	p.next()
	g := &Geo{At: At{pos}, Kind: k}
	switch k {
	case GeoLight, GeoDark:
		g.Args = []Node{p.parseArg()}
		return p.prefixBeforeStep(g, &g.Args[0]), true
	case GeoFile, GeoRank, GeoType, GeoColorType, GeoPieceID, GeoPieceName, GeoTypeName:
		g.Args = []Node{p.parseUnion()}
	case GeoSqrt:
		g.Args = []Node{p.parseAdd()}
	case GeoReverseColor, GeoNoTransform:
		g.Args = []Node{p.parseFilter()}
	case GeoMakeSquare:
		g.Args = p.parseMakeSquare()
	case GeoBetween:
		g.Args = p.parseArgList(w, 2, 2)
	case GeoRay:
		if p.isKw("attack") || p.tok.raw == "attacks" {
			// CQL's parser reads `ray attack (...)` as its xray: every direction,
			// kept only where the start square's piece moves that way.
			p.next()
			g.Kind = GeoXray
			g.Args = p.parseArgList("xray", 2, -1)
			break
		}
		g.Dirs = p.parseRayDirections()
		g.Args = p.parseArgList(w, 2, -1)
	case GeoXray:
		g.Args = p.parseArgList(w, 2, -1)
	case GeoPin:
		g.Args = make([]Node, 3)
		first := true
		for p.tok.kind == tIdent {
			var i int
			switch p.tok.text {
			case "from":
				i = 0
			case "through":
				i = 1
			case "to":
				i = 2
			default:
				return g, true
			}
			if g.Args[i] != nil {
				p.errorf(p.tok.pos, "'%s' given twice in pin filter", p.tok.text)
			}
			if first {
				g.Value = [...]PinValue{PinFrom, PinThrough, PinTo}[i]
				first = false
			}
			p.next()
			g.Args[i] = p.parseArg()
		}
	}
	return g, true
}

// parseMakeSquare parses the two forms of CQL's makesquare: `(file rank)` with two
// numbers, or one string naming the square, with or without parentheses
// (`makesquare "e4"`, `makesquare (s)`). The checker tells a string from a number.
func (p *parser) parseMakeSquare() []Node {
	if p.tok.kind != tLParen {
		// CQL reads the string argument with its + concatenations
		// (makesquare "a" + "2" is a2), but not the set operators after it.
		x := p.parseArg()
		for p.tok.kind == tPlus && !p.isRepetition() {
			pos := p.tok.pos
			p.next()
			x = &Binary{At: At{pos}, Op: OpAdd, X: x, Y: p.parseArg()}
		}
		return []Node{x}
	}
	return p.parseArgList("makesquare", 1, 2)
}

// parseArgList parses `( F1 F2 ... )` with between min and max filters (max
// -1: no limit).
func (p *parser) parseArgList(what string, min, max int) []Node {
	pos := p.tok.pos
	p.expect(tLParen, " after '"+what+"'")
	var args []Node
	for p.tok.kind != tRParen && p.tok.kind != tEOF {
		args = append(args, p.parseFilter())
	}
	p.expect(tRParen, " to close '"+what+"('")
	if len(args) < min || max >= 0 && len(args) > max {
		want := strconv.Itoa(min)
		if max < 0 {
			want = "at least " + want
		} else if max != min {
			want += " to " + strconv.Itoa(max)
		}
		p.errorf(pos, "%s needs %s arguments in parentheses, found %d", what, want, len(args))
	}
	return args
}

// checkGeometry types a geometry filter.
func (c *checker) checkGeometry(g *Geo) {
	switch g.Kind {
	case GeoFile, GeoRank, GeoType, GeoColorType, GeoPieceID:
		g.Args[0] = c.set(g.Args[0], "the argument of "+g.Kind.String())
		g.T = TypeNumber
	case GeoPieceName, GeoTypeName:
		// CQL 9.493 piecenamenode.cpp, typenamenode.cpp: a string, no
		// match unless the set is one square.
		g.Args[0] = c.set(g.Args[0], "the argument of "+g.Kind.String())
		g.T = TypeString
	case GeoSqrt:
		g.Args[0] = c.number(g.Args[0], "the argument of sqrt")
		g.T = TypeNumber
	case GeoMakeSquare:
		if len(g.Args) == 1 {
			// CQL: a number needs the form makesquare (file rank).
			g.Args[0] = c.check(g.Args[0])
			if g.Args[0].Type() != TypeString {
				c.errorf(g.Args[0].Pos(), "makesquare takes a string naming a square (makesquare \"e4\") or two numbers in parentheses (makesquare (5 4)), found %s", describe(g.Args[0]))
			}
		} else {
			for i := range g.Args {
				g.Args[i] = c.number(g.Args[i], "an argument of makesquare")
			}
		}
		g.T = TypeSet
	case GeoReverseColor, GeoNoTransform:
		g.Args[0] = c.check(g.Args[0])
		g.T = g.Args[0].Type()
		if g.Kind == GeoReverseColor {
			v, ok, stuck := reverseColor.apply(g.Args[0], &c.copied)
			switch {
			case stuck != nil:
				c.errorf(stuck.Pos(), "%s cannot be used inside reversecolor: this implementation does not know how to transform it", describe(stuck))
			case ok:
				g.Args[0] = v
			}
		}
	default:
		for i, a := range g.Args {
			if a != nil {
				g.Args[i] = c.set(a, "an argument of "+g.Kind.String())
			}
		}
		g.T = TypeSet
	}
}

// reverseColor is the colour reversal of flipcolor without the identity.
var reverseColor = xform{m: [2][2]int{{1, 0}, {0, -1}}, swap: true}

// parseRayDirections reads the direction words after `ray`. CQL expands each
// word into its basic directions and refuses a ray naming one twice
// (`ray up up`, `ray up vertical`, `ray orthogonal left`).
func (p *parser) parseRayDirections() []Direction {
	var dirs []Direction
	var seen [8]string // the word that first named each basic direction
	for p.tok.kind == tIdent {
		d, ok := directions[p.tok.text]
		if !ok {
			break
		}
		for _, b := range basicDirs(d) {
			if first := seen[b]; first != "" {
				if first == p.tok.text {
					p.errorf(p.tok.pos, "direction '%s' is given twice in ray: each direction may be named once", first)
				}
				p.errorf(p.tok.pos, "directions '%s' and '%s' in ray both hold %s: each direction may be named once", first, p.tok.text, b)
			}
			seen[b] = p.tok.text
		}
		dirs = append(dirs, d)
		p.next()
	}
	return dirs
}
