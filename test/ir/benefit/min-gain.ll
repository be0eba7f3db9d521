; The benefit model (plugin/device/md_benefit.c): a kernel is cloned only
; when its transformed divisions save an estimated min-gain percent (default
; 2) of its work -- instructions weighed by 8^(loop depth), division sites
; at their measured native and magic costs -- or of the work of a loop that
; holds one.  A kernel left alone gets a MinGain remark with the estimate.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv \
; RUN:   -pass-remarks-analysis=magicdiv 2>%t.rem
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; RUN: %FileCheck %s --check-prefix=IR < %t.ll
; min-gain=0 is the pass without the model: every kernel with a site, no
; estimate in any remark.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<min-gain=0>' -S %s \
; RUN:   -pass-remarks-missed=magicdiv -pass-remarks-analysis=magicdiv \
; RUN:   -o %t0.ll 2>%t0.rem
; RUN: %FileCheck %s --check-prefix=ALL < %t0.ll
; RUN: not grep -e estimated -e MinGain -e 'left alone: estimated' %t0.rem
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<min-gain=100>' -S %s \
; RUN:   -pass-remarks-missed=magicdiv -o %t100.ll 2>%t100.rem
; RUN: %FileCheck %s --check-prefix=NONE < %t100.ll
; RUN: %FileCheck %s --check-prefix=GAIN100 < %t100.rem
; RUN: not %opt -load-pass-plugin=%plugin -passes='magicdiv<min-gain=x>' \
; RUN:   -disable-output %s 2>&1 | %FileCheck %s --check-prefix=BAD
; RUN: not %opt -load-pass-plugin=%plugin -passes='magicdiv<min-gain=101>' \
; RUN:   -disable-output %s 2>&1 | %FileCheck %s --check-prefix=BAD

; REM-DAG: kernel 'index': 1 division site(s) with a launch-invariant divisor, cloned (estimated saving {{[0-9.]+}} %)
; REM-DAG: kernel 'heavy' left alone: estimated saving 1.{{[0-9]+}} % of the kernel's work (1 division site(s), 0 in a loop; 0.00 % of the busiest loop with one), threshold 2 % (option min-gain=)
; REM-DAG: kernel 'loopdiv': 1 division site(s) with a launch-invariant divisor, cloned (estimated saving {{[0-9.]+}} %)
; REM-DAG: kernel 'callee': 1 division site(s) with a launch-invariant divisor, cloned (estimated saving {{[0-9.]+}} %)
; REM-DAG: kernel 'callee_heavy' left alone: estimated saving 1.{{[0-9]+}} % of the kernel's work (1 division site(s), 0 in a loop;
; GAIN100: kernel 'loopdiv' left alone: estimated saving 0.{{[0-9]+}} % of the kernel's work (1 division site(s), 1 in a loop; 50.00 % of the busiest loop with one), threshold 100 %
; REM-DAG: kernel 'callee_loop': 1 division site(s) with a launch-invariant divisor, cloned (estimated saving {{[0-9.]+}} %)
; REM-NOT: kernel 'loopdiv' left alone

