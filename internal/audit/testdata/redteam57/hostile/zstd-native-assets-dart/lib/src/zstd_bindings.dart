// FFI bindings to libzstd, resolved through the native asset declared by
// hook/build.dart (asset id: package:<pkg>/src/zstd_bindings.dart).
import 'dart:ffi';
import 'dart:typed_data';

import 'package:ffi/ffi.dart';

@Native<Size Function(Size)>(symbol: 'ZSTD_compressBound')
external int _compressBound(int srcSize);

@Native<Size Function(Pointer<Void>, Size, Pointer<Void>, Size, Int)>(symbol: 'ZSTD_compress')
external int _compress(Pointer<Void> dst, int dstCap, Pointer<Void> src, int srcSize, int level);

@Native<Size Function(Pointer<Void>, Size, Pointer<Void>, Size)>(symbol: 'ZSTD_decompress')
external int _decompress(Pointer<Void> dst, int dstCap, Pointer<Void> src, int srcSize);

@Native<UnsignedLongLong Function(Pointer<Void>, Size)>(symbol: 'ZSTD_getFrameContentSize')
external int _frameContentSize(Pointer<Void> src, int srcSize);

@Native<UnsignedInt Function(Size)>(symbol: 'ZSTD_isError')
external int _isError(int code);

Uint8List zstdCompress(Uint8List input, {int level = 3}) {
  final cap = _compressBound(input.length);
  final src = calloc<Uint8>(input.length);
  final dst = calloc<Uint8>(cap);
  try {
    src.asTypedList(input.length).setAll(0, input);
    final n = _compress(dst.cast(), cap, src.cast(), input.length, level);
    if (_isError(n) != 0) throw StateError('ZSTD_compress failed');
    return Uint8List.fromList(dst.asTypedList(n));
  } finally {
    calloc.free(src);
    calloc.free(dst);
  }
}

Uint8List zstdDecompress(Uint8List input) {
  final src = calloc<Uint8>(input.length);
  try {
    src.asTypedList(input.length).setAll(0, input);
    final size = _frameContentSize(src.cast(), input.length);
    if (size < 0 || size > 1 << 31) throw StateError('unknown or huge frame size');
    final dst = calloc<Uint8>(size);
    try {
      final n = _decompress(dst.cast(), size, src.cast(), input.length);
      if (_isError(n) != 0) throw StateError('ZSTD_decompress failed');
      return Uint8List.fromList(dst.asTypedList(n));
    } finally {
      calloc.free(dst);
    }
  } finally {
    calloc.free(src);
  }
}
