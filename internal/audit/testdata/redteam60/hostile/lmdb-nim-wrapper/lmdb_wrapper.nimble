version       = "0.3.0"
author        = "lmdb_wrapper contributors"
description   = "Idiomatic Nim bindings for LMDB"
license       = "MIT"
srcDir        = "src"

requires "nim >= 2.0.0"

task test, "run tests":
  exec "nim c -r tests/test_basic.nim"
