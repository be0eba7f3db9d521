#!/usr/bin/env python3
"""check_structure.py -- structure rules of the C code (docs/DESIGN.md).

    scripts/check_structure.py [DIR] [--list N]

DIR is the plugin (plugin/, the default) or the runtime's sources
(runtime/src); the same rules hold for both.  Checks, over the C files of
DIR:
  1. no function is longer than MAX_LINES lines (signature to closing brace),
     except the opcode switches listed in EXCEPTIONS (each with its reason);
  2. no include circle: file A needs file B when A includes B or calls
     a function that B, a .c file, defines with external linkage -- from a
     .c file or from a header's inline code (a header whose inline code
     calls back into a .c that includes it is a circle the #include lines
     alone do not show: md_memo.c and md_memo_fast.h were one).  A .c file
     and the header of its name are one module: the header's inline code
     may call its own .c;
  3. the call graph between .c files has no cycle: file A depends on file B
     when A calls a function that B defines with external linkage.  (The C++
     bridge, md_bridge.cpp, registers the pass and is not part of the
     graph.)
  4. docs/DESIGN.md (found above DIR) has a row for every .c file, named by
     its path below DIR;
  5. folders on floors (FLOORS, the order docs/DESIGN.md states): a file
     includes and calls only files of its own folder or of floors below;
     every include of a header of DIR names its folder ("support/md_buf.h",
     "launch/md_choice.h"); the plugin's folder names are not runtime/src's
     (the plugin compiles some of runtime/src, both roots on its include
     path: "desc/x.h" must have one meaning);
  6. no function takes more than MAX_PARAMS parameters, except those in
     PARAM_EXCEPTIONS (each with its reason);
  7. no file is longer than MAX_FILE_LINES lines, except those in
     FILE_EXCEPTIONS (each with its reason).
  8. every function with external linkage carries its module's prefix,
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
MAX_PARAMS = 8
MAX_FILE_LINES = 700

# The floors of each tree, lowest first: a folder's files include and call
# only their own folder and the floors below ("." is DIR itself).
# docs/DESIGN.md states the same order.
FLOORS = {
    "plugin": ["support", "emit", "analysis", "device", "host", "testing", ".", "tool",
               "embed"],
    "runtime/src": ["desc", "base", "memo", "launch", "graph"],
}

# Functions with more than MAX_PARAMS parameters, each with its reason.
PARAM_EXCEPTIONS = {
    # runtime: entry points that stand in for an API call take its
    # parameters, one for one (docs/ABI.md)
    "md_cuLaunchKernel": "cuLaunchKernel's parameters",
    "md_hip_launch": "hipLaunchKernel's parameters and the host pass's",
    "md_hip_launch_ext": "hipExtLaunchKernel's parameters and the host "
                         "pass's",
    "md_hip_launch_cooperative": "hipLaunchCooperativeKernel's parameters "
                                 "and the host pass's",
    # runtime: the launch's own arguments handed on, in registers, on the
    # path of every launch (md_bench_host_cost --launch measures it)
    "md_hip_call_init": "fills the HIP launch record from an entry point's "
                        "parameters",
    "md_hip_launch_slow": "a HIP launch's arguments, handed on",
    "md_cuda_memo_launch": "a CUDA launch's arguments, handed on",
    "md_cuda_repeat": "a CUDA launch's arguments, handed on",
    "md_cuda_launch_entry": "a CUDA launch's arguments, handed on",
    "md_cuda_call_rt": "a CUDA launch's arguments, handed on",
    # plugin
    "md_hip_params_ok": "md_host_hip.c: two descriptors (bytes, size) and "
                        "the reason's buffer (bytes, size)",
}

# Files longer than MAX_FILE_LINES lines, each with its reason.
FILE_EXCEPTIONS = {
}

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


def tree_kind(root):
    """"plugin" or "runtime/src" (FLOORS' keys) by DIR's name, or None."""
    parts = os.path.abspath(root).split(os.sep)
    if parts[-2:] == ["runtime", "src"]:
        return "runtime/src"
    return "plugin" if parts[-1] == "plugin" else None


def folder(path):
    """The folder of a file below DIR ("." for DIR itself)."""
    return path.split("/")[0] if "/" in path else "."


def unit(path):
    """A .c file and the header of its name are one unit."""
    return os.path.splitext(path)[0]


def resolve(h, files, by_base):
    """(the file below DIR that include "h" names, or None; 1 if h is a bare
    name of a header in a folder)."""
    if h in files:
        return h, 0
    if "/" not in h and h in by_base:
        return by_base[h], 1
    return None, 0


def params(lines, name, a):
    """The number of parameters of function `name` whose signature starts
    on line a (1-based)."""
    text = "\n".join(lines[a - 1:a + 30])
    i = text.index("(", text.index(name) + len(name))
    depth, n, arg = 0, 0, ""
    for c in text[i:]:
        if c == "(":
            depth += 1
            if depth == 1:
                continue
        elif c == ")":
            depth -= 1
            if depth == 0:
                break
        if depth == 1 and c == ",":
            n, arg = n + 1, ""
        else:
            arg += c
    last = arg.strip()
    return n + (0 if n == 0 and last in ("", "void") else 1)


def body_calls(clean, funcs):
    """The md_ functions called inside the function bodies of a file."""
    lines = clean.split("\n")
    out = set()
    for _, a, b, _ in funcs:
        body = "\n".join(lines[a - 1:b])
        out |= set(CALL.findall(body[body.index("{"):]))
    return out


def check_floors(root, files, by_base, uses, design, bad):
    """Rule 5: folders on floors, includes naming their folder."""
    kind = tree_kind(root)
    for path, text in sorted(files.items()):
        for h in INCLUDE.findall(text):
            q, bare = resolve(h, files, by_base)
            if bare:
                bad.append('%s: #include "%s" names no folder ("%s")' %
                           (path, h, q))
    if kind is None:
        print("floors: not checked (DIR is neither plugin/ nor runtime/src)")
        return
    floors = FLOORS[kind]
    stated = "Floors (lowest first): %s" % " < ".join(floors)
    print(stated.lower())
    if design and stated not in " ".join(design.split()):
        bad.append('docs/DESIGN.md does not state "%s"' % stated)
    if kind == "plugin":
        rt = os.path.join(os.path.dirname(root), "runtime", "src")
        both = sorted(set(folder(p) for p in files) & set(
            d for d in (os.listdir(rt) if os.path.isdir(rt) else ())
            if os.path.isdir(os.path.join(rt, d))))
        bad += ["folder %s/ is also runtime/src's: an include of it may "
                "mean either" % d for d in both]
    up = 0
    for path in sorted(files):
        f = folder(path)
        if f not in floors:
            bad.append("folder %s (of %s) is on no floor (FLOORS)" % (f, path))
            continue
        for q, how in sorted(uses.get(path, ())):
            g = folder(q)
            if g in floors and floors.index(g) > floors.index(f):
                up += 1
                bad.append("%s (floor %s) %s %s (floor %s, above it)" %
                           (path, f, how, q, g))
    print("floors: %s" % ("%d arrows up" % up if up else "every arrow down"))


# 8. Module prefixes.  A function with external linkage in md_<words>.c is
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
    "md_launch_env.c": ("md_log", "the log (MAGICDIV_LOG) is its job"),
    "md_launch_cache.c": ("md_status_all_contexts",
                          "the statuses that hold for every context"),
}
# The launch layer's shared vocabulary (runtime/src/launch/): the records
# and logs md_launch_internal.h declares, the backends' API families.
LAUNCH_PREFIXES = ("md_entry md_clone_args md_log md_cuda md_cu_ md_hip",
                   "the launch layer's records, log and API families")


def module_prefix_errors(files, root):
    """Rule 8 over files (path below root -> text); the errors."""
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

    # 1. function lengths (and, for rule 6, each function's parameters)
    lengths, defined, local, funcs, wide = [], {}, {}, {}, []
    for path, text in sorted(files.items()):
        clean = strip_comments_and_strings(text)
        local[path] = set()
        funcs[path] = functions(clean)
        for name, a, b, static in funcs[path]:
            lengths.append((b - a + 1, name, path))
            np = params(clean.split("\n"), name, a)
            if np > MAX_PARAMS:
                wide.append((np, name, path))
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

    # 2. include circles: files, with an edge for each #include and for
    # each call from a function body to a function another .c file defines
    # (a header's inline code counts: it runs in every includer).  A .c
    # file and the header of its name are one module: that header's inline
    # code calling back into its own .c is no circle.
    uses, fg = {}, {}
    for path, text in files.items():
        clean = strip_comments_and_strings(text)
        mine = {f[0] for f in funcs[path]}
        u = uses.setdefault(path, set())
        for h in INCLUDE.findall(text):
            q, _ = resolve(h, files, by_base)
            if q and q != path:
                u.add((q, "includes"))
        for c in body_calls(clean, funcs[path]):
            if c in defined and defined[c] != path and c not in mine:
                u.add((defined[c], "calls %s in" % c))
        fg[path] = {q for q, _ in u if unit(q) != unit(path) or
                    q.endswith(".h")}
    cyc = find_cycle(fg)
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

    # 5. floors
    check_floors(root, files, by_base, uses, table if os.path.exists(design)
                 else "", bad)

    # 6. parameters
    wide.sort(reverse=True)
    print("functions with more than %d parameters: %s" %
          (MAX_PARAMS, "none" if not wide else ""))
    for np, name, path in wide:
        why = PARAM_EXCEPTIONS.get(name)
        print("  %2d  %s  (%s)%s" % (np, name, path,
                                      "  [exception: %s]" % why if why
                                      else "  [TOO MANY]"))
        if not why:
            bad.append("%s (%s) takes %d parameters (limit %d)" %
                       (name, path, np, MAX_PARAMS))

    # 7. file lengths
    long_files = sorted((t.count("\n"), p) for p, t in files.items()
                        if t.count("\n") > MAX_FILE_LINES)
    print("files over %d lines: %s" % (MAX_FILE_LINES,
                                       "none" if not long_files else ""))
    for n, path in long_files:
        why = FILE_EXCEPTIONS.get(path)
        print("  %4d  %s%s" % (n, path, "  [exception: %s]" % why if why
                                else "  [TOO LONG]"))
        if not why:
            bad.append("%s has %d lines (limit %d)" % (path, n,
                                                      MAX_FILE_LINES))

    names = {f[0] for fs in funcs.values() for f in fs}
    for name in sorted(set(PARAM_EXCEPTIONS) & names):
        if not any(w[1] == name for w in wide):
            print("note: %s no longer needs its parameter exception" % name)

    # 8. module prefixes
    bad += module_prefix_errors(files, root)
    for b in bad:
        print("error: " + b)
    print("structure: %s" % ("FAILED" if bad else "ok"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
