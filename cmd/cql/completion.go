package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/cobra"
)

// Shell completion: `cql completion bash|zsh|fish|powershell` writes cobra's script for that
// shell; the script asks `cql __complete ARGS...` for the words, which completionTree answers
// with every command and its flags, and the query command's options from queryOptions.
// Neither "completion" nor "__complete" is a CQL word (TestSubcommandsAreNotCQLWords).

// completionRequest reports whether args[0] asks the completion machinery (cobra's hidden
// commands __complete and __completeNoDesc).
func completionRequest(args []string) bool {
	return len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd)
}

// completionTree is the whole command line as one cobra tree: the query command at the root
// and every subcommand under it.
func completionTree() *cobra.Command {
	root := newRootCmd()
	root.Use = "cql"
	root.ValidArgsFunction = completeQuery
	names := make([]string, 0, len(subcommands))
	for name := range subcommands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		root.AddCommand(subcommands[name]())
	}
	return root
}

// completeQuery offers the query command's options for a word starting with a dash, and
// files otherwise (scripts and PGN files).
func completeQuery(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if strings.HasPrefix(toComplete, "-") {
		var out []string
		for _, o := range queryOptions {
			if o.hidden {
				continue
			}
			for _, n := range o.names {
				for _, spelled := range []string{"-" + n, "--" + n} {
					if strings.HasPrefix(spelled, toComplete) {
						out = append(out, spelled+"\t"+o.help)
					}
				}
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
	// A query, a script, an option's argument or files (cobra adds the commands' names).
	return nil, cobra.ShellCompDirectiveDefault
}

// newCompletionCmd is cql completion SHELL.
func newCompletionCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "completion bash|zsh|fish|powershell",
		Short: "Write the shell completion script for bash, zsh, fish or powershell to standard output",
		Long: `Write the shell completion script for cql to standard output. For example:
  bash:        source <(cql completion bash)     (or save it in /etc/bash_completion.d/cql)
  zsh:         cql completion zsh > "${fpath[1]}/_cql"
  fish:        cql completion fish > ~/.config/fish/completions/cql.fish
  powershell:  cql completion powershell | Out-String | Invoke-Expression
The script completes commands, their flags, the query command's options and file names.`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: []string{"bash", "zsh", "fish", "powershell"},
		RunE: func(cmd *cobra.Command, args []string) error {
			root, out := completionTree(), cmd.OutOrStdout()
			switch args[0] {
			case "bash":
				return root.GenBashCompletionV2(out, true)
			case "zsh":
				return root.GenZshCompletion(out)
			case "fish":
				return root.GenFishCompletion(out, true)
			case "powershell":
				return root.GenPowerShellCompletionWithDesc(out)
			}
			return fmt.Errorf("no completion for shell %q: give bash, zsh, fish or powershell", args[0])
		},
	}
	return cmd
}
