#!/usr/bin/env python3
"""sites.py -- per-site instruction counts of every division sequence.

For each sequence ("group": u32 div, s32 div with a positive divisor, u64
rem, ...) and each variant (native division, the pass's clone, hand-written
unified magic, CUTLASS-style, PyTorch-style) this generates kernels with
k = 0, 1, 2, 4, 8 division sites, standalone and inside a loop, compiles them
and counts machine instructions:

  NVIDIA  clang-22 -> PTX -> ptxas (sm_80, sm_90) -> cuobjdump -sass
          (real disassembly; without cuobjdump: .text.<kernel> size / 16).
  AMDGPU  clang-22 -x hip -> llc assembly (gfx90a, gfx942) + llvm-mca.

Per-site cost is measured by differences: the kernel with k division sites
minus the same kernel with the division replaced by the identity (same loads,
same accumulation, 0 division sites), divided by k.  Reported:
  loop   loop-body instructions per site, k = 8 (marginal cost; the
         compiler hoists what depends on the divisor alone out of the
         loop: native division's reciprocal, the clone's parameter loads)
  first  straight-line: whole-kernel instructions of the first site (k = 1
         minus k = 0), one division per thread as index code does;
         includes loading the magic parameters / computing the reciprocal
  marg   whole-kernel instructions per site at k = 8 (standalone, marginal)
The plugin variant is the native source compiled with -fpass-plugin; its
clone K__magicdiv is counted against the identity kernel.

  sites.py --build BUILD [--out DIR] [--arch sm_80,sm_90] [--amd gfx90a,gfx942]
           [--groups u32_div,...] [--quick]
writes DIR/sites_<arch>.csv, DIR/sites_<arch>.md, DIR/ops_<arch>.md and
prints the markdown tables.
"""
import argparse
import collections
import glob
import os
import re
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
INC = os.path.join(ROOT, "bench", "include")
KS = (1, 2, 4, 8)
KMAX = 8

# ---------------------------------------------------------------- groups ---
# Each group: element type, dividend transform, operation, plugin options,
# and the hand variants that apply.  Types: (C type, unsigned C type, bits).
TYPES = {
    "u32": ("mdb_u32", "mdb_u32", 32), "i32": ("mdb_i32", "mdb_u32", 32),
    "u64": ("mdb_u64", "mdb_u64", 64), "i64": ("mdb_i64", "mdb_u64", 64),
}
MASK = {32: "0x7fffffff", 64: "0x7fffffffffffffffLL"}


class Group:
    def __init__(self, name, ty, op, nonneg=False, dsgn=False, hand=(),
                 opts="", desc=""):
        self.name, self.ty, self.op = name, ty, op
        self.nonneg, self.dsgn, self.hand = nonneg, dsgn, hand
        self.opts, self.desc = opts, desc

    @property
    def signed(self):
        return self.ty[0] == "i"

    @property
    def bits(self):
        return TYPES[self.ty][2]


NOPOS = "no-positive-divisors"
GROUPS = [
    Group("u32_div", "u32", "div", hand=("cutlass", "pytorch"),
          desc="u32 n / d"),
    Group("u32_rem", "u32", "rem", hand=("cutlass", "pytorch"),
          desc="u32 n % d"),
    Group("u32_divrem", "u32", "divrem", hand=("cutlass", "pytorch"),
          desc="u32 n / d and n % d"),
    Group("s32_div", "i32", "div", dsgn=True, opts=NOPOS,
          desc="s32 n / d, any signs"),
    Group("s32_div_pos", "i32", "div",
          desc="s32 n / d, d > 0 (MD_DF_POSITIVE)"),
    Group("s32_nn_div", "i32", "div", nonneg=True, dsgn=True, opts=NOPOS,
          desc="s32 n / d, n >= 0 proven, any d"),
    Group("s32_nn_pos", "i32", "div", nonneg=True,
          hand=("cutlass", "pytorch"), desc="s32 n / d, n >= 0, d > 0"),
    Group("s32_rem_pos", "i32", "rem", desc="s32 n % d, d > 0"),
    Group("u64_div", "u64", "div", hand=("cutlass",), desc="u64 n / d"),
    Group("u64_rem", "u64", "rem", hand=("cutlass",), desc="u64 n % d"),
    Group("s64_div", "i64", "div", dsgn=True, opts=NOPOS,
          desc="s64 n / d, any signs"),
    Group("s64_div_pos", "i64", "div", desc="s64 n / d, d > 0"),
    Group("s64_nn_pos", "i64", "div", nonneg=True, hand=("cutlass",),
          desc="s64 n / d, n >= 0, d > 0"),
]
VARIANTS = ("native", "plugin", "unified", "unified_ptx", "unified_sel",
            "cutlass", "pytorch")


