import 'dart:convert';
import 'dart:io';

import '../lib/hosted_auth.dart';

Future<void> main(List<String> args) async {
  final tool = args.contains('--flutter') ? 'flutter' : 'dart';
  final res = await Process.run(tool, ['pub', 'outdated', '--json', '--show-all']);
  if (res.exitCode != 0) {
    stderr.writeln('pub outdated failed: ${res.stderr}');
    exit(1);
  }
  await HostedAuth.prepare(); // private hosted packages
  final data = jsonDecode(res.stdout as String) as Map<String, dynamic>;
  final pkgs = (data['packages'] as List).cast<Map<String, dynamic>>();

  final safe = <String>[];
  final bump = <String>[];
  final major = <String>[];
  for (final p in pkgs) {
    final name = p['package'];
    final cur = p['current']?['version'];
    final upg = p['upgradable']?['version'];
    final res = p['resolvable']?['version'];
    final latest = p['latest']?['version'];
    if (cur == null || latest == null || cur == latest) continue;
    if (upg != null && upg != cur) {
      safe.add('| $name | $cur | $upg |');
    } else if (res != null && res != cur) {
      (_major(cur) == _major(res) ? bump : major).add('| $name | $cur | $res |');
    } else {
      major.add('| $name | $cur | $latest |');
    }
  }

  final out = StringBuffer()
    ..writeln('# Upgrade plan\n')
    ..writeln('## Safe now\n| Package | Current | Target |\n|---|---|---|')
    ..writeln(safe.join('\n'))
    ..writeln('\n## Needs constraint bump\n| Package | Current | Target |\n|---|---|---|')
    ..writeln(bump.join('\n'))
    ..writeln('\n## Major / breaking\n| Package | Current | Target |\n|---|---|---|')
    ..writeln(major.join('\n'));
  await File('UPGRADE_PLAN.md').writeAsString(out.toString());
  print('UPGRADE_PLAN.md: ${safe.length} safe, ${bump.length} bumps, ${major.length} majors');
}

String _major(String v) => v.split('.').first;
