#!/usr/bin/env python3
"""doccheck.py -- checks that docs/ABI.md and docs/LAUNCH.md say what the code does
(test/docs/*.test).  Each subcommand prints what differs and exits 1, or prints
"ok: ..." and exits 0.

  example-src ABI.md OUT.cu        section 8's C source, as a CUDA file
  example ABI.md IR.ll DUMP.txt    section 8's byte table == the descriptor in IR.ll,
                                   section 9's dump == DUMP.txt (md-desc-dump IR.ll),
                                   section 8's clone parameter types == IR.ll's clone
  reqops ABI.md DUMP.txt...        every 64-bit arithmetic op of the requirement
                                   programs in DUMP.txt... is one ABI.md lists
  writers ABI.md PLUGIN_DIR        the plugin files ABI.md names as callers of md_prog's
                                   writers == the files that call them
  status-src HEADER_DIR OUT.c      a C program printing "NAME VALUE md_status_str(NAME)"
                                   for every MD_OK / MD_ERR_* / MD_FALLBACK_* of the headers
  status LAUNCH.md STATUS.txt      LAUNCH.md's status table lists exactly those codes with
                                   that value and text; its fallback table has a row with
                                   the text of every MD_FALLBACK_* code
  remarks PLUGIN_DIR               every md_remark / md_remarkf / md_remarkf_in call of
                                   PLUGIN_DIR names its remark with MD_RN(Name), never a
                                   string; every name of md_remark.h's
                                   MD_REMARK_NAME_LIST is used
  options README.md OPTIONS_H      README.md's option table has a row, with that default
                                   (on/off), for every X(field, "name", default) of
                                   md_options.h's MD_FLAG_OPTION_LIST, and no other flag row
  index README.md SRCROOT          test/README.md names every lit test of test/ (or a folder
                                   holding it) and every plugin/ and runtime/src/ source
                                   file; every path it names exists
"""
import os
import re
import sys

problems = []


def bad(msg):
    problems.append(msg)


def finish(what):
    for p in problems:
        print("doccheck: " + p)
    if problems:
        sys.exit(1)
    print("ok: " + what)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def section(text, number):
    """The text of '## N.' up to the next '## '."""
    m = re.search(r"^## %d\. .*?$(.*?)(?=^## |\Z)" % number, text, re.M | re.S)
    if not m:
        sys.exit("doccheck: no section %d" % number)
    return m.group(1)


def between(text, start, end, what):
    """The text from the regex start to the regex end (exit if absent)."""
    m = re.search(start + "(.*?)" + end, text, re.S)
    if not m:
        sys.exit("doccheck: %s not found" % what)
    return m.group(1)


def blocks(text, lang):
    return re.findall(r"^```%s\n(.*?)^```" % lang, text, re.M | re.S)


def ir_string(ir, name):
    m = re.search(r'@%s = [^\n]*?c"((?:[^"\\]|\\.)*)"' % re.escape(name), ir)
    if not m:
        return None
    raw, out, i = m.group(1), bytearray(), 0
    while i < len(raw):
        if raw[i] == "\\" and raw[i + 1] == "\\":
            out.append(92)
            i += 2
        elif raw[i] == "\\":
            out.append(int(raw[i + 1:i + 3], 16))
            i += 3
        else:
            out.append(ord(raw[i]))
            i += 1
    return bytes(out)


def param_types(sig):
    """Types of a parameter list: the first word of each top-level item."""
    sig = re.sub(r";[^\n]*", "", sig)
    items, depth, cur = [], 0, ""
    for c in sig:
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        if c == "," and depth == 0:
            items.append(cur)
            cur = ""
        else:
            cur += c
    items.append(cur)
    return [it.split()[0] for it in items if it.strip()]


def clone_sig(text, name):
    """Parameter types of `define ... @name(...)` (balanced parentheses)."""
    m = re.search(r"define [^@\n]*@%s\(" % re.escape(name), text)
    if not m:
        return None
    depth, i = 1, m.end()
    while i < len(text) and depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    return param_types(text[m.end():i - 1])


def cmd_example_src(abi, out):
    src = blocks(section(read(abi), 8), "c")
    if not src:
        sys.exit("doccheck: no ```c block in section 8")
    with open(out, "w") as f:
        f.write(src[0])


