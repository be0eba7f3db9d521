#!/usr/bin/env python3
"""Remark census: every division of a module before the pass has
a magicdiv remark -- transformed, or missed with its reason.

usage: md_census.py IR.ll REMARKS.yaml

IR.ll is the module before the pass, compiled with -g so that each division
has a distinct !dbg location; REMARKS.yaml is opt's -pass-remarks-output.
A division is identified by (function, line, column).  Prints one line per
division (its remarks' names) and a summary; exits 1 if a division has no
remark ("SILENT")."""
import re
import sys

SITE_REMARKS = {"Transformed", "NotLaunchInvariant", "ConstantDivisor",
                "Disabled", "UnsupportedWidth", "TooManyDivisors",
                "VectorDivision", "InCalledFunction", "NotReached"}


def divisions(path):
    locs, sites, fn = {}, [], None
    text = open(path).read().splitlines()
    for line in text:
        m = re.match(r"^!(\d+) = !DILocation\(line: (\d+), column: (\d+)", line)
        if m:
            locs[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    for line in text:
        m = re.match(r"^define .*@([\w.$]+)\(", line)
        if m:
            fn = m.group(1)
            continue
        m = re.match(r"^\s+%\S+ = (udiv|sdiv|urem|srem)( exact)? (\S+(?: x \S+>)?) "
                     r"([^,]+), ([^,]+)(?:, !dbg !(\d+))?", line)
        if not m:
            continue
        den = m.group(5).strip()
        if re.fullmatch(r"-?\d+|splat \(.*", den):
            continue  # constant divisor: LLVM's own business
        loc = locs.get(m.group(6)) if m.group(6) else None
        sites.append((fn, loc, m.group(1)))
    return sites


def remarks(path):
    out = {}
    doc = {}
    loc = None  # the DebugLoc's text, which YAML may wrap over lines
    for line in open(path).read().splitlines() + ["---"]:
        if line.startswith("---"):
            if doc.get("Name") in SITE_REMARKS and "Line" in doc:
                key = (doc["Function"], (doc["Line"], doc["Column"]))
                out.setdefault(key, []).append(doc["Name"])
            doc, loc = {}, None
            continue
        m = re.match(r"^(Name|Function):\s+(\S+)", line)
        if m:
            doc[m.group(1)] = m.group(2)
        if line.startswith("DebugLoc:"):
            loc = ""
        if loc is not None:
            loc += " " + line
            if "}" in line:
                ml = re.search(r"Line: (\d+)", loc)
                mc = re.search(r"Column: (\d+)", loc)
                if ml and mc:
                    doc["Line"], doc["Column"] = int(ml.group(1)), int(mc.group(1))
                loc = None
    return out


def main():
    sites = divisions(sys.argv[1])
    rem = remarks(sys.argv[2])
    silent = transformed = missed = 0
    for fn, loc, op in sites:
        names = rem.get((fn, loc), []) if loc else []
        if not names:
            silent += 1
            state = "SILENT"
        elif "Transformed" in names:
            transformed += 1
            state = "transformed"
        else:
            missed += 1
            state = "missed"
        print("census: %s %s:%s %s: %s [%s]" % (op, fn, loc, state,
              ",".join(sorted(set(names))) or "-", len(names)))
    print("census: %d division(s): %d transformed, %d missed with a reason, "
          "%d silent" % (len(sites), transformed, missed, silent))
    return 1 if silent or not sites else 0


if __name__ == "__main__":
    sys.exit(main())
