/*
 * md_remark.h -- optimization remarks (md_remark.c): md_remark hands each
 * to the sink its host set (md_bridge.cpp, the only C++, or magicdiv-ir's
 * md_tool_remark.c); md_remarkf formats; md_remark_queue holds a clone's
 * remarks until it is kept.  A leaf: it calls nobody above.
 */
#ifndef MAGICDIV_MD_REMARK_H
#define MAGICDIV_MD_REMARK_H

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum md_remark_kind {
  MD_REMARK_PASSED = 0,   /* -Rpass=magicdiv          */
  MD_REMARK_MISSED = 1,   /* -Rpass-missed=magicdiv   */
  MD_REMARK_ANALYSIS = 2  /* -Rpass-analysis=magicdiv */
} md_remark_kind;

/* Every remark name the plugin emits, one list.  Call sites name a remark
 * MD_RN(Name): the string "Name", and a compile error for a name not in
 * the list.  Grouped by the kind each is emitted with. */
#define MD_REMARK_NAME_LIST(X)                                                 \
  /* passed (-Rpass=magicdiv) */                                               \
  X(Transformed)         /* a division site rewritten to the magic sequence */ \
  X(Cloned)              /* a kernel cloned, with its counts */                \
  X(ClonedCallee)        /* a device function cloned for a call */             \
  X(PlainTier)           /* the second clone, without launch bets */           \
  X(InKernel)            /* a division given in-kernel magic */                \
  X(HostCloneRegistered) /* a HIP clone registered */                          \
  X(OmpClone)            /* an OpenMP clone registered */                      \
  X(OmpPlainClone)       /* an OpenMP plain clone registered */                \
  /* passed or missed */                                                       \
  X(HostLaunch)          /* a launch routed, or why not */                     \
  X(HostGraph)           /* a graph call routed, or why not */                 \
  /* missed (-Rpass-missed=magicdiv) */                                        \
  X(VectorDivision)      /* a vector division of an unsupported shape */       \
  X(ConstantDivisor)     /* a division by a constant, left to LLVM */          \
  X(Disabled)            /* a site an option (no-signed, no-wide) leaves */    \
  X(UnsupportedWidth)    /* a site of a width no core handles */               \
  X(NotLaunchInvariant)  /* a divisor not invariant over the launch */         \
  X(TooManyDivisors)     /* more distinct divisors than a kernel may have */   \
  X(InCalledFunction)    /* a site of a device function left alone */          \
  X(NotReached)          /* a site in an OpenMP parallel-region wrapper */     \
  X(InKernelBlock)       /* in-kernel magic: the block cannot be versioned */  \
  X(InKernelNative)      /* in-kernel magic: not worth it */                   \
  X(InKernelWidth)       /* in-kernel magic: a width it does not cover */      \
  X(CloneFailed)         /* a kernel that cannot be cloned */                  \
  X(InternalError)       /* an invariant of the pass broken: kernel left */    \
  X(MinGain)             /* a kernel whose estimated saving is too small */    \
  X(NameTaken)           /* the clone's name exists already */                 \
  X(ParamSpace)          /* magic parameters would exceed parameter space */   \
  X(TooManyParams)       /* a kernel with too many parameters */               \
  X(VarArg)              /* a variadic kernel */                               \
  X(TierNone)            /* no plain clone */                                  \
  X(HostRegistration)    /* a registration without a constant device name */   \
  X(OmpUnknownRegion)    /* a launch of a region not of this module */         \
  X(RuntimeNotEmbedded)  /* the runtime not embedded, and why */               \
  /* missed or analysis */                                                     \
  X(OutOfMemory)         /* memory ran out: left as it was */                  \
  /* analysis (-Rpass-analysis=magicdiv) */                                    \
  X(KernelSummary)       /* a kernel's sites and estimate */                   \
  X(NoSites)             /* a kernel without launch-invariant divisions */     \
  X(NotKept)             /* clones not added to @llvm.used */                  \
  X(ReservedName)        /* a kernel whose name ends in a clone suffix */      \
  X(KeptRolled)          /* loops of a clone kept rolled */                    \
  X(Pow2Copy)            /* a clone's body copied for powers of two */         \
  X(Pow2NoCopy)          /* no power-of-two copy: why */                       \
  X(Pow2Tier)            /* the pow2 tier K__magicdiv_pow2 built */            \
  X(Pow2NoTier)          /* no pow2 tier: why */                               \
  X(WrapperCopy)         /* a wrapper's copy of a parallel region's code */    \
  X(TierNotNeeded)       /* one clone: bets on the geometry only */            \
  X(TierSame)            /* one clone: the plain one would be the same */      \
  X(TierSkipped)         /* one clone: its bets fail only on huge tensors */   \
  X(HostNoClone)         /* a kernel without a clone: launches left alone */   \
  X(HostSummary)         /* a host module's registrations and launches */      \
  X(EmbeddedRuntime)     /* the runtime embedded in the host module */         \
  X(OmpNoClone)          /* a target region without a plain tier */            \
  X(OmpHost)             /* a host module's OpenMP launches and clones */

