/*
 * md_host_reg.h -- the host transform's table of the module's kernel
 * registrations (md_host_reg.c), shared by the launch rewrite (md_host.c)
 * and the HIP clone discovery (md_host_hip.c).
 */
#ifndef MAGICDIV_MD_HOST_REG_H
#define MAGICDIV_MD_HOST_REG_H

#include <llvm-c/Core.h>
#include <stddef.h>

typedef enum md_api_kind { MD_CUDA = 0, MD_HIP = 1 } md_api_kind;

/* Offload kinds of an offload entry / image (CUDA, HIP). */
#define MD_OFK_CUDA 2
#define MD_OFK_HIP 4

/* One kernel registration: a __*RegisterFunction call in the module
 * constructor, or (-fgpu-rdc, the new offload driver) an offload entry
 * from which clang-linker-wrapper makes that call at link time. */
typedef struct md_reg {
  LLVMValueRef handle;    /* the registered stub / handle */
  LLVMValueRef call;      /* the __*RegisterFunction call, or NULL */
  LLVMValueRef entry;     /* the offload entry global, or NULL */
  LLVMValueRef where;     /* where its remarks point (call or function) */
  md_api_kind kind;
  char *name;             /* device name, NUL-terminated (owned) */
  LLVMValueRef name_ptr;  /* constant pointer to it, for the launch */
  LLVMValueRef hip_clone; /* HIP: md_hip_clone constant, or NULL */
  int no_clone; /* the embedded device code holds no clone of it, so its
                   launches are left alone (md_host_cuda.c, md_host_hip.c) */
} md_reg;

/* The launch APIs' md_*_api constants a module can get (md_host.c). */
#define MD_HOST_MAX_APIS 16

typedef struct md_host {
  LLVMModuleRef m;
  LLVMContextRef c;
  LLVMTypeRef ptr, i32, i64;
  md_reg *regs;
  size_t n, cap;
  int oom; /* memory ran out while reading the module: nothing is changed */
  LLVMValueRef api[MD_HOST_MAX_APIS]; /* md_*_api constant per launch API */
} md_host;

/* Every kernel registration of h->m into h->regs: the
 * __cudaRegisterFunction / __hipRegisterFunction calls of the module
 * constructor, then the offload entries (-fgpu-rdc, the new offload
 * driver) of kernels no call registers.  h->oom when memory ran out (some
 * are missing). */
void md_host_regs(md_host *h);

/* The registration of `handle` of that kind, or NULL. */
md_reg *md_reg_find(md_host *h, LLVMValueRef handle, md_api_kind kind);

/* Calls of the function named `fname`, passed to fn one by one. */
void md_reg_for_calls(md_host *h, const char *fname,
                      void (*fn)(md_host *, LLVMValueRef, void *), void *arg);

/* v without pointer casts (constant-expression bitcast / addrspacecast). */
LLVMValueRef md_reg_strip(LLVMValueRef v);

/* The bytes of a global constant's initializer (i8 array), or NULL. */
const char *md_reg_global_bytes(LLVMValueRef g, size_t *len);

/* The reason "out of memory" of the host transform's operations (a static
 * string: compared by address), and the name of the remark that gives a
 * reason: "OutOfMemory" for it, else "HostNoClone". */
extern const char md_host_oom[];
const char *md_host_why_name(const char *why);

#endif /* MAGICDIV_MD_HOST_REG_H */
