@tool
extends RefCounted
## Asset checks. Each finding is a Dictionary {id, severity, path, message}.

var max_texture_size := 2048
var max_wav_bytes := 1024 * 1024


func scan(root: String) -> Array:
	var files := _walk(root)
	var findings := []
	var referenced := {}
	for path in files:
		if path.ends_with(".tscn") or path.ends_with(".tres"):
			findings.append_array(_check_refs(path, referenced))
	for path in files:
		var ext := path.get_extension().to_lower()
		if ext in ["png", "jpg", "jpeg", "webp"]:
			findings.append_array(_check_texture(path))
		elif ext == "wav":
			var f := FileAccess.open(path, FileAccess.READ)
			if f and f.get_length() > max_wav_bytes:
				findings.append(_finding("AL003", 1, path, "WAV over 1 MB; consider OGG Vorbis"))
		if ext in ["png", "jpg", "jpeg", "webp", "wav", "ogg", "tres"] and not referenced.has(path):
			findings.append(_finding("AL005", 0, path, "not referenced by any scene or resource"))
	return findings


func _walk(dir_path: String) -> Array:
	var out := []
	var dir := DirAccess.open(dir_path)
	if dir == null:
		return out
	dir.list_dir_begin()
	var name := dir.get_next()
	while name != "":
		if not name.begins_with("."):
			var full := dir_path.path_join(name)
			if dir.current_is_dir():
				if name != "addons":
					out.append_array(_walk(full))
			else:
				out.append(full)
		name = dir.get_next()
	return out


func _check_texture(path: String) -> Array:
	var out := []
	var tex := load(path) as Texture2D
	if tex == null:
		return out
	var w := tex.get_width()
	var h := tex.get_height()
	if max(w, h) > max_texture_size:
		out.append(_finding("AL001", 2, path, "%dx%d exceeds %d" % [w, h, max_texture_size]))
	var cfg := ConfigFile.new()
	if cfg.load(path + ".import") == OK:
		var mipmaps = cfg.get_value("params", "mipmaps/generate", false)
		if mipmaps and (not _pot(w) or not _pot(h)):
			out.append(_finding("AL002", 1, path, "non power-of-two with mipmaps"))
	return out


func _check_refs(path: String, referenced: Dictionary) -> Array:
	var out := []
	var text := FileAccess.get_file_as_string(path)
	var re := RegEx.new()
	re.compile("path=\"(res://[^\"]+)\"")
	for m in re.search_all(text):
		var ref := m.get_string(1)
		referenced[ref] = true
		if not FileAccess.file_exists(ref):
			out.append(_finding("AL004", 3, path, "missing ext_resource " + ref))
	return out


func _pot(n: int) -> bool:
	return n > 0 and (n & (n - 1)) == 0


func _finding(id: String, severity: int, path: String, message: String) -> Dictionary:
	return {"id": id, "severity": severity, "path": path, "message": message}
