@tool
extends EditorPlugin

const Lint := preload("res://addons/asset_lint/lint.gd")
const Review := preload("res://addons/asset_lint/review_session.gd")

var _dock: VBoxContainer
var _list: ItemList
var _review: Node


func _enter_tree() -> void:
	_dock = VBoxContainer.new()
	_dock.name = "Asset Lint"
	var scan := Button.new()
	scan.text = "Scan"
	scan.pressed.connect(_on_scan)
	_dock.add_child(scan)
	_list = ItemList.new()
	_list.size_flags_vertical = Control.SIZE_EXPAND_FILL
	_list.item_activated.connect(_on_item_activated)
	_dock.add_child(_list)
	add_control_to_dock(DOCK_SLOT_RIGHT_UL, _dock)

	if not ProjectSettings.has_setting("asset_lint/live_review"):
		ProjectSettings.set_setting("asset_lint/live_review", true)
	if ProjectSettings.get_setting("asset_lint/live_review", true):
		_review = Review.new()
		_review.lint_requested.connect(_on_scan)
		add_child(_review)


func _exit_tree() -> void:
	if _review:
		_review.queue_free()
	remove_control_from_docks(_dock)
	_dock.queue_free()


func _on_scan() -> void:
	_list.clear()
	var findings: Array = Lint.new().scan("res://")
	findings.sort_custom(func(a, b): return a.severity > b.severity)
	for f in findings:
		var idx := _list.add_item("%s  %s  %s" % [f.id, f.path, f.message])
		_list.set_item_metadata(idx, f.path)
	if _review:
		_review.publish(findings)


func _on_item_activated(index: int) -> void:
	var path: String = _list.get_item_metadata(index)
	get_editor_interface().get_file_system_dock().navigate_to_path(path)
