package query

// CQLi's imaginary positions (cql64.com/manual, "Imaginary Position
// Exploration"; docs/cqli.md row 18): imagine, currentmutation and
// saveposition. They are read as Builtin nodes, so the walkers, the printer
// and the transforms (flipcolor turns imagine's Qd5 into qd4 and wtm into
// btm) handle them as they handle any other. None is a reserved word: a name
// a script has assigned as a variable stays the variable.
//
//	imagine M ... : F
//
// M is a mutation: a piece designator of one piece type and named squares
// (Qd5, N[c3,f3]: put that piece on each square) or of the empty square
// (_e4: take off what stands there), or wtm or btm (the side to move). F is
// evaluated at the current position with the mutations made, in order. The
// manual's text on the syntax was not seen (only its chapter's first
// paragraphs): this is our reading, modelled on its speculative move
// (`move legal ... : F`).

// parseCQLiImagine parses what follows the word imagine (already read).
func (p *parser) parseCQLiImagine(pos Pos) Node {
	b := &Builtin{At: At{pos}, Name: "imagine"}
	for {
		t := p.tok
		switch {
		case t.kind == tPiece:
			p.next()
			b.Args = append(b.Args, &PieceDesignator{At: At{t.pos}, Pieces: t.pieces, Squares: t.squares, Text: t.raw})
			continue
		case t.kind == tIdent && (t.text == "wtm" || t.text == "btm"):
			p.next()
			k := KwWtm
			if t.text == "btm" {
				k = KwBtm
			}
			b.Args = append(b.Args, &Keyword{At: At{t.pos}, Kind: k, T: TypeNone})
			continue
		}
		break
	}
	if len(b.Args) == 0 {
		p.errorf(p.tok.pos, "imagine needs mutations (Qd5 to put a queen on d5, _e4 to empty e4, wtm or btm) before ':'")
	}
	p.expect(tColon, " after imagine's mutations (imagine Qd5 _e4 : check)")
	p.enter()
	defer p.leave()
	b.Args = append(b.Args, p.parseUnary())
	return b
}

// cqliBuiltinWord returns the node for CQLi's words read as builtins
// (imagine, currentmutation), or nil when w is not one or names a variable.
func (p *parser) cqliBuiltinWord(w string, pos Pos) Node {
	if p.declared[w] {
		return nil
	}
	switch w {
	case "imagine":
		return p.parseCQLiImagine(pos)
	case "currentmutation":
		return &Builtin{At: At{pos}, Name: "currentmutation", T: TypeString}
	case "removetag":
		return p.parseRemoveTag(pos)
	case "variant":
		return &Builtin{At: At{pos}, Name: "variant", T: TypeString}
	case "variantend":
		return &Builtin{At: At{pos}, Name: "variantend", T: TypeNone}
	}
	return nil
}

// checkImagine checks imagine's mutations and target (see above).
func (c *checker) checkImagine(n *Builtin) {
	n.T = TypeNone
	last := len(n.Args) - 1
	for _, a := range n.Args[:last] {
		switch m := a.(type) {
		case *PieceDesignator:
			k := 0
			for pc := WhiteKing; pc < NumPieces; pc++ {
				if m.Pieces.Has(pc) {
					k++
				}
			}
			switch {
			case k != 1:
				c.errorf(m.Pos(), "imagine: '%s' names %d kinds of square content; a mutation puts one piece (Qd5) or empties squares (_e4)", m.Text, k)
			case m.Squares == AllSquares:
				c.errorf(m.Pos(), "imagine: '%s' names no square; say where (Qd5, _e4)", m.Text)
			}
		case *Keyword:
		default:
			c.errorf(a.Pos(), "imagine: a mutation is a piece on squares (Qd5), an empty square (_e4), wtm or btm")
		}
	}
	n.Args[last] = c.check(n.Args[last])
	Inspect(n.Args[last], func(x Node) bool {
		_, comment := x.(*Comment)
		b, builtin := x.(*Builtin)
		if comment || builtin && (b.Name == "settag" || b.Name == "removetag" || b.Name == "removecomment" || b.Name == "writefile") {
			c.errorf(x.Pos(), "imagine's target is evaluated at a position not in the game: comments, messages, settag, removecomment and writefile are not supported there")
		}
		return true
	})
}
