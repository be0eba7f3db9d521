/*
 * md_host_fatbin.c -- the kernels with a magicdiv clone in a CUDA
 * fatbinary (md_host_fatbin.h), read defensively: every offset and size is
 * checked against the data.
 *
 * Layout (CUDA's fatbinary tool, as clang calls it for a non-rdc compile;
 * all integers little-endian), one or more of
 *   header  u32 magic 0xBA55ED50, u16 version 1, u16 header size (16),
 *           u64 size of the entries that follow
 *   entry   u16 kind (1 PTX, 2 ELF), u16 version, u32 header size (64 for
 *           a cubin, 80 for PTX), u64 payload size, u32 compressed size,
 *           u32, u16, u16, u32 arch (90 = sm_90) at offset 28, u32, u32,
 *           u64 flags at offset 40 (0x1 64-bit, 0x2 debug, 0x10 Linux,
 *           0x2000 and 0x8000 compressed: CUDA 13's fatbinary compresses
 *           PTX and debug images by default, with zstd, flag 0x8000),
 *           then the payload.
 * A cubin is an ELF whose .symtab names the kernels; an uncompressed PTX
 * text names them on its `.entry` lines.  An entry that cannot be read
 * (compressed, another kind) is covered when a cubin or PTX of the same
 * architecture was read: clang's fatbinary holds, per architecture, the
 * PTX of one device compile and the cubin ptxas made of it.
 */
#include "host/md_host_fatbin.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "magicdiv/md_abi.h"
#include "support/md_array.h"
#include "host/md_host_codeobj.h"

#define MD_FATBIN_MAGIC 0xBA55ED50u
#define MD_FB_HEADER 16
#define MD_FB_ENTRY 64
#define MD_FB_PTX 1
#define MD_FB_ELF 2
#define MD_FB_COMPRESSED 0xA000u /* 0x2000 | 0x8000 */
#define MD_FB_PLAIN_FLAGS 0x13u  /* 64-bit, debug, Linux */
#define MD_FB_ARCHS 64

typedef struct md_fb_state {
  md_fatbin_clones *out;
  int oom, many; /* out of memory; more architectures than MD_FB_ARCHS */
  unsigned read[MD_FB_ARCHS], skipped[MD_FB_ARCHS];
  size_t nread, nskipped;
} md_fb_state;

static int md_fb_in(uint64_t off, uint64_t len, uint64_t size) {
  return off <= size && len <= size - off;
}

/* Kernel K's name from a symbol K + suffix: its length, or 0. */
static size_t md_fb_base(const char *name, size_t len) {
  static const char *const sfx[2] = {MD_CLONE_SUFFIX, MD_PLAIN_SUFFIX};
  size_t k;
  for (k = 0; k < 2; k++) {
    size_t sl = strlen(sfx[k]);
    if (len > sl && memcmp(name + len - sl, sfx[k], sl) == 0)
      return len - sl;
  }
  return 0;
}

/* Record the kernel whose clone `name` names (others are passed over). */
static void md_fb_add(const char *name, size_t len, void *arg) {
  md_fb_state *st = arg;
  md_fatbin_clones *c = st->out;
  size_t base = md_fb_base(name, len), i;
  char **nn, *s;
  if (!base || name[0] == '.')
    return; /* not a clone, or a cubin's section symbol (.text.K__magicdiv) */
  for (i = 0; i < c->n; i++)
    if (strlen(c->name[i]) == base && memcmp(c->name[i], name, base) == 0)
      return;
  if (!(nn = md_array_room(c->name, c->n, &c->cap, sizeof *nn, 16)) ||
      !(s = malloc(base + 1))) {
    if (nn)
      c->name = nn;
    st->oom = 1;
    return;
  }
  c->name = nn;
  memcpy(s, name, base);
  s[base] = 0;
  c->name[c->n++] = s;
}

static int md_fb_ident(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
         (ch >= '0' && ch <= '9') || ch == '_' || ch == '$' || ch == '%';
}

/* The `.entry NAME` lines of PTX text [t, t + n); 0, or -1 when the text
 * is not PTX (no `.target`). */
static int md_fb_ptx(md_fb_state *st, const char *t, size_t n) {
  static const char key[] = ".entry";
  size_t i, kl = sizeof key - 1;
  for (i = 0; i + 7 <= n && memcmp(t + i, ".target", 7) != 0; i++)
    ;
  if (i + 7 > n)
    return -1;
  for (i = 0; i + kl < n; i++) {
    size_t s;
    if (memcmp(t + i, key, kl) != 0 || (i && md_fb_ident(t[i - 1])) ||
        md_fb_ident(t[i + kl]))
      continue;
    for (s = i + kl; s < n && (t[s] == ' ' || t[s] == '\t'); s++)
      ;
    for (i = s; i < n && md_fb_ident(t[i]); i++)
      ;
    md_fb_add(t + s, i - s, st);
  }
  return 0;
}

