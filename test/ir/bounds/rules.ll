; Launch-checked dividend ranges (md_bounds.c): every bound rule, each with
; a negative twin that must NOT get the fact (it keeps the general form),
; and the requirement programs in the descriptors (md-desc-dump).
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv 2>%t.rem
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; RUN: %bin/md-desc-dump %t.ll | %FileCheck %s --check-prefix=DESC
; RUN: %FileCheck %s --check-prefix=IR < %t.ll
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-positive-divisors>' -S %s \
; RUN:   | %bin/md-desc-dump - | %FileCheck %s --check-prefix=POS
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges>' -S %s \
; RUN:   -pass-remarks=magicdiv 2>&1 >/dev/null | %FileCheck %s --check-prefix=OFF
; OFF-NOT: checked at launch{{.*}}dividend
; OFF-NOT: dividend in

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)

; ---- thread/block indices, mixed radix: idx = ctaid*ntid + tid ----
; REM: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, divisor > 0 checked at launch, dividend in [0, nctaid.x*ntid.x) checked at launch
; REM-NEXT: srem i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, nctaid.x*ntid.x) checked at launch
; REM-NEXT: kernel 'idx1d' cloned
; DESC-LABEL: descriptor @idx1d__magicdiv_desc
; DESC: 1 requirement
; DESC: requirement 0: launch.nctaid.x zext.i32.i64 launch.ntid.x zext.i32.i64 mul.i64.nuw const.i64.2147483648 icmp.ule.i64{{$}}
; IR-LABEL: define ptx_kernel void @idx1d__magicdiv(
; IR-NOT: md.nsgn
; IR: ret void
define ptx_kernel void @idx1d(ptr %out, i32 %d) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %ctaid, %ntid
  %idx = add i32 %m, %tid
  %q = sdiv i32 %idx, %d
  %r = srem i32 %idx, %d
  %s = add i32 %q, %r
  store i32 %s, ptr %out
  ret void
}

; Negative: idx - 1 (sub has no rule: it may be -1).
; REM: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'idx1d_sub' cloned
; DESC-LABEL: descriptor @idx1d_sub__magicdiv_desc
; DESC: 0 requirements
define ptx_kernel void @idx1d_sub(ptr %out, i32 %d) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %ctaid, %ntid
  %idx = add i32 %m, %tid
  %v = sub i32 %idx, 1
  %q = sdiv i32 %v, %d
  store i32 %q, ptr %out
  ret void
}

; ---- 2-D: row*W + col under row < H, col < W (conditions, mixed radix) ----
; row's bound is structural (nctaid.y*ntid.y - 1); col <s W gives col <=
; W - 1 once col >= 0 (col's own bound, a guard), and the mixed-radix rule
; makes (X + 1) * W - 1 of it.
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, nctaid.y*ntid.y*W) checked at launch
; REM-NEXT: kernel 'idx2d' cloned
; DESC-LABEL: descriptor @idx2d__magicdiv_desc
; DESC: requirement 0: launch.nctaid.y zext.i32.i64 launch.ntid.y zext.i32.i64 mul.i64.nuw arg3:i32 zext.i32.i64 mul.i64.nuw const.i64.2147483648 icmp.ule.i64{{$}}
; DESC-NEXT: requirement 1: launch.nctaid.x zext.i32.i64 launch.ntid.x zext.i32.i64 mul.i64.nuw const.i64.2147483648 icmp.ule.i64{{$}}
define ptx_kernel void @idx2d(ptr %out, i32 %d, i32 %H, i32 %W) {
entry:
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %cx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %my = mul i32 %cy, %ny
  %row = add i32 %my, %ty
  %mx = mul i32 %cx, %nx
  %col = add i32 %mx, %tx
  %c1 = icmp slt i32 %row, %H
  br i1 %c1, label %a, label %done
a:
  %c2 = icmp slt i32 %col, %W
  br i1 %c2, label %b, label %done
b:
  %rw = mul nsw i32 %row, %W
  %idx = add nsw i32 %rw, %col
  %q = sdiv i32 %idx, %d
  store i32 %q, ptr %out
  br label %done
done:
  ret void
}

