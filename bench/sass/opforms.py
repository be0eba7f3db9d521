#!/usr/bin/env python3
"""opforms.py -- per-site SASS of the op benchmark's division forms, the
static side of bench/gpu's op_u32 / op_u64 / seed_u32 cases.

Each form is the divider object the GPU benchmark's kernel uses
(bench/include/mdb_dev.h, bench/kernels/opconst.inc), put in one kernel
that divides its thread's element once ("straight": x = in[tid];
out[tid] = q) and in one that divides inside a loop whose dividend changes
every iteration (unrolling disabled), minus the same kernel with the
identity in place of the division.  Forms:

  clang native   n / d on a kernel parameter, clang -O2 -> ptxas -O3
  nvcc native    the same source, nvcc -O3 (CUDA's own compiler)
  cutlass        CUTLASS FastDivmod / FastDivmodU64 by hand (clang)
  nvcc cutlass   the same, nvcc -O3
  plugin         the pass's clone of clang native (K__magicdiv)
  const D        the divisor a template parameter (clang): 997 and 1024

Groups: u32 (u32 n / u32 d), u64 (u64 n / u64 d), seed32 (u32 n / size_t
d, the seed paper's workload: native division is 64-bit).  Counts are
static non-NOP instructions (nvdisasm), straight-line also issued on
the path where the values fit 32 bits (--issued: the path walker of
bench/sass/issued.py, the project's copy of ../shared/tools/issued); in
the loop column what ptxas hoists out of the loop (a uniform divisor's
reciprocal) is not counted.

  opforms.py --plugin build-22/lib/MagicDiv.so [--nvcc PATH] [--nvdisasm P]

--pow2: the plugin's u64 paths (other divisors || powers of two: the pow2
tier K__magicdiv_pow2 where the module has one, else the clone's path
through the fewest products, md_pow2's copy), before (no-pow2-kernel) and
now, next to the constants; the kernels' count and SASS size.
"""
import argparse
import os
import sys
import tempfile

import chain  # compile_nv's SASS parser, nv_loop

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KDIR = os.path.join(ROOT, "bench", "kernels")
NVCC_TID = ["-D__nvvm_read_ptx_sreg_%s_x()=%s.x" % (s, b) for s, b in
            (("tid", "threadIdx"), ("ctaid", "blockIdx"),
             ("ntid", "blockDim"), ("nctaid", "gridDim"))]

# group: (data type, divisor parameter type, native object, cutlass
# parameter type, cutlass object, const object template)
GROUPS = {
    "u32": ("mdb_u32", "mdb_u32", "mdb_nat<mdb_u32>{p}", "mdb_cut32",
            "mdb_cut<mdb_u32>{p}", "mdb_ct<mdb_u32, %dull>{}"),
    "u64": ("mdb_u64", "mdb_u64", "mdb_nat<mdb_u64>{p}", "mdb_cut64",
            "mdb_cut_w<mdb_u64>{p}", "mdb_ct<mdb_u64, %dull>{}"),
    "seed32": ("mdb_u32", "mdb_u64", "mdb_nat_w32{p}", "mdb_cut64",
               "mdb_hand_w32<mdb_cut_w<mdb_u64> >{{p}}",
               "mdb_ct_w32<%dull>{}"),
}

IDENT = """
template <class T> struct mdb_id {
  __device__ T div(T n) const { return n; }
};
"""


def source(t, ptype, obj, form):
    body = ('extern "C" __global__ void kern(const %s *in, %s *out, %s p, '
            'mdb_u32 iters) {\n  mdb_u32 i = mdb_gid();\n  %s x = in[i];\n'
            '  auto dv = %s;\n' % (t, t, ptype, t, obj))
    if form == "straight":
        body += "  out[i] = dv.div(x);\n}\n"
    else:
        body += ("  %s acc = 0;\n#pragma unroll 1\n"
                 "  for (mdb_u32 k = 0; k < iters; ++k)\n"
                 "    acc += dv.div(x ^ (%s)(k * 0x9E3779B9u));\n"
                 "  out[i] = acc;\n}\n" % (t, t))
    return '#include "opbench.cu"\n' + IDENT + body


def count(cubin, nvd, kern):
    items = chain.nv_items(chain.run([nvd, "-c", cubin]))
    if kern not in items:
        return None, None
    v = items[kern]
    return sum(1 for _, i in v if i), chain.nv_loop(v)


