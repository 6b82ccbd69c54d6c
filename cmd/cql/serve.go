package main

import (
	"fmt"
	"os/exec"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/cqlgo/cql/serve"
)

// newServeCmd is `cql serve`: the local web application (package serve).
func newServeCmd() *cobra.Command {
	var (
		indexDir, addr  string
		open            bool
		timeLimit       time.Duration
		maxRuns         int
		maxMemoryMB     int64
		threads         int
		allowAllNetwork bool
	)
	cmd := &cobra.Command{
		Use:   "serve [--index DIR | FILE...] [--addr 127.0.0.1:8080] [--open]",
		Short: "Search a database with CQL in the browser: a local web server",
		Long: `Start a web server on this machine over one fixed database (an index, or PGN files of any
format cql reads) and print its URL: a page to type a CQL query, watch it run and browse the
matching positions as boards, open their games, see statistics and download the result.

It listens on 127.0.0.1 unless --addr says otherwise. Queries that read or write files
(readfile, writefile, the header's input and output) are refused: the server reads only the
database named here. Each run stops at --time-limit; at most --max-runs run at once; the
results kept of all runs take at most --max-memory MB (the oldest runs are dropped first).
See docs/serve.md.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if indexDir == "" && len(args) == 0 {
				return fmt.Errorf("give the database: %s", cmd.UseLine())
			}
			if host := hostOf(addr); !allowAllNetwork && host != "127.0.0.1" && host != "localhost" && host != "::1" {
				return fmt.Errorf("--addr %s listens beyond this machine: add --public to mean it (anyone who reaches the port can run queries)", addr)
			}
			s, err := serve.New(cmd.Context(), serve.Config{Index: indexDir, Files: args, TimeLimit: timeLimit,
				MaxRuns: maxRuns, MaxMemory: maxMemoryMB << 20, Threads: threads})
			if err != nil {
				return err
			}
			defer s.Close()
			return s.ListenAndServe(cmd.Context(), addr, func(url string) {
				fmt.Fprintf(cmd.OutOrStdout(), "cql serve: %s (Ctrl+C stops it)\n", url)
				if open {
					openBrowser(url)
				}
			})
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&indexDir, "index", "", "serve the index in `DIR` (see cql index build)")
	fl.StringVar(&addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
	fl.BoolVar(&open, "open", false, "open the page in a browser")
	fl.DurationVar(&timeLimit, "time-limit", serve.DefaultTimeLimit, "stop each run after this long")
	fl.IntVar(&maxRuns, "max-runs", serve.DefaultMaxRuns, "runs (and downloads) at once")
	fl.Int64Var(&maxMemoryMB, "max-memory", serve.DefaultMaxMemory>>20, "MB of results kept for all runs")
	fl.IntVar(&threads, "threads", 0, "workers of a run (0: one per CPU)")
	fl.BoolVar(&allowAllNetwork, "public", false, "allow an --addr beyond this machine")
	return cmd
}

func hostOf(addr string) string {
	for i := len(addr) - 1; i >= 0; i-- {
		if addr[i] == ':' {
			h := addr[:i]
			if len(h) > 1 && h[0] == '[' {
				h = h[1 : len(h)-1]
			}
			return h
		}
	}
	return addr
}

// openBrowser opens url in the desktop's browser, where there is one.
func openBrowser(url string) {
	var c *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		c = exec.Command("open", url)
	case "windows":
		c = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		c = exec.Command("xdg-open", url)
	}
	if c.Start() == nil {
		go c.Wait()
	}
}
