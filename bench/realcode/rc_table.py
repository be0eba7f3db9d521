#!/usr/bin/env python3
"""rc_table.py -- the table of rc_run.sh from its logs.

  rc_table.py LOGS            the table (markdown) and the summary line
  rc_table.py --failing F...  ggml ops that failed in test logs F (a,b,c)
  rc_table.py --clone-ops F...  ggml ops inside whose test lines a clone
                              ran first (MAGICDIV_LOG=1), space-separated,
                              most clones first

One row per program / kernel: native time, plugin time, ratio
(native / plugin: above 1 the clones are faster), exact (the program's
own check or test result), clones (MAGICDIV_LOG lines: kernels whose clone
ran; clones found that did not run, with why).  Times: ggml perf, us per
run summed over the cases both runs finished (ratio: geometric mean over
the cases); HeCBench, each time line the program prints, paired in order;
llm.c dev/cuda, the best block size's ms; train_gpt2cu, ms per step.
Summary: geometric mean of the ratio over rows whose clones ran, and the
rows slower than native beyond noise (plugin > native * (1 + NOISE),
NOISE = 3 %); then the runtime's measured choices (MAGICDIV_LOG's
"measured choice" lines in every log): how many kernels got a decision,
how many kept the clone, the original, or the static choice (no timing),
and each original kept, with both times and the log it came from.
"""
import glob
import math
import os
import re
import sys

NOISE = 0.03
ANSI = re.compile(r"\x1b\[[0-9;]*m")
MD = re.compile(r"magicdiv: kernel '([^']*)': (.*)$")
OPLINE = re.compile(r"^  ([A-Z][A-Z0-9_]*)\((.*?)\): ")
CHOICE = re.compile(r"magicdiv: kernel '([^']*)': measured choice for ([0-9]+-[0-9]+) "
                    r"blocks(.*?): (?:clone ([0-9.]+) us, original ([0-9.]+) us .*: "
                    r"(clone|original) kept|no timing.*clone kept \(static\))")
TRAILER = re.compile(r"^== rc: (?:exit (\d+), ([0-9.]+) s|skipped)", re.M)


def read(path):
    try:
        return ANSI.sub("", open(path, errors="replace").read())
    except OSError:
        return ""


def status(text):
    """'ok', 'exit N', 'timeout', 'skipped (time)' or 'not run' (the last
    trailer rc_timed wrote)."""
    ms = list(TRAILER.finditer(text))
    if not ms:
        return "not run"
    m = ms[-1]
    if m.group(1) is None:
        return "skipped (time)"
    rc = int(m.group(1))
    return "ok" if rc == 0 else "timeout" if rc in (124, 137) else "exit %d" % rc


def clone_lines(text):
    """(kernels whose clone ran, {kernel: why a clone found did not run})."""
    used, missed = set(), {}
    for line in text.splitlines():
        m = MD.search(line)
        if not m:
            continue
        k, what = m.groups()
        if re.match(r"(plain )?clone \S+ used", what):
            used.add(k)
        elif what.startswith("clone found") or what.startswith("clone launch failed"):
            missed[k] = what
    return used, missed


def clone_cell(text):
    used, missed = clone_lines(text)
    cell = "%d clone%s ran" % (len(used), "" if len(used) == 1 else "s")
    if missed:
        why = sorted(set(re.sub(r".*\((.*)\)$", r"\1", w) for w in missed.values()))
        cell += "; %d original (%s)" % (len(missed), "; ".join(why)[:80])
    return cell


def ggml_ops(files):
    """{op tested: kernels whose clone ran first inside its test lines},
    failing ops."""
    ops, failing = {}, []
    for f in files:
        cur, in_fail = None, False
        for line in read(f).splitlines():
            if line.startswith("Failing tests:"):
                in_fail = True
                continue
            m = OPLINE.match(line + " ") if not in_fail else None
            if in_fail:
                mm = re.match(r"^  ([A-Z][A-Z0-9_]*)\(", line)
                if mm:
                    failing.append(mm.group(1))
                else:
                    in_fail = False
                continue
            if m:
                cur = m.group(1)
                if "not supported" not in line:
                    ops.setdefault(cur, set())
            d = MD.search(line)
            if d and cur and re.match(r"(plain )?clone \S+ used", d.group(2)):
                ops.setdefault(cur, set()).add(d.group(1))
    return ops, sorted(set(failing))


