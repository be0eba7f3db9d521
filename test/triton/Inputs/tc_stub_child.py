"""A stand-in for bench/triton/tc_child.py (TC_CHILD) that needs no torch:
the same command protocol, canned answers.  magicdiv's kernels are 20 %
faster; program "gather" makes the magicdiv side exit during its compile
(the runner restarts it for the next program); "cat" answers its compile
with an error on the native side; "block" never answers its compile on
the magicdiv side (the budget ends it)."""
import argparse
import json
import os
import sys
import time

p = argparse.ArgumentParser()
p.add_argument("--side")
p.add_argument("--device")
p.add_argument("--work")
p.add_argument("--reply-fd", type=int)
a = p.parse_args()
os.makedirs(a.work, exist_ok=True)
magic = a.side == "magicdiv"


def send(obj):
    os.write(a.reply_fd, (json.dumps(obj) + "\n").encode())


send({"ok": True, "side": a.side, "pid": os.getpid(), "gpu": "Stub GPU",
      "magicdiv": magic})
for line in sys.stdin:
    cmd = json.loads(line)
    prog = cmd.get("prog")
    if cmd["cmd"] == "quit":
        send({"ok": True})
        break
    if cmd["cmd"] == "compile":
        if prog == "gather" and magic:
            sys.exit(7)
        if prog == "block" and magic:
            time.sleep(1000)
        if prog == "cat" and not magic:
            send({"ok": False, "error": "RuntimeError: stub compile error"})
            continue
        open(os.path.join(a.work, prog + ".pt"), "w").write("stub")
        hooked = [{"pid": os.getpid() + 1, "kernel": "triton_poi_fused_%s_0" % prog,
                   "transformed": 8, "left": 16, "divisions": 24, "ms": 10.0,
                   "status": "ok"}] if magic else []
        send({"ok": True, "compile_s": 2.0 if magic else 1.9, "recompiled": False,
              "hooked": hooked, "per_call_ms": 0.05, "pid": os.getpid()})
    elif cmd["cmd"] == "time":
        t = 8.0 if magic else 10.0
        send({"ok": True, "reps": cmd["reps"],
              "kernels": {"triton_poi_fused_%s_0" % prog: [t] * cmd["reps"],
                          "(call)": [t + 5] * cmd["reps"]}})
    elif cmd["cmd"] == "compare":
        send({"ok": True, "equal": os.path.exists(cmd["other"]), "tensors": 2,
              "differ": 0, "maxdiff": 0.0})
