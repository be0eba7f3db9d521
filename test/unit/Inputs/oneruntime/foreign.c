/*
 * foreign.c -- a library that comes before the peers in the process's
 * load order (test/unit/oneruntime.test) with copies they must not
 * forward to: hand-made magicdiv notes of a later rendezvous version, of
 * this version with a record of another magic, and of this version with a
 * record outside the image -- each record's functions abort -- and, built
 * with the plugin, a real copy that holds only the common part (it calls
 * md_magic_u32 alone), which a copy holding the CUDA part passes over.
 */
#include <stdio.h>
#include <stdlib.h>

#include "magicdiv/magicdiv.h"
#include "md_rt_embed.h"

static void trap(void) {
  fprintf(stderr, "FAIL: a copy forwarded to a foreign record\n");
  abort();
}

static void *trap_slots[4] = {(void *)trap, (void *)trap, (void *)trap,
                              (void *)trap};
static void **const trap_parts[4] = {trap_slots, trap_slots, trap_slots,
                                     trap_slots};
static const size_t trap_rows[4] = {1, 1, 1, 1}, trap_n = 4;
static const char trap_names[] =
    "md_status_str\0md_cuda_launch\0md_hip_launch\0md_omp_launch";

__attribute__((used, visibility("hidden"))) const md_rt_record foreign_later = {
    MD_RT_RECORD_MAGIC, MD_RT_RENDEZVOUS_VERSION + 1, "later", trap,
    trap_parts,         trap_rows,                    &trap_n, trap_names};
__attribute__((used, visibility("hidden"))) const md_rt_record foreign_magic = {
    0x12345678, MD_RT_RENDEZVOUS_VERSION, "magic", trap,
    trap_parts, trap_rows,                &trap_n, trap_names};

#define NOTE_HEAD ".long 9, 8, 0x4d445254\n.asciz \"magicdiv\"\n.byte 0, 0, 0\n"
#define STR2(x) #x
#define STR(x) STR2(x)
__asm__(".pushsection .note.magicdiv,\"a\",@note\n.p2align 2\n"
        NOTE_HEAD ".long " STR(MD_RT_RENDEZVOUS_VERSION) " + 1\n"
        ".long foreign_later - .\n"
        NOTE_HEAD ".long " STR(MD_RT_RENDEZVOUS_VERSION) "\n"
        ".long foreign_magic - .\n"
        NOTE_HEAD ".long " STR(MD_RT_RENDEZVOUS_VERSION) "\n"
        ".long 0x7ffffff0\n"
        ".popsection\n");

int foreign_run(void) {
  md_u32_magic m;
  return md_magic_u32(7, &m);
}