def build(a, tmp, src, tool, tag, opts=None):
    cu = os.path.join(tmp, tag + ".cu")
    cubin = os.path.join(tmp, tag + ".cubin")
    open(cu, "w").write(src)
    inc = ["-I", os.path.join(ROOT, "bench", "include"), "-I", KDIR]
    if tool == "nvcc":
        chain.run([a.nvcc, "-O3", "-arch=" + a.arch, "-cubin"] + NVCC_TID
                  + inc + [cu, "-o", cubin])
    else:
        ptx = os.path.join(tmp, tag + ".ptx")
        env = dict(os.environ)
        env.pop("MAGICDIV_OPTIONS", None)
        if opts:
            env["MAGICDIV_OPTIONS"] = opts
        cmd = [a.clang, "-x", "cuda", "--cuda-device-only", "-nocudainc",
               "-nocudalib", "--cuda-gpu-arch=" + a.arch,
               "-Wno-unknown-cuda-version", "-O2", "-S"] + inc + [cu, "-o", ptx]
        if tool == "plugin":
            cmd.insert(1, "-fpass-plugin=" + a.plugin)
        chain.run(cmd, env)
        chain.run([a.ptxas, "-arch=" + a.arch, "-O3", ptx, "-o", cubin])
    return cubin


def issued(a, cubin, kern):
    """Instructions one thread issues on the straight kernel's path where
    the operands fit 32 bits (no CALL, no IMAD.WIDE.U32.X executed):
    bench/sass/issued.py's path walker.  None without it."""
    if not a.issued:
        return None
    os.environ.setdefault("NVDISASM", a.nvdisasm)
    sys.path.insert(0, a.issued)
    import issued as paths
    labels, ins = paths.load(cubin, kern)
    res = paths.walk(labels, ins, 1, ["CALL", "IMAD.WIDE.U32.X"])
    s = min(r[0] for r in res)
    return max(r[1] for r in res if r[0] == s)


def issued_pow2(a, cubin, kern):
    """(general, pow2) issued on the straight kernel: the path through the
    most 64-bit products (IMAD.WIDE: the chain) and the one through the
    fewest (md_pow2's copy for powers of two takes the shift; the same
    path when the kernel has one copy).  (None, None) without the walker."""
    if not a.issued:
        return None, None
    os.environ.setdefault("NVDISASM", a.nvdisasm)
    sys.path.insert(0, a.issued)
    import issued as paths
    labels, ins = paths.load(cubin, kern)
    res = [r for r in paths.walk(labels, ins, 1, ["CALL", "IMAD.WIDE"])]
    hi, lo = max(r[0] for r in res), min(r[0] for r in res)
    return (max(r[1] for r in res if r[0] == hi),
            min(r[1] for r in res if r[0] == lo))


def loops(items):
    """Instruction counts of each loop body (chain.nv_loop's rule, every
    backward branch), shortest first; [] without a loop."""
    import re
    at = {lab: i for i, (lab, _) in enumerate(items) if lab}
    out = []
    for i, (_, ins) in enumerate(items):
        m = ins and re.search(r"\bBRA\b.*`\(([\w.$]+)\)", ins)
        if m and m.group(1) in at and at[m.group(1)] < i:
            b = [x for _, x in items[at[m.group(1)]:i + 1] if x]
            if len(b) > 1:
                out.append(len(b))
    return sorted(out)


def cell_pow2(a, tmp, g, obj, kern, opts=None, size=None):
    """The plugin's clone on both of md_pow2's paths: 'general straight
    issued / general loop || pow2 straight issued / pow2 loop' (the pow2
    pair from the pow2 tier kern + '_pow2' where the cubin has it, else
    the clone's shortest path: equal to the general one where the clone
    has one copy).  size: a list that gets, per form, (kernels, SASS
    instructions) of the clone and its tiers (names starting with kern)."""
    t, ptype = g[0], g[1]
    gen, p2 = [], []
    for form in ("straight", "loop"):
        base = build(a, tmp, source(t, ptype, "mdb_id<%s>{}" % t, form),
                     "clang", "b")
        kc = build(a, tmp, source(t, ptype, obj, form), "plugin", "k", opts)
        bitems = chain.nv_items(chain.run([a.nvdisasm, "-c", base]))["kern"]
        allk = chain.nv_items(chain.run([a.nvdisasm, "-c", kc]))
        items, tier = allk.get(kern), allk.get(kern + "_pow2")
        if items is None:
            return "(no clone)"
        if size is not None:
            ks = [v for k, v in allk.items() if k.startswith(kern)]
            size.append((len(ks), sum(len([x for _, x in v if x])
                                      for v in ks)))
        if form == "straight":
            bg, _ = issued_pow2(a, base, "kern")
            kg, kp = issued_pow2(a, kc, kern)
            if tier is not None:
                _, kp = issued_pow2(a, kc, kern + "_pow2")
            gen.append("%d" % (kg - bg) if kg is not None else "-")
            p2.append("%d" % (kp - bg) if kp is not None else "-")
        else:
            bl, kl = loops(bitems), loops(items)
            tl = loops(tier) if tier is not None else kl
            gen.append("%d" % (kl[-1] - bl[-1]) if kl and bl else "-")
            p2.append("%d" % (tl[0] - bl[-1]) if tl and bl else "-")
    return " / ".join(gen) + " &#124;&#124; " + " / ".join(p2)


