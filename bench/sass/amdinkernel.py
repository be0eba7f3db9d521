#!/usr/bin/env python3
"""amdinkernel.py -- in-kernel magic on gfx90a: the AMDGPU side of
inkernel.py, and the prices of the benefit model's AMDGPU row
(plugin/device/md_inkernel_price.h).

inkernel.py's kernels (K = 0, 1, 2, 4, 8, 16 straight-line sites by one
divisor: a __constant__ field or an argument; 32-bit, 64-bit, Inductor's
narrow sites), its special registers made AMDGPU's, compiled with
clang-22 -x hip --offload-device-only --offload-arch=gfx90a -O2, then
  native   the IR as it is
  forced   opt magicdiv<inkernel-args;inkernel-force> (every site)
  model    opt magicdiv<inkernel-args> (what the model decides; the
           constant fields' kernels with the defaults)
each then llc -O3 -mcpu=gfx90a.  Counted: the instructions a wave issues on
its path when its lanes take the fast path -- each in-kernel versioning
branch made a jump to its fast copy, its condition kept alive by an empty
inline asm (fast_only), and native division on its cheapest path (a 64-bit
one on its 32-bit bypass: n < 2^32) by the walker `path` (AMD has no
issued.py).  Then, per family, the lines through K = 1..16 of native and
forced minus K = 0: native = first + K * n, forced = gen + K * c, a site
saves n - c, and the model transforms where first + K * (n - c) >= gen.
Last, the rows where the model's choice issues more than native (none, or
the model's prices are wrong for this chip; test/ir/inkernel/price-sweep.test).

  amdinkernel.py --plugin build-22/lib/MagicDiv.so [--llvm /usr/lib/llvm-22/bin] [--out FILE]
"""
import argparse
import heapq
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import amdforms  # noqa: E402
import inkernel  # noqa: E402

VERSION = re.compile(r"^(\s*)br i1 (%\S+), label %(md\.ik\.fast\d*), label %md\.ik\.slow\d*(, !.*)?$")


def fast_only(text):
    """Each in-kernel versioning branch made a jump to its fast copy, its
    condition kept alive by an empty inline asm that reads it (zext'd:
    one v_cndmask, about what the branch costs): the tests stay, the slow
    copy becomes unreachable and llc deletes it, so the straight-line code
    is the path of a thread whose values take the fast path."""
    out = []
    for ln in text.splitlines():
        m = VERSION.match(ln)
        if m:
            ind, c, fast, md = m.groups()
            k = "%%md.keep.%d" % len(out)
            out += ["%s%s = zext i1 %s to i32" % (ind, k, c),
                    '%scall void asm sideeffect "; keep $0", "v"(i32 %s)' % (ind, k),
                    "%sbr label %%%s%s" % (ind, fast, md or "")]
            continue
        out.append(ln)
    return "\n".join(out) + "\n"


BRANCH = re.compile(r"^\s+(s_branch|s_cbranch_\w+)\s+(\.LBB\w+)")
LABEL = re.compile(r"^(\.LBB\w+):\s*(?:;\s*%(\S+))?")
RARE = re.compile(r"\bv_rcp_f32")  # native 64-bit division's 64-bit path


class Node:
    """A piece of the kernel's code between labels and branches."""

    def __init__(self):
        self.labels, self.blocks, self.ins = [], [], []  # .LBB names; IR block names
        self.br = self.target = None
        self.falls = True

    def rare(self):
        """Code the lanes do not take: native 64-bit division's 64-bit
        path (values below 2^32 take its 32-bit bypass), or an in-kernel
        slow copy."""
        return "md.ik.slow" in self.blocks or any(RARE.search(x) for x in self.ins)


def nodes(lines):
    """The kernel split after every branch and before every label."""
    out, cur = [], Node()
    for ln in lines:
        m = LABEL.match(ln)
        if m and cur.ins:
            out.append(cur)
            cur = Node()
        if m:
            cur.labels.append(m.group(1))
            cur.blocks += [m.group(2)] if m.group(2) else []
            continue
        cur.ins.append(ln)
        b = BRANCH.match(ln)
        if b or "s_endpgm" in ln:
            cur.br, cur.target = (b.group(1), b.group(2)) if b else (None, None)
            cur.falls = bool(b) and b.group(1) != "s_branch"
            out.append(cur)
            cur = Node()
    if cur.ins or cur.labels:
        out.append(cur)
    return out


STORE = re.compile(r"^\s+(global|buffer|flat)_store")


def _next(ns, at, i):
    """The pieces a wave goes to from piece i: a divergent branch
    (s_cbranch_execz / execnz) where the lanes go -- around rare code
    (Node.rare), into the rest --; both sides of a uniform branch."""
    n = ns[i]
    fall = i + 1 if n.falls and i + 1 < len(ns) else None
    jump = at.get(n.target)
    if n.br == "s_cbranch_execz":
        nxt = [jump] if fall is None or ns[fall].rare() else [fall]
    elif n.br == "s_cbranch_execnz":
        nxt = [fall] if jump is None or ns[jump].rare() else [jump]
    else:
        nxt = [jump, fall]
    return [j for j in nxt if j is not None]


