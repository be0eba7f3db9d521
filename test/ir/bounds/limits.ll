; Launch requirements are deduplicated (byte-equal programs) and capped at
; MD_MAX_REQS (32) per kernel: past the cap a site keeps its general form.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv 2>%t.rem
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; RUN: %bin/md-desc-dump %t.ll | %FileCheck %s --check-prefix=DESC

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; Two sites with the same fact: one requirement.
; REM: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n] checked at launch
; REM-NEXT: srem i32 {{.*}}, dividend in [0, ntid.x-1+n] checked at launch
; REM-NEXT: kernel 'dedup' cloned
; DESC-LABEL: descriptor @dedup__magicdiv_desc
; DESC: 1 requirement{{$}}
define ptx_kernel void @dedup(ptr %out, i32 %n, i32 %d) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = add i32 %tid, %n
  %q = sdiv i32 %v, %d
  %r = srem i32 %v, %d
  %s = add i32 %q, %r
  store i32 %s, ptr %out
  ret void
}

; 34 distinct facts (tid + n_i): the first 32 get theirs, the last two not.
; DESC-LABEL: descriptor @cap__magicdiv_desc
; DESC: 32 requirements
; REM: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n0] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n1] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n2] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n3] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n4] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n5] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n6] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n7] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n8] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n9] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n10] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n11] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n12] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n13] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n14] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n15] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n16] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n17] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n18] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n19] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n20] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n21] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n22] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n23] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n24] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n25] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n26] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n27] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n28] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n29] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n30] checked at launch
; REM-NEXT: sdiv i32 {{.*}}, dividend in [0, ntid.x-1+n31] checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, divisor > 0 checked at launch{{$}}
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'cap' cloned
define ptx_kernel void @cap(ptr %out, i32 %d, i32 %n0, i32 %n1, i32 %n2, i32 %n3, i32 %n4, i32 %n5, i32 %n6, i32 %n7, i32 %n8, i32 %n9, i32 %n10, i32 %n11, i32 %n12, i32 %n13, i32 %n14, i32 %n15, i32 %n16, i32 %n17, i32 %n18, i32 %n19, i32 %n20, i32 %n21, i32 %n22, i32 %n23, i32 %n24, i32 %n25, i32 %n26, i32 %n27, i32 %n28, i32 %n29, i32 %n30, i32 %n31, i32 %n32, i32 %n33) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v0 = add i32 %tid, %n0
  %q0 = sdiv i32 %v0, %d
  %p0 = getelementptr i32, ptr %out, i32 0
  store i32 %q0, ptr %p0
  %v1 = add i32 %tid, %n1
  %q1 = sdiv i32 %v1, %d
  %p1 = getelementptr i32, ptr %out, i32 1
  store i32 %q1, ptr %p1
  %v2 = add i32 %tid, %n2
  %q2 = sdiv i32 %v2, %d
  %p2 = getelementptr i32, ptr %out, i32 2
  store i32 %q2, ptr %p2
  %v3 = add i32 %tid, %n3
  %q3 = sdiv i32 %v3, %d
  %p3 = getelementptr i32, ptr %out, i32 3
  store i32 %q3, ptr %p3
  %v4 = add i32 %tid, %n4
  %q4 = sdiv i32 %v4, %d
  %p4 = getelementptr i32, ptr %out, i32 4
  store i32 %q4, ptr %p4
  %v5 = add i32 %tid, %n5
  %q5 = sdiv i32 %v5, %d
  %p5 = getelementptr i32, ptr %out, i32 5
  store i32 %q5, ptr %p5
  %v6 = add i32 %tid, %n6
  %q6 = sdiv i32 %v6, %d
  %p6 = getelementptr i32, ptr %out, i32 6
  store i32 %q6, ptr %p6
  %v7 = add i32 %tid, %n7
  %q7 = sdiv i32 %v7, %d
  %p7 = getelementptr i32, ptr %out, i32 7
  store i32 %q7, ptr %p7
  %v8 = add i32 %tid, %n8
  %q8 = sdiv i32 %v8, %d
  %p8 = getelementptr i32, ptr %out, i32 8
  store i32 %q8, ptr %p8
  %v9 = add i32 %tid, %n9
  %q9 = sdiv i32 %v9, %d
  %p9 = getelementptr i32, ptr %out, i32 9
  store i32 %q9, ptr %p9
  %v10 = add i32 %tid, %n10
  %q10 = sdiv i32 %v10, %d
  %p10 = getelementptr i32, ptr %out, i32 10
  store i32 %q10, ptr %p10
  %v11 = add i32 %tid, %n11
  %q11 = sdiv i32 %v11, %d
  %p11 = getelementptr i32, ptr %out, i32 11
  store i32 %q11, ptr %p11
  %v12 = add i32 %tid, %n12
  %q12 = sdiv i32 %v12, %d
  %p12 = getelementptr i32, ptr %out, i32 12
  store i32 %q12, ptr %p12
  %v13 = add i32 %tid, %n13
  %q13 = sdiv i32 %v13, %d
  %p13 = getelementptr i32, ptr %out, i32 13
  store i32 %q13, ptr %p13
  %v14 = add i32 %tid, %n14
  %q14 = sdiv i32 %v14, %d
  %p14 = getelementptr i32, ptr %out, i32 14
  store i32 %q14, ptr %p14
  %v15 = add i32 %tid, %n15
  %q15 = sdiv i32 %v15, %d
  %p15 = getelementptr i32, ptr %out, i32 15
  store i32 %q15, ptr %p15
  %v16 = add i32 %tid, %n16
  %q16 = sdiv i32 %v16, %d
  %p16 = getelementptr i32, ptr %out, i32 16
  store i32 %q16, ptr %p16
  %v17 = add i32 %tid, %n17
  %q17 = sdiv i32 %v17, %d
  %p17 = getelementptr i32, ptr %out, i32 17
  store i32 %q17, ptr %p17
  %v18 = add i32 %tid, %n18
  %q18 = sdiv i32 %v18, %d
  %p18 = getelementptr i32, ptr %out, i32 18
  store i32 %q18, ptr %p18
  %v19 = add i32 %tid, %n19
  %q19 = sdiv i32 %v19, %d
  %p19 = getelementptr i32, ptr %out, i32 19
  store i32 %q19, ptr %p19
  %v20 = add i32 %tid, %n20
  %q20 = sdiv i32 %v20, %d
  %p20 = getelementptr i32, ptr %out, i32 20
  store i32 %q20, ptr %p20
  %v21 = add i32 %tid, %n21
  %q21 = sdiv i32 %v21, %d
  %p21 = getelementptr i32, ptr %out, i32 21
  store i32 %q21, ptr %p21
  %v22 = add i32 %tid, %n22
  %q22 = sdiv i32 %v22, %d
  %p22 = getelementptr i32, ptr %out, i32 22
  store i32 %q22, ptr %p22
  %v23 = add i32 %tid, %n23
  %q23 = sdiv i32 %v23, %d
  %p23 = getelementptr i32, ptr %out, i32 23
  store i32 %q23, ptr %p23
  %v24 = add i32 %tid, %n24
  %q24 = sdiv i32 %v24, %d
  %p24 = getelementptr i32, ptr %out, i32 24
  store i32 %q24, ptr %p24
  %v25 = add i32 %tid, %n25
  %q25 = sdiv i32 %v25, %d
  %p25 = getelementptr i32, ptr %out, i32 25
  store i32 %q25, ptr %p25
  %v26 = add i32 %tid, %n26
  %q26 = sdiv i32 %v26, %d
  %p26 = getelementptr i32, ptr %out, i32 26
  store i32 %q26, ptr %p26
  %v27 = add i32 %tid, %n27
  %q27 = sdiv i32 %v27, %d
  %p27 = getelementptr i32, ptr %out, i32 27
  store i32 %q27, ptr %p27
  %v28 = add i32 %tid, %n28
  %q28 = sdiv i32 %v28, %d
  %p28 = getelementptr i32, ptr %out, i32 28
  store i32 %q28, ptr %p28
  %v29 = add i32 %tid, %n29
  %q29 = sdiv i32 %v29, %d
  %p29 = getelementptr i32, ptr %out, i32 29
  store i32 %q29, ptr %p29
  %v30 = add i32 %tid, %n30
  %q30 = sdiv i32 %v30, %d
  %p30 = getelementptr i32, ptr %out, i32 30
  store i32 %q30, ptr %p30
  %v31 = add i32 %tid, %n31
  %q31 = sdiv i32 %v31, %d
  %p31 = getelementptr i32, ptr %out, i32 31
  store i32 %q31, ptr %p31
  %v32 = add i32 %tid, %n32
  %q32 = sdiv i32 %v32, %d
  %p32 = getelementptr i32, ptr %out, i32 32
  store i32 %q32, ptr %p32
  %v33 = add i32 %tid, %n33
  %q33 = sdiv i32 %v33, %d
  %p33 = getelementptr i32, ptr %out, i32 33
  store i32 %q33, ptr %p33
  ret void
}

; A condition on the launch alone that fails at the reference launch
; (blocks of 128 x 8 x 4, grids of 4096 x 512 x 64) is a bad bet: every
; ordinary launch would run the original kernel.  tid << 20 <= 2^31 - 1
; holds there (ntid.x = 128); tid << 28 does not: no fact for it.
; REM: sdiv i32 {{.*}}, dividend in [0, (ntid.x-1)*1048576] checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'bet' cloned
; DESC-LABEL: descriptor @bet__magicdiv_desc
; DESC: 1 requirement{{$}}
define ptx_kernel void @bet(ptr %out, i32 %d) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = shl i32 %tid, 20
  %q = sdiv i32 %a, %d
  store i32 %q, ptr %out
  %b = shl i32 %tid, 28
  %q2 = sdiv i32 %b, %d
  store i32 %q2, ptr %out
  ret void
}
