"""tc_run.py -- torch.compile(dynamic=True) on the programs of
tc_programs.py, native and with magicdiv_triton, in one call that ends
inside its budget (tc_run.sh runs it; see there for the machine checks).

    tc_run.py --out DIR [--budget S] [--t0 EPOCH] [--device cuda|cpu]
              [--programs a,b] [--tool MAGICDIV_IR] [--round-s S]

Two child processes (tc_child.py), started together: "native" (no
MAGICDIV_TRITON) and "magicdiv" (MAGICDIV_TRITON=1, python/ on
PYTHONPATH, MAGICDIV_IR the tool, MAGICDIV_TRITON_LOG its log: the
compile workers inherit all of it), each with its own fresh Inductor and
Triton caches, so that no kernel crosses sides.  Per program: both
compile it at once (compile seconds per side: the module's cost), then
four timing rounds one after another (native, magicdiv, native,
magicdiv; R calls each, R from native's time per call and --round-s),
then the magicdiv side compares its outputs with native's bit for bit.
A program with less than MIN_PROGRAM_S left is "skipped (time)"; every
command has a time limit (a child past it is killed with its compile
workers and started again for the next program; so is a side that
failed: its CUDA context may be lost).  Writes DIR/results.json,
table.md, results.csv (tc_table.py) and DIR/logs/ (each side's output,
the hook's log); caches and outputs under --work (default $TC_WORK or
/tmp/tc-work).  Exit 0; 1 when a program failed, outputs differ, the
hook did not run on the magicdiv side, or nothing was measured.
--device cpu is for developing this script without a GPU: Inductor emits
C++ there, no Triton kernel and no magicdiv; its timings mean nothing.
TC_CHILD names another child script (the test's stub, which needs no
torch)."""
import argparse
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import tc_table  # noqa: E402

NAMES = ["permute", "reduce", "block", "avgpool", "gather", "cat", "maxpool",
         "embedding", "convnet"]
SIDES = ["native", "magicdiv"]
MIN_PROGRAM_S = 20
RESERVE_S = 6


class Child:
    """One side's tc_child.py: JSON commands in, JSON answers on a pipe."""

    def __init__(self, side, a, work):
        self.side, self.a, self.work = side, a, work
        self.proc, self.buf, self.n = None, b"", 0

    def env(self):
        e = dict(os.environ)
        e.pop("MAGICDIV_TRITON", None)
        e.pop("MAGICDIV_TRITON_LOG", None)
        cache = os.path.join(self.work, "cache")
        e["TORCHINDUCTOR_CACHE_DIR"] = os.path.join(cache, "inductor")
        e["TRITON_CACHE_DIR"] = os.path.join(cache, "triton")
        e["TORCHINDUCTOR_COMPILE_THREADS"] = str(self.a.compile_threads)
        e["PYTHONUNBUFFERED"] = "1"
        if self.a.device == "cpu":  # the idle side's OpenMP threads spin
            e["OMP_NUM_THREADS"] = "1"
        if self.side == "magicdiv":
            e["MAGICDIV_TRITON"] = "1"
            e["MAGICDIV_IR"] = self.a.tool or ""
            e["MAGICDIV_TRITON_LOG"] = os.path.join(self.a.out, "logs", "hook.log")
            pp = os.path.join(ROOT, "python")
            e["PYTHONPATH"] = pp + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
        return e

    def spawn(self):
        """Start the process (its first answer: wait())."""
        self.n += 1
        rd, wr = os.pipe()
        log = open(os.path.join(self.a.out, "logs", "%s.log" % self.side), "ab")
        log.write(b"== start %d\n" % self.n)
        log.flush()
        self.proc = subprocess.Popen(
            [sys.executable, os.environ.get("TC_CHILD") or os.path.join(HERE, "tc_child.py"),
             "--side", self.side,
             "--device", self.a.device, "--work", os.path.join(self.work, "out"),
             "--reply-fd", str(wr)],
            stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT,
            pass_fds=(wr,), env=self.env(), start_new_session=True)
        os.close(wr)
        log.close()
        self.rd, self.buf = rd, b""

    def send(self, obj):
        try:
            self.proc.stdin.write((json.dumps(obj) + "\n").encode())
            self.proc.stdin.flush()
            return True
        except (OSError, ValueError, AttributeError):
            return False

    def wait(self, deadline):
        """The next answer, or {"ok": False, "error": ...} past deadline
        (the child is killed then) or when it died."""
        while b"\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0:
                self.kill()
                return {"ok": False, "error": "timeout", "timeout": True}
            r, _, _ = select.select([self.rd], [], [], min(left, 1.0))
            if r:
                chunk = os.read(self.rd, 1 << 20)
                if not chunk:
                    rc = self.proc.wait()
                    self.close()
                    return {"ok": False, "error": "%s side exited (%s)" % (self.side, rc)}
                self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def ask(self, obj, deadline):
        if not self.send(obj):
            return {"ok": False, "error": "%s side not running" % self.side}
        return self.wait(deadline)

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def kill(self):
        """The child and its compile workers (its own session)."""
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                pass
            self.proc.wait()
        self.close()

    def close(self):
        if self.proc is not None:
            try:
                os.close(self.rd)
            except OSError:
                pass
        self.proc = None

    def quit(self):
        if self.alive():
            self.ask({"cmd": "quit"}, time.time() + 10)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            self.kill()