def cmd_example(abi, ir_path, dump_path):
    doc, ir = read(abi), read(ir_path)
    s8, s9 = section(doc, 8), section(doc, 9)
    # the byte table: offsets contiguous, bytes concatenated
    rows = re.findall(r"^\| (\d+) \| `([0-9A-F ]+)` \|", s8, re.M)
    table, at = bytearray(), 0
    for off, hexes in rows:
        if int(off) != at:
            bad("ABI.md section 8: row at offset %s, but the bytes before end at %d" % (off, at))
        b = bytes(int(x, 16) for x in hexes.split())
        table += b
        at = int(off) + len(b)
    m = re.search(r"`k__magicdiv_desc` is these (\d+) bytes", s8)
    if not m or int(m.group(1)) != len(table):
        bad("ABI.md section 8: 'these N bytes' does not say the table's %d" % len(table))
    got = ir_string(ir, "k__magicdiv_desc")
    if got is None:
        bad("no @k__magicdiv_desc in %s" % ir_path)
    elif got != bytes(table):
        bad("section 8's table differs from the descriptor the plugin writes:")
        bad("  ABI.md : " + table.hex(" ").upper())
        bad("  plugin : " + got.hex(" ").upper())
    # section 9's dump
    text = [b for b in blocks(s9, "") if b.startswith("magicdiv descriptor")]
    dump = [l for l in read(dump_path).splitlines() if not l.startswith("descriptor @")]
    if not text:
        bad("ABI.md section 9: no dump block")
    elif text[0].splitlines() != dump:
        bad("section 9's dump differs from md-desc-dump's:")
        bad("  ABI.md : " + " | ".join(text[0].splitlines()))
        bad("  plugin : " + " | ".join(dump))
    # the clone's parameter types
    doc_sig = [clone_sig(b, "k__magicdiv") for b in blocks(s8, "llvm")]
    doc_sig = [s for s in doc_sig if s]
    ir_sig = clone_sig(ir, "k__magicdiv")
    if not doc_sig or doc_sig[0] != ir_sig:
        bad("section 8's clone takes %s, the plugin's %s" % (doc_sig[:1], ir_sig))
    finish("ABI.md sections 8-9 match the plugin's descriptor (%d bytes)" % len(table))


ARITH = {"add", "sub", "mul", "shl", "lshr", "ashr", "and", "or", "xor", "udiv", "sdiv",
         "urem", "srem", "smin", "smax", "umin", "umax", "icmp"}


def cmd_reqops(abi, dumps):
    ops = between(read(abi), r"<!-- requirement-ops.*?-->", r"<!-- end requirement-ops -->",
                  "ABI.md's requirement-ops list")
    listed = set(re.findall(r"`([a-z0-9.]+)`", ops))
    seen = set()
    for path in dumps:
        for line in read(path).splitlines():
            if not line.startswith("requirement "):
                continue
            for tok in line.split(":", 1)[1].split():
                parts = tok.split(".")
                # the requirement's own arithmetic is 64-bit; leaves are the
                # launch-invariant values' programs (of their own widths)
                if parts[0] in ARITH and ".i64" in tok:
                    seen.add(tok)
    if not seen:
        bad("no requirement program in the dumps")
    for tok in sorted(seen - listed):
        bad("requirement programs use %s, which ABI.md's requirement-ops list lacks" % tok)
    for tok in sorted(listed):
        if re.search(r"\.nsw|^shl", tok):
            bad("ABI.md lists %s; md_bounds writes no nsw and no shl" % tok)
    finish("requirement ops %s are all in ABI.md's list" % " ".join(sorted(seen)))


WRITER_CALL = re.compile(r"\bmd_prog_(?:arg|const|launch|binop|icmp|select|cast|desc_build)\s*\(")


