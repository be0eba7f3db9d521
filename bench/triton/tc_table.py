"""tc_table.py -- the table of tc_run.py's results (results.json): one row
per Triton kernel of each program, native against magicdiv_triton, and
the summary.  Needs no torch.

    tc_table.py RESULTS.json [--md OUT.md] [--csv OUT.csv]

Per kernel and side, the launches of two timing rounds (interleaved:
native, magicdiv, native, magicdiv; R calls each): median and min (us).
Noise: a side's spread is |median(round 1) / median(round 2) - 1|; the
kernel's margin is max(MARGIN_FLOOR, 2 x the larger of the two sides'
spreads).  "Slower beyond noise": magicdiv's median and its min both
above native's by more than the margin ("faster beyond noise" the same
the other way).  ratio = native / magicdiv (above 1: magicdiv faster).
Sites: divisions magicdiv-ir transformed in the kernel, of the divisions
in its IR ($MAGICDIV_TRITON_LOG, written by the compile workers).
Summary: geometric mean of the ratios over the kernels with a
transformed site, and the counts beyond noise."""
import argparse
import csv
import json
import math
import statistics
import sys

MARGIN_FLOOR = 0.02


def _median(xs):
    return statistics.median(xs) if xs else float("nan")


def _spread(rounds, name):
    meds = [_median(r.get(name, [])) for r in rounds]
    meds = [m for m in meds if m == m and m > 0]
    if len(meds) < 2:
        return 0.0
    return max(meds) / min(meds) - 1


def _sites(hooked, name):
    """'T of D' for kernel name from the hook's lines ('-' when the hook
    did not see it; several compiles of one name, each)."""
    seen = sorted({(h["transformed"], h["divisions"]) for h in hooked
                   if h["kernel"] == name})
    if not seen:
        return "-", 0
    return "; ".join("%d of %d" % s for s in seen), max(t for t, _ in seen)


def kernel_rows(prog):
    """One dict per kernel timed in program prog (a results.json entry)."""
    rn = prog.get("rounds", {}).get("native", [])
    rm = prog.get("rounds", {}).get("magicdiv", [])
    hooked = prog.get("magicdiv", {}).get("hooked", [])
    names = sorted({n for r in rn + rm for n in r})
    rows = []
    for name in names:
        tn = [d for r in rn for d in r.get(name, [])]
        tm = [d for r in rm for d in r.get(name, [])]
        if not tn or not tm:
            rows.append({"program": prog["name"], "kernel": name, "only":
                         "native" if tn else "magicdiv"})
            continue
        margin = max(MARGIN_FLOOR, 2 * max(_spread(rn, name), _spread(rm, name)))
        mn, mm = _median(tn), _median(tm)
        sites, transformed = _sites(hooked, name)
        slower = mm > mn * (1 + margin) and min(tm) > min(tn) * (1 + margin)
        faster = mn > mm * (1 + margin) and min(tn) > min(tm) * (1 + margin)
        rows.append({"program": prog["name"], "kernel": name, "sites": sites,
                     "transformed": transformed,
                     "triton": name.startswith("triton_") or name.startswith("cpp_"),
                     "call": name == "(call)",
                     "native_us": mn, "native_min_us": min(tn),
                     "magicdiv_us": mm, "magicdiv_min_us": min(tm),
                     "launches": len(tn) // max(1, len(rn) * prog.get("reps", 1)),
                     "ratio": mn / mm if mm > 0 else float("nan"),
                     "margin": margin,
                     "verdict": "slower" if slower else "faster" if faster else "same",
                     "equal": _equal(prog)})
    return rows


def _equal(prog):
    c = prog.get("compare")
    if not c:
        return "-"
    if c.get("equal"):
        return "bitwise (%d tensors)" % c.get("tensors", 0)
    return "DIFFER (%d of %d tensors, max %g)" % (c.get("differ", 0),
                                                   c.get("tensors", 0), c.get("maxdiff", 0))


def _program_line(p):
    if not any("compile_s" in p.get(k, {}) for k in ("native", "magicdiv")):
        return "%s: %s" % (p["name"], p.get("status", "?"))
    n, m = p.get("native", {}), p.get("magicdiv", {})
    hooked = m.get("hooked", [])
    done = sum(1 for h in hooked if h["transformed"] > 0)
    failed = sum(1 for h in hooked if h["status"] not in ("ok", "unchanged"))
    pids = {h["pid"] for h in hooked}
    return ("%s: %s; compile %s s native, %s s magicdiv; hook saw %d kernel "
            "compiles in %d process(es) (%d not the side's own: compile "
            "workers), %d with sites transformed, %d failed or fell back, %.0f ms in "
            "magicdiv-ir; recompiled on the second shape: %s; outputs %s" % (
                p["name"], p.get("status", "?"), _f(n.get("compile_s")),
                _f(m.get("compile_s")), len(hooked), len(pids),
                len(pids - {m.get("pid")}), done, failed,
                sum(h["ms"] for h in hooked),
                "yes" if n.get("recompiled") or m.get("recompiled") else "no",
                _equal(p))) + (
                "; profiler failed (whole calls only): %s" % p["profiler_error"]
                if p.get("profiler_error") else "")


