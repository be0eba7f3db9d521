/*
 * md_diff.h -- differential execution of a kernel and its magicdiv clone on
 * the CPU (the harness the drivers d_*.c use).
 *
 * A test kernel is plain C compiled for x86 and marked "magicdiv-kernel";
 * the pass adds K__magicdiv (K's parameters, then the magic parameters) and
 * K__magicdiv_desc.  The harness
 *
 *   - "launches" a kernel by looping over blocks and threads, setting the
 *     special registers the kernel reads (md_sreg_* in md_diff_sreg.c, which
 *     replace the NVPTX intrinsics after the pass) and calling it through
 *     libffi with the kernel's IR parameter types;
 *   - asks the runtime's public md_desc_fill for the magic parameters of the
 *     launch's own arguments and dimensions, and checks its status against
 *     what the driver says about the divisors (md_expect);
 *   - runs the original into one output buffer and the clone (arguments from
 *     md_build_args) into another, both prefilled with the same sentinel,
 *     and compares them bit for bit.
 *
 * A driver declares each kernel with MD_DIFF_DECL(K) and fills an
 * md_diff_kernel; the clone and descriptor are weak symbols, NULL when the
 * pass made none (reported as "NO clone", a failure unless expect_clone=0).
 *
 * Tiers: when the pass also made the plain clone K__magicdiv_plain, a case
 * whose descriptor check fails does what the runtime does: it checks the
 * plain descriptor and, when that passes, runs the plain clone against the
 * original, bit for bit (counted in ran_plain); a case that runs neither
 * clone is counted in ended_orig.  When the pass made the pow2 tier
 * K__magicdiv_pow2, a case whose descriptor check passes runs it instead
 * of the clone where the runtime would (md_pow2_tier_holds: every u64
 * divisor a power of two; counted in ran_pow2), with the clone's
 * arguments; --force-pow2 (a mutation that must fail) runs it in every
 * such case.
 */
#ifndef MD_DIFF_H
#define MD_DIFF_H

#include <stddef.h>
#include <stdint.h>

#include <ffi.h>

#include "magicdiv/magicdiv.h"

#define MD_DIFF_MAX_PARAMS 16

/* The special registers the kernels read: after the pass, the test renames
 * @llvm.nvvm.read.ptx.sreg.<r>.<x|y|z> to @md_sreg_<r>_<x|y|z>, defined in
 * md_diff_sreg.c to return these.  The harness keeps every value inside the
 * range LLVM attaches to the intrinsic (ntid.x <= 1024, ...), because the
 * pass may rely on those ranges. */
typedef struct md_sreg_state {
  uint32_t tid[3], ctaid[3], ntid[3], nctaid[3];
} md_sreg_state;

extern md_sreg_state md_diff_sreg;

/* Declares the original K (called only through libffi), and the weak clone
 * and descriptor symbols the pass may have added. */
#define MD_DIFF_DECL(K)                                                        \
  extern void K(void);                                                         \
  extern void K##__magicdiv(void) __attribute__((weak));                       \
  extern const unsigned char K##__magicdiv_desc[] __attribute__((weak));       \
  extern void K##__magicdiv_plain(void) __attribute__((weak));                 \
  extern const unsigned char K##__magicdiv_plain_desc[] __attribute__((weak)); \
  extern void K##__magicdiv_pow2(void) __attribute__((weak))

/* libffi types of IR parameters, short. */
#define MD_P (&ffi_type_pointer)
#define MD_U8 (&ffi_type_uint8)
#define MD_I8 (&ffi_type_sint8)
#define MD_U16 (&ffi_type_uint16)
#define MD_I16 (&ffi_type_sint16)
#define MD_U32 (&ffi_type_uint32)
#define MD_I32 (&ffi_type_sint32)
#define MD_U64 (&ffi_type_uint64)
#define MD_I64 (&ffi_type_sint64)

/* Initializer of an md_diff_kernel whose output pointer is parameter 0:
 * K, bytes per output element, whether a clone is expected, the sweep
 * function, then the libffi types of K's IR parameters. */
