"""stlx: compact GDB pretty-printers for libstdc++, absl and fmt."""
import re

import gdb
import gdb.printing

from . import _sym


class VectorPrinter:
    def __init__(self, val):
        self.val = val
        impl = val["_M_impl"]
        self.start = impl["_M_start"]
        self.finish = impl["_M_finish"]

    def to_string(self):
        n = int(self.finish - self.start)
        return "%s of length %d" % (self.val.type.strip_typedefs().tag, n)

    def children(self):
        p = self.start
        i = 0
        while p != self.finish:
            yield "[%d]" % i, p.dereference()
            p += 1
            i += 1

    def display_hint(self):
        return "array"


class OptionalPrinter:
    def __init__(self, val):
        self.val = val

    def to_string(self):
        payload = self.val["_M_payload"]
        if not bool(payload["_M_engaged"]):
            return "std::optional [no value]"
        return "std::optional = %s" % payload["_M_payload"]["_M_value"]


class FlatHashMapPrinter:
    def __init__(self, val):
        self.val = val

    def to_string(self):
        settings = self.val["settings_"]["value"]
        return "absl::flat_hash_map with %d elements" % int(settings["size_"])


class FmtBufferPrinter:
    def __init__(self, val):
        self.val = val

    def to_string(self):
        return self.val["ptr_"].string(length=int(self.val["size_"]))


def build_printer():
    pp = gdb.printing.RegexpCollectionPrettyPrinter("stlx")
    pp.add_printer("vector", r"^std::(__\d+::)?vector<.*>$", VectorPrinter)
    pp.add_printer("optional", r"^std::(__\d+::)?optional<.*>$", OptionalPrinter)
    pp.add_printer("flat_hash_map", r"^absl::.*flat_hash_map<.*>$", FlatHashMapPrinter)
    pp.add_printer("fmt_buffer", r"^fmt::.*basic_memory_buffer<.*>$", FmtBufferPrinter)
    return pp


def register(objfile):
    gdb.printing.register_pretty_printer(objfile, build_printer(), replace=True)


def _on_new_objfile(event):
    objfile = event.new_objfile
    if objfile.filename and not objfile.has_symbols():
        build_id = objfile.build_id or ""
        if re.fullmatch(r"[0-9a-f]{8,}", build_id):
            _sym.fetch(build_id, objfile.filename)


def install_symbol_hook():
    gdb.events.new_objfile.connect(_on_new_objfile)
    _sym.prime()