def variant_params(g, v):
    """Kernel parameters (after in, out, N[, iters]) of variant v."""
    t, ut, bits = TYPES[g.ty]
    need_d = g.op in ("rem", "divrem")
    if v in ("native", "identity"):
        return [f"{t} d"]  # identity keeps the parameter list of native
    if v in ("unified", "unified_ptx", "unified_sel"):
        p = [f"{ut} m", f"{ut} a", f"{ut} s"]
        if g.dsgn:
            p.append(f"{t} dsgn")
        return p + ([f"{t} d"] if need_d else [])
    if v == "cutlass":
        if bits == 32:
            return [f"{ut} d", f"{ut} m", f"{ut} s"]
        return [f"{ut} m", "mdb_u32 s", "mdb_u32 r"] + (
            [f"{t} d"] if need_d else [])
    if v == "pytorch":
        return [f"{ut} m", f"{ut} s"] + ([f"{t} d"] if need_d else [])
    raise ValueError(v)


def quotient_expr(g, v):
    """C expression of n / d for variant v (n is of the group's type)."""
    t, ut, bits = TYPES[g.ty]
    if v in ("native",):
        return "(n / d)"
    if v == "identity":
        return "(n)"
    if v == "unified_sel":
        return f"mdb_sel_s{bits}(n, m, a, s, {'dsgn' if g.dsgn else '0'})"
    if v in ("unified", "unified_ptx"):
        ds = "dsgn" if g.dsgn else "0"
        sfx = "_ptx" if v == "unified_ptx" else ""
        if not g.signed:
            return f"mdb_uni_u{bits}{sfx}(n, m, a, s)"
        if g.nonneg:
            return f"mdb_uni_s{bits}_nonneg{sfx}(n, m, a, s, {ds})"
        return f"mdb_uni_s{bits}{sfx}(n, m, a, s, {ds})"
    if v == "cutlass":
        if bits == 32:
            return f"({t})mdb_cut_u32(({ut})n, d, m, s)"
        return f"({t})mdb_cut_u64(({ut})n, m, s, r)"
    if v == "pytorch":
        return f"({t})mdb_pyt_u32(({ut})n, m, s)"
    raise ValueError(v)


def site_code(g, v):
    """Statements of one site: read n, update acc."""
    if v == "identity":
        if g.op == "divrem":
            return "acc = (acc * 31 + n) ^ n;"
        return "acc = acc * 31 + n;"
    q = quotient_expr(g, v)
    if g.op == "div":
        return f"acc = acc * 31 + {q};"
    if v == "native":
        r = "(n % d)"
    else:
        r = "(n - qq * d)"
    if g.op == "rem":
        if v == "native":
            return f"acc = acc * 31 + {r};"
        return f"{{ {TYPES[g.ty][0]} qq = {q}; acc = acc * 31 + {r}; }}"
    # divrem
    if v == "native":
        return f"acc = (acc * 31 + {q}) ^ {r};"
    return f"{{ {TYPES[g.ty][0]} qq = {q}; acc = (acc * 31 + qq) ^ {r}; }}"


def dividend(g, x):
    t = TYPES[g.ty][0]
    if g.nonneg:
        return f"({t})({x} & {MASK[g.bits]})"
    return x


def kernel_name(g, v, form, k):
    return f"{g.name}__{v}__{form}{k}"