def geo(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def row(name, nat, plug, ratio, exact, clones):
    return {"name": name, "native": nat, "plugin": plug, "ratio": ratio,
            "exact": exact, "clones": clones}


def ggml_test_rows(logs):
    files = sorted(glob.glob(os.path.join(logs, "ggml_test.*.txt")))
    if not files:
        return []
    texts = [read(f) for f in files]
    passed = total = 0
    for t in texts:
        for m in re.finditer(r"^  (\d+)/(\d+) tests passed", t, re.M):
            passed, total = passed + int(m.group(1)), total + int(m.group(2))
    ops, failing = ggml_ops(files)
    st = sorted(set(status(t) for t in texts) - {"ok"})
    exact = "%d/%d passed" % (passed, total)
    if failing:
        orig = read(os.path.join(logs, "ggml_test_orig.txt"))
        _, ofail = ggml_ops([os.path.join(logs, "ggml_test_orig.txt")])
        exact += "; FAILED: %s (originals: %s)" % (
            ",".join(failing), ",".join(ofail) or
            ("pass" if "tests passed" in orig else "not run"))
    if st:
        exact += " [%s]" % ", ".join(st)
    used = set().union(*ops.values()) if ops else set()
    return [row("ggml test-backend-ops test, %d ops (%d processes)" % (len(ops), len(files)),
                "", "", None, exact, "%d clones ran, in %d ops" % (
                    len(used), sum(1 for v in ops.values() if v)))]


def perf_cases(text):
    """{case: us per run} of a perf log."""
    out = {}
    for m in re.finditer(r"^  ([A-Z][A-Z0-9_]*\(.*?\)): .*?(\d+) runs - +([0-9.]+) us/run",
                         text, re.M):
        out[m.group(1)] = float(m.group(3))
    return out


def ggml_perf_rows(logs):
    rows = []
    for nf in sorted(glob.glob(os.path.join(logs, "ggml_perf.*.native.txt"))):
        op = os.path.basename(nf)[len("ggml_perf."):-len(".native.txt")]
        nt, pt = read(nf), read(nf.replace(".native.txt", ".plugin.txt"))
        n, p = perf_cases(nt), perf_cases(pt)
        both = [c for c in n if c in p and p[c] > 0]
        ratio = geo([n[c] / p[c] for c in both])
        rows.append(row("ggml perf %s (%d cases)" % (op, len(both)),
                        "%.1f us" % sum(n[c] for c in both) if both else status(nt),
                        "%.1f us" % sum(p[c] for c in both) if both else status(pt),
                        ratio, "-", clone_cell(pt)))
        rows[-1]["cases"] = [(c, n[c], p[c]) for c in both]
    return rows


def time_lines(text):
    """[(label, value)] of the lines that report a time (the number after
    'time', else the last number), magicdiv's and rc's lines aside."""
    out, seen = [], {}
    for line in text.splitlines():
        low = line.lower()
        if "magicdiv" in low or line.startswith("==") or "gb/s" in low and "time" not in low:
            continue
        if not re.search(r"time|\bms\b|\bus\b|\(s\)", low):
            continue
        i = low.find("time")
        nums = re.findall(r"[0-9]+\.[0-9]+(?:e[-+]?\d+)?", line[i:] if i >= 0 else line)
        if not nums:
            continue
        label = re.sub(r"[0-9]+\.[0-9]+(?:e[-+]?\d+)?", "#", line.strip())[:60]
        seen[label] = seen.get(label, 0) + 1
        out.append(("%s [%d]" % (label, seen[label]) if seen[label] > 1 else label,
                    float(nums[0])))
    return out


def hec_exact(text):
    if re.search(r"FAIL", text):
        return "FAIL"
    if re.search(r"PASS|Test Passed|passed", text, re.I):
        return "PASS"
    return "no self-check"


def hec_rows(logs):
    rows = []
    for nf in sorted(glob.glob(os.path.join(logs, "hec.*.native.txt"))):
        b = os.path.basename(nf)[4:-len(".native.txt")]
        nt, pt = read(nf), read(nf.replace(".native.txt", ".plugin.txt"))
        ex = "%s / %s" % (hec_exact(nt) if status(nt) == "ok" else status(nt),
                          hec_exact(pt) if status(pt) == "ok" else status(pt))
        n, p = dict(time_lines(nt)), time_lines(pt)
        pairs = [(lab, n[lab], v) for lab, v in p if lab in n]
        if not pairs:
            rows.append(row("HeCBench %s" % b, "-", "-", None, ex, clone_cell(pt)))
        for lab, a, c in pairs:
            rows.append(row("HeCBench %s: %s" % (b, lab), "%g" % a, "%g" % c,
                            a / c if c > 0 and a > 0 else None, ex, clone_cell(pt)))
    return rows


def best_block(text):
    """The fastest block size's ms of a dev/cuda log (None: no time)."""
    ts = [float(m.group(2)) for m in re.finditer(
        r"block_size\s+(\d+)\s+\|?\s*time\s+([0-9.]+)\s*ms", text)]
    return min(ts) if ts else None


def llmc_exact(text):
    if "Mismatch" in text or "ERROR" in text:
        return "FAIL"
    return "match" if status(text) == "ok" else status(text)


def llmc_rows(logs):
    rows = []
    for nf in sorted(glob.glob(os.path.join(logs, "llmc.*.native.txt"))):
        name = os.path.basename(nf)[5:-len(".native.txt")]
        if name == "train_gpt2cu":
            continue
        nt, pt = read(nf), read(nf.replace(".native.txt", ".plugin.txt"))
        a, b = best_block(nt), best_block(pt)
        prog, k = name.rsplit(".", 1)
        rows.append(row("llm.c %s kernel %s (best block size)" % (prog, k),
                        "%.4f ms" % a if a else "-", "%.4f ms" % b if b else "-",
                        a / b if a and b else None,
                        "%s / %s" % (llmc_exact(nt), llmc_exact(pt)), clone_cell(pt)))
    return rows


def train_row(logs):
    nf = os.path.join(logs, "llmc.train_gpt2cu.native.txt")
    nt, pt = read(nf), read(nf.replace(".native.txt", ".plugin.txt"))
    if not nt and not pt:
        return []

    def ms(t):
        m = re.search(r"total average iteration time: ([0-9.]+) ms", t)
        return float(m.group(1)) if m else None

    def losses(t):
        return [float(x) for x in re.findall(r"step\s+\d+/\d+ \| loss ([0-9.]+)", t)]
    a, b = ms(nt), ms(pt)
    la, lb = losses(nt), losses(pt)
    n = min(len(la), len(lb))
    if not n:
        exact = "no losses (%s / %s)" % (status(nt), status(pt))
    else:
        d = max(abs(x - y) for x, y in zip(la[:n], lb[:n]))
        exact = ("losses identical, %d steps" % n if d == 0 else
                 "losses differ by up to %.2g over %d steps" % (d, n))
    return [row("llm.c train_gpt2cu d12 from scratch, B=4 T=1024 (ms/step)",
                "%.2f ms" % a if a else status(nt), "%.2f ms" % b if b else status(pt),
                a / b if a and b else None, exact, clone_cell(pt))]


def table(rows):
    print("| program / kernel | native | plugin | ratio | exact | clones |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %s | %s | %s | %s | %s |" % (
            r["name"], r["native"], r["plugin"],
            "%.3fx" % r["ratio"] if r["ratio"] else "-", r["exact"], r["clones"]))


def summary(rows):
    cl = [r for r in rows if r["ratio"] and not r["clones"].startswith("0 clones")]
    slow = [r for r in cl if r["ratio"] < 1 / (1 + NOISE)]
    g = geo([r["ratio"] for r in cl])
    print("\nsummary: geometric mean native/plugin over %d rows whose clones ran: %s; "
          "slower than native beyond noise (%.0f %%): %d%s" % (
              len(cl), "%.3fx" % g if g else "-", NOISE * 100, len(slow),
              "".join("\n  slower: %s (%.3fx)" % (r["name"], r["ratio"]) for r in slow)))
    cases = [c for r in rows for c in r.get("cases", [])]
    if cases:
        print("ggml perf cases: %d, geometric mean %.3fx, %d slower beyond noise" % (
            len(cases), geo([a / b for _, a, b in cases]),
            sum(1 for _, a, b in cases if b > a * (1 + NOISE))))


def choices(logs):
    """The measured-choice lines of every log: (kernel, blocks, tier,
    clone us, original us, kept, log name); kept is clone, original or
    static."""
    out = []
    for f in sorted(glob.glob(os.path.join(logs, "*.txt"))):
        for m in CHOICE.finditer(read(f)):
            k, blocks, tier, c, o, kept = m.groups()
            out.append((k, blocks, tier.strip(" ,"), c, o, kept or "static",
                        os.path.basename(f)[:-4]))
    return out


def choice_summary(logs):
    ch = choices(logs)
    kinds = {w: sum(1 for c in ch if c[5] == w) for w in ("clone", "original", "static")}
    print("measured choice: %d decisions for %d kernels (clone kept %d, original kept %d, "
          "no timing %d)" % (len(ch), len(set(c[0] for c in ch)), kinds["clone"],
                             kinds["original"], kinds["static"]))
    for k, blocks, tier, c, o, kept, log in ch:
        if kept == "original":
            print("  original kept: %s, %s blocks%s: clone %s us, original %s us (%s)" % (
                k, blocks, " " + tier if tier else "", c, o, log))


def main():
    if sys.argv[1] == "--failing":
        print(",".join(ggml_ops(sys.argv[2:])[1]))
    elif sys.argv[1] == "--clone-ops":
        ops = ggml_ops(sys.argv[2:])[0]
        print(" ".join(sorted((k for k, v in ops.items() if v),
                              key=lambda k: (-len(ops[k]), k))))
    else:
        logs = sys.argv[1]
        rows = (ggml_test_rows(logs) + train_row(logs) + llmc_rows(logs) +
                hec_rows(logs) + ggml_perf_rows(logs))
        table(rows)
        summary(rows)
        choice_summary(logs)


if __name__ == "__main__":
    main()
