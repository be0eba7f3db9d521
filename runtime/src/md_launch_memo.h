/*
 * md_launch_memo.h -- the memo of the last launch (md_launch_memo.c): the
 * read set of a descriptor and each thread's record of the last inputs and
 * outcome per (kernel, context) entry.  Not installed.
 */
#ifndef MAGICDIV_MD_LAUNCH_MEMO_H
#define MAGICDIV_MD_LAUNCH_MEMO_H

#include <string.h>

#include "md_launch_internal.h"

/* One read of a descriptor program: bytes at args[param] + off. */
typedef struct md_read {
  uint32_t param;
  uint32_t off;
} md_read;

/* Everything a validated descriptor's programs read, each read once: the
 * 8-byte reads first, then the 4-, 2- and 1-byte ones (n_size[0..3]). */
typedef struct md_readset {
  uint32_t n;         /* reads in r */
  uint32_t n_size[4]; /* of 8, 4, 2 and 1 bytes */
  uint32_t dmask[6];  /* ~0u: the programs use md_dims word k (block x y z,
                         grid x y z), else 0 */
  uint32_t any_dims;  /* OR of dmask */
  md_read r[];
} md_readset;

/* The read set of a validated descriptor and, when desc2 is not NULL, of
 * a second one (the plain tier's) too; NULL when out of memory or it
 * reads too much (then the kernel has no memo). */
md_readset *md_readset_make(const unsigned char *desc,
                            const unsigned char *desc2);

/* A memo record: this thread's last inputs and outcome of one entry. */
typedef struct md_memo {
  uint64_t id;       /* the entry's id */
  int status;        /* MD_OK or MD_FALLBACK_* */
  int lent;          /* args is an md_clone_args' array until its free */
  void *fn;          /* MD_OK: the function to launch */
  int tier;          /* MD_OK: enum md_tier of fn */
  int bet;           /* md_clone_args.bet of the outcome */
  uint32_t n_in;     /* e->rs->n */
  uint32_t n_params; /* of the outcome's argument array */
  uint32_t n_extra;
  uint32_t dims[6];
  size_t bytes;      /* of this allocation */
  uint64_t *in;      /* n_in input values */
  uint64_t *val;     /* n_extra magic parameter values */
  void **args;       /* n_params (copied per launch) + n_extra (-> val) */
} md_memo;

/* This thread's record of entry e if its inputs are this launch's, else
 * NULL. */
md_memo *md_memo_find(const md_entry *e, void *const *args,
                      const md_dims *dims);
/* Remember this launch's inputs and outcome (status; MD_OK: the function
 * ca->fn with its tier and bet, the values ex->value and the argument layout ex->n_params +
 * ex->n_extra) as this thread's record of e.  The record, or NULL when it
 * is not kept. */
md_memo *md_memo_store(const md_entry *e, void *const *args,
                       const md_dims *dims, int status,
                       const md_clone_args *ca, const md_extra *ex);

/* The clone's argument array of an MD_OK record with this launch's
 * original args copied in front, lent until md_memo_return (same thread);
 * NULL while it is lent already. */
static inline void **md_memo_lend(md_memo *m, void *const *args) {
  if (m->lent)
    return NULL;
  m->lent = 1;
  memcpy(m->args, args, m->n_params * sizeof *args);
  return m->args;
}
static inline void md_memo_return(md_memo *m) { m->lent = 0; }
/* Copy an MD_OK record's values to out->value. */
static inline void md_memo_copy(const md_memo *m, md_extra *out) {
  memcpy(out->value, m->val, m->n_extra * sizeof out->value[0]);
}

/* Free the calling thread's memo (md_launch_release). */
void md_memo_release(void);

#endif /* MAGICDIV_MD_LAUNCH_MEMO_H */
