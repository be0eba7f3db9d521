/*
 * md_embed_gen.c -- build tool, not part of MagicDiv.so: makes the copy of
 * the runtime that the plugin puts into host objects (docs/LAUNCH.md
 * section 12, "The embedded runtime").
 *
 *   md_embed_gen OUT.c HEADER... -- BITCODE...
 *
 * BITCODE: the runtime's sources (those of the libmagicdiv_rt target, plus
 * runtime/embed/md_rt_embed.c), compiled to bitcode by the clang of the
 * plugin's LLVM, linked here into one module.  Its public functions are
 * those the installed HEADERs name (an identifier md_* followed by '(')
 * and the runtime defines.  md_embed_split.c turns the module into one
 * position-independent assembly text per part (common, CUDA, HIP, OpenMP),
 * each its own COMDAT group __magicdiv_rt_TAG[_PART], TAG being a hash of
 * what is embedded (md_eg_tag_hash: the texts, made with a stand-in in
 * TAG's place, the triple and the public names), so that it changes when
 * the texts do and only then; the texts are a function of the bitcode and
 * the headers alone (md_embed_split.c walks the module in its own order,
 * never by address).  OUT.c holds the texts -- each wrapped in `.ifndef <its
 * group's signature>` ... `.endif` (a module that holds one twice, after an
 * LTO link, assembles it once), with the assembler-local labels .Lxxx
 * renamed .L__magicdiv_rt_TAG[_PART].xxx (the host module's code has .L
 * labels of its own) -- the triple they are for, TAG, and the public
 * names with their parts: the table md_host_embed.h declares.  With no
 * BITCODE, OUT.c holds empty texts: a plugin built without an embedded
 * runtime.
 *
 * Exit status 0, or 1 with a message on stderr.
 */
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "embed/md_embed_split.h"

#define MD_EG_MAX_NAMES 512

/* The function names the installed headers mention. */
typedef struct md_eg_names {
  char *name[MD_EG_MAX_NAMES];
  size_t n;
} md_eg_names;

static void md_eg_names_free(md_eg_names *s) {
  for (size_t i = 0; i < s->n; i++)
    free(s->name[i]);
  s->n = 0;
}

static int md_eg_names_has(const md_eg_names *s, const char *name,
                           size_t len) {
  for (size_t i = 0; i < s->n; i++)
    if (strlen(s->name[i]) == len && memcmp(s->name[i], name, len) == 0)
      return 1;
  return 0;
}

static int md_eg_is_ident(int c) {
  return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
         (c >= 'A' && c <= 'Z');
}

/* Blank text's comments in place (line breaks kept): a function a header
 * only mentions in a comment is not one it declares. */
static void md_eg_uncomment(char *text) {
  for (char *p = text; *p; p++) {
    if (p[0] == '/' && p[1] == '*') {
      char *e = strstr(p + 2, "*/");
      char *end = e ? e + 2 : p + strlen(p);
      for (; p < end; p++)
        if (*p != '\n')
          *p = ' ';
      p--;
    } else if (p[0] == '/' && p[1] == '/') {
      for (; *p && *p != '\n'; p++)
        *p = ' ';
      if (!*p)
        break;
    } else if (*p == '"') { /* a string: skip it whole */
      for (p++; *p && *p != '"'; p++)
        if (*p == '\\' && p[1])
          p++;
      if (!*p)
        break;
    }
  }
}

/* Add every `md_xxx (` of text's code to s (text's comments are blanked).
 * 0, or -1 (too many names, OOM). */
static int md_eg_scan(char *text, md_eg_names *s) {
  md_eg_uncomment(text);
  for (const char *p = text; (p = strstr(p, "md_")) != NULL;) {
    const char *e = p;
    int starts = p == text || !md_eg_is_ident((unsigned char)p[-1]);
    while (md_eg_is_ident((unsigned char)*e))
      e++;
    const char *q = e;
    while (*q == ' ' || *q == '\t' || *q == '\n')
      q++;
    if (starts && *q == '(' && !md_eg_names_has(s, p, (size_t)(e - p))) {
      char *copy = s->n < MD_EG_MAX_NAMES ? malloc((size_t)(e - p) + 1) : NULL;
      if (!copy)
        return -1;
      memcpy(copy, p, (size_t)(e - p));
      copy[e - p] = 0;
      s->name[s->n++] = copy;
    }
    p = e;
  }
  return 0;
}

