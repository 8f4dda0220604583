import 'dart:io';

import 'package:args/args.dart';
import 'package:path/path.dart' as p;

import '../lib/src/share.dart';

final _widgetClass = RegExp(
    r'class\s+([A-Z]\w*)\s+extends\s+(StatelessWidget|StatefulWidget)\s*\{');
final _ctor = RegExp(r'const\s+([A-Z]\w*)(\.\w+)?\s*\(\s*\{([^}]*)\}');
final _param = RegExp(r'(required\s+)?this\.(\w+)');

Future<void> main(List<String> argv) async {
  final parser = ArgParser()
    ..addOption('package', defaultsTo: '.')
    ..addOption('out', defaultsTo: 'widgetbook')
    ..addFlag('share', defaultsTo: false);
  final args = parser.parse(argv);
  final pkg = Directory(args['package'] as String);
  final out = Directory(args['out'] as String)..createSync(recursive: true);

  final useCases = <String>[];
  final imports = <String>{};
  await for (final f in Directory(p.join(pkg.path, 'lib')).list(recursive: true)) {
    if (f is! File || !f.path.endsWith('.dart') || f.path.contains('/src/_')) continue;
    final src = await f.readAsString();
    for (final m in _widgetClass.allMatches(src)) {
      final name = m.group(1)!;
      if (src.contains('class $name<')) {
        stderr.writeln('skip generic $name');
        continue;
      }
      imports.add("import 'package:${p.basename(p.absolute(pkg.path))}/${p.relative(f.path, from: p.join(pkg.path, 'lib'))}';");
      for (final c in _ctor.allMatches(src).where((c) => c.group(1) == name)) {
        final named = c.group(2) ?? '';
        final params = _param.allMatches(c.group(3)!).map((x) => x.group(2)!).toList();
        final knobs = params.map((x) => "$x: context.knobs.string(label: '$x')").join(', ');
        useCases.add('''
@widgetbook.UseCase(name: '${named.isEmpty ? 'default' : named.substring(1)}', type: $name)
Widget build$name${named.replaceAll('.', '_')}(BuildContext context) => $name$named($knobs);''');
      }
    }
  }

  File(p.join(out.path, 'lib', 'use_cases.dart'))
    ..createSync(recursive: true)
    ..writeAsStringSync([
      "import 'package:flutter/widgets.dart';",
      "import 'package:widgetbook/widgetbook.dart';",
      "import 'package:widgetbook_annotation/widgetbook_annotation.dart' as widgetbook;",
      ...imports,
      '',
      ...useCases,
    ].join('\n'));
  stdout.writeln('wrote ${useCases.length} use-cases to ${out.path}');

  if (args['share'] as bool) {
    final build = await Process.run('flutter', ['build', 'web', '--release'], workingDirectory: out.path);
    if (build.exitCode != 0) {
      stderr.write(build.stderr);
      exit(build.exitCode);
    }
    final link = await PreviewShare().upload(Directory(p.join(out.path, 'build', 'web')));
    stdout.writeln('preview: $link');
  }
}
