; The benefit model (plugin/device/md_benefit.c): a kernel is cloned only
; when its transformed divisions save an estimated min-gain percent (default
; 2) of its work -- instructions weighed by 8^(loop depth), division sites
; at their measured native and magic costs -- or of the work of a loop that
; holds one, or 5 times min-gain of its code with every loop counted once
; (short window loops).  A kernel left alone gets a MinGain remark with the
; estimate.
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
; REM-DAG: kernel 'heavy' left alone: estimated saving 0.1{{[0-9]+}} % of the kernel's work (1 division site(s), 0 in a loop; 0.00 % of the busiest loop with one; 5.{{[0-9]+}} % of its code), threshold 2 % (of its code: 10 %; option min-gain=)
; REM-DAG: kernel 'window': 3 division site(s) with a launch-invariant divisor, cloned (estimated saving 0.{{[0-9]+}} %)
; REM-DAG: kernel 'loopdiv': 1 division site(s) with a launch-invariant divisor, cloned (estimated saving {{[0-9.]+}} %)
; REM-DAG: kernel 'callee': 1 division site(s) with a launch-invariant divisor, cloned (estimated saving {{[0-9.]+}} %)
; REM-DAG: kernel 'callee_heavy' left alone: estimated saving 0.1{{[0-9]+}} % of the kernel's work (1 division site(s), 0 in a loop;
; GAIN100: kernel 'loopdiv' left alone: estimated saving 0.{{[0-9]+}} % of the kernel's work (1 division site(s), 1 in a loop; 50.00 % of the busiest loop with one; 3.04 % of its code), threshold 100 %
; REM-DAG: kernel 'callee_loop': 1 division site(s) with a launch-invariant divisor, cloned (estimated saving {{[0-9.]+}} %)
; REM-NOT: kernel 'loopdiv' left alone

