"""magicdiv for Triton and PyTorch Inductor kernels.

Triton lowers ``%`` and ``//`` by a kernel argument (Inductor's ``ks0``,
``ks1``, ...) to a native division per element, and each thread handles
several elements.  magicdiv's clones cannot run there (Triton's launcher
passes exactly the kernel's own parameters), so this module runs the
in-kernel form instead: the kernel computes the magic numbers once per
thread and divides by multiply-high (docs/DESIGN.md "In-kernel magic").

Turn it on with one line, before the first kernel compiles::

    import magicdiv_triton; magicdiv_triton.enable()

or, for an unchanged program, with ``python/`` on ``PYTHONPATH`` and
``MAGICDIV_TRITON=1`` in the environment (``python/sitecustomize.py``
calls ``enable()``).

What it does: a hook over Triton's compile stages
(``triton.knobs.runtime.add_stages_inspection_hook``) passes each kernel's
``llir`` stage (LLVM IR text) through ``magicdiv-ir``, the pass built as a
standalone program (``build/bin/magicdiv-ir``; ``MAGICDIV_IR`` names
another), with option ``inkernel-args``; and the backend's hash, which is
part of Triton's compile-cache key, gets the tool's version and options,
so that a kernel compiled with the module is never read back from the
cache for a run without it, nor across versions.  Where the tool fails,
the kernel compiles as it would have (a warning says why); a kernel in
which nothing was transformed keeps Triton's own IR; a transformed one is
given back in the words of Triton's LLVM (``_for_reader``), and where a
later stage still fails on it (ptxas), the stages run again on Triton's
own IR (a warning; its ``asm["ptx"]`` stays the failed one).

``MAGICDIV_TRITON_LOG=FILE`` appends one line per kernel the hook sees,
from every process (Inductor compiles in worker processes): pid, kernel
name, divisions transformed, divisions left native, divisions in its IR,
milliseconds in magicdiv-ir, ``ok`` or ``failed`` (tab-separated).
"""
import functools
import hashlib
import os
import re
import shutil
import subprocess
import time
import warnings

__all__ = ["enable", "disable", "enabled", "transform"]

OPTIONS_DEFAULT = "inkernel-args"
# What this module does to a kernel's text besides the tool (part of the
# cache key): 2 keeps untransformed kernels as Triton wrote them and gives
# transformed ones back in the words of Triton's LLVM.
MODULE_VERSION = 2

_state = {"tool": None, "options": None, "key": None, "prev_hook": None,
          "hashes": {}, "remarks": False}


def _find_tool(tool):
    if tool:
        return tool
    env = os.environ.get("MAGICDIV_IR")
    if env:
        return env
    here = os.path.dirname(os.path.abspath(__file__))
    for cand in (os.path.join(here, "..", "..", "build", "bin", "magicdiv-ir"),
                 os.path.join(here, "..", "..", "bin", "magicdiv-ir")):
        if os.path.isfile(cand) and os.access(cand, os.X_OK):
            return os.path.normpath(cand)
    return shutil.which("magicdiv-ir")


def transform(llir, triple="nvptx64-nvidia-cuda", tool=None, options=None,
              remarks=False):
    """The IR text llir through magicdiv-ir: (text, remarks).  On any
    failure the input comes back unchanged, with a warning; so does a
    kernel in which nothing was transformed (the tool's text is written by
    another LLVM than the one that reads it: only a transformed kernel
    takes that risk)."""
    text, rem, _ = _run_tool(llir, triple, tool, options, remarks)
    return text, rem


# Attributes magicdiv-ir's LLVM writes that an older reader (Triton's own
# LLVM) rejects with a fatal error, when the input had none.  Of LLVM
# 22.1's attribute keywords, Triton 3.6's LLVM parses all but this one
# and three that NVPTX and AMDGPU code does not get (Windows hot-patching,
# sanitize_alloc_token): each tried in an attribute group.
_NEWER_ATTRS = ("nocreateundeforpoison",)
_DECLARE = re.compile(r"^declare [^@\n]*@(llvm\.[\w.]+)\(", re.M)


