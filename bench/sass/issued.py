#!/usr/bin/env python3
"""issued.py -- what one thread issues on its path through a kernel's SASS.

The project's copy of the path walker of ../shared/tools/issued (same
rules, same counts): instructions issued along each path through a
kernel (predicated-off ones included, NOPs not), over every path that
executes STORES store instructions (STG*) and takes each backward branch
at most MAXBACK times, calls followed to their RET.  Each path comes with
the number of instructions on it that start with one of SIGS (the
markers of a slow path or of a native division: CALL, I2F.U32.RP, ...).
Static counts hide both a short fast path behind a long slow one and a
loop that ptxas unrolled; this does not.

  issued.py CUBIN KERNEL STORES [SIG...]   (NVDISASM: nvdisasm to use)
prints the fast path (fewest SIGS, the longest such) and the slow one.
As a module: load(cubin, kernel, nvdisasm) and walk(...)."""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chain import nv_items  # noqa: E402


def load(cubin, kern, nvdisasm=None):
    """(labels, instructions) of kern in cubin: labels maps a label to the
    index of the instruction after it."""
    nvd = (nvdisasm or os.environ.get("NVDISASM") or shutil.which("nvdisasm")
           or "nvdisasm")
    out = subprocess.run([nvd, "-c", cubin], capture_output=True, text=True,
                         check=True).stdout
    labels, ins = {}, []
    for lab, i in nv_items(out)[kern]:
        if lab:
            labels[lab] = len(ins)
        else:
            ins.append(i)
    return labels, ins


def _opcode(i):
    return re.sub(r"^@!?U?P\w+\s+", "", i).split()[0]


def _decode(i):
    """(opcode, the label it names or None, predicated on a real predicate)."""
    m = re.search(r"`\(([\w.$]+)\)", i)
    return (_opcode(i), m.group(1) if m else None,
            i.startswith("@") and not i.startswith("@PT"))


def _call_ret(o, lab, pc, cs, labels):
    """(pc, call stack) after a CALL to a label or a RET, else None (a
    CALL.ABS -- an assert -- names no label and goes on)."""
    if o.startswith("CALL") and lab:
        return labels[lab], cs + (pc + 1,)
    if o.startswith("RET"):
        return cs[-1], cs[:-1]
    return None


def walk(labels, ins, stores, sigs, maxback=2):
    """[(SIGS executed, instructions issued)] for every path from the entry
    to an EXIT that executes exactly `stores` stores."""
    res = []
    stack = [(0, (), 0, 0, 0, ())]  # pc, call stack, n, stores, sigs, back
    while stack:
        pc, cs, n, stg, sig, back = stack.pop()
        while pc < len(ins):
            o, lab, cond = _decode(ins[pc])
            n += 1
            if o.startswith("STG"):
                stg += 1
                if stg > stores:
                    break
            if any(o.startswith(s) for s in sigs):
                sig += 1
            if o == "EXIT":
                if cond:
                    stack.append((pc + 1, cs, n, stg, sig, back))
                if stg == stores:
                    res.append((sig, n))
                break
            if o == "BRA":
                t = labels[lab]
                if t == pc:  # the idle loop after EXIT
                    break
                if cond:
                    stack.append((pc + 1, cs, n, stg, sig, back))
                if t <= pc:
                    if back.count(pc) >= maxback:
                        break
                    back = back + (pc,)
                pc = t
                continue
            pc, cs = _call_ret(o, lab, pc, cs, labels) or (pc + 1, cs)
    return res


def best(labels, ins, stores, groups, maxback=2, loops=None, longest=True):
    """The path walk() would rank first by (instructions of groups[0] on
    it, of groups[1], ..., then the most issued), without listing every
    path (2^k of them behind k native 64-bit divisions): a memoized walk
    over (pc, call stack, stores, backward branches taken).  loops: only
    paths that take exactly that many backward branches (a loop's cost
    per iteration: loops=2 minus loops=1).  longest=False: then the
    fewest issued (of two ways past a branch without SIGS, the short one:
    a 32-bit path beside a 64-bit one).  Returns
    ((count per group...), issued) or None when no path executes exactly
    `stores` stores."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    memo = {}
    zero = (0,) * len(groups)
    step = -1 if longest else 1

    def add(a, b):
        return tuple(x + y for x, y in zip(a, b))

    def go(pc, cs, stg, back):
        key = (pc, cs, stg, back)
        if key not in memo:
            memo[key] = _best_from(pc, cs, stg, back)
        return memo[key]

    def _best_from(pc, cs, stg, back):
        acc = zero + (0,)
        while pc < len(ins):
            o, lab, cond = _decode(ins[pc])
            acc = add(acc, tuple(int(any(o.startswith(s) for s in g))
                                 for g in groups) + (step,))
            if o.startswith("STG"):
                stg += 1
                if stg > stores:
                    return None
            alt = None
            if o == "EXIT":
                if cond:
                    alt = go(pc + 1, cs, stg, back)
                done = stg == stores and (loops is None or len(back) == loops)
                here = zero + (0,) if done else None
                return _min_add(acc, here, alt)
            if o == "BRA":
                t = labels[lab]
                if t == pc:
                    return None
                if cond:
                    alt = go(pc + 1, cs, stg, back)
                nback = back
                if t <= pc:
                    if back.count(pc) >= maxback:
                        return _min_add(acc, None, alt)
                    nback = tuple(sorted(back + (pc,)))
                return _min_add(acc, go(t, cs, stg, nback), alt)
            pc, cs = _call_ret(o, lab, pc, cs, labels) or (pc + 1, cs)
        return None

    def _min_add(acc, a, b):
        opts = [x for x in (a, b) if x is not None]
        return add(acc, min(opts)) if opts else None

    r = go(0, (), 0, ())
    return None if r is None else (r[:-1], abs(r[-1]))


def main():
    cubin, kern, stores = sys.argv[1], sys.argv[2], int(sys.argv[3])
    res = walk(*load(cubin, kern), stores, sys.argv[4:])
    if not res:
        sys.exit("no path with %d stores" % stores)
    lo, hi = min(r[0] for r in res), max(r[0] for r in res)
    fast = max(r[1] for r in res if r[0] == lo)
    slow = max(r[1] for r in res if r[0] == hi)
    print("fast %d (sig %d)  slow %d (sig %d)  paths %d"
          % (fast, lo, slow, hi, len(res)))


if __name__ == "__main__":
    main()
