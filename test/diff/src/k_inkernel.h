/*
 * k_inkernel.h -- the constant struct of k_inkernel.c, declared read-only
 * there (the kernels' "__constant__" memory on the CPU) and defined
 * writable by its driver d_inkernel.c.
 */
#ifndef K_INKERNEL_H
#define K_INKERNEL_H

#include <stdint.h>

struct ik_params {
  uint64_t u64;
  int64_t s64;
  uint32_t u32;
  int32_t s32;
  uint16_t u16;
  int16_t s16;
  uint8_t u8;
  int8_t s8;
};

#endif
