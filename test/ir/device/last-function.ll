; NVPTX: the clones go before the module's last function, which stays last
; (option same-originals; ptxas orders its table of global addresses by the
; last function, ir/device/same-originals.test).  Without the option the
; clone is appended.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s \
; RUN:   | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-same-originals>,verify' \
; RUN:   -S %s | %FileCheck %s --check-prefix=OFF

target triple = "nvptx64-nvidia-cuda"

; CHECK: define ptx_kernel void @first(
; CHECK: define ptx_kernel void @first__magicdiv(
; CHECK: define ptx_kernel void @last(
; CHECK-NOT: define
; OFF: define ptx_kernel void @first(
; OFF: define ptx_kernel void @last(
; OFF: define ptx_kernel void @first__magicdiv(

define ptx_kernel void @first(ptr %out, i32 %n, i32 %d) {
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

define ptx_kernel void @last(ptr %out, i32 %n) {
  store i32 %n, ptr %out, align 4
  ret void
}
