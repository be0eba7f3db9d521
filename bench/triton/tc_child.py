"""tc_child.py -- one side (native or magicdiv) of tc_run.py: a process
that imports torch once and answers the parent's commands, one JSON
object a line on stdin, each answer one JSON line on the file descriptor
--reply-fd (its stdout and stderr go to the side's log).

    tc_child.py --side SIDE --device cuda|cpu --work DIR --reply-fd N

Commands:
  {"cmd": "compile", "prog": P}  torch.compile(P, dynamic=True), run on
      its two shapes (the second must not recompile), outputs saved to
      DIR/P.pt; answers compile seconds, recompiles, the kernels
      magicdiv_triton's hook saw ($MAGICDIV_TRITON_LOG lines written
      meanwhile), seconds per call, the largest difference to eager;
  {"cmd": "time", "prog": P, "reps": R}  R calls on the second shape
      under torch.profiler after 3 warm-up calls: every kernel's durations
      (us), by name;
  {"cmd": "compare", "prog": P, "other": FILE}  this side's outputs
      against FILE's, bit for bit;
  {"cmd": "quit"}.
The side's environment (MAGICDIV_TRITON, caches) is the parent's doing;
this process sets Inductor's deterministic mode (one config per
reduction, no register-count rescaling: both sides run the same configs)
and no pointwise autotuning."""
import argparse
import json
import os
import sys
import tempfile
import time
import traceback

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tc_programs  # noqa: E402

STATE = {"compiled": {}, "args": {}}


def _sync(device):
    if device.startswith("cuda"):
        torch.cuda.synchronize()


def _tensors(out):
    if isinstance(out, torch.Tensor):
        return [out]
    return [t for t in out if isinstance(t, torch.Tensor)]


def _hook_lines(path, start):
    """The $MAGICDIV_TRITON_LOG lines written since offset start."""
    if not path or not os.path.exists(path):
        return [], start
    with open(path) as f:
        f.seek(start)
        text = f.read()
        end = f.tell()
    rows = []
    for line in text.splitlines():
        p = line.split("\t")
        if len(p) >= 7:
            rows.append({"pid": int(p[0]), "kernel": p[1], "transformed": int(p[2]),
                         "left": int(p[3]), "divisions": int(p[4]),
                         "ms": float(p[5]), "status": p[6]})
    return rows, end


def cmd_compile(a, prog):
    fn, build, shapes = tc_programs.get(prog, a.device)
    log = os.environ.get("MAGICDIV_TRITON_LOG")
    start = os.path.getsize(log) if log and os.path.exists(log) else 0
    compiled = torch.compile(fn, dynamic=True)
    outs, secs, eager_diff = [], [], 0.0
    graphs = []
    for shape in shapes:
        args = build(shape, a.device)
        t0 = time.monotonic()
        with torch.no_grad():
            out = _tensors(compiled(*args))
        _sync(a.device)
        secs.append(time.monotonic() - t0)
        graphs.append(_unique_graphs())
        with torch.no_grad():
            ref = _tensors(fn(*args))
        for o, r in zip(out, ref):
            d = (o.double() - r.double()).abs().max().item() if o.numel() else 0.0
            eager_diff = max(eager_diff, d)
        outs.append([o.detach().cpu() for o in out])
    STATE["compiled"][prog], STATE["args"][prog] = compiled, args
    torch.save(outs, os.path.join(a.work, prog + ".pt"))
    hooked, _ = _hook_lines(log, start)
    per_call = _per_call(compiled, args, a.device)
    return {"compile_s": secs[0], "second_shape_s": secs[1],
            "recompiled": graphs[1] != graphs[0], "graphs": graphs[1],
            "hooked": hooked, "per_call_ms": per_call * 1e3,
            "eager_maxdiff": eager_diff, "pid": os.getpid(),
            "shapes": [list(s) for s in shapes]}


def _unique_graphs():
    from torch._dynamo.utils import counters
    return counters["stats"].get("unique_graphs", 0)


def _per_call(compiled, args, device):
    """Seconds per call on the timed shape (3 calls after one)."""
    with torch.no_grad():
        compiled(*args)
        _sync(device)
        t0 = time.monotonic()
        for _ in range(3):
            compiled(*args)
        _sync(device)
    return (time.monotonic() - t0) / 3


def _trace_kernels(trace, device):
    """{kernel name: [durations us]} from a Chrome trace: CUDA kernels, or
    on the CPU Inductor's C++ kernels (cpp.enable_kernel_profile)."""
    with open(trace) as f:
        events = json.load(f).get("traceEvents", [])
    out = {}
    for e in events:
        name, cat = e.get("name", ""), e.get("cat", "")
        if device.startswith("cuda"):
            keep = cat == "kernel"
        else:
            keep = "cpp_fused" in name  # graph_0_cpp_fused_..._0
            name = name[name.find("cpp_fused"):]
        if keep and "dur" in e:
            out.setdefault(name, []).append(float(e["dur"]))
    return out


