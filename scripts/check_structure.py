#!/usr/bin/env python3
"""check_structure.py -- structure rules of the C code (docs/DESIGN.md).

    scripts/check_structure.py [DIR] [--list N]

DIR is the plugin (plugin/, the default) or the runtime's sources
(runtime/src); the same rules hold for both.  Checks, over the C files of
DIR:
  1. no function is longer than MAX_LINES lines (signature to closing brace),
     except the opcode switches listed in EXCEPTIONS (each with its reason);
  2. the #include graph of the plugin's own files has no cycle;
  3. the call graph between .c files has no cycle: file A depends on file B
     when A calls a function that B defines with external linkage.  (The C++
     bridge, md_bridge.cpp, is the host's side -- it registers the pass and
     implements md_remark for everyone -- and is not part of the graph.)
  4. docs/DESIGN.md (found above DIR) has a row for every .c file, named by
     its path below DIR;
  5. every function with external linkage carries its module's prefix,
     and no static one is named like a module of the other tree
     (module_prefix_errors).
Prints what it measured (the longest functions, the file dependencies as
layers) and exits 1 when a rule is broken.  A lit test runs it
(test/structure.test), so the rules stay true.
"""
import os
import re
import sys

MAX_LINES = 80

# Opcode switches: one case per IR opcode or node kind, each case a few
# lines of its own rule.  Splitting them would scatter one table.
EXCEPTIONS = {
    "md_rules": "md_bounds_rules.c: one bound rule per IR opcode",
    "md_nonneg_rules": "md_range.c: one non-negativity rule per IR opcode",
    "md_binop": "runtime md_desc.c: the IR semantics of each binary opcode",
}

FUNC_START = re.compile(r"^(?:static\s+)?(?:inline\s+)?"
                        r"[A-Za-z_][\w\s\*]*?\b(md_\w+)\s*\(")
CALL = re.compile(r"\b(md_\w+)\s*\(")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def strip_comments_and_strings(text):
    """The text with comments and string/char literals blanked (line breaks
    kept, so line numbers stay right)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + re.sub(r"[^\n]", " ", text[i + 1:j]) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(text):
    """(name, first line, last line, static) of each function definition:
    a signature starting in column 0 whose body's braces start on the
    signature's last line and close with a '}' in column 0."""
    lines = text.split("\n")
    found, i = [], 0
    while i < len(lines):
        m = FUNC_START.match(lines[i])
        if not m or lines[i].rstrip().endswith(";"):
            i += 1
            continue
        j = i
        while j < len(lines) and "{" not in lines[j] and ";" not in lines[j]:
            j += 1
        if j >= len(lines) or "{" not in lines[j] or "=" in lines[j]:
            i = j + 1
            continue
        k = j + 1
        while k < len(lines) and not lines[k].startswith("}"):
            k += 1
        found.append((m.group(1), i + 1, k + 1,
                      lines[i].startswith("static")))
        i = k + 1
    return found


def find_cycle(graph):
    """One cycle of the graph (a list of nodes), or None."""
    color, stack = {}, []

    def visit(u):
        color[u] = 1
        stack.append(u)
        for v in sorted(graph.get(u, ())):
            if color.get(v) == 1:
                return stack[stack.index(v):] + [v]
            if not color.get(v):
                c = visit(v)
                if c:
                    return c
        stack.pop()
        color[u] = 2
        return None

    for u in sorted(graph):
        if not color.get(u):
            c = visit(u)
            if c:
                return c
    return None


def layers(graph):
    """Files by depth: 0 for those that call no other file."""
    depth = {}

    def d(u):
        if u not in depth:
            depth[u] = 0
            depth[u] = 1 + max((d(v) for v in graph.get(u, ())), default=-1)
        return depth[u]

    for u in graph:
        d(u)
    return depth


