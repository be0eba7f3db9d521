/*
 * md_omp_map.c -- OpenMP kernel arguments passed by reference (a mapped
 * `map(to: d)` scalar, a firstprivate struct or lambda): the host bytes
 * that are the bytes the device reads at a launch (md_omp_map.h).
 *
 * libomptarget (offload/libomptarget/omptarget.cpp, targetDataBegin, and
 * OpenMP/Mapping.cpp, getTargetPointer) copies a TO entry's host bytes to
 * the device only when the mapping is new (no mapping contains it) or the
 * entry has ALWAYS; a present object keeps the device's bytes, which may
 * differ from the host's.  A PRIVATE entry is not mapped at all: its host
 * bytes are copied for the launch (processDataBefore, firstprivate).  So a
 * divisor read through such a parameter is evaluated from the host bytes
 * only when this launch copies them, which is decided here before the
 * launch with omp_target_is_present -- or the original kernel runs.
 *
 * The OpenMP API functions are weak references: a program that reaches
 * md_omp_launch is linked with libomp and libomptarget; without them the
 * answer is "not known".
 */
#include "launch/md_omp_map.h"

#include <string.h>

#include "magicdiv/magicdiv.h"
#include "magicdiv/md_abi.h"

extern int omp_target_is_present(const void *ptr, int device)
    __attribute__((weak));
extern int omp_get_num_devices(void) __attribute__((weak));
extern int omp_get_default_device(void) __attribute__((weak));

#define MD_OMP_MAP_KNOWN                                                    \
  (MD_OMP_MAPTYPE_TO | MD_OMP_MAPTYPE_FROM | MD_OMP_MAPTYPE_ALWAYS |        \
   MD_OMP_MAPTYPE_TARGET_PARAM | MD_OMP_MAPTYPE_PRIVATE |                   \
   MD_OMP_MAPTYPE_IMPLICIT | MD_OMP_MAPTYPE_CLOSE | MD_OMP_MAPTYPE_PRESENT | \
   MD_OMP_MAPTYPE_OMPX_HOLD)

/* 1 if [p, p + n) and [q, q + m) share a byte. */
static int md_overlap(const void *p, uint64_t n, const void *q, uint64_t m) {
  uintptr_t a = (uintptr_t)p, b = (uintptr_t)q;
  return n && m && a < b + m && b < a + n;
}

/* 1 if entry j of a is a lambda mapping of entry i's object: a pointer
 * field of a firstprivate lambda (PTR_AND_OBJ, member of i, no
 * TARGET_PARAM), which libomptarget overwrites in the device copy with the
 * device address of its pointee (omptarget.cpp, processDataBefore). */
static int md_lambda_member(const md_omp_kernel_args *a, size_t i, size_t j) {
  uint64_t t = (uint64_t)a->types[j];
  return (t & MD_OMP_MAPTYPE_MEMBER_OF) >> 48 == i + 1 &&
         (t & MD_OMP_MAPTYPE_PTR_AND_OBJ) &&
         !(t & MD_OMP_MAPTYPE_TARGET_PARAM) && a->base_ptrs;
}

/* 1 if an entry of a other than i maps memory that overlaps [p, p + n)
 * (what it maps: ptrs[j] and sizes[j] bytes, and its base pointer too for
 * PTR_AND_OBJ), or is a member of entry i (a struct mapped in parts) --
 * other than the lambda mappings of a firstprivate i (md_lambda_member),
 * whose bytes md_omp_ref_args keeps out of the bytes read. */
static int md_other_maps(const md_omp_kernel_args *a, size_t i,
                         const void *p, uint64_t n) {
  size_t j;
  int priv = (a->types[i] & MD_OMP_MAPTYPE_PRIVATE) != 0;
  for (j = 0; j < a->num_args; j++) {
    uint64_t t = (uint64_t)a->types[j];
    if ((t & MD_OMP_MAPTYPE_MEMBER_OF) >> 48 == i + 1 &&
        !(priv && md_lambda_member(a, i, j)))
      return 1;
    if (j == i || (t & (MD_OMP_MAPTYPE_LITERAL | MD_OMP_MAPTYPE_PRIVATE)))
      continue;
    if (md_overlap(p, n, a->ptrs[j],
                   a->sizes && a->sizes[j] > 0 ? (uint64_t)a->sizes[j] : 1) ||
        ((t & MD_OMP_MAPTYPE_PTR_AND_OBJ) && a->base_ptrs &&
         md_overlap(p, n, a->base_ptrs[j], sizeof(void *))))
      return 1;
  }
  return 0;
}

/* 1 if bytes [off, off + n) of entry i's object are a pointer field that a
 * lambda mapping overwrites on the device (md_lambda_member). */
static int md_lambda_bytes(const md_omp_kernel_args *a, size_t i,
                           uint32_t off, uint32_t n) {
  size_t j;
  for (j = 0; j < a->num_args; j++)
    if (md_lambda_member(a, i, j) &&
        md_overlap((const char *)a->ptrs[i] + off, n, a->base_ptrs[j],
                   sizeof(void *)))
      return 1;
  return 0;
}