def _calls(compiled, args, device, reps):
    """Microseconds of each of reps whole calls (CUDA events)."""
    out = []
    for _ in range(reps):
        if device.startswith("cuda"):
            e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            e0.record()
            compiled(*args)
            e1.record()
            e1.synchronize()
            out.append(e0.elapsed_time(e1) * 1e3)
        else:
            t0 = time.perf_counter()
            compiled(*args)
            out.append((time.perf_counter() - t0) * 1e6)
    return out


def _profiled(a, compiled, args, reps):
    """{kernel: [us]} of reps calls under torch.profiler."""
    from torch.profiler import ProfilerActivity, profile
    acts = [ProfilerActivity.CUDA] if a.device.startswith("cuda") else [ProfilerActivity.CPU]
    with profile(activities=acts) as prof:
        for _ in range(reps):
            compiled(*args)
        _sync(a.device)
    fd, trace = tempfile.mkstemp(suffix=".json", dir=a.work)
    os.close(fd)
    try:
        prof.export_chrome_trace(trace)
        return _trace_kernels(trace, a.device)
    finally:
        os.unlink(trace)


def cmd_time(a, prog, reps):
    """Kernel durations by name, and "(call)": whole calls timed apart
    (also where the profiler fails: its error is in the answer)."""
    compiled, args = STATE["compiled"][prog], STATE["args"][prog]
    res = {"reps": reps}
    with torch.no_grad():
        for _ in range(3):
            compiled(*args)
        _sync(a.device)
        t0 = time.monotonic()
        try:
            kernels = _profiled(a, compiled, args, reps)
        except Exception as e:  # the whole calls still count
            kernels = {}
            res["profiler_error"] = "%s: %s" % (type(e).__name__, e)
        res["wall_s"] = time.monotonic() - t0
        kernels["(call)"] = _calls(compiled, args, a.device, reps)
    res["kernels"] = kernels
    return res


def _bits(t):
    """t as integers of its element size (bit-for-bit comparison, NaN
    included)."""
    t = t.contiguous()
    if t.dtype.is_floating_point:
        ints = {2: torch.int16, 4: torch.int32, 8: torch.int64}
        return t.view(ints[t.element_size()])
    return t


def cmd_compare(a, prog, other):
    mine = torch.load(os.path.join(a.work, prog + ".pt"))
    theirs = torch.load(other)
    differ, maxdiff, n = 0, 0.0, 0
    for ms, ts in zip(mine, theirs):
        for m, t in zip(ms, ts):
            n += 1
            if m.shape != t.shape or m.dtype != t.dtype:
                differ += 1
                continue
            ne = _bits(m) != _bits(t)
            if bool(ne.any()):
                differ += 1
                d = (m.double() - t.double()).abs()
                maxdiff = max(maxdiff, float(d[ne].max()))
    return {"equal": differ == 0 and len(mine) == len(theirs), "tensors": n,
            "differ": differ, "maxdiff": maxdiff}


def setup(a):
    import torch._inductor.config as ic
    ic.deterministic = True
    ic.triton.autotune_pointwise = False
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False
    if not a.device.startswith("cuda"):
        ic.cpp.enable_kernel_profile = True
    info = {"side": a.side, "torch": torch.__version__, "pid": os.getpid()}
    try:
        import triton
        info["triton"] = triton.__version__
    except ImportError as e:
        info["triton"] = "missing (%s)" % e
    if a.device.startswith("cuda"):
        info["gpu"] = torch.cuda.get_device_name(0)
        torch.zeros(1, device=a.device)  # the context, before any timing
    try:
        import magicdiv_triton
        info["magicdiv"] = magicdiv_triton.enabled()
        info["magicdiv_tool"] = magicdiv_triton._state.get("tool")
    except ImportError:
        info["magicdiv"] = False
    return info


def serve(a, reply):
    def send(obj):
        os.write(reply, (json.dumps(obj) + "\n").encode())
    try:
        send(dict(setup(a), ok=True))
    except Exception as e:
        send({"ok": False, "error": "setup: %s" % e, "trace": traceback.format_exc()})
        return 1
    for line in sys.stdin:
        cmd = json.loads(line)
        try:
            if cmd["cmd"] == "quit":
                send({"ok": True})
                return 0
            if cmd["cmd"] == "compile":
                res = cmd_compile(a, cmd["prog"])
            elif cmd["cmd"] == "time":
                res = cmd_time(a, cmd["prog"], int(cmd["reps"]))
            elif cmd["cmd"] == "compare":
                res = cmd_compare(a, cmd["prog"], cmd["other"])
            else:
                raise ValueError("unknown command %r" % cmd["cmd"])
            send(dict(res, ok=True))
        except Exception as e:
            traceback.print_exc()
            send({"ok": False, "error": "%s: %s" % (type(e).__name__, e),
                  "trace": traceback.format_exc()[-2000:]})
        sys.stdout.flush()
        sys.stderr.flush()
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--side", required=True)
    p.add_argument("--device", default="cuda")
    p.add_argument("--work", required=True)
    p.add_argument("--reply-fd", type=int, required=True)
    a = p.parse_args()
    os.makedirs(a.work, exist_ok=True)
    return serve(a, a.reply_fd)


if __name__ == "__main__":
    sys.exit(main())