# 5. Module prefixes.  A function with external linkage in md_<words>.c is
# named md_<run>..., <run> a run of the file name's words (md_host_reg.c:
# md_host_, md_reg_, md_host_reg_; a word's plural or singular too), or
# carries a prefix this table names for its module (each with its reason),
# or is the public API (declared in runtime/include/magicdiv/).  A static
# function is not named like a module of the other tree (a plugin static
# md_launch_x reads like the runtime's launch layer).
MODULE_PREFIXES = {
    "md_invariant.c": ("md_inv", "the invariance engine's abbreviation"),
    "md_invariant_lane.c": ("md_inv", "a rule file of the invariance engine"),
    "md_invariant_load.c": ("md_inv", "a rule file of the invariance engine"),
    "md_invariant_ptr.c": ("md_inv", "a rule file of the invariance engine"),
    "md_vector.c": ("md_vec", "the vector sites' abbreviation"),
    "md_geometry.c": ("md_geom", "the geometry table's abbreviation"),
    "md_embed_split.c": ("md_eg", "the embed generator's (md_embed_gen)"),
    "md_clone.c": ("md_vmap", "the cloner's value map, its own type"),
    "md_remark.c": ("md_remarkf", "the printf-style remarks"),
    "md_tool_remark.c": ("md_remark", "the tool's md_remark (the bridge's "
                         "in the plugin)"),
    "md_kernels.c": ("md_target md_annots md_is_kernel",
                     "target detection and kernel annotations are its job"),
    "md_host_codeobj.c": ("md_elf", "the ELF symbol tables it reads"),
    "md_host_images.c": ("md_dev_images", "its own type"),
    "md_readset.c": ("md_reads", "a read set's reads"),
    "md_launch_cache.c": ("md_status_all_contexts",
                          "the statuses that hold for every context"),
}
# The launch layer's shared vocabulary (runtime/src/launch/): the records
# and logs md_launch_internal.h declares, the backends' API families.
LAUNCH_PREFIXES = ("md_entry md_clone_args md_log md_cuda md_cu_ md_hip",
                   "the launch layer's records, log and API families")


def module_prefix_errors(files, root):
    """Rule 5 over files (path below root -> text); the errors."""
    top = os.path.dirname(os.path.abspath(root))
    while (not os.path.isdir(os.path.join(top, "runtime", "include")) and
           os.path.dirname(top) != top):
        top = os.path.dirname(top)
    if os.path.dirname(top) == top:  # a copy of one tree: this checkout's
        top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    api, pub = set(), os.path.join(top, "runtime", "include", "magicdiv")
    for nm in (os.listdir(pub) if os.path.isdir(pub) else ()):
        with open(os.path.join(pub, nm), encoding="utf-8") as f:
            api |= set(CALL.findall(strip_comments_and_strings(f.read())))
    trees = {}
    for tree in ("plugin", os.path.join("runtime", "src")):
        for d, _, names in os.walk(os.path.join(top, tree)):
            trees.setdefault(tree, set()).update(
                n[3:-2].split("_")[0] for n in names
                if n.startswith("md_") and n.endswith(".c"))
    mine = "plugin" if os.path.basename(os.path.normpath(root)) == "plugin" \
        else os.path.join("runtime", "src")
    other = set().union(*(w for t, w in trees.items() if t != mine))
    foreign = other - trees.get(mine, set())
    bad, n = [], 0
    for path, text in sorted(files.items()):
        base = os.path.basename(path)
        if not (base.startswith("md_") and base.endswith(".c")):
            continue
        words = base[3:-2].split("_")
        runs = {"md_" + "_".join(v) for i in range(len(words))
                for j in range(i + 1, len(words) + 1)
                for v in [[w for w in words[i:j]]]}
        runs |= {r[:-1] for r in runs if r.endswith("s")}
        runs |= {r + "s" for r in runs}
        named = MODULE_PREFIXES.get(base, ("",))[0].split()
        if path.replace(os.sep, "/").startswith("launch/"):
            named += LAUNCH_PREFIXES[0].split()
        for name, a, _, static in functions(strip_comments_and_strings(text)):
            if static:
                w = name.split("_")[1] if name.count("_") > 1 else ""
                if (w in foreign and "md_" + w not in runs and
                        not any(name.startswith(p) for p in named)):
                    bad.append("%s (%s:%d) is named like a module of the "
                               "other tree (md_%s_)" % (name, path, a, w))
                continue
            n += 1
            if (name in api or any(name == r or name.startswith(r + "_")
                                   for r in runs) or
                    any(name.startswith(p) for p in named)):
                continue
            bad.append("%s (%s:%d) does not carry its module's prefix "
                       "(md_%s_...; docs/DESIGN.md \"Names\")" %
                       (name, path, a, "_".join(words)))
    print("module prefixes: %s (%d extern functions)" %
          ("%d names off" % len(bad) if bad else "every name", n))
    return bad


