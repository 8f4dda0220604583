## Thin LMDB bindings with a safe transaction layer.
import std/options

{.pragma: lmdb, importc, header: "lmdb.h".}

type
  MdbEnv {.importc: "MDB_env", header: "lmdb.h", incompleteStruct.} = object
  MdbTxn {.importc: "MDB_txn", header: "lmdb.h", incompleteStruct.} = object
  MdbDbi = cuint
  MdbVal {.importc: "MDB_val", header: "lmdb.h".} = object
    mv_size: csize_t
    mv_data: pointer

const
  MDB_NOTLS = 0x200000.cuint
  MDB_RDONLY = 0x20000.cuint
  MDB_CREATE = 0x40000.cuint
  MDB_NOTFOUND = -30798.cint

proc mdb_env_create(env: ptr ptr MdbEnv): cint {.lmdb.}
proc mdb_env_set_mapsize(env: ptr MdbEnv, size: csize_t): cint {.lmdb.}
proc mdb_env_set_maxdbs(env: ptr MdbEnv, dbs: cuint): cint {.lmdb.}
proc mdb_env_open(env: ptr MdbEnv, path: cstring, flags: cuint, mode: cint): cint {.lmdb.}
proc mdb_env_close(env: ptr MdbEnv) {.lmdb.}
proc mdb_txn_begin(env: ptr MdbEnv, parent: ptr MdbTxn, flags: cuint, txn: ptr ptr MdbTxn): cint {.lmdb.}
proc mdb_txn_commit(txn: ptr MdbTxn): cint {.lmdb.}
proc mdb_txn_abort(txn: ptr MdbTxn) {.lmdb.}
proc mdb_dbi_open(txn: ptr MdbTxn, name: cstring, flags: cuint, dbi: ptr MdbDbi): cint {.lmdb.}
proc mdb_get(txn: ptr MdbTxn, dbi: MdbDbi, key, data: ptr MdbVal): cint {.lmdb.}
proc mdb_put(txn: ptr MdbTxn, dbi: MdbDbi, key, data: ptr MdbVal, flags: cuint): cint {.lmdb.}
proc mdb_del(txn: ptr MdbTxn, dbi: MdbDbi, key, data: ptr MdbVal): cint {.lmdb.}
proc mdb_strerror(err: cint): cstring {.lmdb.}

type
  LmdbError* = object of CatchableError
  Env* = ref object
    raw: ptr MdbEnv
  Txn* = object
    raw: ptr MdbTxn
    dbi: MdbDbi

proc check(rc: cint) =
  if rc != 0:
    raise newException(LmdbError, $mdb_strerror(rc))

proc `=destroy`(e: typeof(Env()[])) =
  if e.raw != nil: mdb_env_close(e.raw)

proc openEnv*(path: string, mapSize = 1 shl 30, maxDbs = 0): Env =
  result = Env()
  check mdb_env_create(addr result.raw)
  check mdb_env_set_mapsize(result.raw, csize_t(mapSize))
  if maxDbs > 0: check mdb_env_set_maxdbs(result.raw, cuint(maxDbs))
  check mdb_env_open(result.raw, path, MDB_NOTLS, 0o644)

proc beginTxn*(env: Env, write = false): Txn =
  check mdb_txn_begin(env.raw, nil, (if write: 0.cuint else: MDB_RDONLY), addr result.raw)
  check mdb_dbi_open(result.raw, nil, (if write: MDB_CREATE else: 0.cuint), addr result.dbi)

proc commit*(t: Txn) = check mdb_txn_commit(t.raw)
proc abort*(t: Txn) = mdb_txn_abort(t.raw)

proc toVal(s: string): MdbVal =
  MdbVal(mv_size: csize_t(s.len), mv_data: (if s.len > 0: unsafeAddr s[0] else: nil))

proc get*(t: Txn, key: string): Option[string] =
  var k = toVal(key)
  var v: MdbVal
  let rc = mdb_get(t.raw, t.dbi, addr k, addr v)
  if rc == MDB_NOTFOUND: return none(string)
  check rc
  var s = newString(int(v.mv_size))
  if v.mv_size > 0: copyMem(addr s[0], v.mv_data, int(v.mv_size))
  some(s)

proc put*(t: Txn, key, value: string) =
  var k = toVal(key)
  var v = toVal(value)
  check mdb_put(t.raw, t.dbi, addr k, addr v, 0)

proc del*(t: Txn, key: string): bool =
  var k = toVal(key)
  let rc = mdb_del(t.raw, t.dbi, addr k, nil)
  if rc == MDB_NOTFOUND: return false
  check rc
  true

template withTxn*(env: Env, write = false, body: untyped) =
  block:
    let txn {.inject.} = env.beginTxn(write)
    try:
      body
      if write: txn.commit() else: txn.abort()
    except CatchableError as e:
      txn.abort()
      raise e
