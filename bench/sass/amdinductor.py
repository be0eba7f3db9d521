#!/usr/bin/env python3
"""amdinductor.py -- PyTorch Inductor's real kernels on gfx90a: the AMD side
of test/triton/inductor_real.py.  Each kernel of
test/triton/Inputs/inductor_real/ compiled by Triton 3.6 for
GPUTarget("hip", MCPU, 64) without a GPU, the way Inductor compiles it (its
signature, attributes and heuristic config), once plain and once with
magicdiv_triton on (magicdiv-ir, the model's choices with its AMDGPU prices).
Per kernel: divisions in the IR, how many were transformed, native division
expansions left in the ISA (v_rcp_iflag_f32: 32-bit; v_rcp_f32: 64-bit),
and the instructions a wave issues when its lanes take the common paths
(amdinkernel.common_count: everything but native 64-bit division's 64-bit
path and the failed-assert traps; Triton's masks are exec masks), the
module's versioning branches made jumps to their fast copies
(amdinkernel.fast_only, applied to magicdiv-ir's output by a wrapper; the
tests stay).  A reduction: the same over one trip through its loop
(amdinkernel.loop_path, the rules of amdinkernel.path), per iteration.

  amdinductor.py --tool build-22/bin/magicdiv-ir [--mcpu gfx90a] [--options OPTS] [--out FILE]

Needs Triton 3.6 (scripts/setup.sh: /tmp/magicdiv-triton on PYTHONPATH).
"""
import argparse
import os
import re
import stat
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "test", "triton"))
import amdforms  # noqa: E402
import amdinkernel  # noqa: E402

WRAPPER = """#!/bin/sh
# magicdiv-ir, its output's versioning branches made jumps to the fast copies
case "$*" in *--version*) exec "%(tool)s" "$@";; esac
"%(tool)s" "$@" > "$0.out" || exit $?
exec "%(py)s" -c 'import sys; sys.path.insert(0, "%(here)s"); import amdinkernel; sys.stdout.write(amdinkernel.fast_only(open(sys.argv[1]).read()))' "$0.out"
"""
DIVREM = re.compile(r"= [su](?:div|rem) (?:<(\d+) x )?i(?:32|64)>? [^,]+, (.*)")
CONST = re.compile(r"(-?[0-9]|splat \(|<i)")


def compile_fixture(triton, kname, mod, mcpu):
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    cfg = dict(mod.CONFIG)
    warps, stages = cfg.pop("num_warps"), cfg.pop("num_stages")
    src = ASTSource(fn=getattr(mod, kname), signature=dict(mod.SIGNATURE),
                    constexprs=cfg, attrs=mod.ATTRS)
    return triton.compile(src, target=GPUTarget("hip", mcpu, 64), options={
        "num_warps": warps, "num_stages": stages, "debug": True})


def divisions(llir):
    n = 0
    for m in DIVREM.finditer(llir):
        if not CONST.match(m.group(2)):
            n += int(m.group(1) or 1)
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool", required=True, help="magicdiv-ir")
    ap.add_argument("--mcpu", default="gfx90a")
    ap.add_argument("--options", default="inkernel-args",
                    help="magicdiv options (inkernel-args;inkernel-force: every site)")
    ap.add_argument("--out")
    a = ap.parse_args()
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="md-amd-ind-")
    import triton
    import magicdiv_triton
    import inductor_real
    tmp = tempfile.mkdtemp(prefix="md-amd-ind-tool-")
    wrap = os.path.join(tmp, "magicdiv-ir")
    with open(wrap, "w") as f:
        f.write(WRAPPER % {"tool": os.path.abspath(a.tool), "py": sys.executable, "here": HERE})
    os.chmod(wrap, os.stat(wrap).st_mode | stat.S_IEXEC)
    fx = inductor_real.load_fixtures()
    off = {s: compile_fixture(triton, kn, m, a.mcpu) for s, kn, m in fx}
    magicdiv_triton.enable(tool=wrap, options=a.options, remarks=False)
    on = {s: compile_fixture(triton, kn, m, a.mcpu) for s, kn, m in fx}
    magicdiv_triton.disable()
    rows = ["| kernel (%s, %s) | divisions (IR) | transformed | native expansions off -> on "
            "| issued off | issued on | |" % (a.mcpu, a.options), "|---|---|---|---|---|---|---|"]
    fx_kind = {s: m.KIND for s, _, m in fx}
    for s, kn, _ in fx:
        n = divisions(off[s].asm["llir"])
        if not n:
            continue
        done = len(re.findall(r"md\.ik\.fast\d*:", on[s].asm["llir"]))
        cnt, nat = [], []
        loop = fx_kind[s] == "reduction"
        for c in (off[s], on[s]):
            lines = c.asm["amdgcn"].splitlines()
            body = amdforms.body(lines, kn)
            cnt.append(amdinkernel.loop_path(body) if loop
                       else amdinkernel.common_count(body))
            nat.append(sum(1 for x in body if re.search(r"\bv_rcp(_iflag)?_f32", x)))
        verdict = "fewer" if cnt[1] < cnt[0] else "equal" if cnt[1] == cnt[0] else "MORE"
        rows.append("| %s%s | %d | %s | %d -> %d | %d | %d | %s |"
                    % (s, " (per iteration)" if loop else "", n, "yes (%d blocks)" % done if done else "no", nat[0], nat[1],
                       cnt[0], cnt[1], verdict))
    text = "\n".join(rows)
    print(text)
    if a.out:
        open(a.out, "w").write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