; ---- an invariant term: tid + n (n is an argument) ----
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, ntid.x-1+n] checked at launch
; REM-NEXT: kernel 'tid_plus_n' cloned
; DESC-LABEL: descriptor @tid_plus_n__magicdiv_desc
; DESC: requirement 0: launch.ntid.x zext.i32.i64 const.i64.1 sub.i64.nuw arg1:i32 zext.i32.i64 add.i64.nuw const.i64.2147483647 icmp.ule.i64{{$}}
define ptx_kernel void @tid_plus_n(ptr %out, i32 %n, i32 %d) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = add i32 %tid, %n
  %q = sdiv i32 %v, %d
  store i32 %q, ptr %out
  ret void
}

; Negative: a dividend that is itself launch-invariant (its sign is data).
; REM: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'inv_dividend' cloned
define ptx_kernel void @inv_dividend(ptr %out, i32 %n, i32 %d) {
  %q = sdiv i32 %n, %d
  store i32 %q, ptr %out
  ret void
}

; ---- shl / mul by a constant, or, and with a bounded operand ----
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, (ntid.x-1)*4] checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, (ntid.x-1)*3+ntid.x-1] checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, n] checked at launch
; REM-NEXT: kernel 'shl_or_and' cloned
define ptx_kernel void @shl_or_and(ptr %out, ptr %in, i32 %n, i32 %d) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ld = load i32, ptr %in
  %a = shl i32 %tid, 2
  %q1 = sdiv i32 %a, %d
  store i32 %q1, ptr %out
  %b = mul i32 %tid, 3
  %o = or i32 %b, %tid
  %q2 = sdiv i32 %o, %d
  store i32 %q2, ptr %out
  %m = and i32 %ld, %n
  %q3 = sdiv i32 %m, %d
  store i32 %q3, ptr %out
  ret void
}

; Negative: shl by a non-constant amount, xor with a loaded value.
; REM: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, divisor > 0 checked at launch{{$}}
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'shl_or_and_neg' cloned
define ptx_kernel void @shl_or_and_neg(ptr %out, ptr %in, i32 %n, i32 %d) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ld = load i32, ptr %in
  %a = shl i32 %tid, %n
  %q1 = sdiv i32 %a, %d
  store i32 %q1, ptr %out
  %m = xor i32 %ld, %n
  %q3 = sdiv i32 %m, %d
  store i32 %q3, ptr %out
  ret void
}

; ---- udiv / sdiv / urem / srem by invariants (chains (idx / W) % H) ----
; (udiv tid, W is >= 0 at compile time already: md_range.)
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, nctaid.x*ntid.x) checked at launch
; REM-NEXT: srem i32 by launch-invariant divisor #1 -> {{.*}}, dividend in [0, (nctaid.x*ntid.x-1)/W] checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #2 -> {{.*}}, dividend in [0, H) checked at launch
; REM-NEXT: urem i32 by launch-invariant divisor #3 -> magic u32 multiply-high{{$}}
; REM-NEXT: sdiv i32 by launch-invariant divisor #2 -> {{.*}}, dividend in [0, W) checked at launch
; REM-NEXT: udiv i32 by launch-invariant divisor #3 -> magic u32 multiply-high{{$}}
; REM-NEXT: sdiv i32 by launch-invariant divisor #2 -> magic s32 multiply-high, dividend >= 0, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'chains' cloned
; DESC-LABEL: descriptor @chains__magicdiv_desc
; DESC: 1 requirement{{$}}
; idx's bound only.  W > 0 for idx / W (the guard zext(W) <= 2^31-1) and
; H <= 2^31 for h srem H (h < H) are implied by W's and H's own launch
; checks (s32 positive divisors: the clone runs only if W, H > 0) and not
; written; with no-positive-divisors they are (POS).  The srem's dividend
; idx / W >= 0 follows from idx's bound ((P-1)/W <= P-1): pruned.
; DESC-NEXT: divisor
; DESC: requirement 0: launch.nctaid.x zext.i32.i64 launch.ntid.x zext.i32.i64 mul.i64.nuw const.i64.2147483648 icmp.ule.i64{{$}}
; POS-LABEL: descriptor @chains__magicdiv_desc
; POS: 3 requirements
; POS: requirement 1: arg2:i32 zext.i32.i64 const.i64.2147483647 icmp.ule.i64{{$}}
define ptx_kernel void @chains(ptr %out, i32 %d, i32 %W, i32 %H) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %ctaid, %ntid
  %idx = add i32 %m, %tid
  %w = sdiv i32 %idx, %W
  %h = srem i32 %w, %H
  store i32 %h, ptr %out
  %q1 = sdiv i32 %h, %d
  store i32 %q1, ptr %out
  %u = urem i32 %idx, %W
  %q2 = sdiv i32 %u, %d
  store i32 %q2, ptr %out
  %v = udiv i32 %tid, %W
  %q3 = sdiv i32 %v, %d
  store i32 %q3, ptr %out
  ret void
}

