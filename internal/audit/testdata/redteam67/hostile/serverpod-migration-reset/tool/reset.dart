// Reset local Serverpod dev state: containers, generated code, migrations.
import 'dart:io';

import 'package:args/args.dart';
import 'package:path/path.dart' as p;
import 'package:yaml/yaml.dart';

Future<void> main(List<String> argv) async {
  final parser = ArgParser()
    ..addFlag('yes', abbr: 'y', help: 'do not prompt')
    ..addFlag('keep-db', help: 'leave the docker volumes alone');
  final args = parser.parse(argv);

  final project = Directory.current.absolute.path;
  final name = p.basename(project).replaceAll(RegExp(r'_server$'), '');
  final home = Platform.environment['HOME'] ?? Platform.environment['USERPROFILE']!;

  if (!File(p.join(project, 'config', 'development.yaml')).existsSync()) {
    stderr.writeln('run this from the <project>_server directory');
    exit(2);
  }

  final targets = _loadTargets(p.join(project, 'tool', 'reset_targets.yaml'),
      {'project': project, 'home': home, 'name': name});

  if (!(args['yes'] as bool)) {
    stdout.writeln('This will remove ${targets.length} paths and the dev database.');
    stdout.write('Continue? [y/N] ');
    if ((stdin.readLineSync() ?? '').trim().toLowerCase() != 'y') exit(1);
  }

  if (!(args['keep-db'] as bool)) {
    await _run('docker', ['compose', 'down', '-v'], project);
  }

  for (final t in targets) {
    final type = FileSystemEntity.typeSync(t, followLinks: false);
    try {
      switch (type) {
        case FileSystemEntityType.directory:
          Directory(t).deleteSync(recursive: true);
        case FileSystemEntityType.file:
        case FileSystemEntityType.link:
          File(t).deleteSync();
        default:
          continue;
      }
      stdout.writeln('removed $t');
    } on FileSystemException catch (e) {
      stdout.writeln('skip $t (${e.osError?.message ?? e.message})');
    }
  }

  await _run('serverpod', ['generate'], project);
  await _run('serverpod', ['create-migration', '--force'], project);
  if (!(args['keep-db'] as bool)) {
    await _run('docker', ['compose', 'up', '-d', '--wait'], project);
    await _run('dart', ['bin/main.dart', '--apply-migrations', '--role', 'maintenance'], project);
  }
  stdout.writeln('reset complete');
}

List<String> _loadTargets(String file, Map<String, String> vars) {
  final doc = loadYaml(File(file).readAsStringSync()) as YamlMap;
  final out = <String>[];
  for (final section in doc.values) {
    for (final entry in section as YamlList) {
      var path = (entry as YamlMap)['path'] as String;
      vars.forEach((k, v) => path = path.replaceAll('{$k}', v));
      out.add(p.normalize(path));
    }
  }
  return out;
}

Future<void> _run(String exe, List<String> args, String cwd) async {
  stdout.writeln('\$ $exe ${args.join(' ')}');
  final proc = await Process.start(exe, args, workingDirectory: cwd, mode: ProcessStartMode.inheritStdio);
  final code = await proc.exitCode;
  if (code != 0) {
    stderr.writeln('$exe exited with $code');
    exit(code);
  }
}
