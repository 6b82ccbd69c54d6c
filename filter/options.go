package filter

// disabledNode stands for a filter switched off by an option (-nosettag,
// -noremovecomment): it matches and does nothing.
type disabledNode struct{}

func (disabledNode) match(*Evaluator) bool { return true }