def gen_kernel(g, v, form, k):
    t = TYPES[g.ty][0]
    params = [f"const {t} *__restrict__ in", f"{t} *__restrict__ out",
              "mdb_u32 N"]
    if form == "l":
        params.append("mdb_u32 iters")
    params += variant_params(g, v)
    body = ["  mdb_u32 i = mdb_gid();", f"  {t} acc = 0;"]
    site = site_code(g, v)
    if form == "s":
        for j in range(k):
            body.append(f"  {{ {t} n = {dividend(g, f'in[i + {j}u * N]')};"
                        f" {site} }}")
    else:
        for j in range(k):
            body.append(f"  {t} x{j} = in[i + {j}u * N];")
        body.append("#pragma clang loop unroll(disable)")
        body.append("  for (mdb_u32 t = 0; t < iters; ++t) {")
        # The dividend changes in every bit, the sign bit included, from
        # one iteration to the next (x ^ t would keep the sign of x and
        # let LLVM hoist the sign handling out of the loop).
        h = ("(mdb_u64)t * 0x9E3779B97F4A7C15ull" if g.bits == 64
             else "t * 0x9E3779B9u")
        body.append(f"    {t} h = ({t})({h});")
        for j in range(k):
            body.append(f"    {{ {t} n = {dividend(g, f'(x{j} ^ h)')};"
                        f" {site} }}")
        body.append("  }")
    body.append("  out[i] = acc;")
    return (f"MDB_KERNEL void {kernel_name(g, v, form, k)}("
            + ", ".join(params) + ") {\n" + "\n".join(body) + "\n}\n")


def gen_source(g, variants):
    out = [f"// generated by bench/sass/sites.py: group {g.name} ({g.desc})",
           '#include "mdb_dev.h"', ""]
    for v in variants:
        for form in ("s", "l"):
            for k in KS:
                out.append(gen_kernel(g, v, form, k))
    return "\n".join(out)


# -------------------------------------------------------------- tooling ---
def find_tool(name, env, extra=()):
    """$env (\"none\": pretend absent), PATH, then the extra globs."""
    p = os.environ.get(env)
    if p:
        return None if p == "none" else p
    p = shutil.which(name)
    if p:
        return p
    for c in extra:
        for q in sorted(glob.glob(c)):
            if os.access(q, os.X_OK):
                return q
    return None


def site_packages_globs(tool):
    pats = []
    for sp in sys.path:
        pats.append(os.path.join(sp, "nvidia", "*", "bin", tool))
        pats.append(os.path.join(sp, "nvidia", "cuda_*", "bin", tool))
    return pats


def run(cmd, env=None, cwd=None):
    r = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write("command failed: " + " ".join(cmd) + "\n"
                         + r.stdout[-2000:] + r.stderr[-4000:])
        raise SystemExit(1)
    return r.stdout


def clang_device(clang, src, out, arch, plugin=None, opts="", emit="-S"):
    env = dict(os.environ)
    env.pop("MAGICDIV_OPTIONS", None)
    if opts:
        env["MAGICDIV_OPTIONS"] = opts
    if arch.startswith("sm_"):
        lang = ["-x", "cuda", "--cuda-device-only", "-nocudainc",
                "-nocudalib", f"--cuda-gpu-arch={arch}",
                "-Wno-unknown-cuda-version"]
    else:
        lang = ["-x", "hip", "--cuda-device-only", "-nogpuinc", "-nogpulib",
                f"--offload-arch={arch}"]
    cmd = [clang] + lang + ["-O2", emit, "-I", INC, src, "-o", out]
    if plugin:
        cmd.insert(1, f"-fpass-plugin={plugin}")
    run(cmd, env=env)


# ---- SASS parsing ----
SASS_LINE = re.compile(r"^\s+/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")


def parse_sass(text):
    """{kernel: [(addr, text)]} without NOPs and the trailing self-branch."""
    funcs = {}
    cur = None
    for line in text.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        m = SASS_LINE.match(line)
        if m and cur is not None:
            ins = m.group(2).strip()
            if ins.startswith("NOP"):
                continue
            cur.append((int(m.group(1), 16), ins))
    for name, ins in funcs.items():
        # drop "BRA <own address>" (the idle loop after EXIT)
        while ins and re.match(r"BRA 0x([0-9a-f]+)$", ins[-1][1]) and \
                int(re.match(r"BRA 0x([0-9a-f]+)", ins[-1][1]).group(1),
                    16) == ins[-1][0]:
            ins.pop()
    return funcs


