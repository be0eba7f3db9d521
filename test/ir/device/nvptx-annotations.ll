; clang-19-style NVPTX kernels, marked by !nvvm.annotations (with launch
; bounds): the clone is a kernel too, with every annotation duplicated, and
; the original's annotations untouched.  No calling convention here.
; LLVM >= 20 upgrades the annotations into the ptx_kernel calling convention
; and attributes when it reads the module; LLVM 19 keeps them as metadata.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s \
; RUN:   | %FileCheck %s --check-prefixes=CHECK,%if llvm19 %{OLD%} %else %{NEW%}

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %out, i32 %n, i32 %d) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = add nuw nsw i32 %n, %tid
  %q = udiv i32 %x, %d
  store i32 %q, ptr %out, align 4
  ret void
}

; A device function with a division: not a kernel, no clone.
define void @f(ptr %out, i32 %n, i32 %d) {
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "nvvm.maxntid"="256" "target-cpu"="sm_90" }

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @k, !"kernel", i32 1}
!1 = !{ptr @k, !"maxntidx", i32 256}
!2 = !{ptr @f, !"align", i32 8}

; OLD: define void @k(ptr %out, i32 %n, i32 %d) #[[ATTR:[0-9]+]]
; NEW: define ptx_kernel void @k(ptr %out, i32 %n, i32 %d) #[[ATTR:[0-9]+]]
; CHECK: udiv i32 %x, %d
; The clone also gets the ptx_kernel calling convention: LLVM 19 caches the
; annotations per module and may not see the new entry at code generation.
; OLD: define ptx_kernel void @k__magicdiv(ptr %out, i32 %n, i32 %d, i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s) #[[ATTR]]
; NEW: define ptx_kernel void @k__magicdiv(ptr %out, i32 %n, i32 %d, i32 %md.d0.m, i32 %md.d0.a, i32 %md.d0.s) #[[ATTR]]
; CHECK-NOT: udiv
; CHECK: ret void
; CHECK-NOT: @f__magicdiv
; CHECK: attributes #[[ATTR]] = { {{.*}}"nvvm.maxntid"="256"
; OLD: !nvvm.annotations = !{!0, !1, !2, ![[K:[0-9]+]], ![[B:[0-9]+]]}
; OLD: !0 = !{ptr @k, !"kernel", i32 1}
; OLD: !1 = !{ptr @k, !"maxntidx", i32 256}
; OLD: ![[K]] = !{ptr @k__magicdiv, !"kernel", i32 1}
; OLD: ![[B]] = !{ptr @k__magicdiv, !"maxntidx", i32 256}