/* The whole file, NUL-terminated, its size in *n; NULL on failure. */
static char *md_eg_slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  long size;
  if (!f)
    return NULL;
  if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 &&
      fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)size + 1)) != NULL) {
    if (fread(buf, 1, (size_t)size, f) != (size_t)size) {
      free(buf);
      buf = NULL;
    } else {
      buf[size] = 0;
      *n = (size_t)size;
    }
  }
  fclose(f);
  return buf;
}

static uint64_t md_eg_fnv(uint64_t h, const char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    h = (h ^ (unsigned char)p[i]) * 0x100000001b3ull;
  return h;
}

/* Parse and link the bitcode files into one module.  NULL on failure
 * (message printed). */
static LLVMModuleRef md_eg_link(LLVMContextRef ctx, char **files, int n) {
  LLVMModuleRef all = NULL;
  for (int i = 0; i < n; i++) {
    LLVMMemoryBufferRef buf;
    LLVMModuleRef m;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(files[i], &buf, &msg)) {
      fprintf(stderr, "md_embed_gen: %s: %s\n", files[i], msg);
      LLVMDisposeMessage(msg);
      break;
    }
    int bad = LLVMParseBitcodeInContext2(ctx, buf, &m);
    LLVMDisposeMemoryBuffer(buf);
    if (bad || (all && LLVMLinkModules2(all, m))) {
      fprintf(stderr, "md_embed_gen: %s: cannot read or link it\n", files[i]);
      break;
    }
    if (!all)
      all = m;
    if (i == n - 1)
      return all;
  }
  if (all)
    LLVMDisposeModule(all);
  return NULL;
}

/* One line of the assembly, kept?  Directives that are the host object's
 * business, not the runtime's, are dropped. */
static int md_eg_keep_line(const char *l, size_t n) {
  static const char *const drop[] = {".file", ".ident", ".addrsig",
                                     ".section\t\".note.GNU-stack\""};
  while (n > 0 && (*l == ' ' || *l == '\t')) {
    l++;
    n--;
  }
  for (size_t i = 0; i < sizeof drop / sizeof drop[0]; i++)
    if (n >= strlen(drop[i]) && memcmp(l, drop[i], strlen(drop[i])) == 0)
      return 0;
  return 1;
}

/* `"line\n"` as a C string literal on a line of its own.  With `label`
 * set, every assembler-local label .Lxxx outside quotes becomes
 * .L<label>xxx: the host module's own code uses the same .L names. */
static void md_eg_put_literal(FILE *o, const char *l, size_t n,
                              const char *label) {
  int quoted = 0;
  fputs("    \"", o);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)l[i];
    if (c == '"' && (i == 0 || l[i - 1] != '\\'))
      quoted = !quoted;
    if (label && !quoted && c == '.' && i + 1 < n && l[i + 1] == 'L' &&
        (i == 0 || !md_eg_is_ident((unsigned char)l[i - 1]))) {
      fprintf(o, ".L%s", label);
      i++;
    } else if (c == '\\' || c == '"' || c == '?') {
      fprintf(o, "\\%c", c);
    } else if (c == '\t') {
      fputs("\\t", o);
    } else if (c < 0x20 || c >= 0x7f) {
      fprintf(o, "\\%03o", c);
    } else {
      fputc(c, o);
    }
  }
  fputs("\\n\"\n", o);
}

/* Each line of the NUL-terminated s, as md_eg_put_literal. */
static void md_eg_put_lines(FILE *o, const char *s) {
  for (const char *e; (e = strchr(s, '\n')) != NULL; s = e + 1)
    md_eg_put_literal(o, s, (size_t)(e - s), NULL);
}

