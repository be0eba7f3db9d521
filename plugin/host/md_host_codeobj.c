/*
 * md_host_codeobj.c -- offload bundles and ELF symbol tables, read
 * defensively (every offset and size is checked against the image).
 *
 * Clang offload bundle, uncompressed (clang's OffloadBundler.cpp), all
 * integers little-endian u64:
 *   "__CLANG_OFFLOAD_BUNDLE__"  24 bytes of magic
 *   n                           number of entries
 *   n x { offset, size, triple_size, triple[triple_size] }
 * offset/size locate the entry's image in the bundle; HIP code objects
 * have triples like "hipv4-amdgcn-amd-amdhsa--gfx90a" and the host entry
 * "host-x86_64-unknown-linux-gnu" is empty.  A compressed bundle starts
 * with "CCOB" and is not read.
 *
 * ELF64 little-endian (the only kind AMDGPU code objects are): the section
 * header table (e_shoff, e_shentsize, e_shnum) gives .dynsym/.symtab
 * (SHT_DYNSYM 11 / SHT_SYMTAB 2) and, through sh_link, their string
 * tables.  A symbol's contents lie at
 *     sh_offset + (st_value - sh_addr)
 * of its section st_shndx when that section has file contents
 * (sh_type != SHT_NOBITS 8): st_value is a virtual address in a linked
 * image (sh_addr the section's) and a section offset in a relocatable one
 * (sh_addr 0), so the formula covers both.
 */
#include "host/md_host_codeobj.h"

#include <string.h>

/* [off, off + len) lies within [0, size). */
static int md_in(uint64_t off, uint64_t len, size_t size) {
  return off <= size && len <= size - off;
}

#define MD_BUNDLE_MAGIC "__CLANG_OFFLOAD_BUNDLE__"
#define MD_BUNDLE_MAGIC_LEN 24

static int md_is_elf64le(const unsigned char *d, size_t n) {
  return n >= 64 && d[0] == 0x7f && d[1] == 'E' && d[2] == 'L' &&
         d[3] == 'F' && d[4] == 2 /* ELFCLASS64 */ && d[5] == 1 /* LSB */;
}

/* 1 if the triple [t, t + n) names an AMDGPU target. */
static int md_triple_amdgcn(const unsigned char *t, uint64_t n) {
  uint64_t i;
  for (i = 0; i + 6 <= n; i++)
    if (memcmp(t + i, "amdgcn", 6) == 0)
      return 1;
  return 0;
}

int md_codeobjs_add(const unsigned char *data, size_t size, md_codeobjs *out,
                    const char **why) {
  uint64_t count, i, pos;
  int added = 0;
  *why = "";
  if (md_is_elf64le(data, size)) {
    if (out->n >= MD_MAX_CODEOBJS) {
      *why = "too many code objects";
      return -1;
    }
    out->obj[out->n] = data;
    out->size[out->n++] = size;
    return 1;
  }
  if (size >= 4 && memcmp(data, "CCOB", 4) == 0) {
    *why = "compressed offload bundle (built with --offload-compress)";
    return -1;
  }
  if (size < MD_BUNDLE_MAGIC_LEN + 8 ||
      memcmp(data, MD_BUNDLE_MAGIC, MD_BUNDLE_MAGIC_LEN) != 0) {
    *why = "the embedded GPU binary is not a clang offload bundle";
    return -1;
  }
  count = md_le64(data + MD_BUNDLE_MAGIC_LEN);
  pos = MD_BUNDLE_MAGIC_LEN + 8;
  for (i = 0; i < count; i++) {
    uint64_t off, len, tlen;
    if (!md_in(pos, 24, size)) {
      *why = "truncated offload bundle";
      return -1;
    }
    off = md_le64(data + pos);
    len = md_le64(data + pos + 8);
    tlen = md_le64(data + pos + 16);
    pos += 24;
    if (!md_in(pos, tlen, size) || !md_in(off, len, size)) {
      *why = "truncated offload bundle";
      return -1;
    }
    if (md_triple_amdgcn(data + pos, tlen) && len > 0) {
      if (!md_is_elf64le(data + off, (size_t)len)) {
        *why = "a code object in the bundle is not a 64-bit ELF image";
        return -1;
      }
      if (out->n >= MD_MAX_CODEOBJS) {
        *why = "too many code objects";
        return -1;
      }
      out->obj[out->n] = data + off;
      out->size[out->n++] = (size_t)len;
      added++;
    }
    pos += tlen;
  }
  return added;
}