def say(*parts):
    print(*parts, flush=True)


def ensure(children, a, deadline, res):
    """Start the sides that are not running (both at once); False when
    one could not start."""
    down = [c for c in children.values() if not c.alive()]
    for c in down:
        c.spawn()
    starts = {}
    for c in down:
        starts[c.side] = c.wait(deadline)
        say("%s side: %s" % (c.side, json.dumps(starts[c.side])))
        res["starts"].append(dict(starts[c.side], side=c.side))
        if not starts[c.side].get("ok"):
            return False
        if c.side == "magicdiv" and a.device == "cuda" and not starts[c.side].get("magicdiv"):
            say("magicdiv side: magicdiv_triton is NOT enabled (logs/magicdiv.log says why)")
            res["hook_off"] = True
            return False
    return True


def run_program(name, children, a, deadline, res):
    """Compile, time, compare program name on both sides; its entry."""
    p = {"name": name, "rounds": {"native": [], "magicdiv": []}}
    for c in children.values():
        c.send({"cmd": "compile", "prog": name})
    for side in SIDES:
        p[side] = children[side].wait(deadline)
    for side in SIDES:
        if not p[side].get("ok"):
            p["status"] = ("skipped (time: compile did not finish)" if p[side].get("timeout")
                           else "failed: %s compile: %s" % (side, p[side].get("error")))
            return p
    per_call = max(1e-6, p["native"].get("per_call_ms", 1.0) / 1e3)
    p["reps"] = reps = int(min(200, max(5, a.round_s / per_call)))
    for side in SIDES * a.rounds:
        t = children[side].ask({"cmd": "time", "prog": name, "reps": reps}, deadline)
        if not t.get("ok"):
            p["status"] = ("skipped (time: timing did not finish)" if t.get("timeout")
                           else "failed: %s timing: %s" % (side, t.get("error")))
            return p
        p["rounds"][side].append(t["kernels"])
        if t.get("profiler_error"):  # whole calls only
            p["profiler_error"] = t["profiler_error"]
    other = os.path.join(children["native"].work, "out", name + ".pt")
    p["compare"] = children["magicdiv"].ask({"cmd": "compare", "prog": name, "other": other},
                                            deadline)
    p["status"] = "ok" if p["compare"].get("ok") else "failed: compare: %s" % p["compare"].get("error")
    return p