def main(argv):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                        "plugin")
    nlist = 10
    args = list(argv)
    if "--list" in args:
        k = args.index("--list")
        nlist = int(args[k + 1])
        del args[k:k + 2]
    if args:
        root = args[0]
    root = os.path.normpath(root)
    files = {}
    for d, _, names in os.walk(root):
        for nm in sorted(names):
            if nm.endswith((".c", ".h")):
                with open(os.path.join(d, nm), encoding="utf-8") as f:
                    files[os.path.relpath(os.path.join(d, nm), root)] = f.read()
    by_base = {os.path.basename(p): p for p in files}
    bad = []

    # 1. function lengths
    lengths, defined, local = [], {}, {}
    for path, text in sorted(files.items()):
        clean = strip_comments_and_strings(text)
        local[path] = set()
        for name, a, b, static in functions(clean):
            lengths.append((b - a + 1, name, path))
            if path.endswith(".c") and not static:
                defined[name] = path
            elif static:
                local[path].add(name)
    lengths.sort(reverse=True)
    print("function lengths (lines, signature to closing brace; limit %d):"
          % MAX_LINES)
    for n, name, path in lengths[:nlist]:
        note = ""
        if n > MAX_LINES:
            note = ("  [exception: %s]" % EXCEPTIONS[name]
                    if name in EXCEPTIONS else "  [TOO LONG]")
        print("  %4d  %s  (%s)%s" % (n, name, path, note))
    for n, name, path in lengths:
        if n > MAX_LINES and name not in EXCEPTIONS:
            bad.append("%s (%s) has %d lines (limit %d)" % (name, path, n,
                                                           MAX_LINES))
    print("  %d functions in %d files" % (len(lengths), len(files)))

    # 2. include cycles
    inc = {}
    for path, text in files.items():
        inc[path] = {by_base[h] for h in INCLUDE.findall(text)
                     if h in by_base and by_base[h] != path}
    cyc = find_cycle(inc)
    print("include graph: %s" % ("cycle: " + " -> ".join(cyc) if cyc
                                 else "no cycle"))
    if cyc:
        bad.append("include cycle: " + " -> ".join(cyc))

    # 3. call cycles between .c files
    calls = {}
    for path, text in files.items():
        if not path.endswith(".c"):
            continue
        clean = strip_comments_and_strings(text)
        calls[path] = {defined[c] for c in CALL.findall(clean)
                       if c in defined and defined[c] != path and
                       c not in local[path]}
    cyc = find_cycle(calls)
    print("call graph between .c files: %s" %
          ("cycle: " + " -> ".join(cyc) if cyc else "no cycle"))
    if cyc:
        bad.append("call cycle: " + " -> ".join(cyc))
    else:
        depth = layers(calls)
        for lv in range(max(depth.values(), default=-1) + 1):
            names = sorted(os.path.basename(p) for p in depth
                           if depth[p] == lv)
            print("  layer %d: %s" % (lv, " ".join(names)))

    # 4. docs/DESIGN.md's file table has a row for every source file
    top = os.path.dirname(root)
    while (not os.path.exists(os.path.join(top, "docs", "DESIGN.md")) and
           os.path.dirname(top) != top):
        top = os.path.dirname(top)
    design = os.path.join(top, "docs", "DESIGN.md")
    where = os.path.relpath(root, top).replace(os.sep, "/")
    if os.path.exists(design):
        with open(design, encoding="utf-8") as f:
            table = f.read()
        missing = [p for p in sorted(files) if p.endswith(".c") and
                   "`%s`" % p.replace(os.sep, "/") not in table and
                   "`%s` / `.h`" % p.replace(os.sep, "/") not in table]
        print("DESIGN.md file table: %s" %
              ("missing " + " ".join(missing) if missing else "every file"))
        bad += ["docs/DESIGN.md has no row for %s/%s" %
                (where, p.replace(os.sep, "/")) for p in missing]

    bad += module_prefix_errors(files, root)
    for b in bad:
        print("error: " + b)
    print("structure: %s" % ("FAILED" if bad else "ok"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
