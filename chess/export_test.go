package chess

// Test hooks: the fast SAN reader and the general one, to compare them.
func (p *Position) QuickSAN(s []byte) Move            { return p.quickSAN(s) }
func (p *Position) GeneralSAN(s []byte) (Move, error) { return p.parseSAN(s) }