def _f(x, fmt="%.1f"):
    return fmt % x if isinstance(x, (int, float)) else "-"


def render(res):
    """(markdown text, all kernel rows, summary line)."""
    lines = ["| program | kernel | sites transformed | native us (min) | "
             "magicdiv us (min) | ratio | margin | outputs |",
             "|---|---|---|---|---|---|---|---|"]
    rows, notes = [], []
    for p in res.get("programs", []):
        notes.append(_program_line(p))
        for r in kernel_rows(p):
            if "only" in r:
                notes.append("%s: kernel %s ran on the %s side only" % (
                    p["name"], r["kernel"], r["only"]))
                continue
            rows.append(r)
            if not r["triton"]:
                continue
            lines.append("| %s | %s | %s | %.2f (%.2f) | %.2f (%.2f) | %.3fx%s | %.0f %% | %s |" % (
                r["program"], r["kernel"], r["sites"], r["native_us"], r["native_min_us"],
                r["magicdiv_us"], r["magicdiv_min_us"], r["ratio"],
                {"slower": " slower", "faster": " faster"}.get(r["verdict"], ""),
                100 * r["margin"], r["equal"]))
        mine = [r for r in rows if r["program"] == p["name"]]
        for r in mine:
            if r["call"]:
                lines.append("| %s | whole call | - | %.2f (%.2f) | %.2f (%.2f) | %.3fx | %.0f %% | |" % (
                    p["name"], r["native_us"], r["native_min_us"], r["magicdiv_us"],
                    r["magicdiv_min_us"], r["ratio"], 100 * r["margin"]))
        others = [r for r in mine if not r["triton"] and not r["call"]]
        if others:
            lines.append("| %s | other kernels (%d, not Triton) | - | %.2f | %.2f | %.3fx | - | |" % (
                p["name"], len(others), sum(r["native_us"] for r in others),
                sum(r["magicdiv_us"] for r in others),
                sum(r["native_us"] for r in others) / max(1e-9, sum(r["magicdiv_us"] for r in others))))
    return "\n".join(lines + [""] + notes), rows, summary(res, rows)


def summary(res, rows):
    tri = [r for r in rows if r["triton"]]
    calls = [r for r in rows if r["call"]]
    changed = [r for r in tri if r["transformed"] > 0 and r["ratio"] > 0]
    geo = (math.exp(sum(math.log(r["ratio"]) for r in changed) / len(changed))
           if changed else float("nan"))
    progs = res.get("programs", [])
    ok = sum(1 for p in progs if p.get("status") == "ok")
    skipped = sum(1 for p in progs if str(p.get("status", "")).startswith("skipped"))
    differ = sum(1 for p in progs if p.get("compare") and not p["compare"].get("equal"))
    slower = [r for r in tri if r["verdict"] == "slower"]
    faster = [r for r in tri if r["verdict"] == "faster"]
    s = ("summary: %d programs measured, %d skipped (time), %d failed; outputs "
         "differ in %d; %d generated kernels, %d with sites transformed: geometric "
         "mean native/magicdiv over those %s; slower beyond noise: %d, faster "
         "beyond noise: %d" % (ok, skipped, len(progs) - ok - skipped, differ, len(tri),
                               len(changed), "%.3fx" % geo if changed else "-",
                               len(slower), len(faster)))
    if calls:
        s += ("\nwhole calls: geometric mean native/magicdiv %.3fx over %d programs"
              % (math.exp(sum(math.log(r["ratio"]) for r in calls) / len(calls)), len(calls)))
    for r in slower:
        s += "\nslower: %s %s (%.3fx, margin %.0f %%)" % (
            r["program"], r["kernel"], r["ratio"], 100 * r["margin"])
    return s


FIELDS = ["program", "kernel", "sites", "transformed", "triton", "call", "native_us",
          "native_min_us", "magicdiv_us", "magicdiv_min_us", "launches", "ratio",
          "margin", "verdict", "equal"]


def write_csv(rows, path):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for r in rows:
            w.writerow({k: (round(v, 4) if isinstance(v, float) else v)
                        for k, v in r.items()})


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("results")
    p.add_argument("--md")
    p.add_argument("--csv")
    a = p.parse_args()
    with open(a.results) as f:
        res = json.load(f)
    text, rows, summ = render(res)
    print(text)
    print(summ)
    if a.md:
        with open(a.md, "w") as f:
            f.write(text + "\n\n" + summ + "\n")
    if a.csv:
        write_csv(rows, a.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