#define MD_X_REMARK_NAME(name) MD_RN_##name,
/* MD_RN_Transformed, ...: only to check MD_RN's argument. */
enum md_remark_name { MD_REMARK_NAME_LIST(MD_X_REMARK_NAME) MD_RN_COUNT };
#undef MD_X_REMARK_NAME

/* The remark name `name` (a bare word of MD_REMARK_NAME_LIST) as a string
 * constant; the enum constant makes any other word a compile error. */
#define MD_RN(name) (&#name[0 * MD_RN_##name])

/* Emit an optimization remark named `name` with text `msg` at `where`, an
 * instruction or a function, through the sink (none set: nothing).  Cheap
 * when remarks are off. */
void md_remark(md_remark_kind kind, LLVMValueRef where, const char *name,
               const char *msg);

/* Where md_remark's remarks go: set once, before the pass runs, by whoever
 * hosts it -- the plugin's md_bridge.cpp (LLVM's remark streamer) or
 * magicdiv-ir (tool/md_tool_remark.c, stderr).  NULL: none. */
typedef void (*md_remark_sink)(md_remark_kind kind, LLVMValueRef where,
                               const char *name, const char *msg);
void md_remark_set_sink(md_remark_sink sink);

/* printf-style convenience wrapper. */
void md_remarkf(md_remark_kind kind, LLVMValueRef where, const char *name,
                const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* md_remarkf with `suffix` (NULL: none) appended to the text (the whole
 * text, however long): where the site is, e.g. " (in device function 'f',
 * called from kernel 'k')" for a division in a called function. */
void md_remarkf_in(md_remark_kind kind, LLVMValueRef where, const char *name,
                   const char *suffix, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Remarks held until a clone is kept: a clone's decision (Pow2Copy,
 * KeptRolled, ...) is made while it is built, but said only once the
 * clone is kept -- flushed, in the order held, at the commit -- and not at
 * all for a clone deleted after (verification, its callees, its OpenMP
 * environment): dropped with it.  One queue per run of the device pass
 * (md_device.c owns it), every entry keyed by its function. */
typedef struct md_remark_held md_remark_held;
typedef struct md_remark_queue {
  md_remark_held *v; /* in the order held */
  unsigned n;
  size_t cap;
} md_remark_queue;

/* Hold the remark md_remarkf would emit now (the whole text) until fn is
 * kept.  q NULL, or out of memory: nothing is held. */
void md_remark_hold(md_remark_queue *q, md_remark_kind kind, LLVMValueRef fn,
                    const char *name, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* fn is kept: emit its held remarks, in the order held, and forget them. */
void md_remark_flush(md_remark_queue *q, LLVMValueRef fn);

/* fn is about to be deleted: forget its held remarks unsaid. */
void md_remark_drop(md_remark_queue *q, LLVMValueRef fn);

/* The number of remarks held (0 when a run ends: every clone was kept or
 * deleted). */
unsigned md_remark_held_count(const md_remark_queue *q);

/* Free q's memory and whatever it still holds, unsaid. */
void md_remark_queue_release(md_remark_queue *q);

/* While muted (per thread), md_remark and md_remarkf emit nothing: the
 * second run of the device transform that builds a kernel's plain tier
 * (md_tiers.c) reports in one remark of its own. */
void md_remark_mute(int on);
int md_remark_muted(void);

#ifdef __cplusplus
}
#endif

#endif
