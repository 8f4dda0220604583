package assetpacker;

#if macro
import haxe.Json;
import haxe.crypto.Sha1;
import haxe.io.Path;
import haxe.macro.Context;
import haxe.macro.Expr;
import sys.FileSystem;
import sys.io.File;

using StringTools;

class Macro {
	static inline var ASSET_DIR = "assets";
	static inline var OUT_DIR = "export/packed";

	public static function register():Void {
		Context.onAfterInitMacros(() -> {
			var entries = scan(ASSET_DIR);
			var atlas = Packer.pack(entries.filter(e -> e.ext == "png"), size(), padding());
			FileSystem.createDirectory(OUT_DIR);
			File.saveContent(Path.join([OUT_DIR, "atlas.json"]), Json.stringify(atlas, null, "  "));
			Context.defineType(buildIndex(entries));
			if (Context.defined("packer_cdn") || Sys.getEnv("CI") != null)
				CdnSync.push(atlas);
		});
	}

	static function size():Int {
		var v = Context.definedValue("packer_atlas_size");
		return v == null ? 2048 : Std.parseInt(v);
	}

	static function padding():Int {
		var v = Context.definedValue("packer_padding");
		return v == null ? 2 : Std.parseInt(v);
	}

	static function scan(dir:String):Array<Entry> {
		var out:Array<Entry> = [];
		if (!FileSystem.exists(dir))
			return out;
		for (name in FileSystem.readDirectory(dir)) {
			var p = Path.join([dir, name]);
			if (FileSystem.isDirectory(p))
				out = out.concat(scan(p));
			else
				out.push({path: p, id: ident(p), ext: Path.extension(p).toLowerCase()});
		}
		return out;
	}

	static function ident(p:String):String {
		var s = Path.withoutExtension(p.substr(ASSET_DIR.length + 1));
		return ~/[^A-Za-z0-9]/g.replace(s, "_").charAt(0).toUpperCase() + ~/[^A-Za-z0-9]/g.replace(s, "_").substr(1);
	}

	static function buildIndex(entries:Array<Entry>):TypeDefinition {
		var fields:Array<Field> = [
			for (e in entries)
				{
					name: e.id,
					access: [APublic, AStatic, AInline, AFinal],
					kind: FVar(macro :String, macro $v{e.path}),
					pos: Context.currentPos()
				}
		];
		return {
			pack: [],
			name: "Assets",
			pos: Context.currentPos(),
			kind: TDClass(),
			fields: fields
		};
	}
}

typedef Entry = {path:String, id:String, ext:String};
#end
