; NVPTX kernels have at most 4 KB of parameters (the classic CUDA limit): a
; clone whose magic parameters would not fit is not made, so the module
; still assembles.  A kernel with room gets its clone.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv 2>&1 | %FileCheck %s
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

target triple = "nvptx64-nvidia-cuda"

%struct.Big = type { [1020 x i32], i32, i32 }

; CHECK-DAG: kernel 'full' left alone: its parameters and 3 magic parameter(s) would exceed 4096 bytes
; CHECK-DAG: kernel 'roomy' cloned as 'roomy__magicdiv'
define ptx_kernel void @full(ptr %out, ptr byval(%struct.Big) align 4 %s) {
  %pn = getelementptr inbounds i8, ptr %s, i64 4080
  %n = load i32, ptr %pn, align 4
  %pd = getelementptr inbounds i8, ptr %s, i64 4084
  %d = load i32, ptr %pd, align 4
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

define ptx_kernel void @roomy(ptr %out, i32 %n, i32 %d) {
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}
