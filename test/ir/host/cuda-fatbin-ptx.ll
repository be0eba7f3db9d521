; The CUDA fatbinary read by the host pass (md_host_fatbin.c), on both
; LLVMs: a fatbinary with one uncompressed PTX entry (made by CUDA 13's
; `fatbinary --compress=false --image3=kind=ptx,sm=90` from a PTX text whose
; entries are _Z1kPjj, its clone _Z1kPjj__magicdiv, and _Z1gPj).  k's
; launch is routed, g's left alone, and the graph calls' kernel table holds
; k only.  Edited copies: g's clone renamed away (no clone at all: no launch
; routed), a header whose size runs past the data, PTX without .target,
; a compressed entry, another wrapper magic -- each not read: every launch
; routed, as before, with a remark that says why.
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll -pass-remarks-analysis=magicdiv 2> %t.rem
; RUN: %FileCheck %s --check-prefix=ONE < %t.ll
; RUN: %FileCheck %s --check-prefix=ONER < %t.rem
; RUN: sed 's/_Z1kPjj__magicdiv(/_Z1kPjj__magicdiX(/' %s > %t.none.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.none.ll -o %t.none.out.ll -pass-remarks-analysis=magicdiv 2> %t.none.rem
; RUN: %FileCheck %s --check-prefix=NONE < %t.none.out.ll
; RUN: %FileCheck %s --check-prefix=NONER < %t.none.rem
; RUN: sed 's/\\EDU\\BA\\01\\00\\10\\00P\\01/\\EDU\\BA\\01\\00\\10\\00P\\07/' %s > %t.big.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.big.ll -o %t.big.out.ll -pass-remarks-analysis=magicdiv 2> %t.big.rem
; RUN: %FileCheck %s --check-prefix=ALL < %t.big.out.ll
; RUN: %FileCheck %s --check-prefixes=ALLR,BIG < %t.big.rem
; RUN: sed 's/[.]target/.tarXet/' %s > %t.text.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.text.ll -o %t.text.out.ll -pass-remarks-analysis=magicdiv 2> %t.text.rem
; RUN: %FileCheck %s --check-prefix=ALL < %t.text.out.ll
; RUN: %FileCheck %s --check-prefixes=ALLR,UNREAD < %t.text.rem
; RUN: sed 's/Z\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\11\\00/Z\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\00\\11\\80/' %s > %t.z.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.z.ll -o %t.z.out.ll -pass-remarks-analysis=magicdiv 2> %t.z.rem
; RUN: %FileCheck %s --check-prefix=ALL < %t.z.out.ll
; RUN: %FileCheck %s --check-prefixes=ALLR,UNREAD < %t.z.rem
; RUN: sed 's/i32 1180844977/i32 1180844976/' %s > %t.magic.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.magic.ll -o %t.magic.out.ll -pass-remarks-analysis=magicdiv 2> %t.magic.rem
; RUN: %FileCheck %s --check-prefix=ALL < %t.magic.out.ll
; RUN: %FileCheck %s --check-prefixes=ALLR,MAGIC < %t.magic.rem

