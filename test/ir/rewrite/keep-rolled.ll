; Option keep-rolled (on by default), NVPTX: the clone's loops that a
; replaced 64-bit division reaches (the division before the loop or in it)
; get llvm.loop.unroll.disable, which llc prints as .pragma "nounroll": in
; the original the division is a call in SASS, and ptxas leaves such loops
; rolled (HeCBench unfold), in the clone it would unroll them.  The
; loop's own properties are kept in a new distinct, self-referential loop
; ID; the original keeps its ID.  Not marked: a loop before the division,
; a loop with an unroll property of its own, loops after a 32-bit division
; (inline in SASS), AMDGPU.  With no-keep-rolled: nothing marked.  (Option
; pow2-kernel's second copy of a loop is marked too: u64-pow2-omp.ll.)
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges;min-gain=0;no-pow2-kernel>,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks-analysis=magicdiv 2>%t.rem
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: %FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges;min-gain=0;no-keep-rolled>,verify' -S %s \
; RUN:   | %FileCheck %s --check-prefix=OFF
; RUN: sed 's/nvptx64-nvidia-cuda/amdgcn-amd-amdhsa/; s/ptx_kernel/amdgpu_kernel/' %s > %t.amd.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges;min-gain=0>,verify' -S %t.amd.ll \
; RUN:   | %FileCheck %s --check-prefix=OFF

target triple = "nvptx64-nvidia-cuda"

; REM: clone 'after__magicdiv': 1 loop(s) kept rolled
; REM: clone 'inloop__magicdiv': 1 loop(s) kept rolled
; REM: clone 'nested__magicdiv': 2 loop(s) kept rolled
; REM-NOT: clone 'before__magicdiv'
; REM-NOT: clone 'own__magicdiv'
; REM-NOT: clone 'narrow__magicdiv'

; The original keeps its loop ID.
; CHECK-LABEL: define ptx_kernel void @after(
; CHECK: br i1 %c, label %loop, label %exit, !llvm.loop ![[OLD:[0-9]+]]
; The division bounds the loop (unfold's fold loop).
; CHECK-LABEL: define ptx_kernel void @after__magicdiv(
; CHECK-NOT: sdiv
; CHECK: br i1 %c, label %loop, label %exit, !llvm.loop ![[AFTER:[0-9]+]]
define ptx_kernel void @after(ptr %out, ptr %in, ptr %p, i64 %step) {
entry:
  %a = load i64, ptr %p
  %hi = sdiv i64 %a, %step
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %g = getelementptr i32, ptr %in, i64 %k
  %v = load i32, ptr %g
  %o = getelementptr i32, ptr %out, i64 %k
  store i32 %v, ptr %o
  %k1 = add i64 %k, 1
  %c = icmp slt i64 %k1, %hi
  br i1 %c, label %loop, label %exit, !llvm.loop !0
exit:
  ret void
}

; The division in the loop (a urem of the loop index).
; CHECK-LABEL: define ptx_kernel void @inloop__magicdiv(
; CHECK: br i1 %c, label %loop, label %exit, !llvm.loop ![[INLOOP:[0-9]+]]
define ptx_kernel void @inloop(ptr %out, i64 %n, i64 %d) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %r = urem i64 %k, %d
  %o = getelementptr i64, ptr %out, i64 %k
  store i64 %r, ptr %o
  %k1 = add i64 %k, 1
  %c = icmp ult i64 %k1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Two nested loops after the division: both.
; CHECK-LABEL: define ptx_kernel void @nested__magicdiv(
; CHECK: br i1 %ci, label %inner, label %latch, !llvm.loop ![[IN:[0-9]+]]
; CHECK: br i1 %co, label %outer, label %exit, !llvm.loop ![[OUT:[0-9]+]]
define ptx_kernel void @nested(ptr %out, i64 %a, i64 %d, i64 %n) {
entry:
  %q = udiv i64 %a, %d
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i1, %latch ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j1, %inner ]
  %s = add i64 %i, %j
  %o = getelementptr i64, ptr %out, i64 %s
  store i64 %q, ptr %o
  %j1 = add i64 %j, 1
  %ci = icmp ult i64 %j1, %n
  br i1 %ci, label %inner, label %latch
latch:
  %i1 = add i64 %i, 1
  %co = icmp ult i64 %i1, %n
  br i1 %co, label %outer, label %exit
exit:
  ret void
}

; The loop runs before the division: left alone (ptxas unrolls such loops
; in the original too).
; CHECK-LABEL: define ptx_kernel void @before__magicdiv(
; CHECK: br i1 %c, label %loop, label %exit{{$}}
define ptx_kernel void @before(ptr %out, i64 %n, i64 %d) {
entry:
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %o = getelementptr i64, ptr %out, i64 %k
  store i64 %k, ptr %o
  %k1 = add i64 %k, 1
  %c = icmp ult i64 %k1, %n
  br i1 %c, label %loop, label %exit
exit:
  %q = udiv i64 %n, %d
  store i64 %q, ptr %out
  ret void
}

; A loop with an unroll property of its own keeps it.
; CHECK-LABEL: define ptx_kernel void @own__magicdiv(
; CHECK: br i1 %c, label %loop, label %exit, !llvm.loop ![[OWN:[0-9]+]]
define ptx_kernel void @own(ptr %out, i64 %a, i64 %n, i64 %d) {
entry:
  %q = udiv i64 %a, %d
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %o = getelementptr i64, ptr %out, i64 %k
  store i64 %q, ptr %o
  %k1 = add i64 %k, 1
  %c = icmp ult i64 %k1, %n
  br i1 %c, label %loop, label %exit, !llvm.loop !2
exit:
  ret void
}

; A 32-bit division is inline code in SASS: nothing to keep.
; CHECK-LABEL: define ptx_kernel void @narrow__magicdiv(
; CHECK: br i1 %c, label %loop, label %exit{{$}}
define ptx_kernel void @narrow(ptr %out, i32 %a, i32 %d, i64 %n) {
entry:
  %q = udiv i32 %a, %d
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %o = getelementptr i32, ptr %out, i64 %k
  store i32 %q, ptr %o
  %k1 = add i64 %k, 1
  %c = icmp ult i64 %k1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
!2 = distinct !{!2, !3}
!3 = !{!"llvm.loop.unroll.count", i32 2}

; CHECK-DAG: ![[OLD]] = distinct !{![[OLD]], ![[MP:[0-9]+]]}
; CHECK-DAG: ![[MP]] = !{!"llvm.loop.mustprogress"}
; CHECK-DAG: ![[AFTER]] = distinct !{![[AFTER]], ![[MP]], ![[DIS:[0-9]+]]}
; CHECK-DAG: ![[DIS]] = !{!"llvm.loop.unroll.disable"}
; CHECK-DAG: ![[INLOOP]] = distinct !{![[INLOOP]], ![[DIS]]}
; CHECK-DAG: ![[IN]] = distinct !{![[IN]], ![[DIS]]}
; CHECK-DAG: ![[OUT]] = distinct !{![[OUT]], ![[DIS]]}
; CHECK-DAG: ![[OWN]] = distinct !{![[OWN]], ![[CNT:[0-9]+]]}
; CHECK-DAG: ![[CNT]] = !{!"llvm.loop.unroll.count", i32 2}

; Four loops of clones carry the pragma (after, inloop, nested twice).
; PTX-COUNT-4: .pragma "nounroll";
; PTX-NOT: .pragma "nounroll";

; OFF-NOT: llvm.loop.unroll.disable