def cmd_writers(abi, plugin):
    para = between(read(abi), r"the one writer is ", r"checks this list", "ABI.md's writers")
    named = set(re.findall(r"`(plugin/[\w/]+\.c)`", para))
    callers = set()
    for root, _, files in os.walk(plugin):
        for f in files:
            if not f.endswith((".c", ".cpp")) or f == "md_prog.c":
                continue
            path = os.path.join(root, f)
            if WRITER_CALL.search(re.sub(r"/\*.*?\*/", "", read(path), flags=re.S)):
                callers.add("plugin/" + os.path.relpath(path, plugin).replace(os.sep, "/"))
    named.discard("plugin/emit/md_prog.c")
    for f in sorted(callers - named):
        bad("%s calls md_prog's writers; ABI.md does not name it" % f)
    for f in sorted(named - callers):
        bad("ABI.md names %s as a writer; it calls none of md_prog's writers" % f)
    finish("ABI.md names the writers: " + " ".join(sorted(callers)))


# a status: a #define, or a row X(name, value, ...) of md_magic.h's MD_STATUS_LIST
STATUS_DEF = re.compile(r"^(?:#define |\s*X\()(MD_OK|MD_ERR_[A-Z0-9_]+|MD_FALLBACK_[A-Z0-9_]+)[\s,]+(-?\d+)\b", re.M)


REMARK_CALL = re.compile(r"\bmd_remark(?:f|f_in)?\s*\(")


def call_args(text, start):
    """The top-level arguments of the call whose '(' ends at start."""
    args, cur, depth, i = [], "", 0, start
    while i < len(text):
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            cur += text[i:j + 1]
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return args + [cur.strip()]
            depth -= 1
        if c == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
        else:
            cur += c
        i += 1
    return args


def cmd_remarks(plugin):
    header = read(os.path.join(plugin, "support", "md_remark.h"))
    listed = between(header, r"#define MD_REMARK_NAME_LIST", r"\n\n", "MD_REMARK_NAME_LIST")
    names = re.findall(r"^\s*X\((\w+)\)", listed, re.M)
    used = set()
    for root, _, files in sorted(os.walk(plugin)):
        for f in sorted(files):
            if not f.endswith(".c"):
                continue
            path = os.path.join(root, f)
            rel = "plugin/" + os.path.relpath(path, plugin).replace(os.sep, "/")
            text = re.sub(r"/\*.*?\*/", "", read(path), flags=re.S)
            used.update(re.findall(r"\bMD_RN\((\w+)\)", text))
            for m in REMARK_CALL.finditer(text):
                args = call_args(text, m.end())
                if len(args) >= 3 and args[2].startswith('"'):
                    line = text.count("\n", 0, m.start()) + 1
                    bad("%s:%d names its remark %s, not MD_RN(...)" % (rel, line, args[2]))
    for n in names:
        if n not in used:
            bad("MD_REMARK_NAME_LIST lists %s; no MD_RN(%s) uses it" % (n, n))
    finish("%d remark names, each named by MD_RN" % len(names))


def cmd_options(readme, header):
    listed = between(read(header), r"#define MD_FLAG_OPTION_LIST", r"\n\n", "MD_FLAG_OPTION_LIST")
    flags = {n: ("on" if d == "1" else "off")
             for n, d in re.findall(r'^\s*X\(\w+, "([\w-]+)", ([01])\)', listed, re.M)}
    rows = {n: d for n, d in re.findall(r"^\| `([\w-]+)` \| (on|off) \|", read(readme), re.M)}
    for n, d in sorted(flags.items()):
        if n not in rows:
            bad("README.md has no row for option %s" % n)
        elif rows[n] != d:
            bad("README.md says %s is %s by default; md_options.h: %s" % (n, rows[n], d))
    for n in sorted(set(rows) - set(flags)):
        bad("README.md lists option %s; MD_FLAG_OPTION_LIST does not" % n)
    finish("README.md lists the %d flag options with their defaults" % len(flags))


def cmd_status_src(hdir, out):
    codes = []
    for f in sorted(os.listdir(hdir)):
        if f.endswith(".h"):
            codes += STATUS_DEF.findall(read(os.path.join(hdir, f)))
    with open(out, "w") as o:
        o.write('#include <stdio.h>\n#include "magicdiv/magicdiv.h"\nint main(void) {\n')
        for name, _ in codes:
            o.write('  printf("%%s %%d %%s\\n", "%s", %s, md_status_str(%s));\n' % (name, name, name))
        o.write("  return 0;\n}\n")