/* 1 if no byte of [p, p + n) is present on device dev: every byte when the
 * entry is implicit (libomptarget then treats a partial overlap as present
 * and copies nothing), else the first one (an explicit entry that
 * overlaps a mapping otherwise is an error: the launch fails). */
static int md_absent(const void *p, uint64_t n, int64_t device, int implicit) {
  int dev;
  uint64_t k;
  if (!omp_target_is_present || !omp_get_num_devices ||
      !omp_get_default_device)
    return 0;
  dev = device == -1 ? omp_get_default_device() : (int)device;
  /* (an invalid device number would abort in omp_target_is_present) */
  if (device < -1 || device > 0x7fffffff || dev < 0 ||
      dev >= omp_get_num_devices())
    return 0;
  if (implicit && n > MD_OMP_REF_SCAN)
    return 0;
  for (k = 0; k < (implicit ? n : 1); k++)
    if (omp_target_is_present((const char *)p + k, dev))
      return 0;
  return 1;
}

const void *md_omp_ref_known(const md_omp_kernel_args *a, size_t i,
                             int64_t device, uint32_t need) {
  uint64_t t = (uint64_t)a->types[i], n;
  const void *p = a->ptrs[i];
  if (!(t & MD_OMP_MAPTYPE_TO) || (t & ~(uint64_t)MD_OMP_MAP_KNOWN) || !p ||
      !a->base_ptrs || a->base_ptrs[i] != p || !a->sizes ||
      a->sizes[i] < (int64_t)need || (a->mappers && a->mappers[i]))
    return NULL;
  n = (uint64_t)a->sizes[i];
  if (t & MD_OMP_MAPTYPE_PRIVATE) /* firstprivate: copied for the launch */
    return md_other_maps(a, i, p, 0) ? NULL : p;
  if (md_other_maps(a, i, p, n))
    return NULL;
  if (t & MD_OMP_MAPTYPE_ALWAYS)
    return p;
  return md_absent(p, n, device, (t & MD_OMP_MAPTYPE_IMPLICIT) != 0) ? p
                                                                       : NULL;
}

/* The argument index of kernel parameter p (>= 1) of launch a: its
 * TARGET_PARAM entry, or a->num_args. */
static size_t md_entry_of(const md_omp_kernel_args *a, size_t p) {
  size_t i, q = 1;
  for (i = 0; i < a->num_args; i++)
    if (a->types[i] & MD_OMP_MAPTYPE_TARGET_PARAM) {
      if (q == p)
        return i;
      q++;
    }
  return a->num_args;
}

/* Every MD_OP_ARG of the validated descriptor d that reads a parameter
 * p < np that is no literal of launch a: args[p] set to the host object
 * (once), and the bytes read kept out of its lambda pointer fields.
 * MD_OK or MD_FALLBACK_ARG_UNKNOWN. */
static int md_desc_refs(const unsigned char *d, const md_omp_kernel_args *a,
                        int64_t device, void **args, size_t np) {
  uint32_t n_params = md_rd16(d + MD_H_NPARAMS);
  uint32_t n_div = md_rd16(d + MD_H_NDIV), n_req = md_rd16(d + MD_H_NREQ);
  uint32_t k, pc;
  for (k = 0; k < n_div + n_req; k++) {
    pc = k < n_div ? md_rd32(d + md_desc_div_table(n_params) +
                             k * MD_DIV_ENTRY_SIZE + MD_E_CODE)
                   : md_rd32(d + md_desc_req_table(n_params, n_div) +
                             (k - n_div) * MD_REQ_ENTRY_SIZE);
    for (; d[pc] != MD_OP_END; pc += (uint32_t)md_op_size(d[pc])) {
      const unsigned char *o = d + pc + 1;
      uint32_t p = md_rd16(o + MD_ARG_PARAM);
      size_t i;
      if (d[pc] != MD_OP_ARG || p == 0 || p >= np ||
          (i = md_entry_of(a, p)) == a->num_args ||
          (a->types[i] & MD_OMP_MAPTYPE_LITERAL))
        continue;
      if (!args[p])
        args[p] = (void *)md_omp_ref_known(
            a, i, device, md_rd32(d + MD_DESC_HEADER_SIZE + 4u * p));
      if (!args[p] ||
          md_lambda_bytes(a, i, md_rd32(o + MD_ARG_OFFSET), o[MD_ARG_SIZE]))
        return MD_FALLBACK_ARG_UNKNOWN;
    }
  }
  return MD_OK;
}

int md_omp_ref_args(const unsigned char *desc, const unsigned char *desc2,
                    const md_omp_kernel_args *a, int64_t device, void **args,
                    size_t np) {
  int s = md_desc_refs(desc, a, device, args, np);
  return s == MD_OK && desc2 ? md_desc_refs(desc2, a, device, args, np) : s;
}