#define MD_DIFF_KERNEL(K, elem, expect, sweep_fn, ...)                         \
  {                                                                            \
    .name = #K, .orig = K, .clone = K##__magicdiv, .desc = K##__magicdiv_desc, \
    .plain = K##__magicdiv_plain, .plain_desc = K##__magicdiv_plain_desc,      \
    .pow2 = K##__magicdiv_pow2,                                                \
    .n_params = sizeof((ffi_type *[]){__VA_ARGS__}) / sizeof(ffi_type *),      \
    .types = {__VA_ARGS__}, .out_param = 0, .out_elem = (elem),                \
    .expect_clone = (expect), .sweep = (sweep_fn)                              \
  }

/* What the driver knows about the divisors of one case (from its own model
 * of the kernel's divisor expressions, computed without undefined
 * behaviour). */
typedef enum md_expect {
  MD_EXPECT_RUN,        /* all defined and nonzero; signed ones positive */
  MD_EXPECT_RUN_OR_NEG, /* all defined and nonzero, a signed one < 0: the
                           clone may run, or MD_FALLBACK_NOT_POSITIVE */
  MD_EXPECT_FALLBACK,   /* a divisor is 0: status must be MD_FALLBACK_* */
  MD_EXPECT_UNDEF,      /* a divisor expression is undefined in C (signed
                           overflow): md_desc_fill should fall back, but may
                           say MD_OK where the IR wraps (no nsw); nothing is
                           run either way */
  MD_EXPECT_SKIP,       /* the C kernel would be undefined: do nothing */
  MD_EXPECT_REQ_FAIL,   /* a launch requirement fails: status must be
                           MD_FALLBACK_REQUIREMENT, the original runs */
  MD_EXPECT_RUN_OR_REQ  /* the clone runs, or a requirement fails (the
                           requirement depends on how the compiler shaped
                           the loop: e.g. widened to i64, no wrap) */
} md_expect;

/* Which part of the grid one case runs. */
typedef struct md_diff_launch {
  md_dims dims;
  uint32_t first[3]; /* first block run, per axis */
  uint32_t count[3]; /* blocks run per axis; 0 = up to the grid's end */
} md_diff_launch;

typedef struct md_diff_kernel {
  /* ---- set by the driver ---- */
  const char *name;
  void (*orig)(void);
  void (*clone)(void);       /* NULL: the pass made no clone */
  const unsigned char *desc; /* NULL: no descriptor */
  void (*plain)(void);       /* the plain tier, or NULL */
  const unsigned char *plain_desc;
  void (*pow2)(void);        /* the pow2 tier, or NULL */
  unsigned n_params;
  ffi_type *types[MD_DIFF_MAX_PARAMS]; /* the IR parameter types */
  unsigned out_param;                  /* the output pointer parameter */
  unsigned out_elem; /* bytes per output element: 1, 2, 4 or 8 */
  int expect_clone;  /* 0: the kernel must NOT get a clone */
  int strict_req;    /* the driver knows the launch requirements:
                        MD_FALLBACK_REQUIREMENT exactly for
                        MD_EXPECT_REQ_FAIL (else accepted always) */
  /* runs the kernel's cases (md_diff_case) when it has a usable clone */
  void (*sweep)(struct md_diff_kernel *k);

  /* ---- filled by md_diff_init ---- */
  int usable; /* clone and descriptor present and consistent */
  size_t desc_size;
  unsigned n_divisors, n_extra;
  ffi_cif cif_orig, cif_clone;
  ffi_type *clone_types[MD_DIFF_MAX_PARAMS + MD_MAX_EXTRA];
  int plain_usable; /* plain clone and descriptor present and consistent */
  size_t plain_desc_size;
  unsigned plain_n_extra;
  ffi_cif cif_plain;
  ffi_type *plain_types[MD_DIFF_MAX_PARAMS + MD_MAX_EXTRA];
  char note[256]; /* the driver's description of the current case */

  /* ---- statistics ---- */
  unsigned long long cases;    /* md_diff_case calls */
  unsigned long long ran;      /* cases where both kernels ran */
  unsigned long long ran_plain; /* ... where the plain clone ran instead */
  unsigned long long ran_pow2;  /* ... where the pow2 tier ran instead */
  unsigned long long ended_orig; /* cases in which no clone would run */
  unsigned long long fb_zero;  /* expected fallbacks, confirmed */
  unsigned long long fb_neg;   /* negative signed divisor, fallback */
  unsigned long long fb_req;   /* a launch requirement failed: the
                                  original runs (always a correct choice) */
  unsigned long long skipped;  /* MD_EXPECT_SKIP */
  unsigned long long undef;    /* MD_EXPECT_UNDEF */
  unsigned long long undef_fb; /* ... of which md_desc_fill fell back */
  unsigned long long threads;  /* thread invocations of the clone */
  unsigned long long pairs;    /* output values compared (written) */
  unsigned long long failures; /* mismatches and wrong statuses */
} md_diff_kernel;

