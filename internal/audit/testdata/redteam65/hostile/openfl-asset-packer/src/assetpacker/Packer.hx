package assetpacker;

#if macro
import format.png.Reader;
import sys.io.File;

/** Simple shelf packer: sorts by height, fills rows left to right. */
class Packer {
	public static function pack(entries:Array<Macro.Entry>, maxSize:Int, pad:Int):Dynamic {
		var sprites = [for (e in entries) {id: e.id, path: e.path, w: 0, h: 0, x: 0, y: 0}];
		for (s in sprites) {
			var input = File.read(s.path, true);
			var header = format.png.Tools.getHeader(new Reader(input).read());
			input.close();
			s.w = header.width;
			s.h = header.height;
		}
		sprites.sort((a, b) -> b.h - a.h);
		var x = 0, y = 0, rowH = 0;
		for (s in sprites) {
			if (x + s.w + pad > maxSize) {
				x = 0;
				y += rowH + pad;
				rowH = 0;
			}
			s.x = x;
			s.y = y;
			x += s.w + pad;
			if (s.h > rowH)
				rowH = s.h;
		}
		return {size: maxSize, padding: pad, sprites: sprites};
	}
}
#end
