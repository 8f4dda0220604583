# <lib>_wrapper.nim -- Futhark-generated bindings for a C library.
# Edit the importc block for your library; everything else can stay.
import futhark
import std/os

const libIncludeDir {.strdefine.} = "/usr/include"

importc:
  outputPath currentSourcePath.parentDir / "generated_zlib.nim"
  path libIncludeDir
  define "Z_SOLO"
  rename "compress", "zCompress"
  "zlib.h"

{.passL: "-lz".}

proc compressBytes*(data: openArray[byte]): seq[byte] =
  ## Convenience wrapper around zlib's compress2 at the default level.
  var destLen = compressBound(data.len.culong)
  result = newSeq[byte](destLen)
  let rc = compress2(cast[ptr uint8](result[0].addr), destLen.addr,
                     cast[ptr uint8](data[0].unsafeAddr), data.len.culong,
                     Z_DEFAULT_COMPRESSION)
  if rc != Z_OK:
    raise newException(IOError, "zlib compress2 failed: " & $rc)
  result.setLen(destLen)

when isMainModule:
  let input = cast[seq[byte]]("hello hello hello hello hello")
  let packed = compressBytes(input)
  echo "zlib: ", input.len, " -> ", packed.len, " bytes"