def cmd_status(launch, status_txt):
    doc = read(launch)
    codes = [l.split(" ", 2) for l in read(status_txt).splitlines() if l]
    table = between(doc, r"<!-- status-table.*?-->", r"<!-- end status-table -->",
                    "LAUNCH.md's status table")
    rows = {}
    for r in re.findall(r"^\| `(MD_[A-Z0-9_]+)` \| (-?\d+) \| (.*?) \|", table, re.M):
        rows[r[0]] = (r[1], r[2])
    names = set()
    for name, value, text in codes:
        names.add(name)
        if name not in rows:
            bad("LAUNCH.md's status table lacks %s (%s, \"%s\")" % (name, value, text))
            continue
        if rows[name][0] != value:
            bad("LAUNCH.md: %s is %s, magicdiv.h says %s" % (name, rows[name][0], value))
        if rows[name][1] != text:
            bad("LAUNCH.md: %s's text is \"%s\", md_status_str says \"%s\"" % (name, rows[name][1], text))
    for name in sorted(set(rows) - names):
        bad("LAUNCH.md's status table has %s, which the headers do not define" % name)
    # every fallback status has its row in the fallback table ("Every fallback")
    fb = re.search(r"\| condition \| `MAGICDIV_LOG` line \|(.*?)\n\n", doc, re.S)
    fb = fb.group(1) if fb else ""
    for name, value, text in codes:
        if name.startswith("MD_FALLBACK_") and "(%s)" % text not in fb:
            bad("LAUNCH.md's fallback table has no row logging \"(%s)\" (%s)" % (text, name))
    finish("LAUNCH.md lists the %d status codes of the headers" % len(codes))


TEST_SUFFIXES = (".ll", ".test", ".cu", ".hip")
NOT_TESTS = {"Inputs", "tools", "src", "consumer"}


def covered(path, named):
    """path is named, or lies in a named folder (a name ending in /)."""
    return path in named or any(n.endswith("/") and path.startswith(n) for n in named)


def cmd_index(readme, root):
    rows = "\n".join(l for l in read(readme).splitlines() if l.startswith("|"))
    tests_part, _, src_part = rows.partition("| source | tests |")
    named = set(re.findall(r"`([\w./-]+(?:/|\.(?:ll|test|cu|hip)))`", tests_part))
    tdir = os.path.join(root, "test")
    for dirpath, dirs, files in os.walk(tdir):
        dirs[:] = sorted(d for d in dirs if d not in NOT_TESTS)
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(dirpath, f), tdir).replace(os.sep, "/")
            if f.endswith(TEST_SUFFIXES) and not covered(rel, named):
                bad("test/README.md does not list %s" % rel)
    for n in sorted(named):
        if not os.path.exists(os.path.join(tdir, n)):
            bad("test/README.md lists %s, which does not exist" % n)
    srcs = set(re.findall(r"`((?:plugin|runtime)/[\w./-]+)`", src_part))
    for n in sorted(srcs):
        if not os.path.exists(os.path.join(root, n)):
            bad("test/README.md's source table lists %s, which does not exist" % n)
    tests = set(re.findall(r"`([\w./-]+(?:/|\.(?:ll|test|cu|hip)))`", src_part)) - srcs
    for n in sorted(tests):
        if not os.path.exists(os.path.join(tdir, n)):
            bad("test/README.md's source table names the test %s, which does not exist" % n)
    for top in ("plugin", os.path.join("runtime", "src")):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                rel = os.path.relpath(os.path.join(dirpath, f), root).replace(os.sep, "/")
                if f.endswith((".c", ".cpp")) and not covered(rel, srcs):
                    bad("test/README.md's source table has no row for %s" % rel)
    finish("test/README.md indexes every test and source file")


def main():
    cmds = {"index": cmd_index, "example-src": cmd_example_src, "example": cmd_example, "reqops": cmd_reqops,
            "writers": cmd_writers, "remarks": cmd_remarks,
            "options": cmd_options, "status-src": cmd_status_src, "status": cmd_status}
    if len(sys.argv) < 3 or sys.argv[1] not in cmds:
        sys.exit(__doc__)
    if sys.argv[1] == "reqops":
        cmd_reqops(sys.argv[2], sys.argv[3:])
    else:
        cmds[sys.argv[1]](*sys.argv[2:])


if __name__ == "__main__":
    main()
