; The sign guard of in-kernel magic (option inkernel-guard) on Triton's
; LLVM IR for Inductor's permute at XBLOCK 1024 (Triton 3.6, sm_90; debug
; info and parameter attributes stripped): x0 = x % ks0, x1 = (x / ks0)
; % ks1, x // (ks0 * ks1) for x = pid * 1024 + (tid & 127) + 128 j, 8
; elements per thread.  `shl i32 %8, 10` has no nsw: x is negative for
; pid >= 2^21, so no dividend is provably >= 0.  With the guard, the block
; tests pid * 1024 >= 0 (ks0 >= 0 is implied by its own d > 0 test) once
; beside the divisors, and all 24 sites take the unsigned form; without
; it, the 8 sdiv by ks0 take the signed form and the 16 srem stay native
; (below break-even, the remark says the sign is unknown).  A kernel whose
; dividends are loaded values gets no guard (their sign is data).  In a
; loop whose index p steps by an add without nsw, the guard tests p itself
; each iteration (a PHI: its incoming p + step is the previous iteration's,
; so that add computed before the divisions must not be the value tested).
; The guard tests only what the proof needs: in (pid << 10) | (a & 127)
; the mask 127 shows the second operand >= 0, so the argument a is not
; tested (a rule that needs one of two operands tries both without
; assuming first).
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<inkernel-args>' \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv -S %s -o %t.ll 2> %t.rem
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; RUN: %FileCheck %s --check-prefix=IR < %t.ll
; RUN: %opt -passes=verify -disable-output %t.ll
; RUN: %llc -mcpu=sm_90 -O3 %t.ll -o /dev/null
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<inkernel-args;no-inkernel-guard>' \
; RUN:   -pass-remarks=magicdiv -pass-remarks-missed=magicdiv -S %s -o %t.off.ll 2> %t.off.rem
; RUN: %FileCheck %s --check-prefix=OFF < %t.off.rem
; RUN: not grep 'sgt i32 .*, -1' %t.off.ll