; Negative: srem/sdiv of a dividend of unknown sign, udiv of an unbounded
; value by a non-invariant divisor.
; REM: srem i32 by launch-invariant divisor #0 -> {{.*}}, divisor > 0 checked at launch{{$}}
; REM-NEXT: sdiv i32 by launch-invariant divisor #1 -> {{.*}}, divisor > 0 checked at launch{{$}}
; REM-NEXT: sdiv i32 by launch-invariant divisor #1 -> {{.*}}, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'chains_neg' cloned
define ptx_kernel void @chains_neg(ptr %out, ptr %in, i32 %d, i32 %H) {
  %ld = load i32, ptr %in
  %ld2 = load i32, ptr %out
  %h = srem i32 %ld, %H
  store i32 %h, ptr %out
  %q1 = sdiv i32 %h, %d
  store i32 %q1, ptr %out
  %v = udiv i32 %ld, %ld2
  %q3 = sdiv i32 %v, %d
  store i32 %q3, ptr %out
  ret void
}

; ---- select, min/max, PHI of bounded values ----
; (smax(tid, n) is >= 0 at compile time: md_range.)
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, max(n, ntid.x-1)] checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, n] checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, dividend >= 0, divisor > 0 checked at launch{{$}}
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, max(n, ntid.x-1)] checked at launch
; DESC-LABEL: descriptor @merge__magicdiv_desc
; DESC: 1 requirement
; (n <= 2^31-1, for umin(ld, n), is implied by the max and pruned)
; DESC: requirement 0: launch.ntid.x zext.i32.i64 const.i64.1 sub.i64.nuw arg2:i32 zext.i32.i64 umax.i64 const.i64.2147483647 icmp.ule.i64{{$}}
; REM-NEXT: kernel 'merge' cloned
define ptx_kernel void @merge(ptr %out, ptr %in, i32 %n, i32 %d, i1 %c) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ld = load i32, ptr %in
  %s = select i1 %c, i32 %tid, i32 %n
  %q1 = sdiv i32 %s, %d
  store i32 %q1, ptr %out
  %mn = call i32 @llvm.umin.i32(i32 %ld, i32 %n)
  %q2 = sdiv i32 %mn, %d
  store i32 %q2, ptr %out
  %mx = call i32 @llvm.smax.i32(i32 %tid, i32 %n)
  %q3 = sdiv i32 %mx, %d
  store i32 %q3, ptr %out
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %p = phi i32 [ %tid, %a ], [ %n, %b ]
  %q4 = sdiv i32 %p, %d
  store i32 %q4, ptr %out
  ret void
}

