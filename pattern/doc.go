// Package pattern is the board pattern core shared by chess, other board games (tic-tac-toe,
// checkers, Ludo) and, later, Go eye spaces: a board geometry, square sets of any board size, a
// regular-expression language over board directions (seed 000), board descriptions (seed 003)
// and positions.
//
// # Boards and squares
//
// A Geometry is a W x H grid (up to 26 files and 384 cells: 19x19 Go boards, a 15x15 Ludo
// board) with excluded cells, named square types and named directions (steps). Square i is file
// i%W, rank i/W; files are letters from a (west), ranks numbers from 1 (south). A Set holds
// squares of any board in 6 words; boards of at most 64 cells also have a single-word path
// (Env64, AllWord, EndsWord), where on 8x8 bit 0 is a1 and bit 63 is h8 as in chess.
//
// # The pattern language
//
// A pattern is written between slashes, /n* n e empty/, and is checked on a square:
//
//	pattern = term { term }                 concatenation
//	term    = factor { "|" factor }         alternation, binding tighter than concatenation
//	factor  = path | unary
//	path    = direction { direction }       bare directions in a row: one step path
//	unary   = value [ "*" | "+" | "?" ]
//	value   = direction | name | check | "!" check | "(" pattern ")" [ count ]
//	check   = "friend" | "foe" | "empty" | "this" | type-name
//
// Directions are n e s w and the board's named steps (ne = one step north-east). A name is a
// pattern defined beside it (Scope.Define, a description's Pattern statement), used as a macro.
//
// Precedence follows the reference note: `e | w empty` is `(e | w) empty` and
// `n|e|(n e) friend` is `(n | e | (n e)) friend`. A run of bare directions is one path, so
// `(n n e|n n w) empty` is a choice of two knight's leaps (the note's case B18 needs this: under
// a bare "| binds tighter" rule it would read n n (e|n) n (w|...)). Every example of the seed and
// the note reads the same under this rule. A repetition operator ends a path: `n n* e` is the
// path n, then n*, then e.
//
// The meaning is an NFA's: every branch walks on its own; a branch that steps off the board or
// onto an excluded cell dies; checks test the current square without moving (`friend empty` is an
// AND); the pattern is true if some branch reaches the end alive. `friend` is a square with a
// piece of the player to move, `foe` one with a piece of another player (a square may hold both),
// a type name a square of that type or holding a piece of that type, `this` the square of the
// piece the pattern is checked in relation to (Env.This). `!` negates one check.
//
// # Evaluation
//
// Compile builds two evaluators from the syntax tree, which agree on every pattern and position:
//
//   - the set program: All gives every square where the pattern is true at once, running the
//     pattern backwards (a step is a shift of a square set with edge and exclusion masks, a check
//     an intersection, a repetition a semi-naive fixpoint); Ends runs it forwards from a set of
//     start squares to where the walks end (for a move pattern, where a piece could go);
//   - the automaton (a Thompson NFA), walked from one start square at a time by a Walker over
//     (state, square) pairs.
//
// Both terminate on every pattern, including loops that do not move, (n s)* or (empty)*. Neither
// allocates per evaluation. On boards of at most 64 cells the set program runs on one word; the
// shapes of sliding pieces ((n empty)* n) and of CQL's direction filters ((n){1,7}) run as loops of
// rotate-and-mask.
//
// # Chess
//
// Shift64, ShiftN64 and Ray64 are the 8x8 single-word shifts; ChessScope and Compile8 compile
// patterns for 8x8 (piece types are letters); DirectionFilter is CQL's direction filters (up down
// left right northeast northwest southeast southwest vertical horizontal orthogonal diagonal
// anydirection with a range) compiled through the core.
//
// # Descriptions and positions
//
// ParseDescription reads a board description (see Description for the format); Board returns the
// shipped ones (tictactoe, checkers, ludo, seed4x4). Positions are FEN-like (ParsePosition):
// ranks north to south separated by '/', a piece letter or a run of empty squares per square,
// (GG) for several pieces on a square, '-' for an excluded cell, then the player to move.
package pattern
