/*
 * md_memo.h -- the memo of the last launch (md_memo.c): each thread's
 * record of the last inputs and outcome per (kernel, context) entry, so
 * that a launch with the inputs of the last one gets its outcome without
 * evaluating anything.  The records are private (md_memo_fast.h: the
 * memo itself and the fast path of a repeated launch); the launch layer's
 * general path uses this interface.  Not installed.
 */
#ifndef MAGICDIV_MD_MEMO_H
#define MAGICDIV_MD_MEMO_H

#include "base/md_entry.h"

typedef struct md_memo md_memo;

/* This thread's record of entry e if its inputs are this launch's (the
 * values its read set reads through args, the dimensions it uses), else
 * NULL. */
md_memo *md_memo_find(const md_entry *e, void *const *args,
                      const md_dims *dims);

/* Remember this launch's inputs and outcome (status; MD_OK: the function
 * ca->fn with its tier and bet, the values ex->value and the argument
 * layout ex->n_params + ex->n_extra) as this thread's record of e.  The
 * record, or NULL when it is not kept (not a deterministic outcome, no
 * read set, MAGICDIV_DISABLE, out of memory). */
md_memo *md_memo_store(const md_entry *e, void *const *args,
                       const md_dims *dims, int status,
                       const md_clone_args *ca, const md_extra *ex);

/* Remember that entry e (status != MD_OK) runs the original: an orig
 * record, which every later launch of e's key in e's context finds first
 * (e under MD_CTX_ALL: in every context).  Best effort. */
void md_memo_store_orig(const md_entry *e);

/* Record m's outcome: its status (MD_OK or MD_FALLBACK_*), and for MD_OK
 * the function, tier and bet in ca->fn, ca->tier, ca->bet. */
int md_memo_result(const md_memo *m, md_clone_args *ca);

/* The clone's argument array of an MD_OK record that md_memo_find (or
 * md_memo_store) matched with this launch's args, lent until
 * md_memo_return (same thread); NULL while it is lent already (then the
 * caller copies: md_memo_copy). */
void **md_memo_lend(md_memo *m);
void md_memo_return(md_memo *m);

/* Copy an MD_OK record's values to out->value. */
void md_memo_copy(const md_memo *m, md_extra *out);

/* What the measured choice (launch/md_choice.c) made of a launch of entry
 * e, for this thread's record of e (md_memo_mark):
 *   MD_MARK_NONE      nothing: the record stays as stored
 *   MD_MARK_TRIAL     undecided: the record sends every launch to the
 *                     entry's path (md_memo_repeat), none to a fast path
 *   MD_MARK_CLONE     the clone: as stored, for launches of grid shape
 *                     `shape` (md_grid_shape; 0: any)
 *   MD_MARK_ORIGINAL  the original: an orig record, for launches of grid
 *                     shape `shape` (0: any)
 * grid: this launch's (a shaped record keeps the grid it last ran with).
 * rec: e's record when the caller knows it (no lookup), else NULL. */
enum { MD_MARK_NONE, MD_MARK_TRIAL, MD_MARK_CLONE, MD_MARK_ORIGINAL };
void md_memo_mark(const md_entry *e, md_memo *rec, int how, unsigned shape,
                  md_dim3 grid);

/* Free the calling thread's memo (md_launch_release). */
void md_memo_release(void);

#endif /* MAGICDIV_MD_MEMO_H */
