"""public_headers.py -- the runtime's public headers (runtime/include/magicdiv)
checked as a user includes them.

  public_headers.py INCDIR CC...

Every header, included alone (twice, for its guard) by a file of its own,
compiles with each CC as C11 and as C++11 under -Wall -Wextra -pedantic
-Werror; a header that declares functions wraps them in extern "C".  The
headers fall into two families that never include each other: the core
(magicdiv.h and what it includes, and any header that includes it, e.g.
md_desc.h) and the launch API headers (md_cuda.h, md_cuda_driver.h,
md_hip.h, md_graph.h, md_omp.h, md_api_common.h), every one of which the
umbrella md_launch.h includes.  magicdiv.h, preprocessed, names none of
the md_* / MD_* identifiers the launch headers declare.  Prints one line
per failure and exits 1, or prints "ok: ..." and exits 0.
"""
import os
import re
import subprocess
import sys
import tempfile

LANGS = [("c", ["-x", "c", "-std=c11"]), ("c++", ["-x", "c++", "-std=c++11"])]
WARN = ["-Wall", "-Wextra", "-pedantic", "-Werror"]
IDENT = re.compile(r"\b(?:md|MD)_\w+")


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    return p.returncode, p.stdout


def tu(tmp, text, ext):
    path = os.path.join(tmp, "tu" + ext)
    with open(path, "w") as f:
        f.write(text)
    return path


def deps(cc, inc, tmp, header):
    """The magicdiv/ headers a file including `header` reads."""
    src = tu(tmp, '#include "magicdiv/%s"\n' % header, ".c")
    rc, out = run([cc, "-std=c11", "-I", inc, "-M", src])
    if rc:
        return None
    files = out.replace("\\\n", " ").split(":", 1)[1].split()
    mine = os.path.join(os.path.realpath(inc), "magicdiv")
    return {os.path.basename(f) for f in files
            if os.path.dirname(os.path.realpath(f)) == mine}


def idents(cc, inc, tmp, header):
    src = tu(tmp, '#include "magicdiv/%s"\n' % header, ".c")
    rc, out = run([cc, "-std=c11", "-I", inc, "-E", "-dD", "-P", src])
    return set(IDENT.findall(out)) if rc == 0 else None


def check_compiles(ccs, inc, tmp, headers, bad):
    for h in headers:
        text = '#include "magicdiv/%s"\n#include "magicdiv/%s"\n' % (h, h)
        for cc in ccs:
            for lang, flags in LANGS:
                src = tu(tmp, text, ".cc" if lang == "c++" else ".c")
                rc, out = run([cc] + flags + WARN + ["-fsyntax-only", "-I", inc, src])
                if rc:
                    first = out.strip().splitlines()[:3]
                    bad("%s alone does not compile as %s with %s: %s"
                        % (h, lang, cc, " | ".join(first)))


def check_text(inc, headers, bad):
    for h in headers:
        with open(os.path.join(inc, "magicdiv", h)) as f:
            text = f.read()
        code = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        guard = re.search(r"^#ifndef (\w+)\n#define \1\n", code, re.M)
        if not guard or not code.rstrip().endswith("#endif"):
            bad("%s has no include guard around its whole text" % h)
        decl = re.search(r"^[A-Za-z_][\w \*]*\b\w+\s*\([^)]*\)\s*;", code, re.M)
        if decl and 'extern "C" {' not in code:
            bad('%s declares functions outside extern "C"' % h)


def check_families(cc, inc, tmp, headers, bad):
    d = {h: deps(cc, inc, tmp, h) for h in headers}
    if any(v is None for v in d.values()):
        bad("cannot list the headers' dependencies")
        return
    core, launch = d["magicdiv.h"], d["md_launch.h"] - {"md_launch.h"}
    for h in sorted(core & launch):
        bad("%s is both in magicdiv.h and in md_launch.h" % h)
    for h in headers:
        if h in core or h in launch or h == "md_launch.h":
            continue
        if d[h] & core:
            if d[h] & launch:
                bad("%s includes the core and a launch API header" % h)
        else:
            bad("%s is a launch API header md_launch.h does not include" % h)
    names = idents(cc, inc, tmp, "magicdiv.h")
    api = idents(cc, inc, tmp, "md_launch.h")
    if not names or not api or "md_cuda_launch" not in api:
        bad("cannot list the identifiers of magicdiv.h and md_launch.h")
        return
    for n in sorted(names & api):
        bad("magicdiv.h declares %s of the launch API headers" % n)
    return len(core), len(launch), len(api)


def main():
    inc, ccs = sys.argv[1], sys.argv[2:]
    failures = []
    headers = sorted(f for f in os.listdir(os.path.join(inc, "magicdiv"))
                     if f.endswith(".h"))
    with tempfile.TemporaryDirectory() as tmp:
        check_text(inc, headers, failures.append)
        check_compiles(ccs, inc, tmp, headers, failures.append)
        counts = check_families(ccs[0], inc, tmp, headers, failures.append)
    for f in failures:
        print("error: " + f)
    if failures:
        return 1
    print("ok: %d public headers compile alone (C11, C++11, %d compilers); "
          "core %d headers, launch API %d headers (%d names), none in magicdiv.h"
          % ((len(headers), len(ccs)) + counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