#define MD_SHT_SYMTAB 2
#define MD_SHT_NOBITS 8
#define MD_SHT_DYNSYM 11
#define MD_SHN_LORESERVE 0xff00
#define MD_SHDR_SIZE 64
#define MD_SYM_SIZE 24

/* Section header i of the image, or NULL. */
static const unsigned char *md_shdr(const unsigned char *elf, size_t size,
                                    unsigned i) {
  uint64_t shoff = md_le64(elf + 0x28);
  unsigned shentsize = md_le16(elf + 0x3A), shnum = md_le16(elf + 0x3C);
  if (i >= shnum || shentsize < MD_SHDR_SIZE || shoff > size ||
      !md_in(shoff + (uint64_t)i * shentsize, MD_SHDR_SIZE, size))
    return NULL;
  return elf + shoff + (uint64_t)i * shentsize;
}

/* Search the symbol table in section header sh for `name`. */
static int md_symtab_find(const unsigned char *elf, size_t size,
                          const unsigned char *sh, const char *name,
                          uint64_t *sym_size, const unsigned char **bytes) {
  uint64_t off = md_le64(sh + 24), len = md_le64(sh + 32);
  const unsigned char *strsh = md_shdr(elf, size, md_le32(sh + 40));
  uint64_t stroff, strlen_, k, nlen = strlen(name);
  if (!strsh || !md_in(off, len, size))
    return 0;
  stroff = md_le64(strsh + 24);
  strlen_ = md_le64(strsh + 32);
  if (!md_in(stroff, strlen_, size))
    return 0;
  for (k = 0; k + MD_SYM_SIZE <= len; k += MD_SYM_SIZE) {
    const unsigned char *s = elf + off + k;
    uint64_t nm = md_le32(s);
    unsigned shndx = md_le16(s + 6);
    const unsigned char *tsh;
    uint64_t value, ssz, toff, taddr, tlen;
    if (nm + nlen + 1 > strlen_ ||
        memcmp(elf + stroff + nm, name, nlen + 1) != 0)
      continue;
    if (shndx == 0 || shndx >= MD_SHN_LORESERVE)
      continue; /* undefined or absolute */
    value = md_le64(s + 8);
    ssz = md_le64(s + 16);
    *sym_size = ssz;
    *bytes = NULL;
    tsh = md_shdr(elf, size, shndx);
    if (tsh && md_le32(tsh + 4) != MD_SHT_NOBITS) {
      taddr = md_le64(tsh + 16);
      toff = md_le64(tsh + 24);
      tlen = md_le64(tsh + 32);
      if (value >= taddr && value - taddr <= tlen &&
          ssz <= tlen - (value - taddr) &&
          md_in(toff + (value - taddr), ssz, size))
        *bytes = elf + toff + (value - taddr);
    }
    return 1;
  }
  return 0;
}

int md_elf_symbols(const unsigned char *elf, size_t size,
                   void (*fn)(const char *name, size_t len, void *arg),
                   void *arg) {
  unsigned i, shnum, tables = 0;
  if (!md_is_elf64le(elf, size))
    return -1;
  shnum = md_le16(elf + 0x3C);
  for (i = 0; i < shnum; i++) {
    const unsigned char *sh = md_shdr(elf, size, i), *strsh;
    uint64_t off, len, stroff, strsz, k;
    if (!sh || md_le32(sh + 4) != MD_SHT_SYMTAB)
      continue;
    off = md_le64(sh + 24);
    len = md_le64(sh + 32);
    if (!(strsh = md_shdr(elf, size, md_le32(sh + 40))) ||
        !md_in(off, len, size))
      return -1;
    stroff = md_le64(strsh + 24);
    strsz = md_le64(strsh + 32);
    if (!md_in(stroff, strsz, size))
      return -1;
    tables++;
    for (k = 0; k + MD_SYM_SIZE <= len; k += MD_SYM_SIZE) {
      const unsigned char *s = elf + off + k, *nm, *end;
      unsigned shndx = md_le16(s + 6);
      if (shndx == 0 || shndx >= MD_SHN_LORESERVE ||
          md_le32(s) >= strsz)
        continue; /* undefined or absolute */
      nm = elf + stroff + md_le32(s);
      if (!(end = memchr(nm, 0, (size_t)(strsz - md_le32(s)))))
        return -1;
      fn((const char *)nm, (size_t)(end - nm), arg);
    }
  }
  return tables ? 0 : -1;
}