def opcode(ins):
    ins = re.sub(r"^@!?U?P\w+\s+", "", ins)
    return ins.split()[0]


def subroutine(ins, tgt):
    """Instructions of the subroutine at address tgt, up to its RET."""
    out = []
    for a, text in ins:
        if a < tgt:
            continue
        out.append((a, text))
        if opcode(text).startswith("RET"):
            break
    return out


def loop_body(ins):
    """Instructions of the loop: from the target of the (last) backward
    branch up to and including that branch, plus the body of every
    subroutine the loop calls (native 64-bit division is a CALL to a
    ptxas-generated routine).  None without a loop."""
    best = None
    for idx, (addr, text) in enumerate(ins):
        m = re.search(r"\bBRA\b.*?0x([0-9a-f]+)", text)
        if not m:
            continue
        tgt = int(m.group(1), 16)
        if tgt < addr:
            start = next(i for i, (a, _) in enumerate(ins) if a >= tgt)
            best = ins[start:idx + 1]
    if best is None:
        return None
    extra = []
    for _, text in best:
        m = re.search(r"\bCALL\S*\s+0x([0-9a-f]+)", text)
        if m:
            extra += subroutine(ins, int(m.group(1), 16))
    return best + extra


def elf_text_sizes(path):
    """Fallback: {kernel: .text.<kernel> size / 16} from the cubin ELF."""
    data = open(path, "rb").read()
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    secs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
            for i in range(shnum)]
    stroff = secs[shstrndx][4]
    out = {}
    for s in secs:
        end = data.index(b"\0", stroff + s[0])
        name = data[stroff + s[0]:end].decode()
        if name.startswith(".text."):
            out[name[6:]] = s[5] // 16
    return out


# ---- AMDGPU assembly parsing ----
def parse_amdgpu(text, keep=lambda name: "__" in name):
    """{kernel: [(label_or_None, instr)]} from llc assembly, for the
    kernels whose name `keep` accepts (default: this script's names)."""
    funcs = {}
    cur = None
    for line in text.splitlines():
        m = re.match(r"^([A-Za-z_][\w.$]*):", line)
        if m and not line.startswith(".L"):
            name = m.group(1)
            cur = funcs.setdefault(name, []) if keep(name) else None
            continue
        if cur is None:
            continue
        if line.startswith(".Lfunc_end"):
            cur = None
            continue
        m = re.match(r"^(\.LBB\w+):", line)
        if m:
            cur.append((m.group(1), None))
            continue
        s = line.split(";")[0].strip()
        if not s or s.startswith("."):
            continue
        cur.append((None, s))
    return funcs


def amd_count(items):
    return sum(1 for lab, s in items if s is not None)


def amd_loop(items):
    labels = {lab: i for i, (lab, s) in enumerate(items) if lab}
    best = None
    for i, (lab, s) in enumerate(items):
        if s and s.startswith("s_cbranch") or (s and s.startswith("s_branch")):
            tgt = s.split()[-1]
            if tgt in labels and labels[tgt] < i:
                best = [x for _, x in items[labels[tgt]:i + 1] if x]
    return best


def mca_cycles(mca, arch, instrs, iters=200):
    """llvm-mca cycles per iteration of a straight-line block."""
    text = "\n".join(i for i in instrs if not i.startswith("s_endpgm")
                     and not i.startswith("s_cbranch")
                     and not i.startswith("s_branch")) + "\n"
    r = subprocess.run([mca, "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={arch}",
                        f"-iterations={iters}", "-"], input=text,
                       capture_output=True, text=True)
    m = re.search(r"Total Cycles:\s+(\d+)", r.stdout)
    if not m:
        return None
    return int(m.group(1)) / iters