def path(lines):
    """Instructions a wave issues from the kernel's entry to s_endpgm on the
    path its lanes take with common values: a divergent branch
    (s_cbranch_execz / execnz) goes where the lanes go -- around rare code
    (Node.rare), into the rest --; a uniform branch either way, whichever
    path has the fewest rare pieces, then the most stores (the path that
    does the kernel's work, not an early exit or a failed bounds assert),
    then the fewest instructions.  A branch back to a node on the path (a
    loop) is not followed: one trip."""
    ns = nodes(lines)
    at = {lb: i for i, n in enumerate(ns) for lb in n.labels}
    memo, onpath = {}, set()

    def best(i):
        if i in memo:
            return memo[i]
        n = ns[i]
        own = (int(n.rare()), -sum(1 for x in n.ins if STORE.match(x)), len(n.ins))
        if n.ins and "s_endpgm" in n.ins[-1]:
            memo[i] = own
            return own
        onpath.add(i)
        tails = [best(j) for j in _next(ns, at, i) if j not in onpath]
        onpath.discard(i)
        tails = [t for t in tails if t is not None]
        memo[i] = tuple(x + y for x, y in zip(own, min(tails))) if tails else None
        return memo[i]

    r = best(0) if ns else None
    return r[2] if r else None


def common_count(lines):
    """Instructions outside rare code (Node.rare) and failed-assert traps
    (s_trap): what a wave whose lanes all take the common paths issues in
    a kernel without loops, where every other piece runs (the divergent
    sides no lane takes are rare or a trap; Triton's masks are exec masks).
    For kernels whose uniform branches `path` cannot tell."""
    return sum(len(n.ins) for n in nodes(lines)
               if not n.rare() and not any("s_trap" in x for x in n.ins))


LOOP_HEADS = {".lr.ph", "md.ik.head", "body"}  # IR names of loop headers


def loop_path(lines):
    """Instructions a wave issues in one trip through the kernel's loop: from
    the first piece that holds a loop header's IR block (LOOP_HEADS) and
    has a way back to itself, back to it, by the rules of `path` (the
    fewest rare pieces, then the fewest instructions).  None without one."""
    ns = nodes(lines)
    at = {lb: i for i, n in enumerate(ns) for lb in n.labels}
    for h in (i for i, n in enumerate(ns) if LOOP_HEADS & set(n.blocks)):
        best, heap = {}, [(int(ns[h].rare()), len(ns[h].ins), h)]
        while heap:  # the cheapest way back to h, if there is one
            mk, cnt, i = heapq.heappop(heap)
            for j in _next(ns, at, i):
                if j == h:
                    return cnt
                c = (mk + int(ns[j].rare()), cnt + len(ns[j].ins))
                if c < best.get(j, (1 << 30, 0)):
                    best[j] = c
                    heapq.heappush(heap, c + (j,))
    return None


def compile_all(a, tmp):
    """{variant: (asm lines, {kernel: transformed})} for native, forced and
    the model (constant fields with the defaults, arguments with
    inkernel-args)."""
    src = inkernel.SRC.replace("__nvvm_read_ptx_sreg_tid_x()", "__builtin_amdgcn_workitem_id_x()")
    src = src.replace("__nvvm_read_ptx_sreg_ctaid_x()", "__builtin_amdgcn_workgroup_id_x()")
    cu, ll = os.path.join(tmp, "k.hip"), os.path.join(tmp, "k.ll")
    open(cu, "w").write(src)
    subprocess.run([os.path.join(a.llvm, "clang"), "-x", "hip", "--offload-device-only",
                    "--offload-arch=" + a.mcpu, "-nogpulib", "-nogpuinc", "-O2", "-S",
                    "-emit-llvm", cu, "-o", ll], check=True)
    out = {}
    for tag, opts in (("native", None), ("forced", "inkernel-args;inkernel-force;min-gain=100"),
                      ("model", "min-gain=100"), ("model-args", "inkernel-args;min-gain=100")):
        text = open(ll).read()
        done = {}
        if opts is not None:
            o = os.path.join(tmp, tag + ".ll")
            subprocess.run([os.path.join(a.llvm, "opt"), "-load-pass-plugin=" + a.plugin, "-S",
                            "-passes=magicdiv<%s>" % opts, ll, "-o", o], check=True)
            text = open(o).read()
            for m in re.finditer(r"^define [^@]*@(\w+)\(.*?^}", text, re.S | re.M):
                done[m.group(1)] = "md.ik" in m.group(0)
            text = fast_only(text)
        f, s = os.path.join(tmp, tag + ".f.ll"), os.path.join(tmp, tag + ".s")
        open(f, "w").write(text)
        subprocess.run([os.path.join(a.llvm, "llc"), "-O3", "-mtriple=amdgcn-amd-amdhsa",
                        "-mcpu=" + a.mcpu, f, "-o", s], check=True)
        out[tag] = (open(s).read().splitlines(), done)
    return out