; Negative: one arm / operand unbounded (a load).
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, divisor > 0 checked at launch{{$}}
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, divisor > 0 checked at launch{{$}}
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'merge_neg' cloned
define ptx_kernel void @merge_neg(ptr %out, ptr %in, i32 %n, i32 %d, i1 %c) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ld = load i32, ptr %in
  %s = select i1 %c, i32 %tid, i32 %ld
  %q1 = sdiv i32 %s, %d
  store i32 %q1, ptr %out
  %mn = call i32 @llvm.smin.i32(i32 %ld, i32 %n)
  %q2 = sdiv i32 %mn, %d
  store i32 %q2, ptr %out
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %p = phi i32 [ %tid, %a ], [ %ld, %b ]
  %q4 = sdiv i32 %p, %d
  store i32 %q4, ptr %out
  ret void
}

; ---- dominating conditions on a loaded value ----
; x <u n: [0, n).  (x >= 0 && x < n is >= 0 at compile time: md_range; the
; signed condition with a launch-checked x >= 0 is in idx2d and gridstride.)
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, n) checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> magic s32 multiply-high, dividend >= 0, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'cond' cloned
; DESC-LABEL: descriptor @cond__magicdiv_desc
; DESC: requirement 0: arg2:i32 zext.i32.i64 const.i64.2147483648 icmp.ule.i64{{$}}
define ptx_kernel void @cond(ptr %out, ptr %in, i32 %n, i32 %d) {
entry:
  %x = load i32, ptr %in
  %c = icmp ult i32 %x, %n
  br i1 %c, label %a, label %b
a:
  %q1 = sdiv i32 %x, %d
  store i32 %q1, ptr %out
  br label %b
b:
  %y = load i32, ptr %out
  %c1 = icmp sgt i32 %y, -1
  br i1 %c1, label %c2b, label %done
c2b:
  %c2 = icmp slt i32 %y, %n
  br i1 %c2, label %body, label %done
body:
  %q2 = sdiv i32 %y, %d
  store i32 %q2, ptr %out
  br label %done
done:
  ret void
}

; Negative: x <s n alone (x may be negative); the condition on the other
; edge (x >=u n).
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, divisor > 0 checked at launch{{$}}
; REM-NEXT: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'cond_neg' cloned
define ptx_kernel void @cond_neg(ptr %out, ptr %in, i32 %n, i32 %d) {
entry:
  %x = load i32, ptr %in
  %c = icmp slt i32 %x, %n
  br i1 %c, label %a, label %b
a:
  %q1 = sdiv i32 %x, %d
  store i32 %q1, ptr %out
  br label %b
b:
  %y = load i32, ptr %out
  %c2 = icmp ult i32 %y, %n
  br i1 %c2, label %done, label %body
body:
  %q2 = sdiv i32 %y, %d
  store i32 %q2, ptr %out
  br label %done
done:
  ret void
}

; ---- grid-stride loop (rotated, as clang -O2 emits it) ----
; i < n on both edges into the body; i >= 0 by induction, with the
; requirements start (idx) <= 2^31-1 and (n - 1) + stride <= 2^31 - 1
; (the stride as the kernel computes it: an i32 product); n <= 2^31 is
; implied by the latter and pruned.
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, n) checked at launch
; REM-NEXT: kernel 'gridstride' cloned
; DESC-LABEL: descriptor @gridstride__magicdiv_desc
; DESC: requirement 0: launch.nctaid.x launch.ntid.x mul.i32 zext.i32.i64 arg1:i32 zext.i32.i64 const.i64.1 sub.i64.nuw add.i64.nuw const.i64.2147483647 icmp.ule.i64{{$}}
; DESC-NEXT: requirement 1: launch.nctaid.x zext.i32.i64 launch.ntid.x zext.i32.i64 mul.i64.nuw const.i64.2147483648 icmp.ule.i64{{$}}
define ptx_kernel void @gridstride(ptr %out, i32 %n, i32 %d) {
entry:
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nct = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %m = mul i32 %ctaid, %ntid
  %i0 = add i32 %m, %tid
  %stride = mul i32 %nct, %ntid
  %c0 = icmp slt i32 %i0, %n
  br i1 %c0, label %body, label %done
body:
  %i = phi i32 [ %i0, %entry ], [ %inc, %body ]
  %q = sdiv i32 %i, %d
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %q, ptr %p
  %inc = add nsw i32 %i, %stride
  %c = icmp slt i32 %inc, %n
  br i1 %c, label %body, label %done
done:
  ret void
}

