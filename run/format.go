package run

import (
	"github.com/cqlgo/cql/chess"
)

// AppendEPD appends the first four FEN fields.
func AppendEPD(dst []byte, p *chess.Position) []byte {
	start := len(dst)
	dst = p.AppendFEN(dst)
	fields := 0
	for i := start; i < len(dst); i++ {
		if dst[i] == ' ' {
			fields++
			if fields == 4 {
				return dst[:i]
			}
		}
	}
	return dst
}
