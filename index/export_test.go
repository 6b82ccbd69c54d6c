package index

import badger "github.com/dgraph-io/badger/v4"

func badgerOpenRW(dir string) (*badger.DB, error) { return badger.Open(badgerOptions(dir)) }

func setKey(db *badger.DB, key, value string) error {
	return db.Update(func(txn *badger.Txn) error { return txn.Set([]byte(key), []byte(value)) })
}
