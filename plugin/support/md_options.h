/*
 * md_options.h -- the pass options (md_options.c).  A leaf: every part of
 * the plugin reads its options from here.
 *
 * Each option is a pipeline parameter `magicdiv<name;no-name;min-gain=2>`
 * and may also be given as MAGICDIV_OPTIONS="name;no-name" in the
 * environment (for clang -fpass-plugin, which has no pipeline string).
 * Flags are `name` / `no-name`, the one number `min-gain=P`.  Fields are
 * named like the options ('-' becomes '_').
 */
#ifndef MAGICDIV_MD_OPTIONS_H
#define MAGICDIV_MD_OPTIONS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The default of min-gain (percent); the reasoning: docs/DESIGN.md
 * "Benefit model". */
#define MD_MIN_GAIN_DEFAULT 2.0

/* The flag options, one list: X(field, name, default) with the option's
 * meaning above it.  Expanded into md_options' int fields,
 * md_options_default and the parser's name table, whose order (this one)
 * is that of the "known:" list of an unknown parameter's message. */
#define MD_FLAG_OPTION_LIST(X)                                                 \
  /* transform kernels in NVPTX / AMDGPU modules */                            \
  X(device, "device", 1)                                                       \
  /* reroute CUDA/HIP launches in host modules */                              \
  X(host, "host", 1)                                                           \
  /* transform sdiv/srem (the field: `signed` is a C keyword) */               \
  X(signed_, "signed", 1)                                                      \
  /* 64-bit sequences (32-bit-valued i64 sites: always) */                     \
  X(wide, "wide", 1)                                                           \
  /* signed forms that require d > 0 (checked at launch) */                    \
  X(positive_divisors, "positive-divisors", 1)                                 \
  /* dividend ranges / divisors < 2^32 assumed by the clone and                \
   * checked at launch (md_bounds.h) */                                        \
  X(launch_ranges, "launch-ranges", 1)                                         \
  /* with launch-ranges: a kernel whose clone bets on the sign of a            \
   * value that reads an argument also gets K__magicdiv_plain, built           \
   * without the bets, for launches where a bet fails (md_tiers.c) */          \
  X(tiers, "tiers", 1)                                                         \
  /* with tiers: also for bets that a 64-bit value read from the               \
   * arguments fits 32 bits (a divisor, or an index of a tensor below          \
   * 2^32 elements) */                                                         \
  X(tiers_wide, "tiers-wide", 0)                                               \
  /* treat functions marked "magicdiv-kernel" as kernels on any                \
   * target (tests; always on for x86 test IR) */                              \
  X(any_target, "any-target", 1)                                               \
  /* verify each clone; drop it if the verifier fails */                       \
  X(verify, "verify", 1)                                                       \
  /* NVPTX: the original kernels' SASS byte-identical to a build without       \
   * the plugin: descriptors in the constant space (md_desc_emit.c), the       \
   * module's last function kept last (md_fnorder.h) */                        \
  X(same_originals, "same-originals", 1)                                       \
  /* with launch-ranges: the OpenMP runtime's rule for the bounds its          \
   * static-init calls write (md_bounds_omp.c), which bounds a                 \
   * worksharing loop's iv at launch */                                        \
  X(omp_bounds, "omp-bounds", 1)                                               \
  /* a host module that calls the runtime carries it                           \
   * (md_host_embed.c); off: link libmagicdiv_rt */                            \
  X(embed_runtime, "embed-runtime", 1)                                         \
  /* route the launches of every registered kernel, also of those the          \
   * embedded device code shows without a clone (md_host_cuda.c,               \
   * md_host_hip.c) */                                                         \
  X(route_all, "route-all", 0)                                                 \
  /* NVPTX: a 64-bit division in a loop branches over its products             \
   * when the divisor is a power of two (MD_U64_PTX_CHAIN_POW2): faster        \
   * for powers of two, slower for other divisors (bench/RESULTS.md) */        \
  X(pow2_loops, "pow2-loops", 0)                                               \
  /* NVPTX: the clone's loops after or around a replaced 64-bit                \
   * division stay rolled (unroll disabled), as ptxas leaves them in           \
   * the original, where the division is a call (md_loopmd.h) */               \
  X(keep_rolled, "keep-rolled", 1)                                             \
  /* a kernel whose divisor the host cannot see at launch (read from           \
   * __constant__ memory) computes its magic itself, in place, where           \
   * its uses pay for it (md_inkernel.h) */                                    \
  X(inkernel, "inkernel", 1)                                                   \
  /* in-kernel magic also for divisors the host could see (kernel              \
   * arguments), and no clones: for kernels launched by a launcher             \
   * magicdiv does not route (Triton; python/magicdiv_triton) */               \
  X(inkernel_args, "inkernel-args", 0)                                         \
  /* in-kernel magic also for 64-bit divisions (divisors below 2^32; the     \
   * others run the original division) */                                     \
  X(inkernel_64, "inkernel-64", 1)                                             \
  /* in-kernel magic also for vector divisions by a splat of such a        \
   * divisor: split into lanes, each an ordinary site */                       \
  X(inkernel_vector, "inkernel-vector", 1)                                     \
  /* in-kernel magic also in the device functions the kernels call and      \
   * the compiler did not inline: the magic once per call */                  \
  X(inkernel_callees, "inkernel-callees", 1)                                   \
  /* tests and measurements: every divisor the in-kernel form takes is       \
   * transformed, whatever the model estimates (md_inkernel.h) */             \
  X(inkernel_force, "inkernel-force", 0)                                       \
  /* an in-kernel s32 site whose dividend is >= 0 when a few values         \
   * before it are: those values tested at run time beside the divisor        \
   * (the block's sign guard), the fast path divides unsigned */                \
  X(inkernel_guard, "inkernel-guard", 1)                                       \
  /* an in-kernel 64-bit division whose dividend fits 32 bits (Inductor's   \
   * sdiv i64 (sext i32 x), ks): the 32-bit magic of the divisor, tested    \
   * in [1, 2^31) (unsigned [1, 2^32)) at run time */                        \
  X(inkernel_narrow, "inkernel-narrow", 1)                                     \
  /* NVPTX CUDA kernels: an s64 division tests whether its dividend is         \
   * in [0, 2^32) and then takes a 32-bit multiply-high (MD_DF_FAST32,         \
   * MD_S64_FAST32_PTX) */                                                     \
  X(s64_fast32, "s64-fast32", 1)                                               \
  /* tests: the same s64 form also on CPU targets, as the IR equivalent        \
   * of MD_S64_FAST32_PTX, so that the CPU differential runs both of its       \
   * paths */                                                                  \
  X(s64_fast32_ir, "s64-fast32-ir", 0)                                         \
  /* NVPTX, AMDGPU: a CUDA or HIP kernel whose u64 divisions are a large       \
   * share of its work also gets the pow2 tier K__magicdiv_pow2, dividing      \
   * by a shift, launched when every u64 divisor is a power of two; an         \
   * OpenMP clone gets its body twice behind a uniform branch instead          \
   * (NVPTX; md_pow2.h) */                                                     \
  X(pow2_kernel, "pow2-kernel", 1)                                             \
  /* tests: the same for every kernel with a u64 site, on any target (the      \
   * CPU differential) */                                                      \
  X(pow2_kernel_all, "pow2-kernel-all", 0)

typedef struct md_options {
#define MD_X_OPTION_FIELD(field, name, dflt) int field;
  MD_FLAG_OPTION_LIST(MD_X_OPTION_FIELD)
#undef MD_X_OPTION_FIELD
  double min_gain; /* `min-gain=P`: clone a kernel only when the estimated
                      saving of its divisions is at least P percent of its
                      work (md_benefit.h); 0 clones every kernel with a
                      site                                            [2] */
  int pow2_tier;   /* not an option: set by md_device.c for the build of
                      the pow2 tier (every u64 site the shift, md_pow2.h) */
} md_options;

void md_options_default(md_options *o);

/* Parse "a;no-b;c" into *o (starting from its current values).  Returns 0,
 * or -1 with a message in err for an unknown parameter. */
int md_options_parse(const char *params, md_options *o, char *err,
                     size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
