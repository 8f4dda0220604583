import std/[options, os, unittest]
import lmdb_wrapper

suite "lmdb_wrapper":
  let dir = getTempDir() / "lmdb_wrapper_test"
  createDir(dir)
  let env = openEnv(dir, mapSize = 1 shl 24)

  test "put and get":
    env.withTxn(write = true):
      txn.put("k", "v")
    env.withTxn:
      check txn.get("k") == some("v")

  test "missing key":
    env.withTxn:
      check txn.get("nope").isNone