/* A driver's main: parse the arguments, then for each kernel md_diff_init,
 * its sweep, md_diff_report; a final verdict line.  Returns the exit
 * status (0: every kernel passed). */
int md_diff_main(int argc, char **argv, md_diff_kernel *ks, unsigned n);

/* Harness-wide settings (md_diff_parse_args). */
typedef struct md_diff_config {
  int strict_neg;  /* MD_EXPECT_RUN_OR_NEG must run (no-positive-divisors) */
  int force_pow2;  /* mutation: the pow2 tier for every divisor */
  int max_reports; /* failures printed per kernel */
  uint64_t seed;   /* random values (MD_DIFF_SEED or --seed=) */
  unsigned scale;  /* percent of the default case counts (--scale=) */
} md_diff_config;

extern md_diff_config md_diff_cfg;

/* Parse --strict-neg, --force-pow2, --seed=N, --scale=P (and
 * MD_DIFF_SEED). */
void md_diff_parse_args(int argc, char **argv);

/* Check the clone/descriptor of k and prepare the libffi calls.  Prints one
 * line about the clone.  Returns 0 if the kernel can be tested (or, for
 * expect_clone = 0, has correctly no clone), nonzero on failure. */
int md_diff_init(md_diff_kernel *k);

/* One launch.  args[i] points at the value of IR parameter i
 * (args[out_param] is ignored: the harness passes its own buffers).
 * out_count: output elements the kernel may write for this launch.
 * Returns 0, or 1 after printing a failure. */
int md_diff_case(md_diff_kernel *k, void **args, const md_diff_launch *l,
                 size_t out_count, md_expect e);

/* Set k->note (printed with each failure of the following cases). */
void md_diff_note(md_diff_kernel *k, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Print k's summary line; returns nonzero if k failed (any failure, no
 * clone where one is expected, a clone where none is, or nothing ran). */
int md_diff_report(const md_diff_kernel *k);

/* A 1-D launch of `threads` threads in blocks of `block` (all blocks). */
md_diff_launch md_diff_1d(uint32_t threads, uint32_t block);

/* Expectation from divisor values held exactly in int64 (a signed divisor
 * of `bits` width: out of range means the C expression overflowed, and
 * gives MD_EXPECT_UNDEF). */
md_expect md_expect_signed(const int64_t *d, unsigned n, int bits);
/* Unsigned divisors: only zero matters. */
md_expect md_expect_unsigned(const uint64_t *d, unsigned n);
/* Combine: the strongest of two expectations. */
md_expect md_expect_join(md_expect a, md_expect b);

/* ffi struct type of n members of type `elem` (a by-value struct
 * parameter); `elems` has room for n + 1 pointers. */
void md_diff_struct_type(ffi_type *t, ffi_type **elems, ffi_type *elem,
                         unsigned n);

#endif /* MD_DIFF_H */