; REM-COUNT-8: remark: {{.*}}sdiv i32 by a divisor the host does not see -> magic s32 multiply-high, the magic computed in the kernel (8 site(s) share it; divisor <= 0 runs the original division); its dividend >= 0 when its block's sign guard passes: the unsigned form (else the original)
; REM-COUNT-16: remark: {{.*}}srem i32 by a divisor the host does not see -> magic s32 multiply-high, the magic computed in the kernel (8 site(s) share it; divisor <= 0 runs the original division); its dividend >= 0 when its block's sign guard passes: the unsigned form (else the original)
; REM-COUNT-8: remark: {{.*}}srem i32 left native: too few uses per thread: native is cheaper (divisor used 8 time(s) per thread, estimated saving 41 < 48 SASS to compute its magic in the kernel; it would pay with dividends >= 0, but its dividend's sign is unknown and no sign guard was found)
; REM-NEXT: remark: {{.*}}srem i32 by a divisor the host does not see {{.*}}(2 site(s) share it; {{.*}}; its dividend >= 0 when its block's sign guard passes
; REM-NEXT: remark: {{.*}}sdiv i32 by a divisor the host does not see {{.*}}(2 site(s) share it; {{.*}}; its dividend >= 0 when its block's sign guard passes
; REM-NEXT: remark: {{.*}}srem i32 by a divisor the host does not see {{.*}}(2 site(s) share it; {{.*}}; its dividend >= 0 when its block's sign guard passes
; REM-NEXT: remark: {{.*}}sdiv i32 by a divisor the host does not see {{.*}}(2 site(s) share it; {{.*}}; its dividend >= 0 when its block's sign guard passes
; REM-NOT: remark

; IR-LABEL: define ptx_kernel void @permute(
; IR: [[X:%[0-9]+]] = shl i32 %{{[0-9]+}}, 10
; IR: [[F:%.*]] = freeze i32 [[X]]
; IR-NEXT: [[S:%.*]] = icmp sgt i32 [[F]], -1
; IR-NEXT: [[OK:%.*]] = and i1 %{{.*}}, [[S]]
; IR-NEXT: br i1 [[OK]], label %md.ik.fast, label %md.ik.slow
; IR-NOT: icmp sgt i32 %{{.*}}, -1
; IR-LABEL: define ptx_kernel void @loaded(
; IR-NOT: md.ik
; IR-LABEL: define ptx_kernel void @steploop(
; IR: [[P:%[a-z0-9.]+]] = phi i32 [ 0, %entry ]
; IR-NEXT: phi
; IR-NEXT: add i32 [[P]], %step
; IR: [[FP:%.*]] = freeze i32 [[P]]
; IR-NEXT: icmp sgt i32 [[FP]], -1
; IR-LABEL: define ptx_kernel void @masked(
; IR: [[XM:%[a-z0-9.]+]] = shl i32 %{{[a-z0-9.]+}}, 10
; IR: [[FM:%.*]] = freeze i32 [[XM]]
; IR-NEXT: icmp sgt i32 [[FM]], -1
; IR-NOT: freeze i32 %a
; IR-LABEL: declare

; OFF-COUNT-16: remark: {{.*}}srem i32 left native: too few uses per thread: native is cheaper (divisor used 8 time(s) per thread, estimated saving 41 < 48 SASS to compute its magic in the kernel; it would pay with dividends >= 0, but its dividend's sign is unknown and no sign guard was found)
; OFF-COUNT-8: remark: {{.*}}sdiv i32 by a divisor the host does not see -> magic s32 multiply-high, the magic computed in the kernel (8 site(s) share it; divisor <= 0 runs the original division){{$}}
; OFF-COUNT-8: remark: {{.*}}srem i32 left native: too few uses per thread: native is cheaper (divisor used 8 time(s) per thread, estimated saving 41 < 48 SASS to compute its magic in the kernel; it would pay with dividends >= 0, but its dividend's sign is unknown and no sign guard was found)
; OFF-NEXT: remark: {{.*}}srem i32 by a divisor the host does not see {{.*}}(2 site(s) share it; divisor <= 0 runs the original division){{$}}
; OFF-NEXT: remark: {{.*}}sdiv i32 by a divisor the host does not see {{.*}}(2 site(s) share it; divisor <= 0 runs the original division){{$}}
; OFF-NEXT: remark: {{.*}}srem i32 by a divisor the host does not see {{.*}}(2 site(s) share it; divisor <= 0 runs the original division){{$}}
; OFF-NEXT: remark: {{.*}}sdiv i32 by a divisor the host does not see {{.*}}(2 site(s) share it; divisor <= 0 runs the original division){{$}}
; OFF-NOT: remark

target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @permute(ptr addrspace(1) %0, ptr addrspace(1) %1, i32 %2, i32 %3, i32 %4, ptr addrspace(1) %5, ptr addrspace(1) %6) local_unnamed_addr {
  %8 = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %9 = shl i32 %8, 10
  %10 = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = and i32 %10, 127
  %12 = or disjoint i32 %9, %11
  %13 = or disjoint i32 %12, 128
  %14 = or disjoint i32 %12, 256
  %15 = or disjoint i32 %12, 384
  %16 = or disjoint i32 %12, 512
  %17 = or disjoint i32 %12, 640
  %18 = or disjoint i32 %12, 768
  %19 = or disjoint i32 %10, %9
  %20 = or i32 %19, 896
  %21 = icmp slt i32 %12, %4
  %22 = icmp slt i32 %13, %4
  %23 = icmp slt i32 %14, %4
  %24 = icmp slt i32 %15, %4
  %25 = icmp slt i32 %16, %4
  %26 = icmp slt i32 %17, %4
  %27 = icmp slt i32 %18, %4
  %28 = icmp slt i32 %20, %4
  %.frozen = freeze i32 %2
  %29 = sdiv i32 %12, %.frozen
  %30 = mul i32 %29, %.frozen
  %.decomposed = sub i32 %12, %30
  %.frozen8 = freeze i32 %2
  %31 = sdiv i32 %13, %.frozen8
  %32 = mul i32 %31, %.frozen8
  %.decomposed9 = sub i32 %13, %32
  %.frozen10 = freeze i32 %2
  %33 = sdiv i32 %14, %.frozen10
  %34 = mul i32 %33, %.frozen10
  %.decomposed11 = sub i32 %14, %34
  %.frozen12 = freeze i32 %2
  %35 = sdiv i32 %15, %.frozen12
  %36 = mul i32 %35, %.frozen12
  %.decomposed13 = sub i32 %15, %36
  %.frozen14 = freeze i32 %2
  %37 = sdiv i32 %16, %.frozen14
  %38 = mul i32 %37, %.frozen14
  %.decomposed15 = sub i32 %16, %38
  %.frozen16 = freeze i32 %2
  %39 = sdiv i32 %17, %.frozen16
  %40 = mul i32 %39, %.frozen16
  %.decomposed17 = sub i32 %17, %40
  %.frozen18 = freeze i32 %2
  %41 = sdiv i32 %18, %.frozen18
  %42 = mul i32 %41, %.frozen18
  %.decomposed19 = sub i32 %18, %42
  %.frozen20 = freeze i32 %2
  %43 = sdiv i32 %20, %.frozen20
  %44 = mul i32 %43, %.frozen20
  %.decomposed21 = sub i32 %20, %44
  %45 = srem i32 %29, %3
  %46 = srem i32 %31, %3
  %47 = srem i32 %33, %3
  %48 = srem i32 %35, %3
  %49 = srem i32 %37, %3
  %50 = srem i32 %39, %3
  %51 = srem i32 %41, %3
  %52 = srem i32 %43, %3
  %53 = mul i32 %3, %2
  %54 = mul i32 %.decomposed, %3
  %55 = mul i32 %.decomposed9, %3
  %56 = mul i32 %.decomposed11, %3
  %57 = mul i32 %.decomposed13, %3
  %58 = mul i32 %.decomposed15, %3
  %59 = mul i32 %.decomposed17, %3
  %60 = mul i32 %.decomposed19, %3
  %61 = mul i32 %.decomposed21, %3
  %62 = srem i32 %12, %53
  %63 = srem i32 %13, %53
  %64 = srem i32 %14, %53
  %65 = srem i32 %15, %53
  %66 = srem i32 %16, %53
  %67 = srem i32 %17, %53
  %68 = srem i32 %18, %53
  %69 = srem i32 %20, %53
  %70 = add i32 %54, %12
  %71 = add i32 %70, %45
  %72 = sub i32 %71, %62
  %73 = add i32 %55, %13
  %74 = add i32 %73, %46
  %75 = sub i32 %74, %63
  %76 = add i32 %56, %14
  %77 = add i32 %76, %47
  %78 = sub i32 %77, %64
  %79 = add i32 %57, %15
  %80 = add i32 %79, %48
  %81 = sub i32 %80, %65
  %82 = add i32 %58, %16
  %83 = add i32 %82, %49
  %84 = sub i32 %83, %66
  %85 = add i32 %59, %17
  %86 = add i32 %85, %50
  %87 = sub i32 %86, %67
  %88 = add i32 %60, %18
  %89 = add i32 %88, %51
  %90 = sub i32 %89, %68
  %91 = add i32 %61, %20
  %92 = add i32 %91, %52
  %93 = sub i32 %92, %69
  %94 = sext i32 %72 to i64
  %95 = getelementptr float, ptr addrspace(1) %0, i64 %94
  %96 = sext i32 %75 to i64
  %97 = getelementptr float, ptr addrspace(1) %0, i64 %96
  %98 = sext i32 %78 to i64
  %99 = getelementptr float, ptr addrspace(1) %0, i64 %98
  %100 = sext i32 %81 to i64
  %101 = getelementptr float, ptr addrspace(1) %0, i64 %100
  %102 = sext i32 %84 to i64
  %103 = getelementptr float, ptr addrspace(1) %0, i64 %102
  %104 = sext i32 %87 to i64
  %105 = getelementptr float, ptr addrspace(1) %0, i64 %104
  %106 = sext i32 %90 to i64
  %107 = getelementptr float, ptr addrspace(1) %0, i64 %106
  %108 = sext i32 %93 to i64
  %109 = getelementptr float, ptr addrspace(1) %0, i64 %108
  %110 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$2 ld.global.b32 { $0 }, [ $1 + 0 ];", "=r,l,b"(ptr addrspace(1) %95, i1 %21)
  %111 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$2 ld.global.b32 { $0 }, [ $1 + 0 ];", "=r,l,b"(ptr addrspace(1) %97, i1 %22)
  %112 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$2 ld.global.b32 { $0 }, [ $1 + 0 ];", "=r,l,b"(ptr addrspace(1) %99, i1 %23)
  %113 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$2 ld.global.b32 { $0 }, [ $1 + 0 ];", "=r,l,b"(ptr addrspace(1) %101, i1 %24)
  %114 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$2 ld.global.b32 { $0 }, [ $1 + 0 ];", "=r,l,b"(ptr addrspace(1) %103, i1 %25)
  %115 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$2 ld.global.b32 { $0 }, [ $1 + 0 ];", "=r,l,b"(ptr addrspace(1) %105, i1 %26)
  %116 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$2 ld.global.b32 { $0 }, [ $1 + 0 ];", "=r,l,b"(ptr addrspace(1) %107, i1 %27)
  %117 = tail call i32 asm sideeffect "mov.u32 $0, 0x0;\0A\09@$2 ld.global.b32 { $0 }, [ $1 + 0 ];", "=r,l,b"(ptr addrspace(1) %109, i1 %28)
  %118 = sext i32 %12 to i64
  %119 = getelementptr float, ptr addrspace(1) %1, i64 %118
  %120 = sext i32 %13 to i64
  %121 = getelementptr float, ptr addrspace(1) %1, i64 %120
  %122 = sext i32 %14 to i64
  %123 = getelementptr float, ptr addrspace(1) %1, i64 %122
  %124 = sext i32 %15 to i64
  %125 = getelementptr float, ptr addrspace(1) %1, i64 %124
  %126 = sext i32 %16 to i64
  %127 = getelementptr float, ptr addrspace(1) %1, i64 %126
  %128 = sext i32 %17 to i64
  %129 = getelementptr float, ptr addrspace(1) %1, i64 %128
  %130 = sext i32 %18 to i64
  %131 = getelementptr float, ptr addrspace(1) %1, i64 %130
  %132 = sext i32 %20 to i64
  %133 = getelementptr float, ptr addrspace(1) %1, i64 %132
  tail call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"(i32 %110, ptr addrspace(1) %119, i1 %21)
  tail call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"(i32 %111, ptr addrspace(1) %121, i1 %22)
  tail call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"(i32 %112, ptr addrspace(1) %123, i1 %23)
  tail call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"(i32 %113, ptr addrspace(1) %125, i1 %24)
  tail call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"(i32 %114, ptr addrspace(1) %127, i1 %25)
  tail call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"(i32 %115, ptr addrspace(1) %129, i1 %26)
  tail call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"(i32 %116, ptr addrspace(1) %131, i1 %27)
  tail call void asm sideeffect "@$2 st.global.b32 [ $1 + 0 ], { $0 };", "r,l,b"(i32 %117, ptr addrspace(1) %133, i1 %28)
  ret void
}

; Eight srem of loaded values by an argument: no guard (data), native.
define ptx_kernel void @loaded(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %d) {
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = shl i32 %t, 3
  %p0 = getelementptr i32, ptr addrspace(1) %in, i32 %b
  %v = load <8 x i32>, ptr addrspace(1) %p0, align 32
  %e0 = extractelement <8 x i32> %v, i32 0
  %e1 = extractelement <8 x i32> %v, i32 1
  %e2 = extractelement <8 x i32> %v, i32 2
  %e3 = extractelement <8 x i32> %v, i32 3
  %e4 = extractelement <8 x i32> %v, i32 4
  %e5 = extractelement <8 x i32> %v, i32 5
  %e6 = extractelement <8 x i32> %v, i32 6
  %e7 = extractelement <8 x i32> %v, i32 7
  %r0 = srem i32 %e0, %d
  %r1 = srem i32 %e1, %d
  %r2 = srem i32 %e2, %d
  %r3 = srem i32 %e3, %d
  %r4 = srem i32 %e4, %d
  %r5 = srem i32 %e5, %d
  %r6 = srem i32 %e6, %d
  %r7 = srem i32 %e7, %d
  %w0 = insertelement <8 x i32> poison, i32 %r0, i32 0
  %w1 = insertelement <8 x i32> %w0, i32 %r1, i32 1
  %w2 = insertelement <8 x i32> %w1, i32 %r2, i32 2
  %w3 = insertelement <8 x i32> %w2, i32 %r3, i32 3
  %w4 = insertelement <8 x i32> %w3, i32 %r4, i32 4
  %w5 = insertelement <8 x i32> %w4, i32 %r5, i32 5
  %w6 = insertelement <8 x i32> %w5, i32 %r6, i32 6
  %w7 = insertelement <8 x i32> %w6, i32 %r7, i32 7
  %q0 = getelementptr i32, ptr addrspace(1) %out, i32 %b
  store <8 x i32> %w7, ptr addrspace(1) %q0, align 32
  ret void
}

; A loop: p = 0, p + step, ... (no nsw) computed before the divisions.
define ptx_kernel void @steploop(ptr addrspace(1) %out, i32 %d, i32 %step, i32 %n) {
entry:
  %t = tail call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %t, 127
  br label %loop
loop:
  %p = phi i32 [ 0, %entry ], [ %next, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %next = add i32 %p, %step
  %x = or i32 %p, %lane
  %r = srem i32 %x, %d
  %q = sdiv i32 %x, %d
  %s = add i32 %r, %q
  %a = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %s, ptr addrspace(1) %a
  %i1 = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; (pid << 10) | (a & 127), two elements, in a loop (so that 2 sites pay).
define ptx_kernel void @masked(ptr addrspace(1) %out, i32 %a, i32 %d, i32 %n) {
entry:
  %pid = tail call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %hi = shl i32 %pid, 10
  %lo = and i32 %a, 127
  %x = or disjoint i32 %hi, %lo
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %r = srem i32 %x, %d
  %q = sdiv i32 %x, %d
  %s = add i32 %r, %q
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %s, ptr addrspace(1) %g
  %i1 = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