/* Architecture a into arch[0 .. *n). */
static void md_fb_note(md_fb_state *st, unsigned *arch, size_t *n,
                       unsigned a) {
  size_t i;
  for (i = 0; i < *n; i++)
    if (arch[i] == a)
      return;
  if (*n < MD_FB_ARCHS)
    arch[(*n)++] = a;
  else
    st->many = 1;
}

/* One entry: its clones read, or its architecture noted as not read. */
static void md_fb_entry(md_fb_state *st, unsigned kind, uint64_t flags,
                        unsigned arch, const unsigned char *p, size_t n) {
  int ok = -1;
  if (kind == MD_FB_ELF && !(flags & MD_FB_COMPRESSED))
    ok = md_elf_symbols(p, n, md_fb_add, st);
  else if (kind == MD_FB_PTX && !(flags & ~(uint64_t)MD_FB_PLAIN_FLAGS))
    ok = md_fb_ptx(st, (const char *)p, n);
  if (ok == 0)
    md_fb_note(st, st->read, &st->nread, arch);
  else
    md_fb_note(st, st->skipped, &st->nskipped, arch);
}

/* The entries of the fatbinary at data + off; the offset after it, or 0
 * with a reason. */
static uint64_t md_fb_one(md_fb_state *st, const unsigned char *data,
                          uint64_t size, uint64_t off, const char **why) {
  const unsigned char *h = data + off;
  uint64_t end, p;
  if (md_le16(h + 4) != 1 || md_le16(h + 6) < MD_FB_HEADER ||
      !md_fb_in(off + md_le16(h + 6), md_le64(h + 8), size)) {
    *why = "a malformed fatbinary header";
    return 0;
  }
  p = off + md_le16(h + 6);
  end = p + md_le64(h + 8);
  while (p < end) {
    const unsigned char *e = data + p;
    uint64_t hs, len;
    if (!md_fb_in(p, MD_FB_ENTRY, end) ||
        (hs = md_le32(e + 4)) < MD_FB_ENTRY ||
        !md_fb_in(p + hs, len = md_le64(e + 8), end)) {
      *why = "a truncated fatbinary entry";
      return 0;
    }
    md_fb_entry(st, md_le16(e), md_le64(e + 40), md_le32(e + 28), e + hs,
                (size_t)len);
    p += hs + len;
  }
  return end;
}

/* Fatbinaries one after the other, zero bytes after the last. */
static int md_fb_all(md_fb_state *st, const unsigned char *data,
                     uint64_t size, const char **why) {
  uint64_t off = 0;
  *why = "the embedded GPU binary is not a CUDA fatbinary";
  if (size < MD_FB_HEADER || md_le32(data) != MD_FATBIN_MAGIC)
    return -1;
  while (off < size) {
    if (size - off >= MD_FB_HEADER && md_le32(data + off) == MD_FATBIN_MAGIC) {
      if (!(off = md_fb_one(st, data, size, off, why)))
        return -1;
      continue;
    }
    for (; off < size; off++)
      if (data[off]) {
        *why = "unexpected bytes after the fatbinary";
        return -1;
      }
  }
  return 0;
}

int md_fatbin_clones_read(const unsigned char *data, size_t size,
                          md_fatbin_clones *out, const char **why) {
  md_fb_state st;
  size_t i, k;
  memset(out, 0, sizeof *out);
  memset(&st, 0, sizeof st);
  st.out = out;
  if (md_fb_all(&st, data, size, why) != 0 || st.oom) {
    if (st.oom)
      *why = NULL;
    md_fatbin_clones_free(out);
    return -1;
  }
  for (i = 0; i < st.nskipped; i++) {
    for (k = 0; k < st.nread && st.read[k] != st.skipped[i]; k++)
      ;
    if (k == st.nread) {
      *why = "an entry of the fatbinary cannot be read (compressed, with "
             "no cubin of its architecture)";
      md_fatbin_clones_free(out);
      return -1;
    }
  }
  if (!st.nread || st.many) {
    *why = st.many ? "a fatbinary of more than 64 architectures"
                   : "the fatbinary holds no cubin or PTX";
    md_fatbin_clones_free(out);
    return -1;
  }
  *why = NULL;
  return 0;
}

int md_fatbin_has_clone(const md_fatbin_clones *c, const char *name) {
  size_t i;
  for (i = 0; i < c->n; i++)
    if (strcmp(c->name[i], name) == 0)
      return 1;
  return 0;
}

void md_fatbin_clones_free(md_fatbin_clones *c) {
  size_t i;
  for (i = 0; i < c->n; i++)
    free(c->name[i]);
  free(c->name);
  memset(c, 0, sizeof *c);
}