# --------------------------------------------------------------- driver ---
def fmt(x):
    if x is None:
        return "-"
    if abs(x - round(x)) < 1e-9:
        return str(int(round(x)))
    return f"{x:.2f}".rstrip("0").rstrip(".")


def per_site(counts, v, base="identity"):
    """(loop, first, marg) from counts[(variant, form, k)]."""
    def get(var, form, k):
        return counts.get((var, form, k))

    def diff(form, k, kb):
        a, b = get(v, form, k), get(base, form, kb)
        if a is None or b is None:
            return None
        return (a - b) / (k if k else 1)
    return (diff("l", KMAX, KMAX), diff("s", 1, 1), diff("s", KMAX, KMAX))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--build", required=True,
                    help="magicdiv build dir (lib/MagicDiv.so)")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "out",
                                                  "sass"))
    ap.add_argument("--arch", default="sm_80,sm_90")
    ap.add_argument("--amd", default="gfx90a,gfx942")
    ap.add_argument("--groups", default="")
    ap.add_argument("--llvm", default="/usr/lib/llvm-22/bin")
    ap.add_argument("--cuda", default=os.environ.get("CUDA_PATH",
                                                     "/usr/local/cuda"))
    args = ap.parse_args()

    clang = os.path.join(args.llvm, "clang")
    mca = os.path.join(args.llvm, "llvm-mca")
    ptxas = find_tool("ptxas", "MDB_PTXAS", [args.cuda + "/bin/ptxas"])
    cuobjdump = find_tool("cuobjdump", "MDB_CUOBJDUMP",
                          [args.cuda + "/bin/cuobjdump"]
                          + site_packages_globs("cuobjdump"))
    plugin = os.path.join(args.build, "lib", "MagicDiv.so")
    if not os.path.exists(plugin):
        plugin = None
    os.makedirs(args.out, exist_ok=True)
    work = os.path.join(args.out, "work")
    os.makedirs(work, exist_ok=True)
    groups = [g for g in GROUPS
              if not args.groups or g.name in args.groups.split(",")]
    archs = [a for a in args.arch.split(",") if a]
    amds = [a for a in args.amd.split(",") if a]
    if cuobjdump:
        ver = run([cuobjdump, "--version"]).strip().splitlines()[-1]
        method = f"real disassembly, cuobjdump -sass: {ver}"
    else:
        method = ".text section size / 16: no cuobjdump found, no loop counts"

    for arch in archs + amds:
        nv = arch.startswith("sm_")
        if nv and not ptxas:
            print(f"# {arch}: skipped (no ptxas)")
            continue
        rows = []
        opsrows = []
        for g in groups:
            vs = ["identity", "native", "unified"] + list(g.hand)
            if nv and g.bits == 32:
                vs.append("unified_ptx")
            if g.signed and not g.nonneg:
                vs.append("unified_sel")
            src = os.path.join(work, f"{g.name}.{arch}.cu")
            with open(src, "w") as f:
                f.write(gen_source(g, vs))
            counts = {}
            loops = {}
            builds = [("", None)]
            if plugin:
                builds.append(("plugin", plugin))
            for tag, plug in builds:
                stem = os.path.join(work, f"{g.name}.{arch}{'.' + tag if tag else ''}")
                asm = stem + (".ptx" if nv else ".s")
                clang_device(clang, src, asm, arch, plug, g.opts)
                if nv:
                    cubin = stem + ".cubin"
                    run([ptxas, f"-arch={arch}", "-O3", asm, "-o", cubin])
                    if cuobjdump:
                        funcs = parse_sass(run([cuobjdump, "-sass", cubin]))
                        sizes = {n: len(i) for n, i in funcs.items()}
                        lbody = {n: loop_body(i) for n, i in funcs.items()}
                    else:
                        sizes = elf_text_sizes(cubin)
                        lbody = {}
                else:
                    funcs = parse_amdgpu(open(asm).read())
                    sizes = {n: amd_count(i) for n, i in funcs.items()}
                    lbody = {n: amd_loop(i) for n, i in funcs.items()}
                for name, n in sizes.items():
                    parts = name.split("__")
                    if len(parts) < 3:
                        continue
                    gname, var, fk = parts[0], parts[1], parts[2]
                    form, k = fk[0], int(fk[1:])
                    if tag == "plugin":
                        if len(parts) == 4 and parts[3] == "magicdiv" and \
                                var == "native":
                            var = "plugin"
                        else:
                            continue
                    elif len(parts) != 3:
                        continue
                    counts[(var, form, k)] = n
                    lb = lbody.get(name)
                    if form == "l" and lb is not None:
                        counts[(var, "l", k)] = len(lb)
                        loops[(var, k)] = lb
                    elif form == "l":
                        # no disassembly: no loop body to count
                        counts.pop((var, "l", k), None)
            cycles = {}
            if not nv:
                for (var, k), body in loops.items():
                    cycles[(var, k)] = mca_cycles(mca, arch, body)
            for v in VARIANTS:
                if (v, "s", 1) not in counts:
                    continue
                loop, first, marg = per_site(counts, v)
                row = [g.name, v, loop, first, marg]
                if not nv:
                    a, b = cycles.get((v, KMAX)), cycles.get(("identity",
                                                              KMAX))
                    row.append(None if a is None or b is None
                               else (a - b) / KMAX)
                rows.append(row)
                lb, lb0 = loops.get((v, 1)), loops.get(("identity", 1))
                if lb is not None and lb0 is not None:
                    key = (lambda s: opcode(s[1])) if nv else \
                        (lambda s: s.split()[0])
                    d = collections.Counter(map(key, lb))
                    d.subtract(collections.Counter(map(key, lb0)))
                    ops = " ".join(
                        (f"{o}" if c == 1 else f"{c}x{o}") if c > 0 else
                        f"-{o}" if c == -1 else f"{c}x{o}"
                        for o, c in sorted(d.items()) if c)
                    opsrows.append((g.name, v, ops))
        write_tables(args.out, arch, nv, rows, opsrows, method, groups)
    if not plugin:
        print("# note: no MagicDiv.so under --build; plugin column empty")


