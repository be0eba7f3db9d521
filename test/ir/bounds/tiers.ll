; Tiers (plugin/device/md_tiers.c): a kernel whose clone bets on the sign
; of a value that reads an argument (pad: pos = idx - 3*pad >= 0) also gets
; K__magicdiv_plain, built without launch bets, with its own descriptor (no
; requirements, no div32); a kernel whose bets are that 64-bit values fit
; 32 bits (wide: d < 2^32) gets one only with tiers-wide -- by default a
; launch where that bet fails runs the original (remark TierSkipped); a
; kernel whose requirements involve only the launch geometry, or that bets
; nothing, gets exactly one clone.  no-tiers (and no-launch-ranges) build
; one clone per kernel.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s -o %t.ll \
; RUN:   -pass-remarks=magicdiv -pass-remarks-analysis=magicdiv 2>%t.rem
; RUN: %FileCheck %s --check-prefix=REM < %t.rem
; RUN: %FileCheck %s --check-prefix=IR < %t.ll
; RUN: %bin/md-desc-dump %t.ll | %FileCheck %s --check-prefix=DESC
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<tiers-wide>' -S %s \
; RUN:   -o %tw.ll -pass-remarks=magicdiv 2>%tw.rem
; RUN: %FileCheck %s --check-prefix=WIDE < %tw.ll
; RUN: %FileCheck %s --check-prefix=WIDEREM < %tw.rem
; RUN: %bin/md-desc-dump %tw.ll | %FileCheck %s --check-prefix=WIDEDESC
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-tiers>' -S %s \
; RUN:   | %FileCheck %s --check-prefix=OFF
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv<no-launch-ranges>' -S %s \
; RUN:   | %FileCheck %s --check-prefix=OFF
; Running the pass again leaves the module as it is (both names reserved).
; RUN: %opt -load-pass-plugin=%plugin -passes=magicdiv -S %t.ll | grep -v ModuleID > %t2.ll
; RUN: grep -v ModuleID %t.ll > %t1.ll
; RUN: diff %t1.ll %t2.ll

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; REM-DAG: kernel 'geo': one clone: its launch requirements involve only the launch geometry
; REM-DAG: kernel 'pad' also cloned as 'pad__magicdiv_plain' without launch bets (1 requirement(s) on arguments, 0 divisor(s) assumed below 2^32)
; REM-DAG: kernel 'wide': one clone: its bets on arguments (1 value(s) assumed below 2^32, 0 divisor(s) assumed below 2^32) fail only for tensors of 2^32 elements or more and 64-bit divisors of 2^32 or more, where the original runs (option tiers-wide builds a plain clone for them)
; REM-NOT: kernel 'none'{{.*}}clone:
; REM-NOT: kernel 'geo' also cloned

; IR-DAG: define ptx_kernel void @geo__magicdiv(
; IR-DAG: define ptx_kernel void @pad__magicdiv(
; IR-DAG: define ptx_kernel void @pad__magicdiv_plain(
; IR-DAG: define ptx_kernel void @none__magicdiv(
; IR-DAG: define ptx_kernel void @wide__magicdiv(
; IR-DAG: @llvm.used = {{.*}}@pad__magicdiv_plain_desc{{.*}}@pad__magicdiv_plain
; IR-NOT: @geo__magicdiv_plain
; IR-NOT: @none__magicdiv_plain
; IR-NOT: @wide__magicdiv_plain

; WIDE-DAG: define ptx_kernel void @pad__magicdiv_plain(
; WIDE-DAG: define ptx_kernel void @wide__magicdiv_plain(
; WIDEREM: kernel 'wide' also cloned as 'wide__magicdiv_plain' without launch bets (1 requirement(s) on arguments, 0 divisor(s) assumed below 2^32)

; DESC-LABEL: descriptor @geo__magicdiv_desc
; DESC-NEXT: 1 divisors, 3 magic params, 1 requirement
; DESC-LABEL: descriptor @pad__magicdiv_desc
; DESC: requirement 0: {{.*}}arg2:i32
; DESC-NEXT: descriptor @pad__magicdiv_plain_desc
; DESC-NEXT: 1 divisors, 3 magic params, 0 requirements
; DESC-NEXT: divisor 0: s32 positive extra 0-2: arg2:i32 arg1:i32 add.i32.nsw
; DESC-LABEL: descriptor @none__magicdiv_desc
; DESC-NEXT: 0 requirements
; DESC-LABEL: descriptor @wide__magicdiv_desc
; DESC: divisor 0: u32 extra 0-2: arg1:i64 trunc.i64.i32
; DESC: requirement 1: arg1:i64 const.i64.4294967295 icmp.ule.i64
; DESC-NOT: descriptor @wide__magicdiv_plain_desc

; WIDEDESC-LABEL: descriptor @wide__magicdiv_desc
; WIDEDESC: divisor 0: u32 extra 0-2: arg1:i64 trunc.i64.i32
; WIDEDESC: requirement 1: arg1:i64 const.i64.4294967295 icmp.ule.i64
; WIDEDESC-NEXT: descriptor @wide__magicdiv_plain_desc
; WIDEDESC-NEXT: 0 requirements
; WIDEDESC-NEXT: divisor 0: u64 extra 0-2: arg1:i64

; OFF-NOT: __magicdiv_plain

; idx / d: requires only nctaid.x * ntid.x <= 2^31.
define ptx_kernel void @geo(ptr %out, i32 %d) {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %c, %n
  %idx = add i32 %m, %t
  %q = sdiv i32 %idx, %d
  %p = getelementptr i32, ptr %out, i32 %idx
  store i32 %q, ptr %p
  ret void
}

; pos = idx - 3*pad; pos / (n + pad), pos % (n + pad): requires pos >= 0,
; a fact about the argument pad.
define ptx_kernel void @pad(ptr %out, i32 %n, i32 %pad) {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %m = mul i32 %c, %b
  %idx = add i32 %m, %t
  %p3 = mul i32 %pad, -3
  %pos = add i32 %p3, %idx
  %d = add nsw i32 %pad, %n
  %q = sdiv i32 %pos, %d
  %r = srem i32 %pos, %d
  %o = shl nsw i32 %idx, 1
  %pq = getelementptr i32, ptr %out, i32 %o
  store i32 %q, ptr %pq
  %pr = getelementptr i32, ptr %pq, i32 1
  store i32 %r, ptr %pr
  ret void
}

; no bet: one clone, no requirements
define ptx_kernel void @none(ptr %out, i32 %n, i32 %d) {
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out
  ret void
}

; 64-bit idx % d: the u32 core, requires d < 2^32 (an argument)
define ptx_kernel void @wide(ptr %out, i64 %d) {
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %c64 = zext i32 %c to i64
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b64 = zext i32 %b to i64
  %m = mul nuw nsw i64 %c64, %b64
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %idx = add nuw nsw i64 %m, %t64
  %r = urem i64 %idx, %d
  %p = getelementptr i64, ptr %out, i64 %idx
  store i64 %r, ptr %p
  ret void
}
