#!/usr/bin/env python3
"""rc_llmc_map.py -- which kernel numbers of an llm.c dev/cuda program
launch a kernel that the plugin cloned.

  rc_llmc_map.py PROGRAM.cu PROGRAM.cubin
  rc_llmc_map.py --count PROGRAM.cubin     (its number of clones)

PROGRAM.cubin is the program's device code compiled with the plugin; its
clones are the kernels K__magicdiv (plain tiers aside).  The source's
`switch (kernel_num)` cases name host functions; a case's kernels are the
`name<<<` launches of that function and of the file's host functions it
calls, transitively.  Prints one line:
  PROGRAM CASES: k1 k2 ... (cases whose kernels include a cloned one)
  or PROGRAM 1 when the program has no switch (one kernel, no argument)
and nothing when no case launches a clone.
"""
import os
import re
import sys

from rc_same import elf_sections


def family(mangled):
    """The identifier of a mangled name (_Z14permute_kernelPf... ->
    permute_kernel)."""
    m = re.match(r"_ZL?(\d+)", mangled)
    return mangled[m.end():m.end() + int(m.group(1))] if m else mangled


def clones(cubin):
    """The identifiers of the kernels with a clone in a cubin."""
    names = [k[6:-10] for k in elf_sections(open(cubin, "rb").read())
             if k.startswith(".text.") and k.endswith("__magicdiv")]
    return {family(n) for n in names}


def bodies(src):
    """{function name: body} of the file's top-level functions."""
    out = {}
    for m in re.finditer(r"^[\w][\w\s\*&:<>,]*?\b(\w+)\s*\(([^;{)]|\([^)]*\))*\)\s*\{",
                         src, re.M):
        depth, i = 1, m.end()
        while depth and i < len(src):
            depth += {"{": 1, "}": -1}.get(src[i], 0)
            i += 1
        out.setdefault(m.group(1), src[m.end():i])
    return out


def launched(name, fns, seen):
    """Kernels launched by host function name, transitively."""
    if name in seen or name not in fns:
        return set()
    seen.add(name)
    body = fns[name]
    ks = set(re.findall(r"\b(\w+)\s*(?:<[^<>;]*>)?\s*<<<", body))
    for call in set(re.findall(r"\b(\w+)\s*\(", body)):
        ks |= launched(call, fns, seen)
    return ks


def main():
    if sys.argv[1] == "--count":
        print(sum(1 for k in elf_sections(open(sys.argv[2], "rb").read())
                  if k.startswith(".text.") and k.endswith("__magicdiv")))
        return
    cu, ptx = sys.argv[1], sys.argv[2]
    prog = os.path.basename(cu)[:-3]
    cl = clones(ptx)
    if not cl:
        return
    src = open(cu).read()
    sw = re.search(r"switch\s*\(\s*kernel_num\s*\)\s*\{", src)
    if not sw:
        print(prog, 1)
        return
    fns = bodies(src)
    cases, end = [], src.find("default:", sw.end())
    for m in re.finditer(r"case\s+(\d+)\s*:(.*?)(?=case\s+\d+\s*:|default:)",
                         src[sw.end():end + len("default:")], re.S):
        ks = set()
        for call in set(re.findall(r"\b(\w+)\s*\(", m.group(2))):
            ks |= launched(call, fns, set())
        if ks & cl:
            cases.append(m.group(1))
    if cases:
        print(prog, " ".join(cases))


if __name__ == "__main__":
    main()