def cell(a, tmp, g, tool, obj, kern):
    t, ptype = g[0], g[3] if "cut" in obj else g[1]
    out = []
    for form in ("straight", "loop"):
        base_tool = "nvcc" if tool == "nvcc" else "clang"
        bs, bl = count(build(a, tmp, source(t, ptype, "mdb_id<%s>{}" % t,
                                            form), base_tool, "b"),
                       a.nvdisasm, "kern")
        kc = build(a, tmp, source(t, ptype, obj, form), tool, "k")
        ks, kl = count(kc, a.nvdisasm, kern)
        if ks is None:
            return "(no clone)"
        if form == "straight" and a.issued:
            bi = issued(a, os.path.join(tmp, "b.cubin"), "kern")
            out.append("%d" % (issued(a, kc, kern) - bi))
        out.append("%d" % (ks - bs) if form == "straight" else
                   "-" if kl is None or bl is None else "%d" % (kl - bl))
    return " / ".join(out)


def main_pow2(a):
    print("\n### %s: the plugin's u64 paths, instructions per site: "
          "straight issued / loop (other divisors &#124;&#124; powers of two)"
          "\n" % a.arch)
    print("| group | plugin before (no-pow2-kernel) | plugin now | "
          "const 997 | const 1024 | kernels / SASS before | "
          "kernels / SASS now |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, g in GROUPS.items():
            sb, sn = [], []
            cells = [cell_pow2(a, tmp, g, g[2], "kern__magicdiv",
                               "no-pow2-kernel", sb),
                     cell_pow2(a, tmp, g, g[2], "kern__magicdiv", None, sn),
                     cell(a, tmp, g, "clang", g[5] % 997, "kern"),
                     cell(a, tmp, g, "clang", g[5] % 1024, "kern")]
            cells += [" ; ".join("%d / %d" % x for x in v) for v in (sb, sn)]
            print("| %s | %s |" % (name, " | ".join(cells)))
            sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--llvm", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--nvdisasm", default="/tmp/nvd/nvidia/cu13/bin/nvdisasm")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--issued", default=HERE,
                    help="folder of issued.py (issued counts); '' for none")
    ap.add_argument("--pow2", action="store_true",
                    help="the plugin's two paths (md_pow2: other divisors "
                    "|| powers of two), before (no-pow2-kernel) and now, "
                    "next to the constants")
    a = ap.parse_args()
    if a.issued and not os.path.exists(os.path.join(a.issued, "issued.py")):
        a.issued = ""
    a.clang = os.path.join(a.llvm, "clang")
    if a.pow2:
        return main_pow2(a)
    cols = ["clang native", "nvcc native", "cutlass", "nvcc cutlass",
            "plugin", "const 997", "const 1024"]
    print("\n### %s: op benchmark forms, instructions per site: %sstraight "
          "static / loop\n" % (a.arch, "straight issued (32-bit path) / "
                                if a.issued else ""))
    print("| group | " + " | ".join(cols) + " |")
    print("|---|" + "---|" * len(cols))
    with tempfile.TemporaryDirectory() as tmp:
        for name, g in GROUPS.items():
            cells = [cell(a, tmp, g, "clang", g[2], "kern"),
                     cell(a, tmp, g, "nvcc", g[2], "kern"),
                     cell(a, tmp, g, "clang", g[4], "kern"),
                     cell(a, tmp, g, "nvcc", g[4], "kern"),
                     cell(a, tmp, g, "plugin", g[2], "kern__magicdiv"),
                     cell(a, tmp, g, "clang", g[5] % 997, "kern"),
                     cell(a, tmp, g, "clang", g[5] % 1024, "kern")]
            print("| %s | %s |" % (name, " | ".join(cells)))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