def run_all(a, t_end):
    res = {"programs": [], "starts": [], "device": a.device, "budget_s": a.budget}
    work = a.work
    shutil.rmtree(work, ignore_errors=True)
    children = {s: Child(s, a, os.path.join(work, s)) for s in SIDES}
    names = a.programs.split(",") if a.programs else NAMES
    for name in names:
        left = t_end - time.time()
        if left < a.min_program_s:
            res["programs"].append({"name": name, "status": "skipped (time)"})
            say("== %s: skipped (time: %.0f s left)" % (name, left))
            continue
        say("== %s (%.0f s left)" % (name, left))
        if not ensure(children, a, t_end, res):
            res["programs"].append({"name": name, "status": "failed: a side did not start"})
            break
        t0 = time.time()
        try:
            p = run_program(name, children, a, t_end, res)
        except Exception as e:  # this script's own fault: the others still run
            import traceback
            traceback.print_exc()
            p = {"name": name, "status": "failed: runner: %s: %s" % (type(e).__name__, e)}
            for c in children.values():
                c.kill()
        p["seconds"] = time.time() - t0
        res["programs"].append(p)
        say(tc_table._program_line(p))
        for side, c in children.items():
            # mid-command (time), or failed (its CUDA context may be lost)
            if "time" in p["status"] or p["status"].startswith("failed: " + side):
                c.kill()
    for c in children.values():
        c.quit()
    return res


def failures(res):
    bad = []
    if res.get("hook_off"):
        bad.append("magicdiv_triton not enabled on the magicdiv side")
    for p in res["programs"]:
        st = p.get("status", "")
        if st.startswith("failed"):
            bad.append("%s: %s" % (p["name"], st))
        if p.get("compare", {}).get("ok") and not p["compare"].get("equal"):
            bad.append("%s: outputs differ" % p["name"])
        for h in p.get("magicdiv", {}).get("hooked", []):
            if h["status"] not in ("ok", "unchanged"):  # failed, fallback: STAGE
                bad.append("%s: %s: %s" % (p["name"], h["kernel"], h["status"]))
        if (st == "ok" and res["device"] == "cuda"
                and not p.get("magicdiv", {}).get("hooked")):
            bad.append("%s: the hook saw no kernel compile" % p["name"])
    if not any(p.get("status") == "ok" for p in res["programs"]):
        bad.append("nothing measured")
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--budget", type=float, default=150)
    ap.add_argument("--t0", type=float, default=None, help="start (epoch s) the budget counts from")
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    ap.add_argument("--programs", default="")
    ap.add_argument("--tool", default=os.environ.get("MAGICDIV_IR"))
    ap.add_argument("--round-s", type=float, default=0.3, help="seconds per timing round")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--compile-threads", type=int, default=8)
    ap.add_argument("--min-program-s", type=float, default=MIN_PROGRAM_S,
                    help="seconds a program needs left to start")
    ap.add_argument("--work", default=os.environ.get("TC_WORK", "/tmp/tc-work"),
                    help="caches and outputs (not under --out: large)")
    a = ap.parse_args()
    for n in (a.programs.split(",") if a.programs else []):
        if n not in NAMES:
            ap.error("unknown program %r (have: %s)" % (n, ",".join(NAMES)))
    os.makedirs(os.path.join(a.out, "logs"), exist_ok=True)
    t_end = (a.t0 or time.time()) + a.budget - RESERVE_S
    res = run_all(a, t_end)
    res["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(res, f, indent=1)
    text, rows, summ = tc_table.render(res)
    bad = failures(res)
    head = "torch.compile(dynamic=True), native vs magicdiv_triton, %s, %s" % (
        res["date"], next((s.get("gpu") for s in res["starts"] if s.get("gpu")), a.device))
    with open(os.path.join(a.out, "table.md"), "w") as f:
        f.write(head + "\n\n" + text + "\n\n" + summ + "\n")
    tc_table.write_csv(rows, os.path.join(a.out, "results.csv"))
    say("\n" + head + "\n\n" + text + "\n\n" + summ)
    for b in bad:
        say("FAILED: " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