; Negative: a loaded (not invariant, unbounded) stride: i >= 0 unproven.
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'gridstride_neg' cloned
define ptx_kernel void @gridstride_neg(ptr %out, ptr %in, i32 %n, i32 %d) {
entry:
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %ctaid, %ntid
  %i0 = add i32 %m, %tid
  %stride = load i32, ptr %in
  %c0 = icmp slt i32 %i0, %n
  br i1 %c0, label %body, label %done
body:
  %i = phi i32 [ %i0, %entry ], [ %inc, %body ]
  %q = sdiv i32 %i, %d
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %q, ptr %p
  %inc = add nsw i32 %i, %stride
  %c = icmp slt i32 %inc, %n
  br i1 %c, label %body, label %done
done:
  ret void
}

; ---- 64 bits: the u32 core under "dividend and divisor < 2^32" ----
; size_t idx = (size_t)blockIdx.x * blockDim.x + threadIdx.x; also signed,
; and an i64 grid-stride loop with an unsigned condition (i < n: no
; induction needed).
; REM: udiv i64 by launch-invariant divisor #0 -> magic u32 multiply-high, dividend in [0, nctaid.x*ntid.x) and divisor < 2^32 checked at launch
; REM-NEXT: srem i64 by launch-invariant divisor #0 -> magic u32 multiply-high, dividend in [0, nctaid.x*ntid.x) and divisor < 2^32 checked at launch
; REM-NEXT: kernel 'wide' cloned
; DESC-LABEL: descriptor @wide__magicdiv_desc
; DESC: divisor 0: u32 extra 0-2: arg1:i64 trunc.i64.i32
; DESC: requirement 0: launch.nctaid.x zext.i32.i64 launch.ntid.x zext.i32.i64 mul.i64.nuw const.i64.4294967296 icmp.ule.i64{{$}}
; DESC-NEXT: requirement 1: arg1:i64 const.i64.4294967295 icmp.ule.i64{{$}}
; IR-LABEL: define ptx_kernel void @wide__magicdiv(
; IR: %md.n.narrow = trunc i64 %idx to i32
; IR: ret void
define ptx_kernel void @wide(ptr %out, i64 %d) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %c64 = zext i32 %ctaid to i64
  %n64 = zext i32 %ntid to i64
  %t64 = zext i32 %tid to i64
  %m = mul nuw nsw i64 %c64, %n64
  %idx = add nuw nsw i64 %m, %t64
  %q = udiv i64 %idx, %d
  store i64 %q, ptr %out
  %r = srem i64 %idx, %d
  store i64 %r, ptr %out
  ret void
}

; REM: udiv i64 by launch-invariant divisor #0 -> magic u32 multiply-high, dividend in [0, n) and divisor < 2^32 checked at launch
; REM-NEXT: kernel 'wide_loop' cloned
; DESC-LABEL: descriptor @wide_loop__magicdiv_desc
; DESC: requirement 0: arg1:i64 const.i64.4294967296 icmp.ule.i64{{$}}
; DESC-NEXT: requirement 1: arg2:i64 const.i64.4294967295 icmp.ule.i64{{$}}
define ptx_kernel void @wide_loop(ptr %out, i64 %n, i64 %d, i64 %step) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %tid to i64
  %c0 = icmp ult i64 %t64, %n
  br i1 %c0, label %body, label %done
