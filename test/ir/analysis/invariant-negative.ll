; Divisors that are NOT fixed for the launch stay as they are, each with a
; missed remark saying why; a kernel with nothing to do gets no clone.
; RUN: %opt -load-pass-plugin=%plugin -passes='magicdiv,verify' -S %s \
; RUN:   -pass-remarks-missed=magicdiv -pass-remarks-analysis=magicdiv -o %t.ll 2>%t.remarks
; RUN: %FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %FileCheck %s < %t.ll

target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, i32 }

; CHECK-NOT: __magicdiv
; REMARK-DAG: remark: {{.*}}udiv i32 left alone: divisor is loaded from memory behind a pointer argument (not a by-value struct)
; REMARK-DAG: remark: {{.*}}udiv i32 left alone: divisor depends on the thread or block index
; REMARK-DAG: remark: {{.*}}udiv i32 left alone: divisor is a PHI (differs across control flow)
; REMARK-DAG: remark: {{.*}}udiv i32 left alone: divisor is a field of a struct argument that the kernel writes or lets escape
; REMARK-DAG: remark: {{.*}}udiv i32 left alone: divisor comes from a call
; REMARK-DAG: remark: {{.*}}udiv i32 left alone: divisor is a volatile or atomic load
; REMARK-DAG: remark: {{.*}}udiv i32 left alone: divisor is loaded through a non-constant address
; REMARK-DAG: remark: {{.*}}udiv i32 by a compile-time constant left to LLVM
; REMARK-DAG: remark: {{.*}}magicdiv: vector urem <2 x i32> left alone: lane 0: divisor is a lane of a vector argument
; REMARK-DAG: remark: {{.*}}nvptx kernel 'written': no division by a launch-invariant divisor

define ptx_kernel void @memory(ptr %out, ptr %p, i32 %n) {
  %d = load i32, ptr %p, align 4
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

define ptx_kernel void @thread(ptr %out, i32 %n) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %d = add i32 %t, 1
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

define ptx_kernel void @phi(ptr %out, i32 %n, i32 %a, i32 %b, i1 %c) {
entry:
  br i1 %c, label %x, label %y
x:
  br label %y
y:
  %d = phi i32 [ %a, %entry ], [ %b, %x ]
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

; The kernel writes its by-value struct before dividing by a field.
define ptx_kernel void @written(ptr %out, ptr byval(%struct.S) align 4 %s, i32 %n) {
  store i32 7, ptr %s, align 4
  %d = load i32, ptr %s, align 4
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

define ptx_kernel void @call(ptr %out, i32 %n) {
  %d = call i32 @get()
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

define ptx_kernel void @volatile(ptr %out, ptr byval(%struct.S) align 4 %s, i32 %n) {
  %d = load volatile i32, ptr %s, align 4
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

define ptx_kernel void @varoffset(ptr %out, ptr byval(%struct.S) align 4 %s, i32 %n, i64 %i) {
  %p = getelementptr i32, ptr %s, i64 %i
  %d = load i32, ptr %p, align 4
  %q = udiv i32 %n, %d
  store i32 %q, ptr %out, align 4
  ret void
}

define ptx_kernel void @constant(ptr %out, i32 %n) {
  %q = udiv i32 %n, 1000
  store i32 %q, ptr %out, align 4
  ret void
}

define ptx_kernel void @vector(ptr %out, <2 x i32> %n, <2 x i32> %d) {
  %q = urem <2 x i32> %n, %d
  store <2 x i32> %q, ptr %out, align 8
  ret void
}

declare i32 @get()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
