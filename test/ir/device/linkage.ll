; The descriptor follows its kernel's linkage: template kernels (linkonce_odr)
; from several translation units must merge at the device link, not collide.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv %s -o %t.bc
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.bc -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}

target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: @tmpl__magicdiv_desc = weak_odr addrspace(4) constant
; CHECK-DAG: @plain__magicdiv_desc = addrspace(4) constant
; CHECK-DAG: define linkonce_odr ptx_kernel void @tmpl__magicdiv(
; CHECK-DAG: define ptx_kernel void @plain__magicdiv(

define linkonce_odr ptx_kernel void @tmpl(ptr %out, i32 %n, i32 %d) {
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

define ptx_kernel void @plain(ptr %out, i32 %n, i32 %d) {
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}