body:
  %i = phi i64 [ %t64, %entry ], [ %inc, %body ]
  %q = udiv i64 %i, %d
  %p = getelementptr i64, ptr %out, i64 %i
  store i64 %q, ptr %p
  %inc = add i64 %i, %step
  %c = icmp ult i64 %inc, %n
  br i1 %c, label %body, label %done
done:
  ret void
}

; Negative: idx + a loaded 64-bit value (unbounded): the u64 form stays.
; REM: udiv i64 by launch-invariant divisor #0 -> magic u64 multiply-high{{$}}
; REM-NEXT: kernel 'wide_neg' cloned
define ptx_kernel void @wide_neg(ptr %out, ptr %in, i64 %d) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %tid to i64
  %ld = load i64, ptr %in
  %x = add i64 %t64, %ld
  %q = udiv i64 %x, %d
  store i64 %q, ptr %out
  ret void
}

; ---- sext / trunc ----
; sext needs idx >= 0 (its bound <= 2^31 - 1: a guard); trunc keeps it.
; DESC-LABEL: descriptor @casts__magicdiv_desc
; (the i64 site's nctaid*ntid <= 2^32 is implied by the sext guard's
; nctaid*ntid <= 2^31, and pruned)
; DESC: 2 requirements
; DESC: requirement 0: launch.nctaid.x zext.i32.i64 launch.ntid.x zext.i32.i64 mul.i64.nuw const.i64.2147483648 icmp.ule.i64{{$}}
; DESC-NEXT: requirement 1: arg1:i64 const.i64.4294967295 icmp.ule.i64{{$}}
; REM: udiv i64 by launch-invariant divisor #0 -> magic u32 multiply-high, dividend in [0, nctaid.x*ntid.x) and divisor < 2^32 checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #1 -> {{.*}}, dividend in [0, nctaid.x*ntid.x) checked at launch
; REM-NEXT: kernel 'casts' cloned
define ptx_kernel void @casts(ptr %out, i64 %d, i32 %e) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %ctaid, %ntid
  %idx = add i32 %m, %tid
  %s = sext i32 %idx to i64
  %q = udiv i64 %s, %d
  store i64 %q, ptr %out
  %t = trunc i64 %s to i32
  %q2 = sdiv i32 %t, %e
  store i32 %q2, ptr %out
  ret void
}

; Negative: sext of a loaded value.
; REM: udiv i64 by launch-invariant divisor #0 -> magic u64 multiply-high{{$}}
; REM-NEXT: kernel 'casts_neg' cloned
define ptx_kernel void @casts_neg(ptr %out, ptr %in, i64 %d) {
  %ld = load i32, ptr %in
  %s = sext i32 %ld to i64
  %q = udiv i64 %s, %d
  store i64 %q, ptr %out
  ret void
}

; The narrowed i64 site in the PTX has one mul.wide.u32, no 64-bit divide or
; 64-bit multiply-high.
; RUN: %llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 %t.ll -o %t.ptx
; RUN: awk '/^.visible .entry wide__magicdiv\(/,/^}/' %t.ptx | %FileCheck %s --check-prefix=PTX
; PTX: mul.wide.u32
; PTX-NOT: {{div|rem}}.{{[su]}}64
; PTX-NOT: mul.hi.u64
; PTX: ret;

