package serve

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"github.com/cqlgo/cql/chess"
	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/run"
)

// card is one matched position on a page of results.
type card struct {
	N        int // its place in the result, from 1
	Game     int // its game's place in the result, from 0 (the viewer's k)
	Node     int32
	Board    []byte
	FEN      string
	White    string
	Black    string
	WhiteElo string
	BlackElo string
	Event    string
	Site     string
	SiteURL  string
	Date     string
	Round    string
	Result   string
	ECO      string
	Move     string // the move that led here, with its number ("24. Qxf7#"); "" at the start
	Around   []byte // the moves around it (the move in bold)
	// Variation is the moves of the variation the position lies in ("" on the main line).
	Variation string
	Comments  []string
	Sorts     []string
	File      string
	Number    int
}

// readsVariations says whether the run read the games' variations: the node numbers of its
// records count them then, and the games are parsed alike for its pages.
func readsVariations(ss *session) bool {
	return run.ReadOptions(ss.q, run.Options{Format: "jsonl"}).Variations
}

// handlePage answers a page of results: up to PageSize positions from offset, as HTML
// cards, with the run's status.
func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	offset, err := intParam(r, "offset", 0)
	if err != nil {
		httpError(w, http.StatusBadRequest, "%v", err)
		return
	}
	var games []pageGame
	if ss.lazy {
		// Before the check: the positions of decided games up to offset are counted here.
		games, err = s.lazyPage(r.Context(), ss, offset, PageSize)
	} else {
		games, err = ss.page(offset, PageSize, s.db.ix == nil)
	}
	if err != nil {
		httpError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	ss.mu.Lock()
	kept := ss.kept()
	ss.mu.Unlock()
	if offset > kept || offset == kept && kept > 0 {
		httpError(w, http.StatusBadRequest, "offset %d is past the end of the result (%d positions so far)", offset, kept)
		return
	}
	cards, err := s.cardsOf(r, ss, games, offset)
	if err != nil {
		httpError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	var b bytes.Buffer
	if err := s.cards.Execute(&b, cards); err != nil {
		httpError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"offset": offset, "count": len(cards), "html": b.String(), "status": s.status(ss)})
}

func (s *Server) cardsOf(r *http.Request, ss *session, games []pageGame, offset int) ([]card, error) {
	refs := make([]gameRef, len(games))
	for k := range games {
		refs[k] = games[k].rec.ref
	}
	var cards []card
	n := offset
	err := s.db.fetch(r.Context(), refs, readsVariations(ss), func(k int, g *pgn.Game) {
		pg := &games[k]
		for _, p := range pg.rec.positions[pg.first:pg.end] {
			n++
			if int(p.node) >= len(g.Nodes) {
				continue // not the game that was read: cannot happen with an unchanged database
			}
			cards = append(cards, newCard(g, p, n, pg.k, pg.sortValues))
		}
	})
	return cards, err
}