def _for_reader(text, orig):
    """text (magicdiv-ir's output) for the LLVM that wrote orig: attributes
    it may not know dropped; intrinsics that magicdiv-ir's parser renamed
    (auto-upgrade: llvm.nvvm.ex2.approx.ftz.f became .f32, which Triton's
    LLVM takes for an external function) named as in orig again -- one
    declared in orig and gone from text, of the same stem."""
    for a in _NEWER_ATTRS:
        if a not in orig:
            text = re.sub(r"[ \t]%s\b" % a, "", text)
    before, after = set(_DECLARE.findall(orig)), set(_DECLARE.findall(text))
    lost = before - after
    for name in sorted(after - before):
        same = [o for o in lost if o.rsplit(".", 1)[0] == name.rsplit(".", 1)[0]]
        if len(same) == 1:
            text = text.replace("@%s(" % name, "@%s(" % same[0])
            lost.discard(same[0])
    return text


def _run_tool(llir, triple, tool, options, remarks):
    """(text, remarks, status): status "ok" (transformed), "unchanged"
    (nothing transformed: llir itself) or "failed" (llir itself)."""
    tool = tool or _state["tool"] or _find_tool(None)
    opts = options if options is not None else (_state["options"] or OPTIONS_DEFAULT)
    cmd = [tool, "--options", opts, "--triple", triple]
    if remarks:
        cmd.append("--remarks")
    try:
        r = subprocess.run(cmd, input=llir.encode(), capture_output=True,
                           timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        warnings.warn("magicdiv: %s: kernel left as it was" % e)
        return llir, "", "failed"
    if r.returncode != 0:
        warnings.warn("magicdiv: magicdiv-ir failed (%d): %s; kernel left as "
                      "it was" % (r.returncode, r.stderr.decode(errors="replace")))
        return llir, "", "failed"
    text, rem = r.stdout.decode(), r.stderr.decode(errors="replace")
    if "md.ik" not in text:  # the in-kernel form's values: none
        return llir, rem, "unchanged"
    return _for_reader(text, llir), rem, "ok"


_KERNEL = re.compile(r'^define [^@\n]*(?:ptx_kernel|amdgpu_kernel)[^@\n]*@"?([^"(\s]+)',
                     re.M)
_DEFINE = re.compile(r'^define [^@\n]*@"?([^"(\s]+)', re.M)
_DIVREM = re.compile(r"= [su](?:div|rem) ")


def _log_kernel(path, ir, remarks, status, seconds):
    """One line per kernel to path ($MAGICDIV_TRITON_LOG), appended in one
    write (lines from Inductor's compile workers do not mix): pid, kernel,
    divisions transformed, left native, divisions in the IR, milliseconds
    in magicdiv-ir, status: ok (transformed), unchanged, failed (the tool),
    or "fallback: STAGE" (a later stage failed on the transformed IR: the
    kernel was compiled again from Triton's own)."""
    m = _KERNEL.search(ir) or _DEFINE.search(ir)
    lines = [l for l in remarks.splitlines() if "magicdiv:" in l]
    done = sum(" the magic computed in the " in l for l in lines)
    line = "%d\t%s\t%d\t%d\t%d\t%.1f\t%s\n" % (
        os.getpid(), m.group(1) if m else "?", done, len(lines) - done,
        len(_DIVREM.findall(ir)), seconds * 1e3, status)
    try:
        with open(path, "a") as f:
            f.write(line)
    except OSError as e:
        warnings.warn("magicdiv: MAGICDIV_TRITON_LOG %s: %s" % (path, e))


def _hook(backend, stages, options, language, capability):
    prev = _state["prev_hook"]
    if prev is not None:
        prev(backend, stages, options, language, capability)
    llir = stages.get("llir")
    if llir is None:
        return
    triple = ("amdgcn-amd-amdhsa" if getattr(backend.target, "backend", "") == "hip"
              else "nvptx64-nvidia-cuda")

    originals = {}  # id(metadata) -> Triton's own llir, while compiling

    def llir_with_magicdiv(src, metadata):
        ir = llir(src, metadata)
        log = os.environ.get("MAGICDIV_TRITON_LOG")
        t0 = time.monotonic()
        text, rem, status = _run_tool(ir, triple, None, None,
                                      _state["remarks"] or bool(log))
        if log:
            _log_kernel(log, ir, rem, status, time.monotonic() - t0)
        if rem and _state["remarks"]:
            print(rem, end="")
        if status == "ok":
            originals[id(metadata)] = ir
        return text

    stages["llir"] = llir_with_magicdiv
    _wrap_later_stages(stages, originals)


def _wrap_later_stages(stages, originals):
    """Each stage after llir: where it fails on a transformed kernel, the
    stages from llir on run again on Triton's own IR (a warning, and a
    "fallback" line in the log): never worse than without the module."""
    names = list(stages)
    later = names[names.index("llir") + 1:]
    plain = {n: stages[n] for n in later}

    def wrap(k, name):
        def stage_with_fallback(src, metadata):
            try:
                out = plain[name](src, metadata)
            except Exception as e:
                orig = originals.pop(id(metadata), None)
                if orig is None:
                    raise
                warnings.warn("magicdiv: %s failed on the transformed kernel "
                              "(%s); compiled as it would have been" % (name, e))
                log = os.environ.get("MAGICDIV_TRITON_LOG")
                if log:
                    _log_kernel(log, orig, "", "fallback: " + name, 0.0)
                out = orig
                for n in later[:k + 1]:
                    out = plain[n](out, metadata)
            if k == len(later) - 1:
                originals.pop(id(metadata), None)
            return out
        return stage_with_fallback

    for k, name in enumerate(later):
        stages[name] = wrap(k, name)


def _patch_hash(cls):
    """cls.hash() -> its own value + the transform's key (Triton's
    get_cache_key includes backend.hash())."""
    if cls in _state["hashes"]:
        return
    orig = cls.hash
    _state["hashes"][cls] = orig

    @functools.wraps(orig)
    def hash_with_magicdiv(self):
        key = _state["key"]
        return orig(self) + ("-magicdiv-" + key if key else "")

    cls.hash = hash_with_magicdiv


def _backend_classes():
    out = []
    try:
        from triton.backends.nvidia.compiler import CUDABackend
        out.append(CUDABackend)
    except Exception:  # the backend is optional
        pass
    try:
        from triton.backends.amd.compiler import HIPBackend
        out.append(HIPBackend)
    except Exception:
        pass
    return out


def enable(tool=None, options=OPTIONS_DEFAULT, remarks=None):
    """Run magicdiv on every Triton kernel compiled from now on.  tool: the
    magicdiv-ir program (default: $MAGICDIV_IR, the build tree, $PATH);
    options: magicdiv options (docs: md_options.h); remarks: print what was
    transformed and why not (default: $MAGICDIV_TRITON_REMARKS)."""
    from triton import knobs
    tool = _find_tool(tool)
    if not tool:
        raise RuntimeError("magicdiv: magicdiv-ir not found (build it, or set "
                           "MAGICDIV_IR)")
    version = subprocess.run([tool, "--version"], capture_output=True,
                             check=True).stdout.decode().strip()
    with open(tool, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:16]
    _state["tool"] = tool
    _state["options"] = options
    _state["key"] = hashlib.sha256(
        ("%s|%s|%s|%d" % (version, options, digest, MODULE_VERSION)).encode()
    ).hexdigest()[:16]
    _state["remarks"] = (bool(os.environ.get("MAGICDIV_TRITON_REMARKS"))
                         if remarks is None else remarks)
    for cls in _backend_classes():
        _patch_hash(cls)
    if knobs.runtime.add_stages_inspection_hook is not _hook:
        _state["prev_hook"] = knobs.runtime.add_stages_inspection_hook
        knobs.runtime.add_stages_inspection_hook = _hook


def disable():
    """Stop transforming (kernels compiled from now on are plain, and their
    cache key is Triton's own again)."""
    from triton import knobs
    if knobs.runtime.add_stages_inspection_hook is _hook:
        knobs.runtime.add_stages_inspection_hook = _state["prev_hook"]
    _state["prev_hook"] = None
    _state["key"] = None


def enabled():
    return _state["key"] is not None
