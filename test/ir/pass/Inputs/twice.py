"""twice.py OPT PLUGIN FILE...: for each IR file, opt -passes=magicdiv and
opt -passes='magicdiv,magicdiv' (every remark on) must give the same module
and the same remarks (twice.test).  Prints one line per file and a summary;
exit 1 on the first difference."""
import subprocess
import sys

opt, plugin, files = sys.argv[1], sys.argv[2], sys.argv[3:]
rem = ["-pass-remarks=magicdiv", "-pass-remarks-missed=magicdiv",
       "-pass-remarks-analysis=magicdiv"]


def run(f, passes):
    p = subprocess.run([opt, "-load-pass-plugin=" + plugin, "-passes=" + passes,
                        "-S", f, "-o", "-"] + rem, capture_output=True,
                       text=True)
    if p.returncode:
        sys.exit("twice: opt failed on %s: %s" % (f, p.stderr[-300:]))
    return p.stdout, p.stderr


for f in files:
    once, twice = run(f, "magicdiv"), run(f, "magicdiv,magicdiv")
    name = f.split("/test/")[-1]
    if once != twice:
        print("twice: %s: %s differ" % (name, "modules" if once[0] != twice[0]
                                        else "remarks"))
        sys.exit(1)
    print("twice: %s: same module, %d remark line(s)" % (
        name, once[1].count("remark:")))
print("twice: %d modules: OK" % len(files))
