// hashprobe.cu -- open-addressing hash table lookup: slot = hash(key) %
// capacity, linear probing with (slot + 1) % capacity.  The hash uses the
// full 32-bit range, so the CUTLASS-style variant (exact only below 2^31)
// is expected to FAIL correctness here: that is the point of including it.
// Divisor: capacity (u32).  Output: the slot holding the key, or ~0u.
#include "mdb_dev.h"

#define HASH_EMPTY 0xffffffffu

MDB_INLINE mdb_u32 mdb_hash32(mdb_u32 k) {
  /* murmur3 finalizer */
  k ^= k >> 16;
  k *= 0x85ebca6bu;
  k ^= k >> 13;
  k *= 0xc2b2ae35u;
  k ^= k >> 16;
  return k;
}

template <class D>
__device__ static inline void probe_body(const mdb_u32 *table,
                                         const mdb_u32 *keys, mdb_u32 *out,
                                         mdb_u32 nkeys, mdb_u32 capacity,
                                         D dcap) {
  mdb_u32 i = mdb_gid();
  if (i < nkeys) {
    mdb_u32 key = keys[i];
    mdb_u32 slot = dcap.mod(mdb_hash32(key));
    mdb_u32 res = ~0u;
    for (mdb_u32 step = 0; step < capacity; ++step) {
      mdb_u32 t = table[slot];
      if (t == key) {
        res = slot;
        break;
      }
      if (t == HASH_EMPTY)
        break;
      slot = dcap.mod(slot + 1);
    }
    out[i] = res;
  }
}

MDB_KERNEL void hashprobe_native(const mdb_u32 *table, const mdb_u32 *keys,
                                 mdb_u32 *out, mdb_u32 nkeys,
                                 mdb_u32 capacity) {
  probe_body(table, keys, out, nkeys, capacity, mdb_nat<mdb_u32>{capacity});
}
MDB_KERNEL void hashprobe_cutlass(const mdb_u32 *table, const mdb_u32 *keys,
                                  mdb_u32 *out, mdb_u32 nkeys,
                                  mdb_u32 capacity, mdb_cut32 c0) {
  probe_body(table, keys, out, nkeys, capacity, mdb_cut<mdb_u32>{c0});
}
MDB_KERNEL void hashprobe_unified(const mdb_u32 *table, const mdb_u32 *keys,
                                  mdb_u32 *out, mdb_u32 nkeys,
                                  mdb_u32 capacity, mdb_uni32 u0) {
  probe_body(table, keys, out, nkeys, capacity, mdb_uni<mdb_u32>{u0});
}

/* Table build (setup only, not timed): insert keys[i] with atomic CAS. */
MDB_KERNEL void hashbuild(mdb_u32 *table, const mdb_u32 *keys, mdb_u32 nkeys,
                          mdb_u32 capacity) {
  mdb_u32 i = mdb_gid();
  if (i >= nkeys)
    return;
  mdb_u32 key = keys[i];
  mdb_u32 slot = mdb_hash32(key) % capacity;
  for (mdb_u32 step = 0; step < capacity; ++step) {
    mdb_u32 expect = HASH_EMPTY;
    if (__atomic_compare_exchange_n(&table[slot], &expect, key, 0,
                                    __ATOMIC_RELAXED, __ATOMIC_RELAXED) ||
        expect == key)
      return;
    slot = slot + 1 == capacity ? 0 : slot + 1;
  }
}
