module github.com/cqlgo/cql

go 1.26.0

require (
	github.com/klauspost/compress v1.20.3
	github.com/notnil/chess v1.10.0
	github.com/spf13/cobra v1.10.2
	golang.org/x/term v0.47.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