static void md_eg_put_text(FILE *o, const char *text, size_t size,
                           const char *sig) {
  char head[192], label[112];
  snprintf(label, sizeof label, "%s.", sig);
  snprintf(head, sizeof head, "\t.ifndef\t%s\n\t.pushsection\t.text\n", sig);
  md_eg_put_lines(o, head);
  for (const char *l = text, *end = text + size; l < end;) {
    const char *e = memchr(l, '\n', (size_t)(end - l));
    size_t n = e ? (size_t)(e - l) : (size_t)(end - l);
    if (n > 0 && md_eg_keep_line(l, n))
      md_eg_put_literal(o, l, n, label);
    l += n + 1;
  }
  md_eg_put_lines(o, "\t.popsection\n\t.endif\n");
}

/* OUT.c: the table of md_host_embed.h (texts NULL: none). */
static int md_eg_write(const char *path, const md_eg_texts *t,
                       const char *triple, const char *tag,
                       const md_eg_pub *pub) {
  FILE *o = fopen(path, "w");
  if (!o) {
    fprintf(stderr, "md_embed_gen: cannot write %s\n", path);
    return -1;
  }
  fprintf(o, "/* Generated by md_embed_gen (plugin/embed/md_embed_gen.c): "
             "the runtime the plugin embeds.  Do not edit. */\n"
             "#include <stddef.h>\n#include \"host/md_host_embed.h\"\n\n");
  fprintf(o, "const char md_embed_rt_triple[] = \"%s\";\n", triple);
  fprintf(o, "const char md_embed_rt_tag[] = \"%s\";\n", tag);
  fprintf(o, "const char *const md_embed_rt_names[] = {\n");
  for (size_t i = 0; pub && i < pub->n; i++)
    fprintf(o, "    \"%s\",\n", pub->name[i]);
  fprintf(o, "    NULL};\nconst unsigned char md_embed_rt_name_part[] = {");
  for (size_t i = 0; pub && i < pub->n; i++)
    fprintf(o, "%s%d", i ? ", " : "", pub->part[i]);
  fprintf(o, "%s};\n", pub && pub->n ? "" : "0");
  for (int p = 0; p < MD_EMBED_PARTS; p++) {
    char sig[96];
    snprintf(sig, sizeof sig, "__magicdiv_rt_%s%s", tag,
             md_embed_part_suffix(p));
    fprintf(o, "static const char md_embed_rt_text%d[] =\n", p);
    if (t && t->text[p])
      md_eg_put_text(o, LLVMGetBufferStart(t->text[p]),
                     LLVMGetBufferSize(t->text[p]), sig);
    fprintf(o, "    \"\";\n");
  }
  fprintf(o, "const char *const md_embed_rt_asm[MD_EMBED_PARTS] = {\n");
  for (int p = 0; p < MD_EMBED_PARTS; p++)
    fprintf(o, "    md_embed_rt_text%d,\n", p);
  fprintf(o, "};\nconst size_t md_embed_rt_asm_len[MD_EMBED_PARTS] = {\n");
  for (int p = 0; p < MD_EMBED_PARTS; p++)
    fprintf(o, "    sizeof md_embed_rt_text%d - 1,\n", p);
  fprintf(o, "};\n");
  return fclose(o) == 0 ? 0 : -1;
}

static int md_eg_is_public(const char *name, size_t len, void *arg) {
  return md_eg_names_has(arg, name, len);
}

/* TAG's stand-in while the texts are made: a tag's length (the texts'
 * sizes and offsets stay), and no hex number, so no tag is taken for it. */
#define MD_EG_PENDING "MD_TAG_PENDING__"
#define MD_EG_TAG_LEN 16

/* The tag: a hash of what OUT.c embeds under it -- the triple, the
 * public names with their parts, and each part's text (with the
 * stand-in) -- nothing else: not the tool's binary, not file names. */
