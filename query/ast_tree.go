package query

// Game-tree filters: positions as values and navigation between them.
//
// A position value names one node of the game tree. CQL numbers the nodes
// of a game depth first, the primary (main) continuation of a node before its
// variations; that number is the position id, and comparisons of positions
// (== != < <= > >=) compare ids.

// TreeKind says which game-tree filter a Tree node is.
type TreeKind uint8

// Game-tree filters. Comments give the value type and the arguments (Args).
const (
	TreeParent          TreeKind = iota // position: the parent (fails at the initial position)
	TreeChild                           // position: child N (Args[0], default 0: the primary child)
	TreeInitialPosition                 // position: the game's initial position
	TreePositionByID                    // position: the position whose id is Args[0]
	TreePositionID                      // number: the current position's id
	TreeDepth                           // number: secondary moves on the path from the initial position
	TreeVirtualMainline                 // logical: every branch on the path was initiated by Black
	TreeAncestor                        // logical: Args[0] is a strict ancestor of Args[1]
	TreeDescendant                      // logical: Args[0] is a strict descendant of Args[1]
	TreeAncestorEq                      // logical: Args[0] is Args[1] or an ancestor of it (≼)
	TreeDescendantEq                    // logical: Args[0] is Args[1] or a descendant of it (≽)
	TreeLCA                             // position: latest common ancestor of Args[0] and Args[1]
	TreeDistance                        // number: moves between Args[0] and Args[1] through their LCA
	TreeCountMoves                      // number: moves played from the current position (children visited)
	// CQL 6.2's path status filters (experimental in CQL): inside a path's
	// constituent they describe the path being matched, outside it the
	// last path filter of the game that matched.
	TreePathStart          // position: the path's start position
	TreePathLastPosition   // position: the tail of the last move matched (of the best path, outside)
	TreePathCount          // number: moves matched so far, out-of-focus moves not counted (outside a path: the last matched path's)
	TreePathCountUnfocused // number: CQL's ply - pathstart:ply - pathcount (inside a path: the out-of-focus moves so far)
)

var treeNames = [...]string{
	TreeParent: "parent", TreeChild: "child", TreeInitialPosition: "initialposition",
	TreePositionByID: "position", TreePositionID: "positionid", TreeDepth: "depth",
	TreeVirtualMainline: "virtualmainline", TreeAncestor: "ancestor", TreeDescendant: "descendant",
	TreeAncestorEq: "ancestor-or-self", TreeDescendantEq: "descendant-or-self",
	TreeLCA: "lca", TreeDistance: "distance", TreeCountMoves: "countmoves",
	TreePathStart: "pathstart", TreePathLastPosition: "pathlastposition", TreePathCount: "pathcount",
	TreePathCountUnfocused: "pathcountunfocused",
}

func (k TreeKind) String() string {
	if int(k) < len(treeNames) {
		return treeNames[k]
	}
	return "?"
}

// Tree is a game-tree filter (see TreeKind). Args are position filters,
// except for child and position, whose argument is a number.
type Tree struct {
	At
	Kind TreeKind
	Args []Node
	// Op is the order operator (≺ ≼ ≻ ≽ or its ASCII spelling) the node
	// was written with; "" for the named filters.
	Op string
	T  Type
}

// Type returns the filter's value type, set by the checker.
func (t *Tree) Type() Type { return t.T }
func (*Tree) node()        {}

// Colon is `position : filter`: X evaluated with the current position set to
// the value of Position. It matches when Position has a value and X matches there; its
// value is X's value there. `:` binds tighter than any other operator.
type Colon struct {
	At
	Position, X Node
}

// Type is the type of the filter on the right.
func (c *Colon) Type() Type { return c.X.Type() }
func (*Colon) node()        {}

// ConsecutiveMoves is `consecutivemoves [quiet] [range] (x y)`: the length
// of the longest run of consecutive moves played on the way from lca(x y)
// to x that is also played, in the same order, on the way to y. A number;
// with a range it matches only when the length is in it.
type ConsecutiveMoves struct {
	At
	Quiet bool
	Range *Range
	X, Y  Node
}

// Type is number.
func (*ConsecutiveMoves) Type() Type { return TypeNumber }
func (*ConsecutiveMoves) node()      {}