; IR-DAG: define ptx_kernel void @index__magicdiv(
; IR-DAG: define ptx_kernel void @window__magicdiv(
; IR-DAG: define ptx_kernel void @loopdiv__magicdiv(
; IR-DAG: define ptx_kernel void @callee__magicdiv(
; IR-DAG: define ptx_kernel void @callee_loop__magicdiv(
; IR-DAG: define internal i32 @helper.magicdiv.
; IR-NOT: @heavy__magicdiv(
; IR-NOT: @callee_heavy__magicdiv(

; ALL-DAG: define ptx_kernel void @index__magicdiv(
; ALL-DAG: define ptx_kernel void @heavy__magicdiv(
; ALL-DAG: define ptx_kernel void @window__magicdiv(
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

; One division per thread, then a loop nest (depth 2, 200 multiplications
; deep inside): the division is 0.1 % of the estimated work, 5.6 % of the
; code.
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
  %a = phi float [ %acc, %outer ], [ %h199, %inner ]
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
  %h12 = fmul float %h11, 1.5e+00
  %h13 = fmul float %h12, 1.5e+00
  %h14 = fmul float %h13, 1.5e+00
  %h15 = fmul float %h14, 1.5e+00
  %h16 = fmul float %h15, 1.5e+00
  %h17 = fmul float %h16, 1.5e+00
  %h18 = fmul float %h17, 1.5e+00
  %h19 = fmul float %h18, 1.5e+00
  %h20 = fmul float %h19, 1.5e+00
  %h21 = fmul float %h20, 1.5e+00
  %h22 = fmul float %h21, 1.5e+00
  %h23 = fmul float %h22, 1.5e+00
  %h24 = fmul float %h23, 1.5e+00
  %h25 = fmul float %h24, 1.5e+00
  %h26 = fmul float %h25, 1.5e+00
  %h27 = fmul float %h26, 1.5e+00
  %h28 = fmul float %h27, 1.5e+00
  %h29 = fmul float %h28, 1.5e+00
  %h30 = fmul float %h29, 1.5e+00
  %h31 = fmul float %h30, 1.5e+00
  %h32 = fmul float %h31, 1.5e+00
  %h33 = fmul float %h32, 1.5e+00
  %h34 = fmul float %h33, 1.5e+00
  %h35 = fmul float %h34, 1.5e+00
  %h36 = fmul float %h35, 1.5e+00
  %h37 = fmul float %h36, 1.5e+00
  %h38 = fmul float %h37, 1.5e+00
  %h39 = fmul float %h38, 1.5e+00
  %h40 = fmul float %h39, 1.5e+00
  %h41 = fmul float %h40, 1.5e+00
  %h42 = fmul float %h41, 1.5e+00
  %h43 = fmul float %h42, 1.5e+00
  %h44 = fmul float %h43, 1.5e+00
  %h45 = fmul float %h44, 1.5e+00
  %h46 = fmul float %h45, 1.5e+00
  %h47 = fmul float %h46, 1.5e+00
  %h48 = fmul float %h47, 1.5e+00
  %h49 = fmul float %h48, 1.5e+00
  %h50 = fmul float %h49, 1.5e+00
  %h51 = fmul float %h50, 1.5e+00
  %h52 = fmul float %h51, 1.5e+00
  %h53 = fmul float %h52, 1.5e+00
  %h54 = fmul float %h53, 1.5e+00
  %h55 = fmul float %h54, 1.5e+00
  %h56 = fmul float %h55, 1.5e+00
  %h57 = fmul float %h56, 1.5e+00
  %h58 = fmul float %h57, 1.5e+00
  %h59 = fmul float %h58, 1.5e+00
  %h60 = fmul float %h59, 1.5e+00
  %h61 = fmul float %h60, 1.5e+00
  %h62 = fmul float %h61, 1.5e+00
  %h63 = fmul float %h62, 1.5e+00
  %h64 = fmul float %h63, 1.5e+00
  %h65 = fmul float %h64, 1.5e+00
  %h66 = fmul float %h65, 1.5e+00
  %h67 = fmul float %h66, 1.5e+00
  %h68 = fmul float %h67, 1.5e+00
  %h69 = fmul float %h68, 1.5e+00
  %h70 = fmul float %h69, 1.5e+00
  %h71 = fmul float %h70, 1.5e+00
  %h72 = fmul float %h71, 1.5e+00
  %h73 = fmul float %h72, 1.5e+00
  %h74 = fmul float %h73, 1.5e+00
  %h75 = fmul float %h74, 1.5e+00
  %h76 = fmul float %h75, 1.5e+00
  %h77 = fmul float %h76, 1.5e+00
  %h78 = fmul float %h77, 1.5e+00
  %h79 = fmul float %h78, 1.5e+00
  %h80 = fmul float %h79, 1.5e+00
  %h81 = fmul float %h80, 1.5e+00
  %h82 = fmul float %h81, 1.5e+00
  %h83 = fmul float %h82, 1.5e+00
  %h84 = fmul float %h83, 1.5e+00
  %h85 = fmul float %h84, 1.5e+00
  %h86 = fmul float %h85, 1.5e+00
  %h87 = fmul float %h86, 1.5e+00
  %h88 = fmul float %h87, 1.5e+00
  %h89 = fmul float %h88, 1.5e+00
  %h90 = fmul float %h89, 1.5e+00
  %h91 = fmul float %h90, 1.5e+00
  %h92 = fmul float %h91, 1.5e+00
  %h93 = fmul float %h92, 1.5e+00
  %h94 = fmul float %h93, 1.5e+00
  %h95 = fmul float %h94, 1.5e+00
  %h96 = fmul float %h95, 1.5e+00
  %h97 = fmul float %h96, 1.5e+00
  %h98 = fmul float %h97, 1.5e+00
  %h99 = fmul float %h98, 1.5e+00
  %h100 = fmul float %h99, 1.5e+00
  %h101 = fmul float %h100, 1.5e+00
  %h102 = fmul float %h101, 1.5e+00
  %h103 = fmul float %h102, 1.5e+00
  %h104 = fmul float %h103, 1.5e+00
  %h105 = fmul float %h104, 1.5e+00
  %h106 = fmul float %h105, 1.5e+00
  %h107 = fmul float %h106, 1.5e+00
  %h108 = fmul float %h107, 1.5e+00
  %h109 = fmul float %h108, 1.5e+00
  %h110 = fmul float %h109, 1.5e+00
  %h111 = fmul float %h110, 1.5e+00
  %h112 = fmul float %h111, 1.5e+00
  %h113 = fmul float %h112, 1.5e+00
  %h114 = fmul float %h113, 1.5e+00
  %h115 = fmul float %h114, 1.5e+00
  %h116 = fmul float %h115, 1.5e+00
  %h117 = fmul float %h116, 1.5e+00
  %h118 = fmul float %h117, 1.5e+00
  %h119 = fmul float %h118, 1.5e+00
  %h120 = fmul float %h119, 1.5e+00
  %h121 = fmul float %h120, 1.5e+00
  %h122 = fmul float %h121, 1.5e+00
  %h123 = fmul float %h122, 1.5e+00
  %h124 = fmul float %h123, 1.5e+00
  %h125 = fmul float %h124, 1.5e+00
  %h126 = fmul float %h125, 1.5e+00
  %h127 = fmul float %h126, 1.5e+00
  %h128 = fmul float %h127, 1.5e+00
  %h129 = fmul float %h128, 1.5e+00
  %h130 = fmul float %h129, 1.5e+00
  %h131 = fmul float %h130, 1.5e+00
  %h132 = fmul float %h131, 1.5e+00
  %h133 = fmul float %h132, 1.5e+00
  %h134 = fmul float %h133, 1.5e+00
  %h135 = fmul float %h134, 1.5e+00
  %h136 = fmul float %h135, 1.5e+00
  %h137 = fmul float %h136, 1.5e+00
  %h138 = fmul float %h137, 1.5e+00
  %h139 = fmul float %h138, 1.5e+00
  %h140 = fmul float %h139, 1.5e+00
  %h141 = fmul float %h140, 1.5e+00
  %h142 = fmul float %h141, 1.5e+00
  %h143 = fmul float %h142, 1.5e+00
  %h144 = fmul float %h143, 1.5e+00
  %h145 = fmul float %h144, 1.5e+00
  %h146 = fmul float %h145, 1.5e+00
  %h147 = fmul float %h146, 1.5e+00
  %h148 = fmul float %h147, 1.5e+00
  %h149 = fmul float %h148, 1.5e+00
  %h150 = fmul float %h149, 1.5e+00
  %h151 = fmul float %h150, 1.5e+00
  %h152 = fmul float %h151, 1.5e+00
  %h153 = fmul float %h152, 1.5e+00
  %h154 = fmul float %h153, 1.5e+00
  %h155 = fmul float %h154, 1.5e+00
  %h156 = fmul float %h155, 1.5e+00
  %h157 = fmul float %h156, 1.5e+00
  %h158 = fmul float %h157, 1.5e+00
  %h159 = fmul float %h158, 1.5e+00
  %h160 = fmul float %h159, 1.5e+00
  %h161 = fmul float %h160, 1.5e+00
  %h162 = fmul float %h161, 1.5e+00
  %h163 = fmul float %h162, 1.5e+00
  %h164 = fmul float %h163, 1.5e+00
  %h165 = fmul float %h164, 1.5e+00
  %h166 = fmul float %h165, 1.5e+00
  %h167 = fmul float %h166, 1.5e+00
  %h168 = fmul float %h167, 1.5e+00
  %h169 = fmul float %h168, 1.5e+00
  %h170 = fmul float %h169, 1.5e+00
  %h171 = fmul float %h170, 1.5e+00
  %h172 = fmul float %h171, 1.5e+00
  %h173 = fmul float %h172, 1.5e+00
  %h174 = fmul float %h173, 1.5e+00
  %h175 = fmul float %h174, 1.5e+00
  %h176 = fmul float %h175, 1.5e+00
  %h177 = fmul float %h176, 1.5e+00
  %h178 = fmul float %h177, 1.5e+00
  %h179 = fmul float %h178, 1.5e+00
  %h180 = fmul float %h179, 1.5e+00
  %h181 = fmul float %h180, 1.5e+00
  %h182 = fmul float %h181, 1.5e+00
  %h183 = fmul float %h182, 1.5e+00
  %h184 = fmul float %h183, 1.5e+00
  %h185 = fmul float %h184, 1.5e+00
  %h186 = fmul float %h185, 1.5e+00
  %h187 = fmul float %h186, 1.5e+00
  %h188 = fmul float %h187, 1.5e+00
  %h189 = fmul float %h188, 1.5e+00
  %h190 = fmul float %h189, 1.5e+00
  %h191 = fmul float %h190, 1.5e+00
  %h192 = fmul float %h191, 1.5e+00
  %h193 = fmul float %h192, 1.5e+00
  %h194 = fmul float %h193, 1.5e+00
  %h195 = fmul float %h194, 1.5e+00
  %h196 = fmul float %h195, 1.5e+00
  %h197 = fmul float %h196, 1.5e+00
  %h198 = fmul float %h197, 1.5e+00
  %h199 = fmul float %h198, 1.5e+00
  %j1 = add i32 %j, 1
  %cj = icmp slt i32 %j1, %n
  br i1 %cj, label %inner, label %outer.end
outer.end:
  %a.last = phi float [ %h199, %inner ]
  %i1 = add i32 %i, 1
  %ci = icmp slt i32 %i1, %n
  br i1 %ci, label %outer, label %exit
exit:
  store float %a.last, ptr %out
  ret void
}

; An index kernel whose work is a small window: three divisions unpack the
; output index, then a 3-deep nest copies (im2col, vol2col).  8 iterations
; per level make the divisions 0.8 % of the work; they are 45 % of the code.
define ptx_kernel void @window(ptr %out, ptr %in, i32 %w, i32 %h, i32 %c, i32 %k) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %x = urem i32 %t, %w
  %q = udiv i32 %t, %w
  %y = urem i32 %q, %h
  %z = add i32 %x, %y
  br label %l1
l1:
  %i = phi i32 [ 0, %entry ], [ %i1, %l1.end ]
  br label %l2
l2:
  %j = phi i32 [ 0, %l1 ], [ %j1, %l2.end ]
  br label %l3
l3:
  %m = phi i32 [ 0, %l2 ], [ %m1, %l3 ]
  %s = add i32 %z, %m
  %pi = getelementptr float, ptr %in, i32 %s
  %v = load float, ptr %pi
  %po = getelementptr float, ptr %out, i32 %s
  store float %v, ptr %po
  %m1 = add i32 %m, 1
  %cm = icmp slt i32 %m1, %k
  br i1 %cm, label %l3, label %l2.end
l2.end:
  %j1 = add i32 %j, 1
  %cj = icmp slt i32 %j1, %k
  br i1 %cj, label %l2, label %l1.end
l1.end:
  %i1 = add i32 %i, 1
  %ci = icmp slt i32 %i1, %c
  br i1 %ci, label %l1, label %exit
exit:
  ret void
}

; A heavier nest (depth 3), and the division in a loop of its own: 0.05 %
; of the kernel's work and 3 % of its code, but half of its loop's work --
; the loop's share keeps the clone (a division in the loop of an index
; kernel is never dropped).
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
  %b = phi float [ %acc, %outer ], [ %g199, %inner ]
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
  %g12 = fmul float %g11, 1.5e+00
  %g13 = fmul float %g12, 1.5e+00
  %g14 = fmul float %g13, 1.5e+00
  %g15 = fmul float %g14, 1.5e+00
  %g16 = fmul float %g15, 1.5e+00
  %g17 = fmul float %g16, 1.5e+00
  %g18 = fmul float %g17, 1.5e+00
  %g19 = fmul float %g18, 1.5e+00
  %g20 = fmul float %g19, 1.5e+00
  %g21 = fmul float %g20, 1.5e+00
  %g22 = fmul float %g21, 1.5e+00
  %g23 = fmul float %g22, 1.5e+00
  %g24 = fmul float %g23, 1.5e+00
  %g25 = fmul float %g24, 1.5e+00
  %g26 = fmul float %g25, 1.5e+00
  %g27 = fmul float %g26, 1.5e+00
  %g28 = fmul float %g27, 1.5e+00
  %g29 = fmul float %g28, 1.5e+00
  %g30 = fmul float %g29, 1.5e+00
  %g31 = fmul float %g30, 1.5e+00
  %g32 = fmul float %g31, 1.5e+00
  %g33 = fmul float %g32, 1.5e+00
  %g34 = fmul float %g33, 1.5e+00
  %g35 = fmul float %g34, 1.5e+00
  %g36 = fmul float %g35, 1.5e+00
  %g37 = fmul float %g36, 1.5e+00
  %g38 = fmul float %g37, 1.5e+00
  %g39 = fmul float %g38, 1.5e+00
  %g40 = fmul float %g39, 1.5e+00
  %g41 = fmul float %g40, 1.5e+00
  %g42 = fmul float %g41, 1.5e+00
  %g43 = fmul float %g42, 1.5e+00
  %g44 = fmul float %g43, 1.5e+00
  %g45 = fmul float %g44, 1.5e+00
  %g46 = fmul float %g45, 1.5e+00
  %g47 = fmul float %g46, 1.5e+00
  %g48 = fmul float %g47, 1.5e+00
  %g49 = fmul float %g48, 1.5e+00
  %g50 = fmul float %g49, 1.5e+00
  %g51 = fmul float %g50, 1.5e+00
  %g52 = fmul float %g51, 1.5e+00
  %g53 = fmul float %g52, 1.5e+00
  %g54 = fmul float %g53, 1.5e+00
  %g55 = fmul float %g54, 1.5e+00
  %g56 = fmul float %g55, 1.5e+00
  %g57 = fmul float %g56, 1.5e+00
  %g58 = fmul float %g57, 1.5e+00
  %g59 = fmul float %g58, 1.5e+00
  %g60 = fmul float %g59, 1.5e+00
  %g61 = fmul float %g60, 1.5e+00
  %g62 = fmul float %g61, 1.5e+00
  %g63 = fmul float %g62, 1.5e+00
  %g64 = fmul float %g63, 1.5e+00
  %g65 = fmul float %g64, 1.5e+00
  %g66 = fmul float %g65, 1.5e+00
  %g67 = fmul float %g66, 1.5e+00
  %g68 = fmul float %g67, 1.5e+00
  %g69 = fmul float %g68, 1.5e+00
  %g70 = fmul float %g69, 1.5e+00
  %g71 = fmul float %g70, 1.5e+00
  %g72 = fmul float %g71, 1.5e+00
  %g73 = fmul float %g72, 1.5e+00
  %g74 = fmul float %g73, 1.5e+00
  %g75 = fmul float %g74, 1.5e+00
  %g76 = fmul float %g75, 1.5e+00
  %g77 = fmul float %g76, 1.5e+00
  %g78 = fmul float %g77, 1.5e+00
  %g79 = fmul float %g78, 1.5e+00
  %g80 = fmul float %g79, 1.5e+00
  %g81 = fmul float %g80, 1.5e+00
  %g82 = fmul float %g81, 1.5e+00
  %g83 = fmul float %g82, 1.5e+00
  %g84 = fmul float %g83, 1.5e+00
  %g85 = fmul float %g84, 1.5e+00
  %g86 = fmul float %g85, 1.5e+00
  %g87 = fmul float %g86, 1.5e+00
  %g88 = fmul float %g87, 1.5e+00
  %g89 = fmul float %g88, 1.5e+00
  %g90 = fmul float %g89, 1.5e+00
  %g91 = fmul float %g90, 1.5e+00
  %g92 = fmul float %g91, 1.5e+00
  %g93 = fmul float %g92, 1.5e+00
  %g94 = fmul float %g93, 1.5e+00
  %g95 = fmul float %g94, 1.5e+00
  %g96 = fmul float %g95, 1.5e+00
  %g97 = fmul float %g96, 1.5e+00
  %g98 = fmul float %g97, 1.5e+00
  %g99 = fmul float %g98, 1.5e+00
  %g100 = fmul float %g99, 1.5e+00
  %g101 = fmul float %g100, 1.5e+00
  %g102 = fmul float %g101, 1.5e+00
  %g103 = fmul float %g102, 1.5e+00
  %g104 = fmul float %g103, 1.5e+00
  %g105 = fmul float %g104, 1.5e+00
  %g106 = fmul float %g105, 1.5e+00
  %g107 = fmul float %g106, 1.5e+00
  %g108 = fmul float %g107, 1.5e+00
  %g109 = fmul float %g108, 1.5e+00
  %g110 = fmul float %g109, 1.5e+00
  %g111 = fmul float %g110, 1.5e+00
  %g112 = fmul float %g111, 1.5e+00
  %g113 = fmul float %g112, 1.5e+00
  %g114 = fmul float %g113, 1.5e+00
  %g115 = fmul float %g114, 1.5e+00
  %g116 = fmul float %g115, 1.5e+00
  %g117 = fmul float %g116, 1.5e+00
  %g118 = fmul float %g117, 1.5e+00
  %g119 = fmul float %g118, 1.5e+00
  %g120 = fmul float %g119, 1.5e+00
  %g121 = fmul float %g120, 1.5e+00
  %g122 = fmul float %g121, 1.5e+00
  %g123 = fmul float %g122, 1.5e+00
  %g124 = fmul float %g123, 1.5e+00
  %g125 = fmul float %g124, 1.5e+00
  %g126 = fmul float %g125, 1.5e+00
  %g127 = fmul float %g126, 1.5e+00
  %g128 = fmul float %g127, 1.5e+00
  %g129 = fmul float %g128, 1.5e+00
  %g130 = fmul float %g129, 1.5e+00
  %g131 = fmul float %g130, 1.5e+00
  %g132 = fmul float %g131, 1.5e+00
  %g133 = fmul float %g132, 1.5e+00
  %g134 = fmul float %g133, 1.5e+00
  %g135 = fmul float %g134, 1.5e+00
  %g136 = fmul float %g135, 1.5e+00
  %g137 = fmul float %g136, 1.5e+00
  %g138 = fmul float %g137, 1.5e+00
  %g139 = fmul float %g138, 1.5e+00
  %g140 = fmul float %g139, 1.5e+00
  %g141 = fmul float %g140, 1.5e+00
  %g142 = fmul float %g141, 1.5e+00
  %g143 = fmul float %g142, 1.5e+00
  %g144 = fmul float %g143, 1.5e+00
  %g145 = fmul float %g144, 1.5e+00
  %g146 = fmul float %g145, 1.5e+00
  %g147 = fmul float %g146, 1.5e+00
  %g148 = fmul float %g147, 1.5e+00
  %g149 = fmul float %g148, 1.5e+00
  %g150 = fmul float %g149, 1.5e+00
  %g151 = fmul float %g150, 1.5e+00
  %g152 = fmul float %g151, 1.5e+00
  %g153 = fmul float %g152, 1.5e+00
  %g154 = fmul float %g153, 1.5e+00
  %g155 = fmul float %g154, 1.5e+00
  %g156 = fmul float %g155, 1.5e+00
  %g157 = fmul float %g156, 1.5e+00
  %g158 = fmul float %g157, 1.5e+00
  %g159 = fmul float %g158, 1.5e+00
  %g160 = fmul float %g159, 1.5e+00
  %g161 = fmul float %g160, 1.5e+00
  %g162 = fmul float %g161, 1.5e+00
  %g163 = fmul float %g162, 1.5e+00
  %g164 = fmul float %g163, 1.5e+00
  %g165 = fmul float %g164, 1.5e+00
  %g166 = fmul float %g165, 1.5e+00
  %g167 = fmul float %g166, 1.5e+00
  %g168 = fmul float %g167, 1.5e+00
  %g169 = fmul float %g168, 1.5e+00
  %g170 = fmul float %g169, 1.5e+00
  %g171 = fmul float %g170, 1.5e+00
  %g172 = fmul float %g171, 1.5e+00
  %g173 = fmul float %g172, 1.5e+00
  %g174 = fmul float %g173, 1.5e+00
  %g175 = fmul float %g174, 1.5e+00
  %g176 = fmul float %g175, 1.5e+00
  %g177 = fmul float %g176, 1.5e+00
  %g178 = fmul float %g177, 1.5e+00
  %g179 = fmul float %g178, 1.5e+00
  %g180 = fmul float %g179, 1.5e+00
  %g181 = fmul float %g180, 1.5e+00
  %g182 = fmul float %g181, 1.5e+00
  %g183 = fmul float %g182, 1.5e+00
  %g184 = fmul float %g183, 1.5e+00
  %g185 = fmul float %g184, 1.5e+00
  %g186 = fmul float %g185, 1.5e+00
  %g187 = fmul float %g186, 1.5e+00
  %g188 = fmul float %g187, 1.5e+00
  %g189 = fmul float %g188, 1.5e+00
  %g190 = fmul float %g189, 1.5e+00
  %g191 = fmul float %g190, 1.5e+00
  %g192 = fmul float %g191, 1.5e+00
  %g193 = fmul float %g192, 1.5e+00
  %g194 = fmul float %g193, 1.5e+00
  %g195 = fmul float %g194, 1.5e+00
  %g196 = fmul float %g195, 1.5e+00
  %g197 = fmul float %g196, 1.5e+00
  %g198 = fmul float %g197, 1.5e+00
  %g199 = fmul float %g198, 1.5e+00
  %j1 = add i32 %j, 1
  %cj = icmp slt i32 %j1, %n
  br i1 %cj, label %inner, label %outer.end
outer.end:
  %b.last = phi float [ %g199, %inner ]
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
  %e = phi float [ %acc, %outer ], [ %c199, %inner ]
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
  %c12 = fmul float %c11, 1.5e+00
  %c13 = fmul float %c12, 1.5e+00
  %c14 = fmul float %c13, 1.5e+00
  %c15 = fmul float %c14, 1.5e+00
  %c16 = fmul float %c15, 1.5e+00
  %c17 = fmul float %c16, 1.5e+00
  %c18 = fmul float %c17, 1.5e+00
  %c19 = fmul float %c18, 1.5e+00
  %c20 = fmul float %c19, 1.5e+00
  %c21 = fmul float %c20, 1.5e+00
  %c22 = fmul float %c21, 1.5e+00
  %c23 = fmul float %c22, 1.5e+00
  %c24 = fmul float %c23, 1.5e+00
  %c25 = fmul float %c24, 1.5e+00
  %c26 = fmul float %c25, 1.5e+00
  %c27 = fmul float %c26, 1.5e+00
  %c28 = fmul float %c27, 1.5e+00
  %c29 = fmul float %c28, 1.5e+00
  %c30 = fmul float %c29, 1.5e+00
  %c31 = fmul float %c30, 1.5e+00
  %c32 = fmul float %c31, 1.5e+00
  %c33 = fmul float %c32, 1.5e+00
  %c34 = fmul float %c33, 1.5e+00
  %c35 = fmul float %c34, 1.5e+00
  %c36 = fmul float %c35, 1.5e+00
  %c37 = fmul float %c36, 1.5e+00
  %c38 = fmul float %c37, 1.5e+00
  %c39 = fmul float %c38, 1.5e+00
  %c40 = fmul float %c39, 1.5e+00
  %c41 = fmul float %c40, 1.5e+00
  %c42 = fmul float %c41, 1.5e+00
  %c43 = fmul float %c42, 1.5e+00
  %c44 = fmul float %c43, 1.5e+00
  %c45 = fmul float %c44, 1.5e+00
  %c46 = fmul float %c45, 1.5e+00
  %c47 = fmul float %c46, 1.5e+00
  %c48 = fmul float %c47, 1.5e+00
  %c49 = fmul float %c48, 1.5e+00
  %c50 = fmul float %c49, 1.5e+00
  %c51 = fmul float %c50, 1.5e+00
  %c52 = fmul float %c51, 1.5e+00
  %c53 = fmul float %c52, 1.5e+00
  %c54 = fmul float %c53, 1.5e+00
  %c55 = fmul float %c54, 1.5e+00
  %c56 = fmul float %c55, 1.5e+00
  %c57 = fmul float %c56, 1.5e+00
  %c58 = fmul float %c57, 1.5e+00
  %c59 = fmul float %c58, 1.5e+00
  %c60 = fmul float %c59, 1.5e+00
  %c61 = fmul float %c60, 1.5e+00
  %c62 = fmul float %c61, 1.5e+00
  %c63 = fmul float %c62, 1.5e+00
  %c64 = fmul float %c63, 1.5e+00
  %c65 = fmul float %c64, 1.5e+00
  %c66 = fmul float %c65, 1.5e+00
  %c67 = fmul float %c66, 1.5e+00
  %c68 = fmul float %c67, 1.5e+00
  %c69 = fmul float %c68, 1.5e+00
  %c70 = fmul float %c69, 1.5e+00
  %c71 = fmul float %c70, 1.5e+00
  %c72 = fmul float %c71, 1.5e+00
  %c73 = fmul float %c72, 1.5e+00
  %c74 = fmul float %c73, 1.5e+00
  %c75 = fmul float %c74, 1.5e+00
  %c76 = fmul float %c75, 1.5e+00
  %c77 = fmul float %c76, 1.5e+00
  %c78 = fmul float %c77, 1.5e+00
  %c79 = fmul float %c78, 1.5e+00
  %c80 = fmul float %c79, 1.5e+00
  %c81 = fmul float %c80, 1.5e+00
  %c82 = fmul float %c81, 1.5e+00
  %c83 = fmul float %c82, 1.5e+00
  %c84 = fmul float %c83, 1.5e+00
  %c85 = fmul float %c84, 1.5e+00
  %c86 = fmul float %c85, 1.5e+00
  %c87 = fmul float %c86, 1.5e+00
  %c88 = fmul float %c87, 1.5e+00
  %c89 = fmul float %c88, 1.5e+00
  %c90 = fmul float %c89, 1.5e+00
  %c91 = fmul float %c90, 1.5e+00
  %c92 = fmul float %c91, 1.5e+00
  %c93 = fmul float %c92, 1.5e+00
  %c94 = fmul float %c93, 1.5e+00
  %c95 = fmul float %c94, 1.5e+00
  %c96 = fmul float %c95, 1.5e+00
  %c97 = fmul float %c96, 1.5e+00
  %c98 = fmul float %c97, 1.5e+00
  %c99 = fmul float %c98, 1.5e+00
  %c100 = fmul float %c99, 1.5e+00
  %c101 = fmul float %c100, 1.5e+00
  %c102 = fmul float %c101, 1.5e+00
  %c103 = fmul float %c102, 1.5e+00
  %c104 = fmul float %c103, 1.5e+00
  %c105 = fmul float %c104, 1.5e+00
  %c106 = fmul float %c105, 1.5e+00
  %c107 = fmul float %c106, 1.5e+00
  %c108 = fmul float %c107, 1.5e+00
  %c109 = fmul float %c108, 1.5e+00
  %c110 = fmul float %c109, 1.5e+00
  %c111 = fmul float %c110, 1.5e+00
  %c112 = fmul float %c111, 1.5e+00
  %c113 = fmul float %c112, 1.5e+00
  %c114 = fmul float %c113, 1.5e+00
  %c115 = fmul float %c114, 1.5e+00
  %c116 = fmul float %c115, 1.5e+00
  %c117 = fmul float %c116, 1.5e+00
  %c118 = fmul float %c117, 1.5e+00
  %c119 = fmul float %c118, 1.5e+00
  %c120 = fmul float %c119, 1.5e+00
  %c121 = fmul float %c120, 1.5e+00
  %c122 = fmul float %c121, 1.5e+00
  %c123 = fmul float %c122, 1.5e+00
  %c124 = fmul float %c123, 1.5e+00
  %c125 = fmul float %c124, 1.5e+00
  %c126 = fmul float %c125, 1.5e+00
  %c127 = fmul float %c126, 1.5e+00
  %c128 = fmul float %c127, 1.5e+00
  %c129 = fmul float %c128, 1.5e+00
  %c130 = fmul float %c129, 1.5e+00
  %c131 = fmul float %c130, 1.5e+00
  %c132 = fmul float %c131, 1.5e+00
  %c133 = fmul float %c132, 1.5e+00
  %c134 = fmul float %c133, 1.5e+00
  %c135 = fmul float %c134, 1.5e+00
  %c136 = fmul float %c135, 1.5e+00
  %c137 = fmul float %c136, 1.5e+00
  %c138 = fmul float %c137, 1.5e+00
  %c139 = fmul float %c138, 1.5e+00
  %c140 = fmul float %c139, 1.5e+00
  %c141 = fmul float %c140, 1.5e+00
  %c142 = fmul float %c141, 1.5e+00
  %c143 = fmul float %c142, 1.5e+00
  %c144 = fmul float %c143, 1.5e+00
  %c145 = fmul float %c144, 1.5e+00
  %c146 = fmul float %c145, 1.5e+00
  %c147 = fmul float %c146, 1.5e+00
  %c148 = fmul float %c147, 1.5e+00
  %c149 = fmul float %c148, 1.5e+00
  %c150 = fmul float %c149, 1.5e+00
  %c151 = fmul float %c150, 1.5e+00
  %c152 = fmul float %c151, 1.5e+00
  %c153 = fmul float %c152, 1.5e+00
  %c154 = fmul float %c153, 1.5e+00
  %c155 = fmul float %c154, 1.5e+00
  %c156 = fmul float %c155, 1.5e+00
  %c157 = fmul float %c156, 1.5e+00
  %c158 = fmul float %c157, 1.5e+00
  %c159 = fmul float %c158, 1.5e+00
  %c160 = fmul float %c159, 1.5e+00
  %c161 = fmul float %c160, 1.5e+00
  %c162 = fmul float %c161, 1.5e+00
  %c163 = fmul float %c162, 1.5e+00
  %c164 = fmul float %c163, 1.5e+00
  %c165 = fmul float %c164, 1.5e+00
  %c166 = fmul float %c165, 1.5e+00
  %c167 = fmul float %c166, 1.5e+00
  %c168 = fmul float %c167, 1.5e+00
  %c169 = fmul float %c168, 1.5e+00
  %c170 = fmul float %c169, 1.5e+00
  %c171 = fmul float %c170, 1.5e+00
  %c172 = fmul float %c171, 1.5e+00
  %c173 = fmul float %c172, 1.5e+00
  %c174 = fmul float %c173, 1.5e+00
  %c175 = fmul float %c174, 1.5e+00
  %c176 = fmul float %c175, 1.5e+00
  %c177 = fmul float %c176, 1.5e+00
  %c178 = fmul float %c177, 1.5e+00
  %c179 = fmul float %c178, 1.5e+00
  %c180 = fmul float %c179, 1.5e+00
  %c181 = fmul float %c180, 1.5e+00
  %c182 = fmul float %c181, 1.5e+00
  %c183 = fmul float %c182, 1.5e+00
  %c184 = fmul float %c183, 1.5e+00
  %c185 = fmul float %c184, 1.5e+00
  %c186 = fmul float %c185, 1.5e+00
  %c187 = fmul float %c186, 1.5e+00
  %c188 = fmul float %c187, 1.5e+00
  %c189 = fmul float %c188, 1.5e+00
  %c190 = fmul float %c189, 1.5e+00
  %c191 = fmul float %c190, 1.5e+00
  %c192 = fmul float %c191, 1.5e+00
  %c193 = fmul float %c192, 1.5e+00
  %c194 = fmul float %c193, 1.5e+00
  %c195 = fmul float %c194, 1.5e+00
  %c196 = fmul float %c195, 1.5e+00
  %c197 = fmul float %c196, 1.5e+00
  %c198 = fmul float %c197, 1.5e+00
  %c199 = fmul float %c198, 1.5e+00
  %j1 = add i32 %j, 1
  %cj = icmp slt i32 %j1, %n
  br i1 %cj, label %inner, label %outer.end
outer.end:
  %e.last = phi float [ %c199, %inner ]
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
