#!/usr/bin/env python3
"""real_sites.py -- count the division sites of bench/omp/real_sites.sh's
remark files: OUT/{before,after}/{sm_90,gfx90a}/PROGRAM.SOURCE.rem.

  real_sites.py OUT [--programs]

A site is a udiv/sdiv/urem/srem with a remark from the plugin (-Rpass,
-Rpass-missed; opt's or clang's remark lines).  Should the plugin have run
twice on a module (clang-22 with -fpass-plugin on an AMDGPU OpenMP module:
"already exists" remarks), the not-sites below are counted once (the
script runs it once, with opt).  Not sites, listed apart:
  - divisions by compile-time constants (LLVM expands them);
  - divisions in clang's wrapper of a parallel region (`..._wrapper`):
    copies of the region's code, inlined into the wrapper, which the device
    runtime never calls in an SPMD kernel and which the clone of a
    generic-mode kernel replaces with a wrapper of its own -- the region's
    own copy is the site (remark "is a copy of the code of parallel region",
    or, by the older plugin, "left alone: it is the wrapper function");
  - divisions in functions no kernel of the module calls (out-of-line copies
    of functions inlined everywhere).
The sites of a kernel that got no clone although it had qualifying
divisions have no remark of their own: the kernel's summary remark ("N
division site(s) with a launch-invariant divisor, not cloned") counts them,
missed with the reason of the kernel's "left alone" remark.

A missed site is launch-invariant unless its reason says that the divisor
changes within the launch or that the host cannot evaluate it: a PHI (a
loop-carried divisor), the thread or block index, a load through an address
that is not constant (an array indexed by a loop variable), a call (the
OpenMP thread/team counts the runtime chooses), the launch geometry.  The
acceptance ratio is transformed / (transformed + missed launch-invariant).
"""
import collections
import os
import re
import sys

REM = re.compile(r"^(?:(\S+): )?remark: (?:\S+: )?magicdiv: (.*?)"
                 r"(?: \[-Rpass(?:-missed|-analysis)?=magicdiv\])?$")
SITE = re.compile(r"^(udiv|sdiv|urem|srem)\b")
SUMMARY = re.compile(r"^\w+ kernel '([^']*)': (\d+) division site\(s\) with a "
                     r"launch-invariant divisor, not cloned")
KERNEL_LEFT = re.compile(r"^kernel '([^']*)' left alone: (.*)$")
NOT_INVARIANT = [
    ("divisor is a PHI", "loop-carried divisor (a PHI)"),
    ("thread or block index", "thread or block index"),
    ("non-constant address", "loaded at a variable index"),
    ("divisor comes from a call", "a call (thread/team counts the runtime chooses)"),
    ("launch geometry", "the launch geometry the runtime chooses"),
]


def strip_names(text):
    text = re.sub(r" \(in (?:the )?device function .*$", "", text)
    text = re.sub(r"'[^']*'", "'X'", text)
    return re.sub(r"\d+ captured value\(s\) and \d+ slot\(s\)",
                  "N captured value(s) and M slot(s)", text)


def classify(text):
    """(kind, reason) of one site remark."""
    if " -> " in text:
        return "transformed", ""
    if "compile-time constant" in text:
        return "constant", ""
    if "is a copy of the code of parallel region" in text or \
            "it is the wrapper function of a parallel region" in text:
        return "wrapper", ""
    if "no kernel of this module calls it" in text:
        return "unreached", ""
    reason = strip_names(re.sub(r"^.*? left alone: ", "", text))
    for key, label in NOT_INVARIANT:
        if key in reason:
            return "variant", label
    return "missed", reason


def read(path):
    """Counter of (kind, reason) over one remark file."""
    out = collections.Counter()
    kernel_why, summaries, twice = {}, [], False
    for line in open(path, errors="replace"):
        m = REM.match(line.rstrip("\n"))
        if not m:
            continue
        text = m.group(2)
        twice |= "already exists (the pass ran twice" in text
        if SITE.match(text):
            out[classify(text)] += 1
        elif SUMMARY.match(text):
            summaries.append(SUMMARY.match(text).groups())
        elif KERNEL_LEFT.match(text):
            k, why = KERNEL_LEFT.match(text).groups()
            kernel_why.setdefault(k, why)
    for key in (("wrapper", ""), ("unreached", "")):
        if twice:
            out[key] //= 2
    for k, n in summaries:
        why = strip_names(kernel_why.get(k, "no clone (reason not reported)"))
        out[("missed", "kernel not cloned: " + why)] += int(n)
    return out


def main():
    root = sys.argv[1]
    per_prog = "--programs" in sys.argv
    for which in ("before", "after"):
        for target in ("sm_90", "gfx90a"):
            d = os.path.join(root, which, target)
            if not os.path.isdir(d):
                continue
            total, progs = collections.Counter(), collections.defaultdict(
                collections.Counter)
            for f in sorted(os.listdir(d)):
                if f.endswith(".rem"):
                    c = read(os.path.join(d, f))
                    total += c
                    progs[f.split(".")[0]] += c
            kinds = collections.Counter()
            for (kind, _), n in total.items():
                kinds[kind] += n
            t, mi, mv = kinds["transformed"], kinds["missed"], kinds["variant"]
            print("## %s, %s: %d programs" % (which, target, len(progs)))
            print("sites %d: transformed %d, missed launch-invariant %d, "
                  "missed not launch-invariant %d; ratio %d/%d = %.1f %%" %
                  (t + mi + mv, t, mi, mv, t, t + mi,
                   100.0 * t / (t + mi) if t + mi else 100.0))
            print("not sites: constant %d, wrapper copies %d, unreached "
                  "copies %d" % (kinds["constant"], kinds["wrapper"],
                                 kinds["unreached"]))
            for (kind, reason), n in sorted(total.items(),
                                            key=lambda x: -x[1]):
                if kind in ("missed", "variant"):
                    print("  %4d %s: %s" % (n, "missed" if kind == "missed"
                                            else "not invariant", reason))
            if per_prog:
                for p in sorted(progs):
                    c = progs[p]
                    print("  %-16s transformed %3d  missed %3d  not-invariant "
                          "%3d  wrapper %3d  unreached %3d" %
                          (p, c[("transformed", "")],
                           sum(n for (k, _), n in c.items() if k == "missed"),
                           sum(n for (k, _), n in c.items() if k == "variant"),
                           c[("wrapper", "")], c[("unreached", "")]))
            print()


if __name__ == "__main__":
    main()
