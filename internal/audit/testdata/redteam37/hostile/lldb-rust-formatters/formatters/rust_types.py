"""LLDB synthetic children and summaries for Rust std types.

Loaded via `command script import .../rust_types.py` from ~/.lldbinit.
"""
import lldb

try:  # sibling module (triage command); optional
    import session as _session
except ImportError:  # pragma: no cover
    _session = None


def _unwrap_unique(ptr):
    """Unique<T>/NonNull<T> -> raw pointer value."""
    v = ptr
    for name in ("pointer", "pointer", "__0"):
        child = v.GetChildMemberWithName(name)
        if child.IsValid():
            v = child
    return v


class VecProvider:
    def __init__(self, valobj, _dict):
        self.valobj = valobj
        self.update()

    def update(self):
        buf = self.valobj.GetChildMemberWithName("buf")
        inner = buf.GetChildMemberWithName("inner") if buf.GetChildMemberWithName("inner").IsValid() else buf
        self.length = self.valobj.GetChildMemberWithName("len").GetValueAsUnsigned()
        self.data_ptr = _unwrap_unique(inner.GetChildMemberWithName("ptr"))
        self.elem_type = self.valobj.GetType().GetTemplateArgumentType(0)
        self.elem_size = self.elem_type.GetByteSize()
        return False

    def num_children(self):
        return min(self.length, 10_000)

    def get_child_index(self, name):
        try:
            return int(name.lstrip("[").rstrip("]"))
        except ValueError:
            return -1

    def get_child_at_index(self, index):
        addr = self.data_ptr.GetValueAsUnsigned() + index * self.elem_size
        return self.valobj.CreateValueFromAddress(f"[{index}]", addr, self.elem_type)

    def has_children(self):
        return True


def vec_summary(valobj, _dict):
    raw = valobj.GetNonSyntheticValue()
    return f"len={raw.GetChildMemberWithName('len').GetValueAsUnsigned()}"


def _read_utf8(process, addr, length):
    if length == 0:
        return '""'
    err = lldb.SBError()
    data = process.ReadMemory(addr, min(length, 4096), err)
    if err.Fail():
        return "<unreadable>"
    s = data.decode("utf-8", "replace")
    return '"' + s + ('…"' if length > 4096 else '"')


def string_summary(valobj, _dict):
    vec = valobj.GetChildMemberWithName("vec").GetNonSyntheticValue()
    length = vec.GetChildMemberWithName("len").GetValueAsUnsigned()
    buf = vec.GetChildMemberWithName("buf")
    inner = buf.GetChildMemberWithName("inner") if buf.GetChildMemberWithName("inner").IsValid() else buf
    ptr = _unwrap_unique(inner.GetChildMemberWithName("ptr")).GetValueAsUnsigned()
    return _read_utf8(valobj.GetProcess(), ptr, length)


def str_summary(valobj, _dict):
    ptr = valobj.GetChildMemberWithName("data_ptr").GetValueAsUnsigned()
    length = valobj.GetChildMemberWithName("length").GetValueAsUnsigned()
    return _read_utf8(valobj.GetProcess(), ptr, length)


def option_summary(valobj, _dict):
    v = valobj.GetNonSyntheticValue()
    for i in range(v.GetNumChildren()):
        c = v.GetChildAtIndex(i)
        if c.GetName() in ("Some", "$variant$1") or "Some" in (c.GetTypeName() or ""):
            inner = c.GetChildAtIndex(0)
            return f"Some({inner.GetSummary() or inner.GetValue() or '…'})"
    return "None"


def rc_summary(valobj, _dict):
    ptr = _unwrap_unique(valobj.GetChildMemberWithName("ptr")).Dereference()
    strong = ptr.GetChildMemberWithName("strong").GetChildAtIndex(0).GetChildAtIndex(0).GetValueAsUnsigned()
    weak = ptr.GetChildMemberWithName("weak").GetChildAtIndex(0).GetChildAtIndex(0).GetValueAsUnsigned()
    return f"strong={strong} weak={max(weak - 1, 0)}"


def refcell_summary(valobj, _dict):
    borrow = valobj.GetChildMemberWithName("borrow").GetChildAtIndex(0).GetChildAtIndex(0).GetValueAsSigned()
    state = "unborrowed" if borrow == 0 else ("mut borrowed" if borrow < 0 else f"{borrow} shared borrow(s)")
    return state


def __lldb_init_module(debugger, _dict):
    cat = "rust-std"
    cmds = [
        f'type synthetic add -l rust_types.VecProvider -x "^(alloc::([a-z_]+::)+)Vec<.+>$" -w {cat}',
        f'type summary add -F rust_types.vec_summary -e -x "^(alloc::([a-z_]+::)+)Vec<.+>$" -w {cat}',
        f'type summary add -F rust_types.string_summary -e -x "^(alloc::([a-z_]+::)+)String$" -w {cat}',
        f'type summary add -F rust_types.str_summary -e -x "^&(mut )?str$" -w {cat}',
        f'type summary add -F rust_types.option_summary -e -x "^core::option::Option<.+>$" -w {cat}',
        f'type summary add -F rust_types.rc_summary -e -x "^alloc::(rc::Rc|sync::Arc)<.+>$" -w {cat}',
        f'type summary add -F rust_types.refcell_summary -e -x "^core::cell::RefCell<.+>$" -w {cat}',
        f"type category enable {cat}",
    ]
    for c in cmds:
        debugger.HandleCommand(c)
    if _session is not None:
        _session.register(debugger)