int md_elf_symbol(const unsigned char *elf, size_t size, const char *name,
                  uint64_t *sym_size, const unsigned char **bytes) {
  static const uint32_t kinds[2] = {MD_SHT_DYNSYM, MD_SHT_SYMTAB};
  unsigned k, i, shnum;
  if (!md_is_elf64le(elf, size))
    return 0;
  shnum = md_le16(elf + 0x3C);
  for (k = 0; k < 2; k++)
    for (i = 0; i < shnum; i++) {
      const unsigned char *sh = md_shdr(elf, size, i);
      if (sh && md_le32(sh + 4) == kinds[k] &&
          md_symtab_find(elf, size, sh, name, sym_size, bytes))
        return 1;
    }
  return 0;
}

/* ------------------------------------------------ LLVM offload binaries
 *
 * llvm/Object/OffloadBinary.h, version 1, all little-endian:
 *   header  magic[4] = 10 ff 10 ad, u32 version, u64 size,
 *           u64 entry_offset, u64 entry_size
 *   entry   u16 image_kind, u16 offload_kind, u32 flags,
 *           u64 string_offset, u64 num_strings, u64 image_offset,
 *           u64 image_size
 *   strings num_strings x { u64 key_offset, u64 value_offset }, each a
 *           NUL-terminated string ("triple", "arch", ...)
 * Offsets are from the start of the binary; binaries are concatenated in
 * the section, each padded to 8 bytes. */

static int md_cstr_in(const unsigned char *d, uint64_t off, size_t size) {
  return off < size && memchr(d + off, 0, size - (size_t)off) != NULL;
}

int md_codeobj_offload_images(const unsigned char *data, size_t size,
                              md_offload_image *out, size_t cap,
                              const char **why) {
  size_t pos = 0, n = 0;
  *why = "";
  while (pos + 8 <= size && n < cap) {
    const unsigned char *b = data + pos, *e;
    uint64_t bsize, eoff, soff, nstr, ioff, isize, k;
    size_t avail = size - pos;
    if (memcmp(b, "\x10\xff\x10\xad", 4) != 0) {
      if (n > 0 && md_le32(b) == 0) { /* padding at the end */
        pos += 8;
        continue;
      }
      *why = "not an LLVM offload binary";
      return -1;
    }
    if (avail < 32) {
      *why = "truncated offload binary";
      return -1;
    }
    if (md_le32(b + 4) != 1) {
      *why = "offload binary of an unknown version";
      return -1;
    }
    bsize = md_le64(b + 8);
    eoff = md_le64(b + 16);
    if (bsize < 32 || bsize > avail || !md_in(eoff, 40, (size_t)bsize)) {
      *why = "truncated offload binary";
      return -1;
    }
    e = b + eoff;
    soff = md_le64(e + 8);
    nstr = md_le64(e + 16);
    ioff = md_le64(e + 24);
    isize = md_le64(e + 32);
    if (!md_in(ioff, isize, (size_t)bsize) || nstr > 1024 ||
        !md_in(soff, nstr * 16, (size_t)bsize)) {
      *why = "truncated offload binary";
      return -1;
    }
    out[n].image_kind = md_le16(e);
    out[n].offload_kind = md_le16(e + 2);
    out[n].triple = "";
    out[n].image = b + ioff;
    out[n].size = (size_t)isize;
    for (k = 0; k < nstr; k++) {
      uint64_t ko = md_le64(b + soff + 16 * k),
               vo = md_le64(b + soff + 16 * k + 8);
      if (md_cstr_in(b, ko, (size_t)bsize) &&
          md_cstr_in(b, vo, (size_t)bsize) &&
          strcmp((const char *)b + ko, "triple") == 0)
        out[n].triple = (const char *)b + vo;
    }
    n++;
    pos += (size_t)((bsize + 7) & ~(uint64_t)7);
  }
  return (int)n;
}