def fit(ks, ys):
    """Least squares y = a + b k."""
    n = len(ks)
    mk, my = sum(ks) / n, sum(ys) / n
    b = sum((k - mk) * (y - my) for k, y in zip(ks, ys)) / sum((k - mk) ** 2 for k in ks)
    return my - b * mk, b


FAMILIES = [  # family, title, model variant, K sweep
    ("cu", "u32 `/` by a __constant__ field", "model", inkernel.KS),
    ("cs", "s32 `%` by a __constant__ field", "model", inkernel.KS),
    ("cn", "s32 `%` of n >= 0 by a __constant__ field", "model", inkernel.KS),
    ("cd", "s32 `/` by a __constant__ field", "model", inkernel.KS),
    ("au", "u32 `/` by an argument", "model-args", inkernel.KS),
    ("as", "s32 `%` by an argument", "model-args", inkernel.KS),
    ("ai", "s32 `%` of pid * 1024 + tid by an argument (sign guard)", "model-args", inkernel.KS),
    ("qu", "u64 `/` by a __constant__ field", "model", inkernel.KS64),
    ("ru", "u64 `%` by a __constant__ field", "model", inkernel.KS64),
    ("qs", "s64 `/` by a __constant__ field", "model", inkernel.KS64),
    ("rs", "s64 `%` by a __constant__ field", "model", inkernel.KS64),
    ("nx", "s64 `%` of sext(pid * 1024 + tid) (narrow, sign guard)", "model-args", inkernel.KS),
    ("nq", "s64 `/` of sext(pid * 1024 + tid) (narrow, sign guard)", "model-args", inkernel.KS),
    ("nn", "s64 `%` of sext(n >= 0) (narrow)", "model-args", inkernel.KS),
    ("nl", "s64 `%` of sext(loaded i32) (narrow)", "model-args", inkernel.KS),
    ("nu", "u64 `%` of zext(loaded u32) (narrow)", "model-args", inkernel.KS),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--llvm", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--mcpu", default="gfx90a")
    ap.add_argument("--out")
    a = ap.parse_args()
    a.plugin = os.path.abspath(a.plugin)
    names = {"cu": "_Z2cuILi%dEEvPjPKj", "cs": "_Z2csILi%dEEvPiPKi", "cn": "_Z2cnILi%dEEvPiPKi",
             "cd": "_Z2cdILi%dEEvPiPKi", "au": "_Z2auILi%dEEvPjPKjj", "as": "_Z2asILi%dEEvPiPKii",
             "qu": "_Z2quILi%dEEvPyPKy", "ru": "_Z2ruILi%dEEvPyPKy", "qs": "_Z2qsILi%dEEvPxPKx",
             "rs": "_Z2rsILi%dEEvPxPKx", "ai": "_Z2aiILi%dEEvPiPKii", "nx": "_Z2nxILi%dEEvPxPKxx",
             "nq": "_Z2nqILi%dEEvPxPKxx", "nn": "_Z2nnILi%dEEvPxPKix", "nl": "_Z2nlILi%dEEvPxPKix",
             "nu": "_Z2nuILi%dEEvPyPKjy"}
    with tempfile.TemporaryDirectory() as tmp:
        v = compile_all(a, tmp)
    count = {tag: (lambda kern, tag=tag: path(amdforms.body(v[tag][0], kern))) for tag in v}
    lines = ["| kernel (%s) | K | native | forced | model | model transforms |" % a.mcpu,
             "|---|---|---|---|---|---|"]
    fits = ["", "| kernel (%s) | native: first + K n | forced: gen + K c | a site saves n - c "
            "| break-even K | model's K |" % a.mcpu, "|---|---|---|---|---|---|"]
    for fam, title, mv, ks in FAMILIES:
        nat, frc, mdl, tr = [], [], [], []
        for k in ks:
            kern = names[fam] % k
            nat.append(count["native"](kern))
            frc.append(count["forced"](kern) if k else nat[-1])
            t = v[mv][1].get(kern, False)
            mdl.append(count[mv](kern) if t else nat[-1])
            tr.append(t)
            lines.append("| %s | %d | %d | %d | %d | %s |" % (title, k, nat[-1], frc[-1], mdl[-1],
                                                             "yes" if t else "no"))
        k1 = [k for k in ks if k]
        fn = fit(k1, [nat[ks.index(k)] - nat[0] for k in k1])
        ff = fit(k1, [frc[ks.index(k)] - nat[0] for k in k1])
        save = fn[1] - ff[1]
        even = "never" if save <= 0 else "%.1f" % max((ff[0] - fn[0]) / save, 0)
        first = min([k for k, t in zip(ks, tr) if t] or [None], key=lambda x: x or 99)
        fits.append("| %s | %.0f + %.1f K | %.0f + %.1f K | %.1f | %s | %s |"
                    % (title, fn[0], fn[1], ff[0], ff[1], save, even,
                       "none" if first is None else first))
    slower = [ln for ln in lines[2:] if int(ln.split("|")[5]) > int(ln.split("|")[3])]
    text = "\n".join(lines + fits + ["", "model slower than native: %d row(s)" % len(slower)]
                     + slower)
    print(text)
    if a.out:
        open(a.out, "w").write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