; ---- x - (x / d) * d (instcombine's remainder) and freeze ----
; rest = idx - (idx / D) * D is idx srem D (idx >= 0): [0, D); frozen, as
; LLVM leaves it before the next division: never poison (no flags, noundef
; arguments), so freeze(rest) = rest.  An nsw product of arguments that
; may be poison is accepted with the launch condition "not poison"
; (ND <= 2^64-1, false only for poison).
; (The "not poison" condition on ND is pruned: "ND <= 2^31" evaluates ND
; too, and fails for poison; ND is also a divisor, whose evaluation
; falls back on poison.)
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, nctaid.x*ntid.x) checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #1 -> {{.*}}, dividend in [0, D) checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #2 -> {{.*}}, dividend in [0, nctaid.x*ntid.x) checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #3 -> {{.*}}, dividend in [0, inv) checked at launch
; REM-NEXT: kernel 'remshape' cloned
; DESC-LABEL: descriptor @remshape__magicdiv_desc
; (D <= 2^31 and N*D <= 2^31, for the remainders' bounds, are implied by
; D and N*D being positive divisors; POS keeps them.)
; DESC: 1 requirement{{$}}
; DESC: requirement 0: launch.nctaid.x zext.i32.i64 launch.ntid.x zext.i32.i64 mul.i64.nuw const.i64.2147483648 icmp.ule.i64{{$}}
; POS-LABEL: descriptor @remshape__magicdiv_desc
; POS: requirement 1: arg2:i32 zext.i32.i64 const.i64.2147483648 icmp.ule.i64{{$}}
; POS-NEXT: requirement 2: arg3:i32 arg2:i32 mul.i32.nsw zext.i32.i64 const.i64.2147483648 icmp.ule.i64{{$}}
define ptx_kernel void @remshape(ptr %out, i32 noundef %d, i32 noundef %D, i32 noundef %N) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %ctaid, %ntid
  %idx = add i32 %m, %tid
  %q = sdiv i32 %idx, %D
  %qd = mul i32 %q, %D
  %rest = sub i32 %idx, %qd
  %fr = freeze i32 %rest
  %q2 = sdiv i32 %fr, %d
  store i32 %q2, ptr %out
  %ND = mul nsw i32 %N, %D
  %q3 = sdiv i32 %idx, %ND
  %q3d = mul i32 %q3, %ND
  %r3 = sub i32 %idx, %q3d
  %f3 = freeze i32 %r3
  %q4 = sdiv i32 %f3, %N
  store i32 %q4, ptr %out
  ret void
}

; Negative: x - (y / d) * d with y != x; freeze of a value that may be
; poison (an argument without noundef).
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, nctaid.x*ntid.x) checked at launch
; REM-NEXT: sdiv i32 by launch-invariant divisor #1 -> {{.*}}, divisor > 0 checked at launch{{$}}
; REM-NEXT: urem i32 by launch-invariant divisor #2 -> magic u32 multiply-high{{$}}
; REM-NEXT: sdiv i32 by launch-invariant divisor #1 -> {{.*}}, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'remshape_neg' cloned
define ptx_kernel void @remshape_neg(ptr %out, i32 noundef %d, i32 noundef %D, i32 %u) {
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %ctaid, %ntid
  %idx = add i32 %m, %tid
  %q = sdiv i32 %idx, %D
  %qd = mul i32 %q, %D
  %rest = sub i32 %tid, %qd
  %q2 = sdiv i32 %rest, %d
  store i32 %q2, ptr %out
  %t = urem i32 %tid, %u
  %fr = freeze i32 %t
  %q4 = sdiv i32 %fr, %d
  store i32 %q4, ptr %out
  ret void
}

; ---- freeze of a grid-stride PHI (64-bit, as in vol2col) ----
; Each incoming value was compared and branched on before its edge, so
; the PHI is not poison and freeze(i) = i; i < n on both edges (i >= 0
; at compile time here: nsw adds of values >= 0).
; REM: sdiv i64 by launch-invariant divisor #0 -> magic u32 multiply-high, dividend in [0, n) and divisor < 2^32 checked at launch
; REM-NEXT: kernel 'frozen_phi' cloned
define ptx_kernel void @frozen_phi(ptr %out, i64 noundef %n, i32 noundef %w) {
entry:
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %nct = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %c64 = zext i32 %ctaid to i64
  %n64 = zext i32 %ntid to i64
  %t64 = zext i32 %tid to i64
  %g64 = zext i32 %nct to i64
  %m = mul nuw nsw i64 %c64, %n64
  %i0 = add nuw nsw i64 %m, %t64
  %stride = mul nuw nsw i64 %g64, %n64
  %w64 = sext i32 %w to i64
  %c0 = icmp slt i64 %i0, %n
  br i1 %c0, label %ph, label %done
ph:
  br label %body
body:
  %i = phi i64 [ %i0, %ph ], [ %inc, %body ]
  %fi = freeze i64 %i
  %fw = freeze i64 %w64
  %q = sdiv i64 %fi, %fw
  %p = getelementptr i64, ptr %out, i64 %i
  store i64 %q, ptr %p
  %inc = add nsw i64 %i, %stride
  %c = icmp slt i64 %inc, %n
  br i1 %c, label %body, label %done
done:
  ret void
}