; ONE: @__magicdiv_graph_kernels = private constant [1 x { ptr, ptr, ptr }] [{ ptr, ptr, ptr } { ptr @stub_k, ptr @name_k, ptr null }]
; ONE-LABEL: define void @stub_k(
; ONE: call i32 @md_cuda_launch(ptr @stub_k,
; ONE-LABEL: define void @stub_g(
; ONE: call i32 @cudaLaunchKernel(ptr @stub_g,
; ONE-LABEL: define i32 @read_node(
; ONE: call i32 @md_cudaGraphKernelNodeGetParams(
; ONER: kernel '_Z1gPj' has no clone in the embedded fatbinary: its launches are left alone
; ONER: host module: 2 kernel registration(s), 1 launch(es) routed through the runtime, 1 launch(es) of kernels without a clone left alone

; NONE-NOT: call i32 @md_cuda_launch(
; NONE: call i32 @cudaLaunchKernel(ptr @stub_k,
; NONE: call i32 @cudaLaunchKernel(ptr @stub_g,
; the graph call stays routed: a node may hold a clone another module's
; launch put there (docs/LAUNCH.md section 2)
; NONE: call i32 @md_cudaGraphKernelNodeGetParams(ptr %n, ptr %p, ptr @__magicdiv_graph_api)
; NONER: host module: 2 kernel registration(s), 0 launch(es) routed through the runtime, 2 launch(es) of kernels without a clone left alone

; ALL: @__magicdiv_graph_kernels = private constant [2 x { ptr, ptr, ptr }]
; ALL: call i32 @md_cuda_launch(ptr @stub_k,
; ALL: call i32 @md_cuda_launch(ptr @stub_g,
; BIG: every launch of a registered kernel is routed (the runtime looks for its clone): the clones are not known at compile time: a malformed fatbinary header
; UNREAD: every launch of a registered kernel is routed (the runtime looks for its clone): the clones are not known at compile time: an entry of the fatbinary cannot be read (compressed, with no cubin of its architecture)
; MAGIC: every launch of a registered kernel is routed (the runtime looks for its clone): the clones are not known at compile time: the fatbinary is not a constant of the module
; ALLR-NOT: has no clone
; ALLR: host module: 2 kernel registration(s), 2 launch(es) routed through the runtime{{$}}

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@name_k = private unnamed_addr constant [8 x i8] c"_Z1kPjj\00", align 1
@name_g = private unnamed_addr constant [7 x i8] c"_Z1gPj\00", align 1
@fatbin = private constant [352 x i8] c"P\EDU\BA\01\00\10\00P\01\00\00\00\00\00\00\01\00\01\01P\00\00\00\00\01\00\00\00\00\00\00\00\00\00\00@\00\00\00\00\00\08\00Z\00\00\00\00\00\00\00\00\00\00\00\11\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00H\00\00\00\00\00\00\00\00\00\00\00\00\00\00\00.version 8.0\0A.target sm_90\0A.address_size 64\0A.visible .entry _Z1kPjj(.param .u64 p0, .param .u32 p1)\0A{\0Aret;\0A}\0A.visible .entry _Z1kPjj__magicdiv(.param .u64 p0, .param .u32 p1, .param .u32 m0)\0A{\0Aret;\0A}\0A.visible .entry _Z1gPj(.param .u64 p0)\0A{\0Aret;\0A}\0A\00\00\00\00\00\00\00\00", section ".nv_fatbin", align 8
@__cuda_fatbin_wrapper = internal constant { i32, i32, ptr, ptr } { i32 1180844977, i32 1, ptr @fatbin, ptr null }, section ".nvFatBinSegment", align 8
@__cuda_gpubin_handle = internal global ptr null, align 8
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__cuda_module_ctor, ptr null }]

define void @stub_k(ptr %args) {
  %r = call i32 @cudaLaunchKernel(ptr @stub_k, i64 1, i32 1, i64 1, i32 1, ptr %args, i64 0, ptr null)
  ret void
}

define void @stub_g(ptr %args) {
  %r = call i32 @cudaLaunchKernel(ptr @stub_g, i64 1, i32 1, i64 1, i32 1, ptr %args, i64 0, ptr null)
  ret void
}

define i32 @read_node(ptr %n, ptr %p) {
  %r = call i32 @cudaGraphKernelNodeGetParams(ptr %n, ptr %p)
  ret i32 %r
}

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @cudaGraphKernelNodeGetParams(ptr, ptr)
declare i32 @__cudaRegisterFunction(ptr, ptr, ptr, ptr, i32, ptr, ptr, ptr, ptr, ptr)
declare ptr @__cudaRegisterFatBinary(ptr)
declare void @__cudaRegisterFatBinaryEnd(ptr)

define internal void @__cuda_module_ctor() {
  %h = call ptr @__cudaRegisterFatBinary(ptr @__cuda_fatbin_wrapper)
  store ptr %h, ptr @__cuda_gpubin_handle, align 8
  %1 = call i32 @__cudaRegisterFunction(ptr %h, ptr @stub_k, ptr @name_k, ptr @name_k, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  %2 = call i32 @__cudaRegisterFunction(ptr %h, ptr @stub_g, ptr @name_g, ptr @name_g, i32 -1, ptr null, ptr null, ptr null, ptr null, ptr null)
  call void @__cudaRegisterFatBinaryEnd(ptr %h)
  ret void
}
