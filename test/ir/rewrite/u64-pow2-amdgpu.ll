; Option pow2-kernel (on), AMDGPU HIP kernels: as on NVPTX
; (u64-pow2-kernel.ll), a kernel whose u64 divisions, straight-line or in
; loops, are a large share of its clone's work also gets the pow2 tier
; K__magicdiv_pow2: K__magicdiv's parameters (and descriptor, which it does
; not get a copy of), every u64 site the shift n >> s, no branch; the host
; pass registers it beside K__magicdiv (md_hip_clone version 3,
; test/ir/host/hip-pow2.test) and the runtime launches it instead of
; K__magicdiv when every u64 divisor is a power of two.  K__magicdiv keeps
; its limbs (no copy, no branch).  Not built: a u32 site, a u64 loop site
; that is a small share of a big loop (remark Pow2NoTier), option
; no-pow2-kernel; option pow2-loops (NVPTX only) does not turn it off.  The
; marks held on the clone never reach the output.  llc for gfx90a accepts
; the result, and the tier's site is the 64-bit shift there
; (v_lshrrev_b64, no v_mad_u64_u32).
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges;min-gain=0>,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-analysis=magicdiv 2>%t.rem
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; RUN: %FileCheck %s --check-prefix=NOATTR < %t.ll
; NOATTR-NOT: magicdiv-pow2-remark
; NOATTR-NOT: magicdiv-pow2-tier
; NOATTR-NOT: __magicdiv_pow2_desc
; NOATTR-NOT: md.pow2.entry
; NOATTR-NOT: loop32__magicdiv_pow2
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t.ll -o %t.s
; RUN: awk '/^straight__magicdiv_pow2:/,/s_endpgm/' %t.s | %FileCheck %s --check-prefix=ISA
; RUN: awk '/^loop__magicdiv_pow2:/,/s_endpgm/' %t.s | %FileCheck %s --check-prefix=ISA
; RUN: awk '/^straight__magicdiv:/,/s_endpgm/' %t.s | %FileCheck %s --check-prefix=CLONEISA
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges;min-gain=0;no-pow2-kernel>,verify' -S %s \
; RUN:   | %FileCheck %s --check-prefix=OFF
; OFF-NOT: __magicdiv_pow2
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges;min-gain=0;pow2-loops>,verify' -S %s \
; RUN:   | %FileCheck %s --check-prefix=LOOPS
; LOOPS: define amdgpu_kernel void @loop__magicdiv_pow2(

; REM: kernel 'loop' also cloned as 'loop__magicdiv_pow2', every u64 division a shift ({{[0-9.]+}} % of its work for powers of two): launches whose u64 divisors are all powers of two run it (option pow2-kernel)
; REM: kernel 'straight' also cloned as 'straight__magicdiv_pow2'
; REM-NOT: loop32__magicdiv_pow2
; REM: clone 'bigloop__magicdiv': no pow2 tier: its u64 divisions would save {{[0-9.]+}} % of its work for powers of two, below 10 % (option pow2-kernel)
; ISA-NOT: v_mad_u64_u32
; ISA: v_lshrrev_b64
; ISA-NOT: v_mad_u64_u32
; ISA: s_endpgm
; CLONEISA: v_mad_u64_u32
; CLONEISA: s_endpgm

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @loop__magicdiv(ptr %out, i64 %n, i64 %d, i32 %iters, i64 %md.d0.m, i64 %md.d0.a, i64 %md.d0.s)
; CHECK-NOT: md.pow2
; CHECK: ret void
; CHECK-LABEL: define amdgpu_kernel void @loop__magicdiv_pow2(ptr %out, i64 %n, i64 %d, i32 %iters, i64 %md.d0.m, i64 %md.d0.a, i64 %md.d0.s)
; CHECK: %md.uq = lshr i64 %md.n.fr, %md.d0.s
; CHECK-NOT: mul i64
; CHECK: br i1 %c, label %body, label %exit, !llvm.loop
; CHECK: ret void
define amdgpu_kernel void @loop(ptr %out, i64 %n, i64 %d, i32 %iters) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t64 = zext i32 %tid to i64
  %x = add i64 %n, %t64
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi i64 [ 0, %entry ], [ %acc1, %body ]
  %i64 = zext i32 %i to i64
  %y = xor i64 %x, %i64
  %q = udiv i64 %y, %d
  %acc1 = add i64 %acc, %q
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, %iters
  br i1 %c, label %body, label %exit, !llvm.loop !0
exit:
  %p = getelementptr i64, ptr %out, i64 %t64
  store i64 %acc1, ptr %p
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @straight__magicdiv(
; CHECK-LABEL: define amdgpu_kernel void @straight__magicdiv_pow2(
; CHECK: %md.uq = lshr i64 %md.n.fr, %md.d0.s
; CHECK: ret void
define amdgpu_kernel void @straight(ptr %out, i64 %n, i64 %d) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t64 = zext i32 %tid to i64
  %x = add i64 %n, %t64
  %q = udiv i64 %x, %d
  %p = getelementptr i64, ptr %out, i64 %t64
  store i64 %q, ptr %p
  ret void
}

; A u32 site in a loop: no tier.
; CHECK-LABEL: define amdgpu_kernel void @loop32__magicdiv(
; CHECK: ret void
define amdgpu_kernel void @loop32(ptr %out, i32 %n, i32 %d, i32 %iters) {
entry:
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %body ]
  %y = xor i32 %n, %i
  %q = udiv i32 %y, %d
  %acc1 = add i32 %acc, %q
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, %iters
  br i1 %c, label %body, label %exit
exit:
  store i32 %acc1, ptr %out
  ret void
}

; A u64 site in a loop of 120 other instructions: below MD_POW2_MIN_SHARE.
; CHECK-LABEL: define amdgpu_kernel void @bigloop__magicdiv(
; CHECK: ret void
; CHECK-NOT: define {{.*}} @bigloop__magicdiv_pow2(
define amdgpu_kernel void @bigloop(ptr %out, i64 %n, i64 %d, i32 %iters) {
entry:
  br label %body
body:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi i64 [ %n, %entry ], [ %v120, %body ]
  %i64 = zext i32 %i to i64
  %y = xor i64 %acc, %i64
  %q = udiv i64 %y, %d
  %v0 = add i64 %q, %acc
  %v1 = mul i64 %v0, %v0
  %v2 = xor i64 %v1, %y
  %v3 = mul i64 %v2, %v2
  %v4 = xor i64 %v3, %y
  %v5 = mul i64 %v4, %v4
  %v6 = xor i64 %v5, %y
  %v7 = mul i64 %v6, %v6
  %v8 = xor i64 %v7, %y
  %v9 = mul i64 %v8, %v8
  %v10 = xor i64 %v9, %y
  %v11 = mul i64 %v10, %v10
  %v12 = xor i64 %v11, %y
  %v13 = mul i64 %v12, %v12
  %v14 = xor i64 %v13, %y
  %v15 = mul i64 %v14, %v14
  %v16 = xor i64 %v15, %y
  %v17 = mul i64 %v16, %v16
  %v18 = xor i64 %v17, %y
  %v19 = mul i64 %v18, %v18
  %v20 = xor i64 %v19, %y
  %v21 = mul i64 %v20, %v20
  %v22 = xor i64 %v21, %y
  %v23 = mul i64 %v22, %v22
  %v24 = xor i64 %v23, %y
  %v25 = mul i64 %v24, %v24
  %v26 = xor i64 %v25, %y
  %v27 = mul i64 %v26, %v26
  %v28 = xor i64 %v27, %y
  %v29 = mul i64 %v28, %v28
  %v30 = xor i64 %v29, %y
  %v31 = mul i64 %v30, %v30
  %v32 = xor i64 %v31, %y
  %v33 = mul i64 %v32, %v32
  %v34 = xor i64 %v33, %y
  %v35 = mul i64 %v34, %v34
  %v36 = xor i64 %v35, %y
  %v37 = mul i64 %v36, %v36
  %v38 = xor i64 %v37, %y
  %v39 = mul i64 %v38, %v38
  %v40 = xor i64 %v39, %y
  %v41 = mul i64 %v40, %v40
  %v42 = xor i64 %v41, %y
  %v43 = mul i64 %v42, %v42
  %v44 = xor i64 %v43, %y
  %v45 = mul i64 %v44, %v44
  %v46 = xor i64 %v45, %y
  %v47 = mul i64 %v46, %v46
  %v48 = xor i64 %v47, %y
  %v49 = mul i64 %v48, %v48
  %v50 = xor i64 %v49, %y
  %v51 = mul i64 %v50, %v50
  %v52 = xor i64 %v51, %y
  %v53 = mul i64 %v52, %v52
  %v54 = xor i64 %v53, %y
  %v55 = mul i64 %v54, %v54
  %v56 = xor i64 %v55, %y
  %v57 = mul i64 %v56, %v56
  %v58 = xor i64 %v57, %y
  %v59 = mul i64 %v58, %v58
  %v60 = xor i64 %v59, %y
  %v61 = mul i64 %v60, %v60
  %v62 = xor i64 %v61, %y
  %v63 = mul i64 %v62, %v62
  %v64 = xor i64 %v63, %y
  %v65 = mul i64 %v64, %v64
  %v66 = xor i64 %v65, %y
  %v67 = mul i64 %v66, %v66
  %v68 = xor i64 %v67, %y
  %v69 = mul i64 %v68, %v68
  %v70 = xor i64 %v69, %y
  %v71 = mul i64 %v70, %v70
  %v72 = xor i64 %v71, %y
  %v73 = mul i64 %v72, %v72
  %v74 = xor i64 %v73, %y
  %v75 = mul i64 %v74, %v74
  %v76 = xor i64 %v75, %y
  %v77 = mul i64 %v76, %v76
  %v78 = xor i64 %v77, %y
  %v79 = mul i64 %v78, %v78
  %v80 = xor i64 %v79, %y
  %v81 = mul i64 %v80, %v80
  %v82 = xor i64 %v81, %y
  %v83 = mul i64 %v82, %v82
  %v84 = xor i64 %v83, %y
  %v85 = mul i64 %v84, %v84
  %v86 = xor i64 %v85, %y
  %v87 = mul i64 %v86, %v86
  %v88 = xor i64 %v87, %y
  %v89 = mul i64 %v88, %v88
  %v90 = xor i64 %v89, %y
  %v91 = mul i64 %v90, %v90
  %v92 = xor i64 %v91, %y
  %v93 = mul i64 %v92, %v92
  %v94 = xor i64 %v93, %y
  %v95 = mul i64 %v94, %v94
  %v96 = xor i64 %v95, %y
  %v97 = mul i64 %v96, %v96
  %v98 = xor i64 %v97, %y
  %v99 = mul i64 %v98, %v98
  %v100 = xor i64 %v99, %y
  %v101 = mul i64 %v100, %v100
  %v102 = xor i64 %v101, %y
  %v103 = mul i64 %v102, %v102
  %v104 = xor i64 %v103, %y
  %v105 = mul i64 %v104, %v104
  %v106 = xor i64 %v105, %y
  %v107 = mul i64 %v106, %v106
  %v108 = xor i64 %v107, %y
  %v109 = mul i64 %v108, %v108
  %v110 = xor i64 %v109, %y
  %v111 = mul i64 %v110, %v110
  %v112 = xor i64 %v111, %y
  %v113 = mul i64 %v112, %v112
  %v114 = xor i64 %v113, %y
  %v115 = mul i64 %v114, %v114
  %v116 = xor i64 %v115, %y
  %v117 = mul i64 %v116, %v116
  %v118 = xor i64 %v117, %y
  %v119 = mul i64 %v118, %v118
  %v120 = xor i64 %v119, %y
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, %iters
  br i1 %c, label %body, label %exit
exit:
  store i64 %v120, ptr %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
