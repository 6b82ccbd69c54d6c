// Package fspath holds the path rules cql's writers share: where a symbolic link leads, and
// an error without the path a message already names.
package fspath

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// ResolveLinks follows symbolic links from name to what they lead to, which need not exist
// (a dangling link names the file or directory to create), so a writer replaces the link's
// target and keeps the link.
func ResolveLinks(name string) (string, error) {
	for hops := 0; ; hops++ {
		st, err := os.Lstat(name)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return name, nil // missing or not a link: this is the target
		}
		if hops == 40 {
			return "", errors.New("too many levels of symbolic links")
		}
		link, err := os.Readlink(name)
		if err != nil {
			return "", Unwrap(err)
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(name), link)
		}
		name = link
	}
}

// Unwrap drops a *fs.PathError's operation and path (often a temporary file's), which the
// caller's message gives in the user's words.
func Unwrap(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