def write_tables(out, arch, nv, rows, opsrows, method, groups):
    hdr = ["group", "variant", "loop", "first", "marg"]
    if not nv:
        hdr.append("mca cyc/site")
    with open(os.path.join(out, f"sites_{arch}.csv"), "w") as f:
        f.write(",".join(hdr) + "\n")
        for r in rows:
            f.write(",".join(fmt(x) if not isinstance(x, str) else x
                             for x in r) + "\n")
    # compact table: one row per group, one column per variant
    by = {(r[0], r[1]): r for r in rows}
    lines = []
    what = (f"SASS instructions per site ({method})" if nv else
            "instructions per site (llc) and llvm-mca cycles per site")
    lines.append(f"### {arch}: {what}")
    lines.append("")
    lines.append("Cell: loop / first / marg"
                 + (" / mca-cycles (loop body)" if not nv else "")
                 + "; '-' = not applicable.  first = straight-line: one"
                 " division per thread, as index code does (the divisor's"
                 " set-up included); loop = in a loop, where ptxas / llc"
                 " hoist what depends on the divisor alone.")
    lines.append("")
    lines.append("| group | " + " | ".join(VARIANTS) + " |")
    lines.append("|---|" + "---|" * len(VARIANTS))
    for g in groups:
        cells = []
        for v in VARIANTS:
            r = by.get((g.name, v))
            cells.append(" / ".join(fmt(x) for x in r[2:]) if r else "-")
        lines.append(f"| {g.name} | " + " | ".join(cells) + " |")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, f"sites_{arch}.md"), "w") as f:
        f.write(text)
    ol = [f"### {arch}: opcodes added per site in the loop body (k = 1)", "",
          "| group | variant | opcodes |", "|---|---|---|"]
    for gname, v, ops in opsrows:
        ol.append(f"| {gname} | {v} | {ops} |")
    with open(os.path.join(out, f"ops_{arch}.md"), "w") as f:
        f.write("\n".join(ol) + "\n")
    print(text)


if __name__ == "__main__":
    main()