; Negative: the back edge's value is not compared (the loop tests another
; value), so the PHI may be poison (and is not bounded either).
; REM: sdiv i64 by launch-invariant divisor #0 -> magic s64 multiply-high, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'frozen_phi_neg' cloned
define ptx_kernel void @frozen_phi_neg(ptr %out, i64 noundef %n, i64 noundef %w, i64 %s) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %tid to i64
  %c0 = icmp slt i64 %t64, %n
  br i1 %c0, label %body, label %done
body:
  %i = phi i64 [ %t64, %entry ], [ %inc, %body ]
  %k = phi i64 [ 0, %entry ], [ %k1, %body ]
  %fi = freeze i64 %i
  %q = sdiv i64 %fi, %w
  %p = getelementptr i64, ptr %out, i64 %k
  store i64 %q, ptr %p
  %inc = add nsw i64 %i, %s
  %k1 = add i64 %k, 1
  %c = icmp slt i64 %k1, %n
  br i1 %c, label %body, label %done
done:
  ret void
}

; ---- a loop widened by indvars: the PHI takes sext(i0), the guard tests i0 ----
; unsigned(sext x) = unsigned(x) once x >= 0; i0 < n on the entry edge.
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, dividend in [0, n) checked at launch
; REM-NEXT: kernel 'widened' cloned
define ptx_kernel void @widened(ptr %out, i32 %n, i32 %d, i64 %step) {
entry:
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %ctaid, %ntid
  %i0 = add i32 %m, %tid
  %c0 = icmp slt i32 %i0, %n
  br i1 %c0, label %ph, label %done
ph:
  %s0 = sext i32 %i0 to i64
  %n64 = sext i32 %n to i64
  br label %body
body:
  %i = phi i64 [ %s0, %ph ], [ %inc, %body ]
  %t = trunc nsw i64 %i to i32
  %q = sdiv i32 %t, %d
  %p = getelementptr i32, ptr %out, i64 %i
  store i32 %q, ptr %p
  %inc = add nsw i64 %i, %step
  %c = icmp slt i64 %inc, %n64
  br i1 %c, label %body, label %done
done:
  ret void
}

; Negative: the PHI takes zext(i0) of a signed guard i0 <s n (a negative
; i0 passes the guard and its zext is large): refused.
; REM: sdiv i32 by launch-invariant divisor #0 -> {{.*}}, divisor > 0 checked at launch{{$}}
; REM-NEXT: kernel 'widened_neg' cloned
define ptx_kernel void @widened_neg(ptr %out, ptr %in, i32 %n, i32 %d, i64 %step) {
entry:
  %i0 = load i32, ptr %in
  %c0 = icmp slt i32 %i0, %n
  br i1 %c0, label %ph, label %done
ph:
  %s0 = zext i32 %i0 to i64
  %n64 = sext i32 %n to i64
  br label %body
body:
  %i = phi i64 [ %s0, %ph ], [ %inc, %body ]
  %t = trunc i64 %i to i32
  %q = sdiv i32 %t, %d
  %p = getelementptr i32, ptr %out, i64 %i
  store i32 %q, ptr %p
  %inc = add nsw i64 %i, %step
  %c = icmp slt i64 %inc, %n64
  br i1 %c, label %body, label %done
done:
  ret void
}
