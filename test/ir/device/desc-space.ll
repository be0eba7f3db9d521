; NVPTX: where the descriptors go (option same-originals, plugin/emit/md_desc_emit.c).
; In the constant space (PTX .const) they take no slot in ptxas's table of
; global addresses (constant bank 4), so the original kernels' SASS stays as
; without the plugin (ir/device/same-originals.test); they stay in .global
; where a visible descriptor would move a local constant-space global (ptxas
; lays out the visible ones first), or where the constant data would pass
; 32 KiB.  A local descriptor (internal kernel) comes after the module's
; local globals and moves nothing; descriptors themselves never count.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s \
; RUN:   | %FileCheck %s --check-prefix=CONST
; RUN: sed 's/^;LOCAL //' %s | %opt -load-pass-plugin=%plugin \
; RUN:   -passes='magicdiv,verify' -S | %FileCheck %s --check-prefix=LOCAL
; RUN: sed 's/^;BIG //' %s | %opt -load-pass-plugin=%plugin \
; RUN:   -passes='magicdiv,verify' -S | %FileCheck %s --check-prefix=BIG
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-same-originals>,verify' \
; RUN:   -S %s | %FileCheck %s --check-prefix=OFF
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv %s -o %t.bc
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.bc -o %t.ptx
; RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

target triple = "nvptx64-nvidia-cuda"

; CONST-DAG: @inner__magicdiv_desc = internal addrspace(4) constant
; CONST-DAG: @outer__magicdiv_desc = addrspace(4) constant
; LOCAL-DAG: @inner__magicdiv_desc = internal addrspace(4) constant
; LOCAL-DAG: @outer__magicdiv_desc = addrspace(1) constant
; BIG-DAG: @inner__magicdiv_desc = internal addrspace(1) constant
; BIG-DAG: @outer__magicdiv_desc = addrspace(1) constant
; OFF-DAG: @inner__magicdiv_desc = internal addrspace(1) constant
; OFF-DAG: @outer__magicdiv_desc = addrspace(1) constant
; PTX-DAG: .const .align 8 .b8 inner__magicdiv_desc[
; PTX-DAG: .visible .const .align 8 .b8 outer__magicdiv_desc[

@vis = addrspace(4) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
;LOCAL @loc = internal addrspace(4) constant [4 x i32] [i32 5, i32 6, i32 7, i32 8], align 4
;BIG @big = addrspace(4) constant [40000 x i8] zeroinitializer, align 4

define internal ptx_kernel void @inner(ptr %out, i32 %n, i32 %d) {
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

define ptx_kernel void @outer(ptr %out, i32 %n, i32 %d) {
  %i = and i32 %n, 3
  %p = getelementptr [4 x i32], ptr addrspace(4) @vis, i32 0, i32 %i
  %v = load i32, ptr addrspace(4) %p, align 4
  %q = udiv i32 %n, %d
  %s = add i32 %q, %v
  store i32 %s, ptr %out, align 4
  ret void
}