func newCard(g *pgn.Game, p position, n, k int, sorts []string) card {
	nd := &g.Nodes[p.node]
	bd := run.Board{Marked: p.marked, Coordinates: true}
	if nd.Parent >= 0 {
		bd.Move = nd.Move
	}
	tag := func(name string) string { return pgn.TextUTF8(g.Tag(name)) }
	c := card{N: n, Game: k, Node: p.node, Board: run.AppendBoardSVG(nil, &nd.Pos, bd), FEN: nd.Pos.FEN(),
		White: orUnknown(tag("White")), Black: orUnknown(tag("Black")), WhiteElo: tag("WhiteElo"), BlackElo: tag("BlackElo"),
		Event: tag("Event"), Site: tag("Site"), Date: tag("Date"), Round: tag("Round"), Result: pgn.TextUTF8(result(g)),
		ECO: tag("ECO"), Around: run.AppendMovesAround(nil, g, p.node), Variation: run.VariationMoves(g, p.node),
		Comments: p.comments, Sorts: sorts, File: g.File, Number: g.Number}
	if strings.HasPrefix(c.Site, "https://") || strings.HasPrefix(c.Site, "http://") {
		c.SiteURL = c.Site
	}
	if nd.Parent >= 0 {
		c.Move = moveLabel(g, p.node)
	}
	return c
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

func result(g *pgn.Game) string {
	if g.Result != "" {
		return g.Result
	}
	return g.Tag("Result")
}

// moveLabel is the move that led to node i with its number: "24. Qxf7#", "24... Kh8".
func moveLabel(g *pgn.Game, i int32) string {
	nd := &g.Nodes[i]
	parent := &g.Nodes[nd.Parent].Pos
	b := strconv.AppendInt(nil, int64(parent.FullmoveNumber()), 10)
	if parent.SideToMove() == chess.White {
		b = append(b, ". "...)
	} else {
		b = append(b, "... "...)
	}
	return string(parent.AppendSANTo(b, nd.Move, &nd.Pos))
}

// gameNode is one position of the game viewer.
type gameNode struct {
	Parent    int32    `json:"p"`
	Children  []int32  `json:"c,omitempty"` // the main continuation first
	SAN       string   `json:"san,omitempty"`
	Number    string   `json:"num,omitempty"` // "12." before a white move, "12..." before black's
	Variation bool     `json:"v,omitempty"`
	Before    string   `json:"cb,omitempty"` // the game's comment before the move
	Comment   string   `json:"ca,omitempty"` // and after it
	NAGs      []uint8  `json:"nags,omitempty"`
	Matched   bool     `json:"m,omitempty"`
	Comments  []string `json:"qc,omitempty"` // the query's comments here
	FEN       string   `json:"fen"`
	Board     string   `json:"svg"`
}

// handleGame answers the result's game k for the viewer: its tags and every position
// (variations included) with its board, the matched ones marked.
func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	k, err := intParam(r, "k", 0)
	if err != nil {
		httpError(w, http.StatusBadRequest, "%v", err)
		return
	}
	var rec gameRecord
	var sorts []string
	if ss.lazy {
		rec, err = s.lazyGame(r.Context(), ss, k)
	} else {
		rec, sorts, err = ss.game(k, s.db.ix == nil)
	}
	if err != nil {
		httpError(w, http.StatusBadRequest, "%v", err)
		return
	}
	byNode := readsVariations(ss)
	var out map[string]any
	err = s.db.fetch(r.Context(), []gameRef{rec.ref}, true, func(_ int, g *pgn.Game) {
		out = gameJSON(g, rec, byNode)
	})
	if err == nil && out == nil {
		err = errNoGame
	}
	if err != nil {
		httpError(w, http.StatusInternalServerError, "%v", err)
		return
	}
	out["k"], out["sorts"] = k, sorts
	writeJSON(w, http.StatusOK, out)
}

type gameError string

func (e gameError) Error() string { return string(e) }

const errNoGame = gameError("the game was not found in the database")

// maxViewerNodes bounds the boards the viewer gets (a game with huge variations).
const maxViewerNodes = 20000

func gameJSON(g *pgn.Game, rec gameRecord, byNode bool) map[string]any {
	n := min(len(g.Nodes), maxViewerNodes)
	nodes := make([]gameNode, n)
	// The main line's node of each ply, to find the matched positions of a run that read
	// the main line alone (its node numbers are not these).
	var main []int32
	for i := int32(0); i >= 0 && int(i) < n; i = g.Nodes[i].FirstChild {
		main = append(main, i)
	}
	var buf []byte
	for i := 0; i < n; i++ {
		nd := &g.Nodes[i]
		gn := &nodes[i]
		gn.Parent, gn.Variation = nd.Parent, nd.Variation
		for c := nd.FirstChild; c >= 0 && int(c) < n; c = g.Nodes[c].NextSibling {
			gn.Children = append(gn.Children, c)
		}
		if nd.Parent >= 0 {
			parent := &g.Nodes[nd.Parent].Pos
			buf = parent.AppendSANTo(buf[:0], nd.Move, &nd.Pos)
			gn.SAN = string(buf)
			gn.Number = strconv.Itoa(parent.FullmoveNumber()) + "."
			if parent.SideToMove() == chess.Black {
				gn.Number += ".."
			}
		}
		gn.Before = pgn.TextUTF8(g.CommentBefore(int32(i)))
		gn.Comment = pgn.TextUTF8(g.Comment(int32(i)))
		gn.NAGs = g.NAGs(int32(i))
		gn.FEN = nd.Pos.FEN()
	}
	marked := make(map[int32]chess.Bitboard)
	for _, p := range rec.positions {
		i := p.node
		if !byNode {
			if int(p.ply) >= len(main) {
				continue
			}
			i = main[p.ply]
		}
		if int(i) >= n {
			continue
		}
		nodes[i].Matched = true
		nodes[i].Comments = append(nodes[i].Comments, p.comments...)
		marked[i] = p.marked
	}
	for i := 0; i < n; i++ {
		nd := &g.Nodes[i]
		bd := run.Board{Marked: marked[int32(i)], Coordinates: true}
		if nd.Parent >= 0 {
			bd.Move = nd.Move
		}
		nodes[i].Board = string(run.AppendBoardSVG(buf[:0], &nd.Pos, bd))
	}
	tags := make([][2]string, 0, len(g.Tags))
	for _, t := range g.Tags {
		tags = append(tags, [2]string{t.Name, pgn.TextUTF8(t.Value)})
	}
	return map[string]any{"file": g.File, "number": g.Number, "tags": tags, "result": pgn.TextUTF8(result(g)),
		"nodes": nodes, "cut": n < len(g.Nodes)}
}