static void md_eg_tag_hash(const md_eg_texts *t, const char *triple,
                           const md_eg_pub *pub, char tag[MD_EG_TAG_LEN + 1]) {
  uint64_t h = md_eg_fnv(0xcbf29ce484222325ull, triple, strlen(triple) + 1);
  char head[64];
  for (size_t i = 0; i < pub->n; i++) {
    h = md_eg_fnv(h, pub->name[i], strlen(pub->name[i]) + 1);
    h = md_eg_fnv(h, head, (size_t)snprintf(head, sizeof head, "%d", pub->part[i]));
  }
  for (int p = 0; p < MD_EMBED_PARTS; p++) {
    size_t n = t->text[p] ? LLVMGetBufferSize(t->text[p]) : 0;
    h = md_eg_fnv(h, head, (size_t)snprintf(head, sizeof head, "\n%d %zu\n", p, n));
    if (n)
      h = md_eg_fnv(h, LLVMGetBufferStart(t->text[p]), n);
  }
  snprintf(tag, MD_EG_TAG_LEN + 1, "%016llx", (unsigned long long)h);
}

/* Every stand-in in t's texts becomes tag.  0, or -1 (OOM). */
static int md_eg_retag(md_eg_texts *t, const char *tag) {
  for (int p = 0; p < MD_EMBED_PARTS; p++) {
    size_t n = t->text[p] ? LLVMGetBufferSize(t->text[p]) : 0;
    char *s = n ? malloc(n) : NULL;
    if (!n)
      continue;
    if (!s)
      return -1;
    memcpy(s, LLVMGetBufferStart(t->text[p]), n);
    for (size_t i = 0; i + MD_EG_TAG_LEN <= n; i++)
      if (memcmp(s + i, MD_EG_PENDING, MD_EG_TAG_LEN) == 0)
        memcpy(s + i, tag, MD_EG_TAG_LEN);
    LLVMDisposeMemoryBuffer(t->text[p]);
    t->text[p] = LLVMCreateMemoryBufferWithMemoryRangeCopy(s, n, "md_embed_rt");
    free(s);
  }
  return 0;
}

/* Everything between the linked module and OUT.c: the texts made with
 * the stand-in, hashed into the tag, which then takes its place.  0 or -1. */
static int md_eg_build(LLVMModuleRef m, md_eg_names *hdr, const char *out) {
  static md_eg_pub pub;
  md_eg_texts t;
  char tag[MD_EG_TAG_LEN + 1], *triple = NULL;
  int rc = -1;
  pub.n = 0;
  triple = malloc(strlen(LLVMGetTarget(m)) + 1);
  if (triple)
    strcpy(triple, LLVMGetTarget(m));
  if (triple && md_eg_split(m, "__magicdiv_rt_" MD_EG_PENDING, MD_EG_PENDING,
                            md_eg_is_public, hdr, &pub, &t) == 0) {
    md_eg_tag_hash(&t, triple, &pub, tag);
    if (md_eg_retag(&t, tag) == 0)
      rc = md_eg_write(out, &t, triple, tag, &pub);
    else
      fprintf(stderr, "md_embed_gen: out of memory\n");
    md_eg_texts_free(&t);
  }
  md_eg_pub_free(&pub);
  free(triple);
  return rc;
}

int main(int argc, char **argv) {
  int dd = 2, rc = 1;
  md_eg_names hdr = {.n = 0};
  while (dd < argc && strcmp(argv[dd], "--") != 0)
    dd++;
  if (argc < 2 || dd >= argc) {
    fprintf(stderr, "usage: md_embed_gen OUT.c HEADER... -- BITCODE...\n");
    return 1;
  }
  if (dd + 1 == argc) /* no bitcode: a plugin without an embedded runtime */
    return md_eg_write(argv[1], NULL, "", "", NULL) == 0 ? 0 : 1;
  for (int i = 2; i < dd; i++) {
    size_t n = 0;
    char *text = md_eg_slurp(argv[i], &n);
    int bad = !text || md_eg_scan(text, &hdr) != 0;
    free(text);
    if (bad) {
      fprintf(stderr, "md_embed_gen: %s: cannot read it\n", argv[i]);
      md_eg_names_free(&hdr);
      return 1;
    }
  }
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
  LLVMInitializeNativeAsmParser();
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMModuleRef m = md_eg_link(ctx, argv + dd + 1, argc - dd - 1);
  if (m) {
    rc = md_eg_build(m, &hdr, argv[1]) == 0 ? 0 : 1;
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(ctx);
  md_eg_names_free(&hdr);
  return rc;
}
