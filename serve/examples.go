package serve

// example is one query of the page's pick list.
type example struct{ Name, Query string }

// examples are the page's pick list: the README's, the seed query and some of CQL's own
// example scripts (their input header left out: the server reads its own database).
var examples = []example{
	{"Checkmate", "mate\n"},
	{"Stalemate", "stalemate\n"},
	{"The seed: a rook between its attacks (square x in h1-8)", "square x in h1-8 {R attacks x x attacks K}\n"},
	{"A king in check by two pieces (double check)", "# A attacks k == 2\n"},
	{"Underpromotion to a knight", "move promote N\n"},
	{"At least 5 consecutive checks, sorted (CQL's consecutive-checks.cql)", "/********\nFind games with at least 5 consecutive checks,\nsorted by the number of consecutive checks\n**********/\n\n\nsort \"number of consecutive checks\"\n  ⊢ nestban\n    ―― check{5,}\n"},
	{"Two queens each, six pieces (CQL's QQqq.cql)", "/* six-piece positions of King and two queens\n   versus King and two queens*/\n\n\n♕==♛==2\n◭==6\n"},
	{"A white excelsior (CQL's excelsior-simple.cql)", "/********\nThis file finds games at least one White excelsior.\nSee excelsior-multiple.cql for games with multiple excelsiors of either color\nIt illustrates that the ID of a piece does not change after promotion\n********/\n\n\n\n◭E∊♙a-h2\n  find E――=△\n"},
	{"Castling echo, in variations too (CQL's castleecho.cql)", "/*******\nTwo positions differ only in that in one castling (to a particular side) is allowed\nand in the other that kind of castling is not allowed.\n*******/\n\ncql(variations)\n legal ――(castle)\necho(source target){\n  sidetomove==source:sidetomove\n  source∩target==▦\n  {source:legal ――(o-o)\n   not legal ――(o-o)\n   /// \"o-o is not legal\"\n   source:/// \"o-o is legal\"\n  }\n  or\n  {source:legal ――(o-o-o)\n   not legal ――(o-o-o)\n   /// \"o-o-o is not legal\"\n   source:/// \"o-o-o is legal\"\n  }\n}\n"},
}
