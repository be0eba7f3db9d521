; HIP, new offload driver: the device images embedded in the host module
; (section ".llvm.offloading") must be well-formed LLVM offload binaries;
; anything else (here: wrong magic, then a truncated header) leaves the
; kernel its original, with a remark that says why, and its launch still
; goes through md_hip_launch with no clone.  (Real embedded images: see
; test/e2e/rdc-hip.test.)
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-analysis=magicdiv 2> %t.remarks
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: sed -e 's/c"garbage!garbage!"/c"\\10\\FF\\10\\AD\\01\\00\\00\\00\\FF\\FF\\00\\00\\00\\00\\00\\00"/' %s > %t.trunc.ll
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.trunc.ll -o /dev/null \
; RUN:   -pass-remarks-analysis=magicdiv 2>&1 | %FileCheck %s --check-prefix=TRUNC

; CHECK: call i32 @md_hip_launch(ptr @hip_k, {{.*}}, ptr @name_hip, ptr @__magicdiv_hip_api, ptr null)
; CHECK-NOT: magicdiv.entry
; REMARK: magicdiv: kernel 'hip_k' keeps its original: not an LLVM offload binary
; REMARK: magicdiv: launch of 'hip_k' routed through md_hip_launch (no clone: runs the original)
; TRUNC: magicdiv: kernel 'hip_k' keeps its original: truncated offload binary

target triple = "x86_64-unknown-linux-gnu"

%struct.__tgt_offload_entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }

@name_hip = internal unnamed_addr constant [6 x i8] c"hip_k\00", section ".llvm.rodata.offloading"
@hip_k = constant ptr @hip_stub
@.offloading.entry.hip = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 4, i32 0, ptr @hip_k, ptr @name_hip, i64 0, i64 0, ptr null }, section "llvm_offload_entries", align 8
@llvm.embedded.object = private constant [16 x i8] c"garbage!garbage!", section ".llvm.offloading", align 8

declare i32 @hipLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)

define void @hip_stub(ptr %args) {
  %1 = call i32 @hipLaunchKernel(ptr @hip_k, i64 1, i32 1, i64 1, i32 1, ptr %args, i64 0, ptr null)
  ret void
}