; IR-DAG: define ptx_kernel void @index__magicdiv(
; IR-DAG: define ptx_kernel void @loopdiv__magicdiv(
; IR-DAG: define ptx_kernel void @callee__magicdiv(
; IR-DAG: define ptx_kernel void @callee_loop__magicdiv(
; IR-DAG: define internal i32 @helper.magicdiv.
; IR-NOT: @heavy__magicdiv(
; IR-NOT: @callee_heavy__magicdiv(

; ALL-DAG: define ptx_kernel void @index__magicdiv(
; ALL-DAG: define ptx_kernel void @heavy__magicdiv(
; ALL-DAG: define ptx_kernel void @loopdiv__magicdiv(
; ALL-DAG: define ptx_kernel void @callee__magicdiv(
; ALL-DAG: define ptx_kernel void @callee_heavy__magicdiv(
; ALL-DAG: define ptx_kernel void @callee_loop__magicdiv(

; NONE-NOT: __magicdiv(

; BAD: unknown parameter 'min-gain=

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; An index kernel: out[t] = in[t / d].  The division is most of its work.
define ptx_kernel void @index(ptr %out, ptr %in, i32 %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = udiv i32 %t, %d
  %pi = getelementptr float, ptr %in, i32 %q
  %v = load float, ptr %pi
  %po = getelementptr float, ptr %out, i32 %t
  store float %v, ptr %po
  ret void
}

; One division per thread, then a loop nest (depth 2, 12 multiplications
; deep inside): the division is about 1.6 % of the estimated work.
define ptx_kernel void @heavy(ptr %out, i32 %d, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = udiv i32 %t, %d
  %f = uitofp i32 %q to float
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %outer.end ]
  %acc = phi float [ %f, %entry ], [ %a.last, %outer.end ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  %a = phi float [ %acc, %outer ], [ %h11, %inner ]
  %h0 = fmul float %a, 1.5e+00
  %h1 = fmul float %h0, 1.5e+00
  %h2 = fmul float %h1, 1.5e+00
  %h3 = fmul float %h2, 1.5e+00
  %h4 = fmul float %h3, 1.5e+00
  %h5 = fmul float %h4, 1.5e+00
  %h6 = fmul float %h5, 1.5e+00
  %h7 = fmul float %h6, 1.5e+00
  %h8 = fmul float %h7, 1.5e+00
  %h9 = fmul float %h8, 1.5e+00
  %h10 = fmul float %h9, 1.5e+00
  %h11 = fmul float %h10, 1.5e+00
  %j1 = add i32 %j, 1
  %cj = icmp slt i32 %j1, %n
  br i1 %cj, label %inner, label %outer.end
outer.end:
  %a.last = phi float [ %h11, %inner ]
  %i1 = add i32 %i, 1
  %ci = icmp slt i32 %i1, %n
  br i1 %ci, label %outer, label %exit
exit:
  store float %a.last, ptr %out
  ret void
}

; A heavier nest (depth 3), and the division in a loop of its own: 0.6 %
; of the kernel's work, but half of its loop's -- the loop's share keeps
; the clone (a division in the loop of an index kernel is never dropped).
define ptx_kernel void @loopdiv(ptr %out, i32 %d, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %idx
idx:
  %k = phi i32 [ %t, %entry ], [ %k1, %idx ]
  %q = udiv i32 %k, %d
  %pk = getelementptr i32, ptr %out, i32 %k
  store i32 %q, ptr %pk
  %k1 = add i32 %k, 256
  %ck = icmp slt i32 %k1, %n
  br i1 %ck, label %idx, label %outer.pre
outer.pre:
  br label %top
top:
  %u = phi i32 [ 0, %outer.pre ], [ %u1, %top.end ]
  %tacc = phi float [ 0.0, %outer.pre ], [ %b.last, %top.end ]
  br label %outer
outer:
  %i = phi i32 [ 0, %top ], [ %i1, %outer.end ]
  %acc = phi float [ %tacc, %top ], [ %b.last, %outer.end ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  %b = phi float [ %acc, %outer ], [ %g11, %inner ]
  %g0 = fmul float %b, 1.5e+00
  %g1 = fmul float %g0, 1.5e+00
  %g2 = fmul float %g1, 1.5e+00
  %g3 = fmul float %g2, 1.5e+00
  %g4 = fmul float %g3, 1.5e+00
  %g5 = fmul float %g4, 1.5e+00
  %g6 = fmul float %g5, 1.5e+00
  %g7 = fmul float %g6, 1.5e+00
  %g8 = fmul float %g7, 1.5e+00
  %g9 = fmul float %g8, 1.5e+00
  %g10 = fmul float %g9, 1.5e+00
  %g11 = fmul float %g10, 1.5e+00
  %j1 = add i32 %j, 1
  %cj = icmp slt i32 %j1, %n
  br i1 %cj, label %inner, label %outer.end
outer.end:
  %b.last = phi float [ %g11, %inner ]
  %i1 = add i32 %i, 1
  %ci = icmp slt i32 %i1, %n
  br i1 %ci, label %outer, label %top.end
top.end:
  %u1 = add i32 %u, 1
  %cu = icmp slt i32 %u1, %n
  br i1 %cu, label %top, label %exit
exit:
  store float %b.last, ptr %out
  ret void
}

; Divisions in a called function count toward the kernel's saving.
define internal i32 @helper(i32 %x, i32 %d) noinline {
  %q = udiv i32 %x, %d
  ret i32 %q
}

define ptx_kernel void @callee(ptr %out, i32 %d) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = call i32 @helper(i32 %t, i32 %d)
  %po = getelementptr i32, ptr %out, i32 %t
  store i32 %q, ptr %po
  ret void
}

; ... weighed by where the call is: once before a heavy nest, too little;
define ptx_kernel void @callee_heavy(ptr %out, i32 %d, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q = call i32 @helper(i32 %t, i32 %d)
  %f = uitofp i32 %q to float
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %outer.end ]
  %acc = phi float [ %f, %entry ], [ %e.last, %outer.end ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  %e = phi float [ %acc, %outer ], [ %c11, %inner ]
  %c0 = fmul float %e, 1.5e+00
  %c1 = fmul float %c0, 1.5e+00
  %c2 = fmul float %c1, 1.5e+00
  %c3 = fmul float %c2, 1.5e+00
  %c4 = fmul float %c3, 1.5e+00
  %c5 = fmul float %c4, 1.5e+00
  %c6 = fmul float %c5, 1.5e+00
  %c7 = fmul float %c6, 1.5e+00
  %c8 = fmul float %c7, 1.5e+00
  %c9 = fmul float %c8, 1.5e+00
  %c10 = fmul float %c9, 1.5e+00
  %c11 = fmul float %c10, 1.5e+00
  %j1 = add i32 %j, 1
  %cj = icmp slt i32 %j1, %n
  br i1 %cj, label %inner, label %outer.end
outer.end:
  %e.last = phi float [ %c11, %inner ]
  %i1 = add i32 %i, 1
  %ci = icmp slt i32 %i1, %n
  br i1 %ci, label %outer, label %exit
exit:
  store float %e.last, ptr %out
  ret void
}

; ... in the loop that is the kernel's work, enough.
define ptx_kernel void @callee_loop(ptr %out, i32 %d, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %k = phi i32 [ %t, %entry ], [ %k1, %loop ]
  %q = call i32 @helper(i32 %k, i32 %d)
  %pk = getelementptr i32, ptr %out, i32 %k
  store i32 %q, ptr %pk
  %k1 = add i32 %k, 256
  %ck = icmp slt i32 %k1, %n
  br i1 %ck, label %loop, label %exit
exit:
  ret void
}
