"""rt_exports.py -- the symbols libmagicdiv_rt.so exports, against a list.

  rt_exports.py READELF LIB LIST            compare; exit 1 on any difference
  rt_exports.py READELF LIB LIST --write    write LIST from LIB

One line per defined global or weak symbol of LIB's dynamic symbol table:
its type (FUNC, OBJECT, TLS ...) and its name, with the version if it has
one; sorted by name.  A symbol added, removed, renamed, retyped or
reversioned is a difference: the ABI changed, and LIST (a checked-in file)
changes with it in the same commit, on purpose.
"""
import subprocess
import sys

HEAD = ("# libmagicdiv_rt.so's exported symbols (test/unit/rt-exports.test);\n"
        "# regenerate with test/unit/Inputs/rt_exports.py READELF LIB THIS --write\n")


def exports(readelf, lib):
    out = subprocess.run([readelf, "--dyn-syms", "--wide", lib], check=True,
                         stdout=subprocess.PIPE, universal_newlines=True).stdout
    rows = set()
    for line in out.splitlines():
        f = line.split()
        # Num: Value Size Type Bind Vis Ndx Name
        if len(f) < 8 or not f[0].endswith(":") or f[4] not in ("GLOBAL", "WEAK"):
            continue
        if f[6] == "UND":
            continue
        rows.add((f[7], f[3]))
    return ["%s %s" % (t, n) for n, t in sorted(rows)]


def main():
    readelf, lib, path = sys.argv[1:4]
    have = exports(readelf, lib)
    if sys.argv[4:] == ["--write"]:
        with open(path, "w") as f:
            f.write(HEAD + "".join(r + "\n" for r in have))
        return 0
    with open(path) as f:
        want = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    gone = sorted(set(want) - set(have), key=lambda r: r.split()[1])
    new = sorted(set(have) - set(want), key=lambda r: r.split()[1])
    for r in gone:
        print("error: no longer exported: " + r)
    for r in new:
        print("error: exported, not in the list: " + r)
    if gone or new:
        return 1
    print("ok: libmagicdiv_rt.so exports the %d listed symbols" % len(have))
    return 0


if __name__ == "__main__":
    sys.exit(main())
